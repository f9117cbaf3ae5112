import FlowLayoutModel
import FlowLayoutReference
import Testing

/// `BatchJournal.inverse(of:sizeOf:sectionOf:map:)`: a batch and then its inverse give back the input the
/// batch started from, exactly, for random batches of item edits, of section edits, and of both
/// together; a batch it cannot undo (bounds, width class, measurements) has none.
@Suite("Batch journal")
struct BatchJournalTests {
  /// Six sections of 0–11 items of random sizes, `horizontalFlow`.
  static func input(_ g: inout SplitMix64) -> LayoutInput {
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.estimatedItemSize = Size(1, 1)
    return LayoutInput(
      configuration: configuration, bounds: Size(320, 480),
      sections: (0..<6).map { s in
        SectionData(
          header: Double(s % 3 * 10), footer: Double(s % 2 * 8),
          items: (0..<g.nextInt(below: 12)).map { _ in
            Size(Double(10 + g.nextInt(below: 300)), Double(10 + g.nextInt(below: 90)))
          })
      })
  }

  /// A random batch for `counts` (items per section): item edits, or section insertions and
  /// moves. Not always valid (the engine refuses those).
  static func batch(_ g: inout SplitMix64, counts: [Int]) -> BatchUpdate {
    var b = BatchUpdate()
    func path(_ g: inout SplitMix64) -> ItemPath? {
      let s = g.nextInt(below: counts.count)
      return counts[s] == 0 ? nil : ItemPath(section: s, item: g.nextInt(below: counts[s]))
    }
    if g.nextInt(below: 4) == 0 {
      for _ in 0..<g.nextInt(below: 3) {
        b.insertSections.append(
          SectionInsertion(
            at: g.nextInt(below: counts.count + 1), section: SectionData(header: 5, items: [size(&g)])))
      }
      for _ in 0..<g.nextInt(below: 3) {
        b.moveSections.append(
          SectionMove(from: g.nextInt(below: counts.count), to: g.nextInt(below: counts.count)))
      }
      for _ in 0..<g.nextInt(below: 3) { b.deleteSections.append(g.nextInt(below: counts.count)) }
      return b
    }
    addItemEdits(
      to: &b, &g, deletions: 5, insertions: 5, oldPath: path, newPath: path)
    return b
  }

  /// A random size.
  static func size(_ g: inout SplitMix64) -> Size {
    Size(Double(10 + g.nextInt(below: 300)), Double(10 + g.nextInt(below: 90)))
  }

  /// Adds random item edits to `b`: below `deletions` deletions, up to 2 resizes and moves from
  /// `oldPath`s, the moves to and below `insertions` insertions at `newPath`s; each path named
  /// once in its role (a path `nil` is skipped).
  static func addItemEdits(
    to b: inout BatchUpdate, _ g: inout SplitMix64, deletions: Int, insertions: Int,
    oldPath: (inout SplitMix64) -> ItemPath?, newPath: (inout SplitMix64) -> ItemPath?
  ) {
    var used = Set<ItemPath>()
    var targets = Set<ItemPath>()
    for _ in 0..<g.nextInt(below: deletions) {
      if let p = oldPath(&g), used.insert(p).inserted { b.deleteItems.append(p) }
    }
    for _ in 0..<g.nextInt(below: 3) {
      if let p = oldPath(&g), used.insert(p).inserted { b.resizeItems.append(ItemResize(at: p, size: size(&g))) }
    }
    for _ in 0..<g.nextInt(below: 3) {
      if let from = oldPath(&g), used.insert(from).inserted, let to = newPath(&g), targets.insert(to).inserted {
        b.moveItems.append(ItemMove(from: from, to: to))
      }
    }
    for _ in 0..<g.nextInt(below: insertions) {
      if let at = newPath(&g), targets.insert(at).inserted { b.insertItems.append(ItemInsertion(at: at, size: size(&g))) }
    }
  }

  /// Applies `batch` to `engine` (laid out from `start`) and then its inverse, expecting it
  /// to exist, to be taken, and to give `start` back.
  ///
  /// - Returns: `false` when the engine refuses `batch` (nothing changed).
  static func undoes(_ batch: BatchUpdate, engine: inout ReferenceFlowLayout, start: LayoutInput)
    throws -> Bool
  {
    let before = engine
    let inverse = BatchJournal.inverse(
      of: batch, sizeOf: { try? before.ownSize(ofItemAt: $0) },
      sectionOf: { try? before.section($0) }, map: BatchPathMap(batch),
      before: (start.bounds, start.configuration.widthClass))
    guard (try? engine.apply(batch)) != nil else { return false }
    let undo = try #require(inverse, "\(batch)")
    do {
      try engine.apply(undo)
    } catch {
      Issue.record("inverse refused: \(error)\nbatch \(batch)\ninverse \(undo)")
    }
    #expect(engine.input == start, "\(batch)\ninverse \(undo)")
    return true
  }

  @Test func aBatchAndItsInverseGiveTheInputBack() throws {
    var g = SplitMix64(seed: 36)
    var undone = (items: 0, sections: 0)
    var deleted = 0
    for _ in 0..<400 {
      let start = Self.input(&g)
      var engine = try ReferenceFlowLayout(start)
      let counts = start.sections.map(\.count)
      let batch = Self.batch(&g, counts: counts)
      guard try Self.undoes(batch, engine: &engine, start: start) else { continue }
      if !batch.deleteSections.isEmpty { deleted += 1 }
      if batch.insertSections.isEmpty && batch.moveSections.isEmpty && batch.deleteSections.isEmpty {
        undone.items += 1
      } else {
        undone.sections += 1
      }
    }
    #expect(undone.items >= 100 && undone.sections >= 20, "\(undone)")
    #expect(deleted >= 10, "batches that deleted sections: \(deleted)")
  }

