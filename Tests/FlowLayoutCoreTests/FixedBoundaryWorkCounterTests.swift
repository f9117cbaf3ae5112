import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

/// Column flows put exactly `c` items on every line, so an edit never moves a line boundary:
/// a resize measures its own line again and moves later lines through the offset tree; an insert
/// or delete measures every later line's height again (the items shift one column) but renumbers
/// no start and places no item (grid positions are computed on demand).
@Suite("Work counters in column flows")
struct ColumnFlowWorkCounterTests {
  static let variants: [LayoutVariant] = [.autosizingColumnFlow, .keyValueColumnFlow, .multiColumn]
  /// 100 000 items in 2 columns: 50 000 lines.
  static let items: [Size] = {
    var sizes = SplitMix64(seed: 31)
    return sizes.mixedSizes(100_000)
  }()

  static func engine(_ variant: LayoutVariant) throws -> FastFlowLayout {
    try FastFlowLayout(
      TestInputs.ownSizes([Self.items], variant: variant) {
        $0.numberOfColumns = 2
        $0.widthClass = .regular
      })
  }

  static func expectEqualsFreshLayout(_ engine: FastFlowLayout) throws {
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
    #expect(engine.contentSize == fresh.contentSize)
  }

  @Test(arguments: variants)
  func resizeMeasuresOneLineAndMovesTheRest(variant: LayoutVariant) throws {
    var engine = try Self.engine(variant)
    let before = try engine.frame(ofItemAt: ItemPath(0, 99_999))
    engine.resetWorkCounters()
    try engine.apply(
      BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 40_001), size: Size(10, 450))]))
    let c = engine.workCounters
    #expect(c.linesRebroken == 1)
    #expect(c.itemsPositioned == 0)  // ≤ the line's 2 items; grid positions are not stored
    #expect(c.lineEntriesRebuilt == 0)
    #expect(c.lineStartsRenumbered == 0)
    #expect(c.sectionsLaidOut == 0)
    // One block's entry: its value and, on each of ≤ 3 levels, ≤ 32 partials and the group's
    // sum (PrefixSumTree.set); far below the ~1 000 blocks.
    #expect(c.offsetTreeNodesWritten <= 1 + 3 * 33)
    #expect(c.offsetTreeNodesWritten > 0)  // 450 is taller than any item: the line grew
    let after = try engine.frame(ofItemAt: ItemPath(0, 99_999))
    #expect(after.minY > before.minY)
    try Self.expectEqualsFreshLayout(engine)
  }

  /// The first insertion keeps the long column flow as equal-width lines by phase
  /// (`EqualWidthLines`, O(n·k) once); later edits rewrite one leaf's summaries and its path,
  /// and no line is measured by a scan of the later items.
  @Test(arguments: variants)
  func insertAndDeleteRewriteOneLeaf(variant: LayoutVariant) throws {
    var engine = try Self.engine(variant)
    engine.resetWorkCounters()
    try engine.apply(
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 90_000), size: Size(10, 77))]))
    var c = engine.workCounters
    #expect(c.linesRebroken == 0)
    #expect(c.itemsPositioned <= 4)  // the two position tables of 2 columns
    #expect(c.lineStartsRenumbered == 0)
    #expect(c.sectionsLaidOut == 0)
    try Self.expectEqualsFreshLayout(engine)

    engine.resetWorkCounters()
    try engine.apply(BatchUpdate(deleteItems: [ItemPath(0, 99_998), ItemPath(0, 99_999)]))
    c = engine.workCounters
    #expect(c.linesRebroken == 0 && c.itemsPaged == 0 && c.lineEntriesRebuilt == 0)
    #expect(c.phaseSummaryWork > 0)
    #expect(c.phaseSummaryWork <= 2 * 1_024 * 2 + 2 * 2 * 20)  // one leaf (≤ 2c items), a path
    try Self.expectEqualsFreshLayout(engine)
  }

  @Test func editsAtTheEdgesEqualAFreshLayout() throws {
    var sizes = SplitMix64(seed: 5)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([sizes.mixedSizes(65)], variant: .autosizingColumnFlow) {
        $0.numberOfColumns = 3
      })
    let batches: [BatchUpdate] = [
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(1, 300))]),
      BatchUpdate(deleteItems: [ItemPath(0, 65)]),
      BatchUpdate(deleteItems: [ItemPath(0, 0), ItemPath(0, 1), ItemPath(0, 2)]),
      BatchUpdate(
        resizeItems: [
          ItemResize(at: ItemPath(0, 61), size: Size(5, 1)),
          ItemResize(at: ItemPath(0, 3), size: Size(5, 400)),
        ]),
      BatchUpdate(
        deleteItems: [ItemPath(0, 10)],
        insertItems: [ItemInsertion(at: ItemPath(0, 40), size: Size(9, 9))]),
      BatchUpdate(deleteItems: (0..<62).map { ItemPath(0, $0) }),
      BatchUpdate(
        insertItems: (0..<40).map { ItemInsertion(at: ItemPath(0, $0), size: Size(2, 2)) }),
    ]
    for batch in batches {
      try engine.apply(batch)
      try Self.expectEqualsFreshLayout(engine)
    }
  }
}

/// `.horizontalScroll`: one line holds every item; an edit re-places only the items from the
/// first touched one on.
@Suite("Work counters in horizontal scroll")
struct HorizontalScrollWorkCounterTests {
  @Test func editsPlaceOnlyFromTheFirstTouchedItem() throws {
    var sizes = SplitMix64(seed: 77)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([sizes.mixedSizes(10_000), sizes.mixedSizes(3)], variant: .horizontalScroll))
    let batches: [(BatchUpdate, positioned: Int)] = [
      (BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 9_000), size: Size(30, 500))]), 1_000),
      (BatchUpdate(deleteItems: [ItemPath(0, 9_990)]), 9),
      (BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 9_999), size: Size(1, 1))]), 1),
      (BatchUpdate(deleteItems: [ItemPath(0, 9_999)]), 0),
      (BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(4, 4))]), 10_000),
      (BatchUpdate(deleteItems: [ItemPath(1, 0), ItemPath(1, 1), ItemPath(1, 2)]), 0),
    ]
    for (batch, positioned) in batches {
      engine.resetWorkCounters()
      try engine.apply(batch)
      let c = engine.workCounters
      #expect(c.itemsPositioned == positioned)
      #expect(c.linesRebroken <= 1)
      #expect(c.sectionsLaidOut == 0)
      let fresh = try FastFlowLayout(engine.input)
      #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
      #expect(engine.contentSize == fresh.contentSize)
    }
  }
}
