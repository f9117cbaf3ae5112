import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A layout pass of equal widths in lines of c ≤ 8 items makes an equal-count table
/// (`LineTable.itemsPerLine`): no item index, each item's line found by division. Any change
/// to its starts ends that (and the index is written whole); through every kind of edit, width
/// change and page cut, each visible item's line is the one a search of the stored starts
/// finds, and the frames are those of an engine built from scratch.
@Suite("Equal-count tables")
struct EqualCountTableTests {
  /// The one table of `engine`'s page `p`, or `nil` (recorded).
  static func table(_ engine: FastFlowLayout, page p: Int = 0) -> LineTable? {
    guard case .table(let t) = engine.pages[p].lines else {
      Issue.record("page \(p): not a table")
      return nil
    }
    return t
  }

  /// Every visible item's line in every table of `engine` is a search of its starts', and an
  /// equal-count table's lines start at `k·c` and keep no index.
  static func expectExactLines(_ engine: FastFlowLayout, _ note: String) {
    LineIndexTests.expectExactIndex(engine, note)
    for p in engine.pages.indices {
      guard case .table(let t) = engine.pages[p].lines, t.itemsPerLine > 0 else { continue }
      let c = t.itemsPerLine
      #expect(t.lineOfItem.isEmpty, "page \(p) \(note)")
      let starts = t.starts
      for k in 0..<t.lineCount where starts[k] != k * c || t.start(ofLine: k) != k * c {
        Issue.record("page \(p) line \(k): start \(starts[k]) ≠ \(k * c) \(note)")
        break
      }
      let last = t.visibleEnd - starts[t.lineCount - 1]
      #expect(last >= 1 && last <= c, "page \(p) \(note)")
    }
  }

