import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutWorkloads
import Foundation
import Testing

/// A stand-in engine with obvious frames, so that `LayoutOutput` is tested without either real
/// engine: each section stacks its header, its items (own sizes, at x = 0) and its footer.
/// Items wider than the bounds are hidden; items exactly as wide as the bounds "overflow".
struct StackedLayout: LayoutEngine {
  static var engineName: String { "stacked" }
  var input: LayoutInput
  var elements: [LayoutElement] = []
  var hiddenItems: [ItemPath] = []
  var overflowingItems: [ItemPath] = []
  var contentSize = Size.zero

  init(_ input: LayoutInput) throws(LayoutError) {
    try input.validate()
    self.input = input
    layOut()
  }

  private mutating func layOut() {
    elements = []
    hiddenItems = []
    overflowingItems = []
    let width = input.bounds.width
    var y = 0.0
    for (s, section) in input.sections.enumerated() {
      if section.header > 0 {
        elements.append(.header(s, Rect(x: 0, y: y, width: width, height: section.header)))
        y += section.header
      }
      for i in 0..<section.count {
        let size = section.itemSize(at: i)
        if size.width > width {
          hiddenItems.append(ItemPath(s, i))
          continue
        }
        if size.width == width { overflowingItems.append(ItemPath(s, i)) }
        elements.append(.item(ItemPath(s, i), Rect(origin: Point(x: 0, y: y), size: size)))
        y += size.height
      }
      if section.footer > 0 {
        elements.append(.footer(s, Rect(x: 0, y: y, width: width, height: section.footer)))
        y += section.footer
      }
    }
    contentSize = Size(width, y)
  }

  func elements(in rect: Rect, into result: inout [LayoutElement]) {
    result += elements.filter { $0.frame.intersects(rect) }
  }

  func frame(ofItemAt path: ItemPath) throws(LayoutError) -> Rect {
    guard let element = elements.first(where: { $0.kind == .item && $0.path == path }) else {
      throw .itemOutOfRange(field: "path", path: path)
    }
    return element.frame
  }

  func supplementaryFrame(_ kind: ElementKind, inSection section: Int) throws(LayoutError) -> Rect?
  {
    elements.first { $0.kind == kind && $0.path.section == section }?.frame
  }

  mutating func apply(_ update: BatchUpdate) throws(LayoutError) {
    input = try input.applying(update)
    layOut()
  }
}

