import FlowLayoutModel

/// Sizing of the key/value cell (seed 004; `FUIKeyValueCollectionViewCell`, laid out by
/// `.keyValueColumnFlow`, whose 8 pt insets and 80/24 spacings separate the cells).
///
/// Rulings: the key on top (15 pt, 1 line, line height 20, secondary text colour), 2 pt, then the
/// value (17 pt, line height 22, primary colour, wrapping without a line limit); no padding. A
/// missing or empty value still takes one line, so an empty field keeps its row. Width = the
/// proposed width; height `20 + 2 + max(1, valueLines) · 22`.
struct KeyValueCell {
  static let gap = 2.0

  let cell: CellDescription

  init(_ cell: CellDescription) { self.cell = cell }

  /// `layout(width:).size`, without building the lines.
  ///
  /// - Complexity: O(c) for c characters of the value.
  func size(width: Double) -> Size {
    let valueLines = TextMeasurement.lineCount(
      of: cell.value ?? "", in: FioriTypography.value, width: width)
    let valueTop = FioriTypography.key.lineHeight + Self.gap
    let valueHeight = Double(max(1, valueLines)) * FioriTypography.value.lineHeight
    return Size(width: width, height: valueTop + valueHeight)
  }

  /// - Complexity: O(c) for c characters of text.
  func layout(width: Double) -> CellLayout {
    let key = TextMeasurement.lines(
      of: cell.key ?? "", in: FioriTypography.key, width: width, maximumLines: 1)
    let value = TextMeasurement.lines(
      of: cell.value ?? "", in: FioriTypography.value, width: width, maximumLines: 0)
    let valueTop = FioriTypography.key.lineHeight + Self.gap
    let valueHeight = Double(max(1, value.lines.count)) * FioriTypography.value.lineHeight
    let parts: [CellPart] = [
      .text(
        frame: Rect(x: 0, y: 0, width: width, height: key.height), block: key,
        color: FioriPalette.secondaryText, trailing: false),
      .text(
        frame: Rect(x: 0, y: valueTop, width: width, height: value.height), block: value,
        color: FioriPalette.primaryText, trailing: false),
    ]
    return CellLayout(
      size: Size(width: width, height: valueTop + valueHeight), parts: parts, borderWidth: 0,
      cornerRadius: 0)
  }
}
