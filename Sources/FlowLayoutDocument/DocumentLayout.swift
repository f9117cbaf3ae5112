import FioriCells
import FlowLayoutModel

/// A document's live layout: a `SelfSizingLayout` over engine `E` plus the document's Fiori
/// cells, which it measures by the document's `cellSizing` policy and measures again when the
/// width they are proposed changes (`docs/semantics.md`, "Self-sizing and the scroll anchor").
///
/// Guarantees: under `"all"` every cell holds its fitting size for the current width after
/// every change, so the layout equals a fresh layout of the same content at that width; under
/// `"visible"` every cell whose frame intersects the measuring rect (the prefetch region of the
/// viewport at its last velocity: at rest and by default, the viewport extended by one viewport
/// length before and after it along the scroll axis) is measured, the others keep estimates. Every
/// change (a batch, a viewport move that measures cells, a re-measurement) is anchored by the
/// layout's `scrollAnchor`. A throwing call changes nothing.
public struct DocumentLayout<Engine: LayoutEngine> {
  /// The engine, the estimated items and the viewport.
  public private(set) var layout: SelfSizingLayout<Engine>
  /// Per section, per item: the item's cell, `nil` for a plain item (kept as document text
  /// until measured: `CellColumn`).
  public private(set) var cells: SectionValues<CellColumn>
  /// When cells are measured.
  public let cellSizing: CellSizing
  /// The prefetch margins (`"prefetch"`), which also bound `"visible"` measuring.
  public let prefetch: PrefetchPolicy
  /// The viewport's velocity as last set (`setViewport(_:velocity:)`), points per second;
  /// zero (at rest) until then and after a viewport set without one.
  public private(set) var velocity = Point(x: 0, y: 0)
  /// Where content shorter than the viewport sits, and where the document opened.
  public let verticalLayoutDirection: VerticalLayoutDirection
  /// Cells measured (`fittingSize` calls) since creation: the work counter of self-sizing.
  public private(set) var cellsMeasured = 0
  /// Per section, the items that are cells, found at the first width change and then kept
  /// through batches like the estimated items (so that the next rotation marks them estimated,
  /// or measures them, in O(R + c) for c cells, not by a pass over n items); `nil` until then.
  private var cellItems: SectionValues<ItemIndexSet>?

  /// Lays out the document's first layout (its edits are not applied: see `laidOut(_:)`), and
  /// under `"visible"` measures the cells near the viewport (the bounds at offset 0 when the
  /// document gives no viewport). Under `.bottomToTop` (scrolling along y) the viewport then
  /// moves to the content's end (`scrollToEnd()`): the document's viewport keeps its x and
  /// size, not its y.
  ///
  /// - Throws: `.invalidNumber` naming `prefetch.ahead|behind`; what the engine or a cell's
  ///   sizing throws.
  public init(_ document: LayoutDocument) throws(LayoutError) {
    try document.prefetch.validate()
    var viewport = document.viewport
    // Bottom-up on a layout that scrolls along y (one along x ignores the direction).
    let opensAtEnd =
      document.verticalLayoutDirection == .bottomToTop
      && !document.input.configuration.scrollsAlongX
    if document.cellSizing == .visible || opensAtEnd, viewport == nil {
      let bounds = document.input.bounds
      viewport = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
    }
    layout = try SelfSizingLayout(
      document.input, estimatedItems: document.estimatedItems, viewport: viewport,
      scrollAnchor: document.scrollAnchor)
    cells = SectionValues(document.cells, filler: CellColumn(plainItems: 0))
    cellItems = document.cellItems.flatMap {
      $0.count == document.cells.count ? SectionValues($0, filler: ItemIndexSet()) : nil
    }
    cellSizing = document.cellSizing
    prefetch = document.prefetch
    verticalLayoutDirection = document.verticalLayoutDirection
    try measureNearViewport(refusing: true)
    if opensAtEnd { try scrollToEnd() }
  }

