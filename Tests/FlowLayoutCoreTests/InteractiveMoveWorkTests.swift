import FlowLayoutModel
import Testing

@testable import FlowLayoutCore

/// A pointer move during a drag does work independent of the item count: one single-item move
/// (a few lines re-broken, O(log) tree nodes written) and rect queries near the pointer; the
/// work counters of a step are bounded by a page's worth at 4 000 and at 400 000 items.
@Suite struct InteractiveMoveWorkTests {
  /// The most work of any of 200 pointer moves around the middle of a `mixed`-like section of
  /// `n` items: each counter's maximum over the steps.
  static func stepWork(items n: Int) throws -> (WorkCounters, moves: Int) {
    var random = SplitMix64(seed: 11)
    let sizes = (0..<n).map { _ in
      Size(width: random.nextDouble(in: 60...200), height: random.nextDouble(in: 40...120))
    }
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.estimatedItemSize = Size(width: 100, height: 80)
    var layout = try FastFlowLayout(
      LayoutInput(
        configuration: configuration, bounds: Size(width: 375, height: 812),
        sections: [SectionData(items: sizes)]))
    layout.prepareForEdits()
    var drag = try InteractiveMove(beginningAt: ItemPath(0, n / 2), in: layout)
    let start = drag.pointer
    var worst = WorkCounters()
    for step in 0..<200 {
      let p = Point(
        x: start.x + Double(step % 9) * 40 - 160, y: start.y + Double(step % 13) * 60 - 360)
      layout.resetWorkCounters()
      try drag.update(to: p, in: &layout)
      let c = layout.workCounters
      worst.linesRebroken = max(worst.linesRebroken, c.linesRebroken)
      worst.itemsPositioned = max(worst.itemsPositioned, c.itemsPositioned)
      worst.offsetTreeNodesWritten = max(worst.offsetTreeNodesWritten, c.offsetTreeNodesWritten)
      worst.lineEntriesRebuilt = max(worst.lineEntriesRebuilt, c.lineEntriesRebuilt)
      worst.lineStartsRenumbered = max(worst.lineStartsRenumbered, c.lineStartsRenumbered)
      worst.sectionsLaidOut = max(worst.sectionsLaidOut, c.sectionsLaidOut)
      worst.itemsPaged = max(worst.itemsPaged, c.itemsPaged)
      worst.itemsSpliced = max(worst.itemsSpliced, c.itemsSpliced)
      worst.pageTreeNodesWritten = max(worst.pageTreeNodesWritten, c.pageTreeNodesWritten)
    }
    return (worst, drag.movesApplied)
  }

  @Test("a pointer move's work does not grow with the item count")
  func stepWorkIsIndependentOfN() throws {
    let small = try Self.stepWork(items: 4_000)
    let large = try Self.stepWork(items: 400_000)
    print("drag step work, 4 000 items: \(small.0) (\(small.moves) moves); 400 000: \(large.0) (\(large.moves) moves)")
    #expect(small.moves > 50 && large.moves > 50)
    // Nothing section-wide: at most the two pages the item leaves and joins (a page holds at
    // most 2 × 512 items) are spliced and their lines renumbered, whatever n; the page trees
    // are written along O(log p) paths.
    let page = 2 * 512
    for worst in [small.0, large.0] {
      #expect(worst.sectionsLaidOut == 0 && worst.linesRebroken <= 64)
      #expect(worst.itemsSpliced <= 2 * page && worst.itemsPaged <= 2 * page)
      #expect(worst.lineEntriesRebuilt <= 2 * page && worst.lineStartsRenumbered <= 2 * page)
    }
    #expect(large.0.pageTreeNodesWritten <= 4 * small.0.pageTreeNodesWritten)
    #expect(large.0.offsetTreeNodesWritten <= 4 * small.0.offsetTreeNodesWritten + 64)
  }
}
