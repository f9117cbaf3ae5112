import ArgumentParser
import FlowLayoutDocument
import FlowLayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowlayout session`: a long-lived layout driven by JSON Lines on stdin, one JSON answer line
/// per request on stdout (`docs/session.md`). A bad request is answered with `{"error": …}` and
/// the session goes on; it ends at the end of stdin.
struct SessionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "session",
    abstract: "Drive a live layout with JSON Lines requests on stdin (see docs/session.md).",
    discussion: """
      Requests: {"open": DOCUMENT}, {"apply": BATCH}, {"viewport": [x,y,w,h]}, \
      {"elements": [x,y,w,h]}, {"frame": [s,i]}, {"hitTest": [x,y]}, {"contentSize": null}. \
      One answer line per request; blank lines are skipped.
      """)

  @Option(name: .long, help: "The layout engine: 'fast' or 'reference'.")
  var engine: String = "fast"

  @Option(
    name: .long,
    help: "Answer a request line longer than this many bytes with an error (default 1 GiB).")
  var maxInputBytes: String?

  func run() throws {
    do throws(LayoutError) {
      let type = try LayoutCommand.engineType(named: engine)
      try Self.serve(type, maximumBytes: try DocumentInput.maximumBytes(maxInputBytes))
    } catch {
      LayoutCommand.reportError(error.description)
      throw ExitCode.failure
    }
  }

  /// Answers every line of stdin with engine `E`; a line longer than `maximumBytes` is
  /// answered with an error without being held in memory.
  ///
  /// - Throws: `.invalidDocument(field: "stdout", …)` when an answer cannot be written,
  ///   `field: "stdin"` when stdin cannot be read.
  static func serve<E: LayoutEngine>(_ type: E.Type, maximumBytes: Int) throws(LayoutError) {
    var session = LayoutSession<E>()
    var lines = LineInput(maximumBytes: maximumBytes)
    while let line = try lines.next() {
      let answer: String
      switch line {
      case .bytes(let line):
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        answer = session.answer(line)
      case .tooLong:
        answer = #"{"error":"request: longer than \#(maximumBytes) bytes (--max-input-bytes)"}"#
      }
      var bytes = Array(answer.utf8)
      bytes.append(UInt8(ascii: "\n"))
      if let failure = LayoutCommand.write(bytes, to: STDOUT_FILENO) {
        throw .invalidDocument(field: "stdout", reason: "cannot write: \(failure)")
      }
    }
  }
}
