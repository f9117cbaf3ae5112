import FlowLayoutEquality
import FlowLayoutModel

/// Compares two engines' whole answers under `EqualityContract` (module FlowLayoutEquality, shared
/// with the differential tests): frames and content size within `1e-9 · max(1, |a|, |b|)`,
/// everything else exact (input, element kinds/paths/order, hidden and overflowing items, every
/// error).
///
/// Returns the first difference as a message; `nil` when the engines agree.
public enum EngineComparison {
  /// `true` when two errors are the same case with the same field and message. (`==` alone
  /// would call two `invalidNumber` errors about the same NaN different, as `nan != nan`.)
  public static func sameError(_ x: LayoutError, _ y: LayoutError) -> Bool {
    if x == y { return true }
    return Mirror(reflecting: x).children.first?.label
      == Mirror(reflecting: y).children.first?.label
      && x.field == y.field && x.description == y.description
  }

  /// Everything `LayoutEngine` answers, plus `rects` queried on both.
  ///
  /// - Complexity: O(n + q·n) for n items and q rects (the engines' own query costs).
  public static func difference<A: LayoutEngine, B: LayoutEngine>(
    _ a: A, _ b: B, rects: [Rect]
  ) -> String? {
    if a.input != b.input { return "input differs" }
    if !EqualityContract.close(a.contentSize, b.contentSize) {
      return "contentSize \(a.contentSize) vs \(b.contentSize)"
    }
    if a.hiddenItems != b.hiddenItems {
      return "hiddenItems \(a.hiddenItems.prefix(20)) vs \(b.hiddenItems.prefix(20))"
    }
    if a.overflowingItems != b.overflowingItems {
      return "overflowingItems \(a.overflowingItems.prefix(20)) vs \(b.overflowingItems.prefix(20))"
    }
    if let d = elementDifference(a.allElements, b.allElements, what: "allElements") { return d }
    let sections = a.input.sections
    for s in -1...sections.count {
      for kind in ElementKind.allCases {
        let fa = Result { () throws(LayoutError) in try a.supplementaryFrame(kind, inSection: s) }
        let fb = Result { () throws(LayoutError) in try b.supplementaryFrame(kind, inSection: s) }
        switch (fa, fb) {
        case (.success(let x), .success(let y)):
          if (x == nil) != (y == nil) || (x != nil && !EqualityContract.close(x!, y!)) {
            return
              "supplementaryFrame(\(kind), \(s)) \(String(describing: x)) vs \(String(describing: y))"
          }
        case (.failure(let x), .failure(let y)):
          if !sameError(x, y) { return "supplementaryFrame(\(kind), \(s)) errors \(x) vs \(y)" }
        default:
          return "supplementaryFrame(\(kind), \(s)) \(fa) vs \(fb)"
        }
      }
    }
    var paths: [ItemPath] = [ItemPath(-1, 0), ItemPath(sections.count, 0), ItemPath(Int.min, 0)]
    for (s, section) in sections.enumerated() {
      paths.append(ItemPath(s, -1))
      paths.append(ItemPath(s, section.count))
      paths.append(ItemPath(s, Int.max))
      let step = max(1, section.count / 32)
      for i in stride(from: 0, to: section.count, by: step) { paths.append(ItemPath(s, i)) }
      if section.count > 0 { paths.append(ItemPath(s, section.count - 1)) }
    }
    for path in paths {
      let fa = Result { () throws(LayoutError) in try a.frame(ofItemAt: path) }
      let fb = Result { () throws(LayoutError) in try b.frame(ofItemAt: path) }
      switch (fa, fb) {
      case (.success(let x), .success(let y)):
        if !EqualityContract.close(x, y) { return "frame(ofItemAt: \(path)) \(x) vs \(y)" }
      case (.failure(let x), .failure(let y)):
        if !sameError(x, y) { return "frame(ofItemAt: \(path)) errors \(x) vs \(y)" }
      default:
        return "frame(ofItemAt: \(path)) \(fa) vs \(fb)"
      }
    }
    for rect in rects {
      if let d = queryDifference(a.elements(in: rect), b.elements(in: rect), rect: rect) {
        return d
      }
    }
    return nil
  }

  /// A few rects over the content: all of it, its top-left quarter, a middle band, a point at
  /// the origin and an empty rect beyond the end.
  public static func probeRects(contentSize c: Size) -> [Rect] {
    let w = c.width.isFinite ? c.width : 1e6
    let h = c.height.isFinite ? c.height : 1e6
    return [
      Rect(x: 0, y: 0, width: w, height: h),
      Rect(x: 0, y: 0, width: w / 2, height: h / 2),
      Rect(x: -1, y: h / 3, width: w + 2, height: h / 3),
      Rect(x: w / 4, y: h / 4, width: 0, height: 0),
      Rect(x: w + 1, y: h + 1, width: 10, height: 10),
    ]
  }

  /// Exact kinds, paths and order; frames within the tolerance.
  static func elementDifference(_ x: [LayoutElement], _ y: [LayoutElement], what: String)
    -> String?
  {
    guard x.count == y.count else {
      let first =
        zip(x.indices, y.indices).first {
          x[$0.0].kind != y[$0.1].kind || x[$0.0].path != y[$0.1].path
        }
        .map(\.0) ?? min(x.count, y.count)
      return "\(what): \(x.count) vs \(y.count) elements; first difference at \(first): "
        + "\(x.dropFirst(first).first.map(String.init(describing:)) ?? "-") vs "
        + "\(y.dropFirst(first).first.map(String.init(describing:)) ?? "-")"
    }
    for (e, f) in zip(x, y)
    where e.kind != f.kind || e.path != f.path || !EqualityContract.close(e.frame, f.frame) {
      return "\(what): \(e) vs \(f)"
    }
    return nil
  }

  /// Boundary elements (touching the rect within the tolerance) are exempt.
  static func queryDifference(_ x: [LayoutElement], _ y: [LayoutElement], rect: Rect) -> String? {
    for e in x + y where !EqualityContract.possiblyIntersects(e.frame, rect) {
      return "elements(in: \(rect)) returned \(e), which does not intersect it"
    }
    return elementDifference(
      x.filter { EqualityContract.certainlyIntersects($0.frame, rect) },
      y.filter { EqualityContract.certainlyIntersects($0.frame, rect) },
      what: "elements(in: \(rect))")
  }
}
