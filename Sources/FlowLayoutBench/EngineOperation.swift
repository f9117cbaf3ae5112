import FlowLayoutModel
import FlowLayoutWorkloads

/// A `BenchOperation` on one engine of type `E`, holding the engine and the operation's
/// precomputed edits or queries. Shared by `flowlayout bench`, `flowlayout profile` and
/// `Benchmarks/`.
///
/// Every `perform()` followed by `undo()` leaves the same sections with the same item counts
/// (`undo()` does nothing for operations that keep the count), so the operation can run any
/// number of times. The user edits' undo restores every size too; `delete`'s inserts an item of
/// a fixed size in place of the deleted one. Every edit applies batches built once here, so that
/// the timed run and its allocation count are the engine's alone.
public struct EngineOperation<E: LayoutEngine>: TimedOperation {
  public let operation: BenchOperation
  public private(set) var engine: E
  public private(set) var checksum: Double = 0
  private let script: EditScript
  private var phase = 0
  private var batches: [BatchUpdate] = []
  private var paths: [ItemPath] = []
  private var viewports: [Rect] = []
  private var buffer: [LayoutElement] = []
  private var userEdit = ReversibleEdit(edit: BatchUpdate(), undo: BatchUpdate())
  /// The engine's scroll target (opened once at init), for `scrollTo`.
  private var scrollTarget: ScrollTargetQuery? = nil
  /// The engine's navigation (opened once at init), for `navigate`.
  private var navigation: NavigationQuery? = nil
  /// The engine's prefetch ranges (opened once at init), for `prefetch`.
  private var prefetching: PrefetchQuery? = nil
  /// The drag in progress (opened once at init, on its own copy of the engine), for `dragStep`.
  private var drag: DragStepQuery? = nil
  /// `resize`'s two alternating batches.
  private var resizes: [BatchUpdate] = []
  private var presentedBuffer: [PresentedElement] = []
  /// The presented query on the engine (opened once at init), for the `scroll-*` variants.
  private var presentedQuery:
    ((Rect, Presentation, inout [PresentedElement], inout [LayoutElement]) -> Void)? = nil
  private var presentation = Presentation()
  /// `max(B, content width)`: right-to-left viewports are mirrored in it.
  private var mirrorWidth = 0.0
  /// `init`'s inputs: the engine's at each of `Workload.layoutWidths` (items shared
  /// copy-on-write), one after the other as `layout` visits them.
  private var coldInputs: [LayoutInput] = []
  /// How `init` builds an engine (with the settings `engine` was built with).
  private let build: (LayoutInput) throws(LayoutError) -> E

