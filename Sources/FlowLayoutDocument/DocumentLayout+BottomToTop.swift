import FlowLayoutModel

/// Bottom-up layouts (`docs/semantics.md`, "Bottom-up layouts"): opening at the content's end,
/// and content shorter than the viewport shown at its bottom.
extension DocumentLayout {
  /// Moves the viewport to the content's end (`y = max(0, C − V)`) and, under `"visible"`,
  /// measures the cells near it, again until the viewport is at the end of the measured
  /// content within the tolerance (`LayoutTolerance.between`). Each round of measuring is an
  /// anchored change, as `setViewport(_:)`'s.
  ///
  /// - Complexity: per round one viewport move and its measuring; each round after the first
  ///   follows one that measured at least one cell (at most `maximumScrollRounds`).
  /// - Throws: a cell's sizing error, also for a cell that a scroll would leave an estimate
  ///   (the document is being opened: `measureNearViewport(refusing: true)`); the cells
  ///   measured before it stay measured.
  public mutating func scrollToEnd() throws(LayoutError) {
    for _ in 0..<Self.maximumScrollRounds {
      guard var viewport = layout.viewport else { return }
      let end = max(0, engine.contentSize.height - viewport.height)
      if abs(viewport.minY - end) <= LayoutTolerance.between(viewport.minY, end) { return }
      viewport.origin.y = end
      try moveViewport(viewport, refusing: true)
    }
  }

  /// How far every frame moves down as shown (`VerticalLayoutDirection.contentShift`): under
  /// `.bottomToTop`, `max(0, V − C)` for the viewport's height `V` (the bounds' without one);
  /// else 0. (A presented output gets it from `Presentation.verticalLayoutDirection`.)
  ///
  /// - Complexity: O(1).
  public func contentShift() -> Double {
    verticalLayoutDirection.contentShift(
      contentHeight: engine.contentSize.height,
      viewportHeight: layout.viewport?.height ?? layout.bounds.height,
      scrollsAlongX: layout.scrollsAlongX)
  }
}

extension DocumentLayout {
  /// The layout's elements meeting `rect` as laid out, moved down by `contentShift()` (no
  /// presentation: the session's `elements`), the query run on `rect` moved up by the shift.
  ///
  /// - Parameter rect: the rect in shown coordinates.
  /// - Complexity: one rect query for its k results, plus O(k).
  public func shownOutput(rect: Rect) -> LayoutOutput {
    shownOutput(rect: rect) { $0 }
  }

  /// `shownOutput(rect:)` where the engine's item at `p` is the document's `documentPath(p)`
  /// for its estimated flag (the live layout of a drag).
  ///
  /// - Complexity: as `shownOutput(rect:)`, plus k calls of `documentPath`.
  func shownOutput(rect: Rect, documentPath: (ItemPath) -> ItemPath) -> LayoutOutput {
    let shift = contentShift()
    var output = LayoutOutput(
      layout: layout, rect: rect.offsetBy(dy: -shift), documentPath: documentPath)
    if shift > 0 { output.moveDown(by: shift) }
    return output
  }
}

extension LayoutOutput {
  /// Every frame moved down by `shift`, and the content's height grown by it.
  ///
  /// - Parameter shift: the distance, ≥ 0.
  /// - Complexity: O(k) for k elements.
  public mutating func moveDown(by shift: Double) {
    contentSize.height += shift
    for k in items.indices { items[k].frame.origin.y += shift }
    for k in supplementary.indices { supplementary[k].frame.origin.y += shift }
  }
}

extension Rect {
  /// This rect moved by `dy` along y.
  ///
  /// - Parameter dy: the distance (down when positive).
  /// - Complexity: O(1).
  public func offsetBy(dy: Double) -> Rect {
    Rect(x: minX, y: minY + dy, width: width, height: height)
  }
}

extension DocumentLayout {
  /// The viewport in the layout's coordinates: the rect `elements` queries for it (moved up by
  /// `contentShift()`); `nil` without a viewport.
  ///
  /// - Complexity: O(1).
  public func shownViewport() -> Rect? {
    layout.viewport?.offsetBy(dy: -contentShift())
  }
}

