import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import Testing

/// Section insertions and removals in a document (a grouped list whose user collapses and
/// expands sections where they look) cost the self-sizing state and the document's cells the
/// distance between edits, not the sections after them (`SectionValues`): 2 000 and 20 000
/// sections alike, and the kept counts equal the engine's after every batch.
@Suite struct SectionEditWorkTests {
  @Test(arguments: [2_000, 20_000])
  func sectionEditsNearEachOtherWriteFewSlots(sectionCount: Int) throws {
    let sections = Array(repeating: #"{"header": 20, "items": [[50, 40], [60, 40]]}"#, count: sectionCount)
    let json =
      #"{"layout": "horizontalFlow", "width": 375, "height": 812, "estimatedItemSize": [50, 50], "sections": ["#
      + sections.joined(separator: ",") + "]}"
    var live = try DocumentLayout<FastFlowLayout>(LayoutDocument.decode(Array(json.utf8)))
    func written() -> [Int] {
      [live.cells.slotsWritten, live.layout.estimatedItems.slotsWritten, live.layout.itemCounts.slotsWritten]
    }
    let middle = sectionCount / 2
    let insertion = #"{"insertSections": [{"at": \#(middle), "header": 20, "items": [[30, 30]]}]}"#
    try live.apply(json: Array(insertion.utf8))
    let before = written()
    for k in 0..<100 {
      let batch =
        k % 2 == 0
        ? #"{"insertSections": [{"at": \#(middle + k / 2), "header": 20, "items": [[30, 30]]}]}"#
        : #"{"deleteSections": [\#(middle + k / 2 + 1)]}"#
      try live.apply(json: Array(batch.utf8))
      #expect(Array(live.layout.itemCounts) == live.engine.input.sections.map(\.count), "\(k)")
    }
    for (after, start) in zip(written(), before) {
      // At most 3 values and 3 fillers a section edit, whatever the section count.
      #expect(after - start <= 6 * 100, "\(after - start) slots written")
    }
    #expect(live.layout.itemCounts.count == sectionCount + 1)
  }

  /// The room for section edits is placed where the user looks when a session opens
  /// (`DocumentLayout.prepareForEdits()`): the first section insertion beside the viewport moves
  /// no far page, summary, count or cell: its work at 20 000 sections is what it is at 2 000;
  /// nor do the forty after it.
  @Test func theFirstSectionEditBesideTheViewportWritesWhatTheTenthDoes() throws {
    func firstEditWork(sectionCount: Int) throws -> [Int] {
      let sections = Array(
        repeating: #"{"header": 20, "items": [[50, 40], [60, 40]]}"#, count: sectionCount)
      func json(viewportY: Double?) -> String {
        let viewport = viewportY.map { #""viewport": [0, \#($0), 375, 812], "# } ?? ""
        return #"{"layout": "horizontalFlow", "width": 375, "height": 812, "# + viewport
          + #""estimatedItemSize": [50, 50], "sections": ["# + sections.joined(separator: ",") + "]}"
      }
      let middle = sectionCount / 2
      let probe = try DocumentLayout<FastFlowLayout>(
        LayoutDocument.decode(Array(json(viewportY: nil).utf8)))
      let top = try #require(try probe.engine.supplementaryFrame(.header, inSection: middle)).minY
      var live = try DocumentLayout<FastFlowLayout>(
        LayoutDocument.decode(Array(json(viewportY: top).utf8)))
      live.prepareForEdits()
      func written() -> [Int] {
        [
          live.cells.slotsWritten, live.layout.estimatedItems.slotsWritten,
          live.layout.itemCounts.slotsWritten, live.engine.workCounters.pageTreeNodesWritten,
        ]
      }
      func insert(at s: Int) throws -> [Int] {
        let before = written()
        let insertion = #"{"insertSections": [{"at": \#(s), "header": 20, "items": [[30, 30]]}]}"#
        try live.apply(json: Array(insertion.utf8))
        return zip(written(), before).map { $0 - $1 }
      }
      let first = try insert(at: middle + 1)
      // Forty more: the room holds them (a page list re-laid out writes every slot's summary).
      for k in 2...41 {
        let work = try insert(at: middle + k)
        #expect(work[3] < 200, "insertion \(k): \(work[3]) page tree nodes")
      }
      return first
    }
    let small = try firstEditWork(sectionCount: 2_000)
    let large = try firstEditWork(sectionCount: 20_000)
    // Cells, estimates, counts: the same; page tree nodes: a path per level (119 and 128).
    #expect(small.prefix(3) == large.prefix(3), "\(small) vs \(large)")
    #expect(large.allSatisfy { $0 < 200 }, "\(large)")
  }
}
