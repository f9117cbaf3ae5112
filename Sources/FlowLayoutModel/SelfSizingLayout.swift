/// How the content offset follows a change of the layout (`docs/semantics.md`, "Self-sizing and
/// the scroll anchor").
public enum ScrollAnchor: String, Hashable, Sendable, Codable, CaseIterable {
  /// The first item, in document order, that intersects the viewport before the change by
  /// more than the equality tolerance (`Rect.certainlyIntersects`) and survives it keeps its
  /// distance to the viewport's leading edge; then the offset clamps.
  case firstVisibleItem
  /// The offset only clamps (UIKit's behaviour: content jumps).
  case none
  /// A viewport whose end was at the content's end stays at the end; otherwise as
  /// `firstVisibleItem`.
  case bottom
}

/// A layout engine with self-sizing: every item has a size and is either *measured* or
/// *estimated*, measurements arrive as `measureItems` edits, and a viewport's content offset is
/// held by a scroll anchor across every change.
///
/// The measured/estimated state is data, not layout: it is kept here, per section as an
/// `ItemIndexSet` of the estimated items (O(R) per edit for R ranges), over either engine
/// through the `LayoutEngine` protocol; the engine lays every item out at its current size. A
/// measurement is, layout-wise, a resize; one that gives an item the size it has is dropped
/// before it reaches the engine, so it does no layout work (self-sizing idempotence, which stops
/// layout loops).
public struct SelfSizingLayout<Engine: LayoutEngine> {
  /// The engine holding every item at its current size.
  public private(set) var engine: Engine
  /// Per section, the items that are estimates (not measured yet).
  public private(set) var estimatedItems: SectionValues<ItemIndexSet>
  /// The visible rect, in content coordinates; its origin is the content offset. `nil` when the
  /// layout has no viewport (nothing is anchored).
  public private(set) var viewport: Rect?
  /// The rule that moves the viewport after a change.
  public var scrollAnchor: ScrollAnchor
  /// The options: the input's, with the width class of the last batch that set one (the
  /// engine's options, which batches are validated against and cells are sized for).
  public private(set) var configuration: LayoutConfiguration
  /// The bounds after the last batch.
  public private(set) var bounds: Size
  /// The item count of every section after the last batch (an engine's `input` can cost O(n)
  /// to rebuild; these are kept from the batches' plans).
  public private(set) var itemCounts: SectionValues<Int>
  /// The sum of `itemCounts`, kept by each batch.
  package private(set) var itemTotal: Int
  /// Measurements that changed an item's size (each reached the engine as a resize).
  public private(set) var measurementsApplied = 0
  /// Measurements that gave an item the size it had (dropped: no layout work).
  public private(set) var measurementsUnchanged = 0
  /// Sections whose estimated items and item count batches rewrote (the sections they edit,
  /// not every section): the work counter of the self-sizing state's bookkeeping.
  public private(set) var sectionStatesRewritten = 0
  /// Batches this layout validated (`plan(validating:)` included): one per batch applied,
  /// the engine validating none of them again (`LayoutEngine.apply(validated:)`).
  package private(set) var batchesValidated = 0
  /// Batch path maps this layout built: one per batch applied.
  package private(set) var pathMapsBuilt = 0
  /// The item that anchored the last change, with its leading edge's distance to the
  /// viewport's before and after it (they differ only when the offset clamped); `nil` when no
  /// item anchored it (rule `none`, `bottom` at the end, no surviving visible item).
  public private(set) var lastAnchor: AnchorReport?
  /// When set, every batch the engine takes is recorded here with its inverse
  /// (`BatchJournal`): what reads the layout as it was before a change without a copy of it.
  package var journal: BatchJournal?

