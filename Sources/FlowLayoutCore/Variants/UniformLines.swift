import FlowLayoutModel

/// The closed form of a section whose items all have one size: every full line holds `perLine`
/// items at the same positions, so a layout costs O(c) for one line's c positions and a frame is
/// computed from `j / c` and `j mod c`. Exact: `perLine` is the greedy accumulation itself
/// (`LineBreaker.uniformCapacity`) or the scaled modes' `c`, and the positions come from
/// `LinePlacing`.
struct UniformLines: Sendable, Equatable {
  /// Items per full line, ≥ 1.
  var perLine: Int
  /// Lines before any is hidden: `⌈n / perLine⌉`.
  var lineCount: Int
  /// Lines laid out (`numberOfRows` may hide the rest).
  var visibleLines: Int
  /// Every item's frame size.
  var itemSize: Size
  /// Every line's height.
  var lineHeight: Double
  /// Positions of a line that is not the section's last (`min(perLine, n)` entries).
  var fullLineX: [Double]
  /// Positions of the section's last line.
  var lastLineX: [Double]
  /// The items' own sizes, which the closed form ignores, kept in leaves so that an edit costs
  /// O(c + log p), out of line (one word); `nil` while they are the section's `items`.
  var keptSizes: CopyOnWrite<PhasedLines>? = nil

  /// The closed form for `count` items of `size` whose lines hold `perLine` items.
  ///
  /// - Complexity: O(min(perLine, count)).
  init(
    count: Int, size: Size, perLine c: Int, rules: LayoutRules,
    sameSizeGrid: Bool
  ) {
    perLine = 1
    lineCount = 0
    visibleLines = 0
    itemSize = size
    lineHeight = size.height
    fullLineX = []
    lastLineX = []
    recount(count, size: size, perLine: c, rules: rules, sameSizeGrid: sameSizeGrid)
  }

  /// The closed form again for `count` items of `size`, `perLine` a line (the kept sizes stay), in
  /// its own storage.
  ///
  /// - Complexity: O(min(perLine, count)).
  mutating func recount(
    _ count: Int, size: Size, perLine c: Int, rules: LayoutRules, sameSizeGrid: Bool
  ) {
    perLine = max(c, 1)
    lineCount = count == 0 ? 0 : (count - 1) / perLine + 1
    visibleLines =
      rules.configuredLineLimit > 0 ? min(lineCount, rules.configuredLineLimit) : lineCount
    itemSize = size
    lineHeight = size.height
    let full = min(perLine, count)
    let lastCount = count - (lineCount > 0 ? (lineCount - 1) * perLine : 0)
    let m = lineCount
    let grid = sameSizeGrid ? full : nil
    Self.place(&fullLineX, count: m >= 2 ? full : 0, width: size.width, room: perLine) { w, xs in
      LinePlacing.place(
        w, 0..<full, into: xs, at: 0, rules: rules,
        context: LineContext(isLast: false, lineCount: m, gridColumns: grid, allFit: false))
    }
    Self.place(&lastLineX, count: m >= 1 ? lastCount : 0, width: size.width, room: perLine) {
      w, xs in
      LinePlacing.place(
        w, 0..<lastCount, into: xs, at: 0, rules: rules,
        context: LineContext(isLast: true, lineCount: m, gridColumns: grid, allFit: true))
    }
  }

  /// `xs` as the positions of a line of `count` items of one `width`, placed by `place`: in
  /// `xs`'s own storage when it has room (a new buffer has room for `room` positions).
  private static func place(
    _ xs: inout [Double], count: Int, width: Double, room: Int,
    _ place: (Repeated<Double>, UnsafeMutableBufferPointer<Double>) -> Void
  ) {
    guard count > 0 else {
      // Not emptied in place: an empty array may be the shared empty storage (see
      // `ItemColumns.allocatePositions`).
      if !xs.isEmpty { xs = [] }
      return
    }
    if xs.count != count {
      if xs.capacity >= count, !xs.isEmpty {
        xs.removeAll(keepingCapacity: true)
      } else {
        xs = []
        xs.reserveCapacity(max(count, min(room, 64)))
      }
      xs.append(contentsOf: repeatElement(0, count: count))
    }
    xs.withUnsafeMutableBufferPointer { place(repeatElement(width, count: count), $0) }
  }

  /// Whether the closed form ignores the items' own sizes under `rules` (so they can be kept
  /// apart from the layout, `keptSizes`).
  static func ignoresSizes(under rules: LayoutRules) -> Bool {
    switch rules.sizing {
    case .fixed, .scaled: return true
    case .own, .columns: return false
    }
  }

  /// Items in visible lines.
  func visibleEnd(count: Int) -> Int { min(count, visibleLines * perLine) }

  /// `Σ lineHeight + (lines − 1)·L` over the visible lines.
  func linesHeight(lineSpacing: Double) -> Double {
    visibleLines == 0
      ? 0 : Double(visibleLines) * lineHeight + Double(visibleLines - 1) * lineSpacing
  }

  /// Line `k`'s top below the first line's top.
  func top(ofLine k: Int, lineSpacing: Double) -> Double {
    Double(k) * (lineHeight + lineSpacing)
  }

  /// Item `j`'s position along its line.
  func x(ofItem j: Int) -> Double {
    let line = j / perLine
    let k = j - line * perLine
    return line == lineCount - 1 ? lastLineX[k] : fullLineX[k]
  }
}
