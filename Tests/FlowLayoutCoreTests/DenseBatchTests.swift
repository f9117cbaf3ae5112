import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A batch whose edits touch nearly every line of a long section (a search filter deleting a
/// seeded half of its items, then the restore inserting them back) lays each touched page out
/// once by the full-layout pass, not region by region (work counters, never a clock): the
/// work is O(section size) once, and the result is a fresh layout's.
@Suite("Dense batches")
struct DenseBatchTests {
  /// A seeded half of section 0's `count` items: the filter (deletions) and the restore
  /// (the same items inserted back with their sizes).
  static func filterAndRestore(_ items: [Size], seed: UInt64) -> (BatchUpdate, BatchUpdate) {
    var rng = SplitMix64(seed: seed)
    var filter = BatchUpdate()
    var restore = BatchUpdate()
    for (i, size) in items.enumerated() where rng.next() & 1 == 0 {
      filter.deleteItems.append(ItemPath(0, i))
      restore.insertItems.append(ItemInsertion(at: ItemPath(0, i), size: size))
    }
    return (filter, restore)
  }

  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical, .uikitFlow])
  func filterAndRestoreLayEachPageOutOnce(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 33)
    let items = sizes.mixedSizes(100_000)
    var engine = try FastFlowLayout(TestInputs.ownSizes([items], variant: variant))
    engine.prepareForEdits()
    guard SectionLayout.isPaged(under: engine.rules) else { return }
    let pages = engine.pages.count
    #expect(pages > 50)
    let (filter, restore) = Self.filterAndRestore(items, seed: 7)
    for (batch, count) in [
      (filter, items.count - filter.deleteItems.count), (restore, items.count),
    ] {
      engine.resetWorkCounters()
      try engine.apply(batch)
      let c = engine.workCounters
      // Every page is touched: each is laid out once (the section's lines broken once, plus
      // the page boundaries' repair), never re-broken region by region.
      #expect(c.sectionsLaidOut >= pages / 2 && c.sectionsLaidOut <= pages + 2, "\(c)")
      let lines = engine.pages.indices.reduce(0) { total, p in
        guard case .table(let t) = engine.pages[p].lines else { return total }
        return total + t.lineCount
      }
      #expect(c.linesRebroken <= lines + 4 * pages, "\(c)")
      // The boundaries' repair renumbers the lines of the page items moved into: each page's
      // at most once.
      #expect(c.lineStartsRenumbered <= lines, "\(c)")
      #expect(try engine.numberOfItems(inSection: 0) == count)
      let fresh = try FastFlowLayout(engine.input)
      #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
      #expect(engine.contentSize == fresh.contentSize)
      LineIndexTests.expectExactIndex(engine, "\(variant)")
    }
  }

  /// Below one edit per `denseEditSpacing` items, a batch still re-breaks only its regions.
  @Test func sparseBatchesKeepTheRegionRepair() throws {
    var sizes = SplitMix64(seed: 34)
    let items = sizes.mixedSizes(100_000)
    var engine = try FastFlowLayout(TestInputs.ownSizes([items]))
    engine.prepareForEdits()
    var batch = BatchUpdate()
    for k in 0..<100 { batch.deleteItems.append(ItemPath(0, k * 1_000 + 17)) }
    engine.resetWorkCounters()
    try engine.apply(batch)
    #expect(engine.workCounters.sectionsLaidOut == 0, "\(engine.workCounters)")
    #expect(engine.workCounters.linesRebroken <= 100 * 8, "\(engine.workCounters)")
    #expect(SectionLayout.relaysOutWhole(edits: 64, itemCount: 1_024))
    #expect(!SectionLayout.relaysOutWhole(edits: 63, itemCount: 1_024))
    #expect(!SectionLayout.relaysOutWhole(edits: 1, itemCount: 4))
  }
}
