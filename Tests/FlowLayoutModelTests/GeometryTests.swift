import FlowLayoutModel
import Testing

@Suite struct GeometryTests {
  let unit = Rect(x: 0, y: 0, width: 10, height: 10)

  @Test(arguments: [
    (Rect(x: 5, y: 5, width: 10, height: 10), true),  // overlapping
    (Rect(x: 2, y: 2, width: 1, height: 1), true),  // inside
    (Rect(x: -5, y: -5, width: 30, height: 30), true),  // containing
    (Rect(x: 10, y: 0, width: 5, height: 5), true),  // touching the right edge
    (Rect(x: 0, y: 10, width: 5, height: 5), true),  // touching the bottom edge
    (Rect(x: -5, y: -5, width: 5, height: 5), true),  // touching the top-left corner
    (Rect(x: 10, y: 10, width: 5, height: 5), true),  // touching the bottom-right corner
    (Rect(x: 10.000001, y: 0, width: 5, height: 5), false),  // just right of it
    (Rect(x: 0, y: -5.000001, width: 5, height: 5), false),  // just above it
    (Rect(x: 20, y: 20, width: 5, height: 5), false),  // apart
    (Rect(x: 5, y: 5, width: 0, height: 0), true),  // zero-sized inside
    (Rect(x: 10, y: 10, width: 0, height: 0), true),  // zero-sized on the corner
    (Rect(x: 0, y: 5, width: 0, height: 0), true),  // zero-sized on the left edge
    (Rect(x: 11, y: 5, width: 0, height: 0), false),  // zero-sized outside
    (Rect(x: 5, y: -3, width: 0, height: 20), true),  // zero-width line crossing it
    (Rect(x: -3, y: 10, width: 20, height: 0), true),  // zero-height line along the bottom edge
  ])
  func intersectsIsClosedAndSymmetric(other: Rect, expected: Bool) {
    #expect(unit.intersects(other) == expected)
    #expect(other.intersects(unit) == expected)
  }

  @Test func zeroSizedRectsIntersectOnlyAtTheSamePoint() {
    let point = Rect(x: 3, y: 4, width: 0, height: 0)
    #expect(point.intersects(point))
    #expect(!point.intersects(Rect(x: 3, y: 4.5, width: 0, height: 0)))
  }

  @Test func edgesAndTransposition() {
    let r = Rect(x: 1, y: 2, width: 3, height: 4)
    #expect([r.minX, r.minY, r.maxX, r.maxY, r.width, r.height] == [1, 2, 4, 6, 3, 4])
    #expect(r.transposed == Rect(x: 2, y: 1, width: 4, height: 3))
    #expect(r.transposed.transposed == r)
    #expect(Size(3, 4).transposed == Size(4, 3))
    #expect(
      EdgeInsets(top: 1, left: 2, bottom: 3, right: 4).transposed
        == EdgeInsets(top: 2, left: 1, bottom: 4, right: 3))
    #expect(Size.zero.isZero && !Size(0, 1).isZero && !Size(1, 0).isZero)
    #expect(r.description == "[1.0, 2.0, 3.0, 4.0]")
  }

  @Test func itemPathsOrderBySectionThenItem() {
    let paths = [ItemPath(1, 0), ItemPath(0, 5), ItemPath(0, 1), ItemPath(2, 0), ItemPath(1, 3)]
    #expect(
      paths.sorted() == [
        ItemPath(0, 1), ItemPath(0, 5), ItemPath(1, 0), ItemPath(1, 3), ItemPath(2, 0),
      ])
    #expect(ItemPath(0, 9) < ItemPath(1, 0))
    #expect(ItemPath(3, 4).description == "[3, 4]")
  }

  @Test func sectionDataKeepsTwoParallelColumns() {
    let section = SectionData(
      header: 4, footer: 5, items: [Size(1, 2), Size(3, 4)], showsSeeAll: true)
    #expect(section.itemWidths == [1, 3])
    #expect(section.itemHeights == [2, 4])
    #expect(section.count == 2)
    #expect(section.items == [Size(1, 2), Size(3, 4)])
    #expect(section.itemSize(at: 1) == Size(3, 4))
    let input = LayoutInput(
      configuration: LayoutConfiguration(variant: .vertical), bounds: Size(10, 10),
      sections: [section, SectionData(items: [Size(1, 1)])])
    #expect(input.itemCount == 3)
  }
}
