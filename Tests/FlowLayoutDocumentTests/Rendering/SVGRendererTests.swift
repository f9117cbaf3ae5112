import FioriCells
import FlowLayoutModel
import FlowLayoutTestSupport
import Foundation
import Testing

@testable import FlowLayoutDocument

@Suite struct SVGRendererTests {
  // A hand-built layout: a header with "See All", 2 collection items, a plain item, an object
  // cell, an invalid cell, and a footer.
  static let sections = [
    SectionData(
      header: 40, footer: 20, items: Array(repeating: Size(110, 170), count: 12), showsSeeAll: true)
  ]
  static let cells: [[CellDescription?]] = [
    [
      CellDescription(
        type: .collectionItem, title: "Drill <&> \"Pro\"", subtitle: "Tools", attribute: "₹500",
        attributeStatus: .positive),
      CellDescription(
        type: .collectionItem, image: CellImage(shape: .circular, initials: "FS"),
        title: "Franck Syren", iconActions: [IconAction(icon: "share")]),
      nil,
      CellDescription(
        type: .object, title: "Pump", subtitle: "Acme", detailImage: DetailImage(),
        accessory: .chevron),
      CellDescription(type: .object),  // no title: invalid
    ]
  ]
  static let elements: [LayoutElement] = [
    .header(0, Rect(x: 0, y: 0, width: 400, height: 40)),
    .item(ItemPath(0, 0), Rect(x: 8, y: 40, width: 110, height: 170)),
    .item(ItemPath(0, 1), Rect(x: 128, y: 40, width: 110, height: 152)),
    .item(ItemPath(0, 2), Rect(x: 248, y: 40, width: 50, height: 50)),
    .item(ItemPath(0, 3), Rect(x: 0, y: 220, width: 400, height: 60)),
    .item(ItemPath(0, 4), Rect(x: 0, y: 290, width: 400, height: 44)),
    .item(ItemPath(0, 5), Rect(x: 0, y: 340, width: 30, height: 30)),  // beyond the cells given
    .footer(0, Rect(x: 0, y: 380, width: 400, height: 20)),
  ]

  func render() -> String {
    SVGRenderer().render(
      elements: Self.elements, contentSize: Size(400, 400), sections: Self.sections,
      cells: Self.cells,
      viewport: Rect(x: 0, y: 0, width: 400, height: 300))
  }

