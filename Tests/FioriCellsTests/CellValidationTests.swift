import FlowLayoutModel
import Testing

@testable import FioriCells

/// Every design rule's error, with the field it names (docs/cells.md "Validation").
@Suite struct CellValidationTests {
  func field(of cell: CellDescription) -> String? {
    do {
      _ = try cell.fittingSize(proposedWidth: 375, field: "sections[0].items[4]")
      return nil
    } catch {
      guard case .invalidDocument = error else { return "not invalidDocument: \(error)" }
      return error.field
    }
  }

  static let item = CellDescription(type: .collectionItem, title: "Drill")
  static let object = CellDescription(type: .object, title: "Pump")
  static let share = IconAction(icon: "share")

  static func item(_ change: (inout CellDescription) -> Void) -> CellDescription {
    var cell = item
    change(&cell)
    return cell
  }

  static func imageOnly(_ image: CellImage, actions: [IconAction]? = nil) -> CellDescription {
    CellDescription(type: .collectionItem, image: image, iconActions: actions)
  }

  static func object(_ change: (inout CellDescription) -> Void) -> CellDescription {
    var cell = object
    change(&cell)
    return cell
  }

  static let cases: [(CellDescription, String)] = [
    (CellDescription(type: .object, title: "x").with { $0.type = "grid" }, ".type"),
    (item { $0.key = "k" }, ".key"),
    (object { $0.cellWidth = 110 }, ".cellWidth"),
    (CellDescription(type: .keyValue, title: "t", key: "k"), ".title"),
    (item { $0.iconActions = [share, share, share] }, ".iconActions"),
    (item { $0.iconActions = [IconAction(icon: "")] }, ".iconActions[0].icon"),
    (
      item {
        $0.iconActions = [share]
        $0.buttonAction = ButtonAction(label: "Buy")
      }, ".buttonAction"
    ),
    (item { $0.buttonAction = ButtonAction(label: "") }, ".buttonAction.label"),
    (item { $0.cellWidth = 115 }, ".cellWidth"),
    (item { $0.image = CellImage(width: 90) }, ".image.width"),
    (item { $0.image = CellImage(height: 90) }, ".image.height"),
    (CellDescription(type: .collectionItem, cellWidth: 110), ".cellWidth"),
    (imageOnly(CellImage(width: 59, height: 59)), ".image.width"),
    (imageOnly(CellImage(width: 110, height: 111)), ".image.height"),
    (imageOnly(CellImage(width: .nan, height: 80)), ".image.width"),
    (imageOnly(CellImage(width: 120, height: 80)), ".image.width"),
    (imageOnly(CellImage(shape: .rectangular, width: 80, height: 90)), ".image.width"),
    (imageOnly(CellImage(shape: .circular, width: 90, height: 80)), ".image.height"),
    (imageOnly(CellImage(width: 67, height: 67), actions: [share, share]), ".iconActions"),
    (item { $0.image = CellImage(shape: .rectangular, initials: "AB") }, ".image.initials"),
    (item { $0.image = CellImage(shape: .circular, initials: "ABCD") }, ".image.initials"),
    (item { $0.image = CellImage(shape: .circular, initials: "") }, ".image.initials"),
    (item { $0.image = CellImage(shape: .circular, doctype: "pdf") }, ".image.doctype"),
    (CellDescription(type: .object), ".title"),
    (object { $0.title = "" }, ".title"),
    (object { $0.iconStack = ["a", "b", "c", "d"] }, ".iconStack"),
    (object { $0.iconStack = [""] }, ".iconStack[0]"),
    (object { $0.detailImage = DetailImage(size: 15) }, ".detailImage.size"),
    (object { $0.detailImage = DetailImage(size: 61) }, ".detailImage.size"),
    (object { $0.detailImage = DetailImage(size: .infinity) }, ".detailImage.size"),
    (object { $0.detailImage = DetailImage(initials: "ABCD") }, ".detailImage.initials"),
    (object { $0.descriptionLines = -1 }, ".descriptionLines"),
    (
      object { $0.attributes = Array(repeating: CellAttribute(text: "a"), count: 4) }, ".attributes"
    ),
    (object { $0.attributes = [CellAttribute(text: "")] }, ".attributes[0].text"),
    (CellDescription(type: .keyValue), ".key"),
    (CellDescription(type: .keyValue, key: ""), ".key"),
  ]

  @Test(arguments: cases.indices)
  func designRuleNamesItsField(_ index: Int) {
    let (cell, suffix) = Self.cases[index]
    #expect(field(of: cell) == "sections[0].items[4]" + suffix)
  }

  @Test func validCellsPassAtTheLimits() {
    #expect(field(of: Self.imageOnly(CellImage(width: 60, height: 60))) == nil)
    #expect(field(of: Self.imageOnly(CellImage(width: 110, height: 60))) == nil)
    #expect(
      field(
        of: Self.imageOnly(CellImage(width: 68, height: 68), actions: [Self.share, Self.share]))
        == nil)
    #expect(field(of: Self.item { $0.iconActions = [Self.share, Self.share] }) == nil)
    #expect(field(of: Self.object { $0.detailImage = DetailImage(size: 16) }) == nil)
    #expect(field(of: Self.object { $0.detailImage = DetailImage(size: 60) }) == nil)
    #expect(field(of: Self.object { $0.descriptionLines = 0 }) == nil)
    #expect(field(of: Self.object { $0.iconStack = ["a", "b", "c"] }) == nil)
  }

  @Test func iconActionCountMustBeConsistentAcrossACollection() {
    let one = Self.item { $0.iconActions = [Self.share] }
    let two = Self.item { $0.iconActions = [Self.share, Self.share] }
    #expect(throws: Never.self) {
      try CellDescription.validateCollection([one, one, one], field: "sections[0].items")
    }
    #expect(throws: Never.self) {
      try CellDescription.validateCollection([], field: "sections[0].items")
    }
    do {
      try CellDescription.validateCollection([one, one, two], field: "sections[0].items")
      Issue.record("no error")
    } catch {
      #expect(error.field == "sections[0].items[2].iconActions")
      #expect(error.description.contains("sections[0].items[0] has 1"))
    }
    // A cell without actions breaks the count too.
    #expect(throws: LayoutError.self) {
      try CellDescription.validateCollection([one, Self.item], field: "s")
    }
  }

  @Test func validateCollectionChecksEachCell() {
    do {
      try CellDescription.validateCollection(
        [Self.object, CellDescription(type: .object)], field: "sections[1].items")
      Issue.record("no error")
    } catch {
      #expect(error.field == "sections[1].items[1].title")
    }
  }
}

extension CellDescription {
  func with(_ change: (inout CellDescription) -> Void) -> CellDescription {
    var copy = self
    change(&copy)
    return copy
  }
}
