import ArgumentParser
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowlayout layout`: reads a JSON layout document (`docs/layout-document.md`), lays it out,
/// applies its edits in order, and writes the layout as JSON on stdout.
///
/// Every failure (unreadable input, malformed JSON, a bad value, a bad `--engine` or `--rect`)
/// is exactly one line `flowlayout: error: <field>: <reason>` on stderr and exit status 1.
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Lay out a JSON layout document and write the layout as JSON.",
    discussion: """
      The document format and the output are described in docs/layout-document.md. The document's \
      edits are applied in order after the first layout; the output is the layout after the last \
      one. Errors are one line on stderr, naming the field, with exit status 1.

      Layout names ("layout"): \(LayoutDocument.layoutNames.joined(separator: ", ")).

      Edit keys (each entry of "edits"): \(LayoutDocument.editKeys.joined(separator: ", ")).
      """)

  @Option(name: .long, help: "The layout document (JSON). Reads stdin when omitted or '-'.")
  var input: String?

  @Option(name: .long, help: "The layout engine: 'fast' or 'reference'.")
  var engine: String = LayoutCommand.defaultEngine

  @Option(
    name: .long, parsing: .unconditional,
    help: "Keep only the elements intersecting the rect 'x,y,width,height'.")
  var rect: String?

  @Option(
    name: .long,
    help: "Refuse a document larger than this many bytes (default 1073741824, 1 GiB).")
  var maxInputBytes: String?

  @Flag(name: .long, help: "Write one element per line.")
  var pretty = false

  @Flag(
    name: .long,
    help: "Add the last batch's animations: one entry per element with a frame before or after it.")
  var transitions = false

  func run() throws {
    do throws(LayoutError) {
      let (output, note) = try layOut()
      var bytes = Array(output.json(pretty: pretty).utf8)
      bytes.append(UInt8(ascii: "\n"))
      if let failure = Self.write(bytes, to: STDOUT_FILENO) {
        throw LayoutError.invalidDocument(field: "stdout", reason: "cannot write: \(failure)")
      }
      Self.writeNote(note)
    } catch {
      Self.reportError(error.description)
      throw ExitCode.failure
    }
  }

  /// Reads the document, runs the chosen engine, and collects the output, with the note for
  /// item sizes the layout ignores (`LayoutDocument.ignoredItemSizesNote`).
  ///
  /// - Throws: `LayoutError` naming `--engine`, `--rect`, `--input` or a document field.
  func layOut() throws(LayoutError) -> (LayoutOutput, note: String?) {
    let engineType = try Self.engineType(named: engine)
    let rect = try rect.map { (text) throws(LayoutError) in try Self.parseRect(text) }
    let bytes = try DocumentInput.readDocument(
      input, maximumBytes: try DocumentInput.maximumBytes(maxInputBytes))
    let document = try LayoutDocument.decode(bytes)
    return (
      try Self.output(engineType, document, rect: rect, transitions: transitions),
      document.ignoredItemSizesNote
    )
  }

  /// Lays out `document` with engine `E` (`DocumentLayout.laidOut`: every edit in order, cells
  /// measured by the document's `cellSizing`, the scroll anchor held) and collects the output.
  ///
  /// - Throws: what the engine throws; an edit's error is prefixed `edits[k].`.
  static func output<E: PresentingLayoutEngine>(
    _ type: E.Type, _ document: LayoutDocument, rect: Rect?, transitions: Bool = false
  ) throws(LayoutError) -> LayoutOutput {
    guard transitions, let last = document.edits.last else {
      let live = try DocumentLayout<E>.laidOut(document)
      var output = LayoutOutput(
        layout: live.layout, rect: rect, presentation: presentation(document, live))
      if transitions { output.transitions = [] }
      return output
    }
    // The last batch's transitions: the layout before it, then after it.
    var earlier = document
    earlier.edits.removeLast()
    var live = try DocumentLayout<E>.laidOut(earlier)
    let before = live.engine
    let k = document.edits.count - 1
    do {
      let inserted = document.insertedCells.indices.contains(k) ? document.insertedCells[k] : []
      let editCells = document.editCells.indices.contains(k) ? document.editCells[k] : EditCells()
      try live.apply(last, insertedCells: inserted, editCells: editCells)
    } catch {
      throw error.prefixingField(with: "edits[\(k)].")
    }
    let presentation = presentation(document, live)
    var output = LayoutOutput(layout: live.layout, rect: rect, presentation: presentation)
    output.transitions = try LayoutTransition.transitions(
      from: before, to: live.engine, by: last, presentation: presentation)
    return output
  }

  /// The document's presentation, pinned to the live layout's viewport (the document's, moved by
  /// the scroll anchor through the edits) when it has one.
  static func presentation<E: LayoutEngine>(_ document: LayoutDocument, _ live: DocumentLayout<E>)
    -> Presentation
  {
    var presentation = document.presentation
    if let viewport = live.layout.viewport { presentation.viewport = viewport }
    return presentation
  }

  /// The engine `layout` and `render` use when `--engine` is not given.
  static let defaultEngine = FastFlowLayout.engineName

  /// The engines `--engine` chooses from, by `engineName`.
  static var engines: [any PresentingLayoutEngine.Type] {
    [FastFlowLayout.self, ReferenceFlowLayout.self]
  }

  /// - Throws: `.invalidDocument(field: "--engine", …)` for an unknown name.
  static func engineType(named name: String) throws(LayoutError)
    -> any PresentingLayoutEngine.Type
  {
    guard let type = engines.first(where: { $0.engineName == name }) else {
      let names = engines.map { $0.engineName }.joined(separator: ", ")
      throw .invalidDocument(
        field: "--engine", reason: "unknown engine \"\(name)\" (expected one of: \(names))")
    }
    return type
  }

  /// The largest magnitude `--rect` and `--viewport` accept for any of their numbers (10¹⁵:
  /// integers are exact there, and no layout of at most `LayoutLimits` reaches it).
  static let maximumCoordinate = 1e15

  /// Parses `x,y,width,height`: four finite numbers within ±`maximumCoordinate`, width and
  /// height ≥ 0.
  ///
  /// - Throws: `.invalidDocument(field: "--rect", …)`, echoing at most 64 characters of `text`.
  static func parseRect(_ text: String) throws(LayoutError) -> Rect {
    let shown = text.count > 64 ? "\(text.prefix(64))…" : text
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let values = parts.count == 4 ? parts.compactMap { Double($0.trimmingSpaces) } : []
    guard values.count == 4, values.allSatisfy(\.isFinite) else {
      throw .invalidDocument(
        field: "--rect", reason: "expected four finite numbers x,y,width,height, found \"\(shown)\""
      )
    }
    guard values.allSatisfy({ abs($0) <= maximumCoordinate }) else {
      throw .invalidDocument(
        field: "--rect",
        reason: "numbers must be within ±\(maximumCoordinate), found \"\(shown)\"")
    }
    guard values[2] >= 0, values[3] >= 0 else {
      throw .invalidDocument(
        field: "--rect", reason: "width and height must be >= 0, found \"\(shown)\"")
    }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  /// Writes all of `bytes` to the file descriptor `fd` (retrying short writes).
  ///
  /// - Returns: `nil` on success, else the system's reason.
  @discardableResult
  static func write(_ bytes: [UInt8], to fd: Int32) -> String? {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        // `write` alone would name this function: qualify the C library's by module.
        #if canImport(Glibc)
          let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        #elseif canImport(Darwin)
          let written = Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        offset += written
      }
      return nil
    }
  }

  /// Writes `flowlayout: error: <message>` as exactly one line on stderr.
  static func reportError(_ message: String) {
    var line = "flowlayout: error: "
    // The decoder's errors are already short (echoes cut); this bounds any other message.
    for (count, scalar) in message.unicodeScalars.enumerated() {
      if count == 600 {
        line += "…"
        break
      }
      // Control characters (e.g. a newline in a key) are escaped so the message stays one line.
      if scalar.value < 0x20 || scalar.value == 0x7F {
        line += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        line.unicodeScalars.append(scalar)
      }
    }
    line += "\n"
    write(Array(line.utf8), to: STDERR_FILENO)
  }

  /// Writes `flowlayout: note: <note>` as one line on stderr, after a command succeeded (an
  /// error stays the only line of a failed command); nothing for `nil`.
  static func writeNote(_ note: String?) {
    guard let note else { return }
    _ = write(Array("flowlayout: note: \(note)\n".utf8), to: STDERR_FILENO)
  }
}

extension Substring {
  /// This text without its leading and trailing spaces.
  var trimmingSpaces: Substring {
    var s = self
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return s
  }
}
