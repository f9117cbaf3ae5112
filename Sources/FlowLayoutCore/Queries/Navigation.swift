import FlowLayoutModel

/// Directional navigation (`docs/semantics.md`, "Directional navigation") by rect queries around
/// the source that double until they hold the answer: O(k) items read near it.
extension FastFlowLayout: NavigatingLayoutEngine {
  /// - Complexity: O(log(C/d)) rect queries (O(log p + log r + k) each) for a content length C
  ///   and an answer at distance d, k the items the last window holds; allocation-free once
  ///   `scratch` has grown.
  public func item(
    from path: ItemPath, direction: NavigationDirection, layoutDirection: LayoutDirection,
    pageLength: Double, scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath? {
    try NavigationRequest.validate(pageLength: pageLength)
    let source = try frame(ofItemAt: path, field: "from")
    let axisIsX = rules.transposed
    func unlessSource(_ found: ItemPath?) -> ItemPath? { found == path ? nil : found }
    switch direction {
    case .home: return unlessSource(edgeItem(last: false, &scratch))
    case .end: return unlessSource(edgeItem(last: true, &scratch))
    case .up, .down, .left, .right:
      var move = direction
      if layoutDirection == .rightToLeft, move == .left || move == .right {
        move = move == .left ? .right : .left
      }
      return nearestItem(move, from: source, excluding: path, &scratch)
    case .pageDown, .pageUp:
      // A zero-length edge a page past the source's leading edge (down) or before its trailing
      // one (up).
      let down = direction == .pageDown
      var edge = source
      if axisIsX {
        edge.origin.x = down ? source.origin.x + pageLength : source.maxX - pageLength
        edge.size.width = 0
      } else {
        edge.origin.y = down ? source.origin.y + pageLength : source.maxY - pageLength
        edge.size.height = 0
      }
      let move: NavigationDirection = axisIsX ? (down ? .right : .left) : (down ? .down : .up)
      return nearestItem(move, from: edge, excluding: path, &scratch)
        ?? unlessSource(edgeItem(last: down, &scratch))
    }
  }

  /// The first (or last) visible item in document order, by windows at the content's start (end).
  ///
  /// - Complexity: O(log C) rect queries, each over the items of the window.
  func edgeItem(last: Bool, _ scratch: inout [LayoutElement]) -> ItemPath? {
    let axisIsX = rules.transposed
    let length = axisIsX ? cachedContentSize.width : cachedContentSize.height
    let far = Double.greatestFiniteMagnitude / 4
    func window(_ low: Double, _ high: Double) -> ItemPath? {
      let rect =
        axisIsX
        ? Rect(x: low, y: -far, width: high - low, height: 2 * far)
        : Rect(x: -far, y: low, width: 2 * far, height: high - low)
      scratch.removeAll(keepingCapacity: true)
      elements(in: rect, into: &scratch)
      let items = last ? scratch.last { $0.kind == .item } : scratch.first { $0.kind == .item }
      return items?.path
    }
    var reach = 1024.0
    while true {
      let found = last ? window(length - reach, length + 1) : window(-1, reach)
      if let found, let frame = try? frame(ofItemAt: found) {
        let start = axisIsX ? frame.minX : frame.minY
        let end = axisIsX ? frame.maxX : frame.maxY
        // One point past the item: a window ending at its edge misses it when it has no
        // extent there (an empty item meets no window it only touches).
        return last ? window(start - 1, length + 1) : window(-1, end + 1)
      }
      if reach > length + 1 { return nil }
      reach *= 2
    }
  }

  /// The answer of an arrow `move` from the frame `f`: first among the items beyond `f`'s edge that
  /// overlap it across the move, by a band of doubling depth; else, along the scroll axis, by a
  /// window growing on both sides (least gap plus cross gap).
  ///
  /// - Complexity: O(log(C/d)) rect queries of the items within about twice the answer's distance
  ///   d; when no item overlaps the source, the band reaches the content's end.
  func nearestItem(
    _ move: NavigationDirection, from f: Rect, excluding source: ItemPath,
    _ scratch: inout [LayoutElement]
  ) -> ItemPath? {
    let magnitude = max(1, abs(f.minX), abs(f.maxX), abs(f.minY), abs(f.maxY))
    // Past this depth a window holds every item beyond the edge (items overflow the content by
    // at most one maximum length).
    let limit =
      magnitude + max(cachedContentSize.width, cachedContentSize.height)
      + LayoutLimits.maximumLength
    // The fallback (items that do not overlap the source) only for a move across the lines,
    // along the scroll axis; a move along a line stops at its end.
    let vertical = move == .up || move == .down
    let phases = vertical != rules.transposed ? 2 : 1
    for phase in 0..<phases {
      let acrossToo = phase == 1
      var depth = max(1, f.width, f.height)
      while true {
        // A margin past every tolerance the ruling allows.
        let margin = 4e-9 * (magnitude + depth)
        let side = acrossToo ? depth + margin : margin
        let window: Rect
        switch move {
        case .down:
          window = Rect(
            x: f.minX - side, y: f.maxY - margin, width: f.width + 2 * side, height: depth + margin)
        case .up:
          window = Rect(
            x: f.minX - side, y: f.minY - depth, width: f.width + 2 * side, height: depth + margin)
        case .right:
          window = Rect(
            x: f.maxX - margin, y: f.minY - side, width: depth + margin, height: f.height + 2 * side
          )
        default:
          window = Rect(
            x: f.minX - depth, y: f.minY - side, width: depth + margin, height: f.height + 2 * side)
        }
        scratch.removeAll(keepingCapacity: true)
        elements(in: window, into: &scratch)
        var best: NavigationCandidate?
        for element in scratch where element.kind == .item && element.path != source {
          guard let candidate = NavigationCandidate(element, move: move, from: f),
            candidate.overlaps || acrossToo
          else { continue }
          if best.map(candidate.isBetter(than:)) ?? true { best = candidate }
        }
        if let best, best.score + margin <= depth { return best.path }
        if depth >= limit {
          if let best { return best.path }
          break
        }
        depth *= 2
      }
    }
    return nil
  }
}

/// One item beyond the source's edge, scored by the navigation ruling.
struct NavigationCandidate {
  var path: ItemPath
  /// Its interval across the move meets the source's (within the tolerance).
  var overlaps: Bool
  /// The gap along the move; plus the gap across it when it does not overlap.
  var score: Double
  /// The distance between the centres across the move.
  var centres: Double

