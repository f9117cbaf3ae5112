/// A move of the keyboard or focus selection (`docs/semantics.md`, "Directional navigation").
public enum NavigationDirection: String, Hashable, Sendable, Codable, CaseIterable {
  case up, down, left, right
  /// One viewport length back along the scroll axis.
  case pageUp
  /// One viewport length forward along the scroll axis.
  case pageDown
  /// The first visible item, in document order.
  case home
  /// The last visible item, in document order.
  case end
}

/// An engine that answers which item a directional move reaches.
///
/// The fast core and the reference each implement it on their own, from the ruling; the
/// differential tests hold them to the same answers.
public protocol NavigatingLayoutEngine: LayoutEngine {
  /// The item a move in `direction` from the item at `path` reaches, by the geometric rule of
  /// `docs/semantics.md` ("Directional navigation"), on the frames as laid out with `left` and
  /// `right` swapped when `layoutDirection` is right to left; `nil` at an edge (no item that
  /// way, or the answer would be the item itself).
  ///
  /// `pageLength` is the viewport's length along the scroll axis (page moves); `scratch` is
  /// working space, reused across calls so that a move allocates nothing once it has grown.
  ///
  /// - Complexity: O(log n + k) rect queries' worth for the k items between the source and the
  ///   answer's distance (at most O(log C) queries for a content length C).
  /// - Throws: `.itemOutOfRange` (field `from`), `.itemHidden`, `.invalidNumber` (field
  ///   `pageLength`: finite, > 0, ≤ 10⁷). Nothing changes.
  func item(
    from path: ItemPath, direction: NavigationDirection, layoutDirection: LayoutDirection,
    pageLength: Double, scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath?
}

extension NavigatingLayoutEngine {
  /// `item(from:direction:layoutDirection:pageLength:scratch:)` with a fresh working buffer.
  public func item(
    from path: ItemPath, direction: NavigationDirection,
    layoutDirection: LayoutDirection = .leftToRight, pageLength: Double
  ) throws(LayoutError) -> ItemPath? {
    var scratch: [LayoutElement] = []
    return try item(
      from: path, direction: direction, layoutDirection: layoutDirection, pageLength: pageLength,
      scratch: &scratch)
  }
}

/// The checks of a navigation request that do not depend on the layout.
public enum NavigationRequest {
  /// - Throws: `.invalidNumber` (field `pageLength`) unless finite, > 0 and ≤ 10⁷.
  public static func validate(pageLength: Double) throws(LayoutError) {
    try LayoutValidation.positiveLength(pageLength, field: "pageLength")
  }
}
