import FlowLayoutModel

/// The reference engine's directional navigation (`docs/semantics.md`, "Directional
/// navigation"), written straight from the ruling: every visible item is a candidate, scored
/// one by one in document order. Shares nothing with the fast core's search.
extension ReferenceFlowLayout: NavigatingLayoutEngine {
  /// - Complexity: O(n) for n items.
  public func item(
    from path: ItemPath, direction: NavigationDirection, layoutDirection: LayoutDirection,
    pageLength: Double, scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath? {
    try NavigationRequest.validate(pageLength: pageLength)
    let source = try frame(ofItemAt: path, field: "from")
    var items: [(path: ItemPath, frame: Rect)] = []
    for section in layout.sections {
      for item in section.items { if let frame = item.frame { items.append((item.path, frame)) } }
    }
    let alongX = input.configuration.scrollsAlongX
    let first = items.first?.path == path ? nil : items.first?.path
    let last = items.last?.path == path ? nil : items.last?.path
    let page = pageLength
    switch direction {
    case .home: return first
    case .end: return last
    case .up, .down, .left, .right:
      var move = direction
      if layoutDirection == .rightToLeft {
        if move == .left { move = .right } else if move == .right { move = .left }
      }
      return Self.nearest(move, from: source, excluding: path, among: items, alongX: alongX)
    case .pageDown:
      let edge =
        alongX
        ? Rect(x: source.minX + page, y: source.minY, width: 0, height: source.height)
        : Rect(x: source.minX, y: source.minY + page, width: source.width, height: 0)
      return Self.nearest(
        alongX ? .right : .down, from: edge, excluding: path, among: items, alongX: alongX)
        ?? last
    case .pageUp:
      let edge =
        alongX
        ? Rect(x: source.maxX - page, y: source.minY, width: 0, height: source.height)
        : Rect(x: source.minX, y: source.maxY - page, width: source.width, height: 0)
      return Self.nearest(
        alongX ? .left : .up, from: edge, excluding: path, among: items, alongX: alongX)
        ?? first
    }
  }

  /// The ruling's choice for an arrow `move` from the frame `f`: among the items beyond `f`'s
  /// edge, those overlapping it across the move first (least gap, then least distance between
  /// centres across), else — only for a move along the scroll axis (`alongX`: the layout
  /// scrolls on x) — the least gap plus cross gap; ties within the tolerance go to the first in
  /// document order.
  static func nearest(
    _ move: NavigationDirection, from f: Rect, excluding source: ItemPath,
    among items: [(path: ItemPath, frame: Rect)], alongX: Bool
  ) -> ItemPath? {
    let vertical = move == .up || move == .down
    let fallback = vertical != alongX
    func tol(_ a: Double, _ b: Double) -> Double { 1e-9 * max(1, abs(a), abs(b)) }
    var best: (path: ItemPath, overlaps: Bool, gap: Double, across: Double)?
    for (path, c) in items where path != source {
      let beyond: Bool
      let gap: Double
      let crossGap: Double
      let centres: Double
      switch move {
      case .down:
        beyond = c.minY >= f.maxY - tol(c.minY, f.maxY)
        gap = max(0, c.minY - f.maxY)
      case .up:
        beyond = c.maxY <= f.minY + tol(c.maxY, f.minY)
        gap = max(0, f.minY - c.maxY)
      case .right:
        beyond = c.minX >= f.maxX - tol(c.minX, f.maxX)
        gap = max(0, c.minX - f.maxX)
      default:
        beyond = c.maxX <= f.minX + tol(c.maxX, f.minX)
        gap = max(0, f.minX - c.maxX)
      }
      guard beyond else { continue }
      // Across the move: the frames' intervals, their gap (0 when they meet) and centres.
      let (cLow, cHigh) = vertical ? (c.minX, c.maxX) : (c.minY, c.maxY)
      let (fLow, fHigh) = vertical ? (f.minX, f.maxX) : (f.minY, f.maxY)
      crossGap = max(0, cLow - fHigh, fLow - cHigh)
      centres = abs((cLow + cHigh) / 2 - (fLow + fHigh) / 2)
      let overlaps = crossGap <= 1e-9 * max(1, abs(cLow), abs(cHigh), abs(fLow), abs(fHigh))
      guard overlaps || fallback else { continue }
      let score = overlaps ? gap : gap + crossGap
      guard let current = best else {
        best = (path, overlaps, score, centres)
        continue
      }
      if overlaps != current.overlaps {
        if overlaps { best = (path, overlaps, score, centres) }
        continue
      }
      if score < current.gap - tol(score, current.gap) {
        best = (path, overlaps, score, centres)
      } else if overlaps, score <= current.gap + tol(score, current.gap),
        centres < current.across - tol(centres, current.across)
      {
        best = (path, overlaps, score, centres)
      }
    }
    return best?.path
  }
}
