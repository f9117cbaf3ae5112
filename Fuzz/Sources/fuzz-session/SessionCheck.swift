import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import FuzzSupport

/// The property `fuzz-session` checks for one input, split at `\n` into request lines (at most
/// `maximumLines`), each answered by a `LayoutSession` of each engine:
///
/// 1. `answer` never crashes and returns one line (no newline character);
/// 2. both sessions answer every request alike: both with an error (the same text) or both
///    with an answer (numbers may differ within the equality contract, so only the kind is
///    compared);
/// 3. a request answered with an error leaves each session's layout exactly as it was
///    (`LayoutSnapshot`);
/// 4. the session stops once its layout holds more than `maximumItems` items, so that an input
///    runs in milliseconds (libFuzzer's `-max_len=8192` bounds one document anyway).
enum SessionCheck {
  static let maximumLines = 16
  static let maximumItems = 2_000

  static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    var fast = LayoutSession<FastFlowLayout>()
    var reference = LayoutSession<ReferenceFlowLayout>()
    for (k, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: true).enumerated() {
      guard k < maximumLines else { return }
      let fastBefore = fast.document.map { LayoutSnapshot($0.engine) }
      let referenceBefore = reference.document.map { LayoutSnapshot($0.engine) }
      let a = fast.answer(line)
      let b = reference.answer(line)
      for answer in [a, b] where answer.contains(where: { $0.isNewline }) {
        fuzzFailure("line \(k): answer spans lines: \(answer)")
      }
      let aFailed = a.hasPrefix("{\"error\":")
      let bFailed = b.hasPrefix("{\"error\":")
      guard aFailed == bFailed else { fuzzFailure("line \(k): fast \(a) vs reference \(b)") }
      if aFailed {
        guard a == b else { fuzzFailure("line \(k): errors differ: fast \(a) vs reference \(b)") }
        if fast.document.map({ LayoutSnapshot($0.engine) }) != fastBefore
          || reference.document.map({ LayoutSnapshot($0.engine) }) != referenceBefore
        {
          fuzzFailure("line \(k): a refused request changed the layout: \(a)")
        }
      }
      // A session that grew beyond the limit stops here.
      if let document = fast.document, document.engine.input.itemCount > maximumItems { return }
    }
  }
}
