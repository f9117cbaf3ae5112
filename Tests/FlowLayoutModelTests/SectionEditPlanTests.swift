import FlowLayoutModel
import Testing

/// Section moves (with deletions and insertions) validated and carried without anything per
/// section: `BatchPlan`'s section map (sorted lists and binary searches), the errors of bad
/// section edits, and `restructureSections` (memory moves for a few edits, one pass for more)
/// equal the plain per-section construction they replaced, on random batches.
@Suite struct SectionEditPlanTests {
  static let configuration = LayoutConfiguration(variant: .vertical)
  static let bounds = Size(375, 812)

  /// A valid batch of random section deletions, insertions and moves over `sectionCount`
  /// sections, named in random order.
  static func validBatch(sectionCount: Int, edits: Int, using rng: inout SplitMix64) -> BatchUpdate
  {
    var batch = BatchUpdate()
    let deletions = Int.random(in: 0...min(edits, sectionCount / 3), using: &rng)
    batch.deleteSections = Array((0..<sectionCount).shuffled(using: &rng).prefix(deletions))
    let kept = (0..<sectionCount).filter { !batch.deleteSections.contains($0) }
    let moves = Int.random(in: 0...min(edits, kept.count), using: &rng)
    let insertions = Int.random(in: 0...edits, using: &rng)
    let newCount = sectionCount - deletions + insertions
    let sources = kept.shuffled(using: &rng).prefix(moves)
    var places = (0..<newCount).shuffled(using: &rng).prefix(moves + insertions).makeIterator()
    batch.moveSections = sources.map { SectionMove(from: $0, to: places.next()!) }
    batch.insertSections = (0..<insertions).map { k in
      SectionInsertion(at: places.next()!, section: SectionData(header: Double(k), items: []))
    }
    return batch
  }

  /// The section before the batch of each section after it, built per section as validation
  /// built it before (the map the plan no longer stores).
  static func plainMap(_ batch: BatchUpdate, sectionCount: Int) -> [Int?] {
    let newCount = sectionCount - batch.deleteSections.count + batch.insertSections.count
    var map = [Int?](repeating: nil, count: newCount)
    for move in batch.moveSections { map[move.to] = move.from }
    let inserted = Set(batch.insertSections.map(\.at))
    let leaving = Set(batch.deleteSections + batch.moveSections.map(\.from))
    var nextOld = 0
    for n in 0..<newCount where !inserted.contains(n) && map[n] == nil {
      while leaving.contains(nextOld) { nextOld += 1 }
      map[n] = nextOld
      nextOld += 1
    }
    return map
  }

  /// The first error of the section edits, found as validation found it before (hash sets, in
  /// the batch's order).
  static func plainError(_ batch: BatchUpdate, sectionCount: Int) -> LayoutError? {
    var deleted = Set<Int>()
    for (i, s) in batch.deleteSections.enumerated() {
      let field = "e.deleteSections[\(i)]"
      guard s >= 0, s < sectionCount else {
        return .sectionOutOfRange(field: field, section: s, sectionCount: sectionCount)
      }
      guard deleted.insert(s).inserted else {
        return .inconsistentBatch(field: field, reason: "section \(s) is deleted twice")
      }
    }
    let newCount = sectionCount - batch.deleteSections.count + batch.insertSections.count
    var inserted = Set<Int>()
    for (i, insertion) in batch.insertSections.enumerated() {
      let field = "e.insertSections[\(i)].at"
      guard insertion.at >= 0, insertion.at < newCount else {
        return .sectionOutOfRange(field: field, section: insertion.at, sectionCount: newCount)
      }
      guard inserted.insert(insertion.at).inserted else {
        return .inconsistentBatch(field: field, reason: "section \(insertion.at) is inserted twice")
      }
    }
    var moved = Set<Int>()
    var taken = Set<Int>()
    for (i, move) in batch.moveSections.enumerated() {
      let from = "e.moveSections[\(i)].from"
      guard move.from >= 0, move.from < sectionCount else {
        return .sectionOutOfRange(field: from, section: move.from, sectionCount: sectionCount)
      }
      guard !deleted.contains(move.from), moved.insert(move.from).inserted else {
        return .inconsistentBatch(
          field: from, reason: "section \(move.from) is deleted or moved more than once")
      }
      let to = "e.moveSections[\(i)].to"
      guard move.to >= 0, move.to < newCount else {
        return .sectionOutOfRange(field: to, section: move.to, sectionCount: newCount)
      }
      guard !inserted.contains(move.to), taken.insert(move.to).inserted else {
        return .inconsistentBatch(
          field: to, reason: "two sections are inserted or moved to \(move.to)")
      }
    }
    return nil
  }

