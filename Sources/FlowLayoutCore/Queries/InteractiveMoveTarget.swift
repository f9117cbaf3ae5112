import FlowLayoutModel

/// Interactive reordering (`docs/semantics.md`, "Interactive reordering"): the item nearest to
/// the pointer by square rect queries around it that double until the nearest item found is
/// nearer than the window's edge, so a pointer move reads the items near the pointer, never the
/// whole layout.
extension FastFlowLayout: InteractivelyMovingLayoutEngine {
  /// - Complexity: O(1).
  public var mirrorWidth: Double { max(bounds.width, cachedContentSize.width) }

  /// - Complexity: O(log(C/d)) rect queries (O(log p + log r + k) each) for a content length C
  ///   and a nearest item at distance d, k the items of the last window; allocation-free once
  ///   `scratch` has grown.
  public func interactiveMoveTarget(
    for pointer: Point, lifting lifted: ItemPath, layoutDirection: LayoutDirection,
    scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath {
    try InteractiveMoveRequest.validate(pointer: pointer)
    try InteractiveMoveRequest.validate(lifted, in: self, field: "lifted")
    // As laid out, clamped into the content.
    let content = cachedContentSize
    var p = pointer
    if layoutDirection == .rightToLeft { p.x = mirrorWidth - p.x }
    p.x = min(max(p.x, 0), content.width)
    p.y = min(max(p.y, 0), content.height)

    let magnitude = max(1, abs(p.x), abs(p.y))
    // Past this half-size a window holds every item (items overflow the content by at most
    // one maximum length).
    let limit = max(content.width, content.height) + LayoutLimits.maximumLength
    var radius = 16.0
    var nearest: DropCandidate?
    while true {
      let margin = 4e-9 * (magnitude + radius)
      scratch.removeAll(keepingCapacity: true)
      elements(
        in: Rect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius),
        into: &scratch)
      nearest = nil
      for element in scratch where element.kind == .item && element.path != lifted {
        let candidate = DropCandidate(element, pointer: p)
        if nearest.map({ candidate.isNearer(than: $0, scale: magnitude) }) ?? true {
          nearest = candidate
        }
      }
      if let nearest, nearest.distance + margin <= radius { break }
      if radius >= limit { break }
      radius *= 2
    }
    guard let nearest else { return lifted }
    let f = nearest.frame
    let along = rules.transposed ? p.y : p.x
    let centre = rules.transposed ? ((f.minY + f.maxY) / 2) : ((f.minX + f.maxX) / 2)
    let before = along < centre - 1e-9 * max(1, abs(along), abs(centre))
    var target = nearest.path
    if !before { target.item += 1 }
    if target.section == lifted.section, target.item > lifted.item { target.item -= 1 }
    return target
  }
}

/// One item scored by its distance to the pointer (the ruling's nearest item).
struct DropCandidate {
  var path: ItemPath
  var frame: Rect
  /// The Euclidean distance from the pointer to the closed frame (0 inside it).
  var distance: Double

  init(_ element: LayoutElement, pointer p: Point) {
    let f = element.frame
    let dx = max(f.minX - p.x, 0, p.x - f.maxX)
    let dy = max(f.minY - p.y, 0, p.y - f.maxY)
    path = element.path
    frame = f
    distance = (dx * dx + dy * dy).squareRoot()
  }

  /// Nearer by more than the tolerance, `2·10⁻⁹·max(scale, d, d′)` for the pointer's
  /// `scale = max(1, |x|, |y|)`; a tie keeps the earlier in document order (`self` comes later).
  func isNearer(than other: DropCandidate, scale: Double) -> Bool {
    distance < other.distance - 2e-9 * max(scale, distance, other.distance)
  }
}
