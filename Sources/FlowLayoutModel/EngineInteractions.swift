/// The interactions an engine answers beyond the layout, as functions of the engine read in
/// place (`LayoutEngine.navigation`, `prefetching`, `interactiveMoving`, `scrollTargeting`):
/// code generic over `LayoutEngine` (a session, a document) asks through them instead of
/// casting the engine to the interaction's protocol, which would box a copy of the whole engine
/// (its every buffer retained and released) per request.

/// `NavigatingLayoutEngine.item(from:direction:layoutDirection:pageLength:scratch:)` of an
/// engine: `(engine, from, direction, layoutDirection, pageLength, &scratch)`.
public typealias NavigationFunction<Engine> = (
  Engine, ItemPath, NavigationDirection, LayoutDirection, Double, inout [LayoutElement]
) throws(LayoutError) -> ItemPath?

/// `PrefetchingLayoutEngine.prefetchRanges(viewport:velocity:policy:into:scratch:)` of an
/// engine: `(engine, viewport, velocity, policy, &result, &scratch)`.
public typealias PrefetchFunction<Engine> = (
  Engine, Rect, Point, PrefetchPolicy, inout [PrefetchRange], inout [LayoutElement]
) throws(LayoutError) -> Void

/// `ScrollTargetingLayoutEngine.scrollTarget(for:position:insets:viewport:)` of an engine:
/// `(engine, path, position, insets, viewport)`.
public typealias ScrollTargetFunction<Engine> = (
  Engine, ItemPath, ScrollPosition, EdgeInsets, Rect
) throws(LayoutError) -> Point

/// An `InteractivelyMovingLayoutEngine`'s drag: `InteractiveMove(beginningAt:in:layoutDirection:)`
/// and `InteractiveMove.target(for:in:)` over the engine read in place.
public struct InteractiveMoveFunctions<Engine> {
  /// `(engine, path, layoutDirection)`: the drag that lifts the item at `path`.
  public var begin: (Engine, ItemPath, LayoutDirection) throws(LayoutError) -> InteractiveMove
  /// `(engine, &move, pointer)`: the ruling's target for `pointer` (moves nothing).
  public var target: (Engine, inout InteractiveMove, Point) throws(LayoutError) -> ItemPath
}

extension LayoutEngine {
  /// `nil`: an engine that does not navigate (`NavigatingLayoutEngine` provides it).
  public static var navigation: NavigationFunction<Self>? { nil }
  /// `nil`: an engine that does not answer prefetch ranges (`PrefetchingLayoutEngine`
  /// provides it).
  public static var prefetching: PrefetchFunction<Self>? { nil }
  /// `nil`: an engine that does not reorder interactively (`InteractivelyMovingLayoutEngine`
  /// provides it).
  public static var interactiveMoving: InteractiveMoveFunctions<Self>? { nil }
  /// `nil`: an engine that does not answer scroll targets (`ScrollTargetingLayoutEngine`
  /// provides it).
  public static var scrollTargeting: ScrollTargetFunction<Self>? { nil }
}

extension NavigatingLayoutEngine {
  /// This engine's `item(from:direction:layoutDirection:pageLength:scratch:)`.
  public static var navigation: NavigationFunction<Self>? {
    { (engine, from, direction, layoutDirection, pageLength, scratch) throws(LayoutError) in
      try engine.item(
        from: from, direction: direction, layoutDirection: layoutDirection,
        pageLength: pageLength, scratch: &scratch)
    }
  }
}

extension PrefetchingLayoutEngine {
  /// This engine's `prefetchRanges(viewport:velocity:policy:into:scratch:)`.
  public static var prefetching: PrefetchFunction<Self>? {
    { (engine, viewport, velocity, policy, result, scratch) throws(LayoutError) in
      try engine.prefetchRanges(
        viewport: viewport, velocity: velocity, policy: policy, into: &result, scratch: &scratch)
    }
  }
}

extension InteractivelyMovingLayoutEngine {
  /// This engine's drag: `InteractiveMove`'s begin and target over it.
  public static var interactiveMoving: InteractiveMoveFunctions<Self>? {
    InteractiveMoveFunctions(
      begin: { (engine, path, layoutDirection) throws(LayoutError) in
        try InteractiveMove(beginningAt: path, in: engine, layoutDirection: layoutDirection)
      },
      target: { (engine, move, pointer) throws(LayoutError) in
        try move.target(for: pointer, in: engine)
      })
  }
}

extension ScrollTargetingLayoutEngine {
  /// This engine's `scrollTarget(for:position:insets:viewport:)`.
  public static var scrollTargeting: ScrollTargetFunction<Self>? {
    { (engine, path, position, insets, viewport) throws(LayoutError) in
      try engine.scrollTarget(for: path, position: position, insets: insets, viewport: viewport)
    }
  }
}
