/// A section's visible lines as ranges over its item columns, with their heights and the tree
/// of their offsets. Line `k` holds items `starts[k] ..< starts[k + 1]`; the last start is the
/// end of the visible items (later items are hidden).
///
/// Offsets: blocks of `blockSize` lines, a `PrefixSumTree` over each block's `Σ (heights[i] + L)`,
/// and per group of `groupSize` lines the sum before it in its block (`offsetsInBlock`). A line's
/// top: O(log₃₂ r) independent loads and ≤ 4 additions; a height change O(log r); a rebuild O(r).
///
/// - Memory: 18 bytes per line plus ~1 for the tree, plus the item index (1/2 byte per item);
///   an equal-count table (`itemsPerLine`) 10 bytes per line plus the tree.
struct LineTable: Sendable, Equatable {
  static let blockSize = 1 << blockShift
  /// `blockSize` as a shift: line `k` is in block `k >> blockShift`.
  static let blockShift = 5

  /// Line starts, as a whole. An equal-count table stores none: reading builds them (O(r), one
  /// allocation); any write stores them first (O(r), once) and ends the equal counts.
  var starts: [Int] {
    _read {
      if itemReciprocal == 0 {
        yield lineStarts
      } else {
        yield Self.equalCountStarts(
          itemsPerLine: itemsPerLine, lines: lineCount, end: lineStarts[0])
      }
    }
    _modify {
      storeStarts()
      yield &lineStarts
    }
    set {
      itemReciprocal = 0
      lineStarts = newValue
    }
  }
  /// The storage of `starts`; for an equal-count table the visible end alone (`[visibleEnd]`).
  private var lineStarts: [Int]
  var heights: [Double]
  /// For an *equal-count table* (`finishLines`, equal widths in lines of 2 to 8 items), the
  /// items of every line but the last: line `k` starts at `k·itemsPerLine`, no start is stored but
  /// the visible end and no item index is kept. 0 otherwise; ended by any write to the starts.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  var itemsPerLine: Int {
    itemReciprocal == 0 ? 0 : Int(truncatingIfNeeded: itemReciprocal & 7) &+ 1
  }
  /// For an equal-count table of c items a line (2 ≤ c ≤ 8), the least R ≥ 2⁶⁴ / c whose low 3
  /// bits are c − 1 (`reciprocal(ofItemsPerLine:)`); else 0. `⌊i / c⌋` is the high word of `i·R`,
  /// exact for i < 2⁵⁸ (with `R = 2⁶⁴/c + e`, e < 8: `i·e < 2⁶⁴/c`).
  private var itemReciprocal: UInt64 = 0

  /// `itemReciprocal` for c items a line.
  ///
  /// - Precondition: 2 ≤ c ≤ 8.
  static func reciprocal(ofItemsPerLine c: Int) -> UInt64 {
    precondition(c >= 2 && c <= 8, "equal counts of 2 to 8 items")
    let ceiling = UInt64.max / UInt64(c) + 1  // ⌈2⁶⁴ / c⌉ (2⁶⁴ / c exactly for c = 2, 4, 8)
    return ceiling + ((UInt64(c - 1) &- ceiling) & 7)
  }

  /// The starts of `lines` lines of `c` items each but the last, ending at `end`.
  ///
  /// - Complexity: O(lines), one allocation.
  static func equalCountStarts(itemsPerLine c: Int, lines m: Int, end: Int) -> [Int] {
    [Int](unsafeUninitializedCapacity: m + 1) { s, initialized in
      writeEqualCountStarts(s, itemsPerLine: c, end: end)
      initialized = m + 1
    }
  }

  /// Writes `s[k] = k·c` for every entry but the last, and `end` to the last.
  ///
  /// - Precondition: `s` is not empty.
  /// - Complexity: O(s.count).
  private static func writeEqualCountStarts(
    _ s: UnsafeMutableBufferPointer<Int>, itemsPerLine c: Int, end: Int
  ) {
    let m = s.count - 1
    for k in 0..<m { s[k] = k &* c }
    s[m] = end
  }

  /// Stores the starts of an equal-count table and ends its equal counts; nothing for others.
  ///
  /// - Complexity: O(r) for an equal-count table, O(1) otherwise.
  private mutating func storeStarts() {
    guard itemReciprocal != 0 else { return }
    let c = itemsPerLine
    let end = lineStarts[0]
    itemReciprocal = 0
    lineStarts.resizeUninitialized(to: lineCount + 1)
    lineStarts.withUnsafeMutableBufferPointer {
      Self.writeEqualCountStarts($0, itemsPerLine: c, end: end)
    }
  }

  /// Makes the starts `[end]` alone; `trims` gives their storage back (a first layout).
  ///
  /// - Complexity: O(1).
  private mutating func keepVisibleEndOnly(_ end: Int, trims: Bool) {
    if trims {
      lineStarts = [end]
    } else {
      lineStarts.removeAll(keepingCapacity: true)
      lineStarts.append(end)
    }
  }
  private(set) var blocks: PrefixSumTree
  /// Entry `g`: `Σ (heights[i] + L)` over the lines of line `4g`'s block before line `4g`, left
  /// to right. Empty for a table of one block (≤ 32 lines), whose tops are summed on demand.
  private(set) var offsetsInBlock: [Double] = []
  /// Lines per entry of `offsetsInBlock` (a divisor of `blockSize`), as a shift.
  static let groupShift = 2
  /// Lines per entry of `offsetsInBlock`.
  static let groupSize = 1 << groupShift
  /// The entries of `offsetsInBlock` for `m` lines (of more than one block).
  @inline(__always)
  static func groupCount(lines m: Int) -> Int { (m &+ groupSize &- 1) &>> groupShift }
  /// Items per entry of `lineOfItem`, as a shift (8 items).
  static let indexShift = 3

  /// Entry `q`: the line holding item `8q` (for `8q < visibleEnd`), so that `line(containing:)`
  /// searches ≤ 8 lines. Empty for a table of one block, of 2³¹ lines or more, or of equal counts.
  ///
  /// - Memory: 1/2 byte per visible item.
  private(set) var lineOfItem: [Int32] = []

  /// Entry `b`: full block `b`'s sum as a layout pass's `LineWriter` added it up, from which
  /// `finishLines` builds the block tree. Empty outside a pass (its storage kept).
  private(set) var writtenBlockSums: [Double] = []

  /// No lines. Allocates nothing.
  init() {
    lineStarts = Self.noStarts
    heights = []
    blocks = PrefixSumTree()
  }

  /// The starts of a table without lines (shared storage).
  private static let noStarts = [0]

  /// Rewrites the entries of `lineOfItem` for the items from line `first`'s start up to `limit`
  /// (the visible end by default), resizing it to the visible items; earlier entries are kept.
  /// An equal-count table writes nothing; a table without entries has every entry written.
  ///
  /// - Precondition: the lines before `first` are unchanged since the index was last refreshed,
  ///   and with a `limit`, so are the line indices of the items from `limit` on.
  /// - Complexity: O(q + k) for the q entries rewritten and the k lines they span; O(n / 8 + r)
  ///   for a table without entries.
  mutating func refreshItemIndex(fromLine first: Int, untilItem limit: Int = .max) {
    let m = lineCount
    let end = visibleEnd
    guard Self.indexesItems(lineCount: m) else {
      lineOfItem.removeAll(keepingCapacity: true)
      return
    }
    guard itemReciprocal == 0 else { return }
    let limit = lineOfItem.isEmpty ? Int.max : limit
    let shift = Self.indexShift
    let entries = (end + (1 << shift) - 1) >> shift
    let startItem = first < m ? lineStarts[max(first, 0)] : end
    let q0 = min((startItem + (1 << shift) - 1) >> shift, lineOfItem.count)
    if lineOfItem.count > entries {
      lineOfItem.removeSubrange(entries...)
    } else if lineOfItem.count < entries {
      lineOfItem.append(contentsOf: repeatElement(0, count: entries - lineOfItem.count))
    }
    let qEnd = limit >= end ? entries : min(entries, (limit + (1 << shift) - 1) >> shift)
    guard q0 < qEnd else { return }
    lineStarts.withUnsafeBufferPointer { s in
      lineOfItem.withUnsafeMutableBufferPointer { index in
        Self.fillIndex(s, index, q0..<qEnd, lineCount: m)
      }
    }
  }

  /// Writes `index[q]` for `q` in `entries`: the line holding item `8q`, the first found by a
  /// search of the starts `s`, each next one by stepping forward from the previous one's.
  ///
  /// - Precondition: `8q < s[m]` for every `q` in `entries` (m lines).
  /// - Complexity: O(log r + q + k) for the q entries and the k lines they span.
  private static func fillIndex(
    _ s: UnsafeBufferPointer<Int>, _ index: UnsafeMutableBufferPointer<Int32>,
    _ entries: Range<Int>, lineCount m: Int
  ) {
    guard !entries.isEmpty else { return }
    let shift = indexShift
    var l = interpolate(s, entries.lowerBound << shift, lo: 0, hi: m - 1, probes: nil)
    for q in entries {
      let item = q << shift
      // The line of `item` is the previous entry's or a later one; `s[m]` (the visible end)
      // is past every indexed item, so the step stops at a line.
      while s[l &+ 1] <= item { l &+= 1 }
      index[q] = Int32(truncatingIfNeeded: l)
    }
  }

  var lineCount: Int { heights.count }

  /// Whether a table of `m` lines keeps the item → line index (`lineOfItem`): more than one
  /// block and fewer than 2³¹ lines.
  static func indexesItems(lineCount m: Int) -> Bool { m > blockSize && m < Int(Int32.max) }

  /// The end of the visible items (for an equal-count table too: the one start it stores).
  var visibleEnd: Int { lineStarts[lineStarts.count - 1] }

  /// Line `k`'s first item (`starts[k]`); the visible end for `k = lineCount`.
  ///
  /// - Precondition: `0 ≤ k ≤ lineCount`.
  /// - Complexity: O(1): for an equal-count table of c items a line, `min(k·c, visibleEnd)`.
  @inline(__always)
  func start(ofLine k: Int) -> Int {
    let reciprocal = itemReciprocal
    guard reciprocal != 0 else { return lineStarts[k] }
    return min(k &* (Int(truncatingIfNeeded: reciprocal & 7) &+ 1), lineStarts[0])
  }

  /// Line `k`'s items: `start(ofLine: k) ..< start(ofLine: k + 1)`.
  ///
  /// - Precondition: `0 ≤ k < lineCount`.
  /// - Complexity: O(1).
  @inline(__always)
  func range(ofLine k: Int) -> Range<Int> { start(ofLine: k)..<start(ofLine: k + 1) }

  /// The line holding `item`: the last line whose start is at most `item`.
  ///
  /// - Precondition: `0 ≤ item < visibleEnd`.
  /// - Complexity: O(log 8) with the index, O(log 32) for one block, O(1) for equal counts;
  ///   O(log r) worst case otherwise.
  @inline(__always)
  func line(containing item: Int) -> Int {
    line(containing: item, probes: nil)
  }

  /// The line holding `item`: its first item, its top (`top(ofLine:lineSpacing:)`) and its
  /// height; `nil` when `item` is hidden.
  ///
  /// - Complexity: O(log 8 + log₃₂ r) with the item index; O(log r) worst case otherwise.
  @_transparent  // (`@inline(__always)` left it out of line in the lookup's witness)
  func line(holding item: Int, lineSpacing: Double) -> (start: Int, top: Double, height: Double)?
  {
    guard item < visibleEnd else { return nil }
    let k = line(containing: item)
    // (Unchecked in release: `line(containing:)` returns a line of the table.)
    let height = heights.withUnsafeBufferPointer { $0[k] }
    return (start(ofLine: k), top(ofLine: k, lineSpacing: lineSpacing), height)
  }

  /// `line(containing:)`, adding the entries of `starts` it read to `probes` (counted only by
  /// tests: `probedLine(containing:)`).
  @inline(__always)
  func line(containing item: Int, probes: UnsafeMutablePointer<Int>?) -> Int {
    let reciprocal = itemReciprocal
    if reciprocal != 0 {
      // Equal counts: line k holds items k·c ..< (k + 1)·c (the last fewer); ⌊item / c⌋.
      return Int(
        truncatingIfNeeded: UInt64(truncatingIfNeeded: item).multipliedFullWidth(by: reciprocal)
          .high)
    }
    let q = item >> Self.indexShift
    let m = lineCount
    let count = lineOfItem.count
    guard q < count else {
      // One block (no index, ≤ 32 starts in ≤ 4 cache lines): ≤ 5 probes, inline; a longer
      // table without an index (≥ 2³¹ lines) is searched out of line.
      guard m <= Self.blockSize else {
        return Self.searchStarts(lineStarts, item, lo: 0, hi: m &- 1, probes: probes)
      }
      return Self.bisectOneBlock(lineStarts, item, lineCount: m, probes: probes)
    }
    // starts[lo] ≤ 8q ≤ item; the line of 8(q + 1) starts after item.
    let lo = Int(lineOfItem[q])
    let hi = q + 1 < count ? Int(lineOfItem[q + 1]) : m - 1
    return lineStarts.withUnsafeBufferPointer {
      Self.bisect($0, item, lo: lo, hi: hi, probes: probes)
    }
  }

  /// `bisect` over the ≤ 32 lines of a table of one block; out of line so that the lookup does
  /// not pass the table.
  ///
  /// - Precondition: `starts[0] ≤ item < starts[lineCount]`.
  /// - Complexity: O(log 32).
  @inline(never)
  private static func bisectOneBlock(
    _ starts: [Int], _ item: Int, lineCount m: Int, probes: UnsafeMutablePointer<Int>?
  ) -> Int {
    starts.withUnsafeBufferPointer { bisect($0, item, lo: 0, hi: m &- 1, probes: probes) }
  }

  /// The last line in `lo...hi` whose start is at most `item`, by bisection.
  ///
  /// - Precondition: `s[lo] ≤ item < s[hi + 1]`.
  /// - Complexity: O(log(hi − lo)).
  @inline(__always)
  private static func bisect(
    _ s: UnsafeBufferPointer<Int>, _ item: Int, lo low: Int, hi high: Int,
    probes: UnsafeMutablePointer<Int>?
  ) -> Int {
    var lo = low
    var hi = high
    var read = 0
    while lo < hi {
      let mid = (lo &+ hi &+ 1) >> 1
      read &+= 1
      // Selected, not branched on: the comparisons of a lookup are unpredictable.
      let atMost = s[mid] <= item
      lo = atMost ? mid : lo
      hi = atMost ? hi : mid &- 1
    }
    probes?.pointee += read
    return lo
  }

  /// The last line in `lo...hi` whose start is at most `item`: interpolation search with a
  /// bisection step after any step that does not halve the range. Out of line (see `bisectOneBlock`).
  ///
  /// - Precondition: `starts[lo] ≤ item < starts[hi + 1]`.
  /// - Complexity: O(log r) worst case, O(log log r) expected for near-linear starts.
  @inline(never)
  static func searchStarts(
    _ starts: [Int], _ item: Int, lo low: Int, hi high: Int, probes: UnsafeMutablePointer<Int>?
  ) -> Int {
    starts.withUnsafeBufferPointer { interpolate($0, item, lo: low, hi: high, probes: probes) }
  }

  /// `searchStarts` over the starts `s`.
  private static func interpolate(
    _ s: UnsafeBufferPointer<Int>, _ item: Int, lo low: Int, hi high: Int,
    probes: UnsafeMutablePointer<Int>?
  ) -> Int {
    var lo = low
    var hi = high
    var bisect = false
    var read = 0
    while lo < hi {
      let span = hi &- lo
      var g: Int
      if bisect {
        g = (lo &+ hi &+ 1) >> 1
      } else {
        // s[lo] ≤ item < s[hi + 1]: the fraction is in [0, 1); in Double, no product
        // overflows (and no 128-bit division).
        let a = s[lo]
        let f = Double(item &- a) / Double(s[hi &+ 1] &- a)
        g = lo &+ Int(f * Double(span &+ 1))
        g = min(max(g, lo &+ 1), hi)
      }
      read &+= 1
      if s[g] <= item { lo = g } else { hi = g &- 1 }
      // A guess that did not halve the range is followed by a bisection step.
      bisect = !bisect && (hi &- lo) &* 2 > span
    }
    probes?.pointee += read
    return lo
  }

  /// Rewrites `offsetsInBlock` for the lines of block `b` (when kept) and returns the block's
  /// sum `Σ (heights[i] + L)`, left to right.
  ///
  /// - Precondition: `offsetsInBlock` has `groupCount(lines: lineCount)` entries, or none for
  ///   one block.
  /// - Complexity: O(32).
  private mutating func summarizeBlock(_ b: Int, lineSpacing: Double) -> Double {
    let range = (b * Self.blockSize)..<min((b + 1) * Self.blockSize, lineCount)
    return heights.withUnsafeBufferPointer { h in
      offsetsInBlock.withUnsafeMutableBufferPointer { o in
        Self.summarize(h, range, lineSpacing: lineSpacing, into: o)
      }
    }
  }

  /// Writes `o[i / 4]` = `Σ (h[j] + L)` for `j` in `range` before `i`, for each `i` in `range`
  /// that is a multiple of `groupSize` (unless `o` is empty), and returns the whole sum.
  ///
  /// - Precondition: `range` starts at a multiple of `groupSize`.
  @inline(__always)
  private static func summarize(
    _ h: UnsafeBufferPointer<Double>, _ range: Range<Int>, lineSpacing: Double,
    into o: UnsafeMutableBufferPointer<Double>
  ) -> Double {
    var sum = 0.0
    let writes = !o.isEmpty
    for i in range {
      if writes, i & (groupSize - 1) == 0 { o[i >> groupShift] = sum }
      sum += h[i] + lineSpacing
    }
    return sum
  }

  /// Resizes `offsetsInBlock` to one entry per group of lines (new entries 0, to be written),
  /// or none for a table of one block.
  private mutating func sizeOffsetsInBlock() {
    let m = lineCount <= Self.blockSize ? 0 : Self.groupCount(lines: lineCount)
    if offsetsInBlock.count > m {
      offsetsInBlock.removeSubrange(m...)
    } else if offsetsInBlock.count < m {
      offsetsInBlock.append(contentsOf: repeatElement(0, count: m - offsetsInBlock.count))
    }
  }

  /// Rebuilds the block sums, their tree and the item index from `heights`.
  ///
  /// - Complexity: O(r).
  mutating func rebuildOffsets(lineSpacing: Double) {
    rebuildOffsets(lineSpacing: lineSpacing, fromLine: 0)
  }

  /// Writes block `b`'s sum `Σ (h[i] + L)` to `sums[b − blocks.lowerBound]` for each `b` in
  /// `blocks`, and their in-block offsets to `o` (unless empty); four blocks a SIMD lane each, every
  /// sum bit for bit `summarize`'s.
  ///
  /// - Complexity: O(lines of `blocks`).
  private static func summarizeBlocks(
    _ h: UnsafeBufferPointer<Double>, _ blocks: Range<Int>, lineSpacing: Double,
    into o: UnsafeMutableBufferPointer<Double>, sums: UnsafeMutableBufferPointer<Double>
  ) {
    let size = blockSize
    let fullBlocks = h.count / size
    var b = blocks.lowerBound
    let first = blocks.lowerBound
    if !o.isEmpty {
      // (Four full blocks: `o` holds every line's entry.)
      while b + 4 <= min(fullBlocks, blocks.upperBound) {
        var acc = SIMD4<Double>(repeating: 0)
        let base = b * size
        for i in 0..<size {
          if i & (groupSize - 1) == 0 {
            let g = (base + i) >> groupShift
            let groups = size >> groupShift
            o[g] = acc[0]
            o[g + groups] = acc[1]
            o[g + 2 * groups] = acc[2]
            o[g + 3 * groups] = acc[3]
          }
          let v = SIMD4<Double>(
            h[base + i], h[base + size + i], h[base + 2 * size + i], h[base + 3 * size + i])
          acc = acc + (v + lineSpacing)
        }
        sums[b - first] = acc[0]
        sums[b + 1 - first] = acc[1]
        sums[b + 2 - first] = acc[2]
        sums[b + 3 - first] = acc[3]
        b += 4
      }
    }
    while b < blocks.upperBound {
      sums[b - first] = summarize(
        h, (b * size)..<min((b + 1) * size, h.count), lineSpacing: lineSpacing, into: o)
      b += 1
    }
  }

  /// Rebuilds the block sums from line `first`'s block on and their tree paths, bit for bit what
  /// `rebuildOffsets(lineSpacing:)` builds; returns the lines summed again.
  ///
  /// - Precondition: `first` ≤ the old line count; the lines before it are unchanged.
  /// - Complexity: O(r − first + log r) (plus O(r / 32) when the block count changes).
  @discardableResult
  mutating func rebuildOffsets(lineSpacing: Double, fromLine first: Int) -> Int {
    let summed = updateOffsets(lineSpacing: lineSpacing, changed: [], shiftedFrom: first)
    refreshItemIndex(fromLine: first)
    return summed
  }

  /// Brings the offsets up to date when the lines in `changed` (ascending ranges) have new heights
  /// and any line from `shifted` on may differ; bit for bit what `rebuildOffsets(lineSpacing:)`
  /// builds. The item index is left to the caller. Returns the lines summed again.
  ///
  /// - Precondition: `shifted` ≤ the old and the new line count.
  /// - Complexity: O(32·b·log r + (r − shifted)) for b blocks holding changed lines before
  ///   `shifted` (plus O(r / 32) when the block count changes).
  mutating func updateOffsets(
    lineSpacing: Double, changed: [Range<Int>], shiftedFrom shifted: Int
  ) -> Int {
    let size = Self.blockSize
    let m = lineCount
    let blockCount = (m + size - 1) / size
    let hadOffsets = !offsetsInBlock.isEmpty
    sizeOffsetsInBlock()
    // A block past the new last line lost lines: it is recomputed too. A table that grew out of
    // one block has no offsets to keep: every block is summed again.
    let kept =
      hadOffsets || offsetsInBlock.isEmpty ? min(min(shifted, m) / size, blocks.count) : 0
    var summed = m - kept * size
    // Blocks before `kept` holding changed lines: their sums, one tree path each.
    var b = -1
    for range in changed where !range.isEmpty {
      var block = max(range.lowerBound / size, b + 1)
      while block < kept, block * size < range.upperBound {
        blocks.set(block, summarizeBlock(block, lineSpacing: lineSpacing))
        summed += size
        b = block
        block += 1
      }
    }
    var offsets = offsetsInBlock
    offsetsInBlock = []  // keep `offsets` uniquely referenced
    defer { offsetsInBlock = offsets }
    guard kept < blockCount || blocks.count != blockCount else { return summed }
    heights.withUnsafeBufferPointer { h in
      offsets.withUnsafeMutableBufferPointer { o in
        blocks.rebuild(count: blockCount, keepingFirst: kept) { sums in
          Self.summarizeBlocks(
            h, kept..<blockCount, lineSpacing: lineSpacing, into: o, sums: sums)
        }
      }
    }
    return summed
  }

  /// Sets line `i`'s height and moves every later line; returns the tree nodes written.
  ///
  /// - Complexity: O(log r) (a block sum of ≤ 32 lines and ≤ 32 partials per tree level).
  mutating func setHeight(_ i: Int, _ height: Double, lineSpacing: Double) -> Int {
    heights[i] = height
    let b = i / Self.blockSize
    return blocks.set(b, summarizeBlock(b, lineSpacing: lineSpacing))
  }

  /// Write access to the starts and heights; the offsets are stale until `rebuildOffsets`, and an
  /// equal-count table's equal counts end.
  ///
  /// - Complexity: O(1) when unique; O(r) more for an equal-count table.
  mutating func withEntries<R>(
    _ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Double>) -> R
  ) -> R {
    storeStarts()
    return lineStarts.withUnsafeMutableBufferPointer { s in
      heights.withUnsafeMutableBufferPointer { body(s, $0) }
    }
  }

  /// Adds `delta` to the starts from line `first` on (the sentinel included): items were
  /// inserted or deleted before them. Returns the number of starts renumbered.
  ///
  /// - Complexity: O(r − first), one vectorisable pass.
  mutating func renumberStarts(from first: Int, by delta: Int) -> Int {
    starts.withUnsafeMutableBufferPointer { s in
      for i in first..<s.count { s[i] &+= delta }
    }
    return starts.count - first
  }

  /// Appends the starts of lines `range`, plus `shift`, and their heights to `newStarts` and
  /// `newHeights`.
  ///
  /// - Complexity: O(k) for k lines.
  func copyLines(
    _ range: Range<Int>, shiftedBy shift: Int, into newStarts: inout [Int],
    _ newHeights: inout [Double]
  ) {
    let from = newStarts.count
    if itemReciprocal != 0 {
      newStarts.append(contentsOf: range.lazy.map { start(ofLine: $0) })
    } else {
      lineStarts.withUnsafeBufferPointer {
        newStarts.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
      }
    }
    if shift != 0 {
      newStarts.withUnsafeMutableBufferPointer { s in
        for t in from..<s.count { s[t] &+= shift }
      }
    }
    heights.withUnsafeBufferPointer {
      newHeights.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range]))
    }
  }

  /// Line `k`'s top below the first line's top.
  ///
  /// - Precondition: `0 ≤ k < lineCount`.
  /// - Complexity: O(log₃₂ r) independent loads and ≤ 4 additions; O(k) for a table of one block.
  @inline(__always)
  func top(ofLine k: Int, lineSpacing: Double) -> Double {
    if offsetsInBlock.isEmpty {
      return heights.withUnsafeBufferPointer { h in
        var top = 0.0
        for i in 0..<k { top += h[i] + lineSpacing }
        return top
      }
    }
    return blocks.prefix(k / Self.blockSize) + offsetInBlock(ofLine: k, lineSpacing: lineSpacing)
  }

  /// A line's top below the first line's top, as its block's top and its offset in the block
  /// (`top(ofLine:)` is their sum), so that the next line's follows by one addition.
  struct LineTop {
    /// The line.
    var line: Int
    /// Its block's top (the offset tree's prefix; 0 for a table of one block).
    var blockTop: Double
    /// `Σ (heights[i] + L)` over the lines of its block before it, left to right.
    var inBlock: Double
    /// The line's top: bit for bit `top(ofLine: line)`.
    @inline(__always)
    var top: Double { blockTop + inBlock }
  }

  /// Line `k`'s top, bit for bit `top(ofLine: k)`: one addition after `previous` when it is line
  /// `k − 1` of the same block.
  ///
  /// - Precondition: `0 ≤ k < lineCount`; `previous`, when given, was returned by this table.
  /// - Complexity: O(1) after the line before in its block; else `top(ofLine:)`'s.
  @inline(__always)
  func lineTop(_ k: Int, after previous: LineTop?, lineSpacing: Double) -> LineTop {
    if let p = previous, p.line &+ 1 == k, k & (Self.blockSize - 1) != 0 {
      let height = heights.withUnsafeBufferPointer { $0[p.line] }
      return LineTop(line: k, blockTop: p.blockTop, inBlock: p.inBlock + (height + lineSpacing))
    }
    if offsetsInBlock.isEmpty {
      // One block: the sum from the first line (`top(ofLine:)`'s; 0 + a sum that is never −0
      // is that sum).
      return LineTop(line: k, blockTop: 0, inBlock: top(ofLine: k, lineSpacing: lineSpacing))
    }
    return LineTop(
      line: k, blockTop: blocks.prefix(k / Self.blockSize),
      inBlock: offsetInBlock(ofLine: k, lineSpacing: lineSpacing))
  }

  /// `Σ (heights[i] + L)` over the lines of `k`'s block before `k`, left to right.
  ///
  /// - Precondition: `0 ≤ k < lineCount`; the table keeps offsets (more than one block).
  /// - Complexity: O(1), ≤ 3 additions.
  @inline(__always)
  func offsetInBlock(ofLine k: Int, lineSpacing: Double) -> Double {
    // (Branch-free forms, selecting or multiplying away the lines after `k`, measured slower:
    // LLVM turned their selects back into branches, or loaded a table.)
    var sum = offsetsInBlock.withUnsafeBufferPointer { $0[k &>> Self.groupShift] }
    heights.withUnsafeBufferPointer { h in
      // (Unchecked: lines `4⌊k / 4⌋ ..< k` are in the table.)
      var line = h.baseAddress! + (k & ~(Self.groupSize - 1))
      let end = h.baseAddress! + k
      while line < end {
        sum = sum + (line.pointee + lineSpacing)
        line += 1
      }
    }
    return sum
  }

  /// The first line whose bottom is at least `target`, or `lineCount`.
  ///
  /// - Complexity: O(log r).
  func firstLine(bottomAtLeast target: Double, lineSpacing: Double) -> Int {
    // Block b's last line bottom is prefix(b + 1) − L.
    let b = blocks.firstIndex(inclusivePrefixAtLeast: target + lineSpacing)
    guard b < blocks.count else { return lineCount }
    var top = blocks.prefix(b)
    var k = b * Self.blockSize
    while k < lineCount {
      if top + heights[k] >= target { return k }
      top += heights[k] + lineSpacing
      k += 1
    }
    return lineCount
  }

  /// `Σ heights + (lines − 1)·L`, 0 without lines.
  ///
  /// - Complexity: O(1).
  func linesHeight(lineSpacing: Double) -> Double {
    lineCount == 0 ? 0 : blocks.total - lineSpacing
  }
}

