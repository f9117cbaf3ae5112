import FlowLayoutModel

/// `.autosizingColumnFlow`, `.keyValueColumnFlow` (seed 004) and the guideline's Multi-column
/// (seed 003): `n` equal columns, each item its own height, top-aligned
/// (docs/semantics.md, "`.autosizingColumnFlow`, `.keyValueColumnFlow`, `multiColumn`").
///
/// `keyValueColumnFlow` differs only in its defaults, which are in the configuration already.
enum ColumnFlowLayout {
  /// The column count: `numberOfColumns`, or 1 for `multiColumn` in compact width.
  static func columnCount(_ c: LayoutConfiguration) -> Int {
    c.variant == .multiColumn && c.widthClass != .regular ? 1 : c.numberOfColumns
  }

  /// `colW = (A − (n−1)·I)/n`; item `j` in line `⌊j/n⌋`, column `k = j mod n`,
  /// `x = l + k·(colW + I)`, size `(colW, hⱼ)`; line height = tallest item.
  ///
  /// - Complexity: O(m) for the section's m items.
  static func lines(
    for section: SectionData, configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    let n = columnCount(c)
    let spacing = c.minimumInteritemSpacing
    let columnWidth = (a - Double(n - 1) * spacing) / Double(n)
    var lines: [PlacedLine] = []
    for j in 0..<section.count {
      let column = j % n
      if column == 0 { lines.append(PlacedLine(items: [], height: 0)) }
      let x = c.sectionInset.left + Double(column) * (columnWidth + spacing)
      let height = section.itemHeights[j]
      lines[lines.count - 1].items.append(
        PlacedItem(
          item: j, x: x, yInLine: 0, size: Size(width: columnWidth, height: height),
          isOverflowing: false))
      lines[lines.count - 1].height = max(lines[lines.count - 1].height, height)
    }
    return PlacedSection(lines: lines, hiddenItems: [])
  }
}
