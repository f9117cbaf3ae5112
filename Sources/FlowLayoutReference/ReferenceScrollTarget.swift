import FlowLayoutModel

/// The reference engine's scroll target (`docs/semantics.md`, "Scroll to an item"), written
/// straight from the ruling: the problem is turned so that the scroll axis is y (as the
/// reference lays out horizontal scrolling, `Transposition.swift`), solved there, turned back.
/// Shares nothing with the fast core's.
extension ReferenceFlowLayout: ScrollTargetingLayoutEngine {
  /// - Complexity: O(1).
  public func scrollTarget(
    for path: ItemPath, position: ScrollPosition, insets: EdgeInsets, viewport: Rect
  ) throws(LayoutError) -> Point {
    try ScrollTargetRequest.validate(insets: insets, viewport: viewport)
    let item = try frame(ofItemAt: path, field: "item")
    let alongX = input.configuration.scrollsAlongX
    // Turned so that the scroll axis is y.
    let f = alongX ? item.transposed : item
    let v = alongX ? viewport.transposed : viewport
    let c = alongX ? contentSize.transposed : contentSize
    let i = alongX ? insets.transposed : insets

    // The band of the viewport left free by the insets: [v.y + t, v.y + V − b].
    let bandLength = v.height - i.top - i.bottom
    let topTarget = f.minY - i.top
    let bottomTarget = f.maxY - (v.height - i.bottom)
    var y: Double
    switch position {
    case .top: y = topTarget
    case .bottom: y = bottomTarget
    case .center: y = (f.minY + f.maxY - v.height - i.top + i.bottom) / 2
    case .nearest:
      let tolerance = 1e-9 * max(1, abs(f.minY), abs(f.maxY))
      let fullyVisible =
        f.minY >= v.minY + i.top - tolerance && f.maxY <= v.maxY - i.bottom + tolerance
      if fullyVisible {
        y = v.minY
      } else if f.minY < v.minY + i.top || f.height > bandLength {
        y = topTarget
      } else {
        y = bottomTarget
      }
    }
    y = min(max(y, 0), max(0, c.height - v.height))
    let x = min(max(v.minX, 0), max(0, c.width - v.width))
    return alongX ? Point(x: y, y: x) : Point(x: x, y: y)
  }
}
