import FlowLayoutModel

/// Sizing of the object cell (seed 002; `FUIObjectTableViewCell` in a multi-column collection).
///
/// Columns from the leading edge, for a width `W` (all rulings except where a seed is cited):
/// margin `m` (16 compact, 20 regular); the left icon stack (≤ 3 icons of 16 pt, 4 pt apart, then
/// 8); the detail image frame `f = max(44, s)` for an image of side `s ∈ [16, 60]` (seed 002:
/// "44 pixel frame", 16–60), then 12; the main content; then from the trailing edge: margin `m`, the
/// accessory (24 pt, then 8), the attributes column (its widest label, at most a third of the space
/// left, then 8). In regular width and landscape the description gets its own column, sharing the
/// main content's space equally with a 16 pt gap (seed 002 "Location varies by orientation").
///
/// Main content, top down, 2 pt between elements: title (17 pt semibold, 2 lines, 22), subtitle
/// (15 pt, 1 line, 20), footnote (13 pt, 1 line, 18), description (15 pt, 20; `descriptionLines`,
/// default 3, 0 = full; seed 002). Attributes: 13 pt, 1 line, 18, 2 pt apart, right-aligned.
///
/// Height `max(44, 8 + max(column heights) + 8)` (seed 002 "Touch Target 44pt minimum"; seed 000's
/// 8 pt cell padding). Columns are top-aligned, or centered with `alignment = center`; the accessory
/// is always centered.
struct ObjectCell {
  static let compactMargin = 16.0
  static let regularMargin = 20.0
  static let verticalPadding = 8.0
  static let minimumHeight = 44.0
  static let stackIconSide = 16.0
  static let stackIconGap = 4.0
  static let stackTrailingGap = 8.0
  static let maximumStackIcons = 3
  static let maximumAttributes = 3
  static let imageFrame = 44.0
  static let imageRange = 16.0...60.0
  static let imageTrailingGap = 12.0
  static let accessorySide = 24.0
  static let accessoryGap = 8.0
  static let attributesGap = 8.0
  static let descriptionColumnGap = 16.0
  static let textGap = 2.0
  static let defaultDescriptionLines = 3
  static let titleLines = 2

  let cell: CellDescription

  init(_ cell: CellDescription) { self.cell = cell }

  var descriptionInColumn: Bool {
    cell.descriptionText.isPresent && cell.widthClass == .regular && cell.orientation == .landscape
  }

