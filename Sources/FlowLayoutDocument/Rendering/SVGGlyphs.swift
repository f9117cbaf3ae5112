import FioriCells
import FlowLayoutModel

/// Simple vector glyphs standing in for the Fiori icon font (SAP icons are not redistributable):
/// action icons, accessory views, stack icons, the photo placeholder and doctype pages.
enum SVGGlyphs {
  private static func n(_ value: Double) -> String { SVGWriter.number(value) }

  private static func stroke(
    _ d: String, color: String, width: Double = 1.5, into svg: inout SVGWriter
  ) {
    svg.element(
      "path",
      [
        "d": d, "fill": "none", "stroke": color, "stroke-width": width, "stroke-linecap": "round",
        "stroke-linejoin": "round",
      ])
  }

  /// An action icon `size` points square, centered at `center`.
  static func icon(
    _ name: String, center c: Point, size: Double, color: String, into svg: inout SVGWriter
  ) {
    let u = size / 20  // glyphs are drawn on a 20 × 20 grid
    let x0 = c.x - 10 * u
    let y0 = c.y - 10 * u
    func p(_ x: Double, _ y: Double) -> String { "\(n(x0 + x * u)) \(n(y0 + y * u))" }
    switch name {
    case "delete", "trash":
      stroke(
        "M\(p(4, 5))L\(p(16, 5))M\(p(8, 5))L\(p(8, 3))L\(p(12, 3))L\(p(12, 5))"
          + "M\(p(5.5, 5))L\(p(6.5, 17))L\(p(13.5, 17))L\(p(14.5, 5))M\(p(9, 8))L\(p(9, 14))M\(p(11, 8))L\(p(11, 14))",
        color: color, into: &svg)
    case "share":
      stroke(
        "M\(p(10, 12))L\(p(10, 3))M\(p(6.5, 6.5))L\(p(10, 3))L\(p(13.5, 6.5))"
          + "M\(p(7, 9))L\(p(4.5, 9))L\(p(4.5, 17))L\(p(15.5, 17))L\(p(15.5, 9))L\(p(13, 9))",
        color: color, into: &svg)
    case "download":
      stroke(
        "M\(p(10, 3))L\(p(10, 13))M\(p(6, 9))L\(p(10, 13))L\(p(14, 9))M\(p(4, 16))L\(p(16, 16))",
        color: color, into: &svg)
    case "favorite", "star":
      stroke(
        "M\(p(10, 3))L\(p(12.2, 7.6))L\(p(17, 8))L\(p(13.4, 11.2))L\(p(14.4, 16))L\(p(10, 13.5))"
          + "L\(p(5.6, 16))L\(p(6.6, 11.2))L\(p(3, 8))L\(p(7.8, 7.6))Z", color: color, into: &svg)
    case "attachment", "paperclip":
      stroke(
        "M\(p(13, 6))L\(p(13, 14))A\(n(3 * u)) \(n(3 * u)) 0 0 1 \(p(7, 14))L\(p(7, 5))"
          + "A\(n(2 * u)) \(n(2 * u)) 0 0 1 \(p(11, 5))L\(p(11, 13))", color: color, into: &svg)
    case "flag":
      stroke(
        "M\(p(5, 17))L\(p(5, 3))L\(p(15, 3))L\(p(12.5, 6.5))L\(p(15, 10))L\(p(5, 10))",
        color: color, into: &svg)
    case "edit":
      stroke(
        "M\(p(4, 16))L\(p(5, 12))L\(p(13, 4))L\(p(16, 7))L\(p(8, 15))Z", color: color, into: &svg)
    default:
      svg.element(
        "circle",
        ["cx": c.x, "cy": c.y, "r": 6 * u, "fill": "none", "stroke": color, "stroke-width": 1.5])
      svg.element("circle", ["cx": c.x, "cy": c.y, "r": 1.5 * u, "fill": color])
    }
  }

  /// The photo placeholder: a framed landscape with a sun.
  static func photo(center c: Point, size: Double, into svg: inout SVGWriter) {
    let h = size / 2
    let color = FioriPalette.secondaryText
    svg.element(
      "rect",
      [
        "x": c.x - h, "y": c.y - h * 0.75, "width": size, "height": size * 0.75, "rx": size / 12,
        "fill": "none", "stroke": color, "stroke-width": 1.5,
      ])
    stroke(
      "M\(n(c.x - h)) \(n(c.y + h * 0.6))L\(n(c.x - h * 0.3)) \(n(c.y))L\(n(c.x + h * 0.2)) \(n(c.y + h * 0.4))"
        + "L\(n(c.x + h * 0.5)) \(n(c.y + h * 0.15))L\(n(c.x + h)) \(n(c.y + h * 0.6))",
      color: color,
      into: &svg)
    svg.element(
      "circle", ["cx": c.x + h * 0.45, "cy": c.y - h * 0.35, "r": size / 12, "fill": color])
  }