  /// `nil` when the element is not beyond `f`'s edge in the direction of `move`.
  init?(_ element: LayoutElement, move: NavigationDirection, from f: Rect) {
    let c = element.frame
    func tolerance(_ a: Double, _ b: Double) -> Double { 1e-9 * max(1, abs(a), abs(b)) }
    let gap: Double
    switch move {
    case .down:
      guard c.minY >= f.maxY - tolerance(c.minY, f.maxY) else { return nil }
      gap = max(0, c.minY - f.maxY)
    case .up:
      guard c.maxY <= f.minY + tolerance(c.maxY, f.minY) else { return nil }
      gap = max(0, f.minY - c.maxY)
    case .right:
      guard c.minX >= f.maxX - tolerance(c.minX, f.maxX) else { return nil }
      gap = max(0, c.minX - f.maxX)
    default:
      guard c.maxX <= f.minX + tolerance(c.maxX, f.minX) else { return nil }
      gap = max(0, f.minX - c.maxX)
    }
    let vertical = move == .up || move == .down
    let low = vertical ? c.minX : c.minY
    let high = vertical ? c.maxX : c.maxY
    let sourceLow = vertical ? f.minX : f.minY
    let sourceHigh = vertical ? f.maxX : f.maxY
    let across = max(0, low - sourceHigh, sourceLow - high)
    path = element.path
    overlaps =
      across <= 1e-9 * max(1, abs(low), abs(high), abs(sourceLow), abs(sourceHigh))
    score = overlaps ? gap : gap + across
    centres = abs((low + high) / 2 - (sourceLow + sourceHigh) / 2)
  }

  /// The ruling's order: overlapping first, then the least score, then (overlapping) the
  /// least distance between centres, each within the tolerance; a tie keeps the earlier one
  /// in document order (`self` comes later).
  func isBetter(than other: NavigationCandidate) -> Bool {
    if overlaps != other.overlaps { return overlaps }
    let scoreTolerance = 1e-9 * max(1, abs(score), abs(other.score))
    if score < other.score - scoreTolerance { return true }
    if score > other.score + scoreTolerance || !overlaps { return false }
    return centres < other.centres - 1e-9 * max(1, centres, other.centres)
  }
}
