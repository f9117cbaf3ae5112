/// What placing one line needs to know about the rest of its section.
struct LineContext {
  /// The line is the section's last line (no later line, none hidden).
  var isLast: Bool
  /// The section's number of lines (`uikitFlow`'s "only line" rule).
  var lineCount: Int
  /// `uikitFlow`: `|L₀|` when every item of the section has the same size, else `nil`.
  var gridColumns: Int?
  /// `horizontalFit`: every item of the section is on the line.
  var allFit: Bool
}

/// Positions along the line for one line's items: `docs/semantics.md`'s alignment rules per
/// variant (leading, justified, centered, grid columns, the UIKit last-line grid, overflow at `l`).
enum LinePlacing {
  /// Writes `xs[base + j]` for the line `widths[range]`, `j = 0 ..< range.count` (`widths`:
  /// an item column, or one width repeated for a closed form's line).
  ///
  /// - Complexity: O(k) for the k items of the line.
  static func place<Widths: RandomAccessCollection<Double>>(
    _ widths: Widths, _ range: Range<Int>,
    into xs: UnsafeMutableBufferPointer<Double>, at base: Int, rules: LayoutRules,
    context: LineContext, kernels: KernelSelection = .simd
  ) where Widths.Index == Int {
    let k = range.count
    guard k > 0 else { return }
    let l = rules.inset.left
    let a = rules.available
    let first = widths[range.lowerBound]
    if k == 1, rules.canOverflow, first > a + rules.epsilon {
      xs[base] = l
      return
    }
    switch rules.placement {
    case .grid(let w):
      GridPositionKernel.fill(
        UnsafeMutableBufferPointer(rebasing: xs[base..<(base + k)]), left: l,
        pitch: w + rules.interitem, using: kernels)
    case .leading:
      leading(widths, range, into: xs, at: base, rules: rules)
    case .flow(let justified):
      if justified, !context.isLast, k >= 2 {
        justify(widths, range, into: xs, at: base, rules: rules)
      } else {
        leading(widths, range, into: xs, at: base, rules: rules)
      }
    case .fit:
      if context.allFit, k >= 2 {
        justify(widths, range, into: xs, at: base, rules: rules)
      } else {
        leading(widths, range, into: xs, at: base, rules: rules)
      }
    case .uikit:
      if !context.isLast || context.lineCount == 1 {
        if k >= 2 {
          justify(widths, range, into: xs, at: base, rules: rules)
        } else {
          xs[base] = l + (a - first) / 2
        }
      } else if let n = context.gridColumns {
        if n >= 2 {
          let g = (a - Double(n) * first) / Double(n - 1)
          for j in 0..<k { xs[base + j] = l + Double(j) * (first + g) }
        } else {
          for j in 0..<k { xs[base + j] = l + (a - first) / 2 }
        }
      } else {
        leading(widths, range, into: xs, at: base, rules: rules)
      }
    }
  }

  /// `x₀ = l`, `xⱼ₊₁ = xⱼ + wⱼ + I`.
  @inline(__always)
  static func leading<Widths: RandomAccessCollection<Double>>(
    _ widths: Widths, _ range: Range<Int>,
    into xs: UnsafeMutableBufferPointer<Double>, at base: Int, rules: LayoutRules
  ) where Widths.Index == Int {
    var x = rules.inset.left
    var out = base
    for i in range {
      xs[out] = x
      x = x + widths[i] + rules.interitem
      out += 1
    }
  }

  /// `g = (A − Σw)/(k − 1)`, `xⱼ = l + Σᵢ<ⱼ wᵢ + j·g`.
  @inline(__always)
  static func justify<Widths: RandomAccessCollection<Double>>(
    _ widths: Widths, _ range: Range<Int>,
    into xs: UnsafeMutableBufferPointer<Double>, at base: Int, rules: LayoutRules
  ) where Widths.Index == Int {
    var sum = 0.0
    for i in range { sum += widths[i] }
    let g = (rules.available - sum) / Double(range.count - 1)
    var before = 0.0
    var j = 0
    for i in range {
      xs[base + j] = rules.inset.left + before + Double(j) * g
      before += widths[i]
      j += 1
    }
  }
}
