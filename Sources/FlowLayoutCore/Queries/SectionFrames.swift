import FlowLayoutModel

/// Frames of a page's items, header and footer (working orientation), from its lines and item
/// columns: what the rect query, the item lookup and presentation read.
extension Page {
  /// The top of this page's first line, the page's top at `pageTop`: below the header and the
  /// top inset on the section's first page, below the line spacing `L` on a later one.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func linesTop(pageTop: Double, rules: borrowing LayoutRules) -> Double {
    pageTop + (opensSection ? header + rules.inset.top : rules.lineSpacing)
  }

  /// `(0, linesTop + linesHeight + b, B, F)` for bounds width `B = boundsWidth`, the page's top
  /// at `pageTop`; `nil` when the page does not close its section or `F = 0`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func footerFrame(pageTop: Double, rules: borrowing LayoutRules, boundsWidth: Double) -> Rect? {
    guard closesSection, footer > 0 else { return nil }
    let y =
      linesTop(pageTop: pageTop, rules: rules) + linesHeight(rules: rules) + rules.inset.bottom
    return Rect(x: 0, y: y, width: boundsWidth, height: footer)
  }

  /// The frame of an item of `width` × `height` at `x` in a line whose top is `lineTop`
  /// (absolute) and whose height is `lineHeight`, aligned by `cross`.
  @inline(__always)
  static func frame(
    width w: Double, height: Double, x: Double, lineTop: Double, lineHeight: Double,
    cross: CrossAlignment
  ) -> Rect {
    var h = height
    var y = lineTop
    switch cross {
    case .top: break
    case .center: y = lineTop + (lineHeight - h) / 2
    case .stretch: h = lineHeight
    }
    return Rect(x: x, y: y, width: w, height: h)
  }

  /// Item `j`'s frame, the section's first line top at `linesTop`; `nil` when hidden.
  ///
  /// - Precondition: `0 ≤ j < count`.
  /// - Complexity: O(log r).
  @inline(__always)
  func frame(ofItem j: Int, linesTop: Double, rules: LayoutRules) -> Rect? {
    guard hasLineTable else { return closedFormFrame(ofItem: j, linesTop: linesTop, rules: rules) }
    return lines.tableFrameOutOfLine(ofItem: j, items: items, linesTop: linesTop, rules: rules)
  }

  /// Item `j`'s frame when the lines are the closed form or equal-width lines; `nil` when hidden or
  /// when the lines are a table. Passes no whole value out of line (it is inlined into the lookup).
  ///
  /// - Precondition: `0 ≤ j < count`.
  /// - Complexity: O(1) for the closed form, O(log r) for equal-width lines.
  @inline(__always)
  func closedFormFrame(ofItem j: Int, linesTop: Double, rules: borrowing LayoutRules) -> Rect? {
    guard j < visibleEnd else { return nil }
    switch lines {
    case .uniform(let u):
      let line = j / u.perLine
      return items.frame(
        ofItem: j, x: u.x(ofItem: j),
        lineTop: linesTop + u.top(ofLine: line, lineSpacing: rules.lineSpacing),
        lineHeight: u.lineHeight, rules: rules)
    case .table:
      return nil
    case .equalWidth(let e):
      let line = j / e.perLine
      return Self.frame(
        width: e.width, height: e.heights.height(ofItem: j), x: e.positions.x(ofItem: j),
        lineTop: linesTop + e.heights.top(ofLine: line, lineSpacing: rules.lineSpacing),
        lineHeight: e.heights.lineHeight(line), cross: rules.cross)
    case .taken: return nil
    }
  }
}

extension ItemColumns {
  /// Item `j`'s frame with its line's top at `lineTop` (absolute) and the line's height, its
  /// position along the line at `x`, sized and aligned by `rules`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func frame(
    ofItem j: Int, x: Double, lineTop: Double, lineHeight: Double, rules: borrowing LayoutRules
  )
    -> Rect
  {
    let w: Double
    let h: Double
    switch rules.sizing {
    case .own:
      w = widths[j]
      h = heights[j]
    case .fixed(let s), .scaled(_, let s):
      w = s.width
      h = s.height
    case .columns(_, let cw):
      w = cw
      h = heights[j]
    }
    return Page.frame(
      width: w, height: h, x: x, lineTop: lineTop, lineHeight: lineHeight, cross: rules.cross)
  }

  /// Item `j`'s position along its line in a table section, the line starting at `lineStart`:
  /// computed for grid columns (`l + k·pitch`, as `GridPositionKernel`) and for greedy leading lines
  /// that keep none (`x₀ = l`, `xᵢ₊₁ = xᵢ + wᵢ + I`, as the full layout); else read.
  ///
  /// - Complexity: O(1); O(j − lineStart) for computed positions (at most 64 items).
  @inline(__always)
  func x(ofItem j: Int, lineStart: Int, rules: borrowing LayoutRules) -> Double {
    if case .grid(let w) = rules.placement {
      return rules.inset.left + Double(j - lineStart) * (w + rules.interitem)
    }
    if hasPositions { return xs[j] }
    return leadingX(
      ofItem: j, lineStart: lineStart, left: rules.inset.left, interitem: rules.interitem)
  }

  /// `x₀ = left`, `xᵢ₊₁ = xᵢ + wᵢ + interitem` from item `lineStart` to item `j`, as the full
  /// layout adds them.
  ///
  /// - Complexity: O(j − lineStart).
  @inline(__always)
  func leadingX(ofItem j: Int, lineStart: Int, left: Double, interitem: Double) -> Double {
    widths.withUnsafeBufferPointer { ws in
      var x = left
      var i = lineStart
      while i < j {
        x = x + ws[i] + interitem
        i &+= 1
      }
      return x
    }
  }
}