  /// The document laid out with every edit applied in order.
  ///
  /// - Throws: what the engine throws; an edit's error is prefixed `edits[k].`.
  public static func laidOut(_ document: LayoutDocument) throws(LayoutError) -> DocumentLayout {
    var result = try DocumentLayout(document)
    for (k, edit) in document.edits.enumerated() {
      do {
        let inserted = document.insertedCells.indices.contains(k) ? document.insertedCells[k] : []
        let editCells = document.editCells.indices.contains(k) ? document.editCells[k] : EditCells()
        try result.apply(edit, insertedCells: inserted, editCells: editCells)
      } catch {
        throw error.prefixingField(with: "edits[\(k)].")
      }
    }
    return result
  }

  /// The engine, read in place (no copy of it).
  public var engine: Engine { _read { yield layout.engine } }

  /// Stores the layout as edits need it (`SelfSizingLayout.prepareForEdits()`): a live session
  /// pays the fast engine's one-time page cut when it opens, not in its first edit.
  public mutating func prepareForEdits() {
    let s = layout.prepareForEdits()
    cells.moveGap(to: s)
    cellItems?.moveGap(to: s)
  }

  /// Runs `body` on the layout in place, the cells untouched: the live layout of an
  /// interactive move (`LayoutSession+Drag.swift`), moved back before any batch.
  package mutating func withLayout<R>(
    _ body: (inout SelfSizingLayout<Engine>) throws(LayoutError) -> R
  ) throws(LayoutError) -> R {
    try body(&layout)
  }

  /// The width cells are proposed for the current bounds.
  var proposedCellWidth: Double {
    layout.configuration.proposedCellWidth(boundsWidth: layout.bounds.width)
  }

  /// Applies one batch (with `measureItems` if any) as one anchored change. When it changes the
  /// width cells are proposed, every cell is measured again for the new width (`"all"`), or
  /// becomes an estimate of its last size and is measured again when near the viewport
  /// (`"visible"`).
  ///
  /// - Parameters:
  ///   - update: the batch.
  ///   - insertedCells: per `insertSections` entry, the cells of the inserted section.
  ///   - editCells: the cells of the batch's `insertItems` and `resizeItems` entries.
  /// - Complexity: the engine's cost for the batch, plus O(m) to move the cells of the m items
  ///   of edited sections, plus c cell measurements for c cells when the proposed width changes
  ///   (`"all"`), or the cells near the viewport (`"visible"`); O(n) more for n items at the first
  ///   width change (the cells found) and at a width change that also moves items.
  /// - Throws: the batch's `LayoutError`, or a cell's sizing error; nothing changes.
  public mutating func apply(
    _ update: BatchUpdate, insertedCells: [CellColumn] = [],
    editCells: EditCells = EditCells()
  ) throws(LayoutError) {
    let plan = try layout.plan(validating: update)
    let movesItems =
      !(update.deleteItemCount == 0 && (update.insertItemCount == 0) && update.moveItems.isEmpty
      && update.deleteSections.isEmpty && update.insertSections.isEmpty
      && update.moveSections.isEmpty && editCells.inserted.isEmpty && editCells.resized.isEmpty)
    let newWidth = plan.newConfiguration.proposedCellWidth(boundsWidth: plan.newBounds.width)
    let widthChanges = newWidth != proposedCellWidth
    // Under "all", the re-measurements for the new width are computed before anything changes
    // (a cell's sizing may throw); that needs the cells after the batch, a copy when the batch
    // moves items. Without one, only the cells are read (`cellItems`, found once), not every
    // item.
    var remeasured: [ItemResize] = []
    var foundCellItems: [ItemIndexSet]?
    if widthChanges, cellSizing == .all {
      var newCells = cells
      if movesItems {
        update.carry(in: &newCells, insertedSections: insertedCells, editCells: editCells)
      }
      let items: [ItemIndexSet]
      if !movesItems, let cellItems {
        items = cellItems.array
      } else {
        items = newCells.map(\.cellIndices)
        if !movesItems { foundCellItems = items }
      }
      for (s, set) in items.enumerated() {
        for range in set.ranges {
          for i in range {
            guard let cell = newCells[s][i] else { continue }
            let size = try cell.fittingSize(
              proposedWidth: newWidth, field: "sections[\(s)].items[\(i)]")
            remeasured.append(ItemResize(at: ItemPath(section: s, item: i), size: size))
          }
        }
      }
    }
    // Nothing below throws except measuring near the viewport after a width change (a cell
    // too narrow for the new width), which then restores this copy: a width change lays
    // everything out again anyway, so its O(n) copy-on-write copy adds no order of cost.
    let saved = widthChanges && cellSizing == .visible ? self : nil
    var anchor = layout.beginChange()
    let map = try layout.apply(update, validated: consume plan, tracking: &anchor)
    if movesItems {
      update.carry(in: &cells, insertedSections: insertedCells, editCells: editCells, map: map)
    }
    if movesItems, var items = cellItems {
      // The cell items move as estimated items do; inserted sections bring their cells.
      var carrier = update
      carrier.measureItems = []
      for j in carrier.insertSections.indices {
        carrier.insertSections[j].estimatedItems =
          insertedCells.indices.contains(j)
            && insertedCells[j].count == carrier.insertSections[j].section.count
          ? insertedCells[j].cellIndices : ItemIndexSet()
      }
      cellItems = nil  // uniquely referenced while carried
      // `map` is `BatchPathMap(carrier)`: the map reads neither measurements nor estimates.
      carrier.carryEstimatedItems(in: &items, map: map)
      // Items inserted with a cell, and items given a cell by a resize, are cells now.
      for path in editCells.inserted.keys { items[path.section].insert(path.item) }
      for path in editCells.resized.keys {
        if let after = map.path(after: path) { items[after.section].insert(after.item) }
      }
      cellItems = items
    }
    if let foundCellItems { cellItems = SectionValues(foundCellItems, filler: ItemIndexSet()) }
    if !remeasured.isEmpty {
      cellsMeasured += remeasured.count
      try layout.apply(BatchUpdate(measureItems: remeasured), tracking: &anchor)
    }
    if widthChanges, cellSizing == .visible {
      let items = cellItems?.array ?? cells.map(\.cellIndices)
      cellItems = SectionValues(items, filler: ItemIndexSet())
      layout.markEstimated(items)
    }
    layout.endChange(anchor)
    do {
      try measureNearViewport(refusing: saved != nil)
    } catch {
      self = saved!
      throw error
    }
  }

