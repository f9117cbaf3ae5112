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

  /// A large batch of one section is applied in rounds of pages (`FastFlowLayout.applyRound`),
  /// on the layout's threads when there are several: the layout of the page-by-page path,
  /// every touched page edited in a round, and less work: a page laid out whole first takes
  /// the front items the page before it puts on its last line (`absorbFront`), so the repair
  /// moves no items there (no page spliced at its front and re-broken). A one-item edit edits
  /// its page as it is reached.
  @Test(arguments: [LayoutVariant.vertical, .horizontalFlow])
  func largeBatchesEditPagesInRounds(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 35)
    let items = sizes.mixedSizes(100_000)
    let input = TestInputs.ownSizes([items], variant: variant)
    // Rounds on two threads, rounds on one, and page by page (no batch is large enough).
    var threaded = try FastFlowLayout(
      input, kernels: .simd, threading: LayoutThreading(threads: 2))
    var single = try FastFlowLayout(input, kernels: .simd, threading: .off)
    var pageByPage = try FastFlowLayout(
      input, kernels: .simd, threading: LayoutThreading(threads: 1, minimumItems: 1 << 40))
    threaded.prepareForEdits()
    single.prepareForEdits()
    pageByPage.prepareForEdits()
    guard SectionLayout.isPaged(under: threaded.rules) else { return }
    let (filter, restore) = Self.filterAndRestore(items, seed: 9)
    // Resizes, deletions and insertions together, one every few items (listed per section).
    var mixed = BatchUpdate()
    for k in 0..<20_000 {
      let i = k * 5
      switch k % 3 {
      case 0: mixed.deleteItems.append(ItemPath(0, i))
      case 1:
        mixed.resizeItems.append(ItemResize(at: ItemPath(0, i), size: Size(width: 41, height: 17)))
      default:
        mixed.insertItems.append(
          ItemInsertion(at: ItemPath(0, i), size: Size(width: 77, height: 9)))
      }
    }
    // Dense deletions in every other run of 1 536 items: touched pages with untouched ones
    // between them (no page takes items from a page that is not the one before it).
    var alternate = BatchUpdate()
    for i in 0..<(items.count - 20_000) where (i / 1_536) % 2 == 0 && i % 3 != 0 {
      alternate.deleteItems.append(ItemPath(0, i))
    }
    var one = BatchUpdate()
    one.insertItems.append(
      ItemInsertion(at: ItemPath(0, 50_000), size: Size(width: 30, height: 30)))
    for (name, batch) in [
      ("filter", filter), ("restore", restore), ("mixed", mixed), ("alternate", alternate),
      ("one", one),
    ] {
      let before = (threaded.pagesEditedTogether, single.pagesEditedTogether)
      let copiedBefore = (threaded.pageListsCopiedInRounds, single.pageListsCopiedInRounds)
      let pagesBefore = threaded.pages.count
      threaded.resetWorkCounters()
      single.resetWorkCounters()
      pageByPage.resetWorkCounters()
      try threaded.apply(batch)
      try single.apply(batch)
      try pageByPage.apply(batch)
      #expect(pageByPage.pagesEditedTogether == 0)
      let together = (
        threaded.pagesEditedTogether - before.0, single.pagesEditedTogether - before.1
      )
      if name == "one" {
        #expect(together == (0, 0), "\(name)")
      } else if name == "alternate" {
        #expect(together.0 > 0 && together.0 < pagesBefore * 3 / 4, "\(name)")
        #expect(together.1 == together.0, "\(name)")
      } else {
        // Every page of the section holds an edit.
        #expect(together.0 >= pagesBefore - 1 && together.0 <= pagesBefore, "\(name)")
        #expect(together.1 == together.0, "\(name)")
      }
      // The batch's own lists (a filter's, a restore's, `alternate`'s) are copied page by
      // page by the rounds' tasks: every page edited together, but for a restore's last page
      // when insertions follow its last old item (placed one by one, by the calling thread);
      // lists gathered per section (`mixed`) by the calling thread, none.
      let copied = (
        threaded.pageListsCopiedInRounds - copiedBefore.0,
        single.pageListsCopiedInRounds - copiedBefore.1
      )
      #expect(pageByPage.pageListsCopiedInRounds == 0)
      if name == "mixed" || name == "one" {
        #expect(copied == (0, 0), "\(name)")
      } else {
        #expect(copied.0 >= together.0 - 1 && copied.0 > 0, "\(name) \(copied) \(together)")
        #expect(copied.1 == copied.0, "\(name) \(copied)")
      }
      let (t, o, b) = (threaded.workCounters, single.workCounters, pageByPage.workCounters)
      if name == "filter" || name == "restore" {
        // The repair's moves (a page spliced at its front, re-broken until its lines catch
        // up, its later lines renumbered) are gone but at a round's or a thread's seams.
        #expect(o.itemsSpliced < b.itemsSpliced, "\(name)\n\(o)\n\(b)")
        #expect(o.lineStartsRenumbered < b.lineStartsRenumbered / 2, "\(name)\n\(o)\n\(b)")
        #expect(t.itemsSpliced < b.itemsSpliced, "\(name)\n\(t)\n\(b)")
        #expect(o.linesRebroken <= b.linesRebroken, "\(name)\n\(o)\n\(b)")
      }
      for (engine, path) in [(threaded, "threaded"), (single, "single")] {
        #expect(engine.pages.count == pageByPage.pages.count, "\(name) \(path)")
        #expect(
          EngineComparison.elementDifference(engine.allElements, pageByPage.allElements) == nil,
          "\(name) \(path)")
        #expect(engine.contentSize == pageByPage.contentSize, "\(name) \(path)")
        LineIndexTests.expectExactIndex(engine, "\(variant) \(name) \(path)")
      }
    }
    // The front two thirds of every other page deleted, the page before each untouched: the
    // boundary with the untouched page is noted from the batch's own lists (which the rounds'
    // tasks copy), and the untouched page's last line takes what now fits there.
    var fronts = BatchUpdate()
    let sectionPages = threaded.pages(ofSection: 0)
    for p in sectionPages where (p - sectionPages.lowerBound) % 2 == 1 {
      let first = threaded.firstItem(ofPage: p, inSection: 0)
      for i in first..<(first + threaded.pages[p].count * 2 / 3) {
        fronts.deleteItems.append(ItemPath(0, i))
      }
    }
    #expect(fronts.deleteItems.count >= 6_250)
    let copiedBefore = (threaded.pageListsCopiedInRounds, single.pageListsCopiedInRounds)
    try threaded.apply(fronts)
    try single.apply(fronts)
    try pageByPage.apply(fronts)
    #expect(threaded.pageListsCopiedInRounds > copiedBefore.0)
    #expect(single.pageListsCopiedInRounds > copiedBefore.1)
    for (engine, path) in [(threaded, "threaded"), (single, "single")] {
      #expect(
        EngineComparison.elementDifference(engine.allElements, pageByPage.allElements) == nil,
        "fronts \(path)")
      LineIndexTests.expectExactIndex(engine, "\(variant) fronts \(path)")
    }
    let fresh = try FastFlowLayout(threaded.input)
    #expect(EngineComparison.elementDifference(threaded.allElements, fresh.allElements) == nil)
  }
}
