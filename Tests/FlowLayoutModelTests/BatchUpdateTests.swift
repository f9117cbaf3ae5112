import FlowLayoutModel
import FlowLayoutWorkloads
import Testing

/// `BatchUpdate.validate` and `applied`: UIKit's `performBatchUpdates` index semantics.
///
/// Items are tagged by their width: item `i` of section `s` starts `s·100 + i` wide, so a
/// section's widths after an update read as the identities of the items it holds.
@Suite struct BatchUpdateTests {
  static let configuration = LayoutConfiguration(variant: .vertical)
  static let bounds = Size(375, 812)

  /// Sections with the given item counts, items tagged by width.
  static func sections(_ counts: [Int]) -> [SectionData] {
    counts.enumerated().map { s, count in
      SectionData(
        header: Double(s), itemWidths: (0..<count).map { Double(s * 100 + $0) },
        itemHeights: [Double](repeating: 1, count: count))
    }
  }

  static func tags(_ update: BatchUpdate, counts: [Int] = [5, 3]) throws -> [[Double]] {
    try update.applied(to: sections(counts), configuration: configuration, bounds: bounds)
      .sections.map(\.itemWidths)
  }

  static func field(_ update: BatchUpdate, counts: [Int] = [5, 3]) -> String? {
    do {
      _ = try update.validate(
        itemCounts: counts, configuration: configuration, bounds: bounds, field: "edits[0].")
      return nil
    } catch {
      return error.field
    }
  }

  static func tagged(_ tag: Double) -> Size { Size(tag, 1) }

  @Test func emptyBatchChangesNothing() throws {
    #expect(try Self.tags(BatchUpdate()) == [[0, 1, 2, 3, 4], [100, 101, 102]])
    #expect(BatchUpdate().isEmpty && !BatchUpdate().changesContent)
    #expect(!BatchUpdate(setWidth: 3).isEmpty && !BatchUpdate(setWidth: 3).changesContent)
    #expect(BatchUpdate(deleteSections: [0]).changesContent)
  }

