import FlowLayoutModel

/// The interaction queries the bench times (`BenchOperation.isInteraction`), opened once on an
/// engine that answers them: the runner's engine type is any `LayoutEngine`.
struct ScrollTargetQuery {
  /// The scroll target of the opened engine (a copy: a query operation does not change it).
  let target: (ItemPath, ScrollPosition, Rect) -> Point?
  /// The viewport the targets are asked for (the bounds, at offsets that move with the runs).
  let viewport: Size

  /// `nil` when the engine does not answer scroll targets.
  init?<E: LayoutEngine>(_ engine: E, viewport: Size) {
    guard let targeting = engine as? any ScrollTargetingLayoutEngine else { return nil }
    target = Self.open(targeting)
    self.viewport = viewport
  }

  private static func open<T: ScrollTargetingLayoutEngine>(_ engine: T)
    -> (ItemPath, ScrollPosition, Rect) -> Point?
  {
    { path, position, viewport in
      try? engine.scrollTarget(for: path, position: position, insets: .zero, viewport: viewport)
    }
  }

  /// One scroll target: `path` at the position `run` picks, from a viewport at the offset of
  /// the run before (so `nearest` moves as often as it stays); the target's offset along y
  /// plus x, for the checksum.
  func run(_ path: ItemPath, _ run: Int) -> Double {
    let position: ScrollPosition =
      switch run & 3 {
      case 0: .top
      case 1: .center
      case 2: .bottom
      default: .nearest
      }
    let from = Rect(
      x: 0, y: Double(run & 1023) * viewport.height, width: viewport.width,
      height: viewport.height)
    guard let point = target(path, position, from) else { return 0 }
    return point.x + point.y
  }
}

/// The navigation of an engine that navigates, opened once, with its working buffer.
final class NavigationQuery {
  /// One move of the opened engine (a copy: a query operation does not change it).
  let move: (ItemPath, NavigationDirection, inout [LayoutElement]) -> ItemPath?
  /// Reused by every move: allocation-free once grown.
  var scratch: [LayoutElement] = []

  /// `nil` when the engine does not navigate.
  init?<E: LayoutEngine>(_ engine: E, pageLength: Double) {
    guard let navigating = engine as? any NavigatingLayoutEngine else { return nil }
    move = Self.open(navigating, pageLength: pageLength)
    scratch.reserveCapacity(1024)
  }

  private static func open<T: NavigatingLayoutEngine>(_ engine: T, pageLength: Double)
    -> (ItemPath, NavigationDirection, inout [LayoutElement]) -> ItemPath?
  {
    { path, direction, scratch in
      try? engine.item(
        from: path, direction: direction, layoutDirection: .leftToRight,
        pageLength: pageLength, scratch: &scratch) ?? nil
    }
  }

  /// One move from `path`, the direction `run` picks (up, down, left, right in turn); the
  /// answer's item index, for the checksum.
  func run(_ path: ItemPath, _ run: Int) -> Double {
    let direction: NavigationDirection =
      switch run & 3 {
      case 0: .up
      case 1: .down
      case 2: .left
      default: .right
      }
    return Double(move(path, direction, &scratch)?.item ?? -1)
  }
}

/// The prefetch ranges of an engine that answers them, opened once, with its buffers.
final class PrefetchQuery {
  /// One request to the opened engine (a copy: a query operation does not change it).
  let ranges: (Rect, Point, inout [PrefetchRange], inout [LayoutElement]) -> Void
  /// Reused by every request: allocation-free once grown.
  var result: [PrefetchRange] = []
  var scratch: [LayoutElement] = []

  /// `nil` when the engine does not answer prefetch ranges.
  init?<E: LayoutEngine>(_ engine: E) {
    guard let prefetching = engine as? any PrefetchingLayoutEngine else { return nil }
    ranges = Self.open(prefetching)
    result.reserveCapacity(64)
    scratch.reserveCapacity(4096)
  }

  private static func open<T: PrefetchingLayoutEngine>(_ engine: T)
    -> (Rect, Point, inout [PrefetchRange], inout [LayoutElement]) -> Void
  {
    { viewport, velocity, result, scratch in
      try? engine.prefetchRanges(
        viewport: viewport, velocity: velocity, policy: .standard, into: &result,
        scratch: &scratch)
    }
  }

  /// The ranges for `viewport` moving down (even runs) or up (odd runs) at 2 400 pt/s; the
  /// number of items in them, for the checksum.
  func run(_ viewport: Rect, _ run: Int) -> Double {
    result.removeAll(keepingCapacity: true)
    ranges(viewport, Point(x: 0, y: run & 1 == 0 ? 2400 : -2400), &result, &scratch)
    return Double(result.reduce(0) { $0 + $1.items.count })
  }
}
