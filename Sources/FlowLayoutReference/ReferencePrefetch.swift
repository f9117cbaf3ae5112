import FlowLayoutModel

/// The reference engine's prefetch ranges (`docs/semantics.md`, "Prefetch ranges"), written
/// straight from the ruling: the region is worked out with the scroll axis turned to y, and
/// every visible item is tested against it, in document order. Shares nothing with the fast
/// core's query.
extension ReferenceFlowLayout: PrefetchingLayoutEngine {
  /// - Complexity: O(n) for n items.
  public func prefetchRanges(
    viewport: Rect, velocity: Point, policy: PrefetchPolicy, into result: inout [PrefetchRange],
    scratch: inout [LayoutElement]
  ) throws(LayoutError) {
    try PrefetchRequest.validate(viewport: viewport, velocity: velocity, policy: policy)
    let alongX = input.configuration.scrollsAlongX
    // Turned so that the scroll axis is y: the viewport's length V, the speed along it.
    let v = alongX ? viewport.transposed : viewport
    let speed = alongX ? velocity.x : velocity.y
    let screen = policy.unit == .screens ? v.height : 1
    // Moving down: ahead below, behind above; moving up: the reverse; at rest ahead both ways.
    let above = (speed > 0 ? policy.behind : policy.ahead) * screen
    let below = (speed < 0 ? policy.behind : policy.ahead) * screen
    let turned = Rect(x: v.minX, y: v.minY - above, width: v.width, height: v.height + above + below)
    let region = alongX ? turned.transposed : turned
    for section in layout.sections {
      var run: Range<Int>?
      for item in section.items {
        guard let frame = item.frame, frame.certainlyIntersects(region) else { continue }
        let i = item.path.item
        if let current = run, current.upperBound == i {
          run = current.lowerBound..<i + 1
        } else {
          if let current = run {
            result.append(PrefetchRange(section: item.path.section, items: current))
          }
          run = i..<i + 1
        }
      }
      if let run, let first = section.items.first {
        result.append(PrefetchRange(section: first.path.section, items: run))
      }
    }
  }
}
