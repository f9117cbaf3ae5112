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
}
