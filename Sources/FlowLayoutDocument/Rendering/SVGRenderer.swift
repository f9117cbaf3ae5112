import FioriCells
import FlowLayoutModel

/// Draws a laid-out collection view as SVG: Fiori cells with the seed's colours, borders and
/// radii (image placeholders, initials, doctype icons, text lines, actions), plain size items as
/// numbered rounded rectangles, headers with "See All (N)", footers, and the viewport outline.
///
/// Guarantees: deterministic (the same arguments give the same bytes); well-formed XML; exactly
/// one element with `class="cell …"` per item element given (Fiori cells are nested `<svg>`
/// elements, which clip their content to the item's frame). A cell description that breaks a
/// design rule is drawn as a plain item marked `invalid`, with the error in a `<title>`.
///
/// Text is drawn with `textLength` set to the width `TextMeasurement` gives it, so pictures show
/// the measured line breaks whatever font the viewer substitutes for the system font.
public struct SVGRenderer: Sendable {
  /// Space around the drawing, in points.
  public var margin: Double
  /// `.rightToLeft` draws the content of headers, footers and cells mirrored (titles and
  /// leading parts on the right); the frames given are drawn where they are.
  public var layoutDirection: LayoutDirection

  public init(margin: Double = 16, layoutDirection: LayoutDirection = .leftToRight) {
    self.margin = margin
    self.layoutDirection = layoutDirection
  }

  var rightToLeft: Bool { layoutDirection == .rightToLeft }

  /// SF Pro where the viewer has it; DejaVu Sans Condensed (close to the measurement model's
  /// widths) on Linux, where rsvg-convert ignores `textLength`.
  static let fontFamily = "-apple-system, 'SF Pro Text', 'DejaVu Sans Condensed', sans-serif"
  static let canvasColor = "#EDEFF2"
  static let plainFill = "#DCE8F7"
  static let plainStroke = "#7FA7D9"
  static let viewportColor = "#D32030"

  /// The SVG document.
  ///
  /// - Parameters:
  ///   - elements: what to draw, e.g. an engine's `allElements` (document order is kept).
  ///   - contentSize: the layout's content size, outlined.
  ///   - sections: the input's sections, for "See All (N)" (N = the section's item count).
  ///   - cells: the document's cell descriptions per section and item (`nil` entries and missing
  ///     indices are plain size items).
  ///   - viewport: the visible rect, outlined in red; `nil` draws none.
  ///   - headerTitles: the group label of each section's header (default "Section s").
  ///   - crop: when given, the canvas shows exactly this rect of the content (plus `margin`),
  ///     whatever the elements; give only the elements that meet it (a rect query), so that the
  ///     SVG's size depends on the crop, not on the document.
  /// - Complexity: O(e + c) for e elements and c characters of cell text.
  public func render(
    elements: [LayoutElement], contentSize: Size, sections: [SectionData],
    cells: [[CellDescription?]]? = nil, viewport: Rect? = nil, headerTitles: [String]? = nil,
    crop: Rect? = nil
  ) -> String {
    render(
      elements: elements, contentSize: contentSize, sections: sections,
      columns: cells?.map(CellColumn.init), viewport: viewport, headerTitles: headerTitles,
      crop: crop)
  }