  @Test(
    "the plan maps sections and carries values as the per-section construction did",
    arguments: [(40, 3), (40, 12), (300, 40), (1000, 2)])
  func validBatchesMapAndCarryLikeThePlainMap(sectionCount: Int, edits: Int) throws {
    var rng = SplitMix64(seed: UInt64(sectionCount * 1000 + edits))
    let counts = (0..<sectionCount).map { $0 % 7 }
    for _ in 0..<40 {
      let batch = Self.validBatch(sectionCount: sectionCount, edits: edits, using: &rng)
      let plan = try batch.validate(
        itemCounts: counts, configuration: Self.configuration, bounds: Self.bounds)
      let expected = Self.plainMap(batch, sectionCount: sectionCount)
      #expect(plan.oldSectionOfNewSection == expected)
      #expect(plan.newItemCounts == expected.enumerated().map { n, o in o.map { counts[$0] } ?? 0 })
      var inverse = [Int?](repeating: nil, count: sectionCount)
      for (n, o) in expected.enumerated() { if let o { inverse[o] = n } }
      #expect(plan.newSectionOfOldSection == inverse)
      // Values carried: kept and moved ones from their old sections, inserted ones tagged.
      var values = (0..<sectionCount).map { "old \($0)" }
      let map = BatchPathMap(batch)
      batch.restructureSections(&values, map: map) { "new \(Int($0.section.header))" }
      let tags = Dictionary(
        uniqueKeysWithValues: batch.insertSections.map { ($0.at, Int($0.section.header)) })
      #expect(
        values == expected.enumerated().map { n, o in o.map { "old \($0)" } ?? "new \(tags[n]!)" })
      #expect((0..<sectionCount).map(map.newSection(ofOldSection:)) == inverse)
    }
  }

  /// Batches that insert as many sections as they delete, every index they name within a
  /// window of 12 (a drag that moves a section by a few places, a section replaced): only the
  /// window's values are rebuilt, and the values carried are those of the per-section map, for
  /// windows at the start, in the middle and at the end, with few edits (memory moves) and many
  /// (one pass).
  @Test(arguments: [(30, 4), (400, 4), (400, 20)])
  func balancedBatchesCarryValuesInTheirWindow(sectionCount: Int, edits: Int) {
    var rng = SplitMix64(seed: UInt64(sectionCount + edits))
    for round in 0..<200 {
      let width = min(12, sectionCount)
      let start = [
        0, sectionCount - width, Int.random(in: 0...(sectionCount - width), using: &rng),
      ][
        round % 3]
      let window = Array(start..<(start + width))
      var batch = BatchUpdate()
      var olds = window.shuffled(using: &rng).makeIterator()
      var news = window.shuffled(using: &rng).makeIterator()
      let replaced = Int.random(in: 0...min(3, edits), using: &rng)
      let moves = Int.random(
        in: (replaced == 0 ? 1 : 0)...min(edits, width - replaced), using: &rng)
      batch.deleteSections = (0..<replaced).map { _ in olds.next()! }
      batch.insertSections = (0..<replaced).map { k in
        SectionInsertion(at: news.next()!, section: SectionData(header: Double(k), items: []))
      }
      batch.moveSections = (0..<moves).map { _ in SectionMove(from: olds.next()!, to: news.next()!)
      }
      let expected = Self.plainMap(batch, sectionCount: sectionCount)
      var values = (0..<sectionCount).map { "old \($0)" }
      batch.restructureSections(&values, map: BatchPathMap(batch)) {
        "new \(Int($0.section.header))"
      }
      let tags = Dictionary(
        uniqueKeysWithValues: batch.insertSections.map { ($0.at, Int($0.section.header)) })
      #expect(
        values == expected.enumerated().map { n, o in o.map { "old \($0)" } ?? "new \(tags[n]!)" },
        "round \(round): \(batch.deleteSections) \(batch.insertSections.map(\.at)) \(batch.moveSections)"
      )
    }
  }

  @Test("bad section edits give the errors the per-section checks gave", arguments: 0..<4)
  func badBatchesFailAsBefore(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let sectionCount = 12
    let counts = [Int](repeating: 3, count: sectionCount)
    var failures = 0
    for _ in 0..<300 {
      var batch = Self.validBatch(sectionCount: sectionCount, edits: 4, using: &rng)
      // Spoil one field: out of range, or a section named twice.
      func spoil(_ value: Int) -> Int {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return -1
        case 1: return sectionCount + Int.random(in: 0...5, using: &rng)
        default: return Int.random(in: 0..<sectionCount, using: &rng)
        }
      }
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        if !batch.deleteSections.isEmpty {
          batch.deleteSections[0] = spoil(batch.deleteSections[0])
        }
      case 1: if !batch.insertSections.isEmpty { batch.insertSections[0].at = spoil(0) }
      case 2: if !batch.moveSections.isEmpty { batch.moveSections[0].from = spoil(0) }
      default: if !batch.moveSections.isEmpty { batch.moveSections[0].to = spoil(0) }
      }
      let expected = Self.plainError(batch, sectionCount: sectionCount)
      var found: LayoutError? = nil
      do {
        _ = try batch.validate(
          itemCounts: counts, configuration: Self.configuration, bounds: Self.bounds, field: "e.")
      } catch { found = error }
      #expect(found == expected, "\(batch)")
      if expected != nil { failures += 1 }
    }
    #expect(failures > 100)
  }
}
