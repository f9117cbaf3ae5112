import FioriCells
import FlowLayoutBench
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutWorkloads
import Foundation
import Testing

/// Documents with estimated items, measurements, rotations, cell sizing policies and a
/// viewport; `flowlayout session`.
@Suite struct SelfSizingDocumentTests {
  static func keyValueDocument(count: Int, width: Double, extra: String = "") -> String {
    let values = [
      "x", "Broken Plates on Pole", "", "Technician reported minor wear on the bearing housing",
    ]
    let items = (0..<count).map {
      #"{"type": "keyValue", "key": "K\#($0)", "value": "\#(values[$0 % values.count])"}"#
    }
    return """
      {"layout": "keyValueColumnFlow", "width": \(width), "height": 812, \(extra)
       "sections": [{"header": 44, "items": [\(items.joined(separator: ","))]}, {"items": [[10, 30], [20, 40]]}]}
      """
  }

  @Test("the three item forms decode into sizes and estimated items")
  func itemForms() throws {
    let document = try LayoutDocument.decode(
      #"{"layout": "horizontalFlow", "width": 100, "estimatedItemSize": [7, 8], "sections": [{"items": [[1, 2], {"estimate": [3, 4]}, null]}]}"#
    )
    #expect(document.input.sections[0].items == [Size(1, 2), Size(3, 4), Size(7, 8)])
    #expect(document.estimatedItems == [ItemIndexSet([1, 2])])
  }

