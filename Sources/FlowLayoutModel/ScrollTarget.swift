/// Where `scrollTarget(for:position:insets:viewport:)` shows an item along the scroll axis
/// (`docs/semantics.md`, "Scroll to an item"); UIKit's `UICollectionView.ScrollPosition`.
/// Along x when the layout scrolls horizontally: `top` is the leading (left) edge, `bottom` the
/// trailing one.
public enum ScrollPosition: String, Hashable, Sendable, Codable, CaseIterable {
  /// The item's leading edge at the viewport's leading edge plus the leading inset.
  case top
  /// The item's middle at the middle of the viewport between the insets.
  case center
  /// The item's trailing edge at the viewport's trailing edge minus the trailing inset.
  case bottom
  /// No move when the item is already fully visible between the insets; otherwise `top` when it
  /// is before that band or longer than it, else `bottom`.
  case nearest
}

/// An engine that answers where to scroll to show an item.
///
/// The fast core and the reference each implement it on their own, from the ruling; the
/// differential tests hold them to the same answers.
public protocol ScrollTargetingLayoutEngine: LayoutEngine {
  /// The content offset (the viewport's new origin) that shows the item at `path` at
  /// `position` in a viewport of `viewport`'s size, `insets` inside it left free (a toolbar, a
  /// keyboard); clamped to the content as the scroll anchor clamps. Only the coordinate along
  /// the scroll axis moves; the other one is `viewport`'s, clamped.
  ///
  /// - Complexity: one `frame(ofItemAt:)`, plus O(1).
  /// - Throws: `LayoutError.itemOutOfRange` (field `item`) for a path that does not exist,
  ///   `.itemHidden` for a hidden item, `.invalidNumber` naming `insets.top|left|bottom|right`
  ///   or `viewport.x|y|width|height` (`ScrollTargetRequest.validate`). Nothing changes.
  func scrollTarget(
    for path: ItemPath, position: ScrollPosition, insets: EdgeInsets, viewport: Rect
  ) throws(LayoutError) -> Point
}

/// The checks of a scroll-to request that do not depend on the layout.
public enum ScrollTargetRequest {
  /// Every inset a length (finite, `0…10⁷`), the viewport a valid viewport
  /// (`LayoutValidation.viewport`).
  ///
  /// - Complexity: O(1).
  /// - Throws: `.invalidNumber` naming `insets.<side>` or `viewport.<field>`.
  public static func validate(insets: EdgeInsets, viewport: Rect) throws(LayoutError) {
    try LayoutValidation.length(insets.top, field: "insets.top")
    try LayoutValidation.length(insets.left, field: "insets.left")
    try LayoutValidation.length(insets.bottom, field: "insets.bottom")
    try LayoutValidation.length(insets.right, field: "insets.right")
    try LayoutValidation.viewport(viewport, field: "viewport")
  }
}

extension LayoutEngine {
  /// `frame(ofItemAt:)` with a missing item's error naming `field` (a request's own field, as
  /// `item` of a scroll target).
  ///
  /// - Complexity: one `frame(ofItemAt:)`.
  /// - Throws: `.itemOutOfRange` naming `field`, `.itemHidden`.
  @inlinable
  public func frame(ofItemAt path: ItemPath, field: String) throws(LayoutError) -> Rect {
    do {
      return try frame(ofItemAt: path)
    } catch {
      guard case .itemOutOfRange(_, let path) = error else { throw error }
      throw .itemOutOfRange(field: field, path: path)
    }
  }
}
