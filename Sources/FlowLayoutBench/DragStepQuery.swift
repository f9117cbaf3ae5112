import FlowLayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A drag in progress on an engine that reorders interactively, for `dragStep`: one item
/// lifted in the middle of the content at init, then one pointer move per run
/// (`InteractiveMove.update(to:in:)`: the target query and, when the target changes, the
/// single-item move) along a path that sweeps the screen around it.
///
/// It holds its own copy of the engine, statically typed, so that a step boxes nothing; `init`
/// runs the sweep once, so that the copy of the shared storage and the buffers' growth are
/// behind it.
final class DragStepQuery {
  /// One pointer move; the target's item index, for the checksum.
  let step: (Int) -> Double
  /// The moves the engine applied so far (steps whose target changed).
  let movesApplied: () -> Int

  /// `nil` when the engine does not reorder interactively or holds no visible item.
  init?<E: LayoutEngine>(_ engine: E, lifting path: ItemPath, viewport: Size) {
    guard let moving = engine as? any InteractivelyMovingLayoutEngine,
      let drag = Self.open(moving, lifting: path, viewport: viewport)
    else { return nil }
    (step, movesApplied) = drag
  }

  private static func open<T: InteractivelyMovingLayoutEngine>(
    _ engine: T, lifting path: ItemPath, viewport: Size
  ) -> ((Int) -> Double, () -> Int)? {
    guard let drag = DragState(engine, lifting: path, viewport: viewport) else { return nil }
    return ({ drag.step($0) }, { drag.move.movesApplied })
  }
}

/// The engine, the drag and its pointer path.
final class DragState<T: InteractivelyMovingLayoutEngine> {
  var engine: T
  var move: InteractiveMove
  /// 256 pointer positions: a Lissajous sweep over one screen centred on the lifted item
  /// (x across the bounds every 16 steps, y ± 0.45 screen heights every 128), up to ~70 pt
  /// from the one before at 375 pt (a fast drag: most steps change the target). The path
  /// repeats every 128 steps, so two periods are the whole of it (4 096 before 2026-12-02:
  /// the same path, 32 periods, whose sweep at init cost the tests minutes under the
  /// sanitizers).
  let pointers: [Point]

  init?(_ engine: T, lifting path: ItemPath, viewport: Size) {
    guard let move = try? InteractiveMove(beginningAt: path, in: engine) else { return nil }
    self.engine = engine
    self.move = move
    let centre = move.pointer
    let width = max(viewport.width, 1)
    pointers = (0..<256).map { k in
      let t = Double(k)
      return Point(
        x: width / 2 + (width / 2 - 8) * sin(t * 2 * .pi / 16),
        y: centre.y + 0.45 * viewport.height * sin(t * 2 * .pi / 128))
    }
    // One uncounted sweep: the first move copies the storage this copy of the engine shares
    // (once), and every buffer the sweep needs grows to its size, before any run is timed or
    // counted.
    for run in 0..<pointers.count { _ = step(run) }
  }

  func step(_ run: Int) -> Double {
    _ = try? move.update(to: pointers[run & (pointers.count - 1)], in: &engine)
    return Double(move.target.item)
  }
}