  /// `render(elements:contentSize:sections:cells:viewport:headerTitles:crop:)` with a
  /// document's cell columns (only the cells of the elements drawn are decoded).
  public func render(
    elements: [LayoutElement], contentSize: Size, sections: [SectionData],
    columns cells: [CellColumn]?, viewport: Rect? = nil, headerTitles: [String]? = nil,
    crop: Rect? = nil
  ) -> String {
    // 1. The canvas: the crop, or the content, every element (overflowing ones too) and the
    // viewport.
    var minX = crop?.minX ?? 0
    var minY = crop?.minY ?? 0
    var maxX = crop?.maxX ?? contentSize.width
    var maxY = crop?.maxY ?? contentSize.height
    for frame in elements.map(\.frame) + (viewport.map { [$0] } ?? []) where crop == nil {
      minX = min(minX, frame.minX)
      minY = min(minY, frame.minY)
      maxX = max(maxX, frame.maxX)
      maxY = max(maxY, frame.maxY)
    }
    let width = maxX - minX + 2 * margin
    let height = maxY - minY + 2 * margin

    return SVGWriter.document(width: width, height: height, fontFamily: Self.fontFamily) { svg in
      svg.element(
        "rect", ["class": "canvas", "width": width, "height": height, "fill": Self.canvasColor])
      svg.group(
        "g",
        [
          "transform":
            "translate(\(SVGWriter.number(margin - minX)),\(SVGWriter.number(margin - minY)))"
        ]
      ) { svg in
        // 2. The content area.
        svg.element(
          "rect",
          [
            "class": "content", "width": contentSize.width, "height": contentSize.height,
            "fill": "none", "stroke": "#B0B8C2", "stroke-width": 1.0, "stroke-dasharray": "2 3",
          ])
        // 3. Elements in document order.
        for element in elements {
          switch element.kind {
          case .header:
            let s = element.path.section
            let title =
              headerTitles.flatMap { $0.indices.contains(s) ? $0[s] : nil } ?? "Section \(s)"
            drawHeader(element, title: title, sections: sections, into: &svg)
          case .footer: drawFooter(element, into: &svg)
          case .item:
            let path = element.path
            let cell =
              cells.flatMap { $0.indices.contains(path.section) ? $0[path.section] : nil }
              .flatMap { $0.indices.contains(path.item) ? $0[path.item] : nil }
            drawItem(element, cell: cell, into: &svg)
          }
        }
        // 4. The viewport.
        if let viewport {
          svg.element(
            "rect",
            [
              "class": "viewport", "x": viewport.minX, "y": viewport.minY,
              "width": viewport.width, "height": viewport.height, "fill": "none",
              "stroke": Self.viewportColor, "stroke-width": 2.0, "stroke-dasharray": "8 4",
            ])
        }
      }
    }
  }

  func drawHeader(
    _ element: LayoutElement, title: String, sections: [SectionData], into svg: inout SVGWriter
  ) {
    let section = element.path.section
    svg.group("g", ["class": "header", "data-section": section]) { svg in
      Self.background(element.frame, fill: "#F7F8FA", into: &svg)
      Self.upright(element.frame, into: &svg) { frame, svg in
        let font = FioriTypography.headerTitle
        guard frame.height >= 12 else { return }
        let baseline = frame.minY + frame.height / 2 + font.pointSize * 0.35
        // Right to left: the title at the right edge, "See All" and its chevron at the left.
        let rtl = rightToLeft
        var titleRoom = frame.width - 32
        if sections.indices.contains(section), sections[section].showsSeeAll {
          let seeAll = "See All (\(sections[section].count))"
          let seeAllWidth = TextMeasurement.width(of: seeAll, in: FioriTypography.seeAll)
          let chevronX = rtl ? frame.minX + 16 + 7 : frame.maxX - 16 - 7
          Self.drawText(
            seeAll, x: rtl ? chevronX + 6 : chevronX - 6, baseline: baseline,
            font: FioriTypography.seeAll, color: FioriPalette.link, trailing: !rtl,
            maxWidth: frame.width - 32 - 13, into: &svg)
          titleRoom -= seeAllWidth + 13 + 12
          let midY = frame.minY + frame.height / 2
          let turn = rtl ? -6 : 6
          svg.element(
            "path",
            [
              "d":
                "M\(SVGWriter.number(chevronX)) \(SVGWriter.number(midY - 6))l\(turn) 6l\(-turn) 6",
              "fill": "none", "stroke": FioriPalette.link, "stroke-width": 2.0,
              "stroke-linecap": "round", "stroke-linejoin": "round",
            ])
        }
        Self.drawText(
          title, x: rtl ? frame.maxX - 16 : frame.minX + 16, baseline: baseline, font: font,
          color: FioriPalette.primaryText, trailing: rtl, maxWidth: titleRoom, into: &svg)
      }
    }
  }

  func drawFooter(_ element: LayoutElement, into svg: inout SVGWriter) {
    svg.group("g", ["class": "footer", "data-section": element.path.section]) { svg in
      Self.background(element.frame, fill: "#E4E7EB", into: &svg)
      Self.upright(element.frame, into: &svg) { frame, svg in
        let font = FioriTypography.itemSubtitle
        guard frame.height >= 16 else { return }
        Self.drawText(
          "Footer of section \(element.path.section)",
          x: rightToLeft ? frame.maxX - 16 : frame.minX + 16,
          baseline: frame.minY + frame.height / 2 + font.pointSize * 0.35,
          font: font, color: FioriPalette.secondaryText, trailing: rightToLeft,
          maxWidth: frame.width - 32, into: &svg)
      }
    }
  }

