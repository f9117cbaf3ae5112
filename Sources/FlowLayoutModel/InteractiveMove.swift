/// An engine that answers where a dragged item would drop (`docs/semantics.md`, "Interactive
/// reordering").
///
/// The fast core and the reference each implement it on their own, from the ruling; the
/// differential tests hold them to the same answers. `InteractiveMove` drives a drag on it.
public protocol InteractivelyMovingLayoutEngine: LayoutEngine {
  /// The path the item at `lifted` moves to (an index after the move, as `ItemMove.to`) when
  /// the pointer is at `pointer`, by the ruling of `docs/semantics.md` ("Interactive
  /// reordering"): the insertion slot beside the visible item other than `lifted` nearest to
  /// the pointer (clamped into the content), before it when the pointer is on its leading half
  /// along the line, after it otherwise; `lifted` itself when no other item is visible.
  ///
  /// - Parameters:
  ///   - pointer: in content coordinates as presented: mirrored (`x' = M − x`, `M = max(B,
  ///     content width)`) when `layoutDirection` is right to left.
  ///   - lifted: the dragged item's path in this layout (it may be hidden here).
  ///   - layoutDirection: the reading direction the pointer's coordinates are presented in.
  ///   - scratch: working space, reused across calls so that a call allocates nothing once it
  ///     has grown.
  /// - Complexity: O(log(C/d)) rect queries around the pointer for a content length C and a
  ///   nearest item at distance d, each O(log n + k) in the fast engine for the k items of
  ///   its window; O(n) in the reference.
  /// - Throws: `.invalidNumber` (fields `pointer.x`, `pointer.y`) for a non-finite coordinate;
  ///   `.itemOutOfRange` (field `lifted`). Nothing changes.
  func interactiveMoveTarget(
    for pointer: Point, lifting lifted: ItemPath, layoutDirection: LayoutDirection,
    scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath

  /// `M = max(B, content width)`: right to left, a laid-out `x` is presented at `M − x`
  /// (`Presentation`).
  ///
  /// - Complexity: O(1).
  var mirrorWidth: Double { get }
}

extension InteractivelyMovingLayoutEngine {
  /// `interactiveMoveTarget(for:lifting:layoutDirection:scratch:)` with a fresh working buffer.
  ///
  /// - Parameters:
  ///   - pointer: in content coordinates as presented (mirrored when right to left).
  ///   - lifted: the dragged item's path in this layout.
  ///   - layoutDirection: the reading direction the pointer's coordinates are presented in.
  /// - Complexity: as `interactiveMoveTarget(for:lifting:layoutDirection:scratch:)`.
  /// - Throws: as `interactiveMoveTarget(for:lifting:layoutDirection:scratch:)`.
  public func interactiveMoveTarget(
    for pointer: Point, lifting lifted: ItemPath, layoutDirection: LayoutDirection = .leftToRight
  ) throws(LayoutError) -> ItemPath {
    var scratch: [LayoutElement] = []
    return try interactiveMoveTarget(
      for: pointer, lifting: lifted, layoutDirection: layoutDirection, scratch: &scratch)
  }
}

/// The checks of an interactive move's requests that do not depend on the layout.
public enum InteractiveMoveRequest {
  /// Checks a pointer position.
  ///
  /// - Parameters:
  ///   - pointer: the position.
  ///   - field: the request's name for it (the errors name `field.x`, `field.y`).
  /// - Complexity: O(1).
  /// - Throws: `.invalidNumber` naming `<field>.x` or `<field>.y` unless both are finite.
  public static func validate(pointer: Point, field: String = "pointer") throws(LayoutError) {
    guard pointer.x.isFinite else {
      throw .invalidNumber(field: field + ".x", value: pointer.x, reason: "must be finite")
    }
    guard pointer.y.isFinite else {
      throw .invalidNumber(field: field + ".y", value: pointer.y, reason: "must be finite")
    }
  }

