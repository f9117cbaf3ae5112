import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Kept diagnostics (`keepDiagnostics()`): the same hidden and overflowing items as the pass over
/// every page, through every kind of batch; an answer's work does not grow with the layout.
@Suite("Kept diagnostics")
struct DiagnosticsTests {
  /// Sections of mixed sizes with a wide item (wider than the 375-pt line) every `every` items.
  static func input(sections: Int, items: Int, every: Int, rows: Int = 0) -> LayoutInput {
    var sizes = SplitMix64(seed: 5)
    let data = (0..<sections).map { s in
      var items = sizes.mixedSizes(items)
      for j in stride(from: (s * 7) % every, to: items.count, by: every) {
        items[j] = Size(400 + Double(j % 50), 80)
      }
      return items
    }
    return TestInputs.ownSizes(data, variant: .horizontalFlow) { $0.numberOfRows = rows }
  }

  /// The answers of `engine` without its kept diagnostics (the pass over every page).
  static func scanned(_ engine: FastFlowLayout) -> ([ItemPath], [ItemPath]) {
    var plain = engine
    plain.diagnostics = nil
    return (plain.hiddenItems, plain.overflowingItems)
  }

  static func expectKeptEqualsScanned(_ engine: FastFlowLayout, _ note: String) {
    let (hidden, overflowing) = scanned(engine)
    #expect(engine.keepsDiagnostics)
    #expect(engine.hiddenItems == hidden, "\(note)")
    #expect(engine.overflowingItems == overflowing, "\(note)")
  }

