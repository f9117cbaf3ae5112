import FlowLayoutCore
import FlowLayoutModel
import Testing

/// `moveSections` in the fast engine without a change of line rules (the pages of the moved
/// sections are rearranged, not laid out again), against the plain data transformation.
@Suite struct SectionMoveTests {
  @Test func movedSectionsKeepTheirItemsAndFramesFollow() throws {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.estimatedItemSize = Size(1, 1)
    var sections: [SectionData] = []
    for s in 0..<4 {
      var items: [Size] = []
      for i in 0..<(3 + s) { items.append(Size(Double(40 + 10 * i), Double(20 + s))) }
      sections.append(SectionData(header: Double(10 + s), footer: 5, items: items))
    }
    let input = LayoutInput(configuration: c, bounds: Size(200, 800), sections: sections)
    var engine = try FastFlowLayout(input)
    let batch = BatchUpdate(
      deleteItems: [ItemPath(0, 1)],
      insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(7, 7))],
      deleteSections: [2],
      moveSections: [SectionMove(from: 0, to: 2), SectionMove(from: 3, to: 0)])
    try engine.apply(batch)
    let expected = try input.applying(batch)
    #expect(engine.input == expected)
    let fresh = try FastFlowLayout(expected)
    #expect(engine.allElements == fresh.allElements)
    #expect(engine.contentSize == fresh.contentSize)
    // Old section 3 (header 13) is first, old 1 (header 11) second, old 0 (header 10) last.
    #expect(engine.input.sections.map { (section: SectionData) in section.header } == [13, 11, 10])
  }

  /// A batch of section edits only (moves, an insertion, a deletion) among 200 sections lays
  /// out the inserted section and nothing else: the kept sections' pages move as they are.
  @Test func sectionOnlyBatchDoesNotRebreakKeptSections() throws {
    let c = LayoutConfiguration(variant: .uikitFlow)
    var sections: [SectionData] = []
    for s in 0..<200 {
      // Item counts differ between sections (25–31), so a section's count must move with it.
      let items = (0..<(25 + s % 7)).map { i in Size(Double(60 + (7 * i + s) % 90), Double(40 + (i * s) % 50)) }
      sections.append(SectionData(header: Double(s % 3) * 10, footer: Double(s % 2) * 8, items: items))
    }
    let input = LayoutInput(configuration: c, bounds: Size(375, 812), sections: sections)
    var engine = try FastFlowLayout(input)

    // Moves only: no line is broken, no item positioned, no section laid out.
    engine.resetWorkCounters()
    let moves = BatchUpdate(moveSections: [SectionMove(from: 152, to: 3), SectionMove(from: 7, to: 199)])
    try engine.apply(moves)
    #expect(engine.workCounters == WorkCounters())
    var expected = try input.applying(moves)
    #expect(engine.input == expected)
    #expect(try engine.frame(ofItemAt: ItemPath(3, 24)) == (try FastFlowLayout(expected)).frame(ofItemAt: ItemPath(3, 24)))
    // The counts moved with the sections: old section 152 (25 + 152 % 7 = 30 items; the old
    // section 3 had 28) accepts an edit of its item 29.
    try engine.apply(BatchUpdate(deleteItems: [ItemPath(3, 29)]))
    try engine.apply(BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(3, 29), size: Size(60, 40))]))
    expected = try expected.applying(BatchUpdate(deleteItems: [ItemPath(3, 29)]))
      .applying(BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(3, 29), size: Size(60, 40))]))
    #expect(engine.input == expected)
    engine.resetWorkCounters()
    #expect(engine.allElements == (try FastFlowLayout(expected)).allElements)

    // Moves with an inserted (4 items) and a deleted section: only the inserted one is laid out.
    engine.resetWorkCounters()
    let inserted = SectionData(header: 12, footer: 0, items: (0..<4).map { _ in Size(100, 30) })
    let mixed = BatchUpdate(
      deleteSections: [10], insertSections: [SectionInsertion(at: 0, section: inserted)],
      moveSections: [SectionMove(from: 199, to: 50)])
    try engine.apply(mixed)
    #expect(engine.workCounters.sectionsLaidOut == 1)
    #expect(engine.workCounters.itemsPositioned <= 4)
    #expect(engine.workCounters.linesRebroken <= 4)
    expected = try expected.applying(mixed)
    let fresh = try FastFlowLayout(expected)
    #expect(engine.input == expected)
    #expect(engine.allElements == fresh.allElements)
    #expect(engine.contentSize == fresh.contentSize)
    #expect(engine.elements(in: Rect(x: 0, y: 5_000, width: 375, height: 812))
      == fresh.elements(in: Rect(x: 0, y: 5_000, width: 375, height: 812)))
  }

  /// A move that is refused leaves the engine unchanged (validated before anything moves).
  @Test func refusedMoveLeavesTheEngineUnchanged() throws {
    let c = LayoutConfiguration(variant: .uikitFlow)
    let sections = (0..<3).map { s in SectionData(header: 0, footer: 0, items: [Size(50, Double(10 + s))]) }
    var engine = try FastFlowLayout(LayoutInput(configuration: c, bounds: Size(375, 812), sections: sections))
    let before = engine.allElements
    #expect(throws: LayoutError.self) {
      try engine.apply(BatchUpdate(moveSections: [SectionMove(from: 0, to: 3)]))
    }
    #expect(engine.allElements == before)
  }
}
