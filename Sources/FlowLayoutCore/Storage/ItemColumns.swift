import FlowLayoutModel

/// One section's items as parallel `Double` columns (struct of arrays), in the working
/// orientation: `widths` run along the line, `heights` across it. `xs` holds each item's computed
/// position along the line for sections whose lines are stored as a table; it is empty for
/// closed-form sections, column flows and greedy leading lines after a full layout whose lines
/// hold at most 64 items each (positions come from a formula:
/// `Page.x(ofItem:lineStart:rules:)`, O(c) for a line of c ≤ 64 items); the first
/// edit of a long section's items stores them (`Page.storePositions`).
///
/// No per-item objects: three contiguous buffers, 24 bytes per item with positions, 16 without.
struct ItemColumns: Sendable, Equatable {
  var widths: [Double] {
    // Any write to a width (a resize, a splice, a move) forgets that they are equal.
    didSet { widthsKnownEqual = false }
  }
  var heights: [Double]
  var xs: [Double]
  /// Whether `xs` is kept (one entry per item) through splices.
  private(set) var hasPositions = false
  /// Whether every width is known to be bit-identical to the first: set by a full layout that
  /// checked them all (`noteWidthsEqual`), cleared by any write to `widths`; `false` when not
  /// known. A re-layout of equal widths then reads only the heights (`layOutTable`). Not part
  /// of equality (it is a fact about the widths, not a value).
  private(set) var widthsKnownEqual = false

  /// Whether the last full layout of greedy leading lines found a line of more than
  /// `Page.computedLineLimit` items (it then stored the positions, and the
  /// next one writes them as it goes); `false` when not known. Not part of equality.
  private(set) var hasLongLines = false

  init(widths: [Double], heights: [Double]) {
    self.widths = widths
    self.heights = heights
    self.xs = []
  }

  /// Columns holding `widths`, `heights` and positions `xs` (kept through splices).
  ///
  /// - Precondition: the three arrays have one length.
  init(widths: [Double], heights: [Double], xs: [Double]) {
    self.widths = widths
    self.heights = heights
    self.xs = xs
    hasPositions = true
  }

  var count: Int { widths.count }

  /// Room a page's column keeps past its count when it is cut (`page(lines:of:rules:)`) or
  /// rebuilt (`ColumnMerge`): the front items of the next page's first line that a section
  /// rebuild appends to it (`joinLastLine`) then fit in place, instead of in a new buffer
  /// (fresh memory, ~1 ms a MB on this VM; the realloc's doubling besides).
  static let frontRoom = 16

  /// `values` in a new array with room for `frontRoom` more.
  ///
  /// - Complexity: O(k) for its k values.
  static func withFrontRoom(_ values: ArraySlice<Double>) -> [Double] {
    var array: [Double] = []
    array.reserveCapacity(values.count &+ frontRoom)
    array.append(contentsOf: values)
    return array
  }

  /// Equal columns: the same widths, heights and positions (`widthsKnownEqual` aside).
  static func == (a: ItemColumns, b: ItemColumns) -> Bool {
    a.widths == b.widths && a.heights == b.heights && a.xs == b.xs
      && a.hasPositions == b.hasPositions
  }

  /// Records that every width is bit-identical to the first (`widthsKnownEqual`), until a width
  /// is written.
  ///
  /// - Precondition: every width has the first one's bit pattern (`layOutTable` checked them).
  mutating func noteWidthsEqual() { widthsKnownEqual = true }

  /// Records whether the full layout just made found a line longer than
  /// `Page.computedLineLimit` (`hasLongLines`).
  mutating func noteLongLines(_ long: Bool) { hasLongLines = long }

  /// The columns' arrays (positions empty when not kept), taken out: the columns are left
  /// empty and the arrays uniquely referenced when these were (a buffer to reuse).
  ///
  /// - Complexity: O(1).
  mutating func takeArrays() -> (widths: [Double], heights: [Double], xs: [Double]) {
    var w: [Double] = []
    var h: [Double] = []
    var x: [Double] = []
    swap(&w, &widths)
    swap(&h, &heights)
    swap(&x, &xs)
    hasPositions = false
    return (w, h, x)
  }

  /// Removes the first `q` items.
  ///
  /// - Complexity: O(n) (one memory move per column; no allocation).
  mutating func removeFirst(_ q: Int) {
    widths.removeFirst(q)
    heights.removeFirst(q)
    if hasPositions { xs.removeFirst(q) }
  }

  /// Appends the first `q` items of `other` (all: `other.count`) after these (positions too,
  /// when both keep them).
  ///
  /// - Complexity: O(q) amortized.
  mutating func append(frontOf other: ItemColumns, count q: Int) {
    widths.append(contentsOf: other.widths[0..<q])
    heights.append(contentsOf: other.heights[0..<q])
    if hasPositions {
      if other.hasPositions {
        xs.append(contentsOf: other.xs[0..<q])
      } else {
        xs.append(contentsOf: repeatElement(0, count: q))
      }
    }
  }