  @Test(
    "kept answers equal the pass over every page through every kind of batch", arguments: [0, 2])
  func keptEqualsScanned(rows: Int) throws {
    var engine = try FastFlowLayout(Self.input(sections: 4, items: 3_000, every: 97, rows: rows))
    engine.pageCapacity = PageCapacity(target: 64)
    engine.keepDiagnostics()
    #expect(!engine.overflowingItems.isEmpty)
    if rows > 0 { #expect(!engine.hiddenItems.isEmpty) }
    Self.expectKeptEqualsScanned(engine, "open")
    let wide = Size(500, 40)
    let batches: [BatchUpdate] = [
      BatchUpdate(deleteItems: [ItemPath(0, 2_999)]),  // pages the section
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 10), size: wide)]),
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(1, 0), size: Size(80, 80))]),
      BatchUpdate(resizeItems: [
        ItemResize(at: ItemPath(0, 10), size: Size(90, 40)),
        ItemResize(at: ItemPath(2, 5), size: wide),
      ]),
      BatchUpdate(deleteItems: [ItemPath(0, 0), ItemPath(0, 97), ItemPath(3, 50)]),
      BatchUpdate(moveItems: [
        ItemMove(from: ItemPath(2, 5), to: ItemPath(1, 1)),
        ItemMove(from: ItemPath(0, 3), to: ItemPath(3, 0)),
      ]),
      BatchUpdate(
        deleteSections: [1],
        insertSections: [
          SectionInsertion(at: 0, section: SectionData(items: [wide, Size(80, 80), wide]))
        ]),
      BatchUpdate(moveSections: [SectionMove(from: 0, to: 3)]),
      BatchUpdate(
        moveItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(1, 1))],
        moveSections: [SectionMove(from: 2, to: 0)]),
      BatchUpdate(setWidth: 600),
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(2, 4), size: Size(590, 10))]),
      BatchUpdate(setWidth: 375),
    ]
    for (k, batch) in batches.enumerated() {
      try engine.apply(batch)
      Self.expectKeptEqualsScanned(engine, "after batch \(k)")
    }
    // A refused batch leaves them as they were.
    let before = (engine.hiddenItems, engine.overflowingItems)
    #expect(throws: LayoutError.self) {
      try engine.apply(BatchUpdate(deleteItems: [ItemPath(9, 0)]))
    }
    #expect(engine.hiddenItems == before.0 && engine.overflowingItems == before.1)
    Self.expectKeptEqualsScanned(engine, "refused")
  }

  /// One batch inserting into sections of different line widths (a section with its own inset):
  /// each inserted item is judged wide against its own section's line.
  @Test func insertionsAreJudgedByTheirOwnSectionsLine() throws {
    var input = Self.input(sections: 3, items: 2_000, every: 97)
    input.sections[1].metrics = SectionMetrics(
      sectionInset: EdgeInsets(top: 0, left: 60, bottom: 0, right: 60))
    var engine = try FastFlowLayout(input)
    engine.pageCapacity = PageCapacity(target: 64)
    engine.keepDiagnostics()
    // 300 pt: wide in section 1 (a 255-pt line), not in sections 0 and 2 (375 pt).
    let between = Size(300, 40)
    let batch = BatchUpdate(
      insertItems: [0, 1, 2].flatMap { s in
        [5, 700, 1_500].map { ItemInsertion(at: ItemPath(s, $0), size: between) }
      })
    try engine.apply(batch)
    Self.expectKeptEqualsScanned(engine, "after the insertions")
    let overflowing = Set(engine.overflowingItems)
    for s in [0, 1, 2] {
      for j in [5, 700, 1_500] {
        #expect(overflowing.contains(ItemPath(s, j)) == (s == 1), "item \(j) of section \(s)")
      }
    }
  }

  @Test("width changes: items become wide and narrow again, found from the widest bound or a pass")
  func widthChanges() throws {
    var sizes = SplitMix64(seed: 3)
    var engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(5_000)]))
    engine.keepDiagnostics()
    #expect(engine.overflowingItems.isEmpty)
    for width in [150.0, 375, 600, 190, 212, 375] {
      try engine.apply(BatchUpdate(setWidth: width))
      Self.expectKeptEqualsScanned(engine, "width \(width)")
      if width == 150 { #expect(!engine.overflowingItems.isEmpty) }
      if width == 375 { #expect(engine.diagnostics!.entries.isEmpty) }
    }
    try engine.apply(
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 7), size: Size(500, 20))]))
    try engine.apply(BatchUpdate(setWidth: 414))
    Self.expectKeptEqualsScanned(engine, "a wide insertion, then a wider layout")
    #expect(engine.overflowingItems == [ItemPath(0, 7)])
  }

  @Test("an answer reads the wide items only: the same work at 10× the items")
  func answerWorkDoesNotGrow() throws {
    func probes(_ n: Int) throws -> (Int, Int) {
      var sizes = SplitMix64(seed: 9)
      var items = sizes.mixedSizes(n)
      for j in [3, n / 2, n - 2] { items[j] = Size(420, 50) }
      var engine = try FastFlowLayout(TestInputs.ownSizes([items]))
      engine.keepDiagnostics()
      try engine.apply(
        BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, n / 3), size: Size(80, 80))]))
      var kept = 0
      let answer = engine.overflowingItems(probes: &kept)
      #expect(answer.count == 3)
      var plain = engine
      plain.diagnostics = nil
      var scanned = 0
      #expect(plain.overflowingItems(probes: &scanned) == answer)
      return (kept, scanned)
    }
    let small = try probes(10_000)
    let large = try probes(100_000)
    #expect(small.0 == 3 && large.0 == 3)
    #expect(large.1 > 5 * small.1, "the pass over every page grows: \(small.1) → \(large.1)")
  }

  @Test("section counts and See All in O(1), equal to the input's")
  func sectionQueries() throws {
    var input = Self.input(sections: 3, items: 50, every: 7)
    input.sections[1].showsSeeAll = true
    var engine = try FastFlowLayout(input)
    engine.pageCapacity = PageCapacity(target: 16)
    try engine.apply(BatchUpdate(deleteItems: [ItemPath(1, 0)]))
    #expect(engine.numberOfSections == 3)
    #expect(try engine.numberOfItems(inSection: 1) == 49)
    #expect(try engine.showsSeeAll(inSection: 1) && !engine.showsSeeAll(inSection: 2))
    #expect(engine.seeAllLabel(inSection: 1) == "See All (49)")
    #expect(engine.seeAllLabel(inSection: 0) == nil && engine.seeAllLabel(inSection: 7) == nil)
    #expect(throws: LayoutError.self) { try engine.numberOfItems(inSection: 3) }
  }
}
