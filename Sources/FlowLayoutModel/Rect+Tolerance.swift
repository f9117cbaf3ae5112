/// The tolerance two engines' coordinates may differ by (`EqualityContract`, module
/// FlowLayoutEquality): `1e-9 · max(1, |a|, |b|)`, relative, absolute near 0. The engines sum
/// line tops in different orders, so the same exact value can round differently in its last
/// bits; a decision made on a coordinate (is this item in the viewport?) must not flip on that.
public enum LayoutTolerance {
  /// The largest difference accepted between two coordinates `a` and `b` of the same element.
  ///
  /// - Complexity: O(1).
  public static func between(_ a: Double, _ b: Double) -> Double {
    1e-9 * max(1, abs(a), abs(b))
  }
}

extension Rect {
  /// `true` when this frame intersects `rect` by more than the tolerance on both axes (the
  /// closed intersection of the two rects, each edge moved inward by
  /// `LayoutTolerance.between`): a frame that only touches `rect`, or overlaps it by less than
  /// the tolerance, does not. Two engines whose frames agree within the tolerance therefore
  /// decide alike except for an overlap within one tolerance of the band's edge, where no
  /// rounding of ordinary sizes lands. A zero-sized frame strictly inside `rect` counts.
  ///
  /// Used for the scroll anchor's candidates (`SelfSizingLayout`), the cells `"visible"`
  /// sizing measures (`DocumentLayout`) and the equality contract's certain elements.
  ///
  /// - Complexity: O(1).
  public func certainlyIntersects(_ rect: Rect) -> Bool {
    let tx = LayoutTolerance.between(
      max(abs(rect.minX), abs(rect.maxX)), max(abs(minX), abs(maxX)))
    let ty = LayoutTolerance.between(
      max(abs(rect.minY), abs(rect.maxY)), max(abs(minY), abs(maxY)))
    return minX + tx < rect.maxX && rect.minX + tx < maxX && minY + ty < rect.maxY
      && rect.minY + ty < maxY
  }
}

extension Point {
  /// `true` when both coordinates differ from `other`'s by at most the tolerance
  /// (`LayoutTolerance.between`): two engines' offsets for the same scroll agree this way.
  ///
  /// - Complexity: O(1).
  public func isWithinTolerance(of other: Point) -> Bool {
    abs(x - other.x) <= LayoutTolerance.between(x, other.x)
      && abs(y - other.y) <= LayoutTolerance.between(y, other.y)
  }
}
