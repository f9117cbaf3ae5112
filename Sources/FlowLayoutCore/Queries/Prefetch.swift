import FlowLayoutModel

/// Prefetch ranges (`docs/semantics.md`, "Prefetch ranges"): one rect query over the prefetch
/// region, its items kept by the band rule and run together into ranges as they come.
extension FastFlowLayout: PrefetchingLayoutEngine {
  /// - Complexity: one rect query, O(log p + log r + k) for the k elements of the region; the
  ///   query answers in document order (checked in O(k); sorted, O(k log k), otherwise);
  ///   allocation-free once `result` and `scratch` have grown.
  public func prefetchRanges(
    viewport: Rect, velocity: Point, policy: PrefetchPolicy, into result: inout [PrefetchRange],
    scratch: inout [LayoutElement]
  ) throws(LayoutError) {
    try PrefetchRequest.validate(viewport: viewport, velocity: velocity, policy: policy)
    let region = PrefetchRequest.region(
      viewport: viewport, velocity: velocity, policy: policy, alongX: rules.transposed)
    scratch.removeAll(keepingCapacity: true)
    elements(in: region, into: &scratch)
    var inOrder = true
    var previous: ItemPath?
    for element in scratch where element.kind == .item {
      if let previous, element.path <= previous { inOrder = false }
      previous = element.path
    }
    if !inOrder { scratch.sort { $0.path < $1.path } }
    for element in scratch
    where element.kind == .item && element.frame.certainlyIntersects(region) {
      PrefetchRequest.append(element.path, to: &result)
    }
  }
}