  @Test func wellFormedWithOneCellElementPerItem() throws {
    let svg = SVGInspector(render())
    #expect(svg.error == nil)
    #expect(svg.cellPaths == ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5"])
    #expect(
      svg.cellTypes == ["collectionItem", "collectionItem", "size", "object", "invalid", "size"])
    #expect(svg.classes.filter { $0 == "header" }.count == 1)
    #expect(svg.classes.filter { $0 == "footer" }.count == 1)
    #expect(svg.classes.filter { $0 == "viewport" }.count == 1)
    #expect(svg.classes.filter { $0 == "action" }.count == 1)
    #expect(svg.classes.filter { $0 == "image" }.count == 3)  // two items, one detail image
    #expect(svg.classes.filter { $0 == "accessory" }.count == 1)
  }

  @Test func drawsTextLinesSeeAllAndIndices() {
    let svg = SVGInspector(render())
    #expect(svg.texts.contains("See All (12)"))
    #expect(svg.texts.contains("Section 0"))
    #expect(svg.texts.contains("Footer of section 0"))
    #expect(svg.texts.contains("Drill <&> \"Pro\""))  // escaped in the file, intact when parsed
    #expect(svg.texts.contains("FS"))
    #expect(svg.texts.contains("₹500"))
    #expect(svg.texts.contains("2"))  // the plain item's index
    #expect(svg.texts.contains("!4"))  // the invalid cell
  }

  @Test func seeAllOnlyWhenTheSectionAsksForIt() {
    var sections = Self.sections
    sections[0].showsSeeAll = false
    let svg = SVGInspector(
      SVGRenderer().render(elements: Self.elements, contentSize: Size(400, 400), sections: sections)
    )
    #expect(!svg.texts.contains { $0.hasPrefix("See All") })
    #expect(svg.cellTypes.allSatisfy { $0 == "size" })
    #expect(!svg.classes.contains("viewport"))
  }

  @Test func deterministic() {
    #expect(render() == render())
  }

  @Test func canvasCoversOverflowAndViewport() {
    let svg = SVGRenderer(margin: 10).render(
      elements: [.item(ItemPath(0, 0), Rect(x: -20, y: 0, width: 500, height: 10))],
      contentSize: Size(100, 50), sections: [], viewport: Rect(x: 0, y: 30, width: 100, height: 100)
    )
    // x from −20 to 480, y from 0 to 130, plus 10 on every side.
    #expect(svg.contains(#"width="520" height="150" viewBox="0 0 520 150""#))
    #expect(svg.contains(#"transform="translate(30,10)""#))
    #expect(SVGInspector(svg).error == nil)
  }

  @Test func verticalHeaderBarsAreRotated() {
    // A horizontally scrolling layout puts a 40 pt wide, 300 pt tall header at the left.
    let svg = SVGRenderer().render(
      elements: [.header(0, Rect(x: 0, y: 0, width: 40, height: 300))], contentSize: Size(500, 300),
      sections: [SectionData(header: 40, items: [], showsSeeAll: true)])
    #expect(svg.contains(#"transform="translate(0,300) rotate(-90)""#))
    let parsed = SVGInspector(svg)
    #expect(parsed.error == nil)
    #expect(parsed.texts.contains("See All (0)"))
  }

  @Test func emptyLayout() {
    let svg = SVGInspector(SVGRenderer().render(elements: [], contentSize: .zero, sections: []))
    #expect(svg.error == nil)
    #expect(svg.cellPaths.isEmpty)
  }

  @Test(arguments: [
    (0.0, "0"), (12, "12"), (12.5, "12.5"), (-0.25, "-0.25"), (1.005, "1"), (3.14159, "3.14"),
    (0.05, "0.05"), (-7, "-7"), (.nan, "0"), (.infinity, "0"), (10_000_000, "10000000"),
    (1e15, "1000000000000000"), (1e20, "1000000000000000"), (-1e300, "-1000000000000000"),
    (-.infinity, "0"), (-123_456.5, "-123456.5"),
  ])
  func numbers(_ value: Double, _ text: String) {
    #expect(SVGWriter.number(value) == text)
  }

  /// Characters XML 1.0 forbids (issue 11): C0 controls but tab, line feed and carriage return,
  /// U+FFFE and U+FFFF. In cell text, header titles and attribute values they become U+FFFD,
  /// and the document still parses.
  @Test func charactersXMLForbidsAreReplaced() {
    let hostile = "a\u{1}b\u{FFFE}c\u{FFFF}d\u{0}e\u{1F}f\u{7}\tg"
    #expect(SVGWriter.escaped(hostile) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}\tg")
    #expect(SVGWriter.escaped("\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}") == "\u{D7FF}\u{E000}\u{FFFD}\u{10000}\u{10FFFF}")
    var cells = Self.cells
    cells[0][0] = CellDescription(
      type: .collectionItem, title: "Drill\u{1}", subtitle: "\u{FFFE}", attribute: "\u{8}")
    let svg = SVGRenderer().render(
      elements: Self.elements, contentSize: Size(400, 400), sections: Self.sections, cells: cells,
      viewport: Rect(x: 0, y: 0, width: 400, height: 300), headerTitles: ["Title\u{2}\u{FFFF}"])
    let parsed = SVGInspector(svg)
    #expect(parsed.error == nil, "\(String(describing: parsed.error))")
    #expect(parsed.texts.contains("Title\u{FFFD}\u{FFFD}"), "\(parsed.texts)")
    #expect(parsed.texts.contains { $0.hasPrefix("Drill\u{FFFD}") }, "\(parsed.texts)")
    #expect(!svg.unicodeScalars.contains { !SVGWriter.isXMLCharacter($0) })
  }

  /// Coordinates far beyond any layout (a hostile viewport) print as bounded plain numbers.
  @Test func hugeCoordinatesAreBounded() {
    let svg = SVGRenderer().render(
      elements: [.item(ItemPath(0, 0), Rect(x: 0, y: 1e300, width: 10, height: 10))],
      contentSize: Size(1e308, 1e308), sections: [SectionData(items: [Size(10, 10)])],
      viewport: Rect(x: 0, y: 0, width: 1e308, height: .infinity))
    #expect(SVGInspector(svg).error == nil)
    #expect(!svg.contains("e+") && !svg.contains("inf") && !svg.contains("nan"))
  }
}
