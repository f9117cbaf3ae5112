import FlowLayoutModel
import Testing

/// Estimated items carried through a batch in place (`carryEstimatedItems`), item counts, and
/// `BatchPathMap` (built from the batch alone) agree with the plain data transformation
/// (`BatchUpdate.applied(to:…)`), items tagged by their sizes.
@Suite("Carrying per-section state through a batch")
struct BatchCarryTests {
  /// 5 sections of 6…10 items; item `j` of section `s` is `(1 or 2) × (100·s + j + 1)` high:
  /// its identity, and width 1 when estimated (every third item), else 2.
  static let estimated: [ItemIndexSet] = (0..<5).map { s in
    ItemIndexSet(ascending: stride(from: s % 3, to: 6 + s, by: 3))
  }
  static let sections: [SectionData] = (0..<5).map { (s: Int) -> SectionData in
    var items: [Size] = []
    for j in 0..<(6 + s) {
      let width: Double = estimated[s].contains(j) ? 1 : 2
      items.append(Size(width: width, height: Double(100 * s + j + 1)))
    }
    return SectionData(items: items)
  }

  static let batches: [BatchUpdate] = [
    BatchUpdate(measureItems: [ItemResize(at: ItemPath(section: 0, item: 0), size: Size(2, 1))]),
    BatchUpdate(deleteItems: [ItemPath(section: 1, item: 1), ItemPath(section: 1, item: 4)]),
    BatchUpdate(
      insertItems: [ItemInsertion(at: ItemPath(section: 2, item: 0), size: Size(2, 9_999))]),
    BatchUpdate(moveItems: [
      ItemMove(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 4, item: 2)),
      ItemMove(from: ItemPath(section: 3, item: 0), to: ItemPath(section: 3, item: 5)),
    ]),
    BatchUpdate(
      deleteItems: [ItemPath(section: 4, item: 0)], deleteSections: [1],
      insertSections: [
        SectionInsertion(
          at: 0, section: SectionData(items: [Size(1, 7_001), Size(2, 7_002), Size(1, 7_003)]),
          estimatedItems: ItemIndexSet([0, 2]))
      ]),
    BatchUpdate(moveSections: [SectionMove(from: 0, to: 3), SectionMove(from: 4, to: 1)]),
    BatchUpdate(
      moveItems: [ItemMove(from: ItemPath(section: 2, item: 1), to: ItemPath(section: 0, item: 0))],
      deleteSections: [3], moveSections: [SectionMove(from: 4, to: 1)]),
  ]

  @Test("estimated items, counts and paths after each batch", arguments: batches.indices)
  func carried(_ k: Int) throws {
    let batch = Self.batches[k]
    let configuration = LayoutConfiguration(variant: .horizontalFlow)
    let bounds = Size(375, 812)
    // The oracle: measured items become width 2, then the plain transformation.
    var before = Self.sections
    for m in batch.measureItems { before[m.at.section].itemWidths[m.at.item] = 2 }
    var plain = batch
    plain.measureItems = []
    let after = try plain.applied(to: before, configuration: configuration, bounds: bounds).sections
    let plan = try batch.validateWithMeasurements(
      itemCounts: Self.sections.map(\.count), configuration: configuration, bounds: bounds)
    var sets = Self.estimated
    let map = BatchPathMap(batch)
    batch.carryEstimatedItems(&sets, map: map)
    #expect(sets.count == after.count)
    for (s, section) in after.enumerated() {
      let expected = ItemIndexSet(ascending: section.itemWidths.indices.filter {
        section.itemWidths[$0] == 1
      })
      #expect(sets[s] == expected, "section \(s)")
    }
    #expect(batch.estimatedItems(after: Self.estimated, plan: plan) == sets)
    var counts = Self.sections.map(\.count)
    batch.carryItemCounts(&counts, map: map)
    #expect(counts == after.map(\.count))
    // Every item's path after the batch, found by its identity (its height).
    var position: [Double: ItemPath] = [:]
    for (s, section) in after.enumerated() {
      for (i, h) in section.itemHeights.enumerated() { position[h] = ItemPath(section: s, item: i) }
    }
    for (s, section) in Self.sections.enumerated() {
      for (i, h) in section.itemHeights.enumerated() {
        #expect(map.path(after: ItemPath(section: s, item: i)) == position[h], "[\(s), \(i)]")
      }
    }
  }
}