  /// A document page with a coloured band naming its type (seed 000 "Doctype Icons").
  static func document(_ kind: String, center c: Point, size: Double, into svg: inout SVGWriter) {
    let w = size * 0.8
    let h = size
    let x = c.x - w / 2
    let y = c.y - h / 2
    let fold = w * 0.3
    svg.element(
      "path",
      [
        "class": "doctype",
        "d":
          "M\(n(x)) \(n(y))L\(n(x + w - fold)) \(n(y))L\(n(x + w)) \(n(y + fold))L\(n(x + w)) \(n(y + h))L\(n(x)) \(n(y + h))Z",
        "fill": "#FFFFFF", "stroke": FioriPalette.secondaryText, "stroke-width": 1.0,
      ])
    let colors = ["pdf": "#D32030", "excel": "#36A41D", "word": "#0057D2", "image": "#E9730C"]
    let band = colors[kind.lowercased()] ?? FioriPalette.secondaryText
    let labels = ["pdf": "PDF", "excel": "XLS", "word": "DOC", "image": "IMG"]
    let label = labels[kind.lowercased()] ?? String(kind.uppercased().prefix(3))
    let bandHeight = h * 0.3
    svg.element(
      "rect",
      [
        "x": x - w * 0.15, "y": y + h * 0.5, "width": w * 1.05, "height": bandHeight, "rx": 2.0,
        "fill": band,
      ])
    let font = FontStyle(
      pointSize: min(10, bandHeight * 0.75), weight: .semibold, lineHeight: bandHeight)
    let width = min(TextMeasurement.width(of: label, in: font), w)
    svg.element(
      "text",
      [
        "x": x - w * 0.15 + w * 0.525, "y": y + h * 0.5 + bandHeight / 2 + font.pointSize * 0.35,
        "font-size": font.pointSize, "font-weight": 600, "fill": "#FFFFFF", "text-anchor": "middle",
        "textLength": width, "lengthAdjust": "spacingAndGlyphs",
      ], content: label)
  }

  /// One icon of an object cell's left icon stack.
  static func stackIcon(_ name: String, frame: Rect, into svg: inout SVGWriter) {
    let c = Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
    switch name {
    case "unread":
      svg.element(
        "circle",
        [
          "class": "stack-icon", "cx": c.x, "cy": c.y, "r": frame.width / 4,
          "fill": FioriPalette.link,
        ])
    default:
      svg.group("g", ["class": "stack-icon"]) { svg in
        icon(
          name, center: c, size: frame.width,
          color: FioriPalette.secondaryText, into: &svg)
      }
    }
  }

  /// An object cell's accessory view (seed 002 "Accessory View").
  static func accessory(_ kind: Accessory, frame: Rect, into svg: inout SVGWriter) {
    let c = Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
    let color = FioriPalette.secondaryText
    svg.group("g", ["class": "accessory", "data-kind": kind.rawValue]) { svg in
      switch kind {
      case .chevron:
        stroke(
          "M\(n(c.x - 3)) \(n(c.y - 7))L\(n(c.x + 4)) \(n(c.y))L\(n(c.x - 3)) \(n(c.y + 7))",
          color: "#8696A9", width: 2, into: &svg)
      case .info:
        svg.element(
          "circle",
          [
            "cx": c.x, "cy": c.y, "r": 9.0, "fill": "none", "stroke": FioriPalette.link,
            "stroke-width": 1.5,
          ])
        stroke(
          "M\(n(c.x)) \(n(c.y - 1))L\(n(c.x)) \(n(c.y + 5))", color: FioriPalette.link, into: &svg)
        svg.element("circle", ["cx": c.x, "cy": c.y - 4.5, "r": 1.2, "fill": FioriPalette.link])
      case .download:
        icon("download", center: c, size: 20, color: FioriPalette.link, into: &svg)
      case .overflow:
        for dx in [-6.0, 0, 6] {
          svg.element("circle", ["cx": c.x + dx, "cy": c.y, "r": 1.8, "fill": color])
        }
      }
    }
  }
}