  /// Decodes one batch in the document's edit format (`docs/layout-document.md`, "Edits", plus
  /// `measureItems`) and applies it: the cells of inserted sections are sized for the width
  /// after the batch (or left estimates under `"visible"`).
  ///
  /// - Throws: `.invalidDocument` naming a field under `field` for a malformed batch; then what
  ///   `apply(_:insertedCells:)` throws, prefixed with `field`. Nothing changes.
  /// - Returns: the batch applied (cells sized).
  @discardableResult
  public mutating func apply(json bytes: some Collection<UInt8>, field: String = "apply")
    throws(LayoutError) -> BatchUpdate
  {
    try apply(RawEdit.read(json: Array(bytes), field: field), field: field)
  }

  /// `apply(json:field:)` for a batch already read.
  ///
  /// - Throws: what `apply(json:field:)` throws after reading; nothing changes.
  @discardableResult
  mutating func apply(_ raw: RawEdit, field: String) throws(LayoutError) -> BatchUpdate {
    var raw = raw
    let counts = layout.itemCounts
    raw.expandPackedDeletions { counts.indices.contains($0) ? counts[$0] : nil }
    var configuration = layout.configuration
    if let widthClass = raw.update.setWidthClass { configuration.widthClass = widthClass }
    let width = raw.update.setWidth ?? layout.bounds.width
    let update = try raw.sized(
      configuration: configuration, boundsWidth: width,
      estimatedItemSize: configuration.estimatedItemSize, measuresCells: cellSizing == .all,
      field: field)
    do {
      try apply(
        update, insertedCells: raw.insertedSections.map(\.cellColumn), editCells: raw.cells)
    } catch {
      throw raw.namingPackedEntries(error, prefix: "").prefixingField(with: "\(field).")
    }
    return update
  }

  /// Moves the viewport (the user scrolled) at `velocity` (points per second; zero: at rest)
  /// and, under `"visible"`, measures the cells that came near it, each round of measurements
  /// an anchored change.
  ///
  /// - Parameters:
  ///   - rect: the new viewport; `nil` for none.
  ///   - velocity: the content offset's rate of change, which orients the measuring rect.
  /// - Throws: `.invalidNumber` naming `viewport` or `velocity.x|y` (nothing changes); a cell's
  ///   sizing error.
  public mutating func setViewport(_ rect: Rect?, velocity: Point = Point(x: 0, y: 0))
    throws(LayoutError)
  {
    try PrefetchRequest.velocityIsFinite(velocity)
    try layout.setViewport(rect)
    self.velocity = velocity
    try measureNearViewport(refusing: false)
  }

