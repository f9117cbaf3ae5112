import FlowLayoutModel
import Testing

/// `SectionValues`, the per-section values of the self-sizing state and of a document (item
/// counts, estimated items, cells) held with a gap: every edit equals an array's, the counts
/// read through `SectionCounts` equal the array's, section batches carry values as they carry
/// an array's, and an edit near the previous one moves few values whatever the section count.
@Suite struct SectionValuesTests {
  /// Random insertions, removals, writes and range replacements (at random places and next to
  /// the previous edit): the values, the array and the counts' view equal an array's after
  /// every step.
  @Test(arguments: [0, 1, 7, 300])
  func randomEditsMatchAnArray(initialCount: Int) {
    var rng = SplitMix64(seed: UInt64(0x5EC7 + initialCount))
    var oracle = (0..<initialCount).map { $0 * 10 }
    var values = SectionValues(oracle, filler: -1)
    var last = 0
    for step in 0..<2_000 {
      let near = rng.nextInt(below: 2) == 0
      func place(upTo end: Int) -> Int {
        guard end > 0 else { return 0 }
        return near ? min(end - 1, max(0, last + rng.nextInt(below: 7) - 3)) : rng.nextInt(below: end)
      }
      switch rng.nextInt(below: 5) {
      case 0, 1:
        let s = place(upTo: oracle.count + 1)
        oracle.insert(step, at: s)
        values.insert(step, at: s)
        last = s
      case 2 where !oracle.isEmpty:
        let s = place(upTo: oracle.count)
        #expect(values.remove(at: s) == oracle.remove(at: s), "step \(step)")
        last = s
      case 3 where !oracle.isEmpty:
        let s = place(upTo: oracle.count)
        oracle[s] += 1
        values[s] += 1
      case 4:
        let lower = place(upTo: oracle.count + 1)
        let upper = min(oracle.count, lower + rng.nextInt(below: 4))
        let new = (0..<rng.nextInt(below: 4)).map { -step - $0 }
        oracle.replaceSubrange(lower..<upper, with: new)
        values.replaceSubrange(lower..<upper, with: new)
        last = lower
      default:
        break
      }
      #expect(Array(values) == oracle, "step \(step)")
      #expect(values.array == oracle && Array(values.sectionCounts) == oracle, "step \(step)")
      #expect(values == SectionValues(oracle, filler: 0), "step \(step)")
    }
    values.replaceAll(with: [3, 4])
    #expect(Array(values) == [3, 4])
  }

  /// Values that own storage (class references) crossing the gap are moved, not copied or
  /// lost: after random edits exactly the values held are alive, in the array's order, and
  /// none is once the values go.
  @Test func heldValuesAreNeitherLostNorKeptAlive() {
    final class Counter { var alive = 0 }
    final class Tracked {
      let value: Int
      let counter: Counter
      init(_ value: Int, _ counter: Counter) {
        (self.value, self.counter) = (value, counter)
        counter.alive += 1
      }
      deinit { counter.alive -= 1 }
    }
    let counter = Counter()
    var rng = SplitMix64(seed: 0x7AC)
    do {
      var oracle = Array(0..<50)
      var values = SectionValues(oracle.map { Tracked($0, counter) as Tracked? }, filler: nil)
      for step in 0..<3_000 {
        let s = rng.nextInt(below: oracle.count + 1)
        if rng.nextInt(below: 2) == 0 || oracle.isEmpty {
          oracle.insert(1_000 + step, at: s)
          values.insert(Tracked(1_000 + step, counter), at: s)
        } else {
          let t = min(s, oracle.count - 1)
          #expect(values.remove(at: t)?.value == oracle.remove(at: t))
        }
        #expect(counter.alive == oracle.count, "step \(step)")
      }
      #expect(values.map { $0?.value } == oracle)
    }
    #expect(counter.alive == 0)
  }

  /// Random section batches (deletions, insertions, moves; few edits and many) carry values
  /// held with a gap anywhere exactly as they carry an array's.
  @Test(arguments: [(40, 3), (40, 12), (300, 40), (1000, 2)])
  func sectionBatchesCarryAsAnArray(sectionCount: Int, edits: Int) {
    var rng = SplitMix64(seed: UInt64(sectionCount * 31 + edits))
    for round in 0..<60 {
      let batch = SectionEditPlanTests.validBatch(
        sectionCount: sectionCount, edits: edits, using: &rng)
      let map = BatchPathMap(batch)
      var array = (0..<sectionCount).map { "old \($0)" }
      // The same values, the gap left where one section was inserted and removed.
      var values = SectionValues(array, filler: "")
      let gap = rng.nextInt(below: sectionCount + 1)
      values.insert("x", at: gap)
      values.remove(at: gap)
      batch.restructureSections(&array, map: map) { "new \(Int($0.section.header))" }
      batch.restructureSections(in: &values, map: map) { "new \(Int($0.section.header))" }
      #expect(Array(values) == array, "round \(round)")
    }
  }

  /// 400 section insertions and removals, each within three sections of the previous one,
  /// write at most 4 values and 4 fillers each (after the first, which moves the gap there),
  /// for 10 000 and 100 000 sections alike; an array would move ~s/2 values each.
  @Test(arguments: [10_000, 100_000])
  func editsNearThePreviousOneMoveFewValues(sectionCount: Int) {
    var rng = SplitMix64(seed: 0x6A9)
    var values = SectionValues([Int](repeating: 1, count: sectionCount), filler: 0)
    var s = sectionCount / 3
    values.insert(2, at: s)
    let afterGap = values.slotsWritten
    #expect(afterGap <= 2 * sectionCount)
    for k in 0..<400 {
      s = min(values.count - 1, max(0, s + rng.nextInt(below: 7) - 3))
      if k % 2 == 0 { values.insert(k, at: s) } else { values.remove(at: s) }
    }
    #expect(values.slotsWritten - afterGap <= 8 * 400, "\(values.slotsWritten - afterGap) written")
    #expect(values.count == sectionCount + 1)
  }

  /// Removals next to each other (a gap that grows by one each) cost the same each, whatever
  /// the gap's length: 2 000 removals at places moving by ±3 write at most 4 values and 4
  /// fillers each.
  @Test func aGrowingGapCostsNothingPerEdit() {
    var rng = SplitMix64(seed: 0xD31)
    var values = SectionValues(Array(0..<50_000), filler: -1)
    var s = 20_000
    values.remove(at: s)
    let afterGap = values.slotsWritten
    for _ in 0..<2_000 {
      s = min(values.count - 1, max(0, s + rng.nextInt(below: 7) - 3))
      values.remove(at: s)
    }
    #expect(values.slotsWritten - afterGap <= 8 * 2_000, "\(values.slotsWritten - afterGap)")
    #expect(values.count == 50_000 - 2_001)
    #expect(values.allSatisfy { $0 >= 0 })
  }}
