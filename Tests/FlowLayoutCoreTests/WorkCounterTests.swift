import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

/// An edit does only the work it should, asserted on the work counters (never on a clock).
@Suite("Work counters")
struct WorkCounterTests {
  static let items: [Size] = {
    var sizes = SplitMix64(seed: 2026)
    return sizes.mixedSizes(100_000)
  }()

  @Test func heightChangeInLineTenReBreaksAFewLines() throws {
    var engine = try FastFlowLayout(TestInputs.ownSizes([Self.items]))
    let lineTen = try engine.frame(ofItemAt: ItemPath(0, 25))  // ~2.7 items per line
    engine.resetWorkCounters()
    let old = Self.items[25]
    try engine.apply(
      BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 25), size: Size(old.width, 240))]))
    let c = engine.workCounters
    #expect(c.linesRebroken <= 3)
    #expect(c.itemsPositioned <= 12)
    #expect(c.lineEntriesRebuilt == 0)
    #expect(c.lineStartsRenumbered == 0)
    // ≤ 2 lines × one block's entry: its value and, on each of the 3 levels over ~1 160
    // blocks, ≤ 32 partials and the group's sum (PrefixSumTree.set); far below the blocks.
    #expect(c.offsetTreeNodesWritten <= 2 * (1 + 3 * 33))
    #expect(c.sectionsLaidOut == 0)
    // …and every later line moved down by the growth of line 10.
    let last = try engine.frame(ofItemAt: ItemPath(0, 99_999))
    let fresh = try FastFlowLayout(engine.input)
    #expect(last == (try fresh.frame(ofItemAt: ItemPath(0, 99_999))))
    #expect(
      (try engine.frame(ofItemAt: ItemPath(0, 25))) == (try fresh.frame(ofItemAt: ItemPath(0, 25))))
    #expect((try engine.frame(ofItemAt: ItemPath(0, 0))).minY < lineTen.minY)
  }

  @Test func resizesFarApartReBreakOnlyTheirOwnLines() throws {
    var engine = try FastFlowLayout(TestInputs.ownSizes([Self.items]))
    engine.resetWorkCounters()
    try engine.apply(
      BatchUpdate(resizeItems: [
        ItemResize(at: ItemPath(0, 90_000), size: Size(200, 30)),
        ItemResize(at: ItemPath(0, 25), size: Size(61, 240)),
        ItemResize(at: ItemPath(0, 50_000), size: Size(5, 5)),
      ]))
    let c = engine.workCounters
    #expect(c.linesRebroken <= 3 * 6)  // a few lines each, not the ~33 000 lines between them
    #expect(c.itemsPositioned <= 3 * 24)
    #expect(c.sectionsLaidOut == 0)
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
  }

  @Test func widthOnlyResizeThatKeepsTheLineMovesNothing() throws {
    var engine = try FastFlowLayout(TestInputs.ownSizes([Self.items]))
    engine.resetWorkCounters()
    let old = Self.items[50_000]
    try engine.apply(
      BatchUpdate(resizeItems: [
        ItemResize(at: ItemPath(0, 50_000), size: Size(old.width, old.height))
      ]))
    #expect(engine.workCounters == WorkCounters())  // the same size changes nothing
  }

  @Test func insertInTheMiddleReBreaksLocallyAndRenumbersLaterStarts() throws {
    var engine = try FastFlowLayout(TestInputs.ownSizes([Self.items]))
    engine.resetWorkCounters()
    try engine.apply(
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 50_000), size: Size(77, 88))]))
    let c = engine.workCounters
    #expect(c.linesRebroken <= 40)
    #expect(c.sectionsLaidOut == 0)
    #expect(c.lineStartsRenumbered > 0)  // O(r − i): the documented cost of an index shift
    // Offsets are rebuilt from the edited line's block on (about half of the lines), not all.
    #expect(c.lineEntriesRebuilt <= c.lineStartsRenumbered + 2 * 32)
    #expect(c.lineStartsRenumbered < 25_000)  // ~45 000 lines; the edit is in the middle
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
  }

  @Test func uniformGridRelayoutIsClosedForm() throws {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.itemSize = Size(100, 120)
    let input = LayoutInput(
      configuration: c, bounds: Size(375, 812),
      sections: [
        SectionData(itemWidths: Self.items.map(\.width), itemHeights: Self.items.map(\.height))
      ])
    var engine = try FastFlowLayout(input)
    engine.resetWorkCounters()
    try engine.apply(BatchUpdate(setWidth: 1024))
    #expect(engine.workCounters.sectionsLaidOut == 1)
    #expect(engine.workCounters.linesRebroken <= 1)
    #expect(engine.workCounters.itemsPositioned <= 2 * 9)  // two position tables of ≤ 9 columns
    #expect((try engine.frame(ofItemAt: ItemPath(0, 99_999))).minX == 110 * Double(99_999 % 9))
  }
}

/// An edit in one section lays out only that section; later sections only move.
@Suite("Work counters across sections")
struct SectionWorkCounterTests {
  @Test func editInOneSectionLeavesTheOthers() throws {
    var sizes = SplitMix64(seed: 9)
    let sections = (0..<10).map { _ in sizes.mixedSizes(2_000) }
    var engine = try FastFlowLayout(TestInputs.ownSizes(sections))
    let before = try engine.frame(ofItemAt: ItemPath(9, 1_999))
    engine.resetWorkCounters()
    // Taller, same width (as heightChangeInLineTenReBreaksAFewLines): how far a width change
    // ripples before the breaks meet the old ones again depends on the sizes drawn.
    let width = engine.input.sections[5].itemSize(at: 1_000).width
    try engine.apply(
      BatchUpdate(resizeItems: [ItemResize(at: ItemPath(5, 1_000), size: Size(width, 260))]))
    let c = engine.workCounters
    #expect(c.sectionsLaidOut == 0)
    #expect(c.linesRebroken <= 3)
    #expect(c.lineEntriesRebuilt == 0)
    let after = try engine.frame(ofItemAt: ItemPath(9, 1_999))
    #expect(after.minX == before.minX)
    #expect(after.minY > before.minY)  // moved down with section 5's growth
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
  }
}
