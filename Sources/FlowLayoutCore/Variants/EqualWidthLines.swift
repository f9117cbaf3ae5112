import FlowLayoutModel

/// The lines of a section whose lines all hold exactly k items but the last, all items one width,
/// with their own heights: a greedy flow of one width `w` (the Fiori grid) or a column flow (its
/// items' own widths kept). Item `g` is in line `g / k`; positions are the closed form's two
/// tables, heights live in `PhasedLines`, and no item columns are kept: an insertion costs
/// O(c·k + log p · k), not O(n).
struct EqualWidthLines: Sendable, Equatable {
  /// Every item's frame width (the column width for a column flow): the positions' item width.
  var width: Double { positions.itemSize.width }
  /// The heights (and, for a column flow, the own widths) by line: read and written in place,
  /// stored out of line (one word: `PageLines` is as large as its largest case).
  var heights: PhasedLines {
    @inline(__always) _read { yield storedHeights.value }
    @inline(__always) _modify { yield &storedHeights.value }
  }
  private var storedHeights: CopyOnWrite<PhasedLines>
  /// Positions along the line (`fullLineX`, `lastLineX`) and the line count.
  var positions: UniformLines

  /// The equal-width lines of `items` under `rules`, or `nil` when they do not apply (rules other
  /// than paged greedy flows and column flows without a line limit, no items, greedy widths that
  /// differ, or more than 64 items a line).
  ///
  /// - Complexity: O(n·k).
  init?(_ items: ItemColumns, rules: LayoutRules, leafTarget: Int) {
    let n = items.count
    guard n > 1 else { return nil }
    if case .columns = rules.sizing {
      guard let (k, columnWidth) = Self.shape(count: n, keepsWidths: true, width: 0, rules: rules)
      else { return nil }
      storedHeights = CopyOnWrite(
        PhasedLines(
          heights: items.heights, widths: items.widths, perLine: k, leafTarget: leafTarget))
      positions = UniformLines(
        count: n, size: Size(width: columnWidth, height: 0), perLine: k, rules: rules,
        sameSizeGrid: false)
      return
    }
    guard let w = items.widths.first else { return nil }
    let equal = items.withSizes { ws, _ in
      for i in 0..<ws.count where ws[i] != w { return false }
      return true
    }
    guard equal, let (k, _) = Self.shape(count: n, keepsWidths: false, width: w, rules: rules)
    else { return nil }
    storedHeights = CopyOnWrite(
      PhasedLines(
        heights: items.heights, perLine: k, leafTarget: leafTarget,
        reservingPerLine: n >= Self.threadedItems && k > 1 ? Self.reservedPerLine : 0))
    positions = UniformLines(
      count: n, size: Size(width: w, height: 0), perLine: k, rules: rules, sameSizeGrid: false)
  }

  /// The items a line and the frame width of n > 1 items as equal-width lines under `rules`, or
  /// `nil` (a column flow's k columns, or a paged greedy flow of width `width` with k < n, k ≤ 64).
  ///
  /// - Complexity: O(min(k, n)).
  private static func shape(count n: Int, keepsWidths: Bool, width w: Double, rules: LayoutRules)
    -> (perLine: Int, width: Double)?
  {
    if case .columns(let k, let columnWidth) = rules.sizing {
      guard keepsWidths, rules.lineLimit == Int.max, rules.fixedLineCount == k, k <= 64 else {
        return nil
      }
      return (k, columnWidth)
    }
    guard !keepsWidths, Page.isPaged(under: rules), w + rules.interitem != 0 else {
      return nil
    }
    let k = LineBreaker.uniformCapacity(
      width: w, count: n, limit: rules.available + rules.epsilon, interitem: rules.interitem)
    // k < n: the accumulation stopped at the limit, so k is the capacity at every count.
    guard k < n, k <= 64 else { return nil }
    return (k, w)
  }

  /// Lines of at least this many items are laid out again on the layout's threads.
  static let threadedItems = 500_000

  /// Items a line whose summaries a greedy grid (k > 1) of `threadedItems` or more keeps room for
  /// from the start, so that a width change up to it faults in no fresh pages (8: an iPad's
  /// landscape grid). Costs 2·P·(8 − k)·40 bytes at rest for P ≤ 2p leaves.
  static let reservedPerLine = 8

  /// These lines laid out again under `rules` (a width change), the heights kept in their leaves
  /// and summarized for the new phases (on up to `threads` threads). Returns the summary work, or
  /// `nil`, changing nothing, when they cannot be kept under `rules`.
  ///
  /// - Complexity: O(n + p·k) for n items in p leaves; no item is copied.
  mutating func relayOut(rules: LayoutRules, threads: Int = 1) -> Int? {
    guard
      let (k, w) = Self.shape(
        count: count, keepsWidths: heights.keepsWidths, width: width, rules: rules)
    else { return nil }
    let work = k == perLine ? 0 : heights.rephase(perLine: k, threads: threads)
    positions.recount(
      count, size: Size(width: w, height: 0), perLine: k, rules: rules, sameSizeGrid: false)
    return work
  }

  /// Whether a section under `rules` can be kept as equal-width lines (its widths permitting):
  /// paged greedy flows and column flows without a line limit.
  static func isPossible(under rules: LayoutRules) -> Bool {
    if case .columns = rules.sizing { return rules.lineLimit == Int.max }
    return Page.isPaged(under: rules)
  }

  var count: Int { heights.count }
  var perLine: Int { heights.perLine }

  /// Whether an item of own width `w` keeps these lines: any width in a column flow (widths are
  /// ignored), else the lines' width.
  func admits(width w: Double) -> Bool { heights.keepsWidths || w == width }

  /// Item `g`'s own size: its kept width in a column flow, else the lines' width.
  ///
  /// - Complexity: O(log p).
  func size(ofItem g: Int) -> Size {
    Size(
      width: heights.keepsWidths ? heights.width(ofItem: g) : width,
      height: heights.height(ofItem: g))
  }

  /// The positions again after the count changed (in place: no allocation).
  ///
  /// - Complexity: O(k).
  mutating func updatePositions(rules: LayoutRules) {
    positions.recount(
      count, size: Size(width: width, height: 0), perLine: perLine, rules: rules,
      sameSizeGrid: false)
  }

  /// The item columns (own sizes; positions not kept).
  ///
  /// - Complexity: O(n).
  var columns: ItemColumns {
    ItemColumns(
      widths: heights.keepsWidths
        ? heights.widths : [Double](repeating: width, count: count),
      heights: heights.heights)
  }
}
