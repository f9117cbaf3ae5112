import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Runs one scenario on both engines: lay out, compare, then after every batch compare again
/// (fast vs reference, and the fast engine's incremental state vs a fast layout from scratch).
enum DifferentialRun {
  /// - Returns: the number of batches compared.
  @discardableResult
  static func check(
    _ recipe: ScenarioRecipe, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    let input = recipe.input
    let reference = Result { () throws(LayoutError) in try ReferenceFlowLayout(input) }
    // Threads on, with chunks of a few items from 2 items on, so that every full layout of a
    // greedy section is broken in chunks with many seams (`ChunkedLineBreaking`); the layouts
    // from scratch below use one thread.
    let threading = LayoutThreading(
      threads: 2, minimumItems: 2, chunkItems: 1 + Int(recipe.seed % 7))
    let fastResult = Result { () throws(LayoutError) in
      try FastFlowLayout(input, kernels: .simd, threading: threading)
    }
    var reportedFailure = false
    func mismatch(_ message: String) {
      guard !reportedFailure else { return }
      reportedFailure = true
      Issue.record("\(message)\n  in \(recipe)", sourceLocation: sourceLocation)
    }
    guard case .success(var ref) = reference, case .success(var fast) = fastResult else {
      switch (reference, fastResult) {
      case (.failure(let a), .failure(let b)):
        if a != b { mismatch("init errors differ: reference \(a) vs fast \(b)") }
      default:
        mismatch("init: reference \(reference) vs fast \(fastResult)")
      }
      return 0
    }
    // Pages of a few items, so that every greedy section of the corpus is paged by its first
    // insertion or removal (the standard 1 024 would page none of them).
    // And a page list re-laid out with a gap of 1, so that section inserts grow it often.
    fast.pageCapacity = PageCapacity(target: recipe.pageTarget, smallGap: true)
    // Query rects drawn from the recipe itself, so that the printed recipe reproduces them.
    var random = SplitMix64(seed: recipe.seed)
    var comparison = LayoutComparison("after init", sourceLocation: sourceLocation)
    comparison.compare(fast, ref, rects: random.queryRects(over: fast.contentSize))
    checkInvariants(fast, &comparison)
    if comparison.failures > 0 {
      mismatch("layouts differ after init")
      return 0
    }
    var step = 0
    return recipe.batches(startingFrom: input) { batch in
      guard !reportedFailure else { return nil }
      step += 1
      let before = fast
      let r = Result { () throws(LayoutError) in try ref.apply(batch) }
      let f = Result { () throws(LayoutError) in try fast.apply(batch) }
      var comparison = LayoutComparison(
        "after batch \(step) \(batch)", sourceLocation: sourceLocation)
      switch (r, f) {
      case (.success, .success):
        comparison.compare(fast, ref, rects: random.queryRects(over: fast.contentSize))
        if let fresh = try? FastFlowLayout(fast.input, kernels: .simd, threading: .off) {
          comparison.context = "incremental vs from scratch after batch \(step) \(batch)"
          comparison.compare(fast, fresh, rects: random.queryRects(over: fast.contentSize))
        } else {
          comparison.fail("the fast engine's input no longer validates")
        }
        checkInvariants(fast, &comparison)
      case (.failure(let a), .failure(let b)):
        if !EngineComparison.sameError(a, b) {
          comparison.fail("apply errors differ: reference \(a) vs fast \(b)")
        }
        comparison.context = "rejected batch \(step) changed the fast engine"
        comparison.compare(fast, before, rects: [])
        if fast.allElements != before.allElements { comparison.fail("elements changed") }
      default:
        comparison.fail("apply: reference \(r) vs fast \(f)")
      }
      if comparison.failures > 0 {
        mismatch("layouts differ at batch \(step)")
        return nil
      }
      return ref.input
    }
  }

  /// Invariants of `../shared/notes/semantics.md` on one engine: elements in document order,
  /// items of a section that are not overflowing inside the content, no two items of a section
  /// overlapping with positive area, sections stacked without overlap.
  static func checkInvariants<E: LayoutEngine>(_ engine: E, _ comparison: inout LayoutComparison) {
    let elements = engine.allElements
    let overflowing = Set(engine.overflowingItems)
    let content = engine.contentSize
    var previous: (Int, Int)? = nil
    for e in elements {
      let order = (e.path.section, e.kind == .header ? -1 : e.kind == .item ? e.path.item : Int.max)
      if let p = previous, !(p < order) {
        comparison.fail("elements out of document order at \(e)")
        return
      }
      previous = order
      if e.kind == .item, !overflowing.contains(e.path) {
        let f = e.frame
        let t = EqualityContract.tolerance(content.width + content.height, 0) * 10
        if f.minX < -t || f.minY < -t || f.maxX > content.width + t || f.maxY > content.height + t {
          comparison.fail("\(e) lies outside the content \(content)")
          return
        }
      }
    }
    let items = elements.filter {
      $0.kind == .item && $0.frame.width > 1e-6 && $0.frame.height > 1e-6
    }
    if items.count <= 400 {
      for (i, a) in items.enumerated() {
        for b in items[(i + 1)...] where a.path.section == b.path.section {
          let ix = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
          let iy = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
          if ix > 1e-6, iy > 1e-6 {
            comparison.fail("\(a) overlaps \(b)")
            return
          }
        }
      }
    }
  }
}
