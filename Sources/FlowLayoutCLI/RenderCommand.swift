import ArgumentParser
import FioriCells
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowlayout render`: lays out a JSON layout document and draws it as SVG (docs/cells.md,
/// "Pictures"): Fiori cells, plain size items, headers with "See All (N)", footers, the viewport.
///
/// The picture shows the layout after the document's edits (cells move with their items;
/// inserted items are drawn as plain sizes). Errors are one line on stderr with exit status 1,
/// as for `flowlayout layout`.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Lay out a JSON layout document and draw it as SVG.",
    discussion: """
      Draws every visible element of the layout after the document's edits, and outlines the \
      viewport (default: the bounds at the origin, 0,0,width,height). Convert to PNG with \
      rsvg-convert. See docs/cells.md.
      """)

  @Option(name: .long, help: "The layout document (JSON). Reads stdin when omitted or '-'.")
  var input: String?

  @Option(
    name: .long,
    help: "Refuse a document larger than this many bytes (default 1073741824, 1 GiB).")
  var maxInputBytes: String?

  @Option(name: .long, help: "The SVG file to write. Writes stdout when omitted or '-'.")
  var output: String?

  @Option(name: .long, help: "The layout engine: 'fast' or 'reference'.")
  var engine: String = LayoutCommand.defaultEngine

  @Option(
    name: .long, parsing: .unconditional,
    help: """
      The viewport rect 'x,y,width,height': outlined, used for pinning, and the SVG is cropped \
      to it plus --crop-margin (default: the document's viewport, else 0,0,width,height; \
      not cropped).
      """)
  var viewport: String?

  @Option(name: .long, help: "Points of content shown around a --viewport crop.")
  var cropMargin: Double = 24

  @Option(
    name: .long, help: "Header labels, one per section, separated by '|' (default 'Section s').")
  var titles: String?

  func run() throws {
    do {
      let (svg, note) = try render()
      try Self.write(svg, to: output)
      LayoutCommand.writeNote(note)
    } catch {
      LayoutCommand.reportError(error.description)
      throw ExitCode.failure
    }
  }

  /// Reads the document, lays it out with the chosen engine, and draws it; with the note for
  /// item sizes the layout ignores (`LayoutDocument.ignoredItemSizesNote`).
  ///
  /// - Throws: `LayoutError` naming `--engine`, `--viewport`, `--input` or a document field.
  func render() throws(LayoutError) -> (String, note: String?) {
    let engineType = try LayoutCommand.engineType(named: engine)
    let viewport = try viewport.map { (text) throws(LayoutError) in try Self.parseViewport(text) }
    let bytes = try DocumentInput.readDocument(
      input, maximumBytes: try DocumentInput.maximumBytes(maxInputBytes))
    let document = try LayoutDocument.decode(bytes)
    let headerTitles = titles.map {
      $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
    guard cropMargin.isFinite, cropMargin >= 0, cropMargin <= LayoutLimits.maximumLength else {
      throw .invalidDocument(
        field: "--crop-margin", reason: "expected a finite number >= 0, found \(cropMargin)")
    }
    let svg = try Self.render(
      engineType, document, viewport: viewport, titles: headerTitles,
      cropMargin: viewport == nil ? nil : cropMargin)
    return (svg, document.ignoredItemSizesNote)
  }

  /// Parses `x,y,width,height` as `--rect` does, then checks it as a document's `viewport`
  /// (width and height at most `LayoutLimits.maximumLength`).
  ///
  /// - Throws: `.invalidDocument(field: "--viewport", …)`; `.invalidNumber` naming
  ///   `--viewport.width` or `--viewport.height`.
  static func parseViewport(_ text: String) throws(LayoutError) -> Rect {
    let rect: Rect
    do {
      rect = try LayoutCommand.parseRect(text)
    } catch {
      guard case .invalidDocument(_, let reason) = error else { throw error }
      throw .invalidDocument(field: "--viewport", reason: reason)
    }
    try LayoutValidation.viewport(rect, field: "--viewport")
    return rect
  }

  /// Lays out `document` with engine `E`, applies its edits, and draws every visible element.
  ///
  /// - Throws: what the engine throws, edit fields prefixed `edits[k].`.
  /// The layout is drawn as presented (`document.presentation`, its viewport replaced by
  /// `viewport` when given): pinned headers and footers where they are pinned (drawn last, over
  /// the items), right-to-left mirrored, snapped. With `cropMargin`, only the viewport grown by
  /// it is drawn, from a presented rect query (the SVG's size depends on the viewport, not on
  /// the document).
  static func render<E: PresentingLayoutEngine>(
    _ type: E.Type, _ document: LayoutDocument, viewport: Rect?, titles: [String]?,
    cropMargin: Double? = nil
  ) throws(LayoutError) -> String {
    let live = try DocumentLayout<E>.laidOut(document)
    let layout = live.engine
    let cells = live.cells.array
    let bounds = layout.input.bounds
    var presentation = document.presentation
    if let viewport { presentation.viewport = viewport }
    let shown =
      presentation.viewport ?? Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
    let crop = cropMargin.map { m in
      Rect(
        x: shown.minX - m, y: shown.minY - m, width: shown.width + 2 * m,
        height: shown.height + 2 * m)
    }
    let presented =
      crop.map { layout.presentedElements(in: $0, presentation: presentation) }
      ?? layout.allPresentedElements(presentation)
    // Pinned headers and footers float over the items: drawn last.
    let elements =
      presented.filter { !$0.isPinned }.map(\.element)
      + presented.filter(\.isPinned).map(\.element)
    return SVGRenderer(layoutDirection: presentation.layoutDirection).render(
      elements: elements, contentSize: layout.presentedContentSize(presentation),
      sections: layout.input.sections, columns: cells, viewport: shown, headerTitles: titles,
      crop: crop)
  }

  /// Writes `svg` to the file at `path`, or stdout when `path` is `nil` or `-`.
  ///
  /// - Throws: `.invalidDocument(field: "--output" or "stdout", …)` with the system's reason.
  static func write(_ svg: String, to path: String?) throws(LayoutError) {
    guard let path, path != "-" else {
      if let failure = LayoutCommand.write(Array(svg.utf8), to: STDOUT_FILENO) {
        throw .invalidDocument(field: "stdout", reason: "cannot write: \(failure)")
      }
      return
    }
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else {
      throw .invalidDocument(
        field: "--output", reason: "cannot write \"\(path)\": \(String(cString: strerror(errno)))")
    }
    let failure = LayoutCommand.write(Array(svg.utf8), to: fd)
    let closed = close(fd) == 0 ? nil : String(cString: strerror(errno))
    if let reason = failure ?? closed {
      throw .invalidDocument(field: "--output", reason: "cannot write \"\(path)\": \(reason)")
    }
  }
}
