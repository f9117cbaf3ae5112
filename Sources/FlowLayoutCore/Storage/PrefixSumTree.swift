import FlowLayoutModel

/// What a `SummaryTree` sums: a value with a zero and an associative, left-to-right `+` (a sum
/// of heights, a sum of item counts, a largest extent, or a record of several).
protocol TreeSummary: Sendable, Equatable {
  static var zero: Self { get }
  static func + (lhs: Self, rhs: Self) -> Self
}

extension Double: TreeSummary {}

/// Prefix sums of non-negative `Double`s: line-block extents `Σ (lineHeight + L)`
/// (`LineTable.blocks`).
typealias PrefixSumTree = SummaryTree<Double>

/// Prefix sums of summaries (`TreeSummary`) with 32-way groups: level 0 holds the values, each
/// level above one sum per group of 32 below, up to a top of at most 32; every level also stores
/// each value's partial sum before it in its group. `prefix(k)` adds one partial per level: O(log₃₂
/// r) independent loads; a change rewrites O(32 log₃₂ r) sums. Every sum is recomputed in the same
/// order by an update as by a build: an updated tree is bit for bit a built one.
///
/// - Memory: ~2.07 values per value; nothing allocated for at most one value.
struct SummaryTree<Value: TreeSummary>: Sendable, Equatable {
  /// Values per group, as a shift (32).
  static var shift: Int { 5 }

  /// The number of values.
  private(set) var count: Int
  /// The sum of all values (the top level's sum, left to right).
  private(set) var total: Value
  /// Every level's values, level 0 first, each level after the one below.
  private var values: [Value]
  /// Every level's partial sums (entry `i`: the sum of the values before `i` in its group), at
  /// the same positions as `values`.
  private var partials: [Value]

  /// An empty tree.
  init() {
    count = 0
    total = .zero
    values = []
    partials = []
  }

  /// A tree over `values`.
  ///
  /// - Complexity: O(r) for r values.
  init<C: Collection>(_ values: C) where C.Element == Value {
    self.init()
    rebuild(count: values.count) { leaves in
      var i = 0
      for v in values {
        leaves[i] = v
        i += 1
      }
    }
  }

  /// The number of values of level `ℓ` of a tree of `count` values (≥ 1).
  @inline(__always)
  private static func size(ofLevel level: Int, count: Int) -> Int {
    ((count &- 1) &>> (shift &* level)) &+ 1
  }

  /// The levels above level 0 of a tree of `count` values (0 for at most 32).
  @inline(__always)
  private static func depth(count: Int) -> Int {
    let bits = Int.bitWidth &- (count &- 1).leadingZeroBitCount
    return count <= 1 << shift ? 0 : (bits &- 1) / shift
  }

  /// The levels above level 0.
  private var depth: Int { Self.depth(count: count) }

  /// The levels a prefix or a descent reads one entry of: 0 for at most one value, else
  /// `1 + depth`.
  ///
  /// - Complexity: O(1).
  var levels: Int { count <= 1 ? 0 : 1 &+ depth }

  /// The entries every level takes together.
  private static func entries(count: Int, depth: Int) -> Int {
    guard count > 0 else { return 0 }
    var total = 0
    for level in 0...depth { total += size(ofLevel: level, count: count) }
    return total
  }

  /// Rebuilds the tree over `count` values that `fill` writes, reusing its storage when it is
  /// large enough.
  ///
  /// - Complexity: O(r) plus `fill`.
  mutating func rebuild(count: Int, _ fill: (UnsafeMutableBufferPointer<Value>) -> Void) {
    rebuild(count: count, keepingFirst: 0, fill)
  }

