import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import Foundation
import Testing

/// `flowlayout render` as a subprocess (`FlowLayoutBinary`, in FlowLayoutTestSupport).
@Suite(
  .enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build` first"))
struct RenderCommandTests {
  static let valid = #"{"layout": "vertical", "width": 375, "sections": [{"items": [[10, 10]]}]}"#

  @Test(arguments: [
    (["render", "--engine", "quick"], "--engine"),
    (["render", "--viewport", "1,2,3"], "--viewport"),
    (["render", "--viewport", "0,0,-1,5"], "--viewport"),
    (["render", "--input", "/nonexistent/doc.json"], "--input"),
  ])
  func badOptionsAreOneLineAndExitStatus1(arguments: [String], field: String) throws {
    let run = try FlowLayoutBinary.run(arguments, stdin: Self.valid)
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines.count == 1, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("flowlayout: error: \(field): "), "\(run.stderr)")
  }

  @Test func badCellIsOneLineNamingItsField() throws {
    let document =
      #"{"layout": "vertical", "width": 375, "sections": [{"items": [{"type": "object"}]}]}"#
    let run = try FlowLayoutBinary.run(["render"], stdin: document)
    #expect(run.status == 1)
    #expect(
      run.stderr.hasPrefix("flowlayout: error: sections[0].items[0].title: "), "\(run.stderr)")
  }

  @Test(.enabled(if: EngineAvailability.reference, "the reference engine is still a stub"))
  func unwritableOutputIsOneLine() throws {
    let run = try FlowLayoutBinary.run(
      ["render", "--output", "/nonexistent/dir/x.svg"], stdin: Self.valid)
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("flowlayout: error: --output: "), "\(run.stderr)")
    let full = try FlowLayoutBinary.run(["render", "--output", "/dev/full"], stdin: Self.valid)
    #expect(full.status == 1)
    #expect(full.stderr.hasPrefix("flowlayout: error: --output: "), "\(full.stderr)")
  }

  /// Every cells example renders to well-formed SVG with one cell element per visible item of
  /// the layout after the document's edits.
  @Test(.enabled(if: EngineAvailability.reference, "the reference engine is still a stub"))
  func everyCellsExampleRendersOneCellPerVisibleItem() throws {
    let names = try FlowLayoutBinary.examples(malformed: false).map(\.lastPathComponent)
      .filter { $0.hasPrefix("cells-") }
    #expect(!names.isEmpty)
    for name in names {
      let path = FlowLayoutBinary.root.path + "/examples/" + name
      let run = try FlowLayoutBinary.run(["render", "--engine", "reference", "--input", path])
      #expect(run.status == 0, "\(name): \(run.stderr)")
      let svg = SVGInspector(run.stdout)
      #expect(svg.error == nil, "\(name)")
      let document = try LayoutDocument.decode(
        Array(try Data(contentsOf: URL(fileURLWithPath: path))))
      var layout = try ReferenceFlowLayout(document.input)
      for edit in document.edits { try layout.apply(edit) }
      let visible = layout.allElements.filter { $0.kind == .item }
      #expect(svg.cellPaths == visible.map { "\($0.path.section).\($0.path.item)" }, "\(name)")
      #expect(!svg.cellTypes.contains("invalid"), "\(name)")
      #expect(svg.classes.filter { $0 == "viewport" }.count == 1, "\(name)")
    }
  }

  /// Characters XML 1.0 forbids, in cell text (JSON escapes) and in --titles, do not break the
  /// SVG (issue 11): they are drawn as U+FFFD and the output parses.
  @Test func forbiddenCharactersStillGiveXML() throws {
    let document = #"""
      {"layout": "vertical", "width": 375, "estimatedItemSize": [300, 80],
        "sections": [{"header": 40, "items": [
        {"type": "object", "title": "Pump\u0001", "subtitle": "\uFFFE\u001F"}]}]}
      """#
    let run = try FlowLayoutBinary.run(["render", "--titles", "Parts\u{2}\u{FFFF}"], stdin: document)
    #expect(run.status == 0, "\(run.stderr)")
    let svg = SVGInspector(run.stdout)
    #expect(svg.error == nil, "\(String(describing: svg.error))")
    #expect(svg.texts.contains("Parts\u{FFFD}\u{FFFD}"), "\(svg.texts)")
    #expect(svg.texts.contains { $0.hasPrefix("Pump\u{FFFD}") }, "\(svg.texts)")
  }
}