  static func background(_ frame: Rect, fill: String, into svg: inout SVGWriter) {
    svg.element(
      "rect",
      [
        "x": frame.minX, "y": frame.minY, "width": frame.width, "height": frame.height,
        "fill": fill,
      ])
  }

  /// Calls `body` with a frame to draw a label bar in: `frame` itself when it is at least as wide
  /// as tall; otherwise (headers and footers of horizontally scrolling layouts sit at the left of
  /// their section) a frame of swapped size inside a group rotated a quarter turn, so the text
  /// reads bottom to top along the bar.
  static func upright(
    _ frame: Rect, into svg: inout SVGWriter, body: (Rect, inout SVGWriter) -> Void
  ) {
    guard frame.height > frame.width else {
      body(frame, &svg)
      return
    }
    svg.group(
      "g",
      [
        "transform":
          "translate(\(SVGWriter.number(frame.minX)),\(SVGWriter.number(frame.maxY))) rotate(-90)"
      ]
    ) { svg in
      body(Rect(x: 0, y: 0, width: frame.height, height: frame.width), &svg)
    }
  }

  func drawItem(_ element: LayoutElement, cell: CellDescription?, into svg: inout SVGWriter) {
    let path = element.path
    let field = "sections[\(path.section)].items[\(path.item)]"
    guard let cell else {
      drawPlainItem(element, type: "size", error: nil, into: &svg)
      return
    }
    do {
      let layout = try cell.layout(proposedWidth: element.frame.width, field: field)
      drawCell(element, type: cell.type, layout: layout, into: &svg)
    } catch {
      drawPlainItem(element, type: "invalid", error: error.description, into: &svg)
    }
  }

  /// A plain size item: a rounded rectangle with the item's index.
  func drawPlainItem(
    _ element: LayoutElement, type: String, error: String?, into svg: inout SVGWriter
  ) {
    let frame = element.frame
    let path = element.path
    svg.group(
      "g", ["class": "cell", "data-path": "\(path.section).\(path.item)", "data-type": type]
    ) { svg in
      if let error { svg.element("title", [:], content: error) }
      let radius = min(6, frame.width / 4, frame.height / 4)
      svg.element(
        "rect",
        [
          "x": frame.minX, "y": frame.minY, "width": frame.width, "height": frame.height,
          "rx": radius, "fill": error == nil ? Self.plainFill : "#FBE3E5",
          "stroke": error == nil ? Self.plainStroke : FioriPalette.negative, "stroke-width": 1.0,
        ])
      let size = min(13, frame.height * 0.6, frame.width * 0.5)
      guard size >= 4 else { return }
      svg.element(
        "text",
        [
          "x": frame.minX + frame.width / 2, "y": frame.minY + frame.height / 2 + size * 0.35,
          "font-size": size, "text-anchor": "middle", "fill": FioriPalette.primaryText,
        ], content: error == nil ? "\(path.item)" : "!\(path.item)")
    }
  }

  /// Draws `text` on one line with its measured width; when that is wider than `maxWidth`, the
  /// text is first cut from the end with "…" until it fits, by the text measurement model
  /// (`TextMeasurement.lines(…, maximumLines: 1)`), since rsvg-convert ignores `textLength`.
  static func drawText(
    _ text: String, x: Double, baseline: Double, font: FontStyle, color: String, trailing: Bool,
    maxWidth: Double = .infinity, into svg: inout SVGWriter
  ) {
    var text = text
    var width = TextMeasurement.width(of: text, in: font)
    if width > maxWidth + 1e-9 {
      guard
        let line = TextMeasurement.lines(
          of: text, in: font, width: max(0, maxWidth), maximumLines: 1
        ).lines.first
      else { return }
      text = line
      width = TextMeasurement.width(of: text, in: font)
      if width > maxWidth + 1e-9 { return }
    }
    guard width > 0 else { return }
    svg.element(
      "text",
      [
        "x": x, "y": baseline, "font-size": font.pointSize,
        "font-weight": font.weight == .semibold ? 600 : 400, "fill": color,
        "text-anchor": trailing ? "end" : "start", "textLength": width,
        "lengthAdjust": "spacingAndGlyphs",
      ], content: text)
  }
}