/// Preparing and ending a layout pass that writes its lines in place (`LineWriter`,
/// `LineWriter.swift`).
extension LineTable {

  /// Sizes the line buffers for `lines` lines, entries left unwritten, before a layout pass writes
  /// them in place (`finishLines` drops the rest). Without `offsets` only the starts and heights;
  /// without `starts` the starts are not sized (`finishLines(…, startsComputed: true)`).
  ///
  /// - Complexity: O(1) when unique and the storage holds `lines`, else one copy.
  mutating func reserveLines(_ lines: Int, offsets: Bool = true, starts: Bool = true) {
    itemReciprocal = 0
    if starts { lineStarts.resizeUninitialized(to: lines + 1) }
    heights.resizeUninitialized(to: lines)
    if offsets {
      // (One spare entry: `LineWriter.append(start:height:)` writes one group ahead.)
      offsetsInBlock.resizeUninitialized(to: Self.groupCount(lines: lines) + 1)
      writtenBlockSums.resizeUninitialized(to: (lines + Self.blockSize - 1) / Self.blockSize)
    }
  }

  /// Sizes the item index for `items` items and marks every entry unwritten (−1).
  ///
  /// - Complexity: O(items / 8).
  mutating func resetItemIndex(items: Int) {
    let shift = Self.indexShift
    let entries = ((items + (1 << shift) - 1) >> shift) + 1
    guard entries <= lineOfItem.capacity else {
      // New storage filled once (not zeroed, then marked).
      lineOfItem = Array(repeating: -1, count: entries)
      return
    }
    lineOfItem.resize(to: entries)
    lineOfItem.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
  }