  /// A first layout and re-layouts at other widths of equal widths make equal-count tables of
  /// every count from 2 to 8 (none of 1 or above 8), every item's line found by division as a
  /// search of the starts finds it, the last line short or full.
  @Test(arguments: [100, 257, 1_000, 1_001, 1_003])
  func equalWidthsMakeEqualCountTables(count: Int) throws {
    var counts = Set<Int>()
    for width in [300.0, 150, 100, 75, 60, 50, 42, 37, 33, 30] {
      var engine = try FastFlowLayout(EqualWidthPositionTests.grid(count: count, width: width))
      for layoutWidth in [375.0, 414, 300, 375] {
        try engine.setWidth(layoutWidth)
        guard let t = Self.table(engine) else { return }
        let c = t.start(ofLine: 1) - t.start(ofLine: 0)
        let expected = (2...8).contains(c) && t.lineCount > LineTable.blockSize ? c : 0
        #expect(t.itemsPerLine == expected, "w \(width) at \(layoutWidth): c \(c)")
        if expected > 0 { counts.insert(c) }
        Self.expectExactLines(engine, "w \(width) at \(layoutWidth)")
        for item in [0, c - 1, c, t.visibleEnd - 1] where item < t.visibleEnd {
          #expect(t.line(containing: item) == item / c, "w \(width) item \(item)")
        }
      }
    }
    if count >= 1_000 { #expect(counts == Set(2...8), "\(counts.sorted())") }
  }

  /// Edits that keep equal counts (equal-width inserts, deletes, moves, height changes) and
  /// edits that break them (another width), then width changes back to an equal-count table:
  /// after each, every line is exact and the frames are a fresh engine's. Pages too long for
  /// their capacity are cut (the first edit gives another width: an equal-width table would
  /// become `.equalWidth` lines instead) or, with a large capacity, stay one table.
  @Test(arguments: [false, true])
  func linesStayExactThroughEdits(cutsPages: Bool) throws {
    var rng = SplitMix64(seed: 0xC0_17)
    var engine = try FastFlowLayout(EqualWidthPositionTests.grid(count: 3_000))
    engine.pageCapacity = PageCapacity(target: cutsPages ? 400 : 10_000, smallGap: true)
    #expect(Self.table(engine)?.itemsPerLine == 3)
    Self.expectExactLines(engine, "initial")
    var mostPages = 1
    for step in 0..<24 {
      let count = engine.input.sections[0].count
      let item = rng.nextInt(below: count)
      var batch = BatchUpdate()
      switch (step + (cutsPages ? 4 : 0)) % 6 {
      case 0:
        batch.insertItems = [ItemInsertion(at: ItemPath(0, item), size: Size(110, 90))]
      case 1: batch.deleteItems = [ItemPath(0, item)]
      case 2:
        batch.moveItems = [ItemMove(from: ItemPath(0, item), to: ItemPath(0, (item * 7) % count))]
      case 3: batch.resizeItems = [ItemResize(at: ItemPath(0, item), size: Size(110, 170))]
      case 4: batch.resizeItems = [ItemResize(at: ItemPath(0, item), size: Size(230, 70))]
      default:
        batch.resizeItems = [ItemResize(at: ItemPath(0, item), size: Size(110, 60))]
      }
      try engine.apply(batch)
      mostPages = max(mostPages, engine.pages.count)
      #expect(engine.pages.allSatisfy { if case .table = $0.lines { true } else { false } })
      Self.expectExactLines(engine, "step \(step) \(batch)")
      ShortSectionStorageTests.expectSameFrames(
        engine, try FastFlowLayout(engine.input), "step \(step)")
      if step % 8 == 7 {
        try engine.setWidth(step % 16 == 7 ? 414 : 375)
        Self.expectExactLines(engine, "step \(step) width")
        ShortSectionStorageTests.expectSameFrames(
          engine, try FastFlowLayout(engine.input), "step \(step) width")
      }
    }
    #expect(mostPages > 1 || !cutsPages)
  }

  /// Any change to an equal-count table's starts ends its equal counts, and the next refresh
  /// writes the whole index (whatever line it is asked from): each item's line is then a
  /// search's. The table compares equal to the same lines with an index.
  @Test func changedStartsEndEqualCounts() throws {
    let engine = try FastFlowLayout(EqualWidthPositionTests.grid(count: 2_000))
    guard let equal = Self.table(engine) else { return }
    #expect(equal.itemsPerLine == 3 && equal.lineOfItem.isEmpty)
    var indexed = equal
    indexed.withEntries { _, _ in }
    #expect(indexed.itemsPerLine == 0)
    indexed.refreshItemIndex(fromLine: indexed.lineCount - 2, untilItem: 1_990)
    #expect(indexed.lineOfItem.count == (indexed.visibleEnd + 7) / 8)
    #expect(indexed == equal)
    for item in 0..<indexed.visibleEnd {
      let expected = indexed.searchLine(containing: item, lo: 0, hi: indexed.lineCount - 1)
      if indexed.line(containing: item) != expected || equal.line(containing: item) != expected {
        Issue.record("item \(item): \(indexed.line(containing: item)) ≠ \(expected)")
        break
      }
    }
    // Lines of other counts: no longer equal, and the line of item 4 moves.
    var changed = equal
    changed.starts[2] = 5
    #expect(changed.itemsPerLine == 0)
    changed.refreshItemIndex(fromLine: 2)
    #expect(changed.line(containing: 4) == 1 && changed.line(containing: 5) == 2)
    #expect(changed != equal)
  }

  /// The check `finishLines` makes: lines starting at `k·c`, the last of 1 to c items.
  @Test func equalCountsAreChecked() {
    #expect(LineTable.holdsEqualCounts([0, 3, 6, 8], lines: 3, itemsPerLine: 3))
    #expect(LineTable.holdsEqualCounts([0, 3, 6, 9], lines: 3, itemsPerLine: 3))
    #expect(!LineTable.holdsEqualCounts([0, 3, 6, 10], lines: 3, itemsPerLine: 3))
    #expect(!LineTable.holdsEqualCounts([0, 2, 6, 8], lines: 3, itemsPerLine: 3))
    #expect(!LineTable.holdsEqualCounts([0, 3, 7, 8], lines: 3, itemsPerLine: 3))
    #expect(!LineTable.holdsEqualCounts([0, 3, 6, 6], lines: 3, itemsPerLine: 3))
    #expect(LineTable.holdsEqualCounts([0, 2], lines: 1, itemsPerLine: 3))
  }
}