  /// Lays out `input` with `estimatedItems` (per section; none when `nil`) marked estimated,
  /// the engine keeping its diagnostics (`LayoutEngine.keepDiagnostics()`).
  ///
  /// - Complexity: the engine's initialisation and `keepDiagnostics()`, plus O(s + R).
  /// - Throws: the engine's `LayoutError`; `.invalidDocument(field: "estimatedItems", …)` when
  ///   the sets do not fit the sections; `viewport` errors as `setViewport(_:)`.
  public init(
    _ input: LayoutInput, estimatedItems: [ItemIndexSet]? = nil, viewport: Rect? = nil,
    scrollAnchor: ScrollAnchor = .firstVisibleItem
  ) throws(LayoutError) {
    let sets =
      estimatedItems ?? [ItemIndexSet](repeating: ItemIndexSet(), count: input.sections.count)
    guard sets.count == input.sections.count else {
      throw .invalidDocument(
        field: "estimatedItems",
        reason: "\(sets.count) sets for \(input.sections.count) sections")
    }
    for (s, set) in sets.enumerated() {
      if let last = set.ranges.last,
        last.upperBound > input.sections[s].count || set.ranges[0].lowerBound < 0
      {
        throw .invalidDocument(
          field: "estimatedItems[\(s)]",
          reason: "\(set) is outside the section's \(input.sections[s].count) items")
      }
    }
    if let viewport { try LayoutValidation.viewport(viewport, field: "viewport") }
    self.engine = try Engine(input)
    engine.keepDiagnostics()
    self.configuration = input.configuration
    self.bounds = input.bounds
    self.itemCounts = SectionValues(input.sections.map(\.count), filler: 0)
    self.itemTotal = input.sections.reduce(0) { $0 + $1.count }
    self.estimatedItems = SectionValues(sets, filler: ItemIndexSet())
    self.viewport = viewport
    self.scrollAnchor = scrollAnchor
  }

  /// Stores the engine's layout as edits need it (`LayoutEngine.prepareForEdits(nearSection:)`),
  /// so that the first edit costs what later ones do, with the room for section edits at the
  /// viewport's first section (the section count without a viewport: edits at the end); returns
  /// that section. Changes no answer.
  ///
  /// - Complexity: the engine's, O(n) once for the fast engine, plus O(log n + k + d) for the k
  ///   elements in the viewport and the d sections between the old room and the new.
  @discardableResult
  public mutating func prepareForEdits() -> Int {
    var s = engine.numberOfSections
    if let viewport {
      var shown: [LayoutElement] = []
      engine.elements(in: viewport, into: &shown)
      s = shown.lazy.map(\.path.section).min() ?? s
    }
    engine.prepareForEdits(nearSection: s)
    itemCounts.moveGap(to: s)
    estimatedItems.moveGap(to: s)
    return s
  }

  /// Runs `body` on the engine in place, the self-sizing state untouched: the live layout of
  /// an interactive move (`InteractiveMove`), which the caller moves back before any batch.
  package mutating func withEngine<R>(
    _ body: (inout Engine) throws(LayoutError) -> R
  ) throws(LayoutError) -> R {
    try body(&engine)
  }

  /// The content offset: the viewport's origin; `nil` without a viewport.
  public var contentOffset: Point? { viewport?.origin }

  /// Whether the item at `path` is an estimate. `false` for a path that does not exist.
  ///
  /// - Complexity: O(log R).
  public func isEstimated(_ path: ItemPath) -> Bool {
    estimatedItems.indices.contains(path.section)
      && estimatedItems[path.section].contains(path.item)
  }

  /// Marks items estimated again (their current sizes become their estimates), e.g. the cells
  /// whose size depends on the width after a rotation. No layout work.
  ///
  /// - Parameter sets: per section; missing sections and indices past a section's end are
  ///   ignored.
  /// - Complexity: O(s + R) for the ranges of both sides.
  public mutating func markEstimated(_ sets: [ItemIndexSet]) {
    let counts = itemCounts
    for (s, set) in sets.enumerated() where s < estimatedItems.count && !set.isEmpty {
      var clipped = ItemIndexSet()
      for range in set.ranges where range.lowerBound < counts[s] {
        clipped.formUnion(ItemIndexSet(max(0, range.lowerBound)..<min(range.upperBound, counts[s])))
      }
      estimatedItems[s].formUnion(clipped)
    }
  }

  /// Moves the viewport (the user scrolled). Nothing is anchored or clamped: the rect is taken
  /// as given.
  ///
  /// - Throws: `.invalidNumber(field: "viewport", …)` for a non-finite value or a negative size.
  public mutating func setViewport(_ rect: Rect?) throws(LayoutError) {
    if let rect { try LayoutValidation.viewport(rect, field: "viewport") }
    viewport = rect
    lastAnchor = nil
  }

  /// Applies one batch (which may hold `measureItems`) atomically, then moves the viewport by
  /// the scroll anchor.
  ///
  /// - Complexity: the engine's cost for the batch, plus O(v·e) to follow the v items of the
  ///   viewport through it, plus one rect query before it.
  /// - Throws: the batch's `LayoutError`; nothing changes.
  public mutating func apply(_ update: BatchUpdate) throws(LayoutError) {
    var anchor = beginChange()
    try apply(update, tracking: &anchor)
    endChange(anchor)
  }

