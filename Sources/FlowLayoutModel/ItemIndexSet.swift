/// A set of item indices of one section, stored as sorted, disjoint, non-adjacent ranges.
///
/// Used for the items that are still *estimated* (not measured): a section of a million items
/// that are all estimated, or all measured, or measured around a viewport, is one to three
/// ranges, so every edit costs O(R) for R ranges instead of O(n) for n items.
public struct ItemIndexSet: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The ranges, ascending; never empty, never touching (`ranges[k].upperBound <
  /// ranges[k+1].lowerBound`).
  public private(set) var ranges: [Range<Int>]

  /// The empty set.
  public init() { ranges = [] }

  /// Every index of `range`.
  public init(_ range: Range<Int>) { ranges = range.isEmpty ? [] : [range] }

  /// The given indices, in any order, duplicates allowed.
  ///
  /// - Complexity: O(k log k) for k indices.
  public init<S: Sequence<Int>>(_ indices: S) {
    ranges = []
    for i in indices.sorted() { appendRange(i..<(i + 1)) }
  }

  /// The given indices, ascending without duplicates (not checked: a wrong order gives a wrong
  /// set).
  ///
  /// - Complexity: O(k) for k indices.
  public init<S: Sequence<Int>>(ascending indices: S) {
    self.init(ascending: Array(indices))
  }

  /// `init(ascending:)` for an array (what the document's reading and the diagnostics pass):
  /// read without a generic sequence's calls per index across modules (~200 instructions an
  /// index when a document of a million estimated items is opened).
  ///
  /// - Complexity: O(k) for k indices.
  public init(ascending indices: [Int]) {
    ranges = []
    for i in indices { appendRange(i..<(i + 1)) }
  }

  /// The union of `ranges`, given ascending (each starting at or after the previous one's
  /// end; not checked: a wrong order gives a wrong set).
  ///
  /// - Complexity: O(r) for r ranges.
  public init(ascendingRanges ranges: [Range<Int>]) {
    self.ranges = []
    for range in ranges { appendRange(range) }
  }

  public var isEmpty: Bool { ranges.isEmpty }

  /// The number of indices. O(R).
  public var count: Int { ranges.reduce(0) { $0 + $1.count } }

  /// Every index, ascending. O(count).
  public var indices: [Int] { ranges.flatMap { Array($0) } }

  public var description: String { "\(ranges)" }

  /// The position of the first range whose upper bound is above `i`.
  ///
  /// - Complexity: O(log R).
  private func firstRange(above i: Int) -> Int {
    var low = 0
    var high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].upperBound <= i { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// - Complexity: O(log R).
  public func contains(_ i: Int) -> Bool {
    let k = firstRange(above: i)
    return k < ranges.count && ranges[k].lowerBound <= i
  }

  /// Adds `i`. Returns `true` when it was not there.
  ///
  /// - Complexity: O(R) (array insertion), O(log R) to find the place.
  @discardableResult
  public mutating func insert(_ i: Int) -> Bool {
    let k = firstRange(above: i)
    if k < ranges.count, ranges[k].lowerBound <= i { return false }
    let joinsBefore = k > 0 && ranges[k - 1].upperBound == i
    let joinsAfter = k < ranges.count && ranges[k].lowerBound == i + 1
    switch (joinsBefore, joinsAfter) {
    case (true, true):
      ranges[k - 1] = ranges[k - 1].lowerBound..<ranges[k].upperBound
      ranges.remove(at: k)
    case (true, false): ranges[k - 1] = ranges[k - 1].lowerBound..<(i + 1)
    case (false, true): ranges[k] = i..<ranges[k].upperBound
    case (false, false): ranges.insert(i..<(i + 1), at: k)
    }
    return true
  }

  /// Removes `i`. Returns `true` when it was there.
  ///
  /// - Complexity: O(R) (array insertion or removal), O(log R) to find it.
  @discardableResult
  public mutating func remove(_ i: Int) -> Bool {
    let k = firstRange(above: i)
    guard k < ranges.count, ranges[k].lowerBound <= i else { return false }
    let range = ranges[k]
    switch (range.lowerBound == i, range.upperBound == i + 1) {
    case (true, true): ranges.remove(at: k)
    case (true, false): ranges[k] = (i + 1)..<range.upperBound
    case (false, true): ranges[k] = range.lowerBound..<i
    case (false, false):
      ranges[k] = range.lowerBound..<i
      ranges.insert((i + 1)..<range.upperBound, at: k + 1)
    }
    return true
  }

  /// The indices of `self` inside `range`, ascending.
  ///
  /// - Complexity: O(log R + k) for k results.
  public func indices(in range: Range<Int>) -> [Int] {
    var result: [Int] = []
    var k = firstRange(above: range.lowerBound)
    while k < ranges.count, ranges[k].lowerBound < range.upperBound {
      result.append(
        contentsOf: max(
          ranges[k].lowerBound, range.lowerBound)..<min(ranges[k].upperBound, range.upperBound))
      k += 1
    }
    return result
  }

  /// Appends a range at or after the end, merging with the last range when they touch.
  private mutating func appendRange(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    if let last = ranges.last, last.upperBound >= range.lowerBound {
      ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
    } else {
      ranges.append(range)
    }
  }

  /// The set after the items at `removed` leave and the later items close the gaps (index `x`
  /// becomes `x − #{r ∈ removed : r < x}`; removed indices leave the set).
  ///
  /// - Parameter removed: ascending, without duplicates.
  /// - Complexity: O(R + k) for k removals.
  public func closingGaps<Removed: RandomAccessCollection<Int>>(at removed: Removed)
    -> ItemIndexSet where Removed.Index == Int
  {
    guard !removed.isEmpty else { return self }
    let base = removed.startIndex
    var result = ItemIndexSet()
    var k = 0  // removals consumed (all < the current position)
    for range in ranges {
      var start = range.lowerBound
      while k < removed.count, removed[base + k] < start { k += 1 }
      while start < range.upperBound {
        let end =
          k < removed.count ? min(removed[base + k], range.upperBound) : range.upperBound
        result.appendRange((start - k)..<(end - k))
        if end < range.upperBound {  // `end` is a removed index inside the range
          start = end + 1
          k += 1
        } else {
          start = end
        }
      }
    }
    return result
  }

  /// The set after new items enter at `inserted` (after-space indices: each is the new item's
  /// final index) and the other items move up to make room. The new items are not in the set.
  ///
  /// - Parameter inserted: ascending, without duplicates.
  /// - Complexity: O(R + k) for k insertions.
  public func openingGaps<Inserted: RandomAccessCollection<Int>>(at inserted: Inserted)
    -> ItemIndexSet where Inserted.Index == Int
  {
    guard !inserted.isEmpty else { return self }
    let base = inserted.startIndex
    var result = ItemIndexSet()
    var k = 0  // insertions at or before the current item's new index
    for range in ranges {
      var a = range.lowerBound
      while a < range.upperBound {
        while k < inserted.count, inserted[base + k] <= a + k { k += 1 }
        let length =
          k < inserted.count
          ? min(range.upperBound - a, inserted[base + k] - (a + k)) : range.upperBound - a
        result.appendRange((a + k)..<(a + k + length))
        a += length
      }
    }
    return result
  }

  /// Adds every index of `other`.
  ///
  /// - Complexity: O(R + R′) for the two sets' ranges.
  public mutating func formUnion(_ other: ItemIndexSet) {
    guard !other.isEmpty else { return }
    guard !isEmpty else {
      self = other
      return
    }
    var result = ItemIndexSet()
    var a = 0
    var b = 0
    while a < ranges.count || b < other.ranges.count {
      if b == other.ranges.count
        || (a < ranges.count && ranges[a].lowerBound <= other.ranges[b].lowerBound)
      {
        result.appendRange(ranges[a])
        a += 1
      } else {
        result.appendRange(other.ranges[b])
        b += 1
      }
    }
    self = result
  }
}
