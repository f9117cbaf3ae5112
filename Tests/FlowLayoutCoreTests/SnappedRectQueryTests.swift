import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The snapped rect query (`displayScale > 0`) tests each element once, on its snapped frame
/// (`SnappedFrames.map(_:meeting:)`): rects that touch an element's snapped edges exactly keep
/// it (the intersection is closed), as `Rect.intersects` on the snapped frames says.
@Suite("Snapped rect queries")
struct SnappedRectQueryTests {
  /// For items of random sizes (paged, left to right and right to left, scales 2 and 3): rects
  /// touching each of an item's four snapped edges from outside, and a zero-size rect at each
  /// corner, answer exactly the presented elements that intersect them.
  @Test(arguments: [2.0, 3.0])
  func rectsTouchingAnEdgeKeepTheElement(scale: Double) throws {
    var sizes = SplitMix64(seed: 91)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([sizes.mixedSizes(200).map { Size($0.width + 0.3, $0.height + 0.7) }]))
    engine.pageCapacity = PageCapacity(target: 16)
    try engine.apply(
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(101.2, 77.7))]))
    for direction in [LayoutDirection.leftToRight, .rightToLeft] {
      let presentation = Presentation(layoutDirection: direction, displayScale: scale)
      let all = engine.allPresentedElements(presentation)
      var kept = 0
      for element in all where element.element.kind == .item {
        let f = element.element.frame
        for rect in [
          Rect(x: f.maxX, y: f.minY, width: 7, height: 1),  // touching the right edge
          Rect(x: f.minX - 7, y: f.minY, width: 7, height: 1),  // the left edge
          Rect(x: f.minX, y: f.maxY, width: 1, height: 7),  // the bottom edge
          Rect(x: f.minX, y: f.minY - 7, width: 1, height: 7),  // the top edge
          Rect(x: f.maxX, y: f.maxY, width: 0, height: 0),  // a corner
          Rect(x: f.minX, y: f.minY, width: 0, height: 0),  // the opposite corner
        ] {
          let answered = engine.presentedElements(in: rect, presentation: presentation)
          #expect(
            answered == all.filter { $0.element.frame.intersects(rect) },
            "\(direction) \(element.element.path) rect \(rect)")
          kept += answered.contains(element) ? 1 : 0
        }
      }
      // Every touching rect kept its element (the case the test is for).
      #expect(kept == 6 * all.filter { $0.element.kind == .item }.count)
    }
  }
}