  /// Checks that an item exists (visible or hidden).
  ///
  /// - Parameters:
  ///   - path: the item.
  ///   - engine: the layout it must be an item of.
  ///   - field: the request's name for it.
  /// - Complexity: O(1) plus `numberOfItems(inSection:)`.
  /// - Throws: `.itemOutOfRange` naming `field` unless `path` is an item of `engine`.
  public static func validate(
    _ path: ItemPath, in engine: some LayoutEngine, field: String
  ) throws(LayoutError) {
    guard path.section >= 0, path.section < engine.numberOfSections, path.item >= 0,
      let count = try? engine.numberOfItems(inSection: path.section), path.item < count
    else { throw .itemOutOfRange(field: field, path: path) }
  }
}

/// A drag that reorders one item, as UIKit's interactive movement
/// (`beginInteractiveMovementForItem(at:)`, `updateInteractiveMovementTargetPosition(_:)`,
/// `endInteractiveMovement()`, `cancelInteractiveMovement()`; `docs/semantics.md`,
/// "Interactive reordering").
///
/// The engine holds the *live* layout: the dragged item already at `target`. Each pointer move
/// moves it, when its target changes, by one single-item move (O(log n) in the fast engine);
/// `end()` answers the one `moveItems` batch that takes the layout before the drag to the live
/// one, for the data source (the engine is already there); `cancel(in:)` moves it back. The
/// paths of every other item in the live layout follow from `source` and `target` in O(1)
/// (`documentPath(ofLive:)`, `livePath(ofDocument:)`), so a data source keeps its items in
/// place until the end.
public struct InteractiveMove: Sendable {
  /// The dragged item's path before the drag.
  public let source: ItemPath
  /// The dragged item's path in the live layout (an index after the move `source` → `target`).
  public private(set) var target: ItemPath
  /// The reading direction of the pointer's coordinates.
  public let layoutDirection: LayoutDirection
  /// The dragged item's size when the drag began (the lifted cell keeps it).
  public let liftedSize: Size
  /// The last pointer position (at `begin`, the item's centre as presented).
  public private(set) var pointer: Point
  /// Single-item moves applied to the engine by this drag (a work counter: at most one per
  /// pointer move, none when the target stays).
  public private(set) var movesApplied = 0
  /// The one-move batch each pointer move applies, rewritten in place (no allocation).
  private var step = BatchUpdate(moveItems: [ItemMove(from: ItemPath(0, 0), to: ItemPath(0, 0))])
  private var scratch: [LayoutElement] = []

  /// Lifts the visible item at `path` of `engine`: the live layout is `engine` as it is, the
  /// pointer at the item's centre (as presented in `layoutDirection`).
  ///
  /// - Parameters:
  ///   - path: the item to drag.
  ///   - engine: the layout before the drag (unchanged: the item is where it was).
  ///   - layoutDirection: the reading direction the pointer's coordinates are presented in.
  /// - Complexity: one `frame(ofItemAt:)`.
  /// - Throws: `.itemOutOfRange` (field `begin`), `.itemHidden`.
  public init(
    beginningAt path: ItemPath, in engine: some InteractivelyMovingLayoutEngine,
    layoutDirection: LayoutDirection = .leftToRight
  ) throws(LayoutError) {
    let frame = try engine.frame(ofItemAt: path, field: "begin")
    source = path
    target = path
    self.layoutDirection = layoutDirection
    liftedSize = frame.size
    var centre = Point(x: ((frame.minX + frame.maxX) / 2), y: ((frame.minY + frame.maxY) / 2))
    if layoutDirection == .rightToLeft {
      centre.x = engine.mirrorWidth - centre.x
    }
    pointer = centre
    scratch.reserveCapacity(256)
  }

  /// The lifted item's frame: `liftedSize` centred on the pointer, in the pointer's
  /// coordinates.
  public var liftedFrame: Rect {
    Rect(
      x: pointer.x - liftedSize.width / 2, y: pointer.y - liftedSize.height / 2,
      width: liftedSize.width, height: liftedSize.height)
  }

  /// Moves the pointer to `pointer` and the dragged item to the target the engine answers for
  /// it (`target(for:in:)`).
  ///
  /// - Parameters:
  ///   - pointer: in content coordinates as presented (mirrored when right to left).
  ///   - engine: the live layout of this drag.
  /// - Returns: `true` when the target changed (the engine moved the item).
  /// - Complexity: the target's rect queries plus, when the target changes, one single-item
  ///   move (O(log n) in the fast engine); allocation-free once the working buffer has grown.
  /// - Throws: `.invalidNumber` (fields `pointer.x`, `pointer.y`). Nothing changes.
  @discardableResult
  public mutating func update<E: InteractivelyMovingLayoutEngine>(
    to pointer: Point, in engine: inout E
  ) throws(LayoutError) -> Bool {
    let next = try target(for: pointer, in: engine)
    return try update(to: pointer, target: next, in: &engine)
  }

