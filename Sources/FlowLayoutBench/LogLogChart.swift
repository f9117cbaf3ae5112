import FlowLayoutDocument

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A log–log line chart (x: item count n, y: time or ratio), drawn with the package's one `SVGWriter`
/// (`FlowLayoutDocument/Rendering/`).
public struct LogLogChart {
  /// One line of the chart.
  public struct Series {
    public var label: String
    public var color: String
    public var dash: String?
    /// (x, y) points, both > 0; others are left out.
    public var points: [(Double, Double)]

    public init(label: String, color: String, dash: String? = nil, points: [(Double, Double)]) {
      self.label = label
      self.color = color
      self.dash = dash
      self.points = points
    }
  }

  public var title: String
  public var xLabel: String
  public var yLabel: String
  public var series: [Series]
  /// A horizontal reference line (e.g. ratio 1), if any.
  public var referenceY: Double?
  /// How y values are printed on the axis (seconds as durations, or plain numbers).
  public var yAxisIsNanoseconds: Bool
  /// The label of the x axis' tick at 10^e (default: `1`, `10`, …, `1k`, …).
  public var xTickLabel: (Int) -> String

  public init(
    title: String, xLabel: String, yLabel: String, series: [Series],
    referenceY: Double? = nil, yAxisIsNanoseconds: Bool,
    xTickLabel: @escaping (Int) -> String = LogLogChart.power
  ) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.series = series
    self.referenceY = referenceY
    self.yAxisIsNanoseconds = yAxisIsNanoseconds
    self.xTickLabel = xTickLabel
  }

  /// The chart as an SVG document (deterministic).
  public func svg() -> String {
    let width = 760.0
    let height = 480.0
    let left = 90.0
    let right = 200.0
    let top = 40.0
    let bottom = 60.0
    let plotW = width - left - right
    let plotH = height - top - bottom
    var chart = ChartDrawing()
    chart.text(
      width / 2 - right / 2 + left / 2, 24, title, size: 15, anchor: "middle", weight: "bold")

    let all =
      series.flatMap(\.points).filter { $0.0 > 0 && $0.1 > 0 }
      + (referenceY.map { [(1.0, $0)] } ?? [])
    guard !all.isEmpty else {
      chart.text(width / 2, height / 2, "no data", anchor: "middle")
      return chart.document(width: width, height: height)
    }
    let ys = all.map { log10($0.1) }
    let xLo = floor(series.flatMap(\.points).map { log10($0.0) }.min() ?? 0)
    var xHi = ceil(series.flatMap(\.points).map { log10($0.0) }.max() ?? 1)
    if xHi <= xLo { xHi = xLo + 1 }
    let yLo = floor(ys.min()!)
    let yHi = max(ceil(ys.max()!), floor(ys.min()!) + 1)
    func px(_ x: Double) -> Double { left + (log10(x) - xLo) / (xHi - xLo) * plotW }
    func py(_ y: Double) -> Double { top + plotH - (log10(y) - yLo) / (yHi - yLo) * plotH }

    // Grid and axes.
    chart.rect(left, top, plotW, plotH, fill: "none", stroke: "#888")
    for e in Int(xLo)...Int(xHi) {
      let x = px(pow(10, Double(e)))
      chart.line(x, top, x, top + plotH, stroke: "#ddd")
      chart.text(x, top + plotH + 18, xTickLabel(e), size: 11, anchor: "middle")
    }
    for e in Int(yLo)...Int(yHi) {
      let y = py(pow(10, Double(e)))
      chart.line(left, y, left + plotW, y, stroke: "#ddd")
      let label = yAxisIsNanoseconds ? format(nanoseconds: pow(10, Double(e))) : Self.power(e)
      chart.text(left - 8, y + 4, label, size: 11, anchor: "end")
    }
    if let r = referenceY {
      chart.line(left, py(r), left + plotW, py(r), stroke: "#444", width: 1, dash: "2,3")
    }
    chart.text(left + plotW / 2, height - 16, xLabel, size: 12, anchor: "middle")
    chart.text(22, top + plotH / 2, yLabel, size: 12, anchor: "middle", rotate: true)

    // Lines and legend.
    for (i, s) in series.enumerated() {
      let points = s.points.filter { $0.0 > 0 && $0.1 > 0 }.map { (px($0.0), py($0.1)) }
      if points.count > 1 { chart.polyline(points, stroke: s.color, dash: s.dash) }
      for p in points { chart.circle(p.0, p.1, r: 3, fill: s.color) }
      let ly = top + 10 + Double(i) * 18
      chart.line(
        left + plotW + 14, ly, left + plotW + 40, ly, stroke: s.color, width: 2, dash: s.dash)
      chart.text(left + plotW + 46, ly + 4, s.label, size: 11)
    }
    return chart.document(width: width, height: height)
  }

  /// `10^e` spelled short: `1`, `10`, `100`, `1k`, …, `10M`, `0.1`, …
  public static func power(_ e: Int) -> String {
    switch e {
    case 0: return "1"
    case 1: return "10"
    case 2: return "100"
    case 3: return "1k"
    case 4: return "10k"
    case 5: return "100k"
    case 6: return "1M"
    case 7: return "10M"
    case -1: return "0.1"
    case -2: return "0.01"
    case -3: return "0.001"
    default: return "1e\(e)"
    }
  }
}