  /// Rebuilds the tree over `count` values of which the first `kept` are unchanged (`fill` writes
  /// the rest, its buffer starting at value `kept`): bit for bit `rebuild(count:_:)`'s tree.
  ///
  /// - Precondition: `0 ≤ kept ≤ min(count, self.count)`.
  /// - Complexity: O(count − kept + log r) when the level sizes are kept, else
  ///   O(count − kept + r / 32).
  mutating func rebuild(
    count newCount: Int, keepingFirst kept: Int,
    _ fill: (UnsafeMutableBufferPointer<Value>) -> Void
  ) {
    let oldCount = count
    guard newCount > 1 else {
      // At most one value (a short section's one block of lines): no storage, the value is
      // the total (storage from a larger tree given back).
      var leaf = kept == 1 ? self[0] : .zero
      withUnsafeMutablePointer(to: &leaf) {
        fill(UnsafeMutableBufferPointer(start: $0 + kept, count: newCount - kept))
      }
      if values.capacity > 0 { values = [] }
      if partials.capacity > 0 { partials = [] }
      count = newCount
      total = newCount == 0 ? .zero : leaf
      return
    }
    let entries = Self.entries(count: newCount, depth: Self.depth(count: newCount))
    Self.resize(&values, to: entries)
    Self.resize(&partials, to: entries)
    count = newCount
    // A kept single value was the total (no storage).
    if oldCount == 1, kept == 1 { values[0] = total }
    values.withUnsafeMutableBufferPointer { v in
      fill(UnsafeMutableBufferPointer(rebasing: v[kept..<newCount]))
    }
    // Above level 0, recomputed from the groups of `kept`'s ancestors on when the count (so
    // every level's size) is kept, else whole (the levels above level 0 move).
    total = summarize(from: kept, through: newCount &- 1, upperWhole: newCount != oldCount).total
  }

  /// Sets `array`'s count to `count`, keeping its capacity (new entries are 0).
  private static func resize(_ array: inout [Value], to count: Int) {
    if array.count > count {
      array.removeLast(array.count - count)
    } else if array.count < count {
      array.append(contentsOf: repeatElement(.zero, count: count - array.count))
    }
  }

  /// Recomputes the partial sums from value `first` through the end of `last`'s group and their
  /// ancestors' groups (whole levels with `upperWhole`); returns the total and the entries
  /// recomputed.
  ///
  /// - Complexity: O(r − first + r / 32) with `upperWhole`, O(last − first + 32·depth) without.
  private mutating func summarize(from first: Int, through last: Int, upperWhole: Bool)
    -> (total: Value, entries: Int)
  {
    let n = count
    let d = depth
    let shift = Self.shift
    let mask = (1 &<< shift) &- 1
    var sum = Value.zero
    var entries = 0
    values.withUnsafeMutableBufferPointer { v in
      partials.withUnsafeMutableBufferPointer { p in
        var base = 0
        var from = first
        var through = last
        for level in 0...d {
          let size = Self.size(ofLevel: level, count: n)
          let next = base &+ size
          let lo = min(level > 0 && upperWhole ? 0 : from, size &- 1)
          if upperWhole, level < d {
            // The sums of the groups before `lo`'s, at the next level's new place.
            var g = 0
            while g < lo &>> shift {
              let last = base &+ (g &<< shift) &+ mask
              v[next &+ g] = p[last] + v[last]
              g &+= 1
            }
          }
          // The running sum of `lo`'s group before `lo` (0 at a group's start), then one
          // addition per value, as a build makes them.
          var running = lo & mask == 0 ? .zero : p[base &+ lo &- 1] + v[base &+ lo &- 1]
          var i = lo
          let end = upperWhole ? size : min(((through &>> shift) &+ 1) &<< shift, size)
          entries &+= end &- lo
          while i < end {
            let groupEnd = min((i | mask) &+ 1, end)
            while i < groupEnd {
              p[base &+ i] = running
              running = running + v[base &+ i]
              i &+= 1
            }
            // A group closed: its sum is the next level's value (the total at the top).
            if level < d {
              v[next &+ ((i &- 1) &>> shift)] = running
            } else {
              sum = running
            }
            running = .zero
          }
          base = next
          from = lo &>> shift
          through &>>= shift
        }
      }
    }
    return (sum, entries)
  }

  /// The value at `index`.
  ///
  /// - Complexity: O(1).
  subscript(index: Int) -> Value { count == 1 ? total : values[index] }

