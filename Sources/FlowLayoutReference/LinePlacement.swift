import FlowLayoutModel

/// Horizontal positions of the items of one line and their vertical offset within it
/// (docs/semantics.md, `.horizontalFlow` "Greedy modes", "Vertical alignment in a line").
enum LinePlacement {
  /// Leading alignment: `x₀ = l`, `xⱼ₊₁ = xⱼ + wⱼ + I`.
  ///
  /// - Complexity: O(k) for k widths.
  static func leading(widths: [Double], left: Double, spacing: Double) -> [Double] {
    var xs: [Double] = []
    var x = left
    for width in widths {
      xs.append(x)
      x = x + width + spacing
    }
    return xs
  }

  /// Justified: `g = (A − Σw)/(k − 1)`, `xⱼ = l + Σᵢ<ⱼ wᵢ + j·g`. Needs `k ≥ 2`.
  ///
  /// - Complexity: O(k) for k widths.
  static func justified(widths: [Double], left: Double, lineLength: Double) -> [Double] {
    precondition(widths.count >= 2, "a justified line needs two items")
    var total = 0.0
    for width in widths { total += width }
    let gap = (lineLength - total) / Double(widths.count - 1)
    var xs: [Double] = []
    var before = 0.0
    for (j, width) in widths.enumerated() {
      xs.append(left + before + Double(j) * gap)
      before += width
    }
    return xs
  }

  /// Centered on the line: `x = l + (A − w)/2`.
  static func centered(width: Double, left: Double, lineLength: Double) -> Double {
    left + (lineLength - width) / 2
  }

  /// The offset of an item of `height` from its line's top: 0 when top-aligned, else
  /// `(lineHeight − h)/2`.
  static func verticalOffset(height: Double, lineHeight: Double, isTopAligned: Bool) -> Double {
    isTopAligned ? 0 : (lineHeight - height) / 2
  }

  /// The tallest of `heights`, 0 when empty.
  static func lineHeight(_ heights: [Double]) -> Double {
    heights.reduce(0) { max($0, $1) }
  }

  /// The greedy line `range` placed: item `j` at `xs[j]` (an item alone on its line and wider
  /// than `lineLength` overflows and sits at `left`), vertically offset in the tallest item's
  /// height.
  ///
  /// - Complexity: O(k) for the line's k items.
  static func placedLine(
    _ range: Range<Int>, xs: [Double], widths: [Double], heights: [Double], left: Double,
    lineLength a: Double, isTopAligned: Bool
  ) -> PlacedLine {
    let height = lineHeight(Array(heights[range]))
    var items: [PlacedItem] = []
    for (j, item) in range.enumerated() {
      let overflows =
        range.count == 1 && GreedyLineBreaking.overflows(width: widths[item], lineLength: a)
      items.append(
        PlacedItem(
          item: item, x: overflows ? left : xs[j],
          yInLine: verticalOffset(
            height: heights[item], lineHeight: height, isTopAligned: isTopAligned),
          size: Size(width: widths[item], height: heights[item]), isOverflowing: overflows))
    }
    return PlacedLine(items: items, height: height)
  }
}
