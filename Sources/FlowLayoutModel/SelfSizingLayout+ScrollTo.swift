extension SelfSizingLayout where Engine: ScrollTargetingLayoutEngine {
  /// Scrolls so that the item at `path` shows at `position` (`docs/semantics.md`, "Scroll to
  /// an item"), measuring on the way: the viewport moves to the engine's scroll target, every
  /// estimated item it then meets is measured by `size` (one anchored `measureItems` batch),
  /// and the target is asked again in the measured layout, until the viewport meets no estimate
  /// and the target no longer moves. A second scroll to the same item then moves 0 and
  /// measures nothing. Without a viewport, the viewport is the bounds at offset 0.
  ///
  /// - Parameters:
  ///   - path: the item to show.
  ///   - position: where the item shows in the viewport.
  ///   - insets: the viewport's edges left free (a toolbar, a keyboard).
  ///   - size: the measured size of an estimated item (a cell's fitting size).
  /// - Complexity: per round one scroll target, one rect query over the viewport (O(log n + k))
  ///   and the batch of the k items measured; a round after the first follows one that measured
  ///   at least one item (at most 64 rounds).
  /// - Throws: before anything changes, `scrollTarget`'s errors (a missing or hidden item, bad
  ///   insets); then what `size` throws or a measurement's `LayoutError` (the rounds before it
  ///   stay applied). An item the measurements hide (a line limit) ends the scroll where they
  ///   left it, without an error.
  public mutating func scroll(
    to path: ItemPath, position: ScrollPosition, insets: EdgeInsets = .zero,
    measuring size: (ItemPath) throws(LayoutError) -> Size
  ) throws(LayoutError) {
    var viewport = self.viewport ?? Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
    var target = try engine.scrollTarget(
      for: path, position: position, insets: insets, viewport: viewport)
    for _ in 0..<64 {
      // A target within the tolerance of the offset is where the offset is (the engines'
      // last bits may differ: `Point.isWithinTolerance`).
      if !target.isWithinTolerance(of: viewport.origin) { viewport.origin = target }
      try setViewport(viewport)
      var measurements: [ItemResize] = []
      for element in engine.elements(in: viewport)
      where element.kind == .item && isEstimated(element.path) {
        measurements.append(ItemResize(at: element.path, size: try size(element.path)))
      }
      if !measurements.isEmpty { try apply(BatchUpdate(measureItems: measurements)) }
      viewport = self.viewport!
      do {
        target = try engine.scrollTarget(
          for: path, position: position, insets: insets, viewport: viewport)
      } catch {
        // The measurements put the item past a line limit: the scroll ends where they left it.
        guard case .itemHidden = error else { throw error }
        return
      }
      if measurements.isEmpty, target.isWithinTolerance(of: viewport.origin) { return }
    }
  }
}
