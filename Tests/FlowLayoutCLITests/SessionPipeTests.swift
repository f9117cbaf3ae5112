import FlowLayoutTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `flowlayout session` on a pipe asks for a 1 MiB pipe (`RequestInput.widenPipe`): a client
/// writing a large batch line waits for the session every 1 MiB, not every 64 KiB.
@Suite(
  .enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build` first"))
struct SessionPipeTests {
  @Test func aSessionWidensItsInputPipe() throws {
    #if os(Linux)
      let process = Process()
      process.executableURL = FlowLayoutBinary.url
      process.arguments = ["session"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      defer {
        if process.isRunning { process.terminate() }
      }
      let getPipeSize: Int32 = 1032  // F_GETPIPE_SZ (Linux)
      let writer = input.fileHandleForWriting
      // Answered: the session read its first line, so it has widened the pipe by now (a pipe
      // starts at 64 KiB).
      writer.write(Data(#"{"contentSize": null}"#.utf8 + [0x0A]))
      let answer = output.fileHandleForReading.availableData
      #expect(!answer.isEmpty)
      #expect(fcntl(writer.fileDescriptor, getPipeSize) == 1 << 20)
      try writer.close()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    #endif
  }
}
