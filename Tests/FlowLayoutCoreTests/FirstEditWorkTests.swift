import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A width change keeps a paged section's pages (`relayOutKeepingPages`), so the first edit
/// after it finds its page cut already: it does the work of the tenth edit, not an O(n) cut.
/// Work counters, never a clock.
@Suite("First edit after a width change")
struct FirstEditWorkTests {
  /// Width changes of a section cut into pages of ~`target` items: the pages are kept, their
  /// invariants hold, and every answer equals a fresh layout of the same input.
  /// (Pages of 1 item, whose lines hold more than the largest page, only compared.)
  @Test(arguments: [(4_000, 64), (20_000, 1_024), (600, 1)])
  func widthChangesKeepThePages(n: Int, target: Int) throws {
    var sizes = SplitMix64(seed: 4_242)
    var engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(n)]))
    engine.pageCapacity = PageCapacity(target: target)
    try engine.apply(BatchUpdate(deleteItems: [ItemPath(0, n - 1)]))  // cut into pages
    let cut = engine.pages(ofSection: 0).count
    #expect(cut > 2)
    for width in [320.0, 1_000, 375, 1_280, 200] {
      engine.resetWorkCounters()
      try engine.setWidth(width)
      #expect(engine.pages(ofSection: 0).count > 2, "width \(width)")
      if target > 1 {
        #expect(engine.workCounters.itemsPaged < n / 2, "width \(width): \(engine.workCounters)")
        PagingTests.expectPageInvariants(engine, "width \(width)")
      }
      let fresh = try FastFlowLayout(engine.input)
      #expect(
        EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
        "width \(width)")
    }
    // And an edit after the last width change.
    try engine.apply(
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, n / 3), size: Size(90, 40))]))
    if target > 1 { PagingTests.expectPageInvariants(engine, "insert after the width changes") }
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
  }

  /// Several sections, one of them with its own metrics, some paged and some not, through a
  /// width change: the same answers as a fresh layout.
  @Test func widthChangeOfSeveralSectionsEqualsAFreshLayout() throws {
    var sizes = SplitMix64(seed: 99)
    var input = TestInputs.ownSizes([
      sizes.mixedSizes(900), sizes.mixedSizes(10), sizes.mixedSizes(1_500),
    ])
    input.sections[2].metrics = SectionMetrics(minimumInteritemSpacing: 3, minimumLineSpacing: 7)
    var engine = try FastFlowLayout(input)
    engine.pageCapacity = PageCapacity(target: 32)
    try engine.apply(
      BatchUpdate(deleteItems: [ItemPath(0, 899), ItemPath(2, 1_499)]))  // both cut
    #expect(engine.pages(ofSection: 0).count > 2 && engine.pages(ofSection: 2).count > 2)
    for width in [300.0, 911, 402] {
      try engine.setWidth(width)
      PagingTests.expectPageInvariants(engine, "width \(width)")
      let fresh = try FastFlowLayout(engine.input)
      #expect(
        EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
        "width \(width)")
    }
  }

  /// The first insertion after a width change does at most twice the work of the tenth, at
  /// 10 000 and at 1 000 000 items, and the first at 1M at most twice the first at 10k (before,
  /// the width change joined the pages and the first edit cut them again: O(n)).
  @Test func firstEditAfterAWidthChangeDoesTheTenthsWork() throws {
    func counters(_ n: Int) throws -> (first: WorkCounters, tenth: WorkCounters) {
      var sizes = SplitMix64(seed: 77)
      var engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(n)]))
      engine.pageCapacity = PageCapacity(target: 1_024)
      try engine.apply(BatchUpdate(deleteItems: [ItemPath(0, n - 1)]))  // pages the section
      try engine.setWidth(engine.bounds.width * 0.75)
      func insert(at j: Int) throws -> WorkCounters {
        engine.resetWorkCounters()
        try engine.apply(
          BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, j), size: Size(77, 88))]))
        return engine.workCounters
      }
      let first = try insert(at: n / 2)
      for k in 1..<9 { _ = try insert(at: n / 2 + 3 * k) }
      let tenth = try insert(at: n / 2 + 1)
      return (first, tenth)
    }
    let small = try counters(10_000)
    let large = try counters(1_000_000)
    for (name, c) in [("10k", small), ("1M", large)] {
      #expect(
        PagingTests.work(c.first) <= 2 * PagingTests.work(c.tenth),
        "\(name) first: \(c.first)\ntenth: \(c.tenth)")
      #expect(c.first.itemsPaged == 0 && c.first.sectionsLaidOut == 0, "\(name): \(c.first)")
    }
    #expect(
      PagingTests.work(large.first) <= 2 * PagingTests.work(small.first),
      "10k: \(small.first)\n1M: \(large.first)")
  }
}