  /// A random batch for `counts` that edits sections and items together, as UIKit's
  /// `performBatchUpdates` allows: sections deleted, moved and inserted, and items deleted,
  /// resized and moved in the sections that stay (before-space paths), inserted and moved into
  /// the sections that are not inserted (after-space paths). Not always valid (an after-space
  /// index may be past its section's end: the engine refuses those).
  static func mixedBatch(_ g: inout SplitMix64, counts: [Int]) -> BatchUpdate {
    var b = BatchUpdate()
    let sections = counts.count
    var deleted: [Int] = []
    for _ in 0..<g.nextInt(below: 3) {
      let s = g.nextInt(below: sections)
      if !deleted.contains(s) { deleted.append(s) }
    }
    let staying = (0..<sections).filter { !deleted.contains($0) }
    let insertions = g.nextInt(below: 3)
    let newCount = sections - deleted.count + insertions
    var taken: [Int] = []  // after-space sections inserted or moved to
    func freshSection() -> Int? {
      let s = g.nextInt(below: newCount)
      guard !taken.contains(s) else { return nil }
      taken.append(s)
      return s
    }
    for _ in 0..<insertions {
      if let at = freshSection() {
        b.insertSections.append(
          SectionInsertion(
            at: at,
            section: SectionData(header: 7, items: (0..<g.nextInt(below: 3)).map { _ in size(&g) })))
      }
    }
    let inserted = Set(b.insertSections.map(\.at))
    var moved: [Int] = []
    for _ in 0..<g.nextInt(below: 2) where !staying.isEmpty {
      let from = staying[g.nextInt(below: staying.count)]
      if !moved.contains(from), let to = freshSection() {
        moved.append(from)
        b.moveSections.append(SectionMove(from: from, to: to))
      }
    }
    b.deleteSections = deleted
    let hasItems = staying.filter { counts[$0] > 0 }
    let open = (0..<newCount).filter { !inserted.contains($0) }
    addItemEdits(
      to: &b, &g, deletions: 4, insertions: 4,
      oldPath: { g in
        guard !hasItems.isEmpty else { return nil }
        let s = hasItems[g.nextInt(below: hasItems.count)]
        return ItemPath(section: s, item: g.nextInt(below: counts[s]))
      },
      newPath: { g in
        open.isEmpty
          ? nil : ItemPath(section: open[g.nextInt(below: open.count)], item: g.nextInt(below: 4))
      })
    return b
  }

  /// The argument of `BatchJournal.inverse` for batches that edit sections and items together,
  /// and change the bounds or the width class, by example: every one the engine takes has an
  /// inverse the engine takes too, which gives the input back exactly.
  @Test func mixedBatchesAndTheirInversesGiveTheInputBack() throws {
    var g = SplitMix64(seed: 37)
    var undone = 0
    var kinds = (deletedSections: 0, insertedSections: 0, movedSections: 0, movedItems: 0, bounds: 0)
    for _ in 0..<1_000 {
      let start = Self.input(&g)
      var engine = try ReferenceFlowLayout(start)
      var batch = Self.mixedBatch(&g, counts: start.sections.map(\.count))
      switch g.nextInt(below: 8) {
      case 0: batch.setWidth = Double(200 + g.nextInt(below: 400))
      case 1: batch.setHeight = Double(300 + g.nextInt(below: 400))
      case 2: batch.setWidthClass = g.pick(WidthClass.allCases)
      default: break
      }
      let editsItems =
        batch.deleteItemCount + batch.insertItemCount + batch.moveItems.count
        + batch.resizeItems.count > 0
      let editsSections =
        !(batch.deleteSections.isEmpty && batch.insertSections.isEmpty && batch.moveSections.isEmpty)
      guard editsItems && editsSections else { continue }
      let before = engine
      guard try Self.undoes(batch, engine: &engine, start: start) else { continue }
      // Applied again, the batch gives the layout after it back.
      var again = engine
      try again.apply(batch)
      var once = before
      try once.apply(batch)
      #expect(again.input == once.input, "\(batch)")
      undone += 1
      if !batch.deleteSections.isEmpty { kinds.deletedSections += 1 }
      if !batch.insertSections.isEmpty { kinds.insertedSections += 1 }
      if !batch.moveSections.isEmpty { kinds.movedSections += 1 }
      if !batch.moveItems.isEmpty { kinds.movedItems += 1 }
      if batch.setWidth != nil || batch.setHeight != nil || batch.setWidthClass != nil {
        kinds.bounds += 1
      }
    }
    #expect(undone >= 200, "mixed batches undone: \(undone)")
    #expect(
      kinds.deletedSections >= 40 && kinds.insertedSections >= 40 && kinds.movedSections >= 40
        && kinds.movedItems >= 40 && kinds.bounds >= 40, "\(kinds)")
  }

  @Test func batchesItCannotUndoHaveNoInverse() {
    let map = BatchPathMap(BatchUpdate())
    for (batch, size) in [
      (BatchUpdate(measureItems: [ItemResize(at: ItemPath(section: 0, item: 0), size: Size(1, 1))]), Size(1, 1)),
      (BatchUpdate(deleteItems: [ItemPath(section: 0, item: 0)], setWidth: 300), nil),
    ] {
      #expect(
        BatchJournal.inverse(
          of: batch, sizeOf: { _ in size }, sectionOf: { _ in SectionData(items: []) },
          map: map, before: (Size(320, 480), .regular)) == nil, "\(batch)")
    }
  }
}