  /// Records what the scroll anchor needs before a change made of one or more batches
  /// (`apply(_:tracking:)`), closed by `endChange(_:)`.
  ///
  /// - Complexity: one rect query over the viewport.
  public func beginChange() -> PendingAnchor {
    guard let viewport else {
      return PendingAnchor(axisIsX: false, candidates: [], wasAtEnd: false)
    }
    let axisIsX = scrollsAlongX
    var candidates: [(path: ItemPath, distance: Double)] = []
    // The band rule (`Rect.certainlyIntersects`): an item that only touches the viewport
    // within the tolerance is no candidate, so that a one-ulp difference between two engines'
    // frames cannot pick different anchors.
    for element in engine.elements(in: viewport)
    where element.kind == .item && element.frame.certainlyIntersects(viewport) {
      let distance =
        axisIsX ? element.frame.minX - viewport.minX : element.frame.minY - viewport.minY
      candidates.append((element.path, distance))
    }
    let content = engine.contentSize
    let end = axisIsX ? viewport.maxX : viewport.maxY
    let length = axisIsX ? content.width : content.height
    return PendingAnchor(
      axisIsX: axisIsX, candidates: candidates,
      wasAtEnd: end >= length - 1e-9 * max(1, abs(length)))
  }

  /// Applies one batch of a change begun by `beginChange()`, following the anchor candidates.
  ///
  /// - Throws: the batch's `LayoutError`; nothing changes (neither the layout nor `anchor`).
  public mutating func apply(_ update: BatchUpdate, tracking anchor: inout PendingAnchor)
    throws(LayoutError)
  {
    try apply(update, validated: nil, tracking: &anchor)
  }

  /// `apply(_:tracking:)` with the plan `update(validating: update)` returned for the layout as
  /// it is now (nothing changed since), so that the batch is not validated twice. The plan
  /// shares the kept counts' storage: pass it consumed (`consume plan`), or the counts are
  /// copied (O(s)) when written.
  ///
  /// The batch is validated once (here, or by the caller) and its path map built once: the
  /// engine gets both (`LayoutEngine.apply(validated:)`), except for a batch that measures and
  /// moves items, which the engine validates again (it refuses a measured item that is also
  /// moved, as a resize of a moved one).
  ///
  /// - Returns: `BatchPathMap(update)`, for the caller's own per-item state.
  @discardableResult
  package mutating func apply(
    _ update: BatchUpdate, validated: consuming BatchPlan?, tracking anchor: inout PendingAnchor
  ) throws(LayoutError) -> BatchPathMap {
    let (plan, batch) = try prepare(update, validated: validated)
    let newBounds = plan.newBounds
    let unchanged = update.measureItems.count - (batch.resizeItems.count - update.resizeItems.count)
    let map = BatchPathMap(update, plan: plan)
    pathMapsBuilt += 1
    // The engine batch's paths are the update's (measurements become resizes where they
    // stand): `map` maps both.
    let entry =
      batch.isEmpty
      ? nil
      : journal?.entry(
        for: batch, on: engine, map: map, before: (bounds, configuration.widthClass))
    if batch.isEmpty {
      _ = consume plan
    } else if update.measureItems.isEmpty || update.moveItems.isEmpty {
      // The plan shares the kept counts' storage: consumed here, released before they are
      // written below.
      try engine.apply(validated: ValidatedBatch(update: batch, plan: consume plan, map: map))
    } else {
      _ = consume plan
      try engine.apply(batch)
    }
    if let entry { journal?.commit(entry) }
    // Nothing below throws.
    if let widthClass = update.setWidthClass { configuration.widthClass = widthClass }
    update.carryEstimatedItems(in: &estimatedItems, map: map)
    let carried = update.carryItemCounts(in: &itemCounts, map: map)
    itemTotal += carried.itemChange
    sectionStatesRewritten += carried.rewritten
    bounds = newBounds
    measurementsApplied += update.measureItems.count - unchanged
    measurementsUnchanged += unchanged
    if !anchor.candidates.isEmpty, !update.isEmpty {
      anchor.candidates = anchor.candidates.compactMap { path, distance in
        map.path(after: path).map { ($0, distance) }
      }
    }
    return map
  }

  /// Validates `update` (which may hold `measureItems`) against the current content without
  /// changing anything.
  ///
  /// - Complexity: O(e log e + s).
  /// - Throws: the batch's `LayoutError`.
  public func update(validating update: BatchUpdate) throws(LayoutError) -> BatchPlan {
    try update.validateWithMeasurements(
      itemCounts: itemCounts.sectionCounts, configuration: configuration, bounds: bounds)
  }

  /// `update(validating:)`, counted in `batchesValidated`: for a caller that then applies the
  /// batch with the plan (`apply(_:validated:tracking:)`).
  ///
  /// - Complexity: O(e log e + s).
  /// - Throws: the batch's `LayoutError`.
  package mutating func plan(validating update: BatchUpdate) throws(LayoutError) -> BatchPlan {
    batchesValidated += 1
    return try self.update(validating: update)
  }

