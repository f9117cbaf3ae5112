import FlowLayoutModel

/// One item's frame (`frame(ofItemAt:)`): its page, the page's top, its line in the page and the
/// line's top, each read in place. Only fields of the page are read (its lines, its item
/// columns, its header flags), never the page as a whole: a 160-byte page read whole is copied
/// to the stack (a `memcpy` per lookup), and so would the layout's rules be, passed through a
/// closure.
extension FastFlowLayout {
  /// Whether every section is one page (no section is cut into pages): section `s` is then page
  /// `s`, and its item `j` is the page's item `j`, found without the page summaries.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  var pagesAreSections: Bool { pages.count == itemCounts.count }

  /// The page holding item `j` of section `s`, and `j`'s index in that page: page `s` when every
  /// section is one page (`pagesAreSections`), else by `locate(item:inSection:)`.
  ///
  /// - Precondition: `0 ≤ j < itemCounts[s]`.
  /// - Complexity: O(1) when every section is one page, else O(log p).
  @inline(__always)
  func page(holdingItem j: Int, inSection s: Int) -> (page: Int, index: Int) {
    pagesAreSections ? (s, j) : locate(item: j, inSection: s)
  }
}

extension SectionLayout {
  /// Item `j`'s frame (working orientation) under the page's own rules (`ownMetrics`), the
  /// page's top at `pageTop`; `nil` when the item is hidden. Out of line, and given no rules:
  /// a whole value passed out of line is copied on the lookup's every path.
  ///
  /// - Precondition: `ownMetrics != nil`, `0 ≤ j < count`.
  /// - Complexity: O(log r) for r lines.
  @inline(never)
  func frameUnderOwnRules(ofItem j: Int, pageTop: Double) -> Rect? {
    guard let rules = ownMetrics?.rules else { return nil }
    return frame(ofItem: j, linesTop: linesTop(pageTop: pageTop, rules: rules), rules: rules)
  }
}

extension SectionLines {
  /// Item `j`'s frame (working orientation) in a line table over `items`, the first line's top
  /// at `linesTop`, under `rules`; `nil` when `j` is hidden or the lines are not a table.
  ///
  /// - Precondition: `0 ≤ j <` the item count.
  /// - Complexity: O(log r) for r lines (`LineTable.line(holding:lineSpacing:)`).
  // Transparent, not `@inline(__always)`: the optimizer declines the hint in the lookup that
  // inlines it (`frame(ofItemAt:)`'s witness), and the call copies the rules on every lookup
  // (docs/profiling-archive.md, "gridstarts").
  @_transparent
  func tableFrame(
    ofItem j: Int, items: ItemColumns, linesTop: Double, rules: borrowing LayoutRules
  ) -> Rect? {
    guard case .table(let t) = self, let line = t.line(holding: j, lineSpacing: rules.lineSpacing)
    else { return nil }
    return items.frame(
      ofItem: j, x: items.x(ofItem: j, lineStart: line.start, rules: rules),
      lineTop: linesTop + line.top, lineHeight: line.height, rules: rules)
  }

  /// `tableFrame(ofItem:items:linesTop:rules:)` out of line, for
  /// `SectionLayout.frame(ofItem:linesTop:rules:)` (a page under its own rules). Not on
  /// `frame(ofItemAt:)`'s inlined code: a call that takes the rules whole there copies them on
  /// every lookup (the lookup reads a table inline and the other lines by `closedFormFrame`).
  @inline(never)
  func tableFrameOutOfLine(
    ofItem j: Int, items: ItemColumns, linesTop: Double, rules: LayoutRules
  ) -> Rect? {
    tableFrame(ofItem: j, items: items, linesTop: linesTop, rules: rules)
  }
}
