/// A section's visible lines as ranges over its item columns, with their heights and the tree
/// of their offsets.
///
/// Line `k` holds items `starts[k] ..< starts[k + 1]`; `starts` has one entry more than there are
/// lines, the last being the end of the visible items (later items are hidden).
///
/// Offsets: lines are grouped in blocks of `blockSize`; `blocks` is a `RowOffsetTree` over each
/// block's `Σ (heights[i] + L)` (summed left to right). Line `k`'s top below the first line's
/// top is the tree's prefix up to its block plus the extents of the lines before it in the block.
/// A height change rewrites one block sum and its O(log r) tree path; a full rebuild costs one
/// add per line (the tree has r / 32 leaves), which keeps it off the layout's critical path.
///
/// - Memory: 16 bytes per line plus ~1 for the tree.
struct LineTable: Sendable, Equatable {
  static let blockSize = 32

  var starts: [Int]
  var heights: [Double]
  private(set) var blocks: RowOffsetTree

  /// No lines.
  init() {
    starts = [0]
    heights = []
    blocks = RowOffsetTree()
  }

  var lineCount: Int { heights.count }

  /// The end of the visible items.
  var visibleEnd: Int { starts[starts.count - 1] }

  func range(ofLine k: Int) -> Range<Int> { starts[k]..<starts[k + 1] }

  /// The line holding `item`: the last line whose start is at most `item`.
  ///
  /// - Precondition: `0 ≤ item < visibleEnd`.
  /// - Complexity: O(log r).
  func line(containing item: Int) -> Int {
    var lo = 0
    var hi = lineCount - 1
    while lo < hi {
      let mid = (lo + hi + 1) >> 1
      if starts[mid] <= item { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// `Σ (heights[i] + L)` over block `b`, left to right.
  private func blockSum(_ b: Int, lineSpacing: Double) -> Double {
    var sum = 0.0
    for i in (b * Self.blockSize)..<min((b + 1) * Self.blockSize, lineCount) {
      sum += heights[i] + lineSpacing
    }
    return sum
  }

  /// Rebuilds the block sums and their tree from `heights`.
  ///
  /// - Complexity: O(r).
  mutating func rebuildOffsets(lineSpacing: Double) {
    let blockCount = (lineCount + Self.blockSize - 1) / Self.blockSize
    let size = Self.blockSize
    let fullBlocks = lineCount / size
    heights.withUnsafeBufferPointer { h in
      blocks.rebuild(count: blockCount) { sums in
        // Four blocks at a time, one per lane: each lane adds its block's lines in order, so
        // every sum is bit for bit `blockSum(b)`; the four chains run in parallel.
        var b = 0
        while b + 4 <= fullBlocks {
          var acc = SIMD4<Double>(repeating: 0)
          let base = b * size
          for i in 0..<size {
            let v = SIMD4<Double>(
              h[base + i], h[base + size + i], h[base + 2 * size + i], h[base + 3 * size + i])
            acc = acc + (v + lineSpacing)
          }
          sums[b] = acc[0]
          sums[b + 1] = acc[1]
          sums[b + 2] = acc[2]
          sums[b + 3] = acc[3]
          b += 4
        }
        while b < blockCount {
          var sum = 0.0
          for i in (b * size)..<min((b + 1) * size, h.count) { sum += h[i] + lineSpacing }
          sums[b] = sum
          b += 1
        }
      }
    }
  }

  /// Rebuilds the offsets after the lines from `first` on changed (heights rewritten, lines
  /// added or removed at the end): block sums from `first`'s block on, and their tree paths.
  /// Bit for bit what `rebuildOffsets(lineSpacing:)` builds. Returns the number of lines whose
  /// block sums were recomputed.
  ///
  /// - Precondition: `first` is at most the old line count, and the lines before it are
  ///   unchanged.
  /// - Complexity: O(r − first + log r) (O(r) when the tree's capacity changes).
  @discardableResult
  mutating func rebuildOffsets(lineSpacing: Double, fromLine first: Int) -> Int {
    let size = Self.blockSize
    let blockCount = (lineCount + size - 1) / size
    // A block past the new last line lost lines: it is recomputed too.
    let kept = min(min(first, lineCount) / size, blocks.count)
    heights.withUnsafeBufferPointer { h in
      blocks.rebuild(count: blockCount, keepingFirst: kept) { sums in
        for b in kept..<blockCount {
          var sum = 0.0
          for i in (b * size)..<min((b + 1) * size, h.count) { sum += h[i] + lineSpacing }
          sums[b - kept] = sum
        }
      }
    }
    return lineCount - kept * size
  }

  /// Sets line `i`'s height and moves every later line; returns the tree nodes written.
  ///
  /// - Complexity: O(log r) (a block sum of ≤ 32 lines and its tree path).
  mutating func setHeight(_ i: Int, _ height: Double, lineSpacing: Double) -> Int {
    heights[i] = height
    let b = i / Self.blockSize
    return blocks.set(b, blockSum(b, lineSpacing: lineSpacing))
  }

  /// Write access to the existing starts and heights (a re-layout overwrites them in place).
  /// The offsets are stale until `rebuildOffsets`.
  ///
  /// - Complexity: O(1) (no copy when the table is uniquely referenced).
  mutating func withEntries<R>(
    _ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Double>) -> R
  ) -> R {
    starts.withUnsafeMutableBufferPointer { s in
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

  /// Line `k`'s top below the first line's top.
  ///
  /// - Complexity: O(log r).
  func top(ofLine k: Int, lineSpacing: Double) -> Double {
    let b = k / Self.blockSize
    var top = blocks.prefix(b)
    for i in (b * Self.blockSize)..<k { top += heights[i] + lineSpacing }
    return top
  }

  /// The first line whose bottom (below the first line's top) is at least `target`, or
  /// `lineCount`.
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
