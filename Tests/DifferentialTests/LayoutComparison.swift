import FlowLayoutEquality
import FlowLayoutModel
import Testing

/// Compares two engines' whole answers under `EqualityContract`, recording an issue per
/// difference (the first few only) with `context` naming the step.
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

  /// Everything `LayoutEngine` answers, plus `rects` queried on both.
  mutating func compare<A: LayoutEngine, B: LayoutEngine>(
    _ a: A, _ b: B, rects: [Rect], compareInput: Bool = true
  ) {
    let an = A.engineName
    let bn = B.engineName
    if compareInput, a.input != b.input { fail("input differs") }
    if !EqualityContract.close(a.contentSize, b.contentSize) {
      fail("contentSize \(an) \(a.contentSize) vs \(bn) \(b.contentSize)")
    }
    if a.hiddenItems != b.hiddenItems {
      fail("hiddenItems \(an) \(a.hiddenItems.prefix(20)) vs \(bn) \(b.hiddenItems.prefix(20))")
    }
    if a.overflowingItems != b.overflowingItems {
      fail("overflowingItems \(an) \(a.overflowingItems) vs \(bn) \(b.overflowingItems)")
    }
    compareElements(a.allElements, b.allElements, what: "allElements", an: an, bn: bn)
    let sections = a.input.sections
    for s in -1...sections.count {
      for kind in [ElementKind.header, .footer] {
        let fa = Result { () throws(LayoutError) in try a.supplementaryFrame(kind, inSection: s) }
        let fb = Result { () throws(LayoutError) in try b.supplementaryFrame(kind, inSection: s) }
        switch (fa, fb) {
        case (.success(let x), .success(let y)):
          if (x == nil) != (y == nil) || (x != nil && !EqualityContract.close(x!, y!)) {
            fail(
              "supplementaryFrame(\(kind), \(s)) \(an) \(String(describing: x)) vs \(bn) \(String(describing: y))"
            )
          }
        case (.failure(let x), .failure(let y)):
          if x != y { fail("supplementaryFrame(\(kind), \(s)) errors \(x) vs \(y)") }
        default:
          fail("supplementaryFrame(\(kind), \(s)) \(an) \(fa) vs \(bn) \(fb)")
        }
      }
    }
    var paths: [ItemPath] = [ItemPath(-1, 0), ItemPath(sections.count, 0)]
    for (s, section) in sections.enumerated() {
      paths.append(ItemPath(s, -1))
      paths.append(ItemPath(s, section.count))
      let step = max(1, section.count / 64)
      for i in stride(from: 0, to: section.count, by: step) { paths.append(ItemPath(s, i)) }
      if section.count > 0 { paths.append(ItemPath(s, section.count - 1)) }
    }
    for path in paths {
      let fa = Result { () throws(LayoutError) in try a.frame(ofItemAt: path) }
      let fb = Result { () throws(LayoutError) in try b.frame(ofItemAt: path) }
      switch (fa, fb) {
      case (.success(let x), .success(let y)):
        if !EqualityContract.close(x, y) {
          fail("frame(ofItemAt: \(path)) \(an) \(x) vs \(bn) \(y)")
        }
      case (.failure(let x), .failure(let y)):
        if x != y { fail("frame(ofItemAt: \(path)) errors \(x) vs \(y)") }
      default:
        fail("frame(ofItemAt: \(path)) \(an) \(fa) vs \(bn) \(fb)")
      }
    }
    for rect in rects {
      compareQuery(a.elements(in: rect), b.elements(in: rect), rect: rect, an: an, bn: bn)
    }
  }

  /// Exact kinds, paths and order; frames within the tolerance.
  mutating func compareElements(
    _ x: [LayoutElement], _ y: [LayoutElement], what: String, an: String, bn: String
  ) {
    guard x.count == y.count else {
      let firstDiff =
        zip(x.indices, y.indices).first {
          x[$0.0].kind != y[$0.1].kind || x[$0.0].path != y[$0.1].path
        }.map(\.0) ?? min(x.count, y.count)
      fail(
        "\(what): \(an) has \(x.count) elements, \(bn) \(y.count); first difference at "
          + "\(firstDiff): \(x.dropFirst(firstDiff).first.map(String.init(describing:)) ?? "-") vs "
          + "\(y.dropFirst(firstDiff).first.map(String.init(describing:)) ?? "-")")
      return
    }
    for (e, f) in zip(x, y) {
      if e.kind != f.kind || e.path != f.path || !EqualityContract.close(e.frame, f.frame) {
        fail("\(what): \(an) \(e) vs \(bn) \(f)")
        return
      }
    }
  }

  /// Boundary elements exempt (see `EqualityContract`); the rest exactly as `compareElements`.
  mutating func compareQuery(
    _ x: [LayoutElement], _ y: [LayoutElement], rect: Rect, an: String, bn: String
  ) {
    for e in x + y where !EqualityContract.possiblyIntersects(e.frame, rect) {
      fail("elements(in: \(rect)) returned \(e), which does not intersect it")
      return
    }
    compareElements(
      x.filter { EqualityContract.certainlyIntersects($0.frame, rect) },
      y.filter { EqualityContract.certainlyIntersects($0.frame, rect) },
      what: "elements(in: \(rect))", an: an, bn: bn)
  }
}