  /// The storage held, in values (0 for a tree of at most one value): for tests.
  var nodeStorage: Int { values.capacity + partials.capacity }

  /// The sum of the values before `k` (`0 ≤ k ≤ count`): one partial sum per level, top first.
  ///
  /// - Complexity: O(log₃₂ r), independent loads (no loop for r ≤ 32⁴ values).
  @inline(__always)
  func prefix(_ k: Int) -> Value {
    if k >= count { return total }
    if count == 1 { return .zero }
    let n = count
    let shift = Self.shift
    return partials.withUnsafeBufferPointer { p in
      // Depths 0–3 unrolled, the partials read top first as the loop below adds them.
      let m = n &- 1
      if m < 1 &<< shift { return .zero + p[k] }
      let base1 = n
      if m < 1 &<< (2 &* shift) { return .zero + p[base1 &+ (k &>> shift)] + p[k] }
      let base2 = base1 &+ (m &>> shift) &+ 1
      if m < 1 &<< (3 &* shift) {
        return .zero + p[base2 &+ (k &>> (2 &* shift))] + p[base1 &+ (k &>> shift)] + p[k]
      }
      let base3 = base2 &+ (m &>> (2 &* shift)) &+ 1
      if m < 1 &<< (4 &* shift) {
        return .zero + p[base3 &+ (k &>> (3 &* shift))] + p[base2 &+ (k &>> (2 &* shift))]
          + p[base1 &+ (k &>> shift)] + p[k]
      }
      return Self.prefix(k, count: n, partials: p)
    }
  }

  /// `prefix(k)` of a tree of `n` values whose partial sums are `p`, level by level (any depth;
  /// out of line, so that the unrolled depths stay short where `prefix` is inlined).
  @inline(never)
  private static func prefix(_ k: Int, count n: Int, partials p: UnsafeBufferPointer<Value>)
    -> Value
  {
    let d = depth(count: n)
    var base = 0
    for level in 0..<d { base &+= size(ofLevel: level, count: n) }
    var sum = Value.zero
    var level = d
    while true {
      sum = sum + p[base &+ (k &>> (shift &* level))]
      if level == 0 { break }
      level &-= 1
      base &-= size(ofLevel: level, count: n)
    }
    return sum
  }

  /// The first index whose inclusive prefix is not `ahead` (`count` when every one is), and the
  /// sum before it (bit for bit `prefix(index)`), in one descent.
  ///
  /// - Precondition: `ahead` is monotone (holds for a prefix only if for every shorter one).
  /// - Complexity: O(log r): O(log₃₂ r) levels, 5 steps each.
  @inline(__always)
  func seek(_ ahead: (Value) -> Bool) -> (index: Int, prefix: Value) {
    if count == 0 || ahead(total) { return (count, total) }
    if count == 1 { return (0, .zero) }
    let n = count
    let d = depth
    let group = 1 << Self.shift
    return partials.withUnsafeBufferPointer { p in
      var base = 0
      for level in 0..<d { base &+= Self.size(ofLevel: level, count: n) }
      var acc = Value.zero
      var index = 0
      var level = d
      while true {
        // The last child whose partial leaves the prefix ahead, by bisection.
        let size = Self.size(ofLevel: level, count: n)
        var chosen = index &<< Self.shift
        var end = min(chosen &+ group, size)
        while end &- chosen > 1 {
          let mid = (chosen &+ end) &>> 1
          let isAhead = ahead(acc + p[base &+ mid])
          chosen = isAhead ? mid : chosen
          end = isAhead ? end : mid
        }
        acc = acc + p[base &+ chosen]
        index = chosen
        if level == 0 { break }
        level &-= 1
        base &-= Self.size(ofLevel: level, count: n)
      }
      return (index, acc)
    }
  }

