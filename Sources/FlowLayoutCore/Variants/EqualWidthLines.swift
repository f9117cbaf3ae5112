import FlowLayoutModel

/// The lines of a section whose lines all hold exactly k items but the last, each item as wide
/// as the others, with their own heights: a greedy flow whose items all have one width `w` (the
/// Fiori grid: k = the greedy capacity of `w`), or a column flow (k columns of one width, the
/// items' own widths ignored but kept). Item `g` is in line `g / k` at column `g mod k`;
/// positions are the closed form's two tables (a full line's and the last line's), heights live
/// in `PhasedLines`.
///
/// The section's item columns are not kept beside it (`SectionLayout.items` is empty): an
/// insertion or removal costs O(c·k + log p · k) (`PhasedLines`), not the O(n) of every later
/// line shifting by one item.
struct EqualWidthLines: Sendable, Equatable {
  /// Every item's frame width (the column width for a column flow): the positions' item width.
  var width: Double { positions.itemSize.width }
  /// The heights (and, for a column flow, the own widths) by line.
  var heights: PhasedLines
  /// Positions along the line (`fullLineX`, `lastLineX`) and the line count.
  var positions: UniformLines

  /// The equal-width lines of `items` under `rules`, or `nil` when they do not apply: rules
  /// other than paged greedy flows (`SectionLayout.isPaged`) and column flows without a line
  /// limit, no items, greedy widths that differ, or more than 64 items a line (a greedy
  /// capacity of every item on one line too).
  ///
  /// - Complexity: O(n·k).
  init?(_ items: ItemColumns, rules: LayoutRules, leafTarget: Int) {
    let n = items.count
    guard n > 1 else { return nil }
    if case .columns = rules.sizing {
      guard let (k, columnWidth) = Self.shape(count: n, keepsWidths: true, width: 0, rules: rules)
      else { return nil }
      heights = PhasedLines(
        heights: items.heights, widths: items.widths, perLine: k, leafTarget: leafTarget)
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
    heights = PhasedLines(
      heights: items.heights, perLine: k, leafTarget: leafTarget,
      reservingPerLine: n >= Self.threadedItems && k > 1 ? Self.reservedPerLine : 0)
    positions = UniformLines(
      count: n, size: Size(width: w, height: 0), perLine: k, rules: rules, sameSizeGrid: false)
  }

  /// The items a line and the frame width of n > 1 items kept as equal-width lines under
  /// `rules`, or `nil` when they cannot be: a column flow's k columns (its items' widths kept,
  /// `keepsWidths`), or a paged greedy flow of items all `width` wide (their greedy capacity k,
  /// when k < n and k ≤ 64).
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
    guard !keepsWidths, SectionLayout.isPaged(under: rules), w + rules.interitem != 0 else {
      return nil
    }
    let k = LineBreaker.uniformCapacity(
      width: w, count: n, limit: rules.available + rules.epsilon, interitem: rules.interitem)
    // k < n: the accumulation stopped at the limit, so k is the capacity at every count.
    guard k < n, k <= 64 else { return nil }
    return (k, w)
  }

  /// Lines of at least this many items are laid out again on the layout's threads
  /// (`relayOut(rules:threads:)`, four tasks a thread); shorter ones on one. With the leaves'
  /// heights contiguous, two threads took a 1M-item rotation from 0.92–1.09 to 0.61–0.77 ms
  /// (k = 6) and from 0.47–0.53 to 0.34–0.46 ms (k = 2) (docs/storage.md).
  static let threadedItems = 500_000

  /// Items a line whose summaries a greedy grid (k > 1) of `threadedItems` or more keeps room
  /// for from the start (`PhasedLines.init(…reservingPerLine:)`), so that its first width
  /// change to up to this many items a line does not fault in fresh pages: Fiori's 110 pt grid
  /// cells fit 2 a line on a 375 pt phone, 6 in its landscape, 8 on a 1024 pt iPad in
  /// landscape. Costs 2·P·(8 − k)·40 bytes more at rest for P ≤ 2p tree leaves (1 MB at 1M
  /// items, k = 2). A list of one item a line (full-width cells, whose widths follow the
  /// bounds) keeps none: at 10M items the room cost its sessions 18 MB of RSS (`feed`, `chat`).
  static let reservedPerLine = 8

  /// These lines laid out again under `rules` (a width change), kept as equal-width lines
  /// with the items a line the rules give them: the heights stay in their leaves, every
  /// leaf's summaries are rewritten for the new phases (`PhasedLines.rephase`), the positions
  /// computed again (the leaves on up to `threads` threads). Returns the summary work, or
  /// `nil` (nothing changed) when the lines cannot be kept under `rules` (`init`'s conditions).
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
    return SectionLayout.isPaged(under: rules)
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
