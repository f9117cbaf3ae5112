import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A batch of edits spread over a long section re-breaks each touched region until its lines
/// re-synchronise and copies the lines between regions (work counters, never a clock).
@Suite("Batch regions")
struct BatchRegionTests {
  /// 100 edits (inserts, deletes, moves, resizes) spread over 100 000 items, keeping the count.
  static func spreadBatch(count: Int, seed: UInt64) -> BatchUpdate {
    var sizes = SplitMix64(seed: seed)
    var batch = BatchUpdate()
    let step = count / 100
    for k in 0..<25 {
      batch.deleteItems.append(ItemPath(0, (4 * k) * step + 7))
      batch.resizeItems.append(
        ItemResize(at: ItemPath(0, (4 * k + 1) * step + 3), size: sizes.mixedSizes(1)[0]))
      batch.moveItems.append(
        ItemMove(from: ItemPath(0, (4 * k + 2) * step + 5), to: ItemPath(0, (4 * k + 2) * step)))
    }
    for k in 0..<25 {
      batch.insertItems.append(
        ItemInsertion(at: ItemPath(0, (4 * k + 3) * step + 11), size: sizes.mixedSizes(1)[0]))
    }
    return batch
  }

  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical, .uikitFlow])
  func spreadEditsReBreakOnlyTheirRegions(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 404)
    let items = sizes.mixedSizes(100_000)
    var engine = try FastFlowLayout(TestInputs.ownSizes([items], variant: variant))
    guard case .table(let t) = engine.pages[0].lines else {
      Issue.record("expected a line table")
      return
    }
    let lines = t.lineCount
    engine.resetWorkCounters()
    try engine.apply(Self.spreadBatch(count: items.count, seed: 1))
    let c = engine.workCounters
    // 100 regions of a few lines each; the ~40 000 lines between them are copied.
    #expect(c.linesRebroken <= 100 * 8, "\(c)")
    #expect(c.linesRebroken >= 100)
    if Page.isPaged(under: engine.rules) {
      // Paged (the first edit cuts the section into pages, once): each region renumbers the
      // lines of its own page only, never the ~40 000 lines of the section.
      #expect(c.itemsPaged >= items.count && c.itemsPaged <= items.count + 100 * 8, "\(c)")
      #expect(c.lineStartsRenumbered <= 2 * lines, "\(c)")
    } else {
      // One page: the lines between regions are copied; only those whose items moved (an
      // unbalanced insertion or removal before them) are renumbered.
      #expect(c.lineStartsRenumbered + c.linesRebroken <= lines + 100 * 8, "\(c)")
    }
    #expect(c.itemsPositioned <= 100 * 8 * 4 + 16)
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
    #expect(engine.contentSize.height == fresh.contentSize.height)
    LineIndexTests.expectExactIndex(engine, "\(variant)")
  }

  /// A batch whose edits keep each page's line count and item count (an item deleted and one
  /// of the same size inserted in its place, a height changed) sums again only the blocks of
  /// the lines it re-broke and renumbers no start: its upkeep follows the changed lines, not
  /// the pages (before, every line from a page's first touched one on was summed again).
  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical, .uikitFlow])
  func countKeepingBatchSumsOnlyTheChangedBlocks(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 808)
    let items = sizes.mixedSizes(100_000)
    var engine = try FastFlowLayout(TestInputs.ownSizes([items], variant: variant))
    // The first insertion cuts the section into pages (once); measured from the next batch.
    try engine.apply(BatchUpdate(deleteItems: [ItemPath(0, 5)]))
    try engine.apply(BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 5), size: items[5])]))
    if Page.isPaged(under: engine.rules) { #expect(engine.pages.count > 40) }
    var batch = BatchUpdate()
    let edits = 40
    for k in 0..<edits {
      let i = k * (items.count / edits) + 700
      batch.deleteItems.append(ItemPath(0, i))
      batch.insertItems.append(ItemInsertion(at: ItemPath(0, i), size: items[i]))
      let j = i + 300
      batch.resizeItems.append(
        ItemResize(at: ItemPath(0, j), size: Size(items[j].width, items[j].height + 7)))
    }
    let touchedLines = engine.pages.indices.reduce(0) { sum, p in
      guard case .table(let t) = engine.pages[p].lines else { return sum }
      return sum + t.lineCount
    }
    engine.resetWorkCounters()
    try engine.apply(batch)
    let c = engine.workCounters
    #expect(c.linesRebroken <= 2 * edits * 8, "\(c)")
    #expect(c.lineStartsRenumbered == 0, "\(c)")
    // At most two blocks of 32 lines per edit (a region may straddle a block boundary), against
    // the ~\(touchedLines) lines of the pages.
    #expect(c.lineEntriesRebuilt <= 2 * edits * 2 * LineTable.blockSize, "\(c)")
    #expect(c.lineEntriesRebuilt * 4 < touchedLines, "\(c)")
    // Bit for bit the tables a rebuild makes, and the same layout as from scratch.
    for p in engine.pages.indices {
      guard case .table(let t) = engine.pages[p].lines else { continue }
      var rebuilt = t
      rebuilt.rebuildOffsets(lineSpacing: engine.rules(ofPage: p).lineSpacing)
      #expect(rebuilt == t, "page \(p)")
    }
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
    #expect(engine.contentSize.height == fresh.contentSize.height)
    LineIndexTests.expectExactIndex(engine, "\(variant)")
  }

  /// A steady-state batch of 100 scattered edits (the bench's `batch`: deletions, insertions and
  /// resizes at random places, the section already paged) touches at most its pages: items
  /// moved in memory, starts renumbered and line entries summed again are bounded by the edits
  /// times a page's maximum, and do not grow from 100 000 to 1 000 000 items.
  @Test func aBatchsWorkIsBoundedByItsPages() throws {
    func counters(_ n: Int) throws -> WorkCounters {
      var sizes = SplitMix64(seed: 808)
      var engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(n)]))
      try engine.apply(BatchUpdate(deleteItems: [ItemPath(0, n - 1)]))  // pages the section
      var draws = SplitMix64(seed: 809)
      var batch = BatchUpdate()
      var deleted = Set<Int>()
      var inserted = Set<Int>()
      while deleted.count < 33 {
        let d = draws.nextInt(below: n - 1)
        guard deleted.insert(d).inserted else { continue }
        batch.deleteItems.append(ItemPath(0, d))
        var i = draws.nextInt(below: n - 1)
        while !inserted.insert(i).inserted { i = draws.nextInt(below: n - 1) }
        batch.insertItems.append(ItemInsertion(at: ItemPath(0, i), size: sizes.mixedSizes(1)[0]))
      }
      var resized = Set<Int>()
      while resized.count < 34 {
        let r = draws.nextInt(below: n - 1)
        guard !deleted.contains(r), resized.insert(r).inserted else { continue }
        batch.resizeItems.append(ItemResize(at: ItemPath(0, r), size: sizes.mixedSizes(1)[0]))
      }
      engine.resetWorkCounters()
      try engine.apply(batch)
      return engine.workCounters
    }
    let mid = try counters(100_000)
    let large = try counters(1_000_000)
    func work(_ c: WorkCounters) -> Int {
      c.itemsSpliced + c.lineStartsRenumbered + c.lineEntriesRebuilt + c.linesRebroken
        + c.itemsPositioned + c.itemsPaged
    }
    let maximum = PageCapacity.standard.maximum
    for c in [mid, large] {
      // Items moved in memory: at most one page per insertion or deletion; page boundaries
      // repaired move a few items between neighbours.
      #expect(c.itemsSpliced <= 66 * maximum, "\(c)")
      #expect(c.itemsPaged <= 66 * maximum, "\(c)")
      #expect(c.lineStartsRenumbered + c.lineEntriesRebuilt <= 2 * 66 * maximum, "\(c)")
      #expect(c.sectionsLaidOut == 0)
    }
    #expect(work(large) <= 2 * work(mid), "100k: \(mid)\n1M: \(large)")
  }

  @Test func runsSkipTouchedItems() {
    // Old 0..<10: remove 2, resize 5, insert at new 0 and 7.
    var runs: [KeptRun] = []
    let size = Size(width: 1, height: 1)
    KeptRun.runs(
      oldCount: 10, removals: [2], resized: [5], insertions: [(0, size), (7, size)], into: &runs)
    // New: [ins, o0, o1, o3, o4, o5*, o6, ins, o7, o8, o9]
    #expect(
      runs == [
        KeptRun(newStart: 1, oldStart: 0, count: 2), KeptRun(newStart: 3, oldStart: 3, count: 2),
        KeptRun(newStart: 6, oldStart: 6, count: 1), KeptRun(newStart: 8, oldStart: 7, count: 3),
      ])
  }
}
