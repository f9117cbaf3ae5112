import FlowLayoutEquality
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

/// `prepareForEdits()` (what a session's `open` calls) pays the page cut up front: the first
/// insertion after it does the tenth's work, at 10k and at 1M the same; answers are unchanged.
@Suite("First edit after open")
struct FirstEditAfterOpenTests {
  /// The work of the first insertion and of a tenth, after `init` and `prepareForEdits()`.
  static func firstAndTenth(_ n: Int) throws -> (first: WorkCounters, tenth: WorkCounters) {
    var sizes = SplitMix64(seed: 77)
    var engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(n)]))
    let before = engine.allElements.count
    engine.prepareForEdits()
    #expect(engine.pages(ofSection: 0).count > 1, "n = \(n): cut into pages")
    #expect(engine.allElements.count == before)
    var first = WorkCounters()
    var tenth = WorkCounters()
    for k in 0..<10 {
      engine.resetWorkCounters()
      try engine.apply(
        BatchUpdate(
          insertItems: [ItemInsertion(at: ItemPath(0, n / 2 + 7 * k), size: Size(90, 40))]))
      if k == 0 { first = engine.workCounters }
      if k == 9 { tenth = engine.workCounters }
    }
    return (first, tenth)
  }

  @Test func theFirstInsertionAfterPreparingDoesTheTenthsWork() throws {
    for n in [10_000, 1_000_000] {
      let (first, tenth) = try Self.firstAndTenth(n)
      #expect(first.itemsPaged == tenth.itemsPaged, "n = \(n): \(first) vs \(tenth)")
      #expect(first.itemsPaged < 2 * PageCapacity.standard.maximum, "n = \(n): \(first)")
      #expect(first.linesRebroken <= 2 * max(tenth.linesRebroken, 4), "n = \(n)")
    }
  }

  /// Preparing changes no answer, and a prepared engine edits as an unprepared one does.
  @Test func preparingChangesNoAnswer() throws {
    var sizes = SplitMix64(seed: 78)
    let input = TestInputs.ownSizes([sizes.mixedSizes(5_000), sizes.mixedSizes(3_000)])
    var plain = try FastFlowLayout(input)
    var prepared = try FastFlowLayout(input)
    prepared.pageCapacity = PageCapacity(target: 64)
    plain.pageCapacity = PageCapacity(target: 64)
    prepared.prepareForEdits()
    #expect(prepared.pages(ofSection: 0).count > 2)
    PagingTests.expectPageInvariants(prepared, "prepared")
    #expect(EngineComparison.elementDifference(prepared.allElements, plain.allElements) == nil)
    let edit = BatchUpdate(
      deleteItems: [ItemPath(0, 10), ItemPath(1, 2_000)],
      insertItems: [ItemInsertion(at: ItemPath(0, 4_000), size: Size(300, 12))])
    try plain.apply(edit)
    try prepared.apply(edit)
    PagingTests.expectPageInvariants(prepared, "prepared, edited")
    #expect(EngineComparison.elementDifference(prepared.allElements, plain.allElements) == nil)
  }
}

