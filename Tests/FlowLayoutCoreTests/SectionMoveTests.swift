@testable import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
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

  /// One section moved (the grouped list's drag, `s → s + 2`) among 500 and among 50 000
  /// sections of 20 items: its pages are spliced out and in (`moveSection(from:to:)`), so the
  /// work counted is the same at 10k and 1M items (before: every page moved and the page
  /// trees rebuilt, O(p)), nothing is laid out, and every answer is a fresh layout's.
  @Test func oneSectionMovesWorkDoesNotGrowWithTheSections() throws {
    func moved(sections: Int) throws -> (first: WorkCounters, later: WorkCounters) {
      var sizes = SplitMix64(seed: 3_301)
      var input = TestInputs.ownSizes((0..<sections).map { _ in sizes.mixedSizes(20) })
      for s in input.sections.indices { input.sections[s].header = Double(10 + s % 5) }
      var engine = try FastFlowLayout(input)
      var expected = input
      let s = sections / 2
      func move(_ from: Int, _ to: Int) throws -> WorkCounters {
        let batch = BatchUpdate(moveSections: [SectionMove(from: from, to: to)])
        engine.resetWorkCounters()
        try engine.apply(batch)
        expected = try expected.applying(batch)
        return engine.workCounters
      }
      let first = try move(s, s + 2)
      var later = WorkCounters()
      for k in 1...9 { later = try move(s + k, s + k + 2) }
      _ = try move(s + 20, s - 3)  // back before the others
      #expect(engine.input == expected)
      let fresh = try FastFlowLayout(expected)
      if sections <= 500 { #expect(engine.allElements == fresh.allElements) }
      for probe in [ItemPath(s - 3, 19), ItemPath(s + 11, 0), ItemPath(sections - 1, 7)] {
        #expect(try engine.frame(ofItemAt: probe) == (try fresh.frame(ofItemAt: probe)))
      }
      #expect(engine.contentSize == fresh.contentSize)
      return (first, later)
    }
    let small = try moved(sections: 500)
    let large = try moved(sections: 50_000)
    for c in [small.later, large.later] {
      #expect(c.sectionsLaidOut == 0 && c.linesRebroken == 0 && c.itemsPositioned == 0, "\(c)")
    }
    #expect(large.later.pageTreeNodesWritten > 0)
    #expect(
      large.later.pageTreeNodesWritten <= 2 * small.later.pageTreeNodesWritten,
      "1M: \(large.later), 10k: \(small.later)")
    // The first move re-lays the page list out with a gap (O(p), once); the tenth is local.
    #expect(large.later.pageTreeNodesWritten < 1_000)
  }

  /// Random single moves among sections of 0–300 items, some cut into pages of ~8 items (and
  /// with their own metrics), the page list growing through a gap of 1: after every move the
  /// answers are a fresh layout's, and the pages hold their invariants.
  @Test(arguments: [false, true])
  func randomSingleMovesEqualAFreshLayout(smallGap: Bool) throws {
    var draws = SplitMix64(seed: smallGap ? 33 : 34)
    var sections: [[Size]] = []
    for s in 0..<24 { sections.append(draws.mixedSizes(s % 5 == 0 ? 0 : 20 + (s * 37) % 280)) }
    var input = TestInputs.ownSizes(sections)
    input.sections[3].metrics = SectionMetrics(minimumInteritemSpacing: 2, minimumLineSpacing: 9)
    for s in input.sections.indices { input.sections[s].header = Double(s % 4) * 6 }
    var engine = try FastFlowLayout(input)
    engine.pageCapacity = PageCapacity(target: 8, smallGap: smallGap)
    // Cut some sections into pages (an insertion each).
    var expected = input
    for s in [1, 3, 7, 12, 23] where expected.sections[s].count > 0 {
      let batch = BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(s, 1), size: Size(50, 30))])
      try engine.apply(batch)
      expected = try expected.applying(batch)
    }
    for step in 0..<40 {
      let from = Int(draws.nextInt(below: 24))
      let to = Int(draws.nextInt(below: 24))
      let batch = BatchUpdate(moveSections: [SectionMove(from: from, to: to)])
      engine.resetWorkCounters()
      try engine.apply(batch)
      expected = try expected.applying(batch)
      #expect(engine.workCounters.sectionsLaidOut == 0, "step \(step)")
      #expect(engine.input == expected, "step \(step)")
      let fresh = try FastFlowLayout(expected)
      #expect(engine.allElements == fresh.allElements, "step \(step): \(from) → \(to)")
      #expect(engine.contentSize == fresh.contentSize, "step \(step)")
      PagingTests.expectPageInvariants(engine, "step \(step)")
      // An edit after the move finds its section's pages.
      if step % 8 == 7, expected.sections[to].count > 2 {
        let edit = BatchUpdate(deleteItems: [ItemPath(to, 2)])
        try engine.apply(edit)
        expected = try expected.applying(edit)
        #expect(engine.allElements == (try FastFlowLayout(expected)).allElements, "step \(step)")
      }
    }
  }
}
