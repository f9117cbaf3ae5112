import FlowLayoutModel

extension DocumentLayout {
  /// Scrolls so that the item at `path` shows at `position` (`docs/semantics.md`, "Scroll to
  /// an item"): the viewport moves to the engine's scroll target; under `"cellSizing":
  /// "visible"` the cells near the destination are then measured (each round an anchored
  /// change, as `setViewport(_:)`), and the target is asked again in the measured layout, until
  /// it no longer moves (a target within the tolerance of the offset, `Point.isWithinTolerance`,
  /// counts as the offset). So a second scroll to the same item, with the same position and
  /// insets, does not move. Without a viewport, the viewport is the bounds at offset 0.
  ///
  /// - Complexity: per round one scroll target (one item lookup) and the measuring of
  ///   `setViewport(_:)`; each round after the first follows a round that measured at least
  ///   one cell, so there are at most c + 1 rounds for c cells near the destination.
  /// - Throws: before anything changes, `.invalidDocument` when the engine does not answer
  ///   scroll targets, then `ScrollTargetingLayoutEngine.scrollTarget`'s errors (a missing or
  ///   hidden item, bad insets); a cell's sizing error while measuring (the cells measured
  ///   before it stay measured, as `setViewport(_:)`). An item that the measuring hides (a line
  ///   limit) ends the scroll where the measuring left it, without an error.
  public mutating func scroll(
    to path: ItemPath, position: ScrollPosition, insets: EdgeInsets = .zero
  ) throws(LayoutError) {
    var viewport =
      layout.viewport
      ?? Rect(x: 0, y: 0, width: layout.bounds.width, height: layout.bounds.height)
    var target = try scrollTarget(path, position, insets, viewport)
    // Bounded: a round that moves again follows one that measured cells.
    // A target within the tolerance of the offset is where the offset is: the engines sum in
    // different orders, and a last-bit difference must not cost one of them another round.
    for _ in 0..<Self.maximumScrollRounds {
      if !target.isWithinTolerance(of: viewport.origin) { viewport.origin = target }
      try setViewport(viewport)
      viewport = layout.viewport!
      do {
        target = try scrollTarget(path, position, insets, viewport)
      } catch {
        // The cells measured on the way put the item past a line limit: it has no target now,
        // and the scroll ends where the measuring left it (a change, not an error).
        guard case .itemHidden = error else { throw error }
        return
      }
      if target.isWithinTolerance(of: viewport.origin) { return }
    }
  }

  /// More rounds than any scroll needs (each measures at least one cell near the destination);
  /// a cap so that a cell whose size depends on something else cannot loop forever.
  static var maximumScrollRounds: Int { 64 }

  /// The engine's scroll target for `viewport`.
  ///
  /// - Throws: `.invalidDocument` (field `scrollTo`) when the engine does not answer scroll
  ///   targets; the engine's errors.
  func scrollTarget(
    _ path: ItemPath, _ position: ScrollPosition, _ insets: EdgeInsets, _ viewport: Rect
  ) throws(LayoutError) -> Point {
    // The engine's own function, over the engine in place (no cast: a cast boxes a copy).
    guard let targeting = Engine.scrollTargeting else {
      throw .invalidDocument(
        field: "scrollTo", reason: "the \(Engine.engineName) engine does not answer scroll targets")
    }
    return try targeting(layout.engine, path, position, insets, viewport)
  }

  /// The items certainly intersecting the viewport (by more than the tolerance on both axes,
  /// `Rect.certainlyIntersects`: the band rule of the scroll anchor, so that both engines name
  /// the same items) that are still estimates, in document order (what a caller measures, with
  /// `measureItems`, for a scroll target that is exact); empty without a viewport.
  ///
  /// - Complexity: one rect query over the viewport, O(log n + k), plus O(log R) per item.
  public var estimatedItemsInViewport: [ItemPath] {
    guard let viewport = layout.viewport else { return [] }
    return engine.elements(in: viewport).compactMap { element in
      element.kind == .item && element.frame.certainlyIntersects(viewport)
        && layout.isEstimated(element.path) ? element.path : nil
    }
  }
}
