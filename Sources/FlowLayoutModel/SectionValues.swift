/// One value per section, in section order, held in one array with a gap where sections were
/// last inserted or removed (the layout `SectionCounts` reads): reading or writing a section's
/// value is O(1), and inserting or removing a section costs O(d) for the d values between it and
/// the gap, plus an occasional O(s) growth of the array (amortized O(1) per inserted section).
/// A session whose user collapses, expands or moves sections where they look edits near the
/// gap, and no edit shifts every later section's value (an array's insertion moves them all: at
/// 500 000 sections, ~90 % of a section insertion's time above the engine).
///
/// The gap's slots hold `filler` (a value owning no storage: `0`, an empty set), so that no
/// value is kept alive by the gap.
public struct SectionValues<Value> {
  /// The values, and the gap's fillers at `gapStart ..< gapStart + gapLength`.
  @usableFromInline var slots: [Value]
  /// The first slot of the gap.
  @usableFromInline var gapStart: Int
  /// The number of slots of the gap.
  @usableFromInline var gapLength: Int
  /// What the gap's slots hold.
  @usableFromInline let filler: Value
  /// Slots written by moves of the gap (values moved, fillers made) and growths (values
  /// moved) since creation: the work counter of section insertions and removals.
  @usableFromInline package internal(set) var slotsWritten = 0

  /// `values`, with a gap of an eighth of them (at least 16 slots) after them: the first
  /// section insertions move values, none reallocates them.
  ///
  /// - Complexity: O(s) (the array copied when shared).
  @inlinable public init(_ values: [Value], filler: Value) {
    let room = Swift.max(16, values.count / 8)
    slots = values
    slots.append(contentsOf: repeatElement(filler, count: room))
    gapStart = values.count
    gapLength = room
    self.filler = filler
  }

  /// The values as one array.
  ///
  /// - Complexity: O(s).
  @inlinable public var array: [Value] {
    Array(slots[..<gapStart]) + slots[(gapStart + gapLength)...]
  }

  /// Section `s`'s slot.
  @inlinable func slot(_ s: Int) -> Int { s < gapStart ? s : s &+ gapLength }

  /// Moves the gap to start before section `s`: the values between move across it as bytes
  /// (`UnsafeMutableBufferPointer.moveGap`: never copied, retained or released), so that
  /// inserting or removing a section near `s` moves no value. Changes no value.
  ///
  /// - Precondition: `0 ≤ s ≤ count`.
  /// - Complexity: O(d) for the d values between the gap and `s`.
  @inlinable public mutating func moveGap(to s: Int) {
    guard gapLength > 0 else {
      gapStart = s
      return
    }
    guard s != gapStart else { return }
    let (start, length) = (gapStart, gapLength)
    let moved = abs(start - s)
    slotsWritten += moved + Swift.min(moved, length)
    slots.withUnsafeMutableBufferPointer { $0.moveGap(from: start, to: s, length: length) }
    gapStart = s
  }

  /// Inserts `value` as section `s`'s, the values from `s` on one section later.
  ///
  /// - Precondition: `0 ≤ s ≤ count`.
  /// - Complexity: O(d) for the d values between the gap and `s`; O(s) when the gap is full
  ///   (the array grown by an eighth: amortized O(1)).
  @inlinable public mutating func insert(_ value: Value, at s: Int) {
    precondition(s >= 0 && s <= count, "section out of range")
    if gapLength == 0 {
      // A new gap of an eighth of the values (at least 16 slots) at `s` (the values after it
      // moved in memory, none copied).
      let room = Swift.max(16, count / 8)
      slotsWritten += count - s
      slots.insert(contentsOf: repeatElement(filler, count: room), at: s)
      gapStart = s
      gapLength = room
    } else {
      moveGap(to: s)
    }
    slots[gapStart] = value
    gapStart += 1
    gapLength -= 1
  }

  /// Removes section `s`'s value, the later ones one section earlier.
  ///
  /// - Precondition: `0 ≤ s < count`.
  /// - Complexity: O(d) for the d values between the gap and `s`.
  @discardableResult
  @inlinable public mutating func remove(at s: Int) -> Value {
    precondition(s >= 0 && s < count, "section out of range")
    moveGap(to: s)
    gapLength += 1
    let value = slots[gapStart + gapLength - 1]
    slots[gapStart + gapLength - 1] = filler
    return value
  }

