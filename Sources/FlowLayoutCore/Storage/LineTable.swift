/// A section's visible lines as ranges over its item columns, with their heights and the tree
/// of their offsets.
///
/// Line `k` holds items `starts[k] ..< starts[k + 1]`; `starts` has one entry more than there are
/// lines, the last being the end of the visible items (later items are hidden). `offsets` holds
/// `heights[k] + L`, so line `k`'s top is `offsets.prefix(k)` below the first line's top.
///
/// - Memory: 16 bytes per line plus the tree's 16–32.
struct LineTable: Sendable, Equatable {
  var starts: [Int]
  var heights: [Double]
  var offsets: RowOffsetTree

  /// No lines.
  init() {
    starts = [0]
    heights = []
    offsets = RowOffsetTree()
  }

  init(starts: [Int], heights: [Double], lineSpacing: Double) {
    self.starts = starts
    self.heights = heights
    self.offsets = RowOffsetTree(heights.lazy.map { $0 + lineSpacing })
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

  /// Line `k`'s top below the first line's top.
  ///
  /// - Complexity: O(log r).
  func top(ofLine k: Int) -> Double { offsets.prefix(k) }

  /// `Σ heights + (lines − 1)·L`, 0 without lines.
  ///
  /// - Complexity: O(1).
  func linesHeight(lineSpacing: Double) -> Double {
    lineCount == 0 ? 0 : offsets.total - lineSpacing
  }
}