  /// Sizes the item index for `items` items without writing an entry, for a pass whose writers
  /// write every entry (`finishLines(…, indexWritten: true)`).
  ///
  /// - Complexity: O(1) when the storage holds the entries, else one copy.
  mutating func sizeItemIndex(items: Int) {
    lineOfItem.resizeUninitialized(to: (items + (1 << Self.indexShift) - 1) >> Self.indexShift)
  }

  /// Gives the buffers capacity for `lines` lines and `items` items, so that a later layout
  /// writes in place.
  ///
  /// - Complexity: O(1) for buffers already that large, else one copy of each.
  mutating func reserveRoom(lines: Int, items: Int) {
    lineStarts.reserveCapacity(lines &+ 1)
    heights.reserveCapacity(lines)
    offsetsInBlock.reserveCapacity(Self.groupCount(lines: lines) &+ 1)
    writtenBlockSums.reserveCapacity((lines &+ Self.blockSize &- 1) / Self.blockSize)
    lineOfItem.reserveCapacity(((items &+ (1 << Self.indexShift) &- 1) >> Self.indexShift) &+ 1)
  }

  /// The lines the buffers hold (`reserveLines`).
  var lineRoom: Int { heights.count }

  /// The most items of a line among the first `count` (0 for none).
  ///
  /// - Precondition: `count ≤ lineCount`.
  /// - Complexity: O(count).
  func longestLine(of count: Int) -> Int {
    var longest = 0
    for k in 0..<count { longest = max(longest, start(ofLine: k + 1) - start(ofLine: k)) }
    return longest
  }