  /// Replaces the values of sections `range` with `values`.
  ///
  /// - Complexity: O(d + r + v) for the d values between the gap and `range`, its r values and
  ///   the v new ones (plus an occasional growth, as `insert(_:at:)`).
  @inlinable public mutating func replaceSubrange(
    _ range: Range<Int>, with values: some Collection<Value>
  ) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "sections out of range")
    // As many values as fit written in place, the rest removed or inserted.
    var s = range.lowerBound
    var rest = values[...]
    while s < range.upperBound, let value = rest.popFirst() {
      self[s] = value
      s += 1
    }
    for _ in s..<range.upperBound { remove(at: s) }
    for value in rest {
      insert(value, at: s)
      s += 1
    }
  }

  /// Replaces every value with `values` (no gap).
  ///
  /// - Complexity: O(1) (the array's storage taken).
  @inlinable public mutating func replaceAll(with values: [Value]) {
    slots = values
    gapStart = values.count
    gapLength = 0
  }
}

extension SectionValues: RandomAccessCollection, MutableCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { slots.count - gapLength }

  /// Section `s`'s value.
  ///
  /// - Complexity: O(1).
  @inlinable public subscript(s: Int) -> Value {
    get { slots[slot(s)] }
    _modify { yield &slots[slot(s)] }
  }
}

extension SectionValues: Equatable where Value: Equatable {
  /// The same values in the same order (wherever the gaps are).
  public static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}

extension SectionValues: Sendable where Value: Sendable {}

extension SectionValues where Value == Int {
  /// The counts as `SectionCounts` reads them (sharing the slots' storage).
  ///
  /// - Complexity: O(1).
  package var sectionCounts: SectionCounts {
    SectionCounts(slots: slots, gapStart: gapStart, gapLength: gapLength)
  }
}

/// One value per section that `BatchUpdate.restructureSections` edits: an `Array`, or
/// `SectionValues`.
package protocol SectionSequence<Element>: RandomAccessCollection, MutableCollection
where Index == Int {
  /// Removes section `s`'s value.
  mutating func remove(at s: Int) -> Element
  /// Inserts `value` as section `s`'s.
  mutating func insert(_ value: Element, at s: Int)
  /// Replaces the values of sections `range` with `values`.
  mutating func replaceSubrange(_ range: Range<Int>, with values: some Collection<Element>)
  /// Replaces every value with `values`.
  mutating func replaceAll(with values: [Element])
  /// How many values an insertion or removal at section `s` moves besides the values after it
  /// (`Int.max` where it moves every value after it: an array).
  func gapDistance(to s: Int) -> Int
}

extension Array: SectionSequence {
  package mutating func replaceAll(with values: [Element]) { self = values }
  package func gapDistance(to s: Int) -> Int { .max }
}

extension SectionValues: SectionSequence {
  package func gapDistance(to s: Int) -> Int { abs(gapStart - s) }
}

extension UnsafeMutableBufferPointer {
  /// Moves a gap of `l` slots at `start` to start at `g`: the elements between go to the other
  /// side of it, in order, and the gap's slots (fillers) follow it. Values move as their bytes
  /// (nothing retained, released or copied). `SectionValues` and the fast engine's `GapBuffer`
  /// move their gaps with it; a summary tree mirrors a move by moving its values the same way.
  ///
  /// - Precondition: the gap and `g ..< g + l` lie in the buffer.
  /// - Complexity: O(|g − start|) element moves and a scratch of min(|g − start|, l) elements.
  @inlinable package func moveGap(from start: Int, to g: Int, length l: Int) {
    guard g != start, l > 0, let base = baseAddress else { return }
    assert(Swift.max(start, g) + l <= count, "a gap inside the buffer")
    let d = abs(g &- start)
    if d <= 16 {
      // A few elements: swapped one by one with the gap's slots.
      if g > start {
        for q in start..<g { swapAt(q, q &+ l) }
      } else {
        for q in stride(from: start &- 1, through: g, by: -1) { swapAt(q, q &+ l) }
      }
      return
    }
    // The fillers the moved elements land on go to a scratch, then to the slots they leave.
    let t = Swift.min(d, l)
    let scratch = UnsafeMutablePointer<Element>.allocate(capacity: t)
    defer { scratch.deallocate() }
    if g > start {
      // Elements start + l ..< g + l go to start ..< g.
      scratch.moveInitialize(from: base + start, count: t)
      (base + start).moveInitialize(from: base + start + l, count: d)
      (base + start + Swift.max(d, l)).moveInitialize(from: scratch, count: t)
    } else {
      // Elements g ..< start go to g + l ..< start + l.
      scratch.moveInitialize(from: base + start + l - t, count: t)
      (base + g + l).moveInitialize(from: base + g, count: d)
      (base + g).moveInitialize(from: scratch, count: t)
    }
  }
}