@Suite struct LayoutDocumentOutputTests {
  static let text = #"""
    {"layout": "vertical", "width": 100, "sections": [
      {"header": 10, "footer": 5, "seeAll": true, "items": [[50, 20.5], [200, 1], [100, 3]]},
      {"header": 7, "items": [[1, 1]]},
      {"items": []}]}
    """#

  static func output(rect: Rect? = nil) throws -> LayoutOutput {
    let document = try LayoutDocument.decode(text)
    return LayoutOutput(engine: try StackedLayout(document.input), rect: rect)
  }

  @Test func collectsEveryElementInDocumentOrder() throws {
    let output = try Self.output()
    #expect(output.contentSize == Size(100, 46.5))
    #expect(
      output.items == [
        .init(section: 0, item: 0, frame: Rect(x: 0, y: 10, width: 50, height: 20.5)),
        .init(section: 0, item: 2, frame: Rect(x: 0, y: 30.5, width: 100, height: 3)),
        .init(section: 1, item: 0, frame: Rect(x: 0, y: 45.5, width: 1, height: 1)),
      ])
    #expect(output.hiddenItems == [ItemPath(0, 1)])
    #expect(output.overflowingItems == [ItemPath(0, 2)])
    #expect(
      output.supplementary == [
        .init(
          kind: .header, section: 0, frame: Rect(x: 0, y: 0, width: 100, height: 10),
          seeAll: "See All (3)"),
        .init(kind: .footer, section: 0, frame: Rect(x: 0, y: 33.5, width: 100, height: 5)),
        .init(kind: .header, section: 1, frame: Rect(x: 0, y: 38.5, width: 100, height: 7)),
      ])
  }

  @Test func rectKeepsOnlyIntersectingElementsButEveryHiddenItem() throws {
    // Closed intersection: the rect's top edge touches item [0, 2]'s bottom (33.5).
    let output = try Self.output(rect: Rect(x: 0, y: 33.5, width: 10, height: 5))
    #expect(output.items.map(\.item) == [2])
    #expect(output.supplementary.map(\.kind) == [.footer, .header])
    #expect(output.hiddenItems == [ItemPath(0, 1)])
    #expect(output.contentSize == Size(100, 46.5))
  }

  @Test func jsonIsCompactDeterministicAndInTheDocumentedShape() throws {
    let json = try Self.output().json()
    #expect(
      json == #"{"contentSize":[100,46.5],"items":[{"section":0,"item":0,"frame":[0,10,50,20.5]},"#
        + #"{"section":0,"item":2,"frame":[0,30.5,100,3]},{"section":1,"item":0,"frame":[0,45.5,1,1]}],"#
        + #""hiddenItems":[[0,1]],"overflowingItems":[[0,2]],"supplementary":["#
        + #"{"kind":"header","section":0,"frame":[0,0,100,10],"seeAll":"See All (3)"},"#
        + #"{"kind":"footer","section":0,"frame":[0,33.5,100,5]},"#
        + #"{"kind":"header","section":1,"frame":[0,38.5,100,7]}]}"#)
    #expect(try Self.output().json() == json)
  }

  @Test func prettyJSONPutsEachElementOnItsOwnLine() throws {
    let output = LayoutOutput(
      contentSize: Size(10, 2),
      items: [.init(section: 0, item: 0, frame: Rect(x: 1, y: 2, width: 3, height: 4))])
    #expect(
      output.json(pretty: true) == """
        {
          "contentSize": [10, 2],
          "items": [
            {"section": 0, "item": 0, "frame": [1, 2, 3, 4]}
          ],
          "hiddenItems": [],
          "overflowingItems": [],
          "supplementary": []
        }
        """)
  }

  @Test func outputDecodesFromItsOwnJSON() throws {
    let output = try Self.output()
    #expect(try LayoutOutput.decode(output.json()) == output)
    #expect(try LayoutOutput.decode(output.json(pretty: true)) == output)
    #expect(try JSONDecoder().decode(LayoutOutput.self, from: Data(output.json().utf8)) == output)
    let encoded = try JSONEncoder().encode(output)
    #expect(try LayoutOutput.decode(Array(encoded)) == output)
  }

  @Test func malformedOutputIsATypedError() {
    #expect(throws: LayoutError.self) { try LayoutOutput.decode(#"{"contentSize": [1]}"#) }
    #expect {
      try LayoutOutput.decode(
        #"{"contentSize":[1,2],"items":[{"section":0,"item":0,"frame":[1,2,3]}],"#
          + #""hiddenItems":[],"overflowingItems":[],"supplementary":[]}"#)
    } throws: { error in
      (error as? LayoutError)?.field.hasPrefix("items[0]") == true
    }
  }

  @Test(
    arguments: [
      (16.0, "16"), (-0.0, "0"), (0, "0"), (-3, "-3"), (1234.5, "1234.5"), (0.1, "0.1"),
      (1.0 / 3, "0.3333333333333333"), (100.0 / 3, "33.333333333333336"), (1e7, "10000000"),
      (9_007_199_254_740_992, "9007199254740992"), (1e-7, "1e-07"), (2.5e-5, "2.5e-05"),
      (123456789.125, "123456789.125"),
    ] as [(Double, String)])
  func numbersAreIntegralOrShortestRoundTrip(value: Double, text: String) throws {
    let output = LayoutOutput(contentSize: Size(value, 1), items: [])
    let json = output.json()
    #expect(json.hasPrefix(#"{"contentSize":[\#(text),1]"#))
    let back = try LayoutOutput.decode(json)
    #expect(back.contentSize.width == value)
  }

  @Test func seeAllLabelsAreEscapedAndRoundTrip() throws {
    let output = LayoutOutput(
      contentSize: .zero, items: [],
      supplementary: [.init(kind: .header, section: 0, frame: .zero, seeAll: "a\"b\\c\nd\u{1}")])
    #expect(output.json().contains(#""seeAll":"a\"b\\c\nd\u0001""#))
    #expect(try LayoutOutput.decode(output.json()) == output)
  }

  @Test func randomFramesRoundTripExactly() throws {
    var rng = SplitMix64(seed: 42)
    var items: [LayoutOutput.Item] = []
    for i in 0..<2_000 {
      func value() -> Double {
        switch rng.next() % 4 {
        case 0: return Double(rng.next() % 1000)
        case 1: return Double(rng.next() % 100_000) / 8
        default: return Double(bitPattern: rng.next() >> 12 | 0x4000_0000_0000_0000) - 2
        }
      }
      items.append(
        .init(
          section: i / 100, item: i % 100,
          frame: Rect(x: value(), y: value(), width: value(), height: value())))
    }
    let output = LayoutOutput(contentSize: Size(375, 1e6 / 3), items: items)
    #expect(try LayoutOutput.decode(output.json()) == output)
  }
}
