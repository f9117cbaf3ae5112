import FlowLayoutCore
import FlowLayoutModel
import Testing

/// The fast engine refuses per-section metrics (laid out by the reference engine only, for now)
/// instead of laying them out with the layout's values.
@Suite struct SectionMetricsRefusalTests {
  static let metrics = SectionMetrics(minimumLineSpacing: 4)

  @Test func inputWithSectionMetricsIsRefused() {
    let input = LayoutInput(
      configuration: LayoutConfiguration(variant: .vertical), bounds: Size(375, 812),
      sections: [SectionData(items: []), SectionData(items: [Size(10, 10)], metrics: Self.metrics)])
    #expect(throws: LayoutError.self) { try FastFlowLayout(input) }
    do {
      _ = try FastFlowLayout(input)
    } catch {
      #expect(error.field == "sections[1].minimumLineSpacing")
    }
    // Empty metrics are no metrics.
    var empty = input
    empty.sections[1].metrics = SectionMetrics()
    #expect(throws: Never.self) { try FastFlowLayout(empty) }
  }

  @Test func insertedSectionWithMetricsIsRefusedAndChangesNothing() throws {
    let input = LayoutInput(
      configuration: LayoutConfiguration(variant: .vertical), bounds: Size(375, 812),
      sections: [SectionData(items: [Size(10, 10)])])
    var engine = try FastFlowLayout(input)
    let before = engine.allElements
    let batch = BatchUpdate(
      insertSections: [
        SectionInsertion(at: 1, section: SectionData(items: [], metrics: Self.metrics))
      ])
    do {
      try engine.apply(batch)
      Issue.record("accepted")
    } catch {
      #expect(error.field == "insertSections[0].minimumLineSpacing")
    }
    #expect(engine.allElements == before && engine.input == input)
  }
}