  /// Calls `body` with a writer over the reserved buffers, continuing `cursor` (count and block
  /// sum), and returns the cursor after. With `oneBlock` the offsets and index entries go to stack
  /// scratch. Without reserved starts, `body` may only take lines by
  /// `commitUnwritten(_:indexed: false)`.
  @inline(__always)  // else the layout pass's captured state is checked for exclusivity
  mutating func withLineWriter<R>(
    _ cursor: inout (count: Int, blockSum: Double), lineSpacing: Double, oneBlock: Bool = false,
    _ body: (inout LineWriter) -> R
  ) -> R {
    let room = lineRoom
    storeStarts()
    return lineStarts.withUnsafeMutableBufferPointer { s in
      heights.withUnsafeMutableBufferPointer { h in
        /// `body` with a writer over the starts and heights and these offsets, index entries
        /// and block sums.
        func write(
          _ o: UnsafeMutablePointer<Double>, _ q: UnsafeMutablePointer<Int32>,
          _ sums: UnsafeMutablePointer<Double>, room: Int
        ) -> R {
          var writer = LineWriter(
            starts: s.baseAddress!, heights: h.baseAddress!, offsets: o, index: q, sums: sums,
            lineSpacing: lineSpacing, room: room, count: cursor.count, blockSum: cursor.blockSum)
          let result = body(&writer)
          cursor = (writer.count, writer.blockSum)
          return result
        }
        guard !oneBlock else {
          // The block's offsets, then its sum (entry 32).
          return withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.blockSize + 1) { o in
            let entries = (Self.blockSize >> Self.indexShift) + 1
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: entries) { q in
              write(
                o.baseAddress!, q.baseAddress!, o.baseAddress! + Self.blockSize,
                room: min(room, Self.blockSize))
            }
          }
        }
        return offsetsInBlock.withUnsafeMutableBufferPointer { o in
          lineOfItem.withUnsafeMutableBufferPointer { q in
            writtenBlockSums.withUnsafeMutableBufferPointer { b in
              write(o.baseAddress!, q.baseAddress!, b.baseAddress!, room: room)
            }
          }
        }
      }
    }
  }

  /// Ends a layout pass that wrote `count` lines ending at item `end`: bit for bit the table
  /// `rebuildOffsets` builds. `trims` gives spare storage back; `indexWritten`: every index entry
  /// was written. With `itemsPerLine` c in 2 … 8, a table of more than one block whose lines start
  /// at `k·c` (checked at three lines; every line in debug builds) becomes an equal-count table.
  /// With `startsComputed` no start is read (the lines are c items each from item 0).
  ///
  /// - Precondition: with `startsComputed`, `(m − 1)·c < end ≤ m·c` and 2 ≤ c ≤ 8.
  /// - Complexity: O(r / 32 + n / 8), O(r / 32) with `indexWritten` or equal counts; O(r) more
  ///   when `trims` copies.
  @inline(never)  // Inlined into `layOutTable`, a short section's pass ran ~160 more instructions.
  mutating func finishLines(
    count m: Int, end: Int, lineSpacing: Double, trims: Bool = false, indexWritten: Bool = false,
    itemsPerLine c: Int = 0, startsComputed: Bool = false
  ) {
    if startsComputed {
      precondition(
        c >= 2 && c <= 8 && m > 0 && (m - 1) * c < end && end <= m * c,
        "lines of unequal counts")
      keepVisibleEndOnly(end, trims: trims)
    } else {
      lineStarts.resize(to: m + 1)
      lineStarts[m] = end
    }
    heights.resize(to: m)
    let size = Self.blockSize
    if m <= size {
      // A first layout gives the storage back; a re-layout keeps it for the next one.
      offsetsInBlock.removeAll(keepingCapacity: !trims)
      let sum = heights.withUnsafeBufferPointer {
        Self.summarize($0, 0..<m, lineSpacing: lineSpacing, into: .init(start: nil, count: 0))
      }
      blocks.rebuild(count: m == 0 ? 0 : 1) { if m > 0 { $0[0] = sum } }
    } else {
      offsetsInBlock.resize(to: Self.groupCount(lines: m))
      let blockCount = (m + size - 1) / size
      // Full blocks' sums as the writer stored them; the last block's from its last line.
      let full = m / size
      let last = m - 1
      let lastSum =
        offsetInBlock(ofLine: last, lineSpacing: lineSpacing) + (heights[last] + lineSpacing)
      writtenBlockSums.withUnsafeBufferPointer { written in
        blocks.rebuild(count: blockCount) { sums in
          _ = sums.update(fromContentsOf: written[0..<full])
          if full < blockCount { sums[full] = lastSum }
        }
      }
    }
    // Empty at rest (a re-layout keeps the storage for the next one).
    writtenBlockSums.removeAll(keepingCapacity: !trims)
    // `trims` (a first layout, sized by an estimate) gives the excess back.
    if trims {
      if !startsComputed { lineStarts.trimCapacity() }
      heights.trimCapacity()
      offsetsInBlock.trimCapacity()
    }
    let shift = Self.indexShift
    let entries = (end + (1 << shift) - 1) >> shift
    if !Self.indexesItems(lineCount: m) {
      // A first layout gives the index's storage back; a re-layout keeps it for the next one.
      lineOfItem.removeAll(keepingCapacity: !trims)
      if startsComputed {
        itemReciprocal = Self.reciprocal(ofItemsPerLine: c)
        storeStarts()
      }
    } else if c > 0 {
      lineOfItem.removeAll(keepingCapacity: !trims)
      if startsComputed
        || (c >= 2 && Self.holdsEqualCounts(lineStarts, lines: m, itemsPerLine: c))
      {
        assert(
          startsComputed || (0..<m).allSatisfy { lineStarts[$0] == $0 * c },
          "lines of unequal counts")
        if !startsComputed { keepVisibleEndOnly(end, trims: trims) }
        itemReciprocal = Self.reciprocal(ofItemsPerLine: c)
      } else {
        refreshItemIndex(fromLine: 0)
      }
    } else {
      lineOfItem.resize(to: entries)
      if indexWritten { return }
      // Entry 0 is line 0's.
      lineOfItem.withUnsafeMutableBufferPointer {
        Self.fillUnwrittenEntries($0.baseAddress!, 0..<entries, from: 0)
      }
    }
  }

  /// Fills each unwritten entry (−1) of `index[entries]` with the entry before it (`line` before
  /// the first).
  ///
  /// - Precondition: the entries written are their items' lines; `line` ≤ the first entry's line.
  /// - Complexity: O(entries.count).
  @inline(__always)
  static func fillUnwrittenEntries(
    _ index: UnsafeMutablePointer<Int32>, _ entries: Range<Int>, from line: Int32
  ) {
    var line = line
    for q in entries {
      line = max(line, index[q])
      index[q] = line
    }
  }
}

