import FlowLayoutModel

/// How a section's items get their sizes, resolved from the options (working orientation).
enum ItemSizing: Sendable, Equatable {
  /// Each item's own size.
  case own
  /// One size for every item; per-item sizes are ignored (`.horizontalFlow` priority 4).
  case fixed(Size)
  /// Exactly `columns` items per line, each `size` (`.horizontalFlow` priorities 2 and 3).
  case scaled(columns: Int, size: Size)
  /// Column flows: `count` columns of width `width`, own heights.
  case columns(count: Int, width: Double)
}

/// How a section's items are cut into lines.
enum LineBreaking: Sendable, Equatable {
  /// The greedy rule with its tolerance (see `LineBreaker`).
  case greedy
  /// A fixed number of items per line (scaled modes, column flows).
  case fixedCount(Int)
  /// One line that never wraps (`.horizontalScroll`).
  case noWrap
  /// Only the greedy rule's first line; the rest is hidden (`horizontalFit`).
  case firstLineOnly
}

/// How a line's items are placed along the line.
enum LinePlacement: Sendable, Equatable {
  /// Leading-aligned with gaps `I`; justified lines (not last, k ≥ 2) when `justified`.
  case flow(justified: Bool)
  /// `uikitFlow`: justified or centered lines, the last line reuses the grid's columns.
  case uikit
  /// `horizontalFit`: justified when every item fits and k ≥ 2, else leading.
  case fit
  /// Leading-aligned with gaps `I` (`.horizontalScroll`).
  case leading
  /// Column `k` at `l + k·(w + I)` (scaled modes, column flows).
  case grid(width: Double)
}

/// Where an item sits across its line.
enum CrossAlignment: Sendable, Equatable {
  case top
  case center
  /// Every item is as tall as its line (`timeline`).
  case stretch
}

/// Every option resolved for one bounds, in the working orientation (the transposed problem when
/// the variant honours a horizontal scroll direction). Pure data: the rules of
/// `docs/semantics.md` per variant, decided once per layout.
struct LayoutRules: Sendable, Equatable {
  /// `true` when the input is laid out transposed and frames are transposed back.
  var transposed: Bool
  /// `B`: the working bounds width (headers and footers span it).
  var boundsWidth: Double
  var inset: EdgeInsets
  /// `A = B − l − r`.
  var available: Double
  /// `ε = 1e-9 · max(1, A)`.
  var epsilon: Double
  var interitem: Double
  var lineSpacing: Double
  var sizing: ItemSizing
  var breaking: LineBreaking
  var placement: LinePlacement
  var cross: CrossAlignment
  /// `numberOfRows` when honoured, else 0 (no limit).
  var configuredLineLimit: Int
  /// Whether an item wider than the line can be reported as overflowing.
  var canOverflow: Bool

  /// How many lines a section lays out at most: 1 for Horizontal Fit, `numberOfRows` when
  /// honoured, else unlimited.
  var lineLimit: Int {
    breaking == .firstLineOnly ? 1 : (configuredLineLimit > 0 ? configuredLineLimit : Int.max)
  }

  /// Resolves `configuration` for `bounds` (both as given, untransposed). Assumes the pair passed
  /// `LayoutConfiguration.validate(bounds:)`.
  ///
  /// - Complexity: O(1).
  init(configuration original: LayoutConfiguration, bounds originalBounds: Size) {
    let variant = original.variant
    transposed = original.scrollsAlongX
    var c = original
    var bounds = originalBounds
    if transposed {
      c.itemSize = c.itemSize.transposed
      c.estimatedItemSize = c.estimatedItemSize.transposed
      c.minimumScaledItemSize = c.minimumScaledItemSize.transposed
      c.sectionInset = c.sectionInset.transposed
      bounds = bounds.transposed
    }
    boundsWidth = bounds.width
    inset = c.sectionInset
    available = bounds.width - c.sectionInset.left - c.sectionInset.right
    epsilon = 1e-9 * max(1, available)
    interitem = c.minimumInteritemSpacing
    lineSpacing = c.minimumLineSpacing
    configuredLineLimit = 0
    canOverflow = false
    cross = c.isTopAligned ? .top : .center
    let a = available
    let i = interitem

    switch variant {
    case .horizontalFlow, .vertical:
      configuredLineLimit = c.numberOfRows
      if !c.estimatedItemSize.isZero {
        sizing = .own
      } else if c.numberOfColumns > 0 {
        let n = c.numberOfColumns
        let w = (a - Double(n - 1) * i) / Double(n)
        let ratio =
          c.minimumScaledItemSize.isZero
          ? c.itemSize.height / c.itemSize.width
          : c.minimumScaledItemSize.height / c.minimumScaledItemSize.width
        sizing = .scaled(columns: n, size: Size(width: w, height: w * ratio))
      } else if !c.minimumScaledItemSize.isZero {
        let m = c.minimumScaledItemSize
        let n = Self.scaledColumnCount(available: a, interitem: i, minimumWidth: m.width)
        let w = (a - Double(n - 1) * i) / Double(n)
        sizing = .scaled(columns: n, size: Size(width: w, height: w * m.height / m.width))
      } else {
        sizing = .fixed(c.itemSize)
      }
      if case .scaled(let n, let size) = sizing {
        breaking = .fixedCount(n)
        placement = .grid(width: size.width)
      } else {
        breaking = .greedy
        placement = .flow(justified: c.isLayoutJustified)
        canOverflow = true
      }
    case .timeline:
      configuredLineLimit = c.numberOfRows
      sizing = .own
      breaking = .greedy
      placement = .flow(justified: c.isLayoutJustified)
      cross = .stretch
      canOverflow = true
    case .uikitFlow:
      sizing = .own
      breaking = .greedy
      placement = .uikit
      cross = .center
      canOverflow = true
    case .horizontalScroll:
      sizing = .own
      breaking = .noWrap
      placement = .leading
      cross = .top
    case .horizontalFit:
      sizing = .own
      breaking = .firstLineOnly
      placement = .fit
      cross = .top
      canOverflow = true
    case .autosizingColumnFlow, .keyValueColumnFlow, .multiColumn:
      let n = variant == .multiColumn && c.widthClass.stacksMultiColumn ? 1 : c.numberOfColumns
      let w = (a - Double(n - 1) * i) / Double(n)
      sizing = .columns(count: n, width: w)
      breaking = .fixedCount(n)
      placement = .grid(width: w)
      cross = .top
    }
  }

  /// `c = max(1, ⌊(A + I)/(m.w + I)⌋)`, computed in `Double` then truncated; clamped to 2⁵²
  /// so that an absurdly small `m.w` cannot trap the conversion.
  static func scaledColumnCount(available a: Double, interitem i: Double, minimumWidth: Double)
    -> Int
  {
    let ratio = ((a + i) / (minimumWidth + i)).rounded(.towardZero)
    guard ratio < 4_503_599_627_370_496 else { return 4_503_599_627_370_496 }
    return max(1, Int(ratio))
  }

  /// The line capacity a fixed-count rule imposes, or `nil` for the width-driven rules.
  var fixedLineCount: Int? {
    if case .fixedCount(let n) = breaking { return n }
    return nil
  }
}