  /// `setViewport(_:velocity:)` at rest, a cell that cannot be sized refusing the move when
  /// `refusing` (the document is being opened).
  mutating func moveViewport(_ rect: Rect, refusing: Bool) throws(LayoutError) {
    try layout.setViewport(rect)
    velocity = Point(x: 0, y: 0)
    try measureNearViewport(refusing: refusing)
  }

  /// The rect within which `"visible"` measures cells: the prefetch region of the viewport at
  /// `velocity` (`PrefetchRequest.region`); with the default policy at rest, the viewport
  /// extended by one viewport length before and after it along the scroll axis.
  public var measuringRect: Rect? {
    guard let viewport = layout.viewport else { return nil }
    return PrefetchRequest.region(
      viewport: viewport, velocity: velocity, policy: prefetch, alongX: layout.scrollsAlongX)
  }

  /// Under `"visible"`: measures every estimated cell near the viewport, in rounds (a round can
  /// bring more cells near), each round an anchored change, until none is left. A cell is near
  /// when its frame intersects the measuring rect by more than the equality contract's
  /// tolerance (`Rect.certainlyIntersects`), so that both engines measure the same cells
  /// whatever their last-bit rounding.
  ///
  /// - Parameter refusing: a cell that cannot be sized for the proposed width (an object cell
  ///   too narrow) throws; otherwise it is skipped and stays an estimate (the user scrolled: a
  ///   scroll is not refused).
  /// - Complexity: per round one rect query and the k cells measured; at most c rounds for c
  ///   cells (each round measures at least one).
  /// - Throws: a cell's sizing error, when `refusing`; the cells measured in earlier rounds stay
  ///   measured (the callers restore their copy).
  mutating func measureNearViewport(refusing: Bool) throws(LayoutError) {
    guard cellSizing == .visible else { return }
    let width = proposedCellWidth
    while let rect = measuringRect {
      var measurements: [ItemResize] = []
      for element in layout.engine.elements(in: rect)
      where element.kind == .item && element.frame.certainlyIntersects(rect) {
        let path = element.path
        guard layout.isEstimated(path), let cell = cells[path.section][path.item] else { continue }
        let size: Size
        do {
          size = try cell.fittingSize(
            proposedWidth: width, field: "sections[\(path.section)].items[\(path.item)]")
        } catch {
          if refusing { throw error }
          continue
        }
        measurements.append(ItemResize(at: path, size: size))
      }
      if measurements.isEmpty { return }
      cellsMeasured += measurements.count
      try layout.apply(BatchUpdate(measureItems: measurements))
    }
  }
}

extension DocumentLayout: Sendable where Engine: Sendable {}

extension DocumentLayout {
  /// The journal of the engine's batches (`SelfSizingLayout.journal`): set before a change
  /// whose earlier layout is read afterwards (`framesBeforeLastChange(_:)`), `nil` otherwise.
  var journal: BatchJournal? {
    get { layout.journal }
    set { layout.journal = newValue }
  }

  /// The frames the elements had before the batches of `journal` (laid out; `nil` for one
  /// without a frame then), read by undoing those batches on the engine and applying them
  /// again; the journal is closed. Every answer after is the one before the call (the engine's
  /// storage may be cut into pages differently).
  ///
  /// - Precondition: `journal` is complete (every batch of the change had an inverse).
  /// - Complexity: the journal's batches twice, plus one lookup per element.
  mutating func framesBeforeLastChange(_ elements: [(kind: ElementKind, path: ItemPath)])
    -> [Rect?]
  {
    guard let journal = layout.journal, journal.isComplete else {
      assertionFailure("no complete journal of the change")
      layout.journal = nil
      return elements.map { _ in nil }
    }
    layout.journal = nil
    guard !elements.isEmpty else { return [] }
    var frames: [Rect?] = []
    try? layout.withEngine { engine in
      let undone = journal.revert(&engine)
      frames = elements.map { engine.frame(of: $0) }
      journal.replay(undone, on: &engine)
    }
    return frames
  }
}
