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
}
