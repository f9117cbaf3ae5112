/// Each section's first page, and the page count after the last (section `s` is pages
/// `self[s] ..< self[s + 1]`), stored with a gap; entries after the gap are stored relative to
/// the end, so shifting them all is one addition.
///
/// - Complexity: a read O(1); `insert`, `remove`, `shift` O(1 + d) for the d entries between the
///   gap and the edit (amortized).
struct SectionStarts: Sendable {
  /// Entries before the gap as they are, after it as `end − value`.
  private var entries: GapBuffer<Int>
  /// The last entry (the page count).
  private var end: Int

  /// The entries `firstPages` (ascending; the last one the page count).
  init(_ firstPages: [Int]) {
    entries = GapBuffer(firstPages)
    end = firstPages.last ?? 0
  }

  /// The number of entries (sections + 1).
  var count: Int { entries.count }

  /// Section `s`'s first page (`s` = the section count: the page count).
  ///
  /// - Complexity: O(1).
  subscript(s: Int) -> Int {
    @inline(__always) get {
      let stored = entries[s]
      return s < entries.gapStart ? stored : end &- stored
    }
  }

  /// The section holding page `p`: the last `s` < `count − 1` with `self[s] ≤ p`.
  ///
  /// - Precondition: `0 ≤ p` < the page count; the entries strictly ascending.
  /// - Complexity: O(log s), one bisection of the slots.
  func section(ofPage p: Int) -> Int {
    let g = entries.gapStart
    let l = entries.gapLength
    let end = end
    return entries.slots.withUnsafeBufferPointer { v in
      var lo = 0
      var hi = count - 2
      while lo < hi {
        let mid = (lo + hi + 1) >> 1
        let first = mid < g ? v[mid] : end &- v[mid &+ l]
        if first <= p { lo = mid } else { hi = mid - 1 }
      }
      return lo
    }
  }

  /// Adds `delta` to every entry after `s` (the pages of section `s` grew by `delta`).
  ///
  /// - Complexity: O(1 + d).
  mutating func shift(after s: Int, by delta: Int) {
    moveBoundary(to: s + 1)
    end += delta
  }

  /// Inserts `first` as entry `s` (the later entries unchanged: `shift` them after).
  ///
  /// - Complexity: O(1 + d) amortized.
  mutating func insert(_ first: Int, at s: Int) {
    moveBoundary(to: s)
    entries.splice(s..<s, with: CollectionOfOne(first))
  }

  /// Removes entry `s` (the later entries unchanged: `shift` them before).
  ///
  /// - Complexity: O(1 + d).
  mutating func remove(at s: Int) {
    moveBoundary(to: s + 1)
    entries.splice(s..<(s + 1), with: EmptyCollection())
  }

  /// Moves the gap (the boundary between the two encodings) before entry `g`, re-encoding the
  /// entries that cross it. Changes no entry's value.
  ///
  /// - Complexity: O(1 + d) for the d entries between the gap and `g`.
  mutating func moveBoundary(to g: Int) {
    let old = entries.gapStart
    guard g != old else { return }
    entries.moveGap(to: g)
    // v ↔ end − v, both ways.
    for t in min(g, old)..<max(g, old) { entries[t] = end &- entries[t] }
  }
}
