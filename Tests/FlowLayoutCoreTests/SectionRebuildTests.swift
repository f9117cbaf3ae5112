import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A large dense batch of one long section's ascending deletions and insertions (a search
/// filter, its restore) rebuilds the section from its old pages and the batch's lists
/// (`FastFlowLayout.rebuildSection`, `ColumnMerge`): the rebuild is taken (work counters), and
/// its layout is the page-by-page edits' and a fresh layout's, on one thread and on two.
@Suite("Section rebuild")
struct SectionRebuildTests {
  /// Three sections (12 items, `count` items, 30 items) of seeded mixed sizes: the long one is
  /// section 1, so its pages start after another section's and a section follows them.
  static func input(
    count: Int, seed: UInt64, variant: LayoutVariant = .horizontalFlow,
    horizontal: Bool = false, ownMetrics: Bool = false
  ) -> LayoutInput {
    var sizes = SplitMix64(seed: seed)
    var input = TestInputs.ownSizes(
      [sizes.mixedSizes(12), sizes.mixedSizes(count), sizes.mixedSizes(30)], variant: variant
    ) { c in
      if horizontal { c.scrollDirection = .horizontal }
    }
    if ownMetrics {
      input.sections[1].metrics = SectionMetrics(
        sectionInset: EdgeInsets(top: 4, left: 9, bottom: 6, right: 7),
        minimumInteritemSpacing: 3, minimumLineSpacing: 5)
    }
    return input
  }

  /// Engines on `input` prepared for edits: one that rebuilds sections of at least
  /// `rebuildItems` items, one that never rebuilds (its pages edited one by one), each on `threading`.
  static func engines(
    _ input: LayoutInput, threading: LayoutThreading, target: Int = 512, rebuildItems: Int = 0
  ) throws -> (rebuilds: FastFlowLayout, pageByPage: FastFlowLayout) {
    var rebuilds = try FastFlowLayout(input, kernels: .simd, threading: threading)
    var pageByPage = rebuilds
    rebuilds.pageCapacity = PageCapacity(target: target, rebuildItems: rebuildItems)
    pageByPage.pageCapacity = PageCapacity(target: target, rebuildItems: Int.max)
    rebuilds.prepareForEdits()
    pageByPage.prepareForEdits()
    return (rebuilds, pageByPage)
  }

  /// A seeded filter of section 1's items (each deleted with probability `1/every`) and the
  /// restore that inserts them back with their sizes.
  static func filterAndRestore(_ input: LayoutInput, every: UInt64, seed: UInt64)
    -> (BatchUpdate, BatchUpdate)
  {
    var rng = SplitMix64(seed: seed)
    var filter = BatchUpdate()
    var restore = BatchUpdate()
    let section = input.sections[1]
    for i in 0..<section.count where rng.next() % every == 0 {
      filter.deleteItems.append(ItemPath(1, i))
      restore.insertItems.append(
        ItemInsertion(
          at: ItemPath(1, i),
          size: Size(width: section.itemWidths[i], height: section.itemHeights[i])))
    }
    return (filter, restore)
  }

