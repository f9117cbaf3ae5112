/// A segment tree of non-negative line extents (`lineHeight + L`, or section heights): the
/// offset of line `k` from the first line's top is the sum of the extents before it.
///
/// Why a tree: after an edit changes one line's height, every later line moves. Storing tops
/// would cost O(r) per edit; here a change costs O(log r) (one leaf and its ancestors), and a
/// top is read in O(log r). Each inner node is recomputed as `left + right` from its children, so
/// the stored sums never drift: a tree updated in place holds bit for bit what a tree built from
/// scratch over the same extents holds.
///
/// Layout: a complete binary tree over `capacity` (a power of two) leaves, node `i`'s children
/// are `2i` and `2i + 1`, leaves at `capacity ..< 2·capacity`; padding leaves are 0. A tree of at
/// most one value (`capacity` 1: a short section's one block of lines) has no nodes: its value
/// is `total`.
///
/// - Memory: 16–32 bytes per value (2·capacity doubles); no allocation for at most one value.
struct RowOffsetTree: Sendable, Equatable {
  /// The number of values.
  private(set) var count: Int
  private var capacity: Int
  /// Empty when `capacity` is 1.
  private var nodes: [Double]
  /// The sum of all values (the root, `nodes[1]`, when there are nodes; the one value, or 0,
  /// when there are none).
  ///
  /// - Complexity: O(1).
  private(set) var total: Double

  /// An empty tree. Allocates nothing.
  init() {
    count = 0
    capacity = 1
    nodes = []
    total = 0
  }

  /// A tree over `values`.
  ///
  /// - Complexity: O(r) for r values.
  init<C: Collection>(_ values: C) where C.Element == Double {
    count = values.count
    var cap = 1
    while cap < count { cap <<= 1 }
    capacity = cap
    guard cap > 1 else {
      nodes = []
      total = values.first ?? 0
      return
    }
    nodes = [Double](repeating: 0, count: 2 * cap)
    var i = cap
    for v in values {
      nodes[i] = v
      i += 1
    }
    var n = cap - 1
    while n >= 1 {
      nodes[n] = nodes[2 * n] + nodes[2 * n + 1]
      n -= 1
    }
    total = nodes[1]
  }

  /// Rebuilds the tree over `values[i] + adding`, reusing its storage when it is large enough.
  ///
  /// - Complexity: O(r).
  mutating func rebuild(_ values: [Double], adding: Double) {
    values.withUnsafeBufferPointer { v in
      rebuild(count: v.count) { leaves in
        for i in 0..<v.count { leaves[i] = v[i] + adding }
      }
    }
  }

  /// Rebuilds the tree over `count` values that `fill` writes into the leaves.
  ///
  /// - Complexity: O(r) plus `fill`.
  mutating func rebuild(count: Int, _ fill: (UnsafeMutableBufferPointer<Double>) -> Void) {
    self.count = count
    var cap = 1
    while cap < count { cap <<= 1 }
    capacity = cap
    let n = count
    guard cap > 1 else {
      // At most one value: no nodes (storage from a larger tree given back).
      if !nodes.isEmpty { nodes = [] }
      var leaf = 0.0
      withUnsafeMutablePointer(to: &leaf) { fill(UnsafeMutableBufferPointer(start: $0, count: n)) }
      total = n == 0 ? 0 : leaf
      return
    }
    if nodes.count != 2 * cap {
      nodes = [Double](repeating: 0, count: 2 * cap)
    }
    total = nodes.withUnsafeMutableBufferPointer { t in
      fill(UnsafeMutableBufferPointer(rebasing: t[cap..<(cap + n)]))
      for i in (cap + n)..<(2 * cap) { t[i] = 0 }
      var i = cap - 1
      while i >= 1 {
        t[i] = t[2 * i] + t[2 * i + 1]
        i -= 1
      }
      return t[1]
    }
  }

  /// Rebuilds the tree over `count` values of which the first `kept` are unchanged: `fill`
  /// writes leaves `kept ..< count` (its buffer starts at leaf `kept`), and only the ancestors
  /// of those leaves are recomputed. Falls back to a full rebuild (`fill` then also gets leaf
  /// `kept` first, and the kept leaves are taken from the old tree) when the capacity changes.
  /// Bit for bit the tree `rebuild(count:_:)` would build over the same values.
  ///
  /// - Precondition: `0 ≤ kept ≤ min(count, self.count)`.
  /// - Complexity: O(count − kept + log r) when the capacity is kept, else O(r).
  mutating func rebuild(
    count newCount: Int, keepingFirst kept: Int,
    _ fill: (UnsafeMutableBufferPointer<Double>) -> Void
  ) {
    var cap = 1
    while cap < newCount { cap <<= 1 }
    guard cap == capacity, cap > 1, nodes.count == 2 * cap else {
      let old = self
      rebuild(count: newCount) { leaves in
        for i in 0..<kept { leaves[i] = old[i] }
        fill(UnsafeMutableBufferPointer(rebasing: leaves[kept...]))
      }
      return
    }
    let oldCount = count
    count = newCount
    defer { total = nodes[1] }
    nodes.withUnsafeMutableBufferPointer { t in
      fill(UnsafeMutableBufferPointer(rebasing: t[(cap + kept)..<(cap + newCount)]))
      if oldCount > newCount { for i in (cap + newCount)..<(cap + oldCount) { t[i] = 0 } }
      let end = max(oldCount, newCount)
      guard end > kept, cap > 1 else { return }
      var lo = (cap + kept) >> 1
      var hi = (cap + end - 1) >> 1
      while lo >= 1 {
        for i in lo...hi { t[i] = t[2 * i] + t[2 * i + 1] }
        lo >>= 1
        hi >>= 1
      }
    }
  }

