import FlowLayoutModel

/// The guideline's Horizontal Fit (seed 003): one line per section that does not scroll, own
/// item sizes, top-aligned. The line holds the greedy rule's first line; the rest are hidden
/// (docs/semantics.md, `horizontalFit`).
enum HorizontalFitLayout {
  /// Every item fits and `k ≥ 2`: justified, `g = (A − Σw)/(k − 1)`. Otherwise (some hidden,
  /// or `k = 1`): leading-aligned with gaps `I`.
  ///
  /// - Complexity: O(n) for the section's n items.
  static func lines(
    for section: SectionData, configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    let widths = section.itemWidths
    let heights = section.itemHeights
    let ranges = GreedyLineBreaking.lines(
      widths: widths, lineLength: a, spacing: c.minimumInteritemSpacing)
    guard let first = ranges.first else { return .empty }
    let lineWidths = Array(widths[first])
    let everyItemFits = ranges.count == 1
    let xs =
      everyItemFits && first.count >= 2
      ? LinePlacement.justified(widths: lineWidths, left: c.sectionInset.left, lineLength: a)
      : LinePlacement.leading(
        widths: lineWidths, left: c.sectionInset.left, spacing: c.minimumInteritemSpacing)
    var items: [PlacedItem] = []
    for (j, item) in first.enumerated() {
      let overflows =
        first.count == 1 && GreedyLineBreaking.overflows(width: widths[item], lineLength: a)
      items.append(
        PlacedItem(
          item: item, x: overflows ? c.sectionInset.left : xs[j], yInLine: 0,
          size: Size(width: widths[item], height: heights[item]), isOverflowing: overflows))
    }
    let line = PlacedLine(items: items, height: LinePlacement.lineHeight(Array(heights[first])))
    return PlacedSection(lines: [line], hiddenItems: Array(first.upperBound..<section.count))
  }
}