/// A feed opened with every item at its estimate (one own size: the closed form) and then
/// measured and appended to: `prepareForEdits()` stores it as equal-width lines, so the first
/// measurement (a resize to another height) and the first insertion do the tenth's work, at
/// 10k and at 1M the same (before: the first measurement laid the section out as a table,
/// O(n), and the first insertion cut that table into pages, O(n) again).
@Suite("First edit of a prepared closed form")
struct FirstEditOfAClosedFormTests {
  /// The first and tenth measurement, and the first and tenth appended page of 5 items.
  static func work(_ n: Int) throws -> (
    measure: (first: WorkCounters, tenth: WorkCounters),
    append: (first: WorkCounters, tenth: WorkCounters), engine: FastFlowLayout
  ) {
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([Array(repeating: Size(343, 120), count: n)]))
    engine.prepareForEdits()
    var measured: [WorkCounters] = []
    for k in 0..<10 {
      engine.resetWorkCounters()
      try engine.apply(
        BatchUpdate(
          resizeItems: [ItemResize(at: ItemPath(0, 3 * k + 1), size: Size(343, 60 + 17 * Double(k)))]))
      measured.append(engine.workCounters)
    }
    var appended: [WorkCounters] = []
    for _ in 0..<10 {
      let end = engine.input.sections[0].count
      engine.resetWorkCounters()
      try engine.apply(
        BatchUpdate(
          insertItems: (0..<5).map { ItemInsertion(at: ItemPath(0, end + $0), size: Size(343, 120)) }))
      appended.append(engine.workCounters)
    }
    return ((measured[0], measured[9]), (appended[0], appended[9]), engine)
  }

  @Test func theFirstMeasurementAndAppendDoTheTenthsWork() throws {
    let small = try Self.work(10_000)
    let large = try Self.work(1_000_000)
    for (name, w) in [("10k", small), ("1M", large)] {
      for (kind, c) in [("measure", w.measure), ("append", w.append)] {
        #expect(c.first.itemsPaged == 0 && c.first.sectionsLaidOut == 0, "\(name) \(kind): \(c.first)")
        #expect(
          PagingTests.work(c.first) <= 2 * max(PagingTests.work(c.tenth), 1),
          "\(name) \(kind) first: \(c.first)\ntenth: \(c.tenth)")
      }
    }
    for (kind, s, l) in [
      ("measure", small.measure.first, large.measure.first),
      ("append", small.append.first, large.append.first),
    ] {
      #expect(
        PagingTests.work(l) <= 2 * max(PagingTests.work(s), 1), "\(kind) 10k: \(s)\n1M: \(l)")
      #expect(l.phaseSummaryWork <= 2 * max(s.phaseSummaryWork, 1), "\(kind) 10k: \(s)\n1M: \(l)")
    }
    // Every answer is a fresh layout's (10k).
    let fresh = try FastFlowLayout(small.engine.input)
    #expect(EngineComparison.elementDifference(small.engine.allElements, fresh.allElements) == nil)
    #expect(small.engine.contentSize == fresh.contentSize)
  }

  /// A long run of appends to a prepared feed splits its last leaf (every ~`target` items):
  /// the split moves the other leaves' summaries instead of summarizing every leaf again, so
  /// no append does O(n·k) work (before: ~n·k, 1M at 1M items); the answers stay a fresh
  /// layout's.
  @Test func appendsThatSplitALeafStayLocal() throws {
    for n in [10_000, 1_000_000] {
      var engine = try FastFlowLayout(
        TestInputs.ownSizes([Array(repeating: Size(343, 120), count: n)]))
      engine.prepareForEdits()
      var most = 0
      for k in 0..<300 {
        let end = engine.input.sections[0].count
        engine.resetWorkCounters()
        try engine.apply(
          BatchUpdate(
            insertItems: (0..<5).map {
              ItemInsertion(at: ItemPath(0, end + $0), size: Size(343, 60 + Double((k + $0) % 7)))
            }))
        most = max(most, engine.workCounters.phaseSummaryWork)
      }
      // One leaf (≤ 2 · 512 items) summarized, and the ≤ 2 · 4 096 nodes of the tree moved
      // or combined, at k = 1.
      #expect(most <= 2 * 1_024 + 2 * 4_096, "n = \(n): \(most)")
      if n <= 10_000 {
        let fresh = try FastFlowLayout(engine.input)
        #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
        #expect(engine.contentSize == fresh.contentSize)
      }
    }
  }
}

/// A width change of a section kept as equal-width lines (the Fiori grid after its first edit,
/// or after `prepareForEdits()`) keeps them: the heights stay in their leaves and every leaf's
/// summaries are rewritten for the new items a line (`EqualWidthLines.relayOut`, O(n + p·k)),
/// so the first edit after it does the tenth's work (before: the width change put the item
/// columns back and laid out a table, and the first insertion built the equal-width lines
/// again, O(n·k)). Work counters, never a clock.
@Suite("Width changes of equal-width lines")
struct EqualWidthWidthChangeTests {
  /// A grid of `n` items 110 pt wide with their own heights, prepared (equal-width lines).
  static func grid(_ n: Int) throws -> FastFlowLayout {
    var rng = SplitMix64(seed: 33)
    let sizes = (0..<n).map { _ in
      Size(width: 110, height: 150 + Double(Int(rng.nextUnit() * 80)))
    }
    var engine = try FastFlowLayout(TestInputs.ownSizes([sizes]))
    engine.prepareForEdits()
    return engine
  }

  /// The width change's counters, then the first and tenth insertion's after it.
  static func work(_ n: Int) throws -> (
    width: WorkCounters, first: WorkCounters, tenth: WorkCounters, engine: FastFlowLayout
  ) {
    var engine = try grid(n)
    #expect(engine.pages[0].equalWidth == 110, "n = \(n): prepared as equal-width lines")
    engine.resetWorkCounters()
    try engine.setWidth(812)  // 2 → 6 items a line
    let width = engine.workCounters
    var inserted: [WorkCounters] = []
    for k in 0..<10 {
      engine.resetWorkCounters()
      try engine.apply(
        BatchUpdate(
          insertItems: [ItemInsertion(at: ItemPath(0, n / 2 + 7 * k), size: Size(110, 99))]))
      inserted.append(engine.workCounters)
    }
    return (width, inserted[0], inserted[9], engine)
  }