  /// The nodes' storage, in values (0 for a tree of at most one value): for tests.
  var nodeStorage: Int { nodes.capacity }

  /// The value at `index`.
  ///
  /// - Complexity: O(1).
  subscript(index: Int) -> Double { capacity == 1 ? total : nodes[capacity + index] }

  /// The sum of the values before `k` (`0 ≤ k ≤ count`).
  ///
  /// - Complexity: O(log r).
  @inline(__always)
  func prefix(_ k: Int) -> Double {
    if k >= count { return total }
    // Walk from the root, adding every left sibling passed on the way to leaf k: the path is
    // k's bits, high to low. Branch-free (a skipped sibling adds +0, which changes no sum of
    // non-negative values: the sibling's bits are masked, not branched on), so the loads depend
    // on k only and overlap.
    let depth = capacity.trailingZeroBitCount
    return nodes.withUnsafeBufferPointer { t in
      var node = 1
      var sum = 0.0
      var level = depth
      while level > 0 {
        level &-= 1
        let bit = (k &>> level) & 1
        let left = t[2 &* node].bitPattern & (0 &- UInt64(truncatingIfNeeded: bit))
        sum += Double(bitPattern: left)
        node = 2 &* node &+ bit
      }
      return sum
    }
  }

  /// `prefix(k)` given `previous = prefix(k − 1)`, bit for bit: for an odd `k` below `count`
  /// whose previous prefix is positive, `k`'s path is `k − 1`'s but for the last level, where it
  /// adds its left sibling (leaf `k − 1`) and `k − 1` added +0: one addition, the same sum.
  /// Otherwise a descent (`prefix(k)`).
  ///
  /// - Complexity: O(1) for an odd `k`, else O(log r).
  @inline(__always)
  func prefix(_ k: Int, following previous: Double) -> Double {
    if k & 1 == 1, k < count, previous > 0 { return previous + nodes[capacity + k - 1] }
    return prefix(k)
  }

  /// `firstIndex(inclusivePrefixAtLeast:)` and the sum of the values before it (bit for bit
  /// `prefix(index)`), in one descent whose steps select without branching.
  ///
  /// - Complexity: O(log r).
  @inline(__always)
  func seek(inclusivePrefixAtLeast target: Double) -> (index: Int, prefix: Double) {
    if count == 0 || total < target { return (count, total) }
    let depth = capacity.trailingZeroBitCount
    return nodes.withUnsafeBufferPointer { t in
      var node = 1
      var acc = 0.0
      var level = depth
      while level > 0 {
        level &-= 1
        let left = acc + t[2 &* node]
        let right = left < target
        acc = right ? left : acc
        node = 2 &* node &+ (right ? 1 : 0)
      }
      let index = node &- capacity
      return index < count ? (index, acc) : (count, total)
    }
  }

  /// Replaces the value at `index`; returns the number of nodes written (the work done).
  ///
  /// - Complexity: O(log r).
  @discardableResult
  mutating func set(_ index: Int, _ value: Double) -> Int {
    guard capacity > 1 else {
      total = value
      return 1
    }
    var n = capacity + index
    nodes[n] = value
    var written = 1
    n >>= 1
    while n >= 1 {
      nodes[n] = nodes[2 * n] + nodes[2 * n + 1]
      written += 1
      n >>= 1
    }
    total = nodes[1]
    return written
  }

  /// The smallest `k` whose inclusive prefix (`prefix(k + 1)`) is at least `target`, or `count`
  /// when there is none. The values must be non-negative (they are: heights and spacings).
  ///
  /// - Complexity: O(log r).
  func firstIndex(inclusivePrefixAtLeast target: Double) -> Int {
    if count == 0 || total < target { return count }
    var node = 1
    var span = capacity
    var lo = 0
    var acc = 0.0
    while span > 1 {
      span >>= 1
      let left = acc + nodes[2 * node]
      if left >= target {
        node = 2 * node
      } else {
        acc = left
        node = 2 * node + 1
        lo += span
      }
    }
    return min(lo, count)
  }
}
