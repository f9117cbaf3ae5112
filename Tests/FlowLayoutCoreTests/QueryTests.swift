import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@Suite("Queries")
struct QueryTests {
  /// `elements(in:)` returns exactly the brute-force filter of every frame, in document order.
  @Test(arguments: LayoutVariant.allCases)
  func rectQueryEqualsBruteForce(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 11)
    for direction in ScrollDirection.allCases {
      let input = TestInputs.ownSizes([sizes.mixedSizes(300), [], sizes.mixedSizes(40)], variant: variant) {
        $0.scrollDirection = direction
      }
      let engine = try FastFlowLayout(input)
      let all = TestInputs.allFramesByBruteForce(engine)
      #expect(engine.allElements == all)
      let content = engine.contentSize
      var buffer: [LayoutElement] = []
      for _ in 0..<200 {
        let rect = Rect(
          x: sizes.nextUnit() * content.width - 20, y: sizes.nextUnit() * content.height - 20,
          width: [0, 1, 375, 2000][Int(sizes.nextUnit() * 4)],
          height: [0, 1, 812, 5000][Int(sizes.nextUnit() * 4)])
        buffer.removeAll(keepingCapacity: true)
        engine.elements(in: rect, into: &buffer)
        #expect(
          buffer == all.filter { $0.frame.intersects(rect) }, "\(variant) \(direction) \(rect)")
      }
    }
  }

  /// A query on a rect touching an element's edge returns it (closed intersection).
  @Test func touchingEdgesCount() throws {
    let engine = try FastFlowLayout(TestInputs.ownSizes([[Size(100, 50), Size(100, 50)]]))
    let first = try engine.frame(ofItemAt: ItemPath(0, 0))
    let touching = engine.elements(in: Rect(x: first.maxX, y: first.maxY, width: 0, height: 0))
    #expect(touching.contains { $0.path == ItemPath(0, 0) && $0.kind == .item })
  }

  @Test func hiddenAndMissingItems() throws {
    let input = TestInputs.ownSizes([[Size(200, 50), Size(200, 50), Size(200, 50)]]) {
      $0.numberOfRows = 2
    }
    let engine = try FastFlowLayout(input)
    #expect(engine.hiddenItems == [ItemPath(0, 2)])
    #expect(throws: LayoutError.itemHidden(path: ItemPath(0, 2))) {
      try engine.frame(ofItemAt: ItemPath(0, 2))
    }
    #expect(throws: LayoutError.itemOutOfRange(field: "path", path: ItemPath(0, 3))) {
      try engine.frame(ofItemAt: ItemPath(0, 3))
    }
    #expect(throws: LayoutError.self) { try engine.supplementaryFrame(.header, inSection: 1) }
  }
}
