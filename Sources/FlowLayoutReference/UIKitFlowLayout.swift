import FlowLayoutModel

/// `uikitFlow`, a `UICollectionViewFlowLayout`-compatible preset: own item sizes, greedy lines,
/// items vertically centered; justified lines, lone-item centering and the last-line grid rule
/// (docs/semantics.md, `uikitFlow`). `isTopAligned`, `isLayoutJustified` and `numberOfRows` are
/// ignored.
enum UIKitFlowLayout {
  /// - Complexity: O(n) for the section's n items.
  static func lines(
    for section: SectionData, configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    let widths = section.itemWidths
    let heights = section.itemHeights
    let left = c.sectionInset.left
    let spacing = c.minimumInteritemSpacing
    let ranges = GreedyLineBreaking.lines(widths: widths, lineLength: a, spacing: spacing)
    let isGrid = isGrid(section)
    var lines: [PlacedLine] = []
    for (index, range) in ranges.enumerated() {
      let lineWidths = Array(widths[range])
      let isLastOfSeveral = ranges.count >= 2 && index == ranges.count - 1
      var xs: [Double]
      if !isLastOfSeveral {
        xs =
          range.count >= 2
          ? LinePlacement.justified(widths: lineWidths, left: left, lineLength: a)
          : [LinePlacement.centered(width: lineWidths[0], left: left, lineLength: a)]
      } else if isGrid {
        xs = gridColumns(
          count: range.count, columns: ranges[0].count, width: widths[range.lowerBound],
          left: left, lineLength: a)
      } else {
        xs = LinePlacement.leading(widths: lineWidths, left: left, spacing: spacing)
      }
      lines.append(
        LinePlacement.placedLine(
          range, xs: xs, widths: widths, heights: heights, left: left, lineLength: a,
          isTopAligned: false))
    }
    return PlacedSection(lines: lines, hiddenItems: [])
  }

  /// `true` when every item of the section has the same size.
  static func isGrid(_ section: SectionData) -> Bool {
    guard section.count > 0 else { return true }
    let first = section.itemSize(at: 0)
    return (0..<section.count).allSatisfy { section.itemSize(at: $0) == first }
  }

  /// The last line of a grid reuses the grid's columns: `n = |L₀|`, `g = (A − n·w)/(n − 1)`,
  /// `xⱼ = l + j·(w + g)` when `n ≥ 2`; centered when `n = 1`.
  static func gridColumns(
    count: Int, columns n: Int, width w: Double, left: Double, lineLength a: Double
  ) -> [Double] {
    guard n >= 2 else { return [LinePlacement.centered(width: w, left: left, lineLength: a)] }
    let gap = (a - Double(n) * w) / Double(n - 1)
    return (0..<count).map { left + Double($0) * (w + gap) }
  }
}