  /// Replaces the value at `index`; returns the entries written.
  ///
  /// - Complexity: O(32 log₃₂ r).
  @discardableResult
  mutating func set(_ index: Int, _ value: Value) -> Int {
    guard count > 1 else {
      total = value
      return 1
    }
    let n = count
    let d = depth
    let mask = (1 &<< Self.shift) &- 1
    var written = 1
    total = values.withUnsafeMutableBufferPointer { v in
      partials.withUnsafeMutableBufferPointer { p in
        v[index] = value
        var base = 0
        var i = index
        var level = 0
        while true {
          // `i`'s partial is unchanged; the ones after it in its group, and the group's sum,
          // are the running sums a build makes.
          let size = Self.size(ofLevel: level, count: n)
          let end = min((i | mask) &+ 1, size)
          var running = p[base &+ i] + v[base &+ i]
          var j = base &+ i &+ 1
          let last = base &+ end
          // Four at a time (a record's additions are not unrolled for us), then the rest.
          while j &+ 4 <= last {
            p[j] = running
            running = running + v[j]
            p[j &+ 1] = running
            running = running + v[j &+ 1]
            p[j &+ 2] = running
            running = running + v[j &+ 2]
            p[j &+ 3] = running
            running = running + v[j &+ 3]
            j &+= 4
          }
          while j < last {
            p[j] = running
            running = running + v[j]
            j &+= 1
          }
          written &+= end &- i
          if level == d { return running }
          v[base &+ size &+ (i &>> Self.shift)] = running
          base &+= size
          i &>>= Self.shift
          level &+= 1
        }
      }
    }
    return written
  }

  /// Moves the values of a gap of `l` slots at `start` to start at `g`, as
  /// `GapBuffer.moveGap(to:)` moves the slots it summarizes: bit for bit the tree built over the
  /// moved values. Returns the entries written.
  ///
  /// - Precondition: the gap and `g ..< g + l` lie in the tree.
  /// - Complexity: O(|g − start| + 32 log₃₂ r).
  @discardableResult
  mutating func moveGap(from start: Int, to g: Int, length l: Int) -> Int {
    guard g != start, l > 0, count > 1 else { return 0 }
    let n = count
    values.withUnsafeMutableBufferPointer { v in
      UnsafeMutableBufferPointer(rebasing: v[0..<n]).moveGap(from: start, to: g, length: l)
    }
    // The slots that changed: the d moved values' old and new places (one run when d ≥ l).
    let d = abs(g &- start)
    let first = Swift.min(start, g)
    let last = Swift.max(start, g) &+ l &- 1
    if d >= l {
      let summed = summarize(from: first, through: last, upperWhole: false)
      total = summed.total
      return last &- first &+ 1 &+ summed.entries
    }
    let before = summarize(from: first, through: first &+ d &- 1, upperWhole: false)
    let after = summarize(from: last &- d &+ 1, through: last, upperWhole: false)
    total = after.total
    return 2 &* d &+ before.entries &+ after.entries
  }

  /// Replaces the value at each of `indices` (any order, repeats allowed) with `value(index)`, then
  /// sums the tree once from the smallest: bit for bit `set(_:_:)` one at a time. Returns the
  /// entries written.
  ///
  /// - Complexity: O(k + (i₁ − i₀) + 32 log₃₂ r) for k indices from i₀ to i₁.
  @discardableResult
  mutating func set(_ indices: some Sequence<Int>, to value: (Int) -> Value) -> Int {
    guard count > 1 else {
      for i in indices { total = value(i) }
      return 1
    }
    var first = count
    var last = -1
    var written = 0
    values.withUnsafeMutableBufferPointer { v in
      for i in indices {
        v[i] = value(i)
        first = Swift.min(first, i)
        last = Swift.max(last, i)
        written &+= 1
      }
    }
    guard first < count else { return 0 }
    let summed = summarize(from: first, through: last, upperWhole: false)
    total = summed.total
    return written + summed.entries
  }
}

extension SummaryTree where Value == Double {
  /// The smallest `k` whose inclusive prefix (`prefix(k + 1)`) is at least `target`, or `count`
  /// when there is none.
  ///
  /// - Complexity: O(log r).
  func firstIndex(inclusivePrefixAtLeast target: Double) -> Int {
    seek { $0 < target }.index
  }
}
