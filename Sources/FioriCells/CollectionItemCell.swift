import FlowLayoutModel

/// Sizing of the collection item cell (seeds 000/001; `FUICollectionItemCell`).
///
/// **With labels** (any of title, subtitle, attribute, button action), width `W ∈ {110, 120}`:
/// a square image of side `s = W − 20` (90 or 100, seed 000's `SIZE_CONFIG`) at `(10, 10)`, so its
/// margins are equal (ruling); then the labels container: padding 8 (the image–text gap), title
/// (13 pt semibold, 2 lines, line height 18), subtitle (12 pt, 1 line, 16), attribute (12 pt, 1 line,
/// 16), 2 pt between text elements, the button 2 + 6 below the text and 28 tall; bottom padding 8.
/// Text width `W − 16`. Height `10 + s + 8 + content + 8`.
///
/// **Without labels**: the cell is its image, `w × h` with `60 ≤ h ≤ w ≤ 110` (circular: `w = h`).
///
/// Icon actions (28 pt circles, 4 pt apart) sit 4 pt inside the image's top-right corner and do not
/// change the size. The 1 pt border is drawn on the cell's edge and takes no layout space (ruling).
struct CollectionItemCell {
  static let defaultLabeledWidth = 110.0
  static let labeledWidths: [Double] = [110, 120]
  static let defaultImageSide = 110.0
  static let imageRange = 60.0...110.0
  static let imageInset = 10.0
  static let padding = 8.0
  static let textGap = 2.0
  static let buttonTopMargin = 6.0
  static let buttonHeight = 28.0
  static let buttonLabelInset = 12.0
  static let actionDiameter = 28.0
  static let actionIcon = 20.0
  static let actionInset = 4.0
  static let actionGap = 4.0
  static let maximumIconActions = 2

  let cell: CellDescription

  init(_ cell: CellDescription) { self.cell = cell }

  /// `true` when the cell shows the labels container.
  var hasLabels: Bool {
    cell.title.isPresent || cell.subtitle.isPresent || cell.attribute.isPresent
      || cell.buttonAction != nil
  }

  /// The image size of an image-only cell: missing height = width, missing width = height,
  /// neither = 110 × 110 (ruling).
  var imageOnlySize: Size {
    let w = cell.image?.width ?? cell.image?.height ?? Self.defaultImageSide
    let h = cell.image?.height ?? w
    return Size(width: w, height: h)
  }

  /// The width an icon row needs inside an image: `2·4 + n·28 + (n−1)·4`.
  static func actionsWidth(_ n: Int) -> Double {
    n == 0 ? 0 : 2 * actionInset + Double(n) * actionDiameter + Double(n - 1) * actionGap
  }

  var imageContent: ImageContent {
    if let initials = cell.image?.initials, !initials.isEmpty { return .initials(initials) }
    if let doctype = cell.image?.doctype, !doctype.isEmpty { return .doctype(doctype) }
    return .placeholder
  }

  /// Lays the (validated) cell out.
  ///
  /// - Complexity: O(c) for c characters of text.
  func layout() -> CellLayout {
    let shape = cell.image?.resolvedShape ?? .rectangular
    var parts: [CellPart] = []
    let size: Size
    let imageFrame: Rect
    if hasLabels {
      let w = cell.cellWidth ?? Self.defaultLabeledWidth
      let side = w - 2 * Self.imageInset
      imageFrame = Rect(x: Self.imageInset, y: Self.imageInset, width: side, height: side)
      parts.append(.image(frame: imageFrame, shape: shape, content: imageContent))
      let textWidth = w - 2 * Self.padding
      var y = imageFrame.maxY + Self.padding
      var hasText = false
      func addText(_ text: String?, _ font: FontStyle, lines: Int, color: String) {
        guard let text, text.isPresent else { return }
        if hasText { y += Self.textGap }
        let block = TextMeasurement.lines(of: text, in: font, width: textWidth, maximumLines: lines)
        parts.append(
          .text(
            frame: Rect(x: Self.padding, y: y, width: textWidth, height: block.height),
            block: block, color: color, trailing: false))
        y += block.height
        hasText = true
      }
      addText(cell.title, FioriTypography.itemTitle, lines: 2, color: FioriPalette.primaryText)
      addText(
        cell.subtitle, FioriTypography.itemSubtitle, lines: 1, color: FioriPalette.secondaryText)
      addText(
        cell.attribute, FioriTypography.itemAttribute, lines: 1,
        color: FioriPalette.color(of: cell.attributeStatus ?? .neutral))
      if let button = cell.buttonAction {
        if hasText { y += Self.textGap + Self.buttonTopMargin }
        let label = TextMeasurement.lines(
          of: button.label, in: FioriTypography.buttonLabel,
          width: textWidth - 2 * Self.buttonLabelInset, maximumLines: 1)
        parts.append(
          .button(
            frame: Rect(x: Self.padding, y: y, width: textWidth, height: Self.buttonHeight),
            label: label))
        y += Self.buttonHeight
      }
      size = Size(width: w, height: y + Self.padding)
    } else {
      size = imageOnlySize
      imageFrame = Rect(origin: .zero, size: size)
      parts.append(.image(frame: imageFrame, shape: shape, content: imageContent))
    }
    let actions = cell.iconActions ?? []
    let top = imageFrame.minY + Self.actionInset
    var x = imageFrame.maxX - Self.actionsWidth(actions.count) + Self.actionInset
    for action in actions {
      parts.append(
        .iconAction(
          frame: Rect(x: x, y: top, width: Self.actionDiameter, height: Self.actionDiameter),
          icon: action.icon, destructive: action.destructive ?? false))
      x += Self.actionDiameter + Self.actionGap
    }
    // A circular image-only cell is the circle (seed 000: circular radius "50% (full)").
    let radius = !hasLabels && shape == .circular ? size.width / 2 : 8
    return CellLayout(size: size, parts: parts, borderWidth: 1, cornerRadius: radius)
  }
}

extension Optional where Wrapped == String {
  /// `true` for a non-empty string (an empty label counts as absent).
  var isPresent: Bool { self.map { !$0.isEmpty } ?? false }
}

extension String {
  var isPresent: Bool { !isEmpty }
}
