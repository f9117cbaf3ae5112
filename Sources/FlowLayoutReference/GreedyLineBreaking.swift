/// Greedy line filling (docs/semantics.md, "Greedy line filling").
///
/// A line starts with the next item, which is always placed, even when wider than the line.
/// Item `j` joins the current line iff `used + I + wⱼ ≤ A + ε`, with `used` accumulated left to
/// right (`used = w₀`, then `used + I + wⱼ` for each joining item) and `ε = 1e-9 · max(1, A)`.
enum GreedyLineBreaking {
  /// The line-fit tolerance `ε = 1e-9 · max(1, A)` for a line of length `lineLength`.
  static func tolerance(lineLength: Double) -> Double {
    1e-9 * max(1, lineLength)
  }

  /// `true` when an item of `width` is wider than the line (`w > A + ε`): it overflows.
  static func overflows(width: Double, lineLength: Double) -> Bool {
    width > lineLength + tolerance(lineLength: lineLength)
  }

  /// Splits items of `widths` into lines of consecutive indices, first line first.
  ///
  /// Every index of `widths` is in exactly one returned range; no range is empty.
  /// - Complexity: O(n) for n widths.
  static func lines(widths: [Double], lineLength: Double, spacing: Double) -> [Range<Int>] {
    let limit = lineLength + tolerance(lineLength: lineLength)
    var result: [Range<Int>] = []
    var start = 0
    while start < widths.count {
      var used = widths[start]
      var end = start + 1
      while end < widths.count, used + spacing + widths[end] <= limit {
        used = used + spacing + widths[end]
        end += 1
      }
      result.append(start..<end)
      start = end
    }
    return result
  }
}