  @Test func theFirstEditAfterAWidthChangeDoesTheTenthsWork() throws {
    let small = try Self.work(10_000)
    let large = try Self.work(1_000_000)
    for (name, n, w) in [("10k", 10_000, small), ("1M", 1_000_000, large)] {
      // The width change copies no item and summarizes each height once (plus the tree).
      #expect(w.engine.pages[0].equalWidth == 110, "\(name): still equal-width lines")
      #expect(w.width.itemsPaged == 0 && w.width.linesRebroken == 0, "\(name): \(w.width)")
      #expect(w.width.phaseSummaryWork > 0, "\(name): \(w.width)")
      #expect(w.width.phaseSummaryWork <= n + 2 * 2 * (n / 512 + 1) * 6, "\(name): \(w.width)")
      // The first insertion after it: no page cut, no layout, the tenth's work.
      #expect(w.first.itemsPaged == 0 && w.first.sectionsLaidOut == 0, "\(name): \(w.first)")
      #expect(
        PagingTests.work(w.first) <= 2 * max(PagingTests.work(w.tenth), 1),
        "\(name) first: \(w.first)\ntenth: \(w.tenth)")
    }
    #expect(
      PagingTests.work(large.first) <= 2 * max(PagingTests.work(small.first), 1),
      "10k: \(small.first)\n1M: \(large.first)")
    // Every answer is a fresh layout's (10k).
    let fresh = try FastFlowLayout(small.engine.input)
    #expect(EngineComparison.elementDifference(small.engine.allElements, fresh.allElements) == nil)
    #expect(small.engine.contentSize == fresh.contentSize)
  }

  /// A paged section beside an equal-width one (the width change keeps the pages of the first,
  /// `relayOutKeepingPages`, and the equal-width lines of the second while they hold): every
  /// answer equals a fresh layout's.
  @Test func pagesAndEqualWidthLinesSideBySide() throws {
    var rng = SplitMix64(seed: 812)
    let grid = (0..<2_100).map { _ in
      Size(width: 110, height: 30 + Double(Int(rng.nextUnit() * 40)))
    }
    var engine = try FastFlowLayout(TestInputs.ownSizes([rng.mixedSizes(1_500), grid]))
    engine.pageCapacity = PageCapacity(target: 64)
    try engine.apply(BatchUpdate(deleteItems: [ItemPath(0, 1_499), ItemPath(1, 2_099)]))
    #expect(engine.pages(ofSection: 0).count > 2)
    #expect(engine.pages[engine.pages(ofSection: 1).lowerBound].equalWidth == 110)
    // Every item on one line leaves equal-width lines for a table, which the next width
    // change keeps (its next insertion or removal would make lines again).
    for (step, width) in [812.0, 375, 500, 120_000, 375].enumerated() {
      try engine.setWidth(width)
      let second = engine.pages(ofSection: 1).lowerBound
      #expect((engine.pages[second].equalWidth == 110) == (step < 3), "width \(width)")
      let fresh = try FastFlowLayout(engine.input)
      #expect(
        EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
        "width \(width)")
    }
  }

  /// Width changes back and forth (items a line 2, 6, 3, 1, unchanged, and one where a line
  /// holds every item, which leaves equal-width lines for a table), each followed by an edit:
  /// every answer equals a fresh layout's, with leaves of 1–8 items.
  @Test(arguments: [1, 3, 8, 512])
  func widthChangesEqualAFreshLayout(target: Int) throws {
    var rng = SplitMix64(seed: UInt64(400 + target))
    let n = 2_100  // at least 2·target: stored as equal-width lines by its first edit
    let sizes = (0..<n).map { _ in Size(width: 110, height: 20 + Double(Int(rng.nextUnit() * 50))) }
    var engine = try FastFlowLayout(TestInputs.ownSizes([sizes]))
    engine.pageCapacity = PageCapacity(target: target)
    try engine.apply(BatchUpdate(deleteItems: [ItemPath(0, n - 1)]))  // equal-width lines
    #expect(engine.pages[0].equalWidth == 110)
    for (step, width) in [812.0, 400, 375, 160, 160, 120_000, 812].enumerated() {
      try engine.setWidth(width)
      let count = engine.input.sections[0].count
      try engine.apply(
        BatchUpdate(
          deleteItems: [ItemPath(0, (37 * step) % count)],
          insertItems: [ItemInsertion(at: ItemPath(0, (91 * step) % count), size: Size(110, 77))]))
      let fresh = try FastFlowLayout(engine.input)
      #expect(
        EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
        "target \(target) width \(width)")
      #expect(
        EqualityContract.close(engine.contentSize.height, fresh.contentSize.height),
        "target \(target) width \(width)")
    }
  }
}
