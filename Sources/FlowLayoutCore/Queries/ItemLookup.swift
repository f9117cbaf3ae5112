import FlowLayoutModel

/// One item's frame (`frame(ofItemAt:)`): its page, the page's top, its line and the line's top,
/// each read in place, field by field (a page or the rules passed whole would be copied).
extension FastFlowLayout {
  /// Whether every section is one page: section `s` is then page `s`.
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

extension Page {
  /// Item `j`'s frame under the page's own rules, the page's top at `pageTop`; `nil` when hidden.
  /// Out of line.
  ///
  /// - Precondition: `ownMetrics != nil`, `0 ≤ j < count`.
  /// - Complexity: O(log r) for r lines.
  @inline(never)
  func frameUnderOwnRules(ofItem j: Int, pageTop: Double) -> Rect? {
    guard let rules = ownMetrics?.rules else { return nil }
    return frame(ofItem: j, linesTop: linesTop(pageTop: pageTop, rules: rules), rules: rules)
  }
}

extension PageLines {
  /// Transparent: `@inline(__always)` was declined in the lookup's witness.
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

  /// `tableFrame(ofItem:items:linesTop:rules:)` out of line, for a page under its own rules.
  @inline(never)
  func tableFrameOutOfLine(
    ofItem j: Int, items: ItemColumns, linesTop: Double, rules: LayoutRules
  ) -> Rect? {
    tableFrame(ofItem: j, items: items, linesTop: linesTop, rules: rules)
  }
}
