import FlowLayoutModel

/// The lines of a greedy section whose items all have one width `w` but their own heights (the
/// Fiori grid): every line but the last holds exactly k = the greedy capacity of `w` items, so
/// item `g` is in line `g / k` at column `g mod k`; positions are the closed form's two tables
/// (a full line's and the last line's), heights live in `PhasedLines`.
///
/// The section's item columns are not kept beside it (`SectionLayout.items` is empty): an
/// insertion or removal costs O(c·k + log p · k) (`PhasedLines`), not the O(n) of every later
/// line shifting by one item.
struct EqualWidthLines: Sendable, Equatable {
  /// Every item's width.
  var width: Double
  var heights: PhasedLines
  /// Positions along the line (`fullLineX`, `lastLineX`) and the line count.
  var positions: UniformLines

  /// The equal-width lines of `items` under `rules`, or `nil` when they do not apply: rules
  /// other than paged greedy flows (`SectionLayout.isPaged`), no items, widths that differ, or
  /// a capacity of every item on one line or more than 64 items a line.
  ///
  /// - Complexity: O(n·k).
  init?(_ items: ItemColumns, rules: LayoutRules, leafTarget: Int) {
    let n = items.count
    guard SectionLayout.isPaged(under: rules), n > 1, let w = items.widths.first else {
      return nil
    }
    let equal = items.withSizes { ws, _ in
      for i in 0..<ws.count where ws[i] != w { return false }
      return true
    }
    guard equal, w + rules.interitem != 0 else { return nil }
    let k = RowBreaking.uniformCapacity(
      width: w, count: n, limit: rules.available + rules.epsilon, interitem: rules.interitem)
    // k < n: the accumulation stopped at the limit, so k is the capacity at every count.
    guard k < n, k <= 64 else { return nil }
    width = w
    heights = PhasedLines(heights: items.heights, perLine: k, leafTarget: leafTarget)
    positions = UniformLines(
      count: n, size: Size(width: w, height: 0), perLine: k, rules: rules, sameSizeGrid: false)
  }

  var count: Int { heights.count }
  var perLine: Int { heights.perLine }

  /// The positions again after the count changed.
  ///
  /// - Complexity: O(k).
  mutating func updatePositions(rules: LayoutRules) {
    positions = UniformLines(
      count: count, size: Size(width: width, height: 0), perLine: perLine, rules: rules,
      sameSizeGrid: false)
  }

  /// The item columns (positions not kept).
  ///
  /// - Complexity: O(n).
  var columns: ItemColumns {
    ItemColumns(widths: [Double](repeating: width, count: count), heights: heights.heights)
  }
}