  /// Lays the (validated) cell out at `width`.
  ///
  /// - Complexity: O(c) for c characters of text.
  /// - Throws: `LayoutError.invalidConfiguration` when `width` leaves the main content no room.
  func layout(width: Double, field: String) throws(LayoutError) -> CellLayout {
    let margin = cell.widthClass == .regular ? Self.regularMargin : Self.compactMargin
    let top = Self.verticalPadding
    var parts: [CellPart] = []
    var columns: [(parts: [CellPart], height: Double)] = []

    // 1. Leading columns: icon stack, detail image.
    var x = margin
    if let icons = cell.iconStack, !icons.isEmpty {
      var stack: [CellPart] = []
      for (i, name) in icons.enumerated() {
        let y = top + Double(i) * (Self.stackIconSide + Self.stackIconGap)
        stack.append(
          .stackIcon(
            frame: Rect(x: x, y: y, width: Self.stackIconSide, height: Self.stackIconSide),
            name: name))
      }
      let n = Double(icons.count)
      columns.append((stack, n * Self.stackIconSide + (n - 1) * Self.stackIconGap))
      x += Self.stackIconSide + Self.stackTrailingGap
    }
    if let image = cell.detailImage {
      let side = image.size ?? Self.imageFrame
      let frame = max(Self.imageFrame, side)
      let inset = (frame - side) / 2
      let content: ImageContent =
        image.initials.isPresent ? .initials(image.initials!) : .placeholder
      columns.append(
        (
          [
            .image(
              frame: Rect(x: x + inset, y: top + inset, width: side, height: side),
              shape: image.shape ?? .rectangular, content: content)
          ], frame
        ))
      x += frame + Self.imageTrailingGap
    }

    // 2. Trailing columns: accessory, attributes.
    var right = width - margin
    var accessoryX: Double?
    if cell.accessory != nil {
      right -= Self.accessorySide
      accessoryX = right
      right -= Self.accessoryGap
    }
    if let attributes = cell.attributes, !attributes.isEmpty {
      let font = FioriTypography.objectAttribute
      let widest = attributes.map { TextMeasurement.width(of: $0.text, in: font) }.max()!
      let columnWidth = min(widest.rounded(.up), max(0, (right - x) / 3))
      let columnX = right - columnWidth
      var y = top
      var column: [CellPart] = []
      for (i, attribute) in attributes.enumerated() {
        if i > 0 { y += Self.textGap }
        let block = TextMeasurement.lines(
          of: attribute.text, in: font, width: columnWidth, maximumLines: 1)
        column.append(
          .text(
            frame: Rect(x: columnX, y: y, width: columnWidth, height: block.height), block: block,
            color: FioriPalette.color(of: attribute.status ?? .neutral), trailing: true))
        y += block.height
      }
      columns.append((column, y - top))
      right = columnX - Self.attributesGap
    }

    // 3. Main content (and the description column).
    let space = right - x
    let mainWidth = descriptionInColumn ? (space - Self.descriptionColumnGap) / 2 : space
    guard mainWidth > 0 else {
      throw .invalidConfiguration(
        field: "\(field).proposedWidth",
        reason: "width \(width) leaves the object cell's main content no room")
    }
    var main: [CellPart] = []
    var y = top
    func addText(
      _ text: String?, _ font: FontStyle, lines: Int, color: String, at x: Double,
      width: Double, into column: inout [CellPart]
    ) {
      guard let text, text.isPresent else { return }
      if y > top { y += Self.textGap }
      let block = TextMeasurement.lines(of: text, in: font, width: width, maximumLines: lines)
      column.append(
        .text(
          frame: Rect(x: x, y: y, width: width, height: block.height), block: block, color: color,
          trailing: false))
      y += block.height
    }
    let descriptionLines = cell.descriptionLines ?? Self.defaultDescriptionLines
    addText(
      cell.title, FioriTypography.objectTitle, lines: Self.titleLines,
      color: FioriPalette.primaryText, at: x, width: mainWidth, into: &main)
    addText(
      cell.subtitle, FioriTypography.objectSubtitle, lines: 1,
      color: FioriPalette.secondaryText, at: x, width: mainWidth, into: &main)
    addText(
      cell.footnote, FioriTypography.objectFootnote, lines: 1,
      color: FioriPalette.secondaryText, at: x, width: mainWidth, into: &main)
    if !descriptionInColumn {
      addText(
        cell.descriptionText, FioriTypography.objectDescription, lines: descriptionLines,
        color: FioriPalette.secondaryText, at: x, width: mainWidth, into: &main)
    }
    columns.append((main, y - top))
    if descriptionInColumn {
      var column: [CellPart] = []
      y = top
      let columnX = x + mainWidth + Self.descriptionColumnGap
      addText(
        cell.descriptionText, FioriTypography.objectDescription, lines: descriptionLines,
        color: FioriPalette.secondaryText, at: columnX,
        width: space - mainWidth - Self.descriptionColumnGap,
        into: &column)
      columns.append((column, y - top))
    }

    // 4. Height, alignment, accessory.
    let contentHeight = columns.map(\.height).max() ?? 0
    let height = max(Self.minimumHeight, contentHeight + 2 * Self.verticalPadding)
    let inner = height - 2 * Self.verticalPadding
    for column in columns {
      let dy = cell.alignment == .center ? (inner - column.height) / 2 : 0
      parts += column.parts.map { $0.offset(dy: dy) }
    }
    if let kind = cell.accessory, let accessoryX {
      parts.append(
        .accessory(
          frame: Rect(
            x: accessoryX, y: (height - Self.accessorySide) / 2, width: Self.accessorySide,
            height: Self.accessorySide), kind: kind))
    }
    return CellLayout(
      size: Size(width: width, height: height), parts: parts, borderWidth: 0, cornerRadius: 0)
  }
}