  /// The target the engine answers for `pointer` in the live layout
  /// (`InteractivelyMovingLayoutEngine.interactiveMoveTarget(for:lifting:layoutDirection:scratch:)`,
  /// with this drag's working buffer). Moves nothing.
  ///
  /// - Parameters:
  ///   - pointer: in content coordinates as presented (mirrored when right to left).
  ///   - engine: the live layout of this drag.
  /// - Complexity: the engine's target query.
  /// - Throws: `.invalidNumber` (fields `pointer.x`, `pointer.y`).
  public mutating func target(
    for pointer: Point, in engine: some InteractivelyMovingLayoutEngine
  ) throws(LayoutError) -> ItemPath {
    try engine.interactiveMoveTarget(
      for: pointer, lifting: target, layoutDirection: layoutDirection, scratch: &scratch)
  }

  /// Moves the pointer to `pointer` and the dragged item to `next` (UIKit's
  /// `targetIndexPathForMoveOfItemFromOriginalIndexPath` lets an app choose it; `target(for:in:)`
  /// answers the ruling's).
  ///
  /// - Parameters:
  ///   - pointer: in content coordinates as presented (mirrored when right to left).
  ///   - next: the item's path in the live layout after this move (an index after the move).
  ///   - engine: the live layout of this drag.
  /// - Returns: `true` when the target changed (the engine moved the item).
  /// - Complexity: one single-item move when `next` differs from `target`, else O(1).
  /// - Throws: `.invalidNumber` (fields `pointer.x`, `pointer.y`); the engine's error for a
  ///   `next` that is not a valid destination. Nothing changes.
  @discardableResult
  public mutating func update<E: LayoutEngine>(
    to pointer: Point, target next: ItemPath, in engine: inout E
  ) throws(LayoutError) -> Bool {
    try InteractiveMoveRequest.validate(pointer: pointer)
    guard next != target else {
      self.pointer = pointer
      return false
    }
    step.moveItems[0] = ItemMove(from: target, to: next)
    try engine.apply(step)
    self.pointer = pointer
    target = next
    movesApplied += 1
    return true
  }

  /// The batch that takes the layout before the drag to the live one: `moveItems` of
  /// `source` → `target`, or an empty batch when the item is back where it was. The engine is
  /// already there; a data source applies it.
  ///
  /// - Complexity: O(1).
  public var batch: BatchUpdate {
    source == target ? BatchUpdate() : BatchUpdate(moveItems: [ItemMove(from: source, to: target)])
  }

  /// Ends the drag where the item is: answers `batch`, the engine staying as it is.
  ///
  /// - Complexity: O(1).
  public consuming func end() -> BatchUpdate { batch }

  /// Ends the drag by moving the item back to `source`, the engine as it was before the drag.
  ///
  /// - Parameter engine: the live layout of this drag.
  /// - Complexity: one single-item move (O(log n) in the fast engine), none when the item is
  ///   at `source`.
  /// - Throws: the engine's error for the move (not expected: the move undoes this drag's own).
  public consuming func cancel<E: LayoutEngine>(in engine: inout E) throws(LayoutError) {
    guard target != source else { return }
    step.moveItems[0] = ItemMove(from: target, to: source)
    try engine.apply(step)
  }

  /// The path before the drag of the item at `live` in the live layout.
  ///
  /// - Parameter live: an item's path in the live layout.
  /// - Complexity: O(1).
  public func documentPath(ofLive live: ItemPath) -> ItemPath {
    if live == target { return source }
    // Without the dragged item, then with it back at `source`.
    var path = live
    if path.section == target.section, path.item > target.item { path.item -= 1 }
    if path.section == source.section, path.item >= source.item { path.item += 1 }
    return path
  }

  /// The path in the live layout of the item at `document` before the drag.
  ///
  /// - Parameter document: an item's path before the drag.
  /// - Complexity: O(1).
  public func livePath(ofDocument document: ItemPath) -> ItemPath {
    if document == source { return target }
    var path = document
    if path.section == source.section, path.item > source.item { path.item -= 1 }
    if path.section == target.section, path.item >= target.item { path.item += 1 }
    return path
  }
}
