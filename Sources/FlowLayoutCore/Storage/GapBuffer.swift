import FlowLayoutModel

/// A sequence stored with a gap: elements `0 ..< gapStart`, the gap (`gapLength` filler slots),
/// then the rest. An element is read and written in place in O(1); a splice at `p` moves the gap
/// there (O(d) element moves, as bytes, for the d elements between) and costs O(k) for k
/// elements inserted or removed. Built from an array it has a gap of `initialGap(count:)` slots
/// at the end; a splice that needs more room re-lays the slots out with a gap of
/// `max(16, count / 8)`. The filler is the element type's (`GapFilling.gapFiller`), not stored.
struct GapBuffer<Element: GapFilling>: RandomAccessCollection, MutableCollection {
  /// The elements and the gap, in slot order.
  private(set) var slots: [Element]
  /// The first slot of the gap (= the number of elements before it).
  private(set) var gapStart: Int
  /// The number of slots in the gap.
  private(set) var gapLength: Int

  /// `elements`, with a gap of `initialGap(count:)` slots after them (a first insertion into a
  /// long buffer lays nothing out again).
  ///
  /// - Complexity: O(n).
  init(_ elements: [Element]) {
    let gap = Self.initialGap(count: elements.count)
    slots = elements
    if gap > 0 { slots.append(contentsOf: repeatElement(Element.gapFiller, count: gap)) }
    gapStart = elements.count
    gapLength = gap
  }

  /// The gap a buffer of `count` elements is built with: an eighth of them (at least 16 slots)
  /// from 64 elements, the room a re-layout leaves, so that no insertion before the count grew
  /// by an eighth lays the slots out again (O(n): 69 ms at 500 000 pages); none below 64 (a
  /// short buffer is laid out again in no time, and a page list of one page keeps its page tree
  /// empty).
  static func initialGap(count: Int) -> Int { count >= 64 ? Swift.max(16, count / 8) : 0 }

  /// `elements`, with no gap; `filler`, what the gap's slots hold, is the type's
  /// (`Element.gapFiller`; checked in debug builds).
  init(_ elements: [Element], filler: Element) where Element: Equatable {
    assert(filler == Element.gapFiller, "a gap buffer's filler is its element type's")
    self.init(elements)
  }

  /// What gap slots hold.
  @inline(__always)
  private var filler: Element { Element.gapFiller }

  var startIndex: Int { 0 }
  var endIndex: Int { slots.count &- gapLength }

  /// The slot of element `p` (`0 ≤ p ≤ count`; `count` maps to `slots.count`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func slot(_ p: Int) -> Int { Self.slot(p, gapStart: gapStart, gapLength: gapLength) }

