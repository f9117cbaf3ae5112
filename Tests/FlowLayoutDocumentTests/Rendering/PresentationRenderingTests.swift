import FioriCells
import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Foundation
import Testing

@testable import FlowLayoutDocument

/// Rendering what the user sees: text cut with an ellipsis by the measurement model, right-to-left
/// content, pinned elements drawn last, `--viewport` cropping.
@Suite struct PresentationRenderingTests {
  static let sections = [
    SectionData(header: 40, footer: 30, items: [Size(100, 60)], showsSeeAll: true)
  ]

  /// Every `<text>` as (content, x, anchor, textLength).
  static func texts(_ svg: String) -> [(String, Double, String, Double)] {
    var result: [(String, Double, String, Double)] = []
    var rest = svg[...]
    while let open = rest.range(of: "<text ") {
      let tagEnd = rest[open.upperBound...].firstIndex(of: ">")!
      let attributes = String(rest[open.upperBound..<tagEnd])
      let close = rest[tagEnd...].range(of: "</text>")!
      let content = String(rest[rest.index(after: tagEnd)..<close.lowerBound])
      func attribute(_ name: String) -> String? {
        guard let r = attributes.range(of: " \(name)=\"") ?? attributes.range(of: "\(name)=\"")
        else { return nil }
        return String(attributes[r.upperBound...].prefix { $0 != "\"" })
      }
      result.append(
        (
          content, Double(attribute("x") ?? "") ?? .nan, attribute("text-anchor") ?? "",
          Double(attribute("textLength") ?? "") ?? .nan
        ))
      rest = rest[close.upperBound...]
    }
    return result
  }

  @Test func longHeaderTitleIsCutWithAnEllipsisToItsRoom() {
    let title = String(repeating: "Maintenance Orders ", count: 6)
    let svg = SVGRenderer().render(
      elements: [.header(0, Rect(x: 0, y: 0, width: 320, height: 40))],
      contentSize: Size(320, 40), sections: Self.sections, headerTitles: [title])
    #expect(SVGInspector(svg).error == nil)
    let texts = Self.texts(svg)
    let drawnTitle = texts.first { $0.0.hasPrefix("Maintenance") }
    #expect(drawnTitle?.0.hasSuffix("…") == true)
    // Room: 320 − 32 − ("See All (1)" + chevron 13 + gap 12).
    let seeAll = TextMeasurement.width(of: "See All (1)", in: FioriTypography.seeAll)
    let room = 320 - 32 - seeAll - 25
    #expect(drawnTitle.map { $0.3 <= room + 1e-9 } == true, "\(String(describing: drawnTitle))")
    #expect(
      drawnTitle.map { TextMeasurement.width(of: $0.0, in: FioriTypography.headerTitle) == $0.3 }
        == true)
  }

  @Test func rightToLeftPutsTheTitleAtTheRightAndMirrorsCells() throws {
    let frame = Rect(x: 0, y: 0, width: 320, height: 40)
    let ltr = Self.texts(
      SVGRenderer().render(
        elements: [.header(0, frame)], contentSize: Size(320, 40), sections: Self.sections))
    let rtl = Self.texts(
      SVGRenderer(layoutDirection: .rightToLeft).render(
        elements: [.header(0, frame)], contentSize: Size(320, 40), sections: Self.sections))
    let l = try #require(ltr.first { $0.0 == "Section 0" })
    let r = try #require(rtl.first { $0.0 == "Section 0" })
    #expect(l.1 == 16 && l.2 == "start")
    #expect(r.1 == 304 && r.2 == "end")
    // A cell's parts are mirrored in its width: a leading text part becomes trailing.
    let part = CellPart.text(
      frame: Rect(x: 10, y: 5, width: 50, height: 20),
      block: TextBlock(lines: ["A"], font: FioriTypography.headerTitle, isTruncated: false),
      color: "#000", trailing: false)
    guard case .text(let mirrored, _, _, let trailing) = SVGRenderer.mirrored(part, inWidth: 100)
    else {
      Issue.record("not a text part")
      return
    }
    #expect(mirrored == Rect(x: 40, y: 5, width: 50, height: 20) && trailing)
  }

  /// `flowlayout render --viewport` on 20 000 items: the SVG covers the viewport plus the crop
  /// margin, holds only the cells that meet it, and the pinned header is drawn after them.
  @Test func viewportCropsToWhatIsVisible() throws {
    let items = (0..<20_000).map { [60 + ($0 * 37) % 140, 50 + ($0 * 53) % 100] }
    let document = try LayoutDocument.decode(
      #"{"layout": "vertical", "width": 375, "sectionHeadersPinToVisibleBounds": true, "sections": [{"header": 44, "items": \#(items)}]}"#
    )
    let viewport = Rect(x: 0, y: 50_000, width: 375, height: 812)
    var presentation = document.presentation
    presentation.viewport = viewport
    let engine = try FastFlowLayout(document.input)
    let crop = Rect(x: -24, y: 49_976, width: 423, height: 860)
    let presented = engine.presentedElements(in: crop, presentation: presentation)
    let elements =
      presented.filter { !$0.isPinned }.map(\.element) + presented.filter(\.isPinned).map(\.element)
    let svg = SVGRenderer().render(
      elements: elements, contentSize: engine.contentSize, sections: document.input.sections,
      viewport: viewport, crop: crop)
    let inspector = SVGInspector(svg)
    #expect(inspector.error == nil)
    #expect(svg.contains(#"width="455" height="892""#), "crop 423 × 860 plus 2 × 16")
    #expect(inspector.cellPaths.count == presented.filter { $0.element.kind == .item }.count)
    #expect(inspector.cellPaths.count < 200)
    #expect(svg.utf8.count < 100_000)
    #expect(inspector.classes.last(where: { $0 == "header" || $0 == "cell" }) == "header")
    #expect(presented.contains { $0.isPinned && $0.element.frame.minY == 50_000 })
  }
}
