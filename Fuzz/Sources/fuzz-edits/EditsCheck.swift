import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import FuzzSupport

/// The property `fuzz-edits` checks for one input (an `EditRecipe`):
///
/// 1. both engines accept the recipe's input, or both throw the same `LayoutError`;
/// 2. for each batch (up to 24), both accept it or both throw the same error;
/// 3. a rejected batch leaves each engine exactly as it was (bit-identical snapshot);
/// 4. after an accepted batch the engines agree (`EngineComparison`) and the input is
///    `LayoutInput.applying(batch)` of the input before it; the batch is rejected exactly when
///    `applying` throws (same error);
/// 5. at the end, a fresh fast layout of the final input agrees with the incremental one.
enum EditsCheck {
  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    var r = FuzzBytes(bytes)
    let kernels: KernelSelection = r.flag() ? .scalar : .simd
    let input = EditRecipe.input(&r)
    let madeFast = Result { () throws(LayoutError) in try FastFlowLayout(input, kernels: kernels) }
    let madeReference = Result { () throws(LayoutError) in try ReferenceFlowLayout(input) }
    guard case .success(var fast) = madeFast, case .success(var reference) = madeReference else {
      if case (.failure(let x), .failure(let y)) = (madeFast, madeReference),
        EngineComparison.sameError(x, y)
      {
        return
      }
      fuzzFailure("init: fast \(madeFast) vs reference \(madeReference)")
    }
    compare(fast, reference, step: "initial layout")
    var step = 0
    while r.hasMore, step < 24 {
      let before = fast.input
      let update = EditRecipe.batch(&r, input: before)
      let expected = Result { () throws(LayoutError) in try before.applying(update) }
      let fastBefore = LayoutSnapshot(fast)
      let referenceBefore = LayoutSnapshot(reference)
      let a = Result { () throws(LayoutError) in try fast.apply(update) }
      let b = Result { () throws(LayoutError) in try reference.apply(update) }
      switch (a, b, expected) {
      case (.success, .success, .success(let input)):
        if fast.input != input { fuzzFailure("batch \(step): input is not applying(batch)") }
        compare(fast, reference, step: "after batch \(step) \(update)")
      case (.failure(let x), .failure(let y), .failure(let z)):
        if !EngineComparison.sameError(x, y) || !EngineComparison.sameError(x, z) {
          fuzzFailure("batch \(step): errors fast \(x) / reference \(y) / applying \(z)")
        }
        if let d = LayoutSnapshot(fast).difference(from: fastBefore) {
          fuzzFailure("batch \(step): rejected (\(x)) but the fast engine changed: \(d)")
        }
        if let d = LayoutSnapshot(reference).difference(from: referenceBefore) {
          fuzzFailure("batch \(step): rejected (\(x)) but the reference engine changed: \(d)")
        }
      default:
        fuzzFailure("batch \(step) \(update): fast \(a) / reference \(b) / applying \(expected)")
      }
      step += 1
    }
    if step > 0 {
      guard let fresh = try? FastFlowLayout(fast.input, kernels: kernels) else {
        fuzzFailure("the final input does not lay out from scratch")
      }
      compare(fresh, fast, step: "fresh fast layout vs incremental fast layout")
    }
  }

  static func compare<A: LayoutEngine, B: LayoutEngine>(_ a: A, _ b: B, step: String) {
    let rects = EngineComparison.probeRects(contentSize: a.contentSize)
    if let d = EngineComparison.difference(a, b, rects: rects) {
      fuzzFailure("\(step): \(A.engineName) vs \(B.engineName): \(d)")
    }
  }
}