  /// Prepares `operation` on `engine`, which holds `workload`'s collection. `deleteSection` on a
  /// single-section workload first inserts the small section it deletes
  /// (`EditScript.middleSectionDeletion(sections:)`), so `engine` then holds 20 more items.
  ///
  /// - Complexity: O(v + s) for the precomputed viewports, edits and lookups (v ≤ 16 384) and
  ///   s sections, plus the preparing edit for `deleteSection`.
  /// - Throws: the engine's error for the preparing edit (a bug in the script or the engine).
  /// `build` makes the engines `init` measures (`E(_:)` by default).
  public init(
    _ operation: BenchOperation, engine: E, workload: Workload,
    build: @escaping (LayoutInput) throws(LayoutError) -> E = { input throws(LayoutError) in
      try E(input)
    }
  ) throws(LayoutError) {
    self.operation = operation
    self.build = build
    self.engine = engine
    script = EditScript(workload: workload, itemCounts: engine.input.sections.map(\.count))
    switch operation {
    case .batch: batches = script.mixedBatches(count: 16)
    case .lookup: paths = script.lookupPaths(count: 4096)
    case .scrollTo:
      paths = script.lookupPaths(count: 4096)
      scrollTarget = ScrollTargetQuery(engine, viewport: engine.input.bounds)
    case .navigate:
      paths = script.lookupPaths(count: 4096)
      navigation = NavigationQuery(engine, pageLength: engine.input.bounds.height)
    case .prefetch:
      viewports = Self.sweep(
        content: engine.contentSize, viewport: engine.input.bounds, count: 4096)
      prefetching = PrefetchQuery(engine)
    case .dragStep:
      let total = engine.input.itemCount
      let per = workload.itemsPerSection ?? total
      drag = DragStepQuery(
        engine, lifting: ItemPath(section: (total / 2) / max(per, 1), item: (total / 2) % max(per, 1)),
        viewport: engine.input.bounds)
    case .scroll:
      viewports = Self.sweep(
        content: engine.contentSize, viewport: engine.input.bounds, count: 4096)
      buffer.reserveCapacity(1024)
    case .resize: resizes = [script.middleResize(phase: 0), script.middleResize(phase: 1)]
    case .insert:
      userEdit = ReversibleEdit(edit: script.middleInsertion(), undo: script.middleDeletion())
    case .delete:
      userEdit = ReversibleEdit(edit: script.middleDeletion(), undo: script.middleInsertion())
    case .firstEdit:
      userEdit = ReversibleEdit(edit: script.middleInsertion(), undo: script.middleDeletion())
      coldInputs = [engine.input]
    case .firstEditAfterWidth:
      userEdit = ReversibleEdit(edit: script.middleInsertion(), undo: script.middleDeletion())
      try self.engine.apply(userEdit.edit)
      try self.engine.apply(userEdit.undo)
      phase = 1
      try self.engine.setWidth(Workload.layoutWidth(ofRun: phase))
    case .move: userEdit = script.quarterMove()
    case .append: userEdit = script.pageAppend()
    case .prepend: userEdit = script.pagePrepend()
    case .insertSection: userEdit = script.middleSectionInsertion()
    case .deleteSection:
      let prepared = script.middleSectionDeletion(sections: engine.input.sections)
      if let preparation = prepared.preparation { try self.engine.apply(preparation) }
      userEdit = prepared.deletion
    case .layout, .memory: break
    case .layoutAfterEdit:
      let edit = ReversibleEdit(edit: script.middleInsertion(), undo: script.middleDeletion())
      try self.engine.apply(edit.edit)
      try self.engine.apply(edit.undo)
    case .coldStart:
      coldInputs = Workload.layoutWidths.map { width in
        var input = engine.input
        input.bounds.width = width
        return input
      }
    case .scrollPinned, .scrollRightToLeft, .scrollSnapped:
      viewports = Self.sweep(
        content: engine.contentSize, viewport: engine.input.bounds, count: 4096)
      presentedBuffer.reserveCapacity(1024)
      buffer.reserveCapacity(1024)
      mirrorWidth = max(engine.input.bounds.width, engine.contentSize.width)
      presentation.sectionHeadersPinToVisibleBounds = operation == .scrollPinned
      presentation.sectionFootersPinToVisibleBounds = operation == .scrollPinned
      presentation.layoutDirection = operation == .scrollRightToLeft ? .rightToLeft : .leftToRight
      presentation.displayScale = operation == .scrollSnapped ? 3 : 0
      if let presenting = engine as? any PresentingLayoutEngine {
        presentedQuery = Self.query(presenting)
      }
    }
  }

  /// The presented rect query of `engine` as a closure over a copy of it (the engine does not
  /// change during a query operation).
  static func query<P: PresentingLayoutEngine>(_ engine: P)
    -> (Rect, Presentation, inout [PresentedElement], inout [LayoutElement]) -> Void
  {
    { rect, presentation, result, scratch in
      engine.presentedElements(
        in: rect, presentation: presentation, into: &result, scratch: &scratch)
    }
  }

  /// `count` viewport rects stepping down the content by 0.37 viewport heights (wrapping), so
  /// that successive queries overlap like a scroll and cover the whole content.
  static func sweep(content: Size, viewport: Size, count: Int) -> [Rect] {
    let travel = max(content.height - viewport.height, 0)
    let step = viewport.height * 0.37
    return (0..<count).map { i in
      let y = travel == 0 ? 0 : (Double(i) * step).truncatingRemainder(dividingBy: travel)
      return Rect(x: 0, y: y, width: viewport.width, height: viewport.height)
    }
  }

  public var needsUndo: Bool { operation.needsUndo }

