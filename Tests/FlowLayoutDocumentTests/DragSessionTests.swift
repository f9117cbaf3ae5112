import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Foundation
import Testing

/// `{"drag": …}` in a session of Fiori cells under `"cellSizing": "visible"` (`docs/session.md`,
/// `docs/semantics.md`, "Interactive reordering"): a drag that ends leaves the document as an
/// `apply` of its one `moveItems` batch does (cells, estimates, layout), without scrolling; a
/// drag cancelled after a `viewport` request leaves it as that `viewport` request alone does.
@Suite("Session drag")
struct DragSessionTests {
  /// `ScrollToSessionTests.randomDocument` with the scroll anchor `none` (a drop never scrolls,
  /// so the plain `apply` it is compared with must not either).
  static func document(_ random: inout SplitMix64) -> (String, Int) {
    let (text, count) = ScrollToSessionTests.randomDocument(&random)
    var document = text
    for rule in ["firstVisibleItem", "bottom"] {
      document = document.replacingOccurrences(
        of: #""scrollAnchor": "\#(rule)""#, with: #""scrollAnchor": "none""#)
    }
    return (document, count)
  }

  /// The first difference between two sessions' documents: layout, cells, estimates, viewport.
  static func difference<E: LayoutEngine>(_ a: LayoutSession<E>, _ b: LayoutSession<E>) -> String? {
    guard let x = a.document, let y = b.document else { return "no document" }
    let rects = EngineComparison.probeRects(contentSize: x.engine.contentSize)
    if let d = EngineComparison.difference(x.engine, y.engine, rects: rects) { return d }
    if x.cells.map(Array.init) != y.cells.map(Array.init) { return "cells differ" }
    if x.layout.estimatedItems != y.layout.estimatedItems { return "estimated items differ" }
    if x.layout.viewport != y.layout.viewport {
      return "viewport \(String(describing: x.layout.viewport)) vs \(String(describing: y.layout.viewport))"
    }
    return nil
  }

  func endEqualsApply<E: LayoutEngine>(_: E.Type, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var dropped = 0
    for _ in 0..<40 {
      let (document, count) = Self.document(&random)
      var dragged = LayoutSession<E>()
      var applied = LayoutSession<E>()
      _ = ScrollToSessionTests.answer(&dragged, #"{"open": \#(document)}"#)
      _ = ScrollToSessionTests.answer(&applied, #"{"open": \#(document)}"#)
      guard let viewport = dragged.document?.layout.viewport else { continue }
      // A visible item of the viewport, lifted and dragged around it.
      let visible = dragged.document!.engine.elements(in: viewport).filter { $0.kind == .item }
      guard !visible.isEmpty else { continue }
      let source = random.pick(visible).path
      let begin = ScrollToSessionTests.answer(
        &dragged, #"{"drag": {"begin": [\#(source.section), \#(source.item)]}}"#)
      #expect(begin["target"] != nil, "\(begin)")
      for _ in 0..<8 {
        let x = random.nextDouble(in: viewport.minX...viewport.maxX)
        let y = random.nextDouble(in: (viewport.minY - 100)...(viewport.maxY + 100))
        let to = ScrollToSessionTests.answer(&dragged, #"{"drag": {"to": [\#(x), \#(y)]}}"#)
        #expect(to["target"] != nil, "\(to)")
      }
      let end = ScrollToSessionTests.answer(&dragged, #"{"drag": "end"}"#)
      #expect(dragged.interactiveMove == nil)
      #expect(ScrollToSessionTests.offset(end) == [viewport.minX, viewport.minY], "\(end)")
      guard let moved = end["moved"] as? [[NSNumber]] else {
        #expect(end["moved"] is NSNull, "\(end)")
        #expect(Self.difference(dragged, applied) == nil)
        continue
      }
      dropped += 1
      let (from, to) = (moved[0].map(\.intValue), moved[1].map(\.intValue))
      let apply = ScrollToSessionTests.answer(
        &applied,
        #"{"apply": {"moveItems": [{"from": [\#(from[0]), \#(from[1])], "to": [\#(to[0]), \#(to[1])]}]}}"#)
      #expect(apply["error"] == nil, "\(apply)")
      if let d = Self.difference(dragged, applied) {
        Issue.record("\(E.engineName) count \(count): end ≠ apply of \(moved): \(d)")
      }
      _ = count
    }
    #expect(dropped > 10, "\(dropped) drops")
  }

  @Test("end ≡ apply of the one moveItems batch, cells and estimates included; no scroll")
  func endEqualsApplyInBothEngines() {
    endEqualsApply(FastFlowLayout.self, seed: 0xd4a6_0001)
    endEqualsApply(ReferenceFlowLayout.self, seed: 0xd4a6_0002)
  }

  @Test("cancel after a viewport move ≡ the viewport move alone (its cells measured)")
  func cancelAfterViewport() {
    var random = SplitMix64(seed: 0xd4a6_0003)
    var measuredOnCancel = 0
    for _ in 0..<40 {
      let (document, _) = Self.document(&random)
      var dragged = LayoutSession<FastFlowLayout>()
      var scrolled = LayoutSession<FastFlowLayout>()
      _ = ScrollToSessionTests.answer(&dragged, #"{"open": \#(document)}"#)
      _ = ScrollToSessionTests.answer(&scrolled, #"{"open": \#(document)}"#)
      guard let viewport = dragged.document?.layout.viewport,
        let first = dragged.document!.engine.elements(in: viewport).first(where: { $0.kind == .item })
      else { continue }
      _ = ScrollToSessionTests.answer(
        &dragged, #"{"drag": {"begin": [\#(first.path.section), \#(first.path.item)]}}"#)
      _ = ScrollToSessionTests.answer(
        &dragged, #"{"drag": {"to": [\#((viewport.minX + viewport.maxX) / 2), \#(viewport.maxY - 1)]}}"#)
      let moved = #"{"viewport": [0, \#(viewport.minY + 700), \#(viewport.width), \#(viewport.height)]}"#
      let during = ScrollToSessionTests.answer(&dragged, moved)
      #expect((during["cellsMeasured"] as? NSNumber)?.intValue == 0, "\(during)")
      let cancel = ScrollToSessionTests.answer(&dragged, #"{"drag": "cancel"}"#)
      let alone = ScrollToSessionTests.answer(&scrolled, moved)
      #expect(
        (cancel["cellsMeasured"] as? NSNumber)?.intValue
          == (alone["cellsMeasured"] as? NSNumber)?.intValue, "\(cancel) vs \(alone)")
      measuredOnCancel += (cancel["cellsMeasured"] as? NSNumber)?.intValue ?? 0
      if let d = Self.difference(dragged, scrolled) { Issue.record("cancel: \(d)") }
    }
    #expect(measuredOnCancel > 0)
  }
}
