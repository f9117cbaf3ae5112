import FlowLayoutCore
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import PropertyBased
import Testing

/// Self-sizing over both engines: estimated items, measurements (new sizes and the same size),
/// a viewport and each scroll-anchor rule, on the random scenarios of `ScenarioRecipe`.
///
/// After every batch: the two `SelfSizingLayout`s agree (layouts, estimated items, content
/// offset); the estimated items equal an oracle that follows item identities through the model's
/// plain data transformation; and the content offset obeys the anchor rule, checked against the
/// same identity oracle: the first item that intersected the viewport before and survives keeps
/// its distance to the viewport's leading edge (1e-9 relative) unless the offset clamps.
@Suite("Self-sizing: fast ≡ reference, the anchor holds")
struct SelfSizingProperties {
  @Test(.shrinking)
  func randomScenarios() async {
    await propertyCheck(
      count: max(DifferentialCorpus.propertyRuns / 3, 100),
      input: zip(ScenarioRecipe.generator(), Gen.int(in: 0...9999).array(of: 8))
    ) { recipe, extra in
      SelfSizingRun.check(recipe, extra: extra)
    }
  }

  @Test(
    arguments: [
      // Long sections, a viewport in the middle, measurements above it.
      (
        ScenarioRecipe(
          options: [0, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0],
          sections: [[0, 0, 0] + Array(5000..<5060)],
          edits: [[3, 0, 2, 5100, 0], [8, 0, 3, 0, 1]]),
        [0, 500, 300, 2, 7, 3, 1, 9]
      ),
      (
        ScenarioRecipe(
          options: [2, 0, 2, 0, 0, 0, 0, 0, 1, 0, 3, 0, 0, 0],
          sections: [[1, 1, 0] + Array(5000..<5040), [0, 0, 1, 5005, 5005]],
          edits: [[6, 0, 3, 0, 0]]),
        [2, 400, 100, 1, 3, 5, 2, 4]
      ),
    ] as [(ScenarioRecipe, [Int])])
  func seededCases(_ recipe: ScenarioRecipe, _ extra: [Int]) {
    SelfSizingRun.check(recipe, extra: extra)
  }
}

enum SelfSizingRun {
  static func check(
    _ recipe: ScenarioRecipe, extra: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    func x(_ i: Int) -> Int { i < extra.count ? extra[i] : 0 }
    let input = recipe.input
    let anchor = ScrollAnchor.allCases[x(0) % 3]
    // Every `x(4) % 4`-th item estimated (0: none).
    let stride = x(4) % 4
    let estimated = input.sections.map { section in
      stride == 0
        ? ItemIndexSet()
        : ItemIndexSet(Swift.stride(from: x(5) % stride, to: section.count, by: stride))
    }
    guard let probe = try? ReferenceFlowLayout(input) else { return }
    let content = probe.contentSize
    let viewport = Rect(
      x: Double(x(2) % 100) / 100 * content.width + 0.125,
      y: Double(x(1) % 1000) / 1000 * content.height + 0.375,
      width: [375, 100, 40.5, 1000][x(3) % 4], height: [812, 100, 33.25, 2000][x(3) / 4 % 4])
    guard
      var fast = try? SelfSizingLayout<FastFlowLayout>(
        input, estimatedItems: estimated, viewport: viewport, scrollAnchor: anchor),
      var ref = try? SelfSizingLayout<ReferenceFlowLayout>(
        input, estimatedItems: estimated, viewport: viewport, scrollAnchor: anchor)
    else {
      Issue.record("a valid input was refused", sourceLocation: sourceLocation)
      return
    }
    var step = 0
    var failed = false
    func fail(_ message: String) {
      guard !failed else { return }
      failed = true
      Issue.record("\(message)\n  in \(recipe), extra: \(extra)", sourceLocation: sourceLocation)
    }
    var measureCode = x(6)
    _ = recipe.batches(startingFrom: input) { plain in
      guard !failed else { return nil }
      step += 1
      let batch = withMeasurements(plain, input: ref.engine.input, code: &measureCode)
      let expectedOffset = anchoredOffset(ref, batch)
      let expectedEstimated = estimatedOracle(ref, batch)
      let r = Result { () throws(LayoutError) in try ref.apply(batch) }
      let f = Result { () throws(LayoutError) in try fast.apply(batch) }
      var comparison = LayoutComparison(
        "self-sizing batch \(step) \(batch)", sourceLocation: sourceLocation)
      switch (r, f) {
      case (.success, .success):
        comparison.compare(fast.engine, ref.engine, rects: [viewport, fast.viewport ?? viewport])
        if fast.estimatedItems != ref.estimatedItems {
          comparison.fail(
            "estimated items: fast \(fast.estimatedItems) vs reference \(ref.estimatedItems)")
        }
        if let expectedEstimated, ref.estimatedItems.array != expectedEstimated {
          comparison.fail("estimated items \(ref.estimatedItems), oracle \(expectedEstimated)")
        }
        for (name, offset) in [("fast", fast.contentOffset), ("reference", ref.contentOffset)] {
          guard let offset, let expectedOffset else { continue }
          if !(EqualityContract.close(offset.x, expectedOffset.offset.x)
            && EqualityContract.close(offset.y, expectedOffset.offset.y))
          {
            comparison.fail(
              "\(name) offset \(offset), the anchor rule gives \(expectedOffset.offset)")
          }
        }
        // The anchor's distance is kept unless clamped.
        if let expectedOffset, let kept = expectedOffset.keptDistance,
          let offset = ref.contentOffset,
          let top = expectedOffset.anchorTop
        {
          let leading = expectedOffset.axisIsX ? offset.x : offset.y
          let distance = top - leading
          if abs(distance - kept) > EqualityContract.tolerance(top, leading) {
            comparison.fail("anchor distance \(distance), before \(kept)")
          }
        }
      case (.failure(let a), .failure(let b)):
        if !EngineComparison.sameError(a, b) {
          comparison.fail("errors differ: reference \(a) vs fast \(b)")
        }
      default:
        comparison.fail("apply: reference \(r) vs fast \(f)")
      }
      if comparison.failures > 0 {
        fail("self-sizing layouts differ at batch \(step)")
        return nil
      }
      return ref.engine.input
    }
  }

