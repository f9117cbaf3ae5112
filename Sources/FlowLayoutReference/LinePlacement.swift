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
}
