import FlowLayoutModel

/// `.horizontalScroll` (seed 004; seed 003 Horizontal Scroll): each section is one line that
/// never wraps, own item sizes, top-aligned; the content is as wide as the widest section
/// (docs/semantics.md, `.horizontalScroll`).
enum HorizontalScrollLayout {
  /// `x₀ = l`, `xᵢ₊₁ = xᵢ + wᵢ + I`, `y = lineTop`. An empty section has no line.
  ///
  /// - Complexity: O(n) for the section's n items.
  static func lines(for section: SectionData, configuration c: LayoutConfiguration) -> PlacedSection
  {
    guard section.count > 0 else { return .empty }
    let xs = LinePlacement.leading(
      widths: section.itemWidths, left: c.sectionInset.left, spacing: c.minimumInteritemSpacing)
    var items: [PlacedItem] = []
    for i in 0..<section.count {
      items.append(
        PlacedItem(
          item: i, x: xs[i], yInLine: 0, size: section.itemSize(at: i), isOverflowing: false))
    }
    return PlacedSection(
      lines: [PlacedLine(items: items, height: LinePlacement.lineHeight(section.itemHeights))],
      hiddenItems: [])
  }

  /// Content width: `max` over sections of `l + Σw + (k−1)·I + r` (an empty section gives
  /// `l + r`); 0 with no sections.
  ///
  /// - Complexity: O(n) for n items.
  static func contentWidth(of sections: [SectionData], configuration c: LayoutConfiguration)
    -> Double
  {
    var widest = 0.0
    for section in sections {
      var total = 0.0
      for width in section.itemWidths { total += width }
      let gaps = Double(max(section.count - 1, 0)) * c.minimumInteritemSpacing
      widest = max(widest, c.sectionInset.left + total + gaps + c.sectionInset.right)
    }
    return widest
  }
}
