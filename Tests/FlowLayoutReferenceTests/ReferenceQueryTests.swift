import FlowLayoutModel
import FlowLayoutReference
import Testing

/// Every visible element, built from the per-element queries (`frame(ofItemAt:)`,
/// `supplementaryFrame`) rather than from `elements(in:)`, in document order.
func elementsFromPointQueries(_ engine: some LayoutEngine) throws -> [LayoutElement] {
  var result: [LayoutElement] = []
  let hidden = Set(engine.hiddenItems)
  for (s, section) in engine.input.sections.enumerated() {
    if let header = try engine.supplementaryFrame(.header, inSection: s) {
      result.append(.header(s, header))
    }
    for i in 0..<section.count where !hidden.contains(ItemPath(s, i)) {
      result.append(.item(ItemPath(s, i), try engine.frame(ofItemAt: ItemPath(s, i))))
    }
    if let footer = try engine.supplementaryFrame(.footer, inSection: s) {
      result.append(.footer(s, footer))
    }
  }
  return result
}

/// Closed intersection, written out independently of `Rect.intersects`.
func touches(_ a: Rect, _ b: Rect) -> Bool {
  !(a.maxX < b.minX || b.maxX < a.minX || a.maxY < b.minY || b.maxY < a.minY)
}

@Suite("Reference engine: queries")
struct ReferenceQueryTests {
  /// Rects over and around the content: a grid of sizes and offsets, zero-sized rects on every
  /// element's corners, an empty far-away rect and a huge one.
  static func probeRects(_ engine: some LayoutEngine, _ all: [LayoutElement]) -> [Rect] {
    let size = engine.contentSize
    var rects: [Rect] = []
    for x in stride(from: -20.0, through: size.width + 20, by: max(7, size.width / 9)) {
      for y in stride(from: -20.0, through: size.height + 20, by: max(7, size.height / 9)) {
        for (w, h) in [(0.0, 0.0), (10, 10), (size.width / 3, 25), (size.width, size.height / 4)] {
          rects.append(Rect(x: x, y: y, width: w, height: h))
        }
      }
    }
    for element in all {
      let f = element.frame
      rects.append(Rect(x: f.minX, y: f.minY, width: 0, height: 0))
      rects.append(Rect(x: f.maxX, y: f.maxY, width: 0, height: 0))
      rects.append(Rect(x: f.maxX, y: f.minY, width: 5, height: f.height))  // touching on the right
    }
    rects.append(Rect(x: -1e9, y: -1e9, width: 1, height: 1))
    rects.append(Rect(x: -1e12, y: -1e12, width: 4e12, height: 4e12))
    return rects
  }

  @Test("elements(in:) is the brute-force filter of every frame, in document order")
  func rectQueryIsAFilter() throws {
    for input in SeededInputs.validInputs(count: 60, seed: 0x5eed_0001) {
      let engine = try ReferenceFlowLayout(input)
      let all = try elementsFromPointQueries(engine)
      #expect(engine.allElements == all)
      for rect in Self.probeRects(engine, all) {
        #expect(engine.elements(in: rect) == all.filter { touches($0.frame, rect) }, "\(rect)")
      }
    }
  }

  @Test("touching edges count; a rect just past an edge does not")
  func touchingEdges() throws {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.itemSize = Size(40, 40)
    let engine = try ReferenceFlowLayout(
      LayoutInput(
        configuration: c, bounds: Size(100, 100), sections: [SectionData(items: [Size(1, 1)])]))
    let item = LayoutElement.item(ItemPath(0, 0), Rect(x: 0, y: 0, width: 40, height: 40))
    #expect(engine.elements(in: Rect(x: 40, y: 40, width: 10, height: 10)) == [item])
    #expect(engine.elements(in: Rect(x: 40, y: 0, width: 0, height: 0)) == [item])
    #expect(engine.elements(in: Rect(x: 20, y: 20, width: 0, height: 0)) == [item])
    #expect(engine.elements(in: Rect(x: 40.000001, y: 0, width: 10, height: 10)).isEmpty)
    #expect(engine.elements(in: Rect(x: 0, y: -10, width: 10, height: 9.999999)).isEmpty)
  }

  @Test("a zero-sized item on the rect's edge counts")
  func zeroSizedItem() throws {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.estimatedItemSize = Size(1, 1)
    let engine = try ReferenceFlowLayout(
      LayoutInput(configuration: c, bounds: Size(100, 100), sections: [SectionData(items: [.zero])])
    )
    let item = LayoutElement.item(ItemPath(0, 0), .zero)
    #expect(engine.elements(in: Rect(x: 0, y: 0, width: 0, height: 0)) == [item])
    #expect(engine.elements(in: Rect(x: -5, y: -5, width: 5, height: 5)) == [item])
    #expect(engine.elements(in: Rect(x: 1, y: 1, width: 5, height: 5)).isEmpty)
  }

  @Test("elements(in:into:) appends without clearing")
  func appends() throws {
    let engine = try ReferenceFlowLayout(baseInput())
    let marker = LayoutElement.header(99, .zero)
    var result = [marker]
    engine.elements(in: Rect(x: 0, y: 0, width: 1, height: 1), into: &result)
    #expect(result.first == marker)
    #expect(result.count == 1 + engine.elements(in: Rect(x: 0, y: 0, width: 1, height: 1)).count)
  }

  @Test("no sections: nothing in any rect")
  func noSections() throws {
    let engine = try ReferenceFlowLayout(
      LayoutInput(
        configuration: LayoutConfiguration(variant: .uikitFlow), bounds: Size(100, 100),
        sections: []))
    #expect(engine.allElements.isEmpty)
    #expect(engine.contentSize == Size(100, 0))
  }
}
