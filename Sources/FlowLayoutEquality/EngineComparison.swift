import FlowLayoutModel

/// The one comparison of two engines' whole answers under `EqualityContract` (module
/// FlowLayoutEquality): frames and content size within `1e-9 · max(1, |a|, |b|)`, everything
/// else exact (input, element kinds/paths/order, hidden and overflowing items, every error).
/// Used by the differential tests (through `LayoutComparison`, which records an issue per
/// difference), the core's tests and the fuzz targets (`Fuzz/`, first difference only).
///
/// Collects up to `limit` differences, each a one-line message naming both engines; comparing
/// stops once the limit is reached.
public struct EngineComparison {
  /// The differences found so far, in the order found (at most `limit`).
  public private(set) var differences: [String] = []
  /// How many differences are kept; once reached, later comparisons do nothing.
  public let limit: Int

  public init(limit: Int = 5) {
    self.limit = limit
  }

  /// `true` once `limit` differences were found.
  public var isFull: Bool { differences.count >= limit }

  /// Records a difference (ignored once the comparison is full).
  public mutating func fail(_ message: String) {
    if !isFull { differences.append(message) }
  }

  /// The first difference between `a` and `b`, or `nil` when they agree.
  ///
  /// - Complexity: as `compare`.
  public static func difference<A: LayoutEngine, B: LayoutEngine>(
    _ a: A, _ b: B, rects: [Rect], compareInput: Bool = true
  ) -> String? {
    var comparison = EngineComparison(limit: 1)
    comparison.compare(a, b, rects: rects, compareInput: compareInput)
    return comparison.differences.first
  }

  /// `true` when two errors are the same case with the same field and message. (`==` alone
  /// would call two `invalidNumber` errors about the same NaN different, as `nan != nan`.)
  public static func sameError(_ x: LayoutError, _ y: LayoutError) -> Bool {
    if x == y { return true }
    return Mirror(reflecting: x).children.first?.label
      == Mirror(reflecting: y).children.first?.label
      && x.field == y.field && x.description == y.description
  }

  /// Everything `LayoutEngine` answers, plus `rects` queried on both: the input (unless
  /// `compareInput` is `false`), content size, hidden and overflowing items, all elements,
  /// every header and footer frame (and the errors for sections just out of range), the frames
  /// of up to 64 items per section plus the first, last and out-of-range paths.
  ///
  /// - Complexity: O(n + q·n) for n items and q rects (the engines' own query costs).
  public mutating func compare<A: LayoutEngine, B: LayoutEngine>(
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
      fail(
        "overflowingItems \(an) \(a.overflowingItems.prefix(20)) vs \(bn) \(b.overflowingItems.prefix(20))"
      )
    }
    compareElements(a.allElements, b.allElements, what: "allElements", an: an, bn: bn)
    let sections = a.input.sections
    for s in -1...sections.count where !isFull {
      for kind in ElementKind.allCases {
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
          if !Self.sameError(x, y) { fail("supplementaryFrame(\(kind), \(s)) errors \(x) vs \(y)") }
        default:
          fail("supplementaryFrame(\(kind), \(s)) \(an) \(fa) vs \(bn) \(fb)")
        }
      }
    }
    var paths: [ItemPath] = [ItemPath(-1, 0), ItemPath(sections.count, 0), ItemPath(Int.min, 0)]
    for (s, section) in sections.enumerated() {
      paths.append(ItemPath(s, -1))
      paths.append(ItemPath(s, section.count))
      paths.append(ItemPath(s, Int.max))
      let step = max(1, section.count / 64)
      for i in stride(from: 0, to: section.count, by: step) { paths.append(ItemPath(s, i)) }
      if section.count > 0 { paths.append(ItemPath(s, section.count - 1)) }
    }
    for path in paths where !isFull {
      let fa = Result { () throws(LayoutError) in try a.frame(ofItemAt: path) }
      let fb = Result { () throws(LayoutError) in try b.frame(ofItemAt: path) }
      switch (fa, fb) {
      case (.success(let x), .success(let y)):
        if !EqualityContract.close(x, y) {
          fail("frame(ofItemAt: \(path)) \(an) \(x) vs \(bn) \(y)")
        }
      case (.failure(let x), .failure(let y)):
        if !Self.sameError(x, y) { fail("frame(ofItemAt: \(path)) errors \(x) vs \(y)") }
      default:
        fail("frame(ofItemAt: \(path)) \(an) \(fa) vs \(bn) \(fb)")
      }
    }
    for rect in rects where !isFull {
      compareQuery(a.elements(in: rect), b.elements(in: rect), rect: rect, an: an, bn: bn)
    }
  }

  /// Exact kinds, paths and order; frames within the tolerance. Records one difference at most.
  public mutating func compareElements(
    _ x: [LayoutElement], _ y: [LayoutElement], what: String, an: String = "a", bn: String = "b"
  ) {
    guard x.count == y.count else {
      let first =
        zip(x.indices, y.indices).first {
          x[$0.0].kind != y[$0.1].kind || x[$0.0].path != y[$0.1].path
        }.map(\.0) ?? min(x.count, y.count)
      fail(
        "\(what): \(an) has \(x.count) elements, \(bn) \(y.count); first difference at "
          + "\(first): \(x.dropFirst(first).first.map(String.init(describing:)) ?? "-") vs "
          + "\(y.dropFirst(first).first.map(String.init(describing:)) ?? "-")")
      return
    }
    for (e, f) in zip(x, y)
    where e.kind != f.kind || e.path != f.path || !EqualityContract.close(e.frame, f.frame) {
      fail("\(what): \(an) \(e) vs \(bn) \(f)")
      return
    }
  }

  /// Boundary elements (touching the rect within the tolerance in either engine's frame of
  /// them) are exempt (see `EqualityContract`); the rest as `compareElements`.
  ///
  /// An element's two frames differ within the tolerance, so one of them may lie just inside
  /// the band of certain intersection and the other on its edge: such an element is a boundary
  /// element for both lists (found by `fuzz-edits`: a footer at x ≈ 1.5 × 10⁹ whose two frames
  /// differed by 3 × 10⁻⁶ across that edge).
  public mutating func compareQuery(
    _ x: [LayoutElement], _ y: [LayoutElement], rect: Rect, an: String = "a", bn: String = "b"
  ) {
    for e in x + y where !EqualityContract.possiblyIntersects(e.frame, rect) {
      fail("elements(in: \(rect)) returned \(e), which does not intersect it")
      return
    }
    struct Identity: Hashable {
      var kind: ElementKind
      var path: ItemPath
    }
    var boundary = Set<Identity>()
    for e in x + y where !EqualityContract.certainlyIntersects(e.frame, rect) {
      boundary.insert(Identity(kind: e.kind, path: e.path))
    }
    func certain(_ e: LayoutElement) -> Bool {
      !boundary.contains(Identity(kind: e.kind, path: e.path))
    }
    compareElements(
      x.filter(certain), y.filter(certain), what: "elements(in: \(rect))", an: an, bn: bn)
  }

  /// `nil` when `x` and `y` hold the same elements (kinds, paths, order exact; frames close),
  /// else the first difference.
  public static func elementDifference(_ x: [LayoutElement], _ y: [LayoutElement]) -> String? {
    var comparison = EngineComparison(limit: 1)
    comparison.compareElements(x, y, what: "elements")
    return comparison.differences.first
  }

  /// A few rects over the content: all of it, its top-left quarter, a middle band, a point at
  /// a point a quarter of the way in and an empty rect beyond the end (for inputs whose content is not
  /// drawn from a seed, e.g. the fuzz targets').
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
}
