/// One section's content: header and footer heights and its items' own sizes, as two columns.
///
/// An item's size is its own (self-sized) size, used wherever the variant honours per-item sizes.
/// A header or footer height of 0 means the section has none.
public struct SectionData: Hashable, Sendable, Codable {
  /// Header height (header width when scrolling horizontally). 0 = no header.
  public var header: Double
  /// Footer height. 0 = no footer.
  public var footer: Double
  /// Items' own widths, one per item.
  public var itemWidths: [Double]
  /// Items' own heights, parallel to `itemWidths`.
  public var itemHeights: [Double]
  /// The header carries a "See All (N)" label, N = `count` (hidden items included; seed 003).
  public var showsSeeAll: Bool
  /// The section's own inset and spacings (UIKit's delegate metrics); `nil` fields, or `nil`,
  /// take the layout's.
  public var metrics: SectionMetrics?

  public init(
    header: Double = 0, footer: Double = 0, itemWidths: [Double], itemHeights: [Double],
    showsSeeAll: Bool = false, metrics: SectionMetrics? = nil
  ) {
    precondition(itemWidths.count == itemHeights.count, "itemWidths and itemHeights differ in length")
    self.header = header
    self.footer = footer
    self.itemWidths = itemWidths
    self.itemHeights = itemHeights
    self.showsSeeAll = showsSeeAll
    self.metrics = metrics
  }

  public init(
    header: Double = 0, footer: Double = 0, items: [Size], showsSeeAll: Bool = false,
    metrics: SectionMetrics? = nil
  ) {
    self.init(
      header: header, footer: footer, itemWidths: items.map(\.width),
      itemHeights: items.map(\.height), showsSeeAll: showsSeeAll, metrics: metrics)
  }

  /// The number of items, hidden ones included.
  public var count: Int { itemWidths.count }

  /// The item sizes as structs. O(n); for tests and small documents.
  public var items: [Size] {
    zip(itemWidths, itemHeights).map { Size(width: $0, height: $1) }
  }

  public func itemSize(at index: Int) -> Size {
    Size(width: itemWidths[index], height: itemHeights[index])
  }
}

/// Everything a layout depends on: options, bounds and content.
public struct LayoutInput: Hashable, Sendable, Codable {
  public var configuration: LayoutConfiguration
  /// The collection view's bounds size. Width is `B`; height matters when scrolling horizontally.
  public var bounds: Size
  public var sections: [SectionData]

  public init(configuration: LayoutConfiguration, bounds: Size, sections: [SectionData]) {
    self.configuration = configuration
    self.bounds = bounds
    self.sections = sections
  }

  /// Total number of items over all sections.
  public var itemCount: Int { sections.reduce(0) { $0 + $1.count } }
}

/// A section's own metrics, as `UICollectionViewDelegateFlowLayout` gives them per section:
/// `collectionView(_:layout:insetForSectionAt:)`, `…minimumInteritemSpacingForSectionAt:` and
/// `…minimumLineSpacingForSectionAt:`. A `nil` field takes the layout's value.
public struct SectionMetrics: Hashable, Sendable, Codable {
  public var sectionInset: EdgeInsets?
  public var minimumInteritemSpacing: Double?
  public var minimumLineSpacing: Double?

  public init(
    sectionInset: EdgeInsets? = nil, minimumInteritemSpacing: Double? = nil,
    minimumLineSpacing: Double? = nil
  ) {
    self.sectionInset = sectionInset
    self.minimumInteritemSpacing = minimumInteritemSpacing
    self.minimumLineSpacing = minimumLineSpacing
  }

  /// `true` when no field is set (the section takes every layout value).
  public var isEmpty: Bool {
    sectionInset == nil && minimumInteritemSpacing == nil && minimumLineSpacing == nil
  }
}

extension LayoutConfiguration {
  /// The options a section with `metrics` is laid out with: each set field replaces the
  /// layout's (used by validation and document cell sizing; each engine merges on its own).
  ///
  /// - Complexity: O(1).
  public func applying(_ metrics: SectionMetrics?) -> LayoutConfiguration {
    guard let metrics else { return self }
    var c = self
    if let inset = metrics.sectionInset { c.sectionInset = inset }
    if let spacing = metrics.minimumInteritemSpacing { c.minimumInteritemSpacing = spacing }
    if let spacing = metrics.minimumLineSpacing { c.minimumLineSpacing = spacing }
    return c
  }
}
