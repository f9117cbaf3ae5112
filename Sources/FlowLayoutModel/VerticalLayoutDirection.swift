/// Where content shorter than the viewport sits, and where a document opens
/// (`docs/semantics.md`, "Bottom-up layouts"; MagazineLayout's `verticalLayoutDirection`).
///
/// Items keep their document order either way: the first item on top, the newest (last) at the
/// bottom. Layouts that scroll along x ignore it.
public enum VerticalLayoutDirection: String, Hashable, Sendable, Codable, CaseIterable {
  /// Content starts at the top; a document opens at offset 0 (the default: nothing changes).
  case topToBottom
  /// Content shorter than the viewport sits at the viewport's bottom; a document opens
  /// scrolled to the content's end (a chat).
  case bottomToTop

  /// How far every frame moves down as shown: `max(0, V − C)` for `.bottomToTop` on a layout
  /// that scrolls along y, else 0. With `displayScale > 0` the distance is rounded down to a
  /// whole pixel, so snapped frames stay snapped.
  ///
  /// - Parameters:
  ///   - contentHeight: the content's height `C` as laid out (presented, when snapping).
  ///   - viewportHeight: the viewport's height `V` (the bounds' without a viewport).
  ///   - scrollsAlongX: the layout scrolls horizontally (then 0).
  ///   - displayScale: points to pixels; 0 = no snapping.
  /// - Complexity: O(1).
  public func contentShift(
    contentHeight: Double, viewportHeight: Double, scrollsAlongX: Bool, displayScale: Double = 0
  ) -> Double {
    guard self == .bottomToTop, !scrollsAlongX else { return 0 }
    let shift = max(0, viewportHeight - contentHeight)
    guard displayScale > 0 else { return shift }
    return (shift * displayScale).rounded(.down) / displayScale
  }
}
