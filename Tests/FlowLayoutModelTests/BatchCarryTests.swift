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
      let expected = ItemIndexSet(
        ascending: section.itemWidths.indices.filter {
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

  /// A seeded batch of many edits named in no order (more than 16 per section, so that every
  /// sorted-run path is taken): deletions, moves within and across sections and insertions
  /// over 3 sections of 200 items, items tagged by their heights as above.
  static func manyEdits(seed: UInt64) -> (sections: [SectionData], estimated: [ItemIndexSet], batch: BatchUpdate) {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let counts = [200, 200, 200]
    var estimated: [ItemIndexSet] = []
    var sections: [SectionData] = []
    for (s, count) in counts.enumerated() {
      let set = ItemIndexSet(ascending: stride(from: s % 4, to: count, by: 4))
      estimated.append(set)
      sections.append(
        SectionData(
          items: (0..<count).map { j in
            Size(width: set.contains(j) ? 1 : 2, height: Double(1_000 * s + j + 1))
          }))
    }
    var removed: [[Bool]] = counts.map { [Bool](repeating: false, count: $0) }
    var batch = BatchUpdate()
    for _ in 0..<150 {
      let s = next(3)
      let i = next(counts[s])
      if removed[s][i] { continue }
      removed[s][i] = true
      batch.deleteItems.append(ItemPath(section: s, item: i))
    }
    var movedFrom: [ItemPath] = []
    for _ in 0..<30 {
      let s = next(3)
      let i = next(counts[s])
      if removed[s][i] { continue }
      removed[s][i] = true
      movedFrom.append(ItemPath(section: s, item: i))
    }
    var entering = [Int](repeating: 0, count: 3)
    var moveTargets: [Int] = []
    for _ in movedFrom {
      let t = next(3)
      moveTargets.append(t)
      entering[t] += 1
    }
    var insertions = [Int](repeating: 0, count: 3)
    for _ in 0..<60 { insertions[next(3)] += 1 }
    var slots: [[Int]] = []
    for s in 0..<3 {
      entering[s] += insertions[s]
      let newCount = counts[s] - removed[s].filter { $0 }.count + entering[s]
      var free = Array(0..<newCount)
      var chosen: [Int] = []
      for _ in 0..<entering[s] { chosen.append(free.remove(at: next(free.count))) }
      slots.append(chosen)
    }
    for (k, from) in movedFrom.enumerated() {
      let t = moveTargets[k]
      batch.moveItems.append(ItemMove(from: from, to: ItemPath(section: t, item: slots[t].removeLast())))
    }
    for s in 0..<3 {
      for (k, i) in slots[s].enumerated() {
        batch.insertItems.append(
          ItemInsertion(at: ItemPath(section: s, item: i), size: Size(2, Double(90_000 + 1_000 * s + k))))
      }
    }
    return (sections, estimated, batch)
  }

  @Test("many edits in no order: paths, counts and estimated items", arguments: 0..<6)
  func manyEditsInNoOrder(_ seed: Int) throws {
    let (sections, estimated, batch) = Self.manyEdits(seed: UInt64(seed) + 1)
    let configuration = LayoutConfiguration(variant: .horizontalFlow)
    let after = try batch.applied(
      to: sections, configuration: configuration, bounds: Size(375, 812)
    ).sections
    let map = BatchPathMap(batch)
    var position: [Double: ItemPath] = [:]
    for (s, section) in after.enumerated() {
      for (i, h) in section.itemHeights.enumerated() { position[h] = ItemPath(section: s, item: i) }
    }
    for (s, section) in sections.enumerated() {
      for (i, h) in section.itemHeights.enumerated() {
        #expect(map.path(after: ItemPath(section: s, item: i)) == position[h], "[\(s), \(i)]")
      }
    }
    var sets = estimated
    batch.carryEstimatedItems(&sets, map: map)
    for (s, section) in after.enumerated() {
      #expect(
        sets[s] == ItemIndexSet(ascending: section.itemWidths.indices.filter { section.itemWidths[$0] == 1 }),
        "section \(s)")
    }
    var counts = sections.map(\.count)
    batch.carryItemCounts(&counts, map: map)
    #expect(counts == after.map(\.count))
  }
}