extension LineTable {
  /// Whether the `m` lines of `s` hold `c` items each but the last (1 to `c`), checked at the
  /// first, second and last line.
  ///
  /// - Complexity: O(1).
  static func holdsEqualCounts(_ s: [Int], lines m: Int, itemsPerLine c: Int) -> Bool {
    guard m > 0, c > 0, s[0] == 0, s[m - 1] == (m - 1) * c else { return false }
    let last = s[m] - s[m - 1]
    return (m == 1 || s[1] == c) && last >= 1 && last <= c
  }

  /// Equal tables: the same starts, heights and offsets; the item index compared unless one is an
  /// equal-count table.
  static func == (a: LineTable, b: LineTable) -> Bool {
    // (A stored table at rest holds one start more than it has lines.)
    let sameStarts =
      a.itemReciprocal == 0 && b.itemReciprocal == 0
      ? a.lineStarts == b.lineStarts
      : a.lineCount == b.lineCount
        && (a.itemReciprocal != 0 || a.lineStarts.count == a.lineCount + 1)
        && (b.itemReciprocal != 0 || b.lineStarts.count == b.lineCount + 1)
        && (0...a.lineCount).allSatisfy { a.start(ofLine: $0) == b.start(ofLine: $0) }
    return sameStarts && a.heights == b.heights && a.blocks == b.blocks
      && a.offsetsInBlock == b.offsetsInBlock && a.writtenBlockSums == b.writtenBlockSums
      && (a.itemReciprocal != 0 || b.itemReciprocal != 0 || a.lineOfItem == b.lineOfItem)
  }
}

// MARK: - Testing

extension LineTable {
  /// The entries `starts` stores: one more than the lines, or 1 for an equal-count table.
  var storedStartCount: Int { lineStarts.count }
  /// The entries the storage of `starts` holds.
  var storedStartCapacity: Int { lineStarts.capacity }
}
