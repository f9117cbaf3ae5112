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
    guard Page.isPaged(under: engine.rules) else { return }
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
    #expect(Page.relaysOutWhole(edits: 64, itemCount: 1_024))
    #expect(!Page.relaysOutWhole(edits: 63, itemCount: 1_024))
    #expect(!Page.relaysOutWhole(edits: 1, itemCount: 4))
  }

  /// A large batch of one section, at the sizes the retired rounds of page edits served
  /// (from 6 250 edits; sections of 13 000 to 262 144 items): a dense batch of the section's
  /// ascending deletions or insertions (a filter, its restore, dense runs) rebuilds the
  /// section (`rebuildSection`), on one thread and on two; any other (resizes among them, one
  /// item) edits its pages one by one, each page laid out whole when its edits are dense. Every
  /// path gives the page-by-page layout (`rebuildItems` raised past the section) and a fresh
  /// layout. Under a sanitizer only the 13 000-item sections (`Sanitizers`: the plain run has
  /// both sizes).
  @Test(
    arguments: [(LayoutVariant.vertical, 13_000), (.horizontalFlow, 13_000)]
      + Sanitizers.sanitized(
        [], else: [(LayoutVariant.vertical, 100_000), (.horizontalFlow, 100_000)]))
  func largeBatchesAreRebuiltOrEditedPageByPage(variant: LayoutVariant, count: Int) throws {
    var sizes = SplitMix64(seed: 35)
    let items = sizes.mixedSizes(count)
    let input = TestInputs.ownSizes([items], variant: variant)
    var threaded = try FastFlowLayout(
      input, kernels: .simd, threading: LayoutThreading(threads: 2))
    var single = try FastFlowLayout(input, kernels: .simd, threading: .off)
    var pageByPage = single
    pageByPage.pageCapacity.rebuildItems = .max
    threaded.prepareForEdits()
    single.prepareForEdits()
    pageByPage.prepareForEdits()
    guard Page.isPaged(under: threaded.rules) else { return }
    let (filter, restore) = Self.filterAndRestore(items, seed: 9)
    // Resizes, deletions and insertions together, one every few items (listed per section).
    var mixed = BatchUpdate()
    for k in 0..<(count / 5) {
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
    // Dense deletions in every other run of 1 536 items.
    var alternate = BatchUpdate()
    for i in 0..<(items.count * 4 / 5) where (i / 1_536) % 2 == 0 && i % 3 != 0 {
      alternate.deleteItems.append(ItemPath(0, i))
    }
    var one = BatchUpdate()
    one.insertItems.append(
      ItemInsertion(at: ItemPath(0, count / 2), size: Size(width: 30, height: 30)))
    for (name, batch) in [
      ("filter", filter), ("restore", restore), ("mixed", mixed), ("alternate", alternate),
      ("one", one),
    ] {
      let pagesBefore = single.pages.count
      threaded.resetWorkCounters()
      single.resetWorkCounters()
      pageByPage.resetWorkCounters()
      try threaded.apply(batch)
      try single.apply(batch)
      try pageByPage.apply(batch)
      let (t, o, b) = (threaded.workCounters, single.workCounters, pageByPage.workCounters)
      #expect(b.sectionsRebuilt == 0, "\(name)\n\(b)")
      // Rebuilt: a batch applied from its own lists (`EditScratch.retainedCapacity` edits or
      // more, deletions or insertions only), one edit per `denseEditSpacing` items or more.
      let edits = batch.deleteItems.count + batch.insertItemCount
      let rebuilds =
        batch.resizeItems.isEmpty && edits >= EditScratch.retainedCapacity
        && edits * Page.denseEditSpacing >= single.input.sections[0].count
        + batch.deleteItems.count - batch.insertItemCount
      #expect(rebuilds == (name != "mixed" && name != "one" && (name != "alternate" || count > 20_000)))
      if !rebuilds {
        #expect(t.sectionsRebuilt == 0 && o.sectionsRebuilt == 0, "\(name)\n\(t)\n\(o)")
        #expect(o.itemsSpliced > 0, "\(name)\n\(o)")
        if name == "mixed" {
          // One edit every 5 items: every page laid out whole, once.
          #expect(o.sectionsLaidOut >= pagesBefore - 1, "\(name)\n\(o)")
        } else if name == "alternate" {
          #expect(o.sectionsLaidOut > 0 && o.sectionsLaidOut < pagesBefore, "\(name)\n\(o)")
        } else {
          #expect(o.sectionsLaidOut == 0, "\(name)\n\(o)")
        }
      } else {
        #expect(t.sectionsRebuilt == 1 && o.sectionsRebuilt == 1, "\(name)\n\(t)\n\(o)")
        // No page spliced: on one thread none at all; on two, at most the seam between the
        // threads' runs (`repairPages`).
        #expect(o.itemsSpliced == 0, "\(name)\n\(o)")
        #expect(t.itemsSpliced < b.itemsSpliced / 8, "\(name)\n\(t)\n\(b)")
      }
      for (engine, path) in [(threaded, "threaded"), (single, "single")] {
        #expect(
          EngineComparison.elementDifference(engine.allElements, pageByPage.allElements) == nil,
          "\(name) \(path)")
        #expect(engine.contentSize == pageByPage.contentSize, "\(name) \(path)")
        LineIndexTests.expectExactIndex(engine, "\(variant) \(name) \(path)")
      }
      LineIndexTests.expectExactIndex(pageByPage, "\(variant) \(name) page by page")
      let fresh = try FastFlowLayout(pageByPage.input)
      #expect(
        EngineComparison.elementDifference(pageByPage.allElements, fresh.allElements) == nil,
        "\(name)")
      #expect(pageByPage.contentSize == fresh.contentSize, "\(name)")
    }
  }
}
