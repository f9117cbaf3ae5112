import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

@Suite("PrefixSumTree")
struct PrefixSumTreeTests {
  @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 8, 9, 100, 1025])
  func prefixesMatchRunningSums(count: Int) {
    var sizes = SplitMix64(seed: UInt64(count))
    let values = (0..<count).map { _ in (sizes.nextUnit() * 100).rounded() }
    let tree = PrefixSumTree(values)
    var sum = 0.0
    for k in 0...count {
      #expect(tree.prefix(k) == sum, "prefix(\(k))")
      if k < count { sum += values[k] }
    }
    #expect(tree.total == sum)
  }

  @Test func updatesEqualAFreshBuild() {
    var sizes = SplitMix64(seed: 7)
    var values = (0..<300).map { _ in sizes.nextUnit() * 50 }
    var tree = PrefixSumTree(values)
    for step in 0..<500 {
      let i = Int(sizes.nextUnit() * 300)
      values[i] = sizes.nextUnit() * 50
      let written = tree.set(i, values[i])
      // The value, the partials after it in its group and the group's sum, then the top's
      // partials after the group and the total (300 values: 10 groups of ≤ 32, a top of 10).
      #expect(written == 1 + (min(i | 31, 299) + 1 - i) + (10 - i / 32))
      if step % 50 == 0 {
        // Bit for bit: inner nodes are recomputed from their children, so no drift.
        #expect(tree == PrefixSumTree(values))
      }
    }
    #expect(tree == PrefixSumTree(values))
    var rebuilt = PrefixSumTree([1, 2, 3])
    rebuilt.rebuild(count: values.count) { for i in values.indices { $0[i] = values[i] } }
    #expect(rebuilt == tree)
  }

  /// Many values set at once (`set(_:to:)`, the tree summed once from the first of them) leave
  /// bit for bit the tree a build makes, at every depth, for one index, scattered ones and
  /// repeats.
  @Test(arguments: [1, 2, 31, 33, 300, 1_025, 40_000])
  func manyValuesSetAtOnceEqualAFreshBuild(count: Int) {
    var sizes = SplitMix64(seed: UInt64(count) + 3)
    var values = (0..<count).map { _ in sizes.nextUnit() * 50 }
    var tree = PrefixSumTree(values)
    for round in 0..<20 {
      let k = round == 0 ? 1 : 1 + Int(sizes.nextUnit() * 40)
      var indices = (0..<k).map { _ in Int(sizes.nextUnit() * Double(count)) }
      if round % 3 == 0, let first = indices.first { indices.append(first) }  // a repeat
      for i in indices { values[i] = sizes.nextUnit() * 50 }
      tree.set(indices) { values[$0] }
      #expect(tree == PrefixSumTree(values), "round \(round)")
    }
  }

  /// Across the level boundaries (32, 1 024, 32 768 values): prefixes of integer values are the
  /// exact running sums, and `seek` finds the first value whose inclusive prefix reaches each
  /// target, with that value's prefix bit for bit.
  @Test(arguments: [31, 32, 33, 64, 65, 1_023, 1_024, 1_025, 1_056, 33_000])
  func levelsSumExactlyAndSeekFindsTheFirstReachingValue(count: Int) {
    var sizes = SplitMix64(seed: UInt64(count) + 11)
    let values = (0..<count).map { i in i % 5 == 2 ? 0 : (sizes.nextUnit() * 40).rounded() }
    let tree = PrefixSumTree(values)
    var running = [0.0]
    for v in values { running.append(running[running.count - 1] + v) }
    for k in stride(from: 0, through: count, by: count > 2_000 ? 7 : 1) {
      #expect(tree.prefix(k) == running[k], "prefix(\(k))")
    }
    #expect(tree.total == running[count])
    for _ in 0..<300 {
      let target = (sizes.nextUnit() * (running[count] + 20)).rounded() - 10
      // The first k whose inclusive prefix running[k + 1] reaches the target.
      var lo = 0
      var hi = count
      while lo < hi {
        let mid = (lo + hi) / 2
        if running[mid + 1] >= target { hi = mid } else { lo = mid + 1 }
      }
      let found = tree.seek { $0 < target }
      #expect(found.index == lo, "target \(target)")
      #expect(found.prefix.bitPattern == tree.prefix(found.index).bitPattern)
    }
  }

  /// `prefix(k)` adds one partial sum per level, top first, each level's values the sums of the
  /// groups of 32 below (left to right): bit for bit the sum this test builds from the values,
  /// on non-integer values (whose sums depend on the order), at every depth the lookup unrolls
  /// (0–3) and beyond (4 levels above the values: 32⁴ + 1 values).
  @Test(arguments: [1, 2, 31, 33, 700, 1_025, 5_000, 32_769, 100_000, 1_048_577])
  func prefixAddsEachLevelsPartialTopFirst(count: Int) {
    var sizes = SplitMix64(seed: UInt64(count) + 5)
    let values = (0..<count).map { _ in sizes.nextUnit() * 97.3 + 0.1 }
    let tree = PrefixSumTree(values)
    // levels[ℓ]: level ℓ's values; partials[ℓ][i]: the sum before i in its group of 32.
    var levels = [values]
    var partials: [[Double]] = []
    while true {
      let level = levels[levels.count - 1]
      var partial = [Double](repeating: 0, count: level.count)
      var sums: [Double] = []
      var running = 0.0
      for i in level.indices {
        partial[i] = running
        running += level[i]
        if i % 32 == 31 || i == level.count - 1 {
          sums.append(running)
          running = 0
        }
      }
      partials.append(partial)
      if level.count <= 32 { break }
      levels.append(sums)
    }
    var k = 0
    while k <= count {
      var expected = 0.0
      if k == count {
        expected = tree.total
      } else if count > 1 {
        for level in stride(from: partials.count - 1, through: 0, by: -1) {
          expected += partials[level][k >> (5 * level)]
        }
      }
      #expect(tree.prefix(k).bitPattern == expected.bitPattern, "prefix(\(k)) of \(count)")
      k += count > 5_000 ? 97 : 1
    }
    #expect(tree.prefix(count - 1).bitPattern == {
      var e = 0.0
      if count > 1 {
        for level in stride(from: partials.count - 1, through: 0, by: -1) {
          e += partials[level][(count - 1) >> (5 * level)]
        }
      }
      return e
    }().bitPattern)
  }

  /// A partial rebuild (`keepingFirst`), the count grown, shrunk or kept across level
  /// boundaries, and point updates give bit for bit the tree a fresh build gives, on values
  /// whose sums round.
  @Test(arguments: [
    (0, 0, 5), (5, 5, 5), (40, 3, 40), (40, 39, 33), (32, 32, 33), (33, 32, 32), (1_024, 700, 1_025),
    (1_025, 1_000, 1_024), (1_100, 0, 1_100), (1_100, 1_100, 1_100), (2_000, 1_500, 1_200),
    (1, 1, 40), (40, 1, 1), (1, 0, 1), (1, 1, 1), (0, 0, 1), (1, 1, 0),
  ])
  func partialRebuildsAndUpdatesEqualAFreshBuild(old: Int, kept: Int, new: Int) {
    var sizes = SplitMix64(seed: UInt64(old * 3 + new))
    var values = (0..<old).map { _ in sizes.nextUnit() * 97.3 }
    var tree = PrefixSumTree(values)
    let keep = min(kept, new)
    let tail = (keep..<new).map { _ in sizes.nextUnit() * 61.7 }
    values = Array(values[0..<keep]) + tail
    tree.rebuild(count: new, keepingFirst: keep) { leaves in
      for (i, v) in tail.enumerated() { leaves[i] = v }
    }
    #expect(tree == PrefixSumTree(values))
    guard new > 0 else { return }
    for _ in 0..<20 {
      let i = Int(sizes.nextUnit() * Double(new))
      values[i] = sizes.nextUnit() * 50
      tree.set(i, values[i])
    }
    #expect(tree == PrefixSumTree(values))
    #expect(tree.prefix(new).bitPattern == tree.total.bitPattern)
  }

  /// A tree of at most one value (a short section's one block) holds no storage, and gives
  /// back a larger tree's when rebuilt that small.
  @Test func oneValueHoldsNoStorage() {
    var tree = PrefixSumTree([42.5])
    #expect(tree.nodeStorage == 0)
    #expect(tree.prefix(0) == 0 && tree.prefix(1) == 42.5 && tree[0] == 42.5)
    #expect(tree.seek { $0 < 10 } == (0, 0))
    #expect(tree.seek { $0 < 50 } == (1, 42.5))
    #expect(tree.set(0, 7) == 1 && tree.total == 7)
    tree.rebuild(count: 100, keepingFirst: 0) { $0.initialize(repeating: 1) }
    #expect(tree.nodeStorage > 0)
    tree.rebuild(count: 1, keepingFirst: 1) { _ in }
    #expect(tree.nodeStorage == 0 && tree.total == 1)
    #expect(PrefixSumTree().nodeStorage == 0)
  }

  @Test func firstIndexFindsTheLineReachingATarget() {
    let values: [Double] = [10, 0, 5, 0, 0, 20]
    let tree = PrefixSumTree(values)
    // inclusive prefixes: 10, 10, 15, 15, 15, 35
    #expect(tree.firstIndex(inclusivePrefixAtLeast: -1) == 0)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 10) == 0)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 10.5) == 2)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 15) == 2)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 16) == 5)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 35) == 5)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 36) == 6)
    #expect(PrefixSumTree().firstIndex(inclusivePrefixAtLeast: 0) == 0)
  }
}

