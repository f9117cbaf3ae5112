import FlowLayoutModel

extension Page {
  /// Whether sections are stored as pages under `rules`: greedy lines of own sizes, leading or
  /// justified, with no line limit, where each line depends only on its items and on being last.
  static func isPaged(under rules: LayoutRules) -> Bool {
    guard case .own = rules.sizing, rules.breaking == .greedy, rules.lineLimit == Int.max,
      case .flow = rules.placement
    else { return false }
    return true
  }

  /// The section (or page) cut into pages of about `target` items, each starting at a line
  /// start; one page when it has no line table or fewer than `2·target` items.
  ///
  /// - Precondition: every item is in a visible line (no line limit).
  /// - Complexity: O(n + r) (O(log r) to find each page's last line).
  func pages(target: Int, rules: LayoutRules) -> [Page] {
    guard case .table(let table) = lines, count >= 2 * target else { return [self] }
    var result: [Page] = []
    result.reserveCapacity(count / target + 1)
    let m = table.lineCount
    var first = 0
    table.starts.withUnsafeBufferPointer { starts in
      while first < m {
        // The first line after `first` starting at least `target` items after it (or m).
        var end =
          first + 1
          + FastFlowLayout.countLess(than: starts[first] + target, in: starts[(first + 1)..<m])
        // No page shorter than half the target at the end.
        if end < m, starts[m] - starts[end] < target / 2 { end = m }
        result.append(page(lines: first..<end, of: table, rules: rules))
        first = end
      }
    }
    return result
  }

  /// The page holding `lines` of `table` (this section's), with their items.
  ///
  /// - Complexity: O(k + l) for its k items and l lines.
  func page(lines range: Range<Int>, of table: LineTable, rules: LayoutRules) -> Page {
    let a = table.start(ofLine: range.lowerBound)
    let b = table.start(ofLine: range.upperBound)
    var page = Page()
    page.header = header
    page.footer = footer
    page.showsSeeAll = showsSeeAll
    page.ownMetrics = ownMetrics
    // Computed positions (a short section's) stay computed: a page is cut at a line start.
    // Each column keeps room past its count (`ItemColumns.frontRoom`): reused by a rebuild.
    let widths = ItemColumns.withFrontRoom(items.widths[a..<b])
    let heights = ItemColumns.withFrontRoom(items.heights[a..<b])
    page.items =
      items.hasPositions
      ? ItemColumns(
        widths: widths, heights: heights, xs: ItemColumns.withFrontRoom(items.xs[a..<b]))
      : ItemColumns(widths: widths, heights: heights)
    // The table with room for an eighth more lines and items (`LineTable.reserveRoom`; not so
    // much that a re-layout trims it): a section rebuild that reuses it for a page a little
    // longer writes in place.
    let roomLines = range.count &+ range.count / 8 &+ 8
    var lines = LineTable()
    lines.starts = [Int](unsafeUninitializedCapacity: roomLines + 1) { out, initialized in
      let count = range.count &+ 1
      for k in 0..<count { out[k] = table.start(ofLine: range.lowerBound &+ k) &- a }
      initialized = count
    }
    var lineHeights: [Double] = []
    lineHeights.reserveCapacity(roomLines)
    lineHeights.append(contentsOf: table.heights[range])
    lines.heights = lineHeights
    lines.reserveRoom(lines: roomLines, items: (b &- a) &+ (b &- a) / 8 &+ ItemColumns.frontRoom)
    lines.rebuildOffsets(lineSpacing: rules.lineSpacing)
    page.lines = .table(lines)
    page.opensSection = opensSection && range.lowerBound == 0
    page.closesSection = closesSection && range.upperBound == table.lineCount
    page.updateHeight(rules: rules)
    return page
  }

  /// Consecutive pages of one section joined into one: their items and lines in order.
  ///
  /// - Precondition: `pages` is not empty, consecutive, and each has a line table holding all
  ///   its items.
  /// - Complexity: O(n + r).
  static func joined(_ pages: Slice<PageList>, rules: LayoutRules) -> Page {
    var result = pages[pages.startIndex]
    guard pages.count > 1, case .table(var table) = result.lines else { return result }
    // Computed positions stay computed when every page computes them (their lines are kept,
    // each of at most `Page.computedLineLimit` items); else all stored.
    let computes = pages.allSatisfy { $0.computesLeadingPositions(rules: rules) }
    if !computes { result.storePositions(rules: rules) }
    result.lines = .table(LineTable())
    let total = pages.reduce(0) { $0 + $1.count }
    table.starts.reserveCapacity(total / 2)
    for var page in pages.dropFirst() {
      guard case .table(let next) = page.lines else { continue }
      if !computes { page.storePositions(rules: rules) }
      let offset = result.count
      result.items.append(frontOf: page.items, count: page.count)
      table.starts.removeLast()
      table.starts.append(contentsOf: next.starts.lazy.map { $0 + offset })
      table.heights.append(contentsOf: next.heights)
    }
    table.rebuildOffsets(lineSpacing: rules.lineSpacing)
    result.lines = .table(consume table)
    result.closesSection = pages[pages.endIndex - 1].closesSection
    result.updateHeight(rules: rules)
    return result
  }

  /// How many of `next`'s first items the greedy rule adds to this page's last line (0 when the
  /// boundary is a line start), by `LineBreaker.lineEnd(continuing:…)`.
  ///
  /// - Precondition: this page ends with a line holding its last items; `next` is the following
  ///   page of the same section.
  /// - Complexity: O(k) for the k items of the last line and those absorbed.
  func itemsAbsorbed(from next: Page, rules: LayoutRules) -> Int {
    next.items.withSizes { nws, _ in itemsAbsorbed(widths: nws, rules: rules) }
  }

  /// `itemsAbsorbed(from:rules:)` for a next page whose first widths are `nws`.
  ///
  /// - Complexity: O(k) for the k items of the last line and those absorbed.
  func itemsAbsorbed(widths nws: UnsafeBufferPointer<Double>, rules: LayoutRules) -> Int {
    guard case .table(let table) = lines, table.lineCount > 0, nws.count > 0 else { return 0 }
    let limit = rules.available + rules.epsilon
    let interitem = rules.interitem
    let start = table.start(ofLine: table.lineCount - 1)
    return items.withSizes { ws, _ in
      var used = ws[start]
      for j in (start + 1)..<ws.count { used = used + interitem + ws[j] }
      return LineBreaker.lineEnd(
        continuing: used, nws, from: 0, to: nws.count, limit: limit, interitem: interitem)
    }
  }
}
