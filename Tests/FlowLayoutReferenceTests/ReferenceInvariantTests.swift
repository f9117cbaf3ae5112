import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutWorkloads
import Testing

/// Properties every layout satisfies, checked on seeded inputs of every variant and after
/// seeded batches.
@Suite("Reference engine: invariants")
struct ReferenceInvariantTests {
  /// `true` when the two frames share more than rounding of area (their interiors overlap).
  static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    let scale = EqualityContract.tolerance(max(a.maxX, a.maxY), max(b.maxX, b.maxY))
    let dx = min(a.maxX, b.maxX) - max(a.minX, b.minX)
    let dy = min(a.maxY, b.maxY) - max(a.minY, b.minY)
    return dx > scale && dy > scale
  }

  /// Checks every invariant of `engine`'s layout, recording an issue per violation.
  static func checkInvariants(_ engine: ReferenceFlowLayout, _ label: String) throws {
    let input = engine.input
    let c = input.configuration
    let transposed = c.scrollDirection == .horizontal && c.variant.honoursScrollDirection
    let elements = engine.allElements
    let items = elements.filter { $0.kind == .item }
    let hidden = engine.hiddenItems
    let overflowing = Set(engine.overflowingItems)

    // Visible and hidden items partition the items; both lists in document order.
    let visiblePaths = items.map(\.path)
    #expect(visiblePaths == visiblePaths.sorted(), "\(label)")
    #expect(hidden == hidden.sorted(), "\(label)")
    #expect(Set(visiblePaths).isDisjoint(with: hidden), "\(label)")
    #expect(visiblePaths.count + hidden.count == input.itemCount, "\(label)")
    #expect(overflowing.isSubset(of: Set(visiblePaths)), "\(label)")

    // No two visible items overlap beyond rounding.
    for i in items.indices {
      for j in items.indices where j > i && overlap(items[i].frame, items[j].frame) {
        Issue.record("\(label): \(items[i]) overlaps \(items[j])")
      }
    }

    // Along the line axis every item lies within [0, line extent] unless it overflows (or the
    // variant is horizontalScroll, whose content is as wide as its widest line); across, within
    // the content size.
    let size = engine.contentSize
    let lineExtent = transposed ? size.height : size.width
    let crossExtent = transposed ? size.width : size.height
    let tolerance = EqualityContract.tolerance(size.width, size.height)
    for element in elements {
      let f = transposed ? element.frame.transposed : element.frame
      if element.kind != .item {
        // Headers and footers span the bounds (docs/semantics.md: also for horizontalScroll,
        // whose content may be narrower than the bounds).
        #expect(f.minX == 0 && f.width == (transposed ? input.bounds.height : input.bounds.width))
      } else if !overflowing.contains(element.path) {
        #expect(f.minX >= -tolerance && f.maxX <= lineExtent + tolerance, "\(label): \(element)")
      }
      #expect(f.minY >= -tolerance && f.maxY <= crossExtent + tolerance, "\(label): \(element)")
    }
    if c.variant != .horizontalScroll {
      #expect(
        size
          == (transposed
            ? Size(size.width, input.bounds.height) : Size(input.bounds.width, size.height)))
    }

    // An overflowing item is wider than the line and alone at x = l.
    let lineLength =
      transposed
      ? input.bounds.height - c.sectionInset.top - c.sectionInset.bottom
      : input.bounds.width - c.sectionInset.left - c.sectionInset.right
    for element in items where overflowing.contains(element.path) {
      let f = transposed ? element.frame.transposed : element.frame
      #expect(f.width > lineLength, "\(label): \(element)")
      #expect(
        f.minX == (transposed ? c.sectionInset.top : c.sectionInset.left), "\(label): \(element)")
    }
  }

  @Test("invariants hold on seeded inputs of every variant")
  func seededInputs() throws {
    let inputs = SeededInputs.validInputs(count: 400, seed: 0x5eed_0002)
    #expect(Set(inputs.map(\.configuration.variant)) == Set(LayoutVariant.allCases))
    for (n, input) in inputs.enumerated() {
      try Self.checkInvariants(
        try ReferenceFlowLayout(input), "input \(n) \(input.configuration.variant)")
    }
  }

  @Test("after every accepted batch: invariants hold and the layout equals one from scratch")
  func seededBatches() throws {
    var rng = SplitMix64(seed: 0x5eed_0003)
    var accepted = 0
    for (n, input) in SeededInputs.validInputs(count: 80, seed: 0x5eed_0004).enumerated() {
      var engine = try ReferenceFlowLayout(input)
      for step in 0..<6 {
        let update = SeededInputs.batch(for: engine.input, &rng)
        let before = LayoutSnapshot(engine)
        do {
          try engine.apply(update)
          accepted += 1
        } catch {
          #expect(LayoutSnapshot(engine) == before, "input \(n) step \(step): \(error)")
          continue
        }
        let fresh = try ReferenceFlowLayout(engine.input)
        #expect(LayoutSnapshot(engine) == LayoutSnapshot(fresh), "input \(n) step \(step)")
        try Self.checkInvariants(engine, "input \(n) step \(step)")
      }
    }
    #expect(accepted > 100)
  }

  @Test("resizing an item to the size it has changes nothing")
  func idempotentResize() throws {
    for input in SeededInputs.validInputs(count: 40, seed: 0x5eed_0005) {
      guard let s = input.sections.firstIndex(where: { $0.count > 0 }) else { continue }
      var engine = try ReferenceFlowLayout(input)
      let before = LayoutSnapshot(engine)
      try engine.apply(
        BatchUpdate(resizeItems: [
          ItemResize(at: ItemPath(s, 0), size: input.sections[s].itemSize(at: 0))
        ]))
      #expect(LayoutSnapshot(engine) == before)
    }
  }
}
