import FlowLayoutModel

/// How `.horizontalFlow` (and `vertical`) sizes its items: seed 004's item-size priority,
/// resolved from the raw options (docs/semantics.md, `.horizontalFlow` "Item-size priority").
enum ItemSizePriority: Hashable, Sendable {
  /// 1. `estimatedItemSize ≠ 0`: each item's own size, greedy lines.
  case ownSizes
  /// 2./3. Scaled: every item `size`, exactly `columns` items per line.
  ///
  /// `columnCount` is the column count `c` as computed in `Double` (it enters `w`); see
  /// `itemsPerLine(columnCount:itemCount:)` for the count used to fill lines.
  case scaled(columnCount: Double, size: Size)
  /// 4. `itemSize` for every item, greedy lines.
  case fixed(Size)

  /// Resolves the priority for a line of length `A = lineLength`.
  ///
  /// - Complexity: O(1).
  init(configuration c: LayoutConfiguration, lineLength a: Double) {
    let spacing = c.minimumInteritemSpacing
    let m = c.minimumScaledItemSize
    if !c.estimatedItemSize.isZero {
      self = .ownSizes
    } else if c.numberOfColumns > 0 {
      let columns = Double(c.numberOfColumns)
      let width = (a - (columns - 1) * spacing) / columns
      let ratio = m.isZero ? c.itemSize.height / c.itemSize.width : m.height / m.width
      self = .scaled(columnCount: columns, size: Size(width: width, height: width * ratio))
    } else if !m.isZero {
      let columns = max(1, ((a + spacing) / (m.width + spacing)).rounded(.towardZero))
      let width = (a - (columns - 1) * spacing) / columns
      self = .scaled(
        columnCount: columns, size: Size(width: width, height: width * m.height / m.width))
    } else {
      self = .fixed(c.itemSize)
    }
  }

  /// Items per line in a scaled mode for a section of `itemCount` items: `c` as an `Int`, capped
  /// at the item count (at least 1), so that an absurd `c` (say 10¹⁰ columns of a tiny
  /// `minimumScaledItemSize`) never traps in the conversion; a line holds at most every item
  /// anyway, so the cap changes no frame.
  static func itemsPerLine(columnCount: Double, itemCount: Int) -> Int {
    let cap = max(itemCount, 1)
    return columnCount >= Double(cap) ? cap : Int(columnCount)
  }
}
