import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

/// `EngineComparison` (FlowLayoutTestSupport, the one comparison) recording an issue per
/// difference (the first few only), with `context` naming the step.
struct LayoutComparison {
  var context: String
  var sourceLocation: SourceLocation
  private(set) var failures = 0

  init(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    self.context = context
    self.sourceLocation = sourceLocation
  }

  mutating func fail(_ message: String) {
    failures += 1
    if failures <= 5 {
      Issue.record("\(context): \(message)", sourceLocation: sourceLocation)
    }
  }

  /// Everything `LayoutEngine` answers, plus `rects` queried on both (`EngineComparison.compare`).
  mutating func compare<A: LayoutEngine, B: LayoutEngine>(
    _ a: A, _ b: B, rects: [Rect], compareInput: Bool = true
  ) {
    var comparison = EngineComparison()
    comparison.compare(a, b, rects: rects, compareInput: compareInput)
    for difference in comparison.differences { fail(difference) }
  }
}
