import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

/// Bad input gets the model's typed error, and a rejected batch leaves the engine as it was.
@Suite("Bad input")
struct BadInputTests {
  @Test(arguments: [Double.nan, .infinity, -.infinity, -1, 1e8])
  func badItemSizeIsNamedLikeTheModel(value: Double) {
    var items = [Size](repeating: Size(50, 50), count: 10)
    items[7].height = value
    let input = TestInputs.ownSizes([[Size(1, 1)], items])
    var expected: LayoutError?
    do { try input.validate() } catch { expected = error }
    #expect(expected != nil)
    // Compared by description: `LayoutError` holds the value, and NaN ≠ NaN.
    do {
      _ = try FastFlowLayout(input)
      Issue.record("no error")
    } catch {
      #expect(error.description == expected?.description)
      #expect(error.field == "sections[1].items[7].height")
    }
  }

  /// Validation rides along the layout pass: every place an item can sit (a greedy line, a
  /// hidden line, a closed-form section that ignores item sizes, a column flow, a horizontal
  /// scroll, a horizontal fit's hidden tail) still gets the model's exact error, the first one in
  /// document order; a valid −0 (which the fast screen doubts) is accepted.
  @Test(arguments: LayoutVariant.allCases)
  func everyPlaceAnItemCanSitIsValidated(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 11)
    for (index, value, configure) in [
      (3, Double.nan, { (c: inout LayoutConfiguration) in c.numberOfRows = 0 }),
      (190, -1, { (c: inout LayoutConfiguration) in c.numberOfRows = 2 }),
      (0, .infinity, { (c: inout LayoutConfiguration) in c.estimatedItemSize = .zero }),
      (199, 2e7, { (c: inout LayoutConfiguration) in c.numberOfColumns = 3 }),
    ] {
      for column in [0, 1] {
        var items = sizes.mixedSizes(200)
        if column == 0 { items[index].width = value } else { items[index].height = value }
        items[index + (index < 100 ? 1 : -1)].height = -5  // the first error in document order wins
        let input = TestInputs.ownSizes(
          [sizes.mixedSizes(4), items], variant: variant, configure: configure)
        var expected: LayoutError?
        do { try input.validate() } catch { expected = error }
        do {
          _ = try FastFlowLayout(input)
          Issue.record("no error for \(variant) item \(index) = \(value)")
        } catch {
          #expect(error.description == expected?.description)
        }
      }
    }
    var items = sizes.mixedSizes(50)
    items[20] = Size(-0.0, -0.0)
    let input = TestInputs.ownSizes([items], variant: variant)
    try input.validate()
    let engine = try FastFlowLayout(input)
    #expect(engine.input == input)
  }

  static let badBatches: [BatchUpdate] = [
    BatchUpdate(deleteItems: [ItemPath(0, 99)]),
    BatchUpdate(deleteItems: [ItemPath(0, 1), ItemPath(0, 1)]),
    BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 1), size: Size(-1, 5))]),
    BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 0), size: Size(10, .nan))]),
    BatchUpdate(
      deleteItems: [ItemPath(0, 0)], resizeItems: [ItemResize(at: ItemPath(0, 0), size: Size(1, 1))]
    ),
    BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(1, 1))], setWidth: 0),
    BatchUpdate(deleteSections: [3]),
    BatchUpdate(
      insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(1, 1))], expectedItemCounts: [20]),
    BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 3), size: Size(300, 20))], setWidth: -3),
  ]

  @Test(arguments: badBatches)
  func rejectedBatchChangesNothing(batch: BatchUpdate) throws {
    var sizes = SplitMix64(seed: 5)
    var engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(20)]))
    let input = engine.input
    let elements = engine.allElements
    let counters = engine.workCounters
    #expect(throws: LayoutError.self) { try engine.apply(batch) }
    #expect(engine.input == input)
    #expect(engine.allElements == elements)
    #expect(engine.workCounters == counters)
    var expected: LayoutError?
    do { _ = try input.applying(batch) } catch { expected = error }
    do {
      try engine.apply(batch)
    } catch {
      #expect(error.description == expected?.description)
    }
  }
}
