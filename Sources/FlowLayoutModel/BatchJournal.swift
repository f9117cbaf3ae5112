/// The engine batches of one change, each with its inverse, so that the layout before the change
/// can be read back without a copy of the engine: `revert` applies the inverses newest first,
/// the caller reads what it needs, `replay` applies the batches again. A copy of the engine
/// shares its storage until the change writes it, and then costs a copy of the fast engine's
/// page list (O(p) retains for p pages: 1 ms at 1M items, 9.7 ms at 10M); the journal costs the
/// change's own work twice more, O(e log n + s) for e edits and s sections.
///
/// Every valid engine batch has an inverse here (`inverse(of:sizeOf:sectionOf:map:before:)`):
/// item and section edits in any mix, the bounds and the width class. Undoing a change of the
/// bounds lays every item out again, twice with the replay: its caller reads what it can before
/// the change instead, and reverts only for what it could not.
package struct BatchJournal: Sendable {
  /// The batches, as the engine received them, in order.
  package private(set) var batches: [BatchUpdate] = []
  /// `inverses[k]` takes the engine from after `batches[k]` back to before it.
  package private(set) var inverses: [BatchUpdate] = []
  /// `false` once a batch without an inverse was applied: the layout before cannot be read back.
  package private(set) var isComplete = true

  package init() {}

  /// The batch that undoes `batch` (valid for the content before it): its insertions of items
  /// and sections deleted, its deletions inserted back where they were with their sizes and
  /// sections (`sizeOf`, `sectionOf`, read before `batch` is applied), its moves reversed, its
  /// resizes set back at their paths after it (`map`, `BatchPathMap(batch)`), the bounds and
  /// the width class it sets set back to `before`'s. `nil` for measurements (an engine batch
  /// holds resizes), a deleted item or section that does not exist, or a resized item that
  /// does not survive it.
  ///
  /// Valid for the content after `batch`: a valid batch names no item edit inside a section it
  /// deletes (before-space paths) or inserts (after-space paths). The inverse swaps the two
  /// index spaces: it deletes the inserted sections and inserts the deleted ones back (their
  /// items with them), deletes the inserted items (after-space paths, outside the inserted
  /// sections, so outside the sections the inverse deletes), inserts the deleted items back
  /// (before-space paths, outside the deleted sections, so outside the sections the inverse
  /// inserts), and reverses the moves of sections and items, each endpoint keeping its space;
  /// the bounds and options it sets back held for the sections it inserts back. So it passes
  /// the checks the batch passed, and gives every section its count, items and sizes back.
  ///
  /// - Complexity: O(e) for e edits, plus one `sizeOf` per deletion and resize and one
  ///   `sectionOf` per deleted section.
  package static func inverse(
    of batch: BatchUpdate, sizeOf: (ItemPath) -> Size?, sectionOf: (Int) -> SectionData?,
    map: BatchPathMap, before: (bounds: Size, widthClass: WidthClass)
  ) -> BatchUpdate? {
    guard batch.measureItems.isEmpty else { return nil }
    var inverse = BatchUpdate()
    inverse.deleteSections = batch.insertSections.map(\.at)
    var sections: [SectionInsertion] = []
    for s in batch.deleteSections {
      guard let data = sectionOf(s) else { return nil }
      sections.append(SectionInsertion(at: s, section: data))
    }
    inverse.insertSections = sections
    inverse.moveSections = batch.moveSections.map { SectionMove(from: $0.to, to: $0.from) }
    inverse.deleteItems = batch.insertItems.map(\.at)
    var insertions: [ItemInsertion] = []
    insertions.reserveCapacity(batch.deleteItemCount)
    for path in batch.deleteItems {
      guard let size = sizeOf(path) else { return nil }
      insertions.append(ItemInsertion(at: path, size: size))
    }
    inverse.insertItems = insertions
    inverse.moveItems = batch.moveItems.map { ItemMove(from: $0.to, to: $0.from) }
    var resizes: [ItemResize] = []
    resizes.reserveCapacity(batch.resizeItems.count)
    for resize in batch.resizeItems {
      guard let after = map.path(after: resize.at), let size = sizeOf(resize.at) else { return nil }
      resizes.append(ItemResize(at: after, size: size))
    }
    inverse.resizeItems = resizes
    if batch.setWidth != nil { inverse.setWidth = before.bounds.width }
    if batch.setHeight != nil { inverse.setHeight = before.bounds.height }
    if batch.setWidthClass != nil { inverse.setWidthClass = before.widthClass }
    return inverse
  }

  /// Notes `batch`, about to be applied to `engine` (its sizes read now) whose bounds and width
  /// class are `before`, with `map` (`BatchPathMap(batch)`); without an inverse, the journal
  /// becomes incomplete.
  ///
  /// - Returns: the entry to `commit` once the engine took the batch.
  /// - Complexity: `inverse(of:sizeOf:sectionOf:map:before:)`, each size one `ownSize` lookup,
  ///   each deleted section one `section(_:)`.
  package func entry<E: LayoutEngine>(
    for batch: BatchUpdate, on engine: E, map: BatchPathMap,
    before: (bounds: Size, widthClass: WidthClass)
  ) -> (batch: BatchUpdate, inverse: BatchUpdate?) {
    guard isComplete else { return (batch, nil) }
    let inverse = Self.inverse(
      of: batch, sizeOf: { try? engine.ownSize(ofItemAt: $0) },
      sectionOf: { try? engine.section($0) }, map: map, before: before)
    return (batch, inverse)
  }

  /// Records an entry of `entry(for:on:map:before:)` whose batch the engine applied.
  ///
  /// - Complexity: O(1) amortized.
  package mutating func commit(_ entry: (batch: BatchUpdate, inverse: BatchUpdate?)) {
    guard isComplete, let inverse = entry.inverse else {
      isComplete = false
      batches = []
      inverses = []
      return
    }
    batches.append(entry.batch)
    inverses.append(inverse)
  }

  /// Applies the inverses to `engine`, newest first: the layout before the journal's first
  /// batch.
  ///
  /// - Precondition: `isComplete`, and `engine` is the one the batches were applied to, as
  ///   they left it.
  /// - Returns: how many inverses were applied (all of them, unless one threw).
  /// - Complexity: the inverses' work.
  package func revert<E: LayoutEngine>(_ engine: inout E) -> Int {
    var applied = 0
    for inverse in inverses.reversed() {
      do {
        try engine.apply(inverse)
      } catch {
        assertionFailure("an inverse the journal built was refused: \(error)")
        break
      }
      applied += 1
    }
    return applied
  }

  /// Applies the last `count` batches again, oldest first (the ones `revert` undid).
  ///
  /// - Complexity: the batches' work.
  package func replay<E: LayoutEngine>(_ count: Int, on engine: inout E) {
    for batch in batches.suffix(count) {
      do {
        try engine.apply(batch)
      } catch {
        assertionFailure("a batch the engine took before was refused: \(error)")
      }
    }
  }
}
