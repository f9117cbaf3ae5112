import FlowLayoutCore
import FlowLayoutModel
import Testing

/// Measurements over the fast engine do only the work they should: none when the size is the
/// one the item has (idempotence stops layout loops), a resize's work otherwise.
@Suite("Self-sizing work counters")
struct SelfSizingWorkTests {
  static func layout() throws -> SelfSizingLayout<FastFlowLayout> {
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.estimatedItemSize = Size(100, 50)
    let sizes = (0..<100_000).map { (i: Int) -> Size in
      let width = Double(60 + i % 141)
      let height = Double(60 + i % 97)
      return Size(width, height)
    }
    let input = LayoutInput(
      configuration: configuration, bounds: Size(375, 812), sections: [SectionData(items: sizes)])
    return try SelfSizingLayout(
      input, estimatedItems: [ItemIndexSet(0..<100_000)],
      viewport: Rect(x: 0, y: 40_000, width: 375, height: 812))
  }

  @Test("measuring an item with its own size does no layout work and only marks it measured")
  func idempotentMeasurement() throws {
    var layout = try Self.layout()
    let before = layout.engine.workCounters
    let offset = layout.contentOffset
    let path = ItemPath(section: 0, item: 50_000)
    let size = layout.engine.input.sections[0].itemSize(at: 50_000)
    try layout.apply(BatchUpdate(measureItems: [ItemResize(at: path, size: size)]))
    #expect(layout.engine.workCounters == before)
    #expect(layout.measurementsUnchanged == 1 && layout.measurementsApplied == 0)
    #expect(!layout.isEstimated(path))
    #expect(layout.estimatedItems[0].ranges == [0..<50_000, 50_001..<100_000])
    #expect(layout.contentOffset == offset)
    // Again: nothing at all changes.
    try layout.apply(BatchUpdate(measureItems: [ItemResize(at: path, size: size)]))
    #expect(layout.engine.workCounters == before)
    #expect(layout.measurementsUnchanged == 2)
  }

  @Test("a measurement with a new size is a resize: a few lines re-broken")
  func changingMeasurement() throws {
    var layout = try Self.layout()
    let before = layout.engine.workCounters
    // Item 30 is 90 wide: the same width, a new height (the lines keep their items).
    let path = ItemPath(section: 0, item: 30)
    try layout.apply(BatchUpdate(measureItems: [ItemResize(at: path, size: Size(90, 200))]))
    #expect(layout.measurementsApplied == 1)
    #expect(layout.engine.workCounters.linesRebroken - before.linesRebroken <= 3)
    #expect(layout.engine.workCounters.linesRebroken > before.linesRebroken)
    #expect(try layout.engine.frame(ofItemAt: path).height == 200)
  }

  @Test("a bad measurement names its field and changes nothing")
  func badMeasurement() throws {
    var layout = try Self.layout()
    let before = layout.engine.allElements
    #expect(
      throws: LayoutError.itemOutOfRange(
        field: "measureItems[0].at", path: ItemPath(section: 0, item: 100_000))
    ) {
      try layout.apply(
        BatchUpdate(measureItems: [
          ItemResize(at: ItemPath(section: 0, item: 100_000), size: Size(1, 1))
        ]))
    }
    #expect(throws: LayoutError.self) {
      try layout.apply(
        BatchUpdate(
          deleteItems: [ItemPath(section: 0, item: 3)],
          measureItems: [ItemResize(at: ItemPath(section: 0, item: 3), size: Size(1, 1))]))
    }
    #expect(layout.engine.allElements == before)
    #expect(layout.estimatedItems[0].ranges == [0..<100_000])
    // An engine refuses measurements given to it directly (they would lose the state).
    var engine = layout.engine
    #expect(throws: LayoutError.self) {
      try engine.apply(
        BatchUpdate(measureItems: [ItemResize(at: ItemPath(section: 0, item: 0), size: Size(1, 1))])
      )
    }
  }
}
