import FlowLayoutModel

/// The timeline variant (FUITimelineCollectionViewHorizontalFlowLayout): `.horizontalFlow`'s
/// greedy mode with each item's own size (whatever `estimatedItemSize`), `isLayoutJustified` and
/// `numberOfRows` honoured, every item stretched to its line's height
/// (docs/semantics.md, `timeline`).
enum TimelineLayout {
  /// - Complexity: O(n) for the section's n items.
  static func lines(
    for section: SectionData, configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    var result = HorizontalFlowLayout.greedyLines(
      widths: section.itemWidths, heights: section.itemHeights, configuration: c, lineLength: a)
    for l in result.lines.indices {
      let height = result.lines[l].height
      for i in result.lines[l].items.indices {
        result.lines[l].items[i].yInLine = 0
        result.lines[l].items[i].size.height = height
      }
    }
    return result
  }
}
