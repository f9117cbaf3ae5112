import FlowLayoutModel
import Testing

/// `moveSections` (UIKit's `moveSection(_:toSection:)`) and `setWidthClass` in a batch; the
/// index mapping (`BatchUpdate.indexMapping`) against the data transformation.
@Suite struct SectionMoveAndWidthClassTests {
  typealias Tests = BatchUpdateTests

  /// Sections tagged by header (0, 1, 2) and items by width (s·100 + i).
  static func headers(_ update: BatchUpdate, counts: [Int]) throws -> [Double] {
    try update.applied(
      to: Tests.sections(counts), configuration: Tests.configuration, bounds: Tests.bounds
    ).sections.map(\.header)
  }

  @Test func moveSectionsUseBeforeAndAfterIndices() throws {
    // Move section 0 to the end: [1, 2, 0].
    let toEnd = BatchUpdate(moveSections: [SectionMove(from: 0, to: 2)])
    #expect(try Self.headers(toEnd, counts: [2, 1, 3]) == [1, 2, 0])
    #expect(try Tests.tags(toEnd, counts: [2, 1, 3]) == [[100], [200, 201, 202], [0, 1]])
    // With a deletion (before-space 1) and an insertion (after-space 0): old 2 moves to 1.
    let inserted = SectionData(header: 9, items: [])
    let mixed = BatchUpdate(
      deleteSections: [1], insertSections: [SectionInsertion(at: 0, section: inserted)],
      moveSections: [SectionMove(from: 2, to: 1)])
    #expect(try Self.headers(mixed, counts: [2, 1, 3]) == [9, 2, 0])
    // Item edits inside a moved section: before-space and after-space as usual.
    let withItems = BatchUpdate(
      deleteItems: [ItemPath(0, 0)],
      insertItems: [ItemInsertion(at: ItemPath(1, 0), size: Size(7, 1))],
      moveSections: [SectionMove(from: 0, to: 1)])
    #expect(try Tests.tags(withItems, counts: [2, 1]) == [[100], [7, 1]])
    let mapping = try withItems.indexMapping(
      itemCounts: [2, 1], configuration: Tests.configuration, bounds: Tests.bounds)
    #expect(mapping.oldSectionOfNewSection == [1, 0])
    #expect(mapping.oldPathOfNewItem == [[ItemPath(1, 0)], [nil, ItemPath(0, 1)]])
    #expect(mapping.newPathOfOldItem == [[nil, ItemPath(1, 1)], [ItemPath(0, 0)]])
  }

  @Test(arguments: [
    (BatchUpdate(moveSections: [SectionMove(from: 3, to: 0)]), "edits[0].moveSections[0].from"),
    (BatchUpdate(moveSections: [SectionMove(from: 0, to: 2)]), "edits[0].moveSections[0].to"),
    (
      BatchUpdate(moveSections: [SectionMove(from: 0, to: 1), SectionMove(from: 0, to: 0)]),
      "edits[0].moveSections[1].from"
    ),
    (
      BatchUpdate(moveSections: [SectionMove(from: 0, to: 1), SectionMove(from: 1, to: 1)]),
      "edits[0].moveSections[1].to"
    ),
    (
      BatchUpdate(deleteSections: [0], moveSections: [SectionMove(from: 0, to: 0)]),
      "edits[0].moveSections[0].from"
    ),
    (
      BatchUpdate(
        insertSections: [SectionInsertion(at: 1, section: SectionData(items: []))],
        moveSections: [SectionMove(from: 0, to: 1)]),
      "edits[0].moveSections[0].to"
    ),
  ])
  func badSectionMovesAreRefused(update: BatchUpdate, field: String) {
    #expect(Tests.field(update, counts: [5, 3]) == field)
  }

  @Test func setWidthClassChangesTheConfigurationAndIsValidated() throws {
    var configuration = LayoutConfiguration(variant: .multiColumn)
    configuration.numberOfColumns = 3
    configuration.minimumInteritemSpacing = 60
    let input = LayoutInput(
      configuration: configuration, bounds: Size(375, 812), sections: [SectionData(items: [])])
    let readable = try input.applying(BatchUpdate(setWidthClass: .regularReadable))
    #expect(readable.configuration.widthClass == .regularReadable)
    #expect(WidthClass.regularReadable.stacksMultiColumn && WidthClass.compact.stacksMultiColumn)
    #expect(!WidthClass.regular.stacksMultiColumn)
    // 3 columns with I = 60 need 2·60 < A: fine in 375; in 100 only one column fits, which
    // readable width gives.
    let narrow = LayoutInput(
      configuration: readable.configuration, bounds: Size(100, 812), sections: [])
    #expect(throws: Never.self) { try narrow.validate() }
    do {
      _ = try narrow.applying(BatchUpdate(setWidthClass: .regular), field: "edits[0].")
      Issue.record("3 columns in 100 pt were accepted")
    } catch {
      #expect(error.field == "edits[0].setWidthClass")
    }
  }
}