  /// `engine` equals `expected` (every element, the content size) and a fresh layout of its
  /// input, and its line indices are exact.
  static func expectSame(
    _ engine: FastFlowLayout, _ expected: FastFlowLayout, _ note: String,
    checksIndex: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(
      EngineComparison.elementDifference(engine.allElements, expected.allElements) == nil,
      "\(note)", sourceLocation: sourceLocation)
    #expect(engine.contentSize == expected.contentSize, "\(note)", sourceLocation: sourceLocation)
    let fresh = try FastFlowLayout(engine.input)
    #expect(
      EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
      "fresh \(note)", sourceLocation: sourceLocation)
    #expect(
      engine.contentSize == fresh.contentSize, "fresh \(note)", sourceLocation: sourceLocation)
    if checksIndex { LineIndexTests.expectExactIndex(engine, note) }
  }

  /// The filter and the restore rebuild the section (once each, no item spliced, every new
  /// item merged once, each new page laid out once) on one thread and on two, with the page-by-page
  /// edits' layout; a sparse batch keeps the page-by-page edits. Sections of 60 000 items, of
  /// 20 000 under a sanitizer (`Sanitizers`).
  @Test(arguments: [
    (LayoutVariant.horizontalFlow, false, false), (.vertical, false, false),
    (.timeline, false, false), (.horizontalFlow, true, false), (.vertical, false, true),
  ])
  func denseBatchesRebuildTheSection(
    variant: LayoutVariant, horizontal: Bool, ownMetrics: Bool
  ) throws {
    let count = Sanitizers.sanitized(20_000, else: 60_000)
    let input = Self.input(
      count: count, seed: 41, variant: variant, horizontal: horizontal, ownMetrics: ownMetrics)
    let (filter, restore) = Self.filterAndRestore(input, every: 2, seed: 5)
    var sparse = BatchUpdate()
    for k in 0..<(count / 20) { sparse.deleteItems.append(ItemPath(1, k * 19 + 3)) }
    for threading in [LayoutThreading(threads: 2), .off] {
      var (rebuilds, pageByPage) = try Self.engines(input, threading: threading, rebuildItems: 4_096)
      guard Page.isPaged(under: rebuilds.rules(ofSection: 1)) else { return }
      let note = "\(variant) horizontal \(horizontal) own \(ownMetrics) \(threading.threads)"
      for (name, batch) in [("filter", filter), ("restore", restore), ("sparse", sparse)] {
        rebuilds.resetWorkCounters()
        try rebuilds.apply(batch)
        try pageByPage.apply(batch)
        let c = rebuilds.workCounters
        let n = try rebuilds.numberOfItems(inSection: 1)
        if name == "sparse" {
          // count / 20 deletions in count items: fewer than one per 16.
          #expect(c.sectionsRebuilt == 0 && c.itemsMerged == 0, "\(name) \(note) \(c)")
        } else {
          #expect(c.sectionsRebuilt == 1, "\(name) \(note) \(c)")
          #expect(c.itemsMerged == n, "\(name) \(note) \(c)")
          // Items move (spliced) only at the seam between the two threads' runs of pages.
          #expect(
            c.itemsSpliced <= (threading.threads - 1) * 1_024, "\(name) \(note) \(c)")
          let pages = rebuilds.pages(ofSection: 1).count
          #expect(c.sectionsLaidOut >= pages && c.sectionsLaidOut <= pages + 4, "\(note) \(c)")
          // The filter's surplus page buffers are kept for the restore (at most three columns
          // and a table a new page), which reuses them.
          let spares = rebuilds.spareBuffers
          #expect(spares.columns.count <= 3 * pages && spares.tables.count <= pages, "\(note)")
          if name == "filter" {
            #expect(
              spares.columns.count >= pages / 2 && spares.tables.count >= pages / 4, "\(note)")
          } else {
            #expect(spares.columns.count < pages / 4, "\(note) \(spares.columns.count)")
          }
          // Pages of about the target, every one but the last opening or closing nothing.
          let range = rebuilds.pages(ofSection: 1)
          for p in range {
            #expect(rebuilds.pages[p].opensSection == (p == range.lowerBound), "\(note) \(p)")
            #expect(rebuilds.pages[p].closesSection == (p == range.upperBound - 1), "\(note) \(p)")
            #expect(rebuilds.pages[p].count >= 128 && rebuilds.pages[p].count <= 1_024)
          }
        }
        // (The index check sums lines with the layout's line spacing: not a section's own.)
        try Self.expectSame(rebuilds, pageByPage, "\(name) \(note)", checksIndex: !ownMetrics)
      }
    }
  }

  /// A filter of a section cut into pages by `prepareForEdits` (as `open` leaves it), then its
  /// restore, reuse the released pages' buffers: their columns (the filter's new pages from the
  /// cut pages', each with room for the front items `absorbFront` appends), their line tables
  /// (room for a few more lines), and the filter's surplus for the restore's twice as many
  /// pages. Few buffers are made new or grown (`rebuildBuffersAllocated`); without the room,
  /// about two a page.
  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical])
  func rebuildsReuseTheReleasedBuffers(variant: LayoutVariant) throws {
    let input = Self.input(count: 120_000, seed: 45, variant: variant)
    let (filter, restore) = Self.filterAndRestore(input, every: 2, seed: 9)
    for threading in [LayoutThreading(threads: 2), .off] {
      var (rebuilds, _) = try Self.engines(input, threading: threading, rebuildItems: 4_096)
      guard Page.isPaged(under: rebuilds.rules(ofSection: 1)) else { return }
      // As cut: each column and table with room past its count.
      for p in rebuilds.pages(ofSection: 1) {
        let page = rebuilds.pages[p]
        #expect(page.items.widths.capacity >= page.count + ItemColumns.frontRoom)
        #expect(page.items.heights.capacity >= page.count + ItemColumns.frontRoom)
        guard case .table(let table) = page.lines else { continue }
        #expect(page.lineTableCapacity >= table.lineCount + table.lineCount / 8)
      }
      for (name, batch) in [("filter", filter), ("restore", restore)] {
        let before = rebuilds.rebuildBuffersAllocated
        rebuilds.resetWorkCounters()
        try rebuilds.apply(batch)
        #expect(rebuilds.workCounters.sectionsRebuilt == 1)
        let pages = rebuilds.pages(ofSection: 1).count
        let allocated = rebuilds.rebuildBuffersAllocated - before
        let note = "\(variant) \(name) \(threading.threads) threads: \(allocated) of \(pages) pages"
        // (Measured: the filter 0-4 buffers, the restore 10-18 of 234 pages. When the filter's
        // `absorbFront` kept a copy of its page's table alive, the catch-up copied the tables
        // exact-size and the restore grew about one in four: 51-59.)
        #expect(allocated <= 4 + pages / (name == "filter" ? 16 : 8), "\(note)")
      }
      try Self.expectSame(rebuilds, try FastFlowLayout(rebuilds.input), "\(variant)")
    }
  }

  /// A long section laid out whole and not prepared for edits (one page) is rebuilt from that
  /// page, not cut into pages first (no item copied to cut it): the page-by-page edits' layout, which cut it.
  @Test func aSectionOfOnePageIsRebuiltWithoutACut() throws {
    let input = Self.input(count: 40_000, seed: 44)
    let (filter, restore) = Self.filterAndRestore(input, every: 2, seed: 8)
    for threading in [LayoutThreading(threads: 2), .off] {
      var rebuilds = try FastFlowLayout(input, kernels: .simd, threading: threading)
      var pageByPage = rebuilds
      rebuilds.pageCapacity = PageCapacity(target: 512, rebuildItems: 4_096)
      pageByPage.pageCapacity = PageCapacity(target: 512, rebuildItems: Int.max)
      #expect(rebuilds.pages(ofSection: 1).count == 1)
      for (name, batch) in [("filter", filter), ("restore", restore)] {
        rebuilds.resetWorkCounters()
        pageByPage.resetWorkCounters()
        try rebuilds.apply(batch)
        try pageByPage.apply(batch)
        let note = "\(name) \(threading.threads)"
        #expect(rebuilds.workCounters.sectionsRebuilt == 1, "\(note)")
        if name == "filter" {
          // The page-by-page edits cut the page first (every item copied once); the rebuild copies none
          // but at the seam between its two tasks.
          #expect(pageByPage.workCounters.itemsPaged >= 40_000, "\(note) \(pageByPage.workCounters)")
          #expect(rebuilds.workCounters.itemsPaged < 1_000, "\(note) \(rebuilds.workCounters)")
        }
        #expect(rebuilds.pages(ofSection: 1).count > 10, "\(note)")
        try Self.expectSame(rebuilds, pageByPage, note)
      }
    }
  }

  /// Random ascending batches (deletions, insertions, or both) whose density crosses the
  /// rebuild's threshold (one edit per `denseEditSpacing` items), on sections and pages of
  /// several sizes: the rebuild is taken exactly when the batch is dense, and the layout is the
  /// page-by-page edits' and a fresh one's either way. 16 trials, 8 under a sanitizer.
  @Test func randomBatchesAcrossTheThreshold() throws {
    var rng = SplitMix64(seed: 4_242)
    var rebuilt = 0
    var kept = 0
    let trials = Sanitizers.sanitized(8, else: 16)
    for trial in 0..<trials {
      // A listed batch holds at least 4 096 edits: sparse ones need more than 65 536 items.
      let count = 8_000 + Int(rng.next() % 100_000)
      let target = [32, 64, 512][Int(rng.next() % 3)]
      let input = Self.input(count: count, seed: 100 + UInt64(trial))
      let threading = trial % 2 == 0 ? LayoutThreading(threads: 2) : .off
      var (rebuilds, pageByPage) = try Self.engines(input, threading: threading, target: target)
      // Edits per item around 1/16: from 1/24 to 1/2.
      let spacing = [2, 4, 8, 12, 15, 17, 20, 24][Int(rng.next() % 8)]
      let kind = rng.next() % 3  // deletions, insertions, both
      var batch = BatchUpdate()
      var newIndex = 0
      for i in 0..<count {
        let edited = rng.next() % UInt64(spacing) == 0
        if edited, kind != 1, kind == 0 || rng.next() & 1 == 0 {
          batch.deleteItems.append(ItemPath(1, i))
          continue
        }
        if edited, kind != 0 {
          batch.insertItems.append(
            ItemInsertion(
              at: ItemPath(1, newIndex),
              size: Size(width: Double(20 + rng.next() % 300), height: Double(10 + rng.next() % 90))
            ))
          newIndex += 1
        }
        newIndex += 1
      }
      let edits = batch.deleteItems.count + batch.insertItems.count
      guard edits >= EditScratch.retainedCapacity else { continue }
      rebuilds.resetWorkCounters()
      try rebuilds.apply(batch)
      try pageByPage.apply(batch)
      let dense = edits * Page.denseEditSpacing >= count
      let note = "trial \(trial) count \(count) target \(target) spacing \(spacing) kind \(kind)"
      #expect(
        rebuilds.workCounters.sectionsRebuilt == (dense ? 1 : 0),
        "\(note) \(rebuilds.workCounters)")
      if dense { rebuilt += 1 } else { kept += 1 }
      try Self.expectSame(rebuilds, pageByPage, note)
    }
    #expect(rebuilt >= trials / 4 && kept >= trials / 8, "rebuilt \(rebuilt) kept \(kept)")
  }

  /// A batch the validation refuses (an index past the end, a size that is not finite, a
  /// negative size, a list not ascending) leaves an engine that would rebuild exactly as it
  /// was, and the next valid batch rebuilds it.
  @Test func badBatchesLeaveTheLayoutAsItWas() throws {
    let input = Self.input(count: 20_000, seed: 43)
    var (engine, _) = try Self.engines(input, threading: LayoutThreading(threads: 2))
    let (filter, restore) = Self.filterAndRestore(input, every: 2, seed: 6)
    var pastEnd = filter
    pastEnd.deleteItems.append(ItemPath(1, 20_000))
    var notFinite = restore
    notFinite.insertItems[notFinite.insertItems.count / 2].size = Size(width: .nan, height: 4)
    var negative = restore
    negative.insertItems[7].size = Size(width: 10, height: -1)
    var repeated = filter
    repeated.deleteItems.append(filter.deleteItems[filter.deleteItems.count - 1])
    var insertedPastEnd = restore
    insertedPastEnd.insertItems.append(
      ItemInsertion(at: ItemPath(1, 30_000), size: Size(width: 10, height: 10)))
    let before = engine
    for (name, batch) in [
      ("pastEnd", pastEnd), ("notFinite", notFinite), ("negative", negative),
      ("repeated", repeated), ("insertedPastEnd", insertedPastEnd),
    ] {
      engine.resetWorkCounters()
      #expect(throws: LayoutError.self, "\(name)") { try engine.apply(batch) }
      #expect(engine.workCounters.sectionsRebuilt == 0, "\(name)")
      #expect(engine.input == before.input, "\(name)")
      #expect(engine.pages.count == before.pages.count, "\(name)")
      #expect(
        EngineComparison.elementDifference(engine.allElements, before.allElements) == nil,
        "\(name)")
      #expect(engine.contentSize == before.contentSize, "\(name)")
    }
    engine.resetWorkCounters()
    try engine.apply(filter)
    #expect(engine.workCounters.sectionsRebuilt == 1)
  }
}
