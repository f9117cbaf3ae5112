/// The raw options of a layout, under the Fiori option names (seed 004).
///
/// This type only carries options: resolving them (item-size priority, scaling, columns) is each
/// engine's own job, so that the reference and the fast core check each other. The one
/// resolution the model makes itself, `columnFlowColumnCount`, is for validation and for the
/// width proposed to cells; the engines do not use it.
/// `init(variant:)` fills every option with the variant's documented default
/// (see `docs/semantics.md`, "Defaults").
public struct LayoutConfiguration: Hashable, Sendable, Codable {
  public var variant: LayoutVariant
  /// The size of every item where the variant does not honour per-item sizes. UIKit default 50 × 50.
  public var itemSize: Size
  /// Non-zero: items take their own (self-sized) sizes (`.horizontalFlow` priority 1).
  public var estimatedItemSize: Size
  /// Non-zero: items scale up from this size to fill the line (`.horizontalFlow` priority 3).
  public var minimumScaledItemSize: Size
  /// `.horizontalFlow`: > 0 scales items to this many per line. Column flows: the column count (≥ 1).
  public var numberOfColumns: Int
  /// `.horizontalFlow`: > 0 keeps only the first `numberOfRows` lines; later items are hidden.
  public var numberOfRows: Int
  /// Spread the leftover space of every full line into its gaps.
  public var isLayoutJustified: Bool
  /// `true`: items top-aligned in their line; `false`: vertically centered.
  public var isTopAligned: Bool
  public var minimumInteritemSpacing: Double
  public var minimumLineSpacing: Double
  public var sectionInset: EdgeInsets
  public var scrollDirection: ScrollDirection
  public var widthClass: WidthClass

  /// A configuration holding `variant`'s default for every option.
  public init(variant: LayoutVariant) {
    self.variant = variant
    // UICollectionViewFlowLayout's defaults, inherited by every Fiori layout.
    itemSize = Size(width: 50, height: 50)
    estimatedItemSize = .zero
    minimumScaledItemSize = .zero
    numberOfColumns = 0
    numberOfRows = 0
    isLayoutJustified = false
    isTopAligned = false
    minimumInteritemSpacing = 10
    minimumLineSpacing = 10
    sectionInset = .zero
    scrollDirection = .vertical
    widthClass = .regular
    switch variant {
    case .horizontalFlow, .horizontalScroll, .timeline, .uikitFlow, .horizontalFit:
      break
    case .vertical:
      isLayoutJustified = true
    case .autosizingColumnFlow, .multiColumn:
      numberOfColumns = 2
      isTopAligned = true
    case .keyValueColumnFlow:
      numberOfColumns = 2
      isTopAligned = true
      minimumInteritemSpacing = 80
      minimumLineSpacing = 24
      sectionInset = EdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
    }
  }
}