  /// `slot(_:)` for a buffer whose gap is `gapStart ..< gapStart + gapLength`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func slot(_ p: Int, gapStart: Int, gapLength: Int) -> Int {
    p < gapStart ? p : p &+ gapLength
  }

  /// The element in slot `q` (`0 ≤ q ≤ slots.count`); a gap slot maps to the first element after
  /// the gap.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func index(ofSlot q: Int) -> Int {
    q < gapStart ? q : Swift.max(q &- gapLength, gapStart)
  }

  /// Element `p`, read and written in place.
  ///
  /// - Complexity: O(1).
  subscript(p: Int) -> Element {
    @inline(__always) _read { yield slots[slot(p)] }
    @inline(__always) _modify { yield &slots[slot(p)] }
  }

  /// Element `p`, read without a bounds check (the caller has checked `p`).
  ///
  /// - Precondition: `0 ≤ p < count`.
  /// - Complexity: O(1).
  @inline(__always)
  func uncheckedElement(_ p: Int) -> Element {
    slots.withUnsafeBufferPointer { $0[slot(p)] }
  }

  /// Replaces elements `range` with `new`. Returns the slots whose element changed, or `nil` when
  /// every slot was re-laid out.
  ///
  /// - Complexity: O(d + r + k) for d elements between the gap and `range`, r removed and k
  ///   inserted; O(n) when the slots are re-laid out.
  /// - Parameter smallGap: re-lay out with a gap of 1 (tests).
  @discardableResult
  mutating func splice(
    _ range: Range<Int>, with new: some Collection<Element>, smallGap: Bool = false
  ) -> Range<Int>? {
    let p = range.lowerBound
    let r = range.count
    let k = new.count
    if !splicesInPlace(range, inserting: k) {
      relayOut(replacing: range, with: new, gap: smallGap ? 1 : nil)
      return nil
    }
    var touched = moveGap(to: range.upperBound)
    // The r elements before the gap join it.
    for q in p..<(p + r) { slots[q] = filler }
    gapStart = p
    gapLength += r
    var q = p
    for element in new {
      slots[q] = element
      q += 1
    }
    gapStart += k
    gapLength -= k
    let written = p..<(p + Swift.max(r, k))
    touched = touched.isEmpty ? written : Swift.min(touched.lowerBound, written.lowerBound)
      ..< Swift.max(touched.upperBound, written.upperBound)
    return touched
  }

  /// Replaces elements `range` with `new`'s, swapped in (no element copied): `new` is left
  /// holding, in its first entries, the elements removed, and in the rest gap fillers, for the
  /// caller to drop. When the gap is too short, the slots grow at the end by the fillers the
  /// new count needs plus a gap of `max(16, count / 8)`, and the gap is moved through them by
  /// swaps (no element copied but those fillers).
  ///
  /// - Complexity: O(d + r + k) swaps for d elements between the gap and `range`, r removed and
  ///   k inserted; O(n) swaps when the slots grow.
  mutating func splice(_ range: Range<Int>, swappingIn new: inout [Element]) {
    let p = range.lowerBound
    let r = range.count
    let k = new.count
    if k > gapLength + r {
      // The gap to the end, grown there, then brought back.
      moveGap(to: count)
      let grown = k - r - gapLength + Swift.max(16, (count - r + k) / 8)
      slots.append(contentsOf: repeatElement(filler, count: grown))
      gapLength += grown
    }
    moveGap(to: range.upperBound)
    // Elements p ..< p + r, then the gap: the first k slots take `new`'s elements.
    for j in 0..<k { swap(&slots[p + j], &new[j]) }
    // Removed elements beyond the k swapped out join the gap as fillers.
    for q in (p + k)..<Swift.max(p + r, p + k) { slots[q] = filler }
    gapStart = p + k
    gapLength += r - k
  }

  mutating func replaceSubrange(_ range: Range<Int>, with new: some Collection<Element>) {
    splice(range, with: new)
  }

  mutating func insert(_ element: Element, at p: Int) {
    splice(p..<p, with: CollectionOfOne(element))
  }

  @discardableResult
  mutating func remove(at p: Int) -> Element {
    var element = filler
    swap(&element, &self[p])
    splice(p..<(p + 1), with: EmptyCollection())
    return element
  }

  mutating func removeSubrange(_ range: Range<Int>) { splice(range, with: EmptyCollection()) }

  /// Moves the gap to start before element `g`; returns the slots whose element moved.
  ///
  /// - Complexity: O(|g − gapStart|) element moves (bytes, no copy).
  @discardableResult
  mutating func moveGap(to g: Int) -> Range<Int> {
    guard g != gapStart else { return 0..<0 }
    defer { gapStart = g }
    guard gapLength > 0 else { return 0..<0 }
    let (start, l) = (gapStart, gapLength)
    slots.withUnsafeMutableBufferPointer { $0.moveGap(from: start, to: g, length: l) }
    return g < start ? g..<(start + l) : start..<(g + l)
  }

  /// Whether `splice(range, with:)` of `k` elements keeps the slots (moves the gap, lays
  /// nothing out again).
  ///
  /// - Complexity: O(1).
  func splicesInPlace(_ range: Range<Int>, inserting k: Int) -> Bool {
    !(k > gapLength + range.count || gapLength > Swift.max(64, 2 * count))
  }

  /// Lays the slots out again with `range` replaced by `new` and a gap of `gap` after them.
  ///
  /// - Complexity: O(p).
  private mutating func relayOut(
    replacing range: Range<Int>, with new: some Collection<Element>, gap: Int? = nil
  ) {
    let newCount = count - range.count + new.count
    let gap = gap ?? Swift.max(16, newCount / 8)
    var result: [Element] = []
    result.reserveCapacity(newCount + gap)
    var old: [Element] = []
    swap(&old, &slots)
    let oldGapStart = gapStart
    let oldGapLength = gapLength
    // Elements taken out of the old slots (moved, not copied).
    func take(_ p: Int) -> Element {
      let q = p < oldGapStart ? p : p + oldGapLength
      var element = filler
      swap(&element, &old[q])
      return element
    }
    for p in 0..<range.lowerBound { result.append(take(p)) }
    result.append(contentsOf: new)
    let end = result.count
    for _ in 0..<gap { result.append(filler) }
    for p in range.upperBound..<(old.count - oldGapLength) { result.append(take(p)) }
    slots = result
    gapStart = end
    gapLength = gap
  }
}

extension GapBuffer: Sendable where Element: Sendable {}

/// An element type with a value for a gap buffer's empty slots (`GapBuffer`).
protocol GapFilling {
  /// What a gap slot holds.
  static var gapFiller: Self { get }
}

extension Int: GapFilling {
  static var gapFiller: Int { 0 }
}
