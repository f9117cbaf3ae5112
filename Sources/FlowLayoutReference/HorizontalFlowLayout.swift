import FlowLayoutModel

/// `.horizontalFlow` (seed 004, FUIHorizontalFlowCollectionViewLayout): wrapping lines with exact
/// spacings, the item-size priority, `isLayoutJustified`, `isTopAligned` and `numberOfRows`
/// (docs/semantics.md, `.horizontalFlow`).
enum HorizontalFlowLayout {
  /// Places one section's items in lines.
  ///
  /// - Complexity: O(n) for the section's n items.
  static func lines(
    for section: SectionData, configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    switch ItemSizePriority(configuration: c, lineLength: a) {
    case .ownSizes:
      return greedyLines(
        widths: section.itemWidths, heights: section.itemHeights, configuration: c, lineLength: a)
    case .fixed(let size):
      return greedyLines(
        widths: Array(repeating: size.width, count: section.count),
        heights: Array(repeating: size.height, count: section.count), configuration: c,
        lineLength: a)
    case .scaled(let columnCount, let size):
      return scaledLines(
        itemCount: section.count, columnCount: columnCount, size: size, configuration: c)
    }
  }

  /// Greedy modes (1, 4), also used by `timeline`: greedy lines, justified lines except the
  /// section's last (counted before hiding), vertical alignment by `isTopAligned`, lines after
  /// the first `numberOfRows` hidden.
  ///
  /// - Complexity: O(n) for n items.
  static func greedyLines(
    widths: [Double], heights: [Double], configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    let left = c.sectionInset.left
    let ranges = GreedyLineBreaking.lines(
      widths: widths, lineLength: a, spacing: c.minimumInteritemSpacing)
    let visibleCount = c.numberOfRows > 0 ? min(c.numberOfRows, ranges.count) : ranges.count
    var lines: [PlacedLine] = []
    for (index, range) in ranges.prefix(visibleCount).enumerated() {
      let lineWidths = Array(widths[range])
      let isLastLine = index == ranges.count - 1
      let xs =
        c.isLayoutJustified && !isLastLine && range.count >= 2
        ? LinePlacement.justified(widths: lineWidths, left: left, lineLength: a)
        : LinePlacement.leading(widths: lineWidths, left: left, spacing: c.minimumInteritemSpacing)
      lines.append(
        LinePlacement.placedLine(
          range, xs: xs, widths: widths, heights: heights, left: left, lineLength: a,
          isTopAligned: c.isTopAligned))
    }
    let hidden = ranges.dropFirst(visibleCount).flatMap { Array($0) }
    return PlacedSection(lines: lines, hiddenItems: hidden)
  }

  /// Scaled modes (2, 3): item `j` in line `⌊j/c⌋`, column `k = j mod c`, `x = l + k·(w + I)`;
  /// every item the common `size`; lines after the first `numberOfRows` hidden.
  ///
  /// - Complexity: O(n) for n items.
  static func scaledLines(
    itemCount: Int, columnCount: Double, size: Size, configuration c: LayoutConfiguration
  ) -> PlacedSection {
    let perLine = ItemSizePriority.itemsPerLine(columnCount: columnCount, itemCount: itemCount)
    var lines: [PlacedLine] = []
    var hidden: [Int] = []
    for j in 0..<itemCount {
      let lineIndex = j / perLine
      let column = j % perLine
      if c.numberOfRows > 0, lineIndex >= c.numberOfRows {
        hidden.append(j)
        continue
      }
      if column == 0 { lines.append(PlacedLine(items: [], height: size.height)) }
      let x = c.sectionInset.left + Double(column) * (size.width + c.minimumInteritemSpacing)
      lines[lines.count - 1].items.append(
        PlacedItem(item: j, x: x, yInLine: 0, size: size, isOverflowing: false))
    }
    return PlacedSection(lines: lines, hiddenItems: hidden)
  }
}
