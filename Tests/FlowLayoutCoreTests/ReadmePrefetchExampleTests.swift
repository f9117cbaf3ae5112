import FlowLayoutCore
import FlowLayoutModel
import Foundation
import Testing

/// The README's prefetch example, which continues its scroll example: compiled and run here on
/// the same layout; the lines between the markers must be the README's code block, line for
/// line (checked by `theREADMEShowsThisExample`).
@Suite struct ReadmePrefetchExampleTests {
  @Test func theExampleRuns() throws {
    var configuration = LayoutConfiguration(variant: .vertical)
    configuration.estimatedItemSize = Size(width: 100, height: 80)
    let input = LayoutInput(
      configuration: configuration, bounds: Size(width: 375, height: 812),
      sections: [SectionData(items: Array(repeating: Size(width: 100, height: 80), count: 1_000))])
    var live = try SelfSizingLayout<FastFlowLayout>(
      input, estimatedItems: [ItemIndexSet(0..<1_000)],
      viewport: Rect(x: 0, y: 0, width: 375, height: 812))
    try live.scroll(
      to: ItemPath(0, 700), position: .center,
      insets: EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
    ) { path in Size(width: 100 + Double(path.item % 7) * 20, height: 120) }

    // README prefetch example: begin
    // Continuing the example above: the viewport flung down at 2 400 pt/s.
    let fling = try live.engine.prefetchRanges(
      viewport: live.viewport!, velocity: Point(x: 0, y: 2_400))
    print(fling)  // [[0, first, end]]: from half a screen above to one screen below
    // README prefetch example: end

    // One range around item 700, reaching 406 pt above the viewport and 812 pt below it.
    let viewport = try #require(live.viewport)
    #expect(fling.count == 1 && fling[0].section == 0 && fling[0].items.contains(700))
    let first = try live.engine.frame(ofItemAt: ItemPath(0, fling[0].items.lowerBound))
    let last = try live.engine.frame(ofItemAt: ItemPath(0, fling[0].items.upperBound - 1))
    #expect(first.maxY > viewport.minY - 406 && first.minY < viewport.minY)
    #expect(last.minY < viewport.maxY + 812 && last.maxY > viewport.maxY + 600)
  }

  @Test func theREADMEShowsThisExample() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = lines.firstIndex { $0.hasSuffix("// README prefetch example: begin") }!
    let end = lines.firstIndex { $0.hasSuffix("// README prefetch example: end") }!
    let example = lines[(begin + 1)..<end].map { $0.dropFirst(4) }.joined(separator: "\n")
    #expect(readme.contains("```swift\n" + example + "\n```"), "README.md must hold:\n\(example)")
  }
}
