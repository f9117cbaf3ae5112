import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Per-section metrics in the fast engine (`docs/semantics.md`, "Per-section metrics"): what the
/// engine stores for them, that bad metrics are refused as the model's validation names them
/// with the engine unchanged, and that edits of a section with metrics do only that section's
/// work. (That the frames equal the reference engine's is checked by `DifferentialTests`.)
@Suite("Per-section metrics (fast engine)")
struct SectionMetricsTests {
  static let own = SectionMetrics(
    sectionInset: EdgeInsets(top: 5, left: 20, bottom: 5, right: 0), minimumInteritemSpacing: 0,
    minimumLineSpacing: 4)

  /// Three sections, the middle one with its own metrics and `count` mixed items.
  static func input(count: Int = 40) -> LayoutInput {
    var sizes = SplitMix64(seed: 7)
    var input = TestInputs.ownSizes([
      sizes.mixedSizes(30), sizes.mixedSizes(count), sizes.mixedSizes(30),
    ])
    input.sections[1].metrics = own
    return input
  }

  @Test func onlySectionsWithMetricsCarryTheirRulesAndPagesShareThem() throws {
    var engine = try FastFlowLayout(Self.input(count: 400))
    engine.pageCapacity = PageCapacity(target: 16)
    // Paged by its first insertion: every page of section 1 holds the one `OwnMetrics`.
    try engine.apply(BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(1, 3), size: Size(61, 70))]))
    let range = engine.pages(ofSection: 1)
    #expect(range.count > 1)
    let own = try #require(engine.pages[range.lowerBound].ownMetrics)
    #expect(range.allSatisfy { engine.pages[$0].ownMetrics === own })
    #expect(own.rules.available == 375 - 20 && own.rules.interitem == 0 && own.rules.lineSpacing == 4)
    for s in [0, 2] {
      #expect(engine.pages(ofSection: s).allSatisfy { engine.pages[$0].ownMetrics == nil })
    }
    // The metrics come back as given.
    #expect(engine.input.sections.map(\.metrics) == [nil, Self.own, nil])
  }

  @Test func emptyMetricsRoundTripAndChangeNothing() throws {
    var input = Self.input()
    let plain = try FastFlowLayout({ var i = input; i.sections[1].metrics = nil; return i }())
    input.sections[1].metrics = SectionMetrics()
    let engine = try FastFlowLayout(input)
    #expect(engine.input == input)
    #expect(engine.allElements == plain.allElements && engine.contentSize == plain.contentSize)
  }

  /// The model's validator and the fast engine name the same field for bad metrics, in document
  /// order with the other checks.
  @Test(arguments: [
    (SectionMetrics(minimumLineSpacing: .nan), "sections[1].minimumLineSpacing"),
    (SectionMetrics(minimumInteritemSpacing: -1), "sections[1].minimumInteritemSpacing"),
    (
      SectionMetrics(sectionInset: EdgeInsets(top: 0, left: 200, bottom: 0, right: 175)),
      "sections[1].sectionInset"
    ),
    (
      SectionMetrics(sectionInset: EdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)),
      "sections[1].sectionInset.top"
    ),
  ])
  func badMetricsAreRefusedNamingTheField(_ metrics: SectionMetrics, _ field: String) {
    var input = Self.input()
    input.sections[1].metrics = metrics
    #expect(throws: LayoutError.self) { try input.validate() }
    do {
      _ = try FastFlowLayout(input)
      Issue.record("accepted")
    } catch {
      #expect(error.field == field)
      // (Compared as text: a NaN value is not equal to itself.)
      let expected = Result { () throws(LayoutError) in try input.validate() }.error
      #expect(expected?.description == error.description)
    }
    // An earlier bad item is named first, as the model's validation goes in document order.
    input.sections[0].itemWidths[3] = -1
    do {
      _ = try FastFlowLayout(input)
      Issue.record("accepted")
    } catch {
      #expect(error.field == "sections[0].items[3].width")
    }
  }

  @Test func aWidthThatLeavesASectionNoLineIsRefusedAndChangesNothing() throws {
    var engine = try FastFlowLayout(Self.input())
    let before = engine.allElements
    let input = engine.input
    // 20 + 0 ≥ 15: section 1's insets leave no line; the layout's (0, 0) would.
    for batch in [
      BatchUpdate(setWidth: 15),
      BatchUpdate(insertSections: [SectionInsertion(at: 0, section: SectionData(items: []))], setWidth: 15),
    ] {
      do {
        try engine.apply(batch)
        Issue.record("accepted")
      } catch {
        // After the insertion, section 1 is section 2.
        #expect(error.field == (batch.insertSections.isEmpty ? "sections[1].sectionInset" : "sections[2].sectionInset"))
      }
      #expect(engine.allElements == before && engine.input == input)
    }
    // Section moves take the rebuilding path: the same refusal.
    do {
      try engine.apply(BatchUpdate(setWidth: 15, moveSections: [SectionMove(from: 1, to: 0)]))
      Issue.record("accepted")
    } catch {
      #expect(error.field == "sections[0].sectionInset")
    }
    #expect(engine.allElements == before && engine.input == input)
  }

  @Test func aWidthChangeResolvesTheSectionRulesAgain() throws {
    var engine = try FastFlowLayout(Self.input())
    try engine.apply(BatchUpdate(setWidth: 414))
    let own = try #require(engine.pages[engine.firstPage[1]].ownMetrics)
    #expect(own.rules.available == 414 - 20)
    let fresh = try FastFlowLayout(engine.input)
    #expect(engine.allElements == fresh.allElements && engine.contentSize == fresh.contentSize)
  }

  /// A resize in the section with metrics re-breaks lines of that section only: no section is
  /// laid out whole, and the answer equals a layout from scratch.
  @Test func anEditInASectionWithMetricsIsIncremental() throws {
    var engine = try FastFlowLayout(Self.input(count: 200))
    engine.resetWorkCounters()
    try engine.apply(BatchUpdate(resizeItems: [ItemResize(at: ItemPath(1, 100), size: Size(300, 90))]))
    #expect(engine.workCounters.sectionsLaidOut == 0)
    #expect(engine.workCounters.linesRebroken < 20)
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
  }
}

extension Result {
  var error: Failure? {
    if case .failure(let e) = self { return e }
    return nil
  }
}
