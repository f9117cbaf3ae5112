import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// Interactive reordering (`docs/semantics.md`, "Interactive reordering") on random documents
/// (the differential recipes, paged fast engines) and random pointers: fast ≡ reference for
/// every target and lifted frame, both reading directions; the live layout after any number of
/// pointer moves equals the layout before the drag with the one `moveItems` batch of `end`;
/// `cancel` restores the layout before the drag; live ↔ document paths map the items.
@Suite("Interactive move properties")
struct InteractiveMoveProperties {
  /// A random pointer over the content and a margin of 60 pt around it.
  static func pointer(_ content: Size, _ bounds: Size, _ random: inout SplitMix64) -> Point {
    let w = max(content.width, bounds.width)
    return Point(
      x: random.nextDouble(in: -60...(w + 60)), y: random.nextDouble(in: -60...(content.height + 60)))
  }

  @Test("fast ≡ reference on every pointer move; end ≡ one moveItems batch; cancel restores")
  func fastMatchesReference() throws {
    var compared = 0
    var moved = 0
    var crossSection = 0
    PresentationProperties.forEachCase { fastBefore, referenceBefore, _, random in
      let items = referenceBefore.allElements.filter { $0.kind == .item }
      guard !items.isEmpty else { return }
      let source = items[random.nextInt(below: items.count)].path
      let direction: LayoutDirection = random.nextInt(below: 2) == 0 ? .leftToRight : .rightToLeft
      var fast = fastBefore
      var reference = referenceBefore
      guard var fastMove = try? InteractiveMove(beginningAt: source, in: fast, layoutDirection: direction),
        var referenceMove = try? InteractiveMove(
          beginningAt: source, in: reference, layoutDirection: direction)
      else {
        Issue.record("begin at visible \(source) failed")
        return
      }
      #expect(EqualityContract.close(fastMove.liftedFrame, referenceMove.liftedFrame))
      for step in 0..<12 {
        let p = Self.pointer(reference.contentSize, referenceBefore.input.bounds, &random)
        do {
          try fastMove.update(to: p, in: &fast)
          try referenceMove.update(to: p, in: &reference)
        } catch {
          Issue.record("update to \(p): \(error)")
          return
        }
        compared += 1
        #expect(
          fastMove.target == referenceMove.target,
          "step \(step) from \(source) to \(p) \(direction): fast \(fastMove.target), reference \(referenceMove.target)"
        )
        #expect(EqualityContract.close(fastMove.liftedFrame, referenceMove.liftedFrame))
        if fastMove.target != referenceMove.target { return }
      }
      if fastMove.target != source { moved += 1 }
      if fastMove.target.section != source.section { crossSection += 1 }
      let rects = EngineComparison.probeRects(contentSize: reference.contentSize)
      if let d = EngineComparison.difference(fast, reference, rects: rects) {
        Issue.record("live layouts differ: \(d)")
      }
      // Every live item is the document item the mapping names.
      for element in reference.allElements where element.kind == .item {
        let document = referenceMove.documentPath(ofLive: element.path)
        #expect(referenceMove.livePath(ofDocument: document) == element.path)
        #expect(
          (try? reference.ownSize(ofItemAt: element.path))
            == (try? referenceBefore.ownSize(ofItemAt: document)))
      }
      // Cancel restores the layout before the drag (input included).
      var fastCancelled = fast
      var referenceCancelled = reference
      try? fastMove.cancel(in: &fastCancelled)
      try? referenceMove.cancel(in: &referenceCancelled)
      if let d = EngineComparison.difference(fastCancelled, fastBefore, rects: rects) {
        Issue.record("fast cancel: \(d)")
      }
      if let d = EngineComparison.difference(referenceCancelled, referenceBefore, rects: rects) {
        Issue.record("reference cancel: \(d)")
      }
      // End: the batch on the layout before the drag gives the live layout.
      let batch = fastMove.end()
      #expect(batch == referenceMove.end())
      var fastBatched = fastBefore
      var referenceBatched = referenceBefore
      do {
        try fastBatched.apply(batch)
        try referenceBatched.apply(batch)
      } catch {
        Issue.record("batch \(batch): \(error)")
        return
      }
      if let d = EngineComparison.difference(fast, fastBatched, rects: rects) {
        Issue.record("fast end ≠ batch: \(d)")
      }
      if let d = EngineComparison.difference(reference, referenceBatched, rects: rects) {
        Issue.record("reference end ≠ batch: \(d)")
      }
    }
    #expect(compared > 2000 && moved > 100 && crossSection > 20, "\(compared) compared, \(moved) moved, \(crossSection) across sections")
  }

  /// A document of `sections` sections of mixed sizes for the long drags.
  static func document(seed: UInt64, sections: Int, items: Int, variant: LayoutVariant)
    -> LayoutInput
  {
    var random = SplitMix64(seed: seed)
    var configuration = LayoutConfiguration(variant: variant)
    configuration.estimatedItemSize = Size(width: 50, height: 50)
    configuration.minimumInteritemSpacing = 8
    configuration.minimumLineSpacing = 6
    let list = (0..<sections).map { _ in
      SectionData(
        header: 20,
        items: (0..<items).map { _ in
          Size(width: random.nextDouble(in: 20...140), height: random.nextDouble(in: 20...90))
        })
    }
    return LayoutInput(configuration: configuration, bounds: Size(width: 375, height: 812), sections: list)
  }

  @Test("1 000 pointer moves then end equals the single moveItems batch, in both engines")
  func thousandMovesThenEnd() throws {
    for (seed, direction) in [(UInt64(1), LayoutDirection.leftToRight), (2, .rightToLeft)] {
      let input = Self.document(seed: seed, sections: 3, items: 60, variant: .horizontalFlow)
      let fastBefore = try FastFlowLayout(input)
      let referenceBefore = try ReferenceFlowLayout(input)
      var fast = fastBefore
      var reference = referenceBefore
      var fastMove = try InteractiveMove(beginningAt: ItemPath(1, 7), in: fast, layoutDirection: direction)
      var referenceMove = try InteractiveMove(
        beginningAt: ItemPath(1, 7), in: reference, layoutDirection: direction)
      var random = SplitMix64(seed: seed &+ 99)
      // A wandering pointer: small steps, now and then a jump.
      var p = fastMove.pointer
      for _ in 0..<1_000 {
        if random.nextInt(below: 20) == 0 {
          p = Self.pointer(fast.contentSize, input.bounds, &random)
        } else {
          p.x += random.nextDouble(in: -40...40)
          p.y += random.nextDouble(in: -40...40)
        }
        try fastMove.update(to: p, in: &fast)
        try referenceMove.update(to: p, in: &reference)
        #expect(fastMove.target == referenceMove.target)
      }
      #expect(fastMove.movesApplied > 100, "\(fastMove.movesApplied) moves")
      #expect(fastMove.movesApplied == referenceMove.movesApplied)
      let batch = fastMove.end()
      #expect(batch == referenceMove.end())
      var fastBatched = fastBefore
      var referenceBatched = referenceBefore
      try fastBatched.apply(batch)
      try referenceBatched.apply(batch)
      let rects = EngineComparison.probeRects(contentSize: fast.contentSize)
      #expect(EngineComparison.difference(fast, fastBatched, rects: rects) == nil)
      #expect(EngineComparison.difference(reference, referenceBatched, rects: rects) == nil)
      #expect(EngineComparison.difference(fast, reference, rects: rects) == nil)
    }
  }

  @Test("cancel after 1 000 pointer moves restores the layout before the drag, in both engines")
  func thousandMovesThenCancel() throws {
    let input = Self.document(seed: 3, sections: 2, items: 80, variant: .horizontalFlow)
    let fastBefore = try FastFlowLayout(input)
    let referenceBefore = try ReferenceFlowLayout(input)
    var fast = fastBefore
    var reference = referenceBefore
    var fastMove = try InteractiveMove(beginningAt: ItemPath(0, 40), in: fast)
    var referenceMove = try InteractiveMove(beginningAt: ItemPath(0, 40), in: reference)
    var random = SplitMix64(seed: 7)
    for _ in 0..<1_000 {
      let p = Self.pointer(fast.contentSize, input.bounds, &random)
      try fastMove.update(to: p, in: &fast)
      try referenceMove.update(to: p, in: &reference)
      #expect(fastMove.target == referenceMove.target)
    }
    try fastMove.cancel(in: &fast)
    try referenceMove.cancel(in: &reference)
    let rects = EngineComparison.probeRects(contentSize: fast.contentSize)
    #expect(EngineComparison.difference(fast, fastBefore, rects: rects) == nil)
    #expect(EngineComparison.difference(reference, referenceBefore, rects: rects) == nil)
  }

  @Test("bad pointers, missing and hidden items are typed errors that change nothing")
  func errors() throws {
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.numberOfRows = 1
    configuration.minimumInteritemSpacing = 0
    let input = LayoutInput(
      configuration: configuration, bounds: Size(100, 300),
      sections: [SectionData(items: [Size(50, 50), Size(50, 50), Size(50, 50)])])
    try check(FastFlowLayout(input))
    try check(ReferenceFlowLayout(input))

    func check<E: InteractivelyMovingLayoutEngine>(_ before: E) throws {
      #expect(throws: LayoutError.itemHidden(path: ItemPath(0, 2))) {
        try InteractiveMove(beginningAt: ItemPath(0, 2), in: before)
      }
      #expect(throws: LayoutError.itemOutOfRange(field: "begin", path: ItemPath(0, 3))) {
        try InteractiveMove(beginningAt: ItemPath(0, 3), in: before)
      }
      var engine = before
      var move = try InteractiveMove(beginningAt: ItemPath(0, 0), in: engine)
      try move.update(to: Point(x: 90, y: 10), in: &engine)
      #expect(move.target == ItemPath(0, 1))
      let live = move
      for (p, field) in [
        (Point(x: .nan, y: 0), "pointer.x"), (Point(x: 0, y: .infinity), "pointer.y"),
        (Point(x: -.infinity, y: .nan), "pointer.x"),
      ] {
        do {
          try move.update(to: p, in: &engine)
          Issue.record("\(p) accepted")
        } catch {
          #expect(error.field == field)
        }
        #expect(move.target == live.target && move.pointer == live.pointer)
      }
      #expect(throws: LayoutError.itemOutOfRange(field: "lifted", path: ItemPath(1, 0))) {
        try engine.interactiveMoveTarget(for: Point(x: 0, y: 0), lifting: ItemPath(1, 0))
      }
      // The one visible item besides the lifted one; a hidden target is allowed (item 2's slot).
      #expect(try engine.interactiveMoveTarget(for: Point(x: 0, y: 0), lifting: ItemPath(0, 1)) == ItemPath(0, 0))
    }
  }
}
