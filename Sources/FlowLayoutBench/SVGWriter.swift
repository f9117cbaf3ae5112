/// A tiny deterministic SVG writer: the same calls give the same bytes on every machine
/// (numbers are printed with fixed decimals, no locale, no dates).
public struct SVGWriter {
  public let width: Double
  public let height: Double
  private var elements: [String] = []

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  static func n(_ v: Double) -> String { fixed(v, 2) }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }

  public mutating func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
    stroke: String, width: Double = 1, dash: String? = nil
  ) {
    let d = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
    elements.append(
      "<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(d)/>"
    )
  }

  public mutating func polyline(
    _ points: [(Double, Double)], stroke: String, width: Double = 2,
    dash: String? = nil
  ) {
    let d = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
    let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
    elements.append(
      "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(d)/>"
    )
  }

  public mutating func circle(_ x: Double, _ y: Double, r: Double, fill: String) {
    elements.append(
      "<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(r))\" fill=\"\(fill)\"/>")
  }

  public mutating func rect(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String,
    stroke: String = "none"
  ) {
    elements.append(
      "<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(w))\" height=\"\(Self.n(h))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>"
    )
  }

  /// Text; `anchor` is `start`, `middle` or `end`.
  public mutating func text(
    _ x: Double, _ y: Double, _ content: String, size: Double = 12,
    anchor: String = "start", weight: String = "normal", rotate: Bool = false
  ) {
    let transform = rotate ? " transform=\"rotate(-90 \(Self.n(x)) \(Self.n(y)))\"" : ""
    elements.append(
      "<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-family=\"sans-serif\" font-size=\"\(Self.n(size))\" text-anchor=\"\(anchor)\" font-weight=\"\(weight)\"\(transform)>\(Self.escape(content))</text>"
    )
  }

  /// The document.
  public var document: String {
    ([
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
    ] + elements + ["</svg>"])
    .joined(separator: "\n") + "\n"
  }
}
