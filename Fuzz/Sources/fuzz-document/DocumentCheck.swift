import FlowLayoutDocument
import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import FuzzSupport

/// The property `fuzz-document` checks for one input:
///
/// 1. `LayoutDocument.decode` returns a document or throws a `LayoutError` (never crashes);
/// 2. a decoded document (at most `maximumItems` items, counting inserted sections) lays out
///    with both engines, or both throw the same error;
/// 3. after the first layout and after every edit the two engines agree (`EngineComparison`),
///    and an edit either succeeds on both or fails on both with the same error, leaving both as
///    they were;
/// 4. the input after every edit is `LayoutInput.applying(edit)` of the input before it;
/// 5. after the last edit, a fresh fast layout of the final input agrees with the incremental one;
/// 6. `LayoutOutput(engine:rect:).json()` of the result does not crash;
/// 7. a refused document's error is one line `<field>: <reason>` (docs/layout-document.md,
///    "Errors") with a non-empty field.
enum DocumentCheck {
  static let maximumItems = 5_000

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let document: LayoutDocument
    do {
      document = try LayoutDocument.decode(bytes)
    } catch {
      checkMessage(error)
      checkStreamRefusal(bytes, error)
      return
    }
    var stream = JSONStreamCheck()
    if let refused = stream.check(UnsafeRawBufferPointer(bytes)) {
      fuzzFailure("JSONStreamCheck refused byte \(refused) of a valid document")
    }
    var items = document.input.itemCount
    for edit in document.edits {
      items += edit.insertItems.count
      for s in edit.insertSections { items += s.section.count }
    }
    guard items <= maximumItems, document.edits.count <= 64 else { return }
    // Per-section metrics are laid out by the reference engine only (the fast one refuses them,
    // docs/semantics.md, "Per-section metrics"): nothing to compare yet.
    func hasMetrics(_ section: SectionData) -> Bool { !(section.metrics?.isEmpty ?? true) }
    if document.input.sections.contains(where: hasMetrics)
      || document.edits.contains(where: { $0.insertSections.contains { hasMetrics($0.section) } })
    {
      return
    }

    let madeFast = Result { () throws(LayoutError) in try FastFlowLayout(document.input) }
    let madeReference = Result { () throws(LayoutError) in
      try ReferenceFlowLayout(document.input)
    }
    guard case .success(var fast) = madeFast, case .success(var reference) = madeReference else {
      switch (madeFast, madeReference) {
      case (.failure(let x), .failure(let y)) where EngineComparison.sameError(x, y):
        // The decoder promises a valid document: an engine refusing it is a decoder bug.
        fuzzFailure("decoded document refused by both engines: \(x)")
      default:
        fuzzFailure("init: fast \(madeFast) vs reference \(madeReference)")
      }
    }
    compare(fast, reference, step: "initial layout")
    for (k, decoded) in document.edits.enumerated() {
      let before = fast.input
      // Measurements reach an engine as resizes (SelfSizingLayout's engine batch).
      let edit = decoded.engineBatch { before.sections[$0.section].itemSize(at: $0.item) }
      let expected = Result { () throws(LayoutError) in try before.applying(edit) }
      let a = Result { () throws(LayoutError) in try fast.apply(edit) }
      let b = Result { () throws(LayoutError) in try reference.apply(edit) }
      switch (a, b) {
      case (.success, .success):
        guard case .success(let input) = expected, input == fast.input else {
          fuzzFailure("edits[\(k)]: engine input is not LayoutInput.applying(edit): \(expected)")
        }
      case (.failure(let x), .failure(let y)):
        if !EngineComparison.sameError(x, y) {
          fuzzFailure("edits[\(k)]: errors differ: fast \(x) vs reference \(y)")
        }
        fuzzFailure("edits[\(k)]: a decoded (validated) edit was refused: \(x)")
      default:
        fuzzFailure("edits[\(k)]: fast \(a) vs reference \(b)")
      }
      compare(fast, reference, step: "after edits[\(k)]")
    }
    if !document.edits.isEmpty {
      guard let fresh = try? FastFlowLayout(fast.input) else {
        fuzzFailure("the final input does not lay out from scratch")
      }
      compare(fresh, fast, step: "fresh fast layout vs incremental fast layout")
    }
    let rect = EngineComparison.probeRects(contentSize: fast.contentSize)[2]
    _ = LayoutOutput(engine: fast, rect: nil).json()
    _ = LayoutOutput(engine: reference, rect: rect).json(pretty: true)
  }

  static func checkMessage(_ error: LayoutError) {
    let text = error.description
    if error.field.isEmpty || !text.hasPrefix(error.field + ": ")
      || text.contains(where: \.isNewline)
    {
      fuzzFailure("error is not one line '<field>: <reason>': \(String(reflecting: text))")
    }
  }

  static func compare<A: LayoutEngine, B: LayoutEngine>(_ a: A, _ b: B, step: String) {
    let rects = EngineComparison.probeRects(contentSize: a.contentSize)
    if let d = EngineComparison.difference(a, b, rects: rects) {
      fuzzFailure("\(step): \(A.engineName) vs \(B.engineName): \(d)")
    }
  }

  /// 8. `JSONStreamCheck` (the CLI's fail-fast reader) refuses no byte of a valid document
  ///    (above), and where it refuses a byte of a refused one, the decoder's error for the bytes
  ///    up to that byte is the error of the whole input.
  static func checkStreamRefusal(_ bytes: UnsafeBufferPointer<UInt8>, _ error: LayoutError) {
    var stream = JSONStreamCheck()
    guard let refused = stream.check(UnsafeRawBufferPointer(bytes)) else { return }
    do {
      _ = try LayoutDocument.decode(bytes[...refused])
      fuzzFailure("JSONStreamCheck refused byte \(refused), but the bytes up to it decode")
    } catch let prefixError {
      if prefixError.description != error.description {
        fuzzFailure(
          "JSONStreamCheck refused byte \(refused): prefix error \(prefixError) vs \(error)")
      }
    }
  }
}