  /// Validates `update` against the kept counts, options and bounds, and turns it into the
  /// engine's batch (measurements that change nothing dropped).
  ///
  /// - Complexity: O(e log e + s), plus one `ownSize` per measurement.
  private mutating func prepare(_ update: BatchUpdate, validated: consuming BatchPlan?)
    throws(LayoutError)
    -> (BatchPlan, BatchUpdate)
  {
    let plan: BatchPlan
    switch consume validated {
    case .some(let validated): plan = validated
    case .none:
      batchesValidated += 1
      plan = try update.validateWithMeasurements(
        itemCounts: itemCounts.sectionCounts, configuration: configuration, bounds: bounds)
    }
    let batch = update.engineBatch { path in
      // Validated above: the path exists.
      (try? engine.ownSize(ofItemAt: path)) ?? Size(width: -1, height: -1)
    }
    return (plan, batch)
  }

  /// Ends a change: moves the viewport by `scrollAnchor` and clamps it.
  ///
  /// - Complexity: O(v) frame queries for the v candidates, at worst; usually one.
  public mutating func endChange(_ anchor: PendingAnchor) {
    lastAnchor = nil
    guard var rect = viewport else { return }
    let content = engine.contentSize
    let axisIsX = anchor.axisIsX
    var leading = axisIsX ? rect.minX : rect.minY
    let viewLength = axisIsX ? rect.width : rect.height
    let contentLength = axisIsX ? content.width : content.height
    switch scrollAnchor {
    case .none: break
    case .bottom where anchor.wasAtEnd: leading = contentLength - viewLength
    case .firstVisibleItem, .bottom:
      for (path, distance) in anchor.candidates {
        guard let frame = try? engine.frame(ofItemAt: path) else { continue }
        leading = (axisIsX ? frame.minX : frame.minY) - distance
        lastAnchor = AnchorReport(path: path, distanceBefore: distance, distanceAfter: distance)
        break
      }
    }
    let unclamped = leading
    leading = min(max(leading, 0), max(0, contentLength - viewLength))
    if leading != unclamped, let report = lastAnchor {
      lastAnchor?.distanceAfter = report.distanceBefore + (unclamped - leading)
    }
    var cross = axisIsX ? rect.minY : rect.minX
    let crossLength = axisIsX ? rect.height : rect.width
    let contentCross = axisIsX ? content.height : content.width
    cross = min(max(cross, 0), max(0, contentCross - crossLength))
    rect.origin = axisIsX ? Point(x: leading, y: cross) : Point(x: cross, y: leading)
    viewport = rect
  }

  /// Horizontal scrolling of a variant that honours `scrollDirection`: the anchor holds the
  /// leading (x) edge; otherwise the top (y).
  public var scrollsAlongX: Bool { configuration.scrollsAlongX }
}

/// The item that anchored a change and its distance to the viewport's leading edge.
public struct AnchorReport: Hashable, Sendable {
  /// The anchor's path after the change.
  public var path: ItemPath
  /// Its leading edge minus the viewport's, before the change.
  public var distanceBefore: Double
  /// The same after the change: equal unless the offset clamped.
  public var distanceAfter: Double
}

/// What the scroll anchor remembers during a change: the items intersecting the viewport before
/// it, in document order, each with its leading edge's distance to the viewport's, followed
/// through the change's batches.
public struct PendingAnchor: Sendable {
  /// The anchor holds x (horizontal scrolling) rather than y.
  public var axisIsX: Bool
  /// Surviving candidates: path after the batches so far, distance before the change.
  public var candidates: [(path: ItemPath, distance: Double)]
  /// The viewport's end was at the content's end (within 1e-9 relative) before the change.
  public var wasAtEnd: Bool
}

extension LayoutValidation {
  /// A viewport `[x, y, width, height]`: a finite origin (anywhere, also outside the content)
  /// and a size of valid lengths.
  ///
  /// - Throws: `.invalidNumber` naming `field.x`, `field.y`, `field.width` or `field.height`.
  public static func viewport(_ rect: Rect, field: String) throws(LayoutError) {
    for (name, value) in [("x", rect.minX), ("y", rect.minY)] where !value.isFinite {
      throw .invalidNumber(
        field: "\(field).\(name)", value: value, reason: value.isNaN ? "NaN" : "infinite")
    }
    try size(rect.size, field: field)
  }
}

extension SelfSizingLayout: Sendable where Engine: Sendable {}