/// The chart's shapes (lines, polylines, dots, rects, text) as elements of the shared
/// `SVGWriter`, inside a white `<svg>` of the given size.
private struct ChartDrawing {
  private var shapes = SVGWriter()

  mutating func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
    stroke: String, width: Double = 1, dash: String? = nil
  ) {
    if let dash {
      shapes.element(
        "line",
        [
          "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke, "stroke-width": width,
          "stroke-dasharray": dash,
        ])
    } else {
      shapes.element(
        "line", ["x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": stroke, "stroke-width": width])
    }
  }

  mutating func polyline(
    _ points: [(Double, Double)], stroke: String, width: Double = 2, dash: String? = nil
  ) {
    let list = points.map { "\(SVGWriter.number($0.0)),\(SVGWriter.number($0.1))" }
      .joined(separator: " ")
    if let dash {
      shapes.element(
        "polyline",
        [
          "points": list, "fill": "none", "stroke": stroke, "stroke-width": width,
          "stroke-dasharray": dash,
        ])
    } else {
      shapes.element(
        "polyline",
        ["points": list, "fill": "none", "stroke": stroke, "stroke-width": width])
    }
  }

  mutating func circle(_ x: Double, _ y: Double, r: Double, fill: String) {
    shapes.element("circle", ["cx": x, "cy": y, "r": r, "fill": fill])
  }

  mutating func rect(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, stroke: String = "none"
  ) {
    shapes.element(
      "rect", ["x": x, "y": y, "width": w, "height": h, "fill": fill, "stroke": stroke])
  }

  /// Text; `anchor` is `start`, `middle` or `end`.
  mutating func text(
    _ x: Double, _ y: Double, _ content: String, size: Double = 12,
    anchor: String = "start", weight: String = "normal", rotate: Bool = false
  ) {
    if rotate {
      shapes.element(
        "text",
        [
          "x": x, "y": y, "font-family": "sans-serif", "font-size": size, "text-anchor": anchor,
          "font-weight": weight,
          "transform": "rotate(-90 \(SVGWriter.number(x)) \(SVGWriter.number(y)))",
        ], content: content)
    } else {
      shapes.element(
        "text",
        [
          "x": x, "y": y, "font-family": "sans-serif", "font-size": size, "text-anchor": anchor,
          "font-weight": weight,
        ], content: content)
    }
  }

  /// The whole document: the shapes on a white background.
  func document(width: Double, height: Double) -> String {
    SVGWriter.document(width: width, height: height) { svg in
      svg.element("rect", ["width": "100%", "height": "100%", "fill": "white"])
      svg.append(shapes)
    }
  }
}
