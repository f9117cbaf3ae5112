import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Foundation
import Testing

/// Bottom-up layouts and prefetch ranges through documents and sessions (`docs/semantics.md`,
/// "Bottom-up layouts", "Prefetch ranges"): random documents in both engines.
@Suite("Bottom-up layouts and prefetch in documents")
struct BottomToTopSessionTests {
  /// A random vertically scrolling document of `count` plain items of random heights.
  static func randomDocument(_ random: inout SplitMix64, direction: String?, anchor: String)
    -> (text: String, viewportHeight: Double)
  {
    let count = random.nextInt(below: 40)
    let heights = (0..<count).map { _ in random.pick([20.0, 44, 50.5, 130, 0.3]) }
    let items = heights.map { "[80, \($0)]" }.joined(separator: ",")
    let variant = random.pick(["horizontalFlow", "vertical", "uikitFlow", "horizontalScroll"])
    let height = random.pick([300.0, 600, 812, 77.7])
    let viewport = random.nextInt(below: 3) == 0 ? "" : #", "viewport": [0, 17, 375, \#(height)]"#
    let key = direction.map { #", "verticalLayoutDirection": "\#($0)""# } ?? ""
    let text = """
      {"layout": "\(variant)", "width": 375, "height": \(height), "estimatedItemSize": [80, 44],
       "scrollAnchor": "\(anchor)"\(viewport)\(key),
       "sections": [{"header": 30, "items": [\(items)]}]}
      """
    return (text, height)
  }

  static func answer<E: LayoutEngine>(_ session: inout LayoutSession<E>, _ line: String)
    -> [String: Any]
  {
    ScrollToSessionTests.answer(&session, line)
  }

  static func numbers(_ value: Any?) -> [Double] {
    (value as? [NSNumber])?.map(\.doubleValue) ?? []
  }

  @Test("bottomToTop opens at the end and shows short content at the viewport's bottom; fast ≡ reference")
  func opensAtEndAndShifts() throws {
    var random = SplitMix64(seed: 0xb077_0e2b)
    var shifted = 0
    var scrolled = 0
    for _ in 0..<150 {
      let (text, height) = Self.randomDocument(&random, direction: "bottomToTop", anchor: "bottom")
      var fast = LayoutSession<FastFlowLayout>()
      var reference = LayoutSession<ReferenceFlowLayout>()
      let a = Self.answer(&fast, #"{"open": \#(text)}"#)
      let b = Self.answer(&reference, #"{"open": \#(text)}"#)
      let laidOut = try #require(fast.document).engine.contentSize.height
      let size = Self.numbers(a["contentSize"])
      let offset = Self.numbers(a["contentOffset"])
      #expect(size.count == 2 && offset.count == 2, "\(a)")
      guard size.count == 2, offset.count == 2 else { continue }
      // Opened at the end of the content; shown at least as tall as the viewport.
      #expect(EqualityContract.close(offset[1], max(0, laidOut - height)), "\(a)")
      #expect(EqualityContract.close(size[1], max(laidOut, height)), "\(a)")
      #expect(EqualityContract.close(Self.numbers(b["contentOffset"])[1], offset[1]))
      #expect(EqualityContract.close(Self.numbers(b["contentSize"])[1], size[1]))
      let shift = max(0, height - laidOut)
      if shift > 0 { shifted += 1 } else if offset[1] > 0 { scrolled += 1 }
      // Every shown frame is the laid-out one moved down by the shift; both engines alike.
      let query = #"{"elements": [0, \#(offset[1]), 375, \#(height)]}"#
      let shown = Self.answer(&fast, query)
      let shownReference = Self.answer(&reference, query)
      let items = (shown["items"] as? [[String: Any]]) ?? []
      let itemsReference = (shownReference["items"] as? [[String: Any]]) ?? []
      #expect(items.count == itemsReference.count)
      let engine = try #require(fast.document).engine
      for (x, y) in zip(items, itemsReference) {
        let path = ItemPath(section: x["section"] as! Int, item: x["item"] as! Int)
        let frame = Self.numbers(x["frame"])
        let laidOutFrame = try engine.frame(ofItemAt: path)
        #expect(EqualityContract.close(frame[1], laidOutFrame.minY + shift))
        #expect(
          zip(frame, Self.numbers(y["frame"])).allSatisfy { EqualityContract.close($0, $1) })
      }
      // The newest item is the last one shown, its bottom at the viewport's bottom or above
      // a footer's worth; with short content exactly at the viewport's bottom.
      if shift > 0, let last = items.last {
        let frame = Self.numbers(last["frame"])
        #expect(frame[1] + frame[3] <= height + 1e-6)
      }
    }
    #expect(shifted > 20 && scrolled > 20, "\(shifted) shifted, \(scrolled) scrolled")
  }

  @Test("the bottom anchor keeps a bottomToTop chat at its end as messages arrive")
  func bottomAnchorStaysAtEnd() throws {
    var random = SplitMix64(seed: 0xc4a7)
    for _ in 0..<60 {
      let (text, height) = Self.randomDocument(&random, direction: "bottomToTop", anchor: "bottom")
      var fast = LayoutSession<FastFlowLayout>()
      var reference = LayoutSession<ReferenceFlowLayout>()
      _ = Self.answer(&fast, #"{"open": \#(text)}"#)
      _ = Self.answer(&reference, #"{"open": \#(text)}"#)
      for _ in 0..<5 {
        let count = try #require(fast.document).engine.numberOfItems(inSection: 0)
        let message = random.pick([20.0, 64, 300])
        let insert =
          #"{"apply": {"insertItems": [{"at": [0, \#(count)], "size": [80, \#(message)]}]}}"#
        let a = Self.answer(&fast, insert)
        let b = Self.answer(&reference, insert)
        let laidOut = try #require(fast.document).engine.contentSize.height
        let offset = Self.numbers(a["contentOffset"])
        #expect(EqualityContract.close(offset[1], max(0, laidOut - height)), "\(a)")
        #expect(EqualityContract.close(Self.numbers(b["contentOffset"])[1], offset[1]))
      }
    }
  }

  @Test("topToBottom, given or omitted, answers byte for byte as before")
  func topToBottomChangesNothing() {
    var random = SplitMix64(seed: 0x70b)
    for _ in 0..<40 {
      var copy = random
      let (plain, _) = Self.randomDocument(&random, direction: nil, anchor: "firstVisibleItem")
      let (given, _) = Self.randomDocument(&copy, direction: "topToBottom", anchor: "firstVisibleItem")
      var a = LayoutSession<FastFlowLayout>()
      var b = LayoutSession<FastFlowLayout>()
      for line in [
        #"{"open": \#(plain)}"#, #"{"elements": [0, 0, 375, 400]}"#, #"{"frame": [0, 0]}"#,
        #"{"hitTest": [10, 40]}"#, #"{"contentSize": null}"#,
      ] {
        let other = line.replacingOccurrences(of: plain, with: given)
        #expect(a.answer(Array(line.utf8)) == b.answer(Array(other.utf8)))
      }
    }
  }

  @Test("\"visible\" measures every cell of the prefetch ranges of a moving viewport")
  func visibleMeasuresThePrefetchRanges() throws {
    var random = SplitMix64(seed: 0x9ef3)
    for _ in 0..<30 {
      let (document, _) = ScrollToSessionTests.randomDocument(&random)
      let decoded = try LayoutDocument.decode(Array(document.utf8))
      for engine in 0..<2 {
        // Within the content (a viewport past it has nothing to prefetch).
        let content = try FastFlowLayout(decoded.input).contentSize.height
        let y = random.nextDouble(in: 0...max(0, content - 600)).rounded()
        let velocity = Point(x: 0, y: random.pick([0, 2400, -2400]))
        let rect = Rect(x: 0, y: y, width: decoded.input.bounds.width, height: 600)
        let (ranges, estimated): ([PrefetchRange], (ItemPath) -> Bool)
        let pastTheEnd: Bool
        if engine == 0 {
          var live = try DocumentLayout<FastFlowLayout>(decoded)
          try live.setViewport(rect, velocity: velocity)
          ranges = try live.prefetchRanges()
          estimated = { [live] in live.layout.isEstimated($0) }
          pastTheEnd = live.layout.viewport!.minY >= live.engine.contentSize.height - 1
        } else {
          var live = try DocumentLayout<ReferenceFlowLayout>(decoded)
          try live.setViewport(rect, velocity: velocity)
          ranges = try live.prefetchRanges()
          estimated = { [live] in live.layout.isEstimated($0) }
          pastTheEnd = live.layout.viewport!.minY >= live.engine.contentSize.height - 1
        }
        // (Measuring can shrink the content under a viewport that no anchor moves.)
        #expect(!ranges.isEmpty || pastTheEnd)
        for range in ranges where range.section == 0 {
          for i in range.items {
            #expect(!estimated(ItemPath(section: 0, item: i)), "item \(i) of \(ranges) is estimated")
          }
        }
      }
    }
  }

  @Test("a bad velocity is one typed line and changes nothing")
  func badVelocity() throws {
    let (document, _) = { var r = SplitMix64(seed: 1); return ScrollToSessionTests.randomDocument(&r) }()
    var live = try DocumentLayout<FastFlowLayout>(LayoutDocument.decode(Array(document.utf8)))
    let before = live.layout.viewport
    let measured = live.cellsMeasured
    for velocity in [Point(x: .nan, y: 0), Point(x: 0, y: -.infinity)] {
      #expect(throws: LayoutError.self) {
        try live.setViewport(Rect(x: 0, y: 5000, width: 300, height: 600), velocity: velocity)
      }
      #expect(live.layout.viewport == before && live.cellsMeasured == measured)
      #expect(live.velocity == Point(x: 0, y: 0))
    }
  }
}
