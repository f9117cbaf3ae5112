import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

/// The rect query's shortcuts against the brute-force filter of every frame: sections that are
/// one page each (no search of the section starts), pages whose lines all start below the query's
/// top (no line search), the search along a horizontal-scroll line from its start, and the
/// out-of-line item loops.
@Suite("Rect query paths")
struct RectQueryPathTests {
  /// Queries `engine` with `rects` and compares each answer with the brute-force filter.
  private func expectBruteForce(_ engine: FastFlowLayout, _ rects: [Rect], _ label: String) {
    let all = TestInputs.allFramesByBruteForce(engine)
    var buffer: [LayoutElement] = []
    for rect in rects {
      buffer.removeAll(keepingCapacity: true)
      engine.elements(in: rect, into: &buffer)
      #expect(buffer == all.filter { $0.frame.intersects(rect) }, "\(label) \(rect)")
    }
  }

  /// Horizontal-scroll lines of 1…120 items in many one-page sections: rects whose left edge is
  /// exactly at an item's left or right edge (the search from the line's start stops on either
  /// side of it), at every section.
  @Test func scrollLinesAtEveryItemEdge() throws {
    var draws = SplitMix64(seed: 0x5C_2011)
    let sections = (0..<40).map { _ in draws.mixedSizes(1 + draws.nextInt(below: 120)) }
    let engine = try FastFlowLayout(TestInputs.ownSizes(sections, variant: .horizontalScroll))
    var rects: [Rect] = []
    for s in stride(from: 0, to: sections.count, by: 3) {
      for j in 0..<sections[s].count {
        let f = try engine.frame(ofItemAt: ItemPath(s, j))
        for x in [f.minX, f.maxX, f.maxX + 0.5] {
          rects.append(Rect(x: x, y: f.minY - 5, width: [0, 1, 375][j % 3], height: 10))
          rects.append(Rect(x: x, y: f.minY - 300, width: 200, height: 812))
        }
      }
    }
    expectBruteForce(engine, rects, "scroll")
  }

  /// A scroll of overlapping viewports down many one-page sections and down a layout where one
  /// section is cut into pages (sections are then found by their starts), both orientations.
  @Test(arguments: [LayoutVariant.horizontalFlow, .horizontalScroll, .vertical])
  func viewportSweep(variant: LayoutVariant) throws {
    var draws = SplitMix64(seed: 0x5C_2012)
    let short = (0..<60).map { _ in draws.mixedSizes(draws.nextInt(below: 30)) }
    let paged = short.prefix(5) + [draws.mixedSizes(3_000)] + short.suffix(20)
    for (name, sections) in [("one page each", short), ("paged", Array(paged))] {
      for direction in ScrollDirection.allCases {
        let engine = try FastFlowLayout(
          TestInputs.ownSizes(sections, variant: variant) { $0.scrollDirection = direction })
        let content = engine.contentSize
        let along = direction == .vertical
        let travel = along ? content.height : content.width
        let rects = stride(from: -100, to: travel + 100, by: 812 * 0.37).map { t in
          along
            ? Rect(x: 0, y: t, width: 375, height: 812)
            : Rect(x: t, y: 0, width: 812, height: 375)
        }
        expectBruteForce(engine, rects, "\(variant) \(direction) \(name)")
      }
    }
  }
}
