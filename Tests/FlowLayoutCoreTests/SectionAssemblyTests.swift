@testable import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

/// `FastFlowLayout.assembleSections`, the one pass that rebuilds the section list from kept
/// sections' pages and inserted sections, through both of its callers, on sections cut into
/// pages: a batch of section edits with moves (`reorderSections`) and one of more than 8 section
/// deletions and insertions (`mergeSections`). Each must equal a fresh layout of the edited input.
@Suite struct SectionAssemblyTests {
  /// `count` greedy sections of mixed widths; the long ones become several pages once prepared.
  static func input(sections count: Int) -> LayoutInput {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.estimatedItemSize = Size(1, 1)  // own sizes: greedy lines, paged when long
    var sections: [SectionData] = []
    for s in 0..<count {
      let n = s % 4 == 0 ? 1_100 + 13 * s : 20 + s
      let items = (0..<n).map { i in
        Size(Double(40 + (37 * i + 11 * s) % 120), Double(20 + (i * 7 + s) % 45))
      }
      sections.append(SectionData(header: Double(s % 4) * 5, footer: Double(s % 2) * 6, items: items))
    }
    return LayoutInput(configuration: c, bounds: Size(375, 812), sections: sections)
  }

  static func expectFresh(_ engine: FastFlowLayout, _ expected: LayoutInput, _ note: String) throws {
    #expect(engine.input == expected, "\(note): input")
    let fresh = try FastFlowLayout(expected)
    #expect(engine.allElements == fresh.allElements, "\(note): elements")
    #expect(engine.contentSize == fresh.contentSize, "\(note): content size")
  }

  @Test func movesAmongPagedSectionsEqualAFreshLayout() throws {
    let input = Self.input(sections: 12)
    var engine = try FastFlowLayout(input)
    engine.prepareForEdits()
    #expect(engine.pages.count > 12, "some sections are cut into pages")
    let extra = SectionData(header: 4, footer: 0, items: (0..<1_200).map { Size(Double(30 + $0 % 90), 33) })
    let batch = BatchUpdate(
      deleteSections: [4],
      insertSections: [SectionInsertion(at: 1, section: extra)],
      moveSections: [SectionMove(from: 0, to: 7), SectionMove(from: 9, to: 2)])
    try engine.apply(batch)
    try Self.expectFresh(engine, try input.applying(batch), "moves")
  }

  @Test func manySectionDeletionsAndInsertionsAmongPagedSectionsEqualAFreshLayout() throws {
    let input = Self.input(sections: 20)
    var engine = try FastFlowLayout(input)
    engine.prepareForEdits()
    #expect(engine.pages.count > 20, "some sections are cut into pages")
    let inserted = (0..<9).map { k in
      SectionInsertion(
        at: 2 * k + 1,
        section: SectionData(
          header: 3, footer: 0, items: (0..<(k == 4 ? 1_150 : 9)).map { Size(Double(25 + $0 % 70), 30) }))
    }
    let batch = BatchUpdate(deleteSections: [1, 2, 4, 7, 8, 11, 13, 17, 19], insertSections: inserted)
    try engine.apply(batch)
    try Self.expectFresh(engine, try input.applying(batch), "merge")
  }
}
