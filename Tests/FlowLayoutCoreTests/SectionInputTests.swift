import FlowLayoutModel
import Testing

@testable import FlowLayoutCore

/// `FastFlowLayout.section(_:)` is section s of `input`: for sections of one page and of many
/// (joined), transposed or not, with their own metrics, before and after edits.
@Suite("One section of the input")
struct SectionInputTests {
  @Test(arguments: [LayoutVariant.horizontalFlow, .horizontalScroll])
  func eachSectionIsTheInputs(_ variant: LayoutVariant) throws {
    var g = SplitMix64(seed: 37)
    var configuration = LayoutConfiguration(variant: variant)
    configuration.estimatedItemSize = Size(1, 1)
    func sizes(_ count: Int) -> [Size] {
      (0..<count).map { _ in
        Size(Double(20 + g.nextInt(below: 300)), Double(20 + g.nextInt(below: 200)))
      }
    }
    var own = SectionData(header: 12, items: sizes(40))
    own.metrics = SectionMetrics(minimumInteritemSpacing: 3)
    let input = LayoutInput(
      configuration: configuration, bounds: Size(375, 812),
      sections: [
        SectionData(header: 30, footer: 10, items: sizes(5_000)), own,
        SectionData(items: []), SectionData(footer: 7, items: sizes(3)),
      ])
    var engine = try FastFlowLayout(input)
    engine.prepareForEdits()
    // The long flowing section is cut into pages: the joined path is taken (a horizontal
    // scroll's one line is one page).
    #expect(engine.pages(ofSection: 0).count > 1 || variant == .horizontalScroll)
    for s in input.sections.indices {
      #expect(try engine.section(s) == input.sections[s], "section \(s)")
    }
    #expect(throws: LayoutError.self) { try engine.section(4) }
    #expect(throws: LayoutError.self) { try engine.section(-1) }
    try engine.apply(
      BatchUpdate(
        deleteItems: [ItemPath(section: 0, item: 7)],
        insertItems: [ItemInsertion(at: ItemPath(section: 0, item: 4_000), size: Size(90, 90))]))
    let after = engine.input
    for s in after.sections.indices {
      #expect(try engine.section(s) == after.sections[s], "section \(s) after an edit")
    }
  }
}