  /// Every item removed, the arrays' storage kept.
  ///
  /// - Complexity: O(1).
  mutating func removeAll() {
    widths.removeAll(keepingCapacity: true)
    heights.removeAll(keepingCapacity: true)
    xs.removeAll(keepingCapacity: true)
  }

  /// Appends `q` items whose widths and heights `write` gives (it is handed the first new
  /// width's and height's addresses, each with room for `room` values more, and writes the `q`
  /// of each), positions 0 when these keep positions: `append(frontOf:count:)` of columns
  /// without positions, written in place.
  ///
  /// - Complexity: O(q) plus `write`, O(n) more when an array grows (as `append(contentsOf:)`
  ///   grows: at least twofold).
  mutating func appendUnwritten(
    _ q: Int, room: Int,
    _ write: (UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void
  ) {
    let n = count
    if widths.capacity < n &+ q &+ room {
      widths.reserveCapacity(Swift.max(n &+ q &+ room, 2 &* widths.capacity))
    }
    if heights.capacity < n &+ q &+ room {
      heights.reserveCapacity(Swift.max(n &+ q &+ room, 2 &* heights.capacity))
    }
    // (Written as locals: two nested accesses to `self` would overlap.)
    var w = widths
    var h = heights
    (widths, heights) = ([], [])
    w.resizeUninitialized(to: n &+ q)
    h.resizeUninitialized(to: n &+ q)
    w.withUnsafeMutableBufferPointer { w in
      h.withUnsafeMutableBufferPointer { h in
        write(w.baseAddress! + n, h.baseAddress! + n)
      }
    }
    (widths, heights) = (w, h)
    if hasPositions { xs.append(contentsOf: repeatElement(0, count: q)) }
  }

  /// Read access to the width and height columns as buffers, for the hot loops.
  ///
  /// - Complexity: O(1) (no copy).
  func withSizes<R>(
    _ body: (_ widths: UnsafeBufferPointer<Double>, _ heights: UnsafeBufferPointer<Double>) -> R
  ) -> R {
    widths.withUnsafeBufferPointer { w in heights.withUnsafeBufferPointer { h in body(w, h) } }
  }

  /// Read access to the sizes and write access to the positions, for placing lines. When the
  /// positions are not kept (computed from the widths) and `scratch` is set, `body` writes them
  /// into a scratch buffer of `count` entries that lives for the call, and they are dropped.
  ///
  /// - Precondition: `xs.count == count`, or positions are not kept and `body` writes no
  ///   position (grid columns) or `scratch` is set.
  /// - Complexity: O(1) (no copy); the scratch is on the stack for short sections.
  @inline(__always)  // else the layout pass's captured state is checked for exclusivity
  mutating func withPlacement<R>(
    scratch: Bool = true,
    _ body: (
      _ widths: UnsafeBufferPointer<Double>, _ heights: UnsafeBufferPointer<Double>,
      _ xs: UnsafeMutableBufferPointer<Double>
    ) -> R
  ) -> R {
    let w = widths
    let h = heights
    if scratch, !hasPositions, !w.isEmpty {
      return withUnsafeTemporaryAllocation(of: Double.self, capacity: w.count) { xs in
        w.withUnsafeBufferPointer { wb in h.withUnsafeBufferPointer { hb in body(wb, hb, xs) } }
      }
    }
    return w.withUnsafeBufferPointer { wb in
      h.withUnsafeBufferPointer { hb in xs.withUnsafeMutableBufferPointer { body(wb, hb, $0) } }
    }
  }

  /// Calls `body` with the y of every item of `range` centered in a line at `lineTop` of
  /// `lineHeight` (`CrossOffsetKernel`), in a scratch buffer that lives for the call.
  ///
  /// - Complexity: O(k) for the k items of `range`; no heap allocation for short ranges.
  func withCenteredOffsets<R>(
    _ range: Range<Int>, lineTop: Double, lineHeight: Double, kernels: KernelSelection,
    _ body: (UnsafeMutableBufferPointer<Double>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: range.count) { ys in
      heights.withUnsafeBufferPointer { hs in
        CrossOffsetKernel.centered(
          UnsafeBufferPointer(rebasing: hs[range]), lineTop: lineTop, lineHeight: lineHeight,
          into: ys, using: kernels)
      }
      return body(ys)
    }
  }

  /// Makes room for positions (all 0) when the section switches to a line table.
  ///
  /// The new column is not zero-filled: a full layout writes every visible item's position
  /// right after (one pass over fresh pages instead of two); until then entries are 0 only where
  /// the allocator says so, and hidden items' entries are never read.
  mutating func allocatePositions() {
    // Never asked for 0 entries: the standard library then writes the count of its shared
    // empty-array storage, a data race with any other thread reading an empty array
    // (ThreadSanitizer reports it).
    if xs.count != widths.count, widths.isEmpty {
      xs = []
    } else if xs.count != widths.count {
      xs = [Double](unsafeUninitializedCapacity: widths.count) { buffer, count in
        count = buffer.count
      }
    }
    hasPositions = true
  }

  /// Drops the positions when the section switches to the closed form.
  mutating func releasePositions() {
    xs = []
    hasPositions = false
  }

  /// Applies removals (indices before, ascending) then insertions (indices after, ascending,
  /// with their sizes) to every column, UIKit's order. Positions of inserted items are 0 until
  /// their line is placed. Fewer than `onePassEditCount` edits that are one removal, one
  /// insertion or one contiguous run of insertions take one memory move per column; the rest
  /// are spliced in one pass over all the columns (`spliceRuns`); inconsistent edits (not
  /// reached after validation) get a defined result, no trap (`spliced`).
  ///
  /// - Complexity: O(n − f + e) for the first touched index f and e edits; no allocation while
  ///   the columns' capacity holds the new count.
  mutating func splice(removing removals: [Int], inserting insertions: [(index: Int, size: Size)]) {
    if removals.count + insertions.count < Self.onePassEditCount {
      if removals.count == 1, insertions.isEmpty {
        widths.remove(at: removals[0])
        heights.remove(at: removals[0])
        if hasPositions { xs.remove(at: removals[0]) }
        return
      }
      if removals.isEmpty, insertions.count == 1 {
        let (at, size) = insertions[0]
        widths.insert(size.width, at: at)
        heights.insert(size.height, at: at)
        if hasPositions { xs.insert(0, at: at) }
        return
      }
      if removals.isEmpty, let first = insertions.first,
        insertions[insertions.count - 1].index - first.index == insertions.count - 1
      {
        // One contiguous run of insertions (an append, a prepend, a pasted block): one memory
        // move per column, in place.
        let at = first.index
        widths.insert(contentsOf: insertions.lazy.map(\.size.width), at: at)
        heights.insert(contentsOf: insertions.lazy.map(\.size.height), at: at)
        if hasPositions { xs.insert(contentsOf: repeatElement(0, count: insertions.count), at: at) }
        return
      }
    }
    guard Self.isSpliceable(count: widths.count, removals, insertions) else {
      widths = Self.spliced(widths, removals, insertions.map { ($0.index, $0.size.width) })
      heights = Self.spliced(heights, removals, insertions.map { ($0.index, $0.size.height) })
      if hasPositions { xs = Self.spliced(xs, removals, insertions.map { ($0.index, 0) }) }
      return
    }
    spliceRuns(removing: removals, inserting: insertions)
  }

  /// Whether `removals` are ascending, distinct indices below `count` and `insertions` ascending,
  /// distinct indices below the count after the splice (`splice(removing:inserting:)`'s
  /// precondition).
  ///
  /// - Complexity: O(e).
  static func isSpliceable(
    count: Int, _ removals: [Int], _ insertions: [(index: Int, size: Size)]
  ) -> Bool {
    var last = -1
    for r in removals {
      guard r > last, r < count else { return false }
      last = r
    }
    let newCount = count - removals.count + insertions.count
    last = -1
    for insertion in insertions {
      guard insertion.index > last, insertion.index < newCount else { return false }
      last = insertion.index
    }
    return true
  }

  /// `column` without `removals` (old indices) and with `insertions` (new indices): one pass,
  /// each run of kept items between two edits copied as a block.
  ///
  /// - Precondition: `removals` ascending, distinct, in `column`; `insertions` ascending,
  ///   distinct, in `0 ..< column.count − removals.count + insertions.count`.
  /// - Complexity: O(n + e) for n items and e edits (n element copies, e block copies).
  static func spliced(_ column: [Double], _ removals: [Int], _ insertions: [(Int, Double)])
    -> [Double]
  {
    let newCount = column.count - removals.count + insertions.count
    // Not for 0 entries: see `allocatePositions`.
    guard newCount > 0 else { return [] }
    return [Double](unsafeUninitializedCapacity: newCount) { out, initialized in
      column.withUnsafeBufferPointer { src in
        var old = 0
        var new = 0
        var r = 0
        var n = 0
        while new < newCount {
          if n < insertions.count, insertions[n].0 == new {
            out[new] = insertions[n].1
            new += 1
            n += 1
            continue
          }
          while r < removals.count, removals[r] == old {
            r += 1
            old += 1
          }
          // Kept items up to the next removal (old space) or insertion (new space).
          var run = min(src.count - old, newCount - new)
          if r < removals.count { run = min(run, removals[r] - old) }
          if n < insertions.count { run = min(run, insertions[n].0 - new) }
          guard run > 0 else { break }  // inconsistent edits: not reached after validation
          (out.baseAddress! + new).initialize(from: src.baseAddress! + old, count: run)
          old += run
          new += run
        }
        // Only short of `newCount` if the precondition was broken; keep the buffer defined.
        if new < newCount {
          (out.baseAddress! + new).initialize(repeating: 0, count: newCount - new)
        }
      }
      initialized = newCount
    }
  }
}
