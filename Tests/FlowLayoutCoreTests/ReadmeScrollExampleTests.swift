import FlowLayoutCore
import FlowLayoutModel
import Foundation
import Testing

/// The README's scroll-to-an-item example (section "In Swift") and the prefetch example that
/// continues it, compiled and run here; the lines between each pair of markers must be the
/// README's code block, line for line, less the scroll example's imports (checked by
/// `theREADMEShowsThisExample`).
@Suite struct ReadmeScrollExampleTests {
  @Test func theExampleRuns() throws {
    // README scroll example: begin
    // 1 000 items whose sizes are only estimated (a feed before its cells are measured).
    var configuration = LayoutConfiguration(variant: .vertical)
    configuration.estimatedItemSize = Size(width: 100, height: 80)
    let input = LayoutInput(
      configuration: configuration, bounds: Size(width: 375, height: 812),
      sections: [SectionData(items: Array(repeating: Size(width: 100, height: 80), count: 1_000))])
    var live = try SelfSizingLayout<FastFlowLayout>(
      input, estimatedItems: [ItemIndexSet(0..<1_000)],
      viewport: Rect(x: 0, y: 0, width: 375, height: 812))

    // Item 700 centred below a 44 pt toolbar: the items the destination shows are measured on
    // the way (here by a closure giving each one's real size), so the offset is final.
    let toolbar = EdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
    try live.scroll(to: ItemPath(0, 700), position: .center, insets: toolbar) { path in
      Size(width: 100 + Double(path.item % 7) * 20, height: 120)
    }
    let frame = try live.engine.frame(ofItemAt: ItemPath(0, 700))
    print(live.contentOffset!, frame)  // the item's middle at 44 + (812 − 44)/2 below the offset
    // README scroll example: end

    let offset = try #require(live.contentOffset)
    #expect(abs(frame.minY + frame.height / 2 - (offset.y + 44 + (812 - 44) / 2)) < 1e-9)
    #expect(!live.isEstimated(ItemPath(0, 700)))
    // A second scroll to the same item moves 0 and measures nothing.
    let applied = live.measurementsApplied
    try live.scroll(to: ItemPath(0, 700), position: .center, insets: toolbar) { _ in
      Issue.record("measured again")
      return Size(width: 1, height: 1)
    }
    #expect(live.contentOffset == offset && live.measurementsApplied == applied)
    // Every item the viewport meets is measured.
    for element in live.engine.elements(in: live.viewport!) where element.kind == .item {
      #expect(!live.isEstimated(element.path))
    }

    // README prefetch example: begin
    // Continuing the example above: the viewport flung down at 2 400 pt/s.
    let fling = try live.engine.prefetchRanges(
      viewport: live.viewport!, velocity: Point(x: 0, y: 2_400))
    print(fling)  // [[0, first, end]]: from half a screen above to one screen below
    // README prefetch example: end

    // One range around item 700, from within 406 pt above the viewport to 812 pt below it.
    let viewport = try #require(live.viewport)
    #expect(fling.count == 1 && fling[0].section == 0 && fling[0].items.contains(700))
    let first = try live.engine.frame(ofItemAt: ItemPath(0, fling[0].items.lowerBound))
    let last = try live.engine.frame(ofItemAt: ItemPath(0, fling[0].items.upperBound - 1))
    #expect(first.maxY > viewport.minY - 406 && first.minY < viewport.minY)
    #expect(last.minY < viewport.maxY + 812 && last.maxY > viewport.maxY + 600)
  }

  @Test func theREADMEShowsThisExample() throws {
    let (block, found) = try ReadmeBlock.check(marker: "README scroll example")
    #expect(found, "README.md must hold, verbatim:\n\(block)")
    // The prefetch example continues it, in a block of its own.
    let (prefetch, prefetchFound) = try ReadmeBlock.check(marker: "README prefetch example")
    #expect(prefetchFound, "README.md must hold, verbatim:\n\(prefetch)")
  }
}
