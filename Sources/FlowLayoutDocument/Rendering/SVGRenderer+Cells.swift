import FioriCells
import FlowLayoutModel

extension SVGRenderer {
  /// A Fiori cell: a nested `<svg>` at the item's frame (clipping to it), the cell's background with
  /// its border and radius, then its parts in the cell's coordinates.
  func drawCell(
    _ element: LayoutElement, type: String, layout: CellLayout, into svg: inout SVGWriter
  ) {
    let frame = element.frame
    let path = element.path
    svg.group(
      "svg",
      [
        "class": "cell", "data-path": "\(path.section).\(path.item)", "data-type": type,
        "x": frame.minX, "y": frame.minY, "width": frame.width, "height": frame.height,
        "overflow": "hidden",
      ]
    ) { svg in
      let inset = layout.borderWidth / 2
      svg.element(
        "rect",
        [
          "x": inset, "y": inset, "width": max(0, frame.width - 2 * inset),
          "height": max(0, frame.height - 2 * inset), "rx": layout.cornerRadius,
          "fill": FioriPalette.background,
          "stroke": layout.borderWidth > 0 ? FioriPalette.border : "none",
          "stroke-width": layout.borderWidth,
        ])
      if type == CellType.object.rawValue {
        // Table-view separator along the bottom edge.
        svg.element(
          "line",
          [
            "x1": 16.0, "y1": frame.height - 0.5, "x2": frame.width, "y2": frame.height - 0.5,
            "stroke": FioriPalette.border, "stroke-width": 1.0,
          ])
      }
      for part in layout.parts {
        draw(rightToLeft ? Self.mirrored(part, inWidth: frame.width) : part, into: &svg)
      }
    }
  }

  func draw(_ part: CellPart, into svg: inout SVGWriter) {
    switch part {
    case .image(let frame, let shape, let content):
      drawImage(frame: frame, shape: shape, content: content, into: &svg)
    case .text(let frame, let block, let color, let trailing):
      for (i, line) in block.lines.enumerated() {
        let top = frame.minY + Double(i) * block.font.lineHeight
        Self.drawText(
          line, x: trailing ? frame.maxX : frame.minX,
          baseline: top + block.font.lineHeight / 2 + block.font.pointSize * 0.35,
          font: block.font, color: color, trailing: trailing, maxWidth: frame.width, into: &svg)
      }
    case .iconAction(let frame, let icon, let destructive):
      let center = Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
      svg.element(
        "circle",
        [
          "class": "action", "cx": center.x, "cy": center.y, "r": frame.width / 2,
          "fill": "#FFFFFF", "fill-opacity": 0.9, "stroke": FioriPalette.border,
          "stroke-width": 1.0,
        ])
      SVGGlyphs.icon(
        icon, center: center, size: 20,
        color: destructive ? FioriPalette.destructiveActionIcon : FioriPalette.actionIcon,
        into: &svg)
    case .button(let frame, let label):
      svg.element(
        "rect",
        [
          "class": "button", "x": frame.minX + 0.5, "y": frame.minY + 0.5, "width": frame.width - 1,
          "height": frame.height - 1, "rx": 6.0, "fill": "none", "stroke": FioriPalette.buttonTint,
          "stroke-width": 1.0,
        ])
      if let line = label.lines.first {
        let width = TextMeasurement.width(of: line, in: label.font)
        Self.drawText(
          line, x: frame.minX + (frame.width - width) / 2,
          baseline: frame.minY + frame.height / 2 + label.font.pointSize * 0.35, font: label.font,
          color: FioriPalette.buttonTint, trailing: false, maxWidth: frame.width, into: &svg)
      }
    case .stackIcon(let frame, let name):
      SVGGlyphs.stackIcon(name, frame: frame, into: &svg)
    case .accessory(let frame, let kind):
      SVGGlyphs.accessory(kind, frame: frame, into: &svg)
    }
  }

  func drawImage(frame: Rect, shape: ImageShape, content: ImageContent, into svg: inout SVGWriter) {
    let fill: String
    if case .initials = content {
      fill = FioriPalette.initialsBackground
    } else {
      fill = FioriPalette.placeholderBackground
    }
    let center = Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
    switch shape {
    case .circular:
      svg.element(
        "ellipse",
        [
          "class": "image", "cx": center.x, "cy": center.y, "rx": frame.width / 2,
          "ry": frame.height / 2, "fill": fill,
        ])
    case .rectangular:
      svg.element(
        "rect",
        [
          "class": "image", "x": frame.minX, "y": frame.minY, "width": frame.width,
          "height": frame.height, "rx": min(8, frame.width / 4), "fill": fill,
        ])
    }
    let side = min(frame.width, frame.height)
    switch content {
    case .placeholder:
      SVGGlyphs.photo(center: center, size: min(24, side / 2), into: &svg)
    case .initials(let initials):
      let font = FontStyle(
        pointSize: min(FioriTypography.initials.pointSize, side * 0.4), weight: .semibold,
        lineHeight: FioriTypography.initials.lineHeight)
      let width = TextMeasurement.width(of: initials, in: font)
      Self.drawText(
        initials, x: center.x - width / 2, baseline: center.y + font.pointSize * 0.35, font: font,
        color: FioriPalette.initialsText, trailing: false, into: &svg)
    case .doctype(let kind):
      SVGGlyphs.document(kind, center: center, size: side * 0.5, into: &svg)
    }
  }
}

extension SVGRenderer {
  /// `part` mirrored in a cell `width` wide (`x' = width − x − w`), text alignment swapped:
  /// the cell's right-to-left presentation.
  static func mirrored(_ part: CellPart, inWidth width: Double) -> CellPart {
    func m(_ r: Rect) -> Rect {
      Rect(x: width - r.maxX, y: r.minY, width: r.width, height: r.height)
    }
    switch part {
    case .image(let frame, let shape, let content):
      return .image(frame: m(frame), shape: shape, content: content)
    case .text(let frame, let block, let color, let trailing):
      return .text(frame: m(frame), block: block, color: color, trailing: !trailing)
    case .iconAction(let frame, let icon, let destructive):
      return .iconAction(frame: m(frame), icon: icon, destructive: destructive)
    case .button(let frame, let label): return .button(frame: m(frame), label: label)
    case .stackIcon(let frame, let name): return .stackIcon(frame: m(frame), name: name)
    case .accessory(let frame, let kind): return .accessory(frame: m(frame), kind: kind)
    }
  }
}