  /// How many runs go by before `perform()` repeats an input (the batches or resizes it cycles
  /// through, `layout`'s widths; 1 for the other operations).
  public var cycleLength: Int {
    switch operation {
    case .batch: max(batches.count, 1)
    case .resize: max(resizes.count, 1)
    case .layout, .layoutAfterEdit, .coldStart: Workload.layoutWidths.count
    default: 1
    }
  }

  public mutating func perform() throws {
    switch operation {
    case .layout, .layoutAfterEdit:
      phase &+= 1
      try engine.setWidth(Workload.layoutWidth(ofRun: phase))
      checksum += engine.contentSize.height
    case .coldStart:
      phase &+= 1
      if !coldInputs.isEmpty { engine = try build(coldInputs[phase % coldInputs.count]) }
      checksum += engine.contentSize.height
    case .resize:
      phase &+= 1
      try engine.apply(resizes[phase & 1])
      checksum += engine.contentSize.height
    case .insert, .delete, .move, .append, .prepend, .insertSection, .deleteSection, .firstEdit,
      .firstEditAfterWidth:
      try engine.apply(userEdit.edit)
      checksum += engine.contentSize.height
    case .batch:
      phase &+= 1
      try engine.apply(batches[phase & (batches.count - 1)])
      checksum += engine.contentSize.height
    case .scroll:
      phase &+= 1
      buffer.removeAll(keepingCapacity: true)
      engine.elements(in: viewports[phase & (viewports.count - 1)], into: &buffer)
      checksum += Double(buffer.count)
    case .scrollPinned, .scrollRightToLeft, .scrollSnapped:
      phase &+= 1
      presentedBuffer.removeAll(keepingCapacity: true)
      var viewport = viewports[phase & (viewports.count - 1)]
      presentation.viewport = viewport
      if operation == .scrollRightToLeft {
        // The same content as `scroll` shows: the mirrored viewport.
        viewport.origin.x = mirrorWidth - viewport.maxX
        presentation.viewport = viewport
      }
      presentedQuery?(viewport, presentation, &presentedBuffer, &buffer)
      checksum += Double(presentedBuffer.count)
    case .lookup:
      phase &+= 1
      checksum += try Self.frame(of: engine, at: paths[phase & (paths.count - 1)]).minY
    case .scrollTo:
      phase &+= 1
      checksum += scrollTarget?.run(paths[phase & (paths.count - 1)], phase) ?? 0
    case .navigate:
      phase &+= 1
      checksum += navigation?.run(paths[phase & (paths.count - 1)], phase) ?? 0
    case .prefetch:
      phase &+= 1
      checksum += prefetching?.run(viewports[phase & (viewports.count - 1)], phase) ?? 0
    case .dragStep:
      phase &+= 1
      checksum += drag?.step(phase) ?? 0
    case .memory:
      break
    }
  }

  /// `engine.frame(ofItemAt: path)`, the engine passed by address. A call specialized to a
  /// concrete engine type passes an engine too large for registers by copying it to the stack
  /// first (the fast engine's ~1.1 KB, a `memcpy` before every lookup, ~11 ns of 30 at 1 000
  /// items; docs/page-summary.md); this generic function, kept unspecialized, calls the
  /// protocol's witness with the engine's address instead. Every engine is called this way.
  ///
  /// - Complexity: one `frame(ofItemAt:)`.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  static func frame<L: LayoutEngine>(of engine: borrowing L, at path: ItemPath)
    throws(LayoutError) -> Rect
  {
    try engine.frame(ofItemAt: path)
  }

  public mutating func undo() throws {
    switch operation {
    case .insert, .delete, .move, .append, .prepend, .insertSection, .deleteSection:
      try engine.apply(userEdit.undo)
    case .firstEdit:
      engine = try build(coldInputs[0])
    case .firstEditAfterWidth:
      try engine.apply(userEdit.undo)
      phase &+= 1
      try engine.setWidth(Workload.layoutWidth(ofRun: phase))
    case .layout, .layoutAfterEdit, .coldStart, .resize, .batch, .scroll, .lookup, .memory,
      .scrollPinned,
      .scrollRightToLeft, .scrollSnapped, .scrollTo, .navigate, .prefetch, .dragStep:
      break
    }
  }
}
