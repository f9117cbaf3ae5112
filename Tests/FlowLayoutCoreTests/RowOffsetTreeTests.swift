import Testing

@testable import FlowLayoutCore

@Suite("RowOffsetTree")
struct RowOffsetTreeTests {
  @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 8, 9, 100, 1025])
  func prefixesMatchRunningSums(count: Int) {
    var sizes = SeededSizes(seed: UInt64(count))
    let values = (0..<count).map { _ in (sizes.next() * 100).rounded() }
    let tree = RowOffsetTree(values)
    var sum = 0.0
    for k in 0...count {
      #expect(tree.prefix(k) == sum, "prefix(\(k))")
      if k < count { sum += values[k] }
    }
    #expect(tree.total == sum)
  }

  @Test func updatesEqualAFreshBuild() {
    var sizes = SeededSizes(seed: 7)
    var values = (0..<300).map { _ in sizes.next() * 50 }
    var tree = RowOffsetTree(values)
    for step in 0..<500 {
      let i = Int(sizes.next() * 300)
      values[i] = sizes.next() * 50
      let written = tree.set(i, values[i])
      #expect(written == 10)  // a leaf and its 9 ancestors (capacity 512)
      if step % 50 == 0 {
        // Bit for bit: inner nodes are recomputed from their children, so no drift.
        #expect(tree == RowOffsetTree(values))
      }
    }
    #expect(tree == RowOffsetTree(values))
    var rebuilt = RowOffsetTree([1, 2, 3])
    rebuilt.rebuild(values, adding: 0)
    #expect(rebuilt == tree)
  }

  @Test func firstIndexFindsTheLineReachingATarget() {
    let values: [Double] = [10, 0, 5, 0, 0, 20]
    let tree = RowOffsetTree(values)
    // inclusive prefixes: 10, 10, 15, 15, 15, 35
    #expect(tree.firstIndex(inclusivePrefixAtLeast: -1) == 0)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 10) == 0)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 10.5) == 2)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 15) == 2)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 16) == 5)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 35) == 5)
    #expect(tree.firstIndex(inclusivePrefixAtLeast: 36) == 6)
    #expect(RowOffsetTree().firstIndex(inclusivePrefixAtLeast: 0) == 0)
  }
}