  /// `batch` plus up to two measurements of items it does not otherwise edit: a new size, or
  /// the size the item has (idempotence).
  static func withMeasurements(_ batch: BatchUpdate, input: LayoutInput, code: inout Int)
    -> BatchUpdate
  {
    var result = batch
    let touched = Set(batch.deleteItems + batch.resizeItems.map(\.at) + batch.moveItems.map(\.from))
    let deletedSections = Set(batch.deleteSections)
    for _ in 0..<(code % 3) {
      code = (code &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
      guard !input.sections.isEmpty else { break }
      let s = code % input.sections.count
      guard input.sections[s].count > 0, !deletedSections.contains(s) else { continue }
      let path = ItemPath(section: s, item: (code / 7) % input.sections[s].count)
      guard !touched.contains(path), !result.measureItems.contains(where: { $0.at == path }) else {
        continue
      }
      let size =
        code % 2 == 0
        ? input.sections[s].itemSize(at: path.item) : ScenarioRecipe.itemSize(code / 11)
      result.measureItems.append(ItemResize(at: path, size: size))
    }
    return result
  }

  /// Every item's identity (its index in document order before the batch), followed through
  /// the model's plain data transformation (`BatchUpdate.applied`): new path → old identity,
  /// `nil` for inserted items. `nil` when the batch is invalid.
  static func identities(_ input: LayoutInput, _ batch: BatchUpdate) -> [[Int?]]? {
    var tagged = input
    var next = 1.0
    for s in tagged.sections.indices {
      for i in tagged.sections[s].itemWidths.indices {
        tagged.sections[s].itemWidths[i] = next
        tagged.sections[s].itemHeights[i] = 0
        next += 1
      }
    }
    var plain = batch
    plain.measureItems = []
    plain.resizeItems = []  // sizes carry the identities
    for k in plain.insertItems.indices { plain.insertItems[k].size = .zero }
    for k in plain.insertSections.indices {
      let count = plain.insertSections[k].section.count
      plain.insertSections[k].section.itemWidths = Array(repeating: 0, count: count)
    }
    guard let after = try? tagged.applying(plain) else { return nil }
    return after.sections.map { section in
      section.itemWidths.map { $0 == 0 ? nil : Int($0) - 1 }
    }
  }

  /// The estimated items after `batch`, by identity.
  static func estimatedOracle<E: LayoutEngine>(_ layout: SelfSizingLayout<E>, _ batch: BatchUpdate)
    -> [ItemIndexSet]?
  {
    let input = layout.engine.input
    guard let ids = identities(input, batch) else { return nil }
    var flat: [ItemPath] = []
    for (s, section) in input.sections.enumerated() {
      for i in 0..<section.count { flat.append(ItemPath(section: s, item: i)) }
    }
    let measured = Set(batch.measureItems.map(\.at))
    let insertedSection = Dictionary(
      batch.insertSections.map { ($0.at, $0.estimatedItems) }, uniquingKeysWith: { a, _ in a })
    return ids.enumerated().map { n, column in
      if let set = insertedSection[n] { return set }
      return ItemIndexSet(
        column.indices.filter { i in
          guard let id = column[i] else { return false }
          let old = flat[id]
          return layout.isEstimated(old) && !measured.contains(old)
        })
    }
  }

  struct ExpectedOffset {
    var offset: Point
    var axisIsX: Bool
    /// The anchor's distance before, when the rule kept it and the offset did not clamp.
    var keptDistance: Double?
    var anchorTop: Double?
  }

  /// The content offset the anchor rule gives after `batch`, computed from the identities and
  /// a layout of the batch applied to a copy. `nil` without a viewport or for an invalid batch.
  static func anchoredOffset<E: LayoutEngine>(_ layout: SelfSizingLayout<E>, _ batch: BatchUpdate)
    -> ExpectedOffset?
  {
    guard let viewport = layout.viewport, let ids = identities(layout.engine.input, batch) else {
      return nil
    }
    var after = layout
    guard (try? after.apply(batch)) != nil else { return nil }
    let engine = after.engine
    let configuration = engine.input.configuration
    let axisIsX =
      configuration.scrollDirection == .horizontal && configuration.variant.honoursScrollDirection
    func lead(_ r: Rect) -> Double { axisIsX ? r.minX : r.minY }
    // Identity → new path.
    var flatBefore: [ItemPath: Int] = [:]
    var id = 0
    for (s, section) in layout.engine.input.sections.enumerated() {
      for i in 0..<section.count {
        flatBefore[ItemPath(section: s, item: i)] = id
        id += 1
      }
    }
    var newPath: [Int: ItemPath] = [:]
    for (s, column) in ids.enumerated() {
      for (i, old) in column.enumerated() {
        if let old { newPath[old] = ItemPath(section: s, item: i) }
      }
    }
    let content = engine.contentSize
    let before = layout.engine.contentSize
    let viewLength = axisIsX ? viewport.width : viewport.height
    let contentLength = axisIsX ? content.width : content.height
    let beforeLength = axisIsX ? before.width : before.height
    var leading = lead(viewport)
    var kept: Double?
    var anchorTop: Double?
    let atEnd =
      (axisIsX ? viewport.maxX : viewport.maxY) >= beforeLength - EqualityContract.tolerance(beforeLength, 0)
    if layout.scrollAnchor == .bottom && atEnd {
      leading = contentLength - viewLength
    } else if layout.scrollAnchor != .none {
      // The band rule (docs/semantics.md, "The scroll anchor"): candidates overlap the
      // viewport by more than the tolerance.
      for element in layout.engine.elements(in: viewport)
      where element.kind == .item && element.frame.certainlyIntersects(viewport) {
        guard let path = newPath[flatBefore[element.path]!],
          let frame = try? engine.frame(ofItemAt: path)
        else { continue }
        kept = lead(element.frame) - lead(viewport)
        anchorTop = lead(frame)
        leading = lead(frame) - kept!
        break
      }
    }
    let clamped = min(max(leading, 0), max(0, contentLength - viewLength))
    if clamped != leading { kept = nil }
    let crossView = axisIsX ? viewport.height : viewport.width
    let crossContent = axisIsX ? content.height : content.width
    let cross = min(
      max(axisIsX ? viewport.minY : viewport.minX, 0), max(0, crossContent - crossView))
    return ExpectedOffset(
      offset: axisIsX ? Point(x: clamped, y: cross) : Point(x: cross, y: clamped), axisIsX: axisIsX,
      keptDistance: kept, anchorTop: anchorTop)
  }
}
