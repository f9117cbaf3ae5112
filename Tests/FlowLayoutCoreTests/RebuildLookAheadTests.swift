import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A section rebuild merges the front items a page's predecessor's last line takes onto that
/// page first, found by looking ahead (`FastFlowLayout.itemsJoiningLastLine`), instead of
/// moving them out of the merged page: the same layout as the page-by-page edits and a fresh
/// layout, with look-ahead work (`rebuildItemsLookedAhead`) bounded by the pages and the
/// items that join.
@Suite("Section rebuild look-ahead")
struct RebuildLookAheadTests {
  /// Three sections as `SectionRebuildTests.input`, the long one of `count` narrow items
  /// (widths 1–6 on lines about 300 wide: 40 to 100 items a line, so that more than the first
  /// look of 8, and more than 32, join a page's last line).
  static func narrowInput(count: Int, seed: UInt64, variant: LayoutVariant) -> LayoutInput {
    var sizes = SplitMix64(seed: seed)
    let narrow = (0..<count).map { _ in
      Size(width: Double(1 + sizes.nextInt(below: 6)), height: Double(20 + sizes.nextInt(below: 30)))
    }
    return TestInputs.ownSizes(
      [sizes.mixedSizes(12), narrow, sizes.mixedSizes(30)], variant: variant)
  }

  /// Work bound: at most 8 + 32 + … a boundary, each look past the first four times the last,
  /// taken only when every item looked at joined: ≤ 11 per boundary checked + 6 per item
  /// that joined.
  static func expectBoundedLookAhead(
    _ lookedAhead: Int, _ c: WorkCounters, _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(lookedAhead > 0, "\(note) \(c)", sourceLocation: sourceLocation)
    #expect(
      lookedAhead <= 11 * c.pageBoundariesChecked + 6 * c.itemsPaged,
      "\(note) \(lookedAhead) \(c)", sourceLocation: sourceLocation)
  }

  /// Narrow items: many join each page's predecessor (the look-ahead grows), and the rebuild
  /// (one thread and two) equals the page-by-page edits and a fresh layout.
  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical])
  func manyItemsJoinAcrossPages(variant: LayoutVariant) throws {
    let input = Self.narrowInput(count: 40_000, seed: 7, variant: variant)
    let (filter, restore) = SectionRebuildTests.filterAndRestore(input, every: 2, seed: 3)
    for threading in [LayoutThreading(threads: 2), .off] {
      var (rebuilds, pageByPage) = try SectionRebuildTests.engines(
        input, threading: threading, rebuildItems: 4_096)
      guard Page.isPaged(under: rebuilds.rules(ofSection: 1)) else { return }
      for (name, batch) in [("filter", filter), ("restore", restore)] {
        let note = "\(variant) \(threading.threads) \(name)"
        rebuilds.resetWorkCounters()
        let before = rebuilds.rebuildItemsLookedAhead
        try rebuilds.apply(batch)
        try pageByPage.apply(batch)
        let c = rebuilds.workCounters
        let lookedAhead = rebuilds.rebuildItemsLookedAhead - before
        #expect(c.sectionsRebuilt == 1, "\(note) \(c)")
        // More than the first look's 8 items joined, on average, a page boundary moved.
        #expect(c.itemsPaged > 8 * c.pageBoundariesMoved, "\(note) \(c)")
        Self.expectBoundedLookAhead(lookedAhead, c, note)
        try SectionRebuildTests.expectSame(rebuilds, pageByPage, note)
      }
    }
  }

  /// Mixed sizes at 10× the items: the look-ahead per page boundary stays within its bound
  /// (it grows with the pages, not with the items a page holds or the section's length).
  @Test func lookAheadScalesWithPages() throws {
    var perBoundary: [Double] = []
    for count in [20_000, 200_000] {
      let input = SectionRebuildTests.input(count: count, seed: 12)
      let (filter, restore) = SectionRebuildTests.filterAndRestore(input, every: 2, seed: 8)
      var (rebuilds, _) = try SectionRebuildTests.engines(
        input, threading: .off, rebuildItems: 4_096)
      for batch in [filter, restore] {
        rebuilds.resetWorkCounters()
        let before = rebuilds.rebuildItemsLookedAhead
        try rebuilds.apply(batch)
        let c = rebuilds.workCounters
        let lookedAhead = rebuilds.rebuildItemsLookedAhead - before
        #expect(c.sectionsRebuilt == 1, "\(count) \(c)")
        Self.expectBoundedLookAhead(lookedAhead, c, "\(count)")
        perBoundary.append(Double(lookedAhead) / Double(c.pageBoundariesChecked))
      }
    }
    // Lines of a few mixed items: one look of 8 a boundary, nearly always.
    for ratio in perBoundary { #expect(ratio >= 8 && ratio < 9, "\(perBoundary)") }
  }
}