@Suite("LineTable offsets")
struct LineTableOffsetTests {
  /// The four-lane rebuild gives every block the same sum, bit for bit, as the one-block update
  /// (`setHeight`), and tops equal the running sum of `height + L` within rounding.
  @Test(arguments: [0, 1, 31, 32, 33, 127, 128, 129, 1_000])
  func rebuildEqualsPointUpdates(lines: Int) {
    var sizes = SplitMix64(seed: UInt64(lines) + 3)
    var table = LineTable()
    table.heights = (0..<lines).map { _ in sizes.nextUnit() * 150 }
    table.starts = Array(0...lines)
    table.rebuildOffsets(lineSpacing: 7.25)
    var updated = table
    for i in stride(from: 0, to: lines, by: 1) {
      _ = updated.setHeight(i, updated.heights[i], lineSpacing: 7.25)
    }
    #expect(updated == table)
    var top = 0.0
    for k in 0..<lines {
      #expect(EqualityContract.close(table.top(ofLine: k, lineSpacing: 7.25), top))
      #expect(table.firstLine(bottomAtLeast: top + table.heights[k] / 2, lineSpacing: 7.25) <= k)
      top += table.heights[k] + 7.25
    }
  }
}

@Suite("LineTable partial offsets")
struct LineTablePartialOffsetTests {
  /// Rebuilding the offsets from line `first` on, after the lines from there on changed and lines
  /// were added or dropped at the end, gives bit for bit the table a full rebuild gives; the lines
  /// before `first` are not recomputed.
  @Test(arguments: [
    (0, 0, 5), (40, 0, 40), (40, 39, 40), (100, 64, 101), (100, 64, 99), (100, 3, 300),
    (300, 250, 100), (1_000, 999, 1_000), (33, 32, 0),
  ])
  func partialRebuildEqualsFullRebuild(old: Int, first: Int, new: Int) {
    var sizes = SplitMix64(seed: UInt64(old * 7 + new))
    var table = LineTable()
    table.heights = (0..<old).map { _ in (sizes.nextUnit() * 150).rounded() }
    table.starts = Array(0...old)
    table.rebuildOffsets(lineSpacing: 3.5)
    let kept = min(first, new)
    table.heights = Array(table.heights[0..<kept]) + (kept..<new).map { _ in sizes.nextUnit() * 90 }
    table.starts = Array(0...new)
    let rewritten = table.rebuildOffsets(lineSpacing: 3.5, fromLine: first)
    var fresh = LineTable()
    fresh.heights = table.heights
    fresh.starts = table.starts
    fresh.rebuildOffsets(lineSpacing: 3.5)
    #expect(table == fresh)
    #expect(rewritten == new - min(first, new) / LineTable.blockSize * LineTable.blockSize)
    #expect(table.linesHeight(lineSpacing: 3.5) == fresh.linesHeight(lineSpacing: 3.5))
  }
}
