import FlowLayoutModel

/// Scroll to an item (`docs/semantics.md`, "Scroll to an item"): the item's frame by the
/// lookup (`frame(ofItemAt:)`), then the ruling's offset along the scroll axis, read from the
/// frame's edges on that axis without building transposed values.
extension FastFlowLayout: ScrollTargetingLayoutEngine {
  /// - Complexity: one `frame(ofItemAt:)` (O(log p + log r)) plus O(1); allocation-free.
  public func scrollTarget(
    for path: ItemPath, position: ScrollPosition, insets: EdgeInsets, viewport: Rect
  ) throws(LayoutError) -> Point {
    try ScrollTargetRequest.validate(insets: insets, viewport: viewport)
    let item = try frame(ofItemAt: path, field: "item")
    let axisIsX = rules.transposed
    let content = cachedContentSize
    // Along the scroll axis: the item's edges, the viewport's start and length, the content's
    // length, the insets before and after.
    let itemStart = axisIsX ? item.minX : item.minY
    let itemLength = axisIsX ? item.width : item.height
    let itemEnd = itemStart + itemLength
    let start = axisIsX ? viewport.minX : viewport.minY
    let length = axisIsX ? viewport.width : viewport.height
    let contentLength = axisIsX ? content.width : content.height
    let before = axisIsX ? insets.left : insets.top
    let after = axisIsX ? insets.right : insets.bottom

    var target: Double
    switch position {
    case .top: target = itemStart - before
    case .bottom: target = itemEnd - (length - after)
    case .center: target = (itemStart + itemEnd - length - before + after) / 2
    case .nearest:
      let tolerance = 1e-9 * max(1, abs(itemStart), abs(itemEnd))
      if itemStart >= start + before - tolerance,
        itemEnd <= start + length - after + tolerance
      {
        target = start
      } else if itemStart < start + before || itemLength > length - before - after {
        target = itemStart - before
      } else {
        target = itemEnd - (length - after)
      }
    }
    target = min(max(target, 0), max(0, contentLength - length))
    // The cross axis only clamps.
    let crossStart = axisIsX ? viewport.minY : viewport.minX
    let crossLength = axisIsX ? viewport.height : viewport.width
    let contentCross = axisIsX ? content.height : content.width
    let cross = min(max(crossStart, 0), max(0, contentCross - crossLength))
    return axisIsX ? Point(x: target, y: cross) : Point(x: cross, y: target)
  }
}