  @Test(
    "bad self-sizing fields are one line naming the field",
    arguments: [
      (#""estimatedItemSize": [0, 0], "sections": [{"items": [null]}]"#, "sections[0].items[0]"),
      (#""sections": [{"items": [{"estimate": [1]}]}]"#, "sections[0].items[0].estimate"),
      (#""sections": [{"items": [{"estimate": [1, 2], "x": 1}]}]"#, "sections[0].items[0].x"),
      (#""viewport": [0, 0, -1, 5], "sections": []"#, "viewport.width"),
      (#""viewport": [0, 0, 1], "sections": []"#, "viewport"),
      (#""scrollAnchor": "top", "sections": []"#, "scrollAnchor"),
      (#""cellSizing": "visible", "sections": []"#, "cellSizing"),
      (
        #""sections": [{"items": [[1, 1]]}], "edits": [{"measureItems": [{"at": [0, 3], "size": [1, 1]}]}]"#,
        "edits[0].measureItems[0].at"
      ),
      (
        #""sections": [{"items": [[1, 1]]}], "edits": [{"deleteItems": [[0, 0]], "measureItems": [{"at": [0, 0], "size": [1, 1]}]}]"#,
        "edits[0].measureItems[0].at"
      ),
    ])
  func badFields(_ body: String, _ field: String) {
    do {
      _ = try LayoutDocument.decode(#"{"layout": "horizontalFlow", "width": 100, "# + body + "}")
      Issue.record("accepted: \(body)")
    } catch {
      #expect(error.field == field, "\(error)")
      #expect(!error.description.contains("\n"))
    }
  }

  /// Rotation: after `setWidth`, a document's cells equal a fresh layout at the new width, in
  /// both engines; plain items keep their sizes.
  @Test(
    "setWidth re-measures cells: equal to a fresh layout at the new width",
    arguments: [320.0, 768, 1024])
  func rotationEqualsFreshLayout(width: Double) throws {
    let rotated = try LayoutDocument.decode(
      Self.keyValueDocument(count: 9, width: 375, extra: #""edits": [{"setWidth": \#(width)}],"#))
    let fresh = try LayoutDocument.decode(Self.keyValueDocument(count: 9, width: width))
    for laidOut in [
      LayoutOutput(layout: try DocumentLayout<FastFlowLayout>.laidOut(rotated).layout, rect: nil),
      LayoutOutput(
        layout: try DocumentLayout<ReferenceFlowLayout>.laidOut(rotated).layout, rect: nil),
    ] {
      let expected = LayoutOutput(
        layout: try DocumentLayout<ReferenceFlowLayout>.laidOut(fresh).layout, rect: nil)
      #expect(laidOut.json() == expected.json())
    }
  }

  /// Cells inserted or given by a resize between two rotations are measured again by the
  /// second, as a fresh layout at that width measures them (the cells are found once, at the
  /// first rotation, then carried through batches).
  @Test("a cell inserted after a rotation is measured again by the next one", arguments: [0, 1])
  func cellsCarriedBetweenRotations(engine: Int) throws {
    let cell = #"{"type": "keyValue", "key": "New", "value": "Technician reported minor wear on the bearing housing"}"#
    let edits =
      #""edits": [{"setWidth": 768}, {"insertItems": [{"at": [0, 2], "cell": \#(cell)}], "resizeItems": [{"at": [1, 0], "cell": \#(cell)}]}, {"setWidth": 320}],"#
    let rotated = try LayoutDocument.decode(Self.keyValueDocument(count: 9, width: 375, extra: edits))
    var fresh = Self.keyValueDocument(count: 9, width: 320)
    fresh = fresh.replacingOccurrences(of: #"{"type": "keyValue", "key": "K2""#, with: cell + #", {"type": "keyValue", "key": "K2""#)
    fresh = fresh.replacingOccurrences(of: "[[10, 30], [20, 40]]", with: "[\(cell), [20, 40]]")
    let expected = LayoutOutput(
      layout: try DocumentLayout<ReferenceFlowLayout>.laidOut(try LayoutDocument.decode(fresh))
        .layout, rect: nil)
    let laidOut =
      engine == 0
      ? LayoutOutput(layout: try DocumentLayout<FastFlowLayout>.laidOut(rotated).layout, rect: nil)
      : LayoutOutput(
        layout: try DocumentLayout<ReferenceFlowLayout>.laidOut(rotated).layout, rect: nil)
    #expect(laidOut.json() == expected.json())
  }

  @Test("cellSizing visible measures only near the viewport, and again after a rotation")
  func visibleSizing() throws {
    let text = Self.keyValueDocument(
      count: 2000, width: 375,
      extra:
        #""estimatedItemSize": [100, 66], "cellSizing": "visible", "viewport": [0, 0, 375, 812],"#)
    var layout = try DocumentLayout<FastFlowLayout>(try LayoutDocument.decode(text))
    let measured = layout.cellsMeasured
    #expect(measured > 0 && measured < 100, "\(measured) cells measured at open")
    // Every cell near the viewport is measured; the last ones are not.
    let near = layout.measuringRect!
    for element in layout.engine.elements(in: near)
    where element.kind == .item && element.path.section == 0 {
      #expect(!layout.layout.isEstimated(element.path))
    }
    #expect(layout.layout.isEstimated(ItemPath(section: 0, item: 1999)))
    #expect(!layout.layout.isEstimated(ItemPath(section: 1, item: 0)))  // plain items are measured
    // Scrolling one screen measures only what entered.
    try layout.setViewport(Rect(x: 0, y: 812, width: 375, height: 812))
    let step = layout.cellsMeasured - measured
    #expect(step > 0 && step < 60, "\(step) cells measured by a scroll step")
    // Rotation: everything becomes an estimate, the cells near the viewport are measured again.
    try layout.setViewport(Rect(x: 0, y: 20_000, width: 375, height: 812))
    let before = layout.cellsMeasured
    try layout.apply(BatchUpdate(setWidth: 812))
    #expect(layout.cellsMeasured - before > 0 && layout.cellsMeasured - before < 100)
    #expect(layout.layout.isEstimated(ItemPath(section: 0, item: 0)))  // far above: estimated again
    // A batch moves the cells (a plain item enters at 0, a cell leaves); the next rotation marks
    // the cells estimated again, not the plain item that took index 0.
    try layout.apply(
      BatchUpdate(
        deleteItems: [ItemPath(section: 0, item: 5)],
        insertItems: [ItemInsertion(at: ItemPath(section: 0, item: 0), size: Size(10, 10))]))
    #expect(!layout.layout.isEstimated(ItemPath(section: 0, item: 0)))
    try layout.apply(BatchUpdate(setWidth: 375))
    #expect(!layout.layout.isEstimated(ItemPath(section: 0, item: 0)))
    #expect(layout.layout.isEstimated(ItemPath(section: 0, item: 1)))
    #expect(layout.cells[0][0] == nil && layout.cells[0].count == 2000)
    for element in layout.engine.elements(in: layout.measuringRect!)
    where element.kind == .item && element.path.section == 0 {
      #expect(!layout.layout.isEstimated(element.path))
    }
  }

  @Test("the anchor holds across a rotation with cellSizing all")
  func anchorHoldsAcrossRotation() throws {
    let text = Self.keyValueDocument(
      count: 300, width: 375, extra: #""viewport": [0, 3000, 375, 812],"#)
    for anchor in ["firstVisibleItem", "none"] {
      let document = try LayoutDocument.decode(
        text.replacingOccurrences(
          of: "\"viewport\"", with: "\"scrollAnchor\": \"\(anchor)\", \"viewport\""))
      var layout = try DocumentLayout<FastFlowLayout>(document)
      // The anchor's candidates overlap the viewport by more than the tolerance (the band
      // rule): item 52 ends exactly at the viewport's top and is none.
      let viewport = layout.layout.viewport!
      let first = layout.engine.elements(in: viewport).first {
        $0.kind == .item && $0.frame.certainlyIntersects(viewport)
      }!
      let distance = first.frame.minY - layout.layout.viewport!.minY
      try layout.apply(BatchUpdate(setWidth: 1024))
      let after = try layout.engine.frame(ofItemAt: first.path).minY - layout.layout.viewport!.minY
      if anchor == "firstVisibleItem" {
        #expect(EqualityContract.close(after, distance))
        #expect(layout.layout.lastAnchor?.path == first.path)
      } else {
        #expect(layout.layout.viewport!.minY == 3000)
      }
    }
  }

  @Test("a session answers every request on its own line and survives bad ones")
  func session() {
    var session = LayoutSession<ReferenceFlowLayout>()
    let answers = [
      #"{"contentSize": null}"#,
      #"{"open": {"layout": "horizontalFlow", "width": 100, "estimatedItemSize": [100, 50], "minimumLineSpacing": 0, "viewport": [0, 120, 100, 100], "sections": [{"items": [null, null, null, null, null, null]}]}}"#,
      #"{"apply": {"measureItems": [{"at": [0, 0], "size": [100, 80]}]}}"#,
      #"{"apply": {"measureItems": [{"at": [0, 9], "size": [100, 80]}]}}"#,
      #"{"frame": [0, 2]}"#,
      #"{"hitTest": [10, 130]}"#,
      #"{"hitTest": [500, 500]}"#,
      #"{"viewport": [0, 0, 100, 100]}"#,
      #"{"elements": [0, 0, 100, 10]}"#,
      #"{"contentSize": null, "frame": [0, 0]}"#,
      "[",
      #"{"contentSize": {}}"#,
      #"{"contentSize": [1]}"#,
    ].map { session.answer(Array($0.utf8)) }
    #expect(
      answers[0] == #"{"error":"request: no document is open (send {\"open\": DOCUMENT} first)"}"#)
    #expect(
      answers[1]
        == #"{"contentSize":[100,300],"contentOffset":[0,120],"cellsMeasured":0,"anchor":null}"#)
    #expect(
      answers[2]
        == #"{"contentSize":[100,330],"contentOffset":[0,150],"cellsMeasured":0,"anchor":{"item":[0,2],"distanceBefore":-20,"distanceAfter":-20}}"#
    )
    #expect(answers[3] == #"{"error":"apply.measureItems[0].at: item [0, 9] does not exist"}"#)
    #expect(answers[4] == #"{"frame":[0,130,100,50],"estimated":true}"#)
    #expect(answers[5] == #"{"item":[0,2]}"#)
    #expect(answers[6] == #"{"item":null}"#)
    #expect(
      answers[7]
        == #"{"contentSize":[100,330],"contentOffset":[0,0],"cellsMeasured":0,"anchor":null}"#)
    #expect(
      answers[8].hasPrefix(
        #"{"contentSize":[100,330],"contentOffset":[0,0],"items":[{"section":0,"item":0,"frame":[0,0,100,80]}]"#
      ))
    #expect(answers[9].hasPrefix(#"{"error":"request: one request per line"#))
    #expect(answers[10].hasPrefix(#"{"error":"#))
    // A request's value of the wrong type is named by the request.
    #expect(answers[11] == #"{"error":"contentSize: expected null, found an object"}"#)
    #expect(answers[12] == #"{"error":"contentSize: expected null, found an array"}"#)
    for answer in answers { #expect(!answer.contains("\n")) }
  }

  @Test(
    "flowlayout session reads JSON Lines and writes one answer per line",
    .enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build` first"))
  func sessionCommand() throws {
    let run = try FlowLayoutBinary.run(
      ["session", "--engine", "fast"],
      stdin: """
        {"open": {"layout": "horizontalFlow", "width": 100, "sections": [{"items": [[10, 10]]}]}}

        {"contentSize": null}
        bad
        {"frame": [0, 0]}

        """)
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5 && lines[4].isEmpty)
    #expect(lines[1] == #"{"contentSize":[100,50]}"#)  // itemSize 50 x 50
    #expect(lines[2].hasPrefix(#"{"error":"#))
    #expect(lines[3] == #"{"frame":[0,0,50,50],"estimated":false}"#)
  }
}

/// The `selfsizing` bench workload's operations, by their work counter (cells measured).
@Suite struct SelfSizingBenchTests {
  @Test("open measures only near the viewport, openAll every cell, a scroll step what entered")
  func cellsMeasuredPerOperation() throws {
    let n = 5000
    let document = SelfSizingOperation<FastFlowLayout>.document(itemCount: n)
    var open = try SelfSizingOperation<FastFlowLayout>(.open, document: document)
    try open.perform()
    try open.perform()
    #expect(open.cellsMeasuredPerRun > 0 && open.cellsMeasuredPerRun < 100)
    var all = try SelfSizingOperation<ReferenceFlowLayout>(.openAll, document: document)
    try all.perform()
    #expect(all.cellsMeasured == n)
    var scroll = try SelfSizingOperation<FastFlowLayout>(.scrollStep, document: document)
    for _ in 0..<20 { try scroll.perform() }
    // One screen enters per step: about 812 / (row height ~150) * 2 columns ≈ 11 cells.
    #expect(scroll.cellsMeasuredPerRun > 1 && scroll.cellsMeasuredPerRun < 40)
    var rotate = try SelfSizingOperation<FastFlowLayout>(.rotate, document: document)
    try rotate.perform()
    try rotate.perform()
    #expect(rotate.cellsMeasuredPerRun > 0 && rotate.cellsMeasuredPerRun < 100)
  }
}

/// `DocumentLayout` over both engines: the same requests give the same layout, estimated items,
/// content offset and cells measured (visible sizing, scrolling, rotations, batches).
@Suite struct SelfSizingEnginesAgree {
  @Test("fast ≡ reference through a visible-sizing session", arguments: ["all", "visible"])
  func sameSession(sizing: String) throws {
    let text = SelfSizingDocumentTests.keyValueDocument(
      count: 600, width: 375,
      extra:
        #""estimatedItemSize": [100, 66], "cellSizing": "\#(sizing)", "viewport": [0, 0, 375, 812],"#
    )
    let document = try LayoutDocument.decode(text)
    var fast = try DocumentLayout<FastFlowLayout>(document)
    var reference = try DocumentLayout<ReferenceFlowLayout>(document)
    func check(_ step: String) {
      let a = LayoutOutput(layout: fast.layout, rect: nil)
      let b = LayoutOutput(layout: reference.layout, rect: nil)
      #expect(a.json() == b.json(), "\(step)")
      #expect(fast.cellsMeasured == reference.cellsMeasured, "\(step)")
      #expect(fast.layout.estimatedItems == reference.layout.estimatedItems, "\(step)")
    }
    check("open")
    let steps:
      [(
        String, (inout DocumentLayout<FastFlowLayout>) throws -> Void,
        (inout DocumentLayout<ReferenceFlowLayout>) throws -> Void
      )] = [
        (
          "scroll", { try $0.setViewport(Rect(x: 0, y: 3000, width: 375, height: 812)) },
          { try $0.setViewport(Rect(x: 0, y: 3000, width: 375, height: 812)) }
        ),
        (
          "rotate", { try $0.apply(BatchUpdate(setWidth: 812)) },
          { try $0.apply(BatchUpdate(setWidth: 812)) }
        ),
        (
          "batch",
          {
            try $0.apply(
              BatchUpdate(
                deleteItems: [ItemPath(section: 0, item: 3)],
                moveItems: [
                  ItemMove(from: ItemPath(section: 0, item: 40), to: ItemPath(section: 1, item: 0))
                ]))
          },
          {
            try $0.apply(
              BatchUpdate(
                deleteItems: [ItemPath(section: 0, item: 3)],
                moveItems: [
                  ItemMove(from: ItemPath(section: 0, item: 40), to: ItemPath(section: 1, item: 0))
                ]))
          }
        ),
        (
          "rotate back", { try $0.apply(BatchUpdate(setWidth: 375)) },
          { try $0.apply(BatchUpdate(setWidth: 375)) }
        ),
        (
          "scroll far", { try $0.setViewport(Rect(x: 0, y: 20_000, width: 375, height: 812)) },
          { try $0.setViewport(Rect(x: 0, y: 20_000, width: 375, height: 812)) }
        ),
      ]
    for (name, f, r) in steps {
      try f(&fast)
      try r(&reference)
      check(name)
    }
  }
}

/// A session survives any line: every answer is one line of JSON, and a request that fails
/// changes nothing (the next `contentSize` answer is the same).
@Suite struct LayoutSessionRobustness {
  @Test("mutated requests: one JSON line each, failures change nothing", arguments: 0..<4)
  func mutatedRequests(seed: UInt64) throws {
    var rng = SplitMix64(seed: seed &+ 0x5e55)
    var session = LayoutSession<FastFlowLayout>()
    let open =
      #"{"open": {"layout": "horizontalFlow", "width": 100, "estimatedItemSize": [100, 50], "viewport": [0, 50, 100, 100], "sections": [{"items": [null, [10, 10], {"estimate": [20, 20]}, null]}]}}"#
    _ = session.answer(Array(open.utf8))
    let requests = [
      #"{"apply": {"measureItems": [{"at": [0, 0], "size": [100, 80]}], "deleteItems": [[0, 1]]}}"#,
      #"{"viewport": [0, 10, 100, 100]}"#, #"{"elements": [0, 0, 100, 100]}"#,
      #"{"frame": [0, 2]}"#,
      #"{"hitTest": [5, 5]}"#, #"{"apply": {"insertSections": [{"at": 0, "items": [null]}]}}"#,
    ]
    let noise: [UInt8] = Array(#"{}[]",:0-9.e nulltrue"x\#u{7f}"#.utf8)
    for _ in 0..<300 {
      var bytes = Array(requests[Int(rng.next() % UInt64(requests.count))].utf8)
      for _ in 0..<Int(rng.next() % 3) {
        let i = Int(rng.next() % UInt64(bytes.count))
        switch rng.next() % 3 {
        case 0: bytes.remove(at: i)
        case 1: bytes.insert(noise[Int(rng.next() % UInt64(noise.count))], at: i)
        default: bytes[i] = noise[Int(rng.next() % UInt64(noise.count))]
        }
        if bytes.isEmpty { bytes = Array("{}".utf8) }
      }
      let before = session.answer(Array(#"{"contentSize": null}"#.utf8))
      let answer = session.answer(bytes)
      #expect(!answer.contains("\n"))
      #expect((try? JSONSerialization.jsonObject(with: Data(answer.utf8))) != nil, "\(answer)")
      if answer.hasPrefix(#"{"error""#) {
        #expect(session.answer(Array(#"{"contentSize": null}"#.utf8)) == before)
      }
    }
  }
}
