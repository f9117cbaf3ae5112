import FlowLayoutModel
import FlowLayoutWorkloads
import Testing

/// `ItemIndexSet` against a plain `Set<Int>` model: random operations, and the invariant that
/// ranges stay sorted, non-empty and non-touching.
@Suite("ItemIndexSet")
struct ItemIndexSetTests {
  static func checkInvariant(_ set: ItemIndexSet) {
    for range in set.ranges { #expect(!range.isEmpty) }
    for (a, b) in zip(set.ranges, set.ranges.dropFirst()) { #expect(a.upperBound < b.lowerBound) }
  }

  @Test("ascending ranges, touching or empty ones among them, give their union")
  func ascendingRanges() {
    let set = ItemIndexSet(ascendingRanges: [0..<2, 2..<2, 2..<5, 7..<8, 9..<12, 12..<13])
    Self.checkInvariant(set)
    #expect(set.ranges == [0..<5, 7..<8, 9..<13])
    #expect(set == ItemIndexSet(ascending: [0, 1, 2, 3, 4, 7, 9, 10, 11, 12]))
    #expect(ItemIndexSet(ascendingRanges: []).isEmpty)
  }

  @Test("random inserts, removes and unions match a Set<Int>", arguments: 0..<20)
  func randomOperations(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 0x1d5e7)
    var set = ItemIndexSet()
    var model = Set<Int>()
    for _ in 0..<400 {
      let i = Int(rng.next() % 64)
      switch rng.next() % 4 {
      case 0, 1: #expect(set.insert(i) == model.insert(i).inserted)
      case 2: #expect(set.remove(i) == (model.remove(i) != nil))
      default:
        let other = (0..<Int(rng.next() % 5)).map { _ in Int(rng.next() % 64) }
        set.formUnion(ItemIndexSet(other))
        model.formUnion(other)
      }
      Self.checkInvariant(set)
      #expect(set.indices == model.sorted())
      #expect(set.count == model.count)
      #expect((0..<64).allSatisfy { set.contains($0) == model.contains($0) })
    }
    let window = 10..<30
    #expect(set.indices(in: window) == model.filter { window.contains($0) }.sorted())
  }

  @Test("closing and opening gaps match removing and inserting array elements", arguments: 0..<30)
  func gaps(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 0x6a95)
    let n = Int(rng.next() % 40)
    let flags = (0..<n).map { _ in rng.next() % 3 != 0 }
    let set = ItemIndexSet((0..<n).filter { flags[$0] })
    // Removals (before-space), then insertions (after-space), as a batch does.
    let removed = (0..<n).filter { _ in rng.next() % 4 == 0 }
    var column = (0..<n).filter { !removed.contains($0) }.map { flags[$0] }
    let closed = set.closingGaps(at: removed)
    Self.checkInvariant(closed)
    #expect(closed.indices == column.indices.filter { column[$0] })
    // Exactly `k` after-space positions out of the final count (a valid batch's insertions).
    let k = Int(rng.next() % 6)
    var positions = Array(0..<(column.count + k))
    positions.shuffle(using: &rng)
    let inserted = positions.prefix(k).sorted()
    for p in inserted { column.insert(false, at: p) }
    let opened = closed.openingGaps(at: inserted)
    Self.checkInvariant(opened)
    #expect(opened.indices == column.indices.filter { column[$0] })
  }

  @Test("a million estimated items are one range")
  func compact() {
    var set = ItemIndexSet(0..<1_000_000)
    set.remove(500_000)
    #expect(set.ranges == [0..<500_000, 500_001..<1_000_000])
    let shifted = set.openingGaps(at: [0])
    #expect(shifted.ranges == [1..<500_001, 500_002..<1_000_001])
  }
}
