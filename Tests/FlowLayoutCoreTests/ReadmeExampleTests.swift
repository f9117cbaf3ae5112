import FlowLayoutCore
import FlowLayoutModel
import Foundation
import Testing

/// The README's Swift example (section "In Swift"), compiled and run here. The lines between
/// the `README example` markers must be the README's code block, line for line, less the
/// imports (checked by `theREADMEShowsThisExample`).
@Suite struct ReadmeExampleTests {
  @Test func theExampleRuns() throws {
    // README example: begin
    // A vertical Fiori flow, 375 pt wide: one section of 1 000 items that keep their own sizes.
    var configuration = LayoutConfiguration(variant: .vertical)
    configuration.estimatedItemSize = Size(width: 100, height: 80)
    let items = (0..<1_000).map { i in Size(width: Double(60 + i % 141), height: 80) }
    let input = LayoutInput(
      configuration: configuration, bounds: Size(width: 375, height: 812),
      sections: [SectionData(header: 44, items: items)])

    var layout = try FastFlowLayout(input)  // throws a LayoutError naming the bad field
    let visible = layout.elements(in: Rect(x: 0, y: 0, width: 375, height: 812))

    // UIKit batch semantics: deletions in before-indices, insertions in after-indices.
    try layout.apply(
      BatchUpdate(
        deleteItems: [ItemPath(0, 3)],
        insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(width: 120, height: 80))]))
    let frame = try layout.frame(ofItemAt: ItemPath(0, 500))
    print(layout.contentSize, visible.count, frame)
    // README example: end

    #expect(visible.first?.kind == .header)
    #expect(visible.count > 10)
    #expect(layout.input.sections[0].count == 1_000)
    #expect(frame.minY > 812)
    #expect(layout.contentSize.width == 375)
  }

  @Test func theREADMEShowsThisExample() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(
      contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = lines.firstIndex { $0.hasSuffix("// README example: begin") }!
    let end = lines.firstIndex { $0.hasSuffix("// README example: end") }!
    // The test's lines, less their 4 spaces of indentation.
    let example = lines[(begin + 1)..<end].map { $0.dropFirst(4) }.joined(separator: "\n")
    let block =
      "```swift\nimport FlowLayoutCore\nimport FlowLayoutModel\n\n" + example + "\n```"
    #expect(readme.contains(block), "README.md must hold, verbatim:\n\(block)")
  }
}