  @Test func deletionsUseIndicesBeforeTheUpdate() throws {
    // Deleting 1 and 3 (before-space) removes the items tagged 1 and 3, in either order.
    #expect(
      try Self.tags(BatchUpdate(deleteItems: [ItemPath(0, 1), ItemPath(0, 3)]))[0] == [0, 2, 4])
    #expect(
      try Self.tags(BatchUpdate(deleteItems: [ItemPath(0, 3), ItemPath(0, 1)]))[0] == [0, 2, 4])
  }

  @Test func insertionsUseIndicesAfterTheUpdate() throws {
    let update = BatchUpdate(insertItems: [
      ItemInsertion(at: ItemPath(0, 2), size: Self.tagged(901)),
      ItemInsertion(at: ItemPath(0, 0), size: Self.tagged(900)),
      ItemInsertion(at: ItemPath(0, 6), size: Self.tagged(902)),
    ])
    #expect(try Self.tags(update)[0] == [900, 0, 901, 1, 2, 3, 902, 4])
  }

  @Test func deletionsAndInsertionsTogether() throws {
    // UIKit: delete before-space index 0, insert after-space index 0: the new item replaces it.
    let update = BatchUpdate(
      deleteItems: [ItemPath(0, 0), ItemPath(0, 4)],
      insertItems: [
        ItemInsertion(at: ItemPath(0, 0), size: Self.tagged(900)),
        ItemInsertion(at: ItemPath(0, 4), size: Self.tagged(901)),
      ])
    #expect(try Self.tags(update)[0] == [900, 1, 2, 3, 901])
  }

  @Test func movesLeaveInBeforeSpaceAndEnterInAfterSpace() throws {
    #expect(
      try Self.tags(BatchUpdate(moveItems: [ItemMove(from: ItemPath(0, 0), to: ItemPath(0, 4))]))[0]
        == [1, 2, 3, 4, 0])
    #expect(
      try Self.tags(BatchUpdate(moveItems: [ItemMove(from: ItemPath(0, 4), to: ItemPath(0, 0))]))[0]
        == [4, 0, 1, 2, 3])
    // Swap.
    let swap = BatchUpdate(moveItems: [
      ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 3)),
      ItemMove(from: ItemPath(0, 3), to: ItemPath(0, 1)),
    ])
    #expect(try Self.tags(swap)[0] == [0, 3, 2, 1, 4])
    // Across sections, with a deletion before the source.
    let across = BatchUpdate(
      deleteItems: [ItemPath(0, 0)], moveItems: [ItemMove(from: ItemPath(0, 2), to: ItemPath(1, 0))]
    )
    #expect(try Self.tags(across) == [[1, 3, 4], [2, 100, 101, 102]])
  }

  @Test func resizesUseIndicesBeforeTheUpdate() throws {
    let update = BatchUpdate(
      deleteItems: [ItemPath(0, 0)],
      moveItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(1, 3))],
      resizeItems: [ItemResize(at: ItemPath(0, 4), size: Size(9, 9))])
    let result = try update.applied(
      to: Self.sections([5, 3]), configuration: Self.configuration, bounds: Self.bounds)
    #expect(result.sections[0].items == [Size(2, 1), Size(3, 1), Size(9, 9)])
    #expect(result.sections[1].items == [Size(100, 1), Size(101, 1), Size(102, 1), Size(1, 1)])
  }

  /// UIKit refuses a reload and a move of one index path in one batch.
  @Test func resizeAndMoveOfOneItemIsRefused() {
    let update = BatchUpdate(
      moveItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(1, 3))],
      resizeItems: [ItemResize(at: ItemPath(0, 1), size: Size(7, 8))])
    #expect(Self.field(update) == "edits[0].resizeItems[0].at")
  }

  @Test func sectionDeletionsAndInsertionsMapBothIndexSpaces() throws {
    let inserted = SectionData(header: 77, items: [Self.tagged(900)])
    let update = BatchUpdate(
      deleteSections: [0], insertSections: [SectionInsertion(at: 1, section: inserted)])
    let counts = [5, 3, 2]
    let result = try update.applied(
      to: Self.sections(counts), configuration: Self.configuration, bounds: Self.bounds)
    #expect(result.sections.map(\.header) == [1, 77, 2])
    let plan = try update.validate(
      itemCounts: counts, configuration: Self.configuration, bounds: Self.bounds)
    #expect(plan.oldSectionOfNewSection == [1, nil, 2])
    #expect(plan.newSectionOfOldSection == [nil, 0, 2])
    #expect(plan.newItemCounts == [3, 1, 2])
    #expect(plan.newBounds == Self.bounds)
  }

  /// The plan stores section maps only when sections change; deleting the last section leaves
  /// an empty map, not the identity (a shrunk differential failure).
  @Test func deletingTheOnlySectionLeavesNoSection() throws {
    let plan = try BatchUpdate(deleteSections: [0]).validate(
      itemCounts: [4], configuration: Self.configuration, bounds: Self.bounds)
    #expect(plan.newSectionCount == 0)
    #expect(plan.oldSectionOfNewSection.isEmpty)
    #expect(plan.newSectionOfOldSection == [nil])
    #expect(plan.newItemCounts.isEmpty)
    let kept = try BatchUpdate(deleteItems: [ItemPath(0, 1)]).validate(
      itemCounts: [4, 2], configuration: Self.configuration, bounds: Self.bounds)
    #expect(kept.oldSectionOfNewSection == [0, 1])
    #expect(kept.newItemCounts == [3, 2])
  }

  /// 200 000 sections inserted in one batch, listed in shuffled order, around a deleted one.
  /// No clock: a search of the insertions per new section (the quadratic form this replaced,
  /// 2·10¹⁰ comparisons here) would keep this test running for minutes, where the sorted
  /// merge takes well under a second even in a debug build.
  @Test func manySectionInsertionsLandAtTheirAfterSpaceIndices() throws {
    let k = 200_000
    var rng = SplitMix64(seed: 0x5EC7_0001)
    // After-space: old sections 0 and 2 (headers 0, 2) at the slots 0 and k + 1; the inserted
    // section i sits at slot i + 1 and carries header 1000 + i; old section 1 is deleted.
    var order = Array(0..<k)
    order.shuffle(using: &rng)
    let update = BatchUpdate(
      deleteSections: [1],
      insertSections: order.map { i in
        SectionInsertion(at: i + 1, section: SectionData(header: Double(1000 + i), items: []))
      })
    let result = try update.applied(
      to: Self.sections([2, 1, 3]), configuration: Self.configuration, bounds: Self.bounds)
    let headers = result.sections.map(\.header)
    #expect(headers.count == k + 2)
    #expect(headers.first == 0 && headers.last == 2)
    #expect(headers[1...k].elementsEqual((0..<k).lazy.map { Double(1000 + $0) }))
    #expect(result.sections.last?.itemWidths == [200, 201, 202])
  }

  @Test func itemEditsInSurvivingSectionsUseEachIndexSpace() throws {
    // Section 0 deleted: before-space section 1 is after-space section 0.
    let update = BatchUpdate(
      deleteItems: [ItemPath(1, 0)],
      insertItems: [ItemInsertion(at: ItemPath(0, 2), size: Self.tagged(900))],
      deleteSections: [0])
    #expect(try Self.tags(update) == [[101, 102, 900]])
  }

  @Test func boundsChangeAfterTheContent() throws {
    let update = BatchUpdate(setWidth: 414, setHeight: 900)
    let result = try update.applied(
      to: Self.sections([1]), configuration: Self.configuration, bounds: Self.bounds)
    #expect(result.bounds == Size(414, 900))
    var input = LayoutInput(
      configuration: Self.configuration, bounds: Self.bounds, sections: Self.sections([2]))
    input = try input.applying(BatchUpdate(deleteItems: [ItemPath(0, 0)], setWidth: 320))
    #expect(input.bounds == Size(320, 812))
    #expect(input.sections[0].itemWidths == [1])
  }

  @Test(arguments: [
    (BatchUpdate(deleteItems: [ItemPath(0, 5)]), "edits[0].deleteItems[0]"),
    (BatchUpdate(deleteItems: [ItemPath(0, -1)]), "edits[0].deleteItems[0]"),
    (BatchUpdate(deleteItems: [ItemPath(2, 0)]), "edits[0].deleteItems[0]"),
    (BatchUpdate(deleteItems: [ItemPath(0, 1), ItemPath(0, 1)]), "edits[0].deleteItems[1]"),
    (BatchUpdate(deleteItems: [ItemPath(0, 0)], deleteSections: [0]), "edits[0].deleteItems[0]"),
    (
      BatchUpdate(
        deleteItems: [ItemPath(0, 1)],
        moveItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 0))]),
      "edits[0].moveItems[0].from"
    ),
    (
      BatchUpdate(moveItems: [
        ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 0)),
        ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 2)),
      ]), "edits[0].moveItems[1].from"
    ),
    (
      BatchUpdate(moveItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 5))]),
      "edits[0].moveItems[0].to"
    ),
    (
      BatchUpdate(moveItems: [ItemMove(from: ItemPath(0, 9), to: ItemPath(0, 0))]),
      "edits[0].moveItems[0].from"
    ),
    (
      BatchUpdate(
        moveItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 0))],
        insertSections: [SectionInsertion(at: 0, section: SectionData(items: []))]),
      "edits[0].moveItems[0].to"
    ),
    (
      BatchUpdate(
        deleteItems: [ItemPath(0, 2)],
        resizeItems: [ItemResize(at: ItemPath(0, 2), size: Size(1, 1))]),
      "edits[0].resizeItems[0].at"
    ),
    (
      BatchUpdate(resizeItems: [
        ItemResize(at: ItemPath(0, 2), size: Size(1, 1)),
        ItemResize(at: ItemPath(0, 2), size: Size(2, 2)),
      ]), "edits[0].resizeItems[1].at"
    ),
    (
      BatchUpdate(resizeItems: [ItemResize(at: ItemPath(1, 3), size: Size(1, 1))]),
      "edits[0].resizeItems[0].at"
    ),
    (
      BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 0), size: Size(-1, 1))]),
      "edits[0].resizeItems[0].size.width"
    ),
    (
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 6), size: Size(1, 1))]),
      "edits[0].insertItems[0].at"
    ),
    (
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, -1), size: Size(1, 1))]),
      "edits[0].insertItems[0].at"
    ),
    (
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(2, 0), size: Size(1, 1))]),
      "edits[0].insertItems[0].at"
    ),
    (
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(1, .nan))]),
      "edits[0].insertItems[0].size.height"
    ),
    (
      BatchUpdate(insertItems: [
        ItemInsertion(at: ItemPath(0, 0), size: Size(1, 1)),
        ItemInsertion(at: ItemPath(0, 0), size: Size(1, 1)),
      ]), "edits[0].insertItems[1].at"
    ),
    (
      BatchUpdate(
        insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(1, 1))],
        moveItems: [ItemMove(from: ItemPath(0, 3), to: ItemPath(0, 0))]), "edits[0].moveItems[0].to"
    ),
    (
      BatchUpdate(
        insertItems: [ItemInsertion(at: ItemPath(1, 0), size: Size(1, 1))],
        insertSections: [SectionInsertion(at: 1, section: SectionData(items: []))]),
      "edits[0].insertItems[0].at"
    ),
    (BatchUpdate(deleteSections: [2]), "edits[0].deleteSections[0]"),
    (BatchUpdate(deleteSections: [-1]), "edits[0].deleteSections[0]"),
    (BatchUpdate(deleteSections: [1, 1]), "edits[0].deleteSections[1]"),
    // The first error in the batch's order, whether a repeat or a range error comes first.
    (BatchUpdate(deleteSections: [1, 5, 1]), "edits[0].deleteSections[1]"),
    (BatchUpdate(deleteSections: [1, 0, 1]), "edits[0].deleteSections[2]"),
    (
      BatchUpdate(insertSections: [
        SectionInsertion(at: 1, section: SectionData(items: [])),
        SectionInsertion(at: 7, section: SectionData(items: [])),
        SectionInsertion(at: 1, section: SectionData(items: [])),
      ]), "edits[0].insertSections[1].at"
    ),
    (
      BatchUpdate(insertSections: [
        SectionInsertion(at: 1, section: SectionData(footer: -2, items: [])),
        SectionInsertion(at: 0, section: SectionData(items: [])),
        SectionInsertion(at: 0, section: SectionData(items: [])),
      ]), "edits[0].insertSections[0].footer"
    ),
    (
      BatchUpdate(insertSections: [SectionInsertion(at: 3, section: SectionData(items: []))]),
      "edits[0].insertSections[0].at"
    ),
    (
      BatchUpdate(insertSections: [
        SectionInsertion(at: 0, section: SectionData(items: [])),
        SectionInsertion(at: 0, section: SectionData(items: [])),
      ]), "edits[0].insertSections[1].at"
    ),
    (
      BatchUpdate(insertSections: [
        SectionInsertion(at: 0, section: SectionData(footer: -2, items: []))
      ]), "edits[0].insertSections[0].footer"
    ),
    (
      BatchUpdate(insertSections: [
        SectionInsertion(at: 2, section: SectionData(items: [Size(1, 1), Size(.infinity, 1)]))
      ]), "edits[0].insertSections[0].items[1].width"
    ),
    (BatchUpdate(expectedItemCounts: [5]), "edits[0].expectedItemCounts"),
    (BatchUpdate(expectedItemCounts: [5, 4]), "edits[0].expectedItemCounts[1]"),
    (
      BatchUpdate(deleteItems: [ItemPath(0, 0)], expectedItemCounts: [5, 3]),
      "edits[0].expectedItemCounts[0]"
    ),
    (BatchUpdate(setWidth: 0), "edits[0].setWidth"),
    (BatchUpdate(setWidth: .nan), "edits[0].setWidth"),
    (BatchUpdate(setHeight: -1), "edits[0].setHeight"),
  ])
  func rejectedBatchesNameTheirField(update: BatchUpdate, field: String) {
    #expect(Self.field(update) == field)
  }

  @Test func expectedItemCountsThatMatchAreAccepted() throws {
    let update = BatchUpdate(
      deleteItems: [ItemPath(0, 0)],
      insertItems: [
        ItemInsertion(at: ItemPath(1, 0), size: Size(1, 1)),
        ItemInsertion(at: ItemPath(1, 1), size: Size(1, 1)),
      ],
      moveItems: [ItemMove(from: ItemPath(1, 0), to: ItemPath(0, 0))],
      expectedItemCounts: [5, 4])
    #expect(Self.field(update) == nil)
  }

  @Test func aWidthThatLeavesNoRoomForTheInsetsIsNamedSetWidth() {
    var configuration = Self.configuration
    configuration.sectionInset = EdgeInsets(top: 0, left: 100, bottom: 0, right: 100)
    #expect {
      try BatchUpdate(setWidth: 150).validate(
        itemCounts: [1], configuration: configuration, bounds: Self.bounds, field: "e.")
    } throws: { error in
      (error as? LayoutError)?.field == "e.setWidth"
    }
  }

  @Test func aHeightThatLeavesNoRoomWhenScrollingHorizontallyIsNamedSetHeight() {
    var configuration = Self.configuration
    configuration.scrollDirection = .horizontal
    configuration.sectionInset = EdgeInsets(top: 100, left: 0, bottom: 100, right: 0)
    #expect {
      try BatchUpdate(setHeight: 150).validate(
        itemCounts: [1], configuration: configuration, bounds: Self.bounds, field: "e.")
    } throws: { error in
      (error as? LayoutError)?.field == "e.setHeight"
    }
  }

  @Test func aRejectedBatchLeavesTheInputAsItWas() {
    let input = LayoutInput(
      configuration: Self.configuration, bounds: Self.bounds, sections: Self.sections([5, 3]))
    var copy = input
    #expect(throws: LayoutError.self) {
      copy = try copy.applying(
        BatchUpdate(
          deleteItems: [ItemPath(0, 0)],
          insertItems: [ItemInsertion(at: ItemPath(0, 9), size: Size(1, 1))]))
    }
    #expect(copy == input)
  }

  @Test func resizingToTheSameSizeChangesNothing() throws {
    let sections = Self.sections([3])
    let update = BatchUpdate(resizeItems: [
      ItemResize(at: ItemPath(0, 1), size: sections[0].itemSize(at: 1))
    ])
    #expect(
      try update.applied(to: sections, configuration: Self.configuration, bounds: Self.bounds)
        .sections == sections)
  }

  /// Against a direct simulation of UIKit's rule on a list of tags: remove deleted and moved-out
  /// items (before-space), then insert new and moved-in ones in ascending after-space order.
  @Test func randomBatchesMatchASimulationOfTheIndexRules() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<300 {
      let count = Int(rng.next() % 8)
      var before = Array(0..<count).map(Double.init)
      var deletions = Set<Int>()
      var moveSources: [Int] = []
      for i in 0..<count {
        switch rng.next() % 4 {
        case 0: deletions.insert(i)
        case 1: moveSources.append(i)
        default: break
        }
      }
      let insertions = Int(rng.next() % 3)
      let after = count - deletions.count + insertions
      // Choose after-space destinations for moves and insertions, all distinct.
      var destinations = Array(0..<after).shuffled(using: &rng)
      let moveTargets = moveSources.map { _ in destinations.removeLast() }
      let insertTargets = (0..<insertions).map { _ in destinations.removeLast() }
      let update = BatchUpdate(
        deleteItems: deletions.sorted().map { ItemPath(0, $0) },
        insertItems: insertTargets.enumerated().map {
          ItemInsertion(at: ItemPath(0, $1), size: Self.tagged(Double(900 + $0)))
        },
        moveItems: zip(moveSources, moveTargets).map {
          ItemMove(from: ItemPath(0, $0), to: ItemPath(0, $1))
        })
      // Simulation.
      var entering: [(Int, Double)] = zip(moveTargets, moveSources.map(Double.init)).map {
        ($0, $1)
      }
      entering += insertTargets.enumerated().map { ($1, Double(900 + $0)) }
      before = before.enumerated().filter {
        !deletions.contains($0.offset) && !moveSources.contains($0.offset)
      }.map(\.element)
      for (index, tag) in entering.sorted(by: { $0.0 < $1.0 }) { before.insert(tag, at: index) }
      #expect(try Self.tags(update, counts: [count])[0] == before, "\(update)")
    }
  }
}
