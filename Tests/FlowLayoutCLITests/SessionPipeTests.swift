import FlowLayoutCore
import FlowLayoutDocument
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
  /// A running `flowlayout session` and the pipes of its stdin and stdout.
  static func startSession() throws -> (Process, input: Pipe, output: Pipe) {
    let process = Process()
    process.executableURL = FlowLayoutBinary.url
    process.arguments = ["session"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    return (process, input, output)
  }

  @Test func aSessionWidensItsInputPipe() throws {
    #if os(Linux)
      let (process, input, output) = try Self.startSession()
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

  /// A line that arrives in pieces (reads shorter than the session's chunk that end mid-line,
  /// after full ones: `RequestInput` reads each chunk over the last one's bytes) is read whole,
  /// and the lines after it too: the answers are the in-process session's.
  @Test func aLineArrivingInPiecesIsReadWhole() throws {
    #if os(Linux)
      var items: [String] = []
      for i in 0..<12_000 { items.append("[\(40 + i % 97),\(30 + i % 53)]") }
      let open =
        #"{"open":{"layout":"horizontalFlow","width":375,"sections":[{"items":["#
        + items.joined(separator: ",") + "]}]}}"
      let lines = [open, #"{"contentSize":null}"#, #"{"elements":[0,0,375,400]}"#]
      var inProcess = LayoutSession<FastFlowLayout>()
      let expected = lines.map { inProcess.answer(Array($0.utf8)) }
      #expect(expected[0].hasPrefix(#"{"contentSize""#))
      let (process, input, output) = try Self.startSession()
      defer {
        if process.isRunning { process.terminate() }
      }
      let writer = input.fileHandleForWriting
      let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
      // A full chunk and more first, then pieces of 700 bytes, each left to be read alone.
      var offset = 0
      for size in [65_636] + Array(repeating: 700, count: 30) + [bytes.count] {
        let end = min(offset + size, bytes.count)
        writer.write(Data(bytes[offset..<end]))
        offset = end
        usleep(1_000)
      }
      try writer.close()
      let answers = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      #expect(answers.split(separator: "\n").map(String.init) == expected)
    #endif
  }
}
