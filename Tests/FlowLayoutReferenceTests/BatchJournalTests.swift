import FlowLayoutModel
import FlowLayoutReference
import Testing

/// `BatchJournal.inverse(of:sizeOf:sectionOf:map:)`: a batch and then its inverse give back the input the
/// batch started from, exactly, for random batches of item edits and of section insertions and
/// moves; a batch it cannot undo has none.
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
    func path() -> ItemPath? {
      let s = g.nextInt(below: counts.count)
      return counts[s] == 0 ? nil : ItemPath(section: s, item: g.nextInt(below: counts[s]))
    }
    func size() -> Size { Size(Double(10 + g.nextInt(below: 300)), Double(10 + g.nextInt(below: 90))) }
    if g.nextInt(below: 4) == 0 {
      for _ in 0..<g.nextInt(below: 3) {
        b.insertSections.append(
          SectionInsertion(
            at: g.nextInt(below: counts.count + 1), section: SectionData(header: 5, items: [size()])))
      }
      for _ in 0..<g.nextInt(below: 3) {
        b.moveSections.append(
          SectionMove(from: g.nextInt(below: counts.count), to: g.nextInt(below: counts.count)))
      }
      for _ in 0..<g.nextInt(below: 3) { b.deleteSections.append(g.nextInt(below: counts.count)) }
      return b
    }
    var used = Set<ItemPath>()
    for _ in 0..<g.nextInt(below: 5) { if let p = path(), used.insert(p).inserted { b.deleteItems.append(p) } }
    for _ in 0..<g.nextInt(below: 3) { if let p = path(), used.insert(p).inserted { b.resizeItems.append(ItemResize(at: p, size: size())) } }
    var targets = Set<ItemPath>()
    for _ in 0..<g.nextInt(below: 3) {
      if let from = path(), used.insert(from).inserted, let to = path(), targets.insert(to).inserted {
        b.moveItems.append(ItemMove(from: from, to: to))
      }
    }
    for _ in 0..<g.nextInt(below: 5) {
      if let at = path(), targets.insert(at).inserted { b.insertItems.append(ItemInsertion(at: at, size: size())) }
    }
    return b
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
      let before = engine
      let inverse = BatchJournal.inverse(
        of: batch, sizeOf: { try? before.ownSize(ofItemAt: $0) },
        sectionOf: { try? before.section($0) }, map: BatchPathMap(batch))
      guard (try? engine.apply(batch)) != nil else { continue }
      let undo = try #require(inverse, "\(batch)")
      try engine.apply(undo)
      #expect(engine.input == start, "\(batch)\ninverse \(undo)")
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

  @Test func batchesItCannotUndoHaveNoInverse() {
    let map = BatchPathMap(BatchUpdate())
    for batch in [
      BatchUpdate(deleteItems: [ItemPath(section: 1, item: 0)], deleteSections: [0]),
      BatchUpdate(setWidth: 300),
      BatchUpdate(deleteItems: [ItemPath(section: 0, item: 0)], moveSections: [SectionMove(from: 0, to: 1)]),
      BatchUpdate(measureItems: [ItemResize(at: ItemPath(section: 0, item: 0), size: Size(1, 1))]),
    ] {
      #expect(
        BatchJournal.inverse(
          of: batch, sizeOf: { _ in Size(1, 1) }, sectionOf: { _ in SectionData(items: []) },
          map: map) == nil, "\(batch)")
    }
  }
}
