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

  func run() throws {
    do throws(LayoutError) {
      let type = try LayoutCommand.engineType(named: engine)
      try Self.serve(type)
    } catch {
      LayoutCommand.reportError(error.description)
      throw ExitCode.failure
    }
  }

  /// Answers every line of stdin with engine `E`.
  ///
  /// - Throws: `.invalidDocument(field: "stdout", …)` when an answer cannot be written.
  static func serve<E: LayoutEngine>(_ type: E.Type) throws(LayoutError) {
    var session = LayoutSession<E>()
    while let line = readLine(strippingNewline: true) {
      if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
      var bytes = Array(session.answer(line.utf8).utf8)
      bytes.append(UInt8(ascii: "\n"))
      if let failure = LayoutCommand.write(bytes, to: STDOUT_FILENO) {
        throw .invalidDocument(field: "stdout", reason: "cannot write: \(failure)")
      }
    }
  }
}
