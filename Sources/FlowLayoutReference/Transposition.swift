import FlowLayoutModel

/// Horizontal scrolling as the transposed problem (docs/semantics.md, "Scroll direction"):
/// lay out the transposed input with vertical scrolling, then transpose every frame and the
/// content size back.
enum Transposition {
  /// `true` when `input` scrolls horizontally and its variant honours the scroll direction
  /// (`horizontalFlow`, `vertical`, `timeline`, `uikitFlow`).
  static func applies(to input: LayoutInput) -> Bool {
    input.configuration.scrollsAlongX
  }

  /// The transposed problem: bounds `(Bh, B)`; every item size and `itemSize`,
  /// `estimatedItemSize`, `minimumScaledItemSize` transposed; insets `(l, t, r, b)`; spacings,
  /// header and footer values unchanged; vertical scrolling.
  ///
  /// - Complexity: O(n) for n items.
  static func transposed(_ input: LayoutInput) -> LayoutInput {
    var c = input.configuration
    c.itemSize = c.itemSize.transposed
    c.estimatedItemSize = c.estimatedItemSize.transposed
    c.minimumScaledItemSize = c.minimumScaledItemSize.transposed
    c.sectionInset = c.sectionInset.transposed
    c.scrollDirection = .vertical
    let sections = input.sections.map { section in
      SectionData(
        header: section.header, footer: section.footer, itemWidths: section.itemHeights,
        itemHeights: section.itemWidths, showsSeeAll: section.showsSeeAll,
        metrics: section.metrics.map { m in
          SectionMetrics(
            sectionInset: m.sectionInset?.transposed,
            minimumInteritemSpacing: m.minimumInteritemSpacing,
            minimumLineSpacing: m.minimumLineSpacing)
        })
    }
    return LayoutInput(configuration: c, bounds: input.bounds.transposed, sections: sections)
  }

  /// Every frame and the content size with the axes swapped.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  static func transposed(_ layout: ReferenceLayout) -> ReferenceLayout {
    ReferenceLayout(
      sections: layout.sections.map { section in
        SectionAttributes(
          header: section.header?.transposed, footer: section.footer?.transposed,
          items: section.items.map { item in
            ItemAttributes(
              path: item.path, frame: item.frame?.transposed, isOverflowing: item.isOverflowing)
          }, top: section.top, footerTop: section.footerTop)
      },
      contentSize: layout.contentSize.transposed)
  }
}
