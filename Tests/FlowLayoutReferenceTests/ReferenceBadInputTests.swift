import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

/// The case of a `LayoutError`, without its payload.
func caseName(_ error: LayoutError) -> String {
  switch error {
  case .invalidNumber: "invalidNumber"
  case .invalidCount: "invalidCount"
  case .invalidConfiguration: "invalidConfiguration"
  case .unknownLayout: "unknownLayout"
  case .sectionOutOfRange: "sectionOutOfRange"
  case .itemOutOfRange: "itemOutOfRange"
  case .itemHidden: "itemHidden"
  case .inconsistentBatch: "inconsistentBatch"
  case .invalidDocument: "invalidDocument"
  }
}

/// A valid base input: two sections of own-sized items, horizontalFlow.
func baseInput(_ variant: LayoutVariant = .horizontalFlow) -> LayoutInput {
  var c = LayoutConfiguration(variant: variant)
  c.estimatedItemSize = Size(1, 1)
  return LayoutInput(
    configuration: c, bounds: Size(320, 480),
    sections: [
      SectionData(header: 20, footer: 10, items: [Size(50, 20), Size(60, 30), Size(70, 40)]),
      SectionData(items: [Size(30, 30), Size(40, 40)]),
    ])
}

/// One bad input and the error it must produce.
struct BadInput: CustomTestStringConvertible, Sendable {
  var label: String
  var input: LayoutInput
  var expectedCase: String
  var expectedField: String
  var testDescription: String { label }

  init(
    _ label: String, variant: LayoutVariant = .horizontalFlow, _ expectedCase: String,
    _ expectedField: String, _ change: (inout LayoutInput) -> Void
  ) {
    var input = baseInput(variant)
    change(&input)
    self.label = label
    self.input = input
    self.expectedCase = expectedCase
    self.expectedField = expectedField
  }

  static let all: [BadInput] = [
    BadInput("NaN item width", "invalidNumber", "sections[0].items[1].width") {
      $0.sections[0].itemWidths[1] = .nan
    },
    BadInput("infinite item height", "invalidNumber", "sections[1].items[0].height") {
      $0.sections[1].itemHeights[0] = .infinity
    },
    BadInput("negative item width", "invalidNumber", "sections[0].items[2].width") {
      $0.sections[0].itemWidths[2] = -1
    },
    BadInput("absurd item height", "invalidNumber", "sections[0].items[0].height") {
      $0.sections[0].itemHeights[0] = 1e8
    },
    BadInput("negative header", "invalidNumber", "sections[0].header") {
      $0.sections[0].header = -5
    },
    BadInput("NaN footer", "invalidNumber", "sections[0].footer") { $0.sections[0].footer = .nan },
    BadInput("NaN spacing", "invalidNumber", "minimumInteritemSpacing") {
      $0.configuration.minimumInteritemSpacing = .nan
    },
    BadInput("negative line spacing", "invalidNumber", "minimumLineSpacing") {
      $0.configuration.minimumLineSpacing = -1
    },
    BadInput("-infinite inset", "invalidNumber", "sectionInset.left") {
      $0.configuration.sectionInset.left = -.infinity
    },
    BadInput("negative bottom inset", "invalidNumber", "sectionInset.bottom") {
      $0.configuration.sectionInset.bottom = -0.5
    },
    BadInput("zero width", "invalidNumber", "width") { $0.bounds.width = 0 },
    BadInput("negative width", "invalidNumber", "width") { $0.bounds.width = -320 },
    BadInput("infinite width", "invalidNumber", "width") { $0.bounds.width = .infinity },
    BadInput("NaN height", "invalidNumber", "height") { $0.bounds.height = .nan },
    BadInput("zero height when scrolling horizontally", "invalidNumber", "height") {
      $0.configuration.scrollDirection = .horizontal
      $0.bounds.height = 0
    },
    BadInput("negative itemSize", "invalidNumber", "itemSize.height") {
      $0.configuration.itemSize.height = -50
    },
    BadInput("NaN estimatedItemSize", "invalidNumber", "estimatedItemSize.width") {
      $0.configuration.estimatedItemSize.width = .nan
    },
    BadInput("insets wider than the bounds", "invalidConfiguration", "sectionInset") {
      $0.configuration.sectionInset.left = 200
      $0.configuration.sectionInset.right = 120
    },
    BadInput("insets taller than the bounds (horizontal)", "invalidConfiguration", "sectionInset") {
      $0.configuration.scrollDirection = .horizontal
      $0.configuration.sectionInset.top = 480
    },
    BadInput("negative numberOfColumns", "invalidCount", "numberOfColumns") {
      $0.configuration.numberOfColumns = -1
    },
    BadInput("absurd numberOfRows", "invalidCount", "numberOfRows") {
      $0.configuration.numberOfRows = 2_000_000
    },
    BadInput(
      "column flow without columns", variant: .autosizingColumnFlow, "invalidCount",
      "numberOfColumns"
    ) {
      $0.configuration.numberOfColumns = 0
    },
    BadInput(
      "key/value flow without columns", variant: .keyValueColumnFlow, "invalidCount",
      "numberOfColumns"
    ) {
      $0.configuration.numberOfColumns = 0
    },
    BadInput(
      "multiColumn without columns", variant: .multiColumn, "invalidCount", "numberOfColumns"
    ) {
      $0.configuration.numberOfColumns = 0
    },
    BadInput(
      "columns that leave no room", variant: .autosizingColumnFlow, "invalidConfiguration",
      "numberOfColumns"
    ) {
      $0.configuration.numberOfColumns = 40
      $0.configuration.minimumInteritemSpacing = 10
    },
    BadInput("scaled columns that leave no room", "invalidConfiguration", "numberOfColumns") {
      $0.configuration.estimatedItemSize = .zero
      $0.configuration.numberOfColumns = 33
    },
    BadInput("numberOfColumns with a zero itemSize width", "invalidConfiguration", "itemSize.width")
    {
      $0.configuration.estimatedItemSize = .zero
      $0.configuration.numberOfColumns = 2
      $0.configuration.itemSize = Size(0, 40)
    },
    BadInput(
      "numberOfColumns with a zero itemSize height, horizontal", "invalidConfiguration",
      "itemSize.height"
    ) {
      $0.configuration.estimatedItemSize = .zero
      $0.configuration.scrollDirection = .horizontal
      $0.configuration.numberOfColumns = 2
      $0.configuration.itemSize = Size(40, 0)
    },
    BadInput(
      "minimumScaledItemSize with zero width", "invalidConfiguration", "minimumScaledItemSize.width"
    ) {
      $0.configuration.estimatedItemSize = .zero
      $0.configuration.minimumScaledItemSize = Size(0, 30)
    },
    BadInput(
      "minimumScaledItemSize with zero height, horizontal", variant: .vertical,
      "invalidConfiguration",
      "minimumScaledItemSize.height"
    ) {
      $0.configuration.estimatedItemSize = .zero
      $0.configuration.scrollDirection = .horizontal
      $0.configuration.minimumScaledItemSize = Size(30, 0)
    },
  ]
}

/// One bad batch against `baseInput()` and the error it must produce.
struct BadBatch: CustomTestStringConvertible, Sendable {
  var label: String
  var update: BatchUpdate
  var expectedCase: String
  var expectedField: String
  var testDescription: String { label }

  static let all: [BadBatch] = [
    BadBatch(
      label: "delete an item past the end", update: BatchUpdate(deleteItems: [ItemPath(0, 3)]),
      expectedCase: "itemOutOfRange", expectedField: "deleteItems[0]"),
    BadBatch(
      label: "delete in a missing section", update: BatchUpdate(deleteItems: [ItemPath(2, 0)]),
      expectedCase: "sectionOutOfRange", expectedField: "deleteItems[0]"),
    BadBatch(
      label: "delete an item twice",
      update: BatchUpdate(deleteItems: [ItemPath(0, 1), ItemPath(0, 1)]),
      expectedCase: "inconsistentBatch", expectedField: "deleteItems[1]"),
    BadBatch(
      label: "insert past the after-space end",
      update: BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(1, 3), size: Size(5, 5))]),
      expectedCase: "itemOutOfRange", expectedField: "insertItems[0].at"),
    BadBatch(
      label: "insert a NaN size",
      update: BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(1, 0), size: Size(.nan, 5))]),
      expectedCase: "invalidNumber", expectedField: "insertItems[0].size.width"),
    BadBatch(
      label: "resize to a negative size",
      update: BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 0), size: Size(5, -5))]),
      expectedCase: "invalidNumber", expectedField: "resizeItems[0].size.height"),
    BadBatch(
      label: "resize a deleted item",
      update: BatchUpdate(
        deleteItems: [ItemPath(0, 0)],
        resizeItems: [ItemResize(at: ItemPath(0, 0), size: Size(5, 5))]),
      expectedCase: "inconsistentBatch", expectedField: "resizeItems[0].at"),
    BadBatch(
      label: "move from a deleted section",
      update: BatchUpdate(
        moveItems: [ItemMove(from: ItemPath(1, 0), to: ItemPath(0, 0))], deleteSections: [1]),
      expectedCase: "inconsistentBatch", expectedField: "moveItems[0].from"),
    BadBatch(
      label: "delete a missing section", update: BatchUpdate(deleteSections: [5]),
      expectedCase: "sectionOutOfRange", expectedField: "deleteSections[0]"),
    BadBatch(
      label: "insert a section with a bad item",
      update: BatchUpdate(insertSections: [
        SectionInsertion(at: 0, section: SectionData(items: [Size(-1, 5)]))
      ]),
      expectedCase: "invalidNumber", expectedField: "insertSections[0].items[0].width"),
    BadBatch(
      label: "counts that do not add up",
      update: BatchUpdate(deleteItems: [ItemPath(0, 0)], expectedItemCounts: [3, 2]),
      expectedCase: "inconsistentBatch", expectedField: "expectedItemCounts[0]"),
    BadBatch(
      label: "setWidth 0", update: BatchUpdate(setWidth: 0),
      expectedCase: "invalidNumber", expectedField: "setWidth"),
    BadBatch(
      label: "setWidth NaN", update: BatchUpdate(setWidth: .nan),
      expectedCase: "invalidNumber", expectedField: "setWidth"),
  ]
}

@Suite("Reference engine: bad input")
struct ReferenceBadInputTests {
  @Test(
    "an invalid input is rejected with the typed error naming the field", arguments: BadInput.all)
  func invalidInput(_ bad: BadInput) {
    #expect(throws: LayoutError.self) { try ReferenceFlowLayout(bad.input) }
    do {
      _ = try ReferenceFlowLayout(bad.input)
    } catch {
      #expect(caseName(error) == bad.expectedCase, "\(error)")
      #expect(error.field == bad.expectedField, "\(error)")
    }
  }

  @Test(
    "a rejected batch throws the typed error and leaves the engine unchanged",
    arguments: BadBatch.all)
  func rejectedBatch(_ bad: BadBatch) throws {
    var engine = try ReferenceFlowLayout(baseInput())
    let before = LayoutSnapshot(engine)
    do {
      try engine.apply(bad.update)
      Issue.record("\(bad.label) was accepted")
    } catch {
      #expect(caseName(error) == bad.expectedCase, "\(error)")
      #expect(error.field == bad.expectedField, "\(error)")
    }
    #expect(LayoutSnapshot(engine) == before)
  }

  @Test("setWidth that leaves the insets no room is rejected and changes nothing")
  func setWidthNoRoom() throws {
    var input = baseInput()
    input.configuration.sectionInset = EdgeInsets(top: 0, left: 50, bottom: 0, right: 50)
    var engine = try ReferenceFlowLayout(input)
    let before = LayoutSnapshot(engine)
    do {
      try engine.setWidth(100)
    } catch {
      #expect(caseName(error) == "invalidConfiguration" && error.field == "setWidth")
    }
    #expect(LayoutSnapshot(engine) == before)
  }

  @Test("an unknown layout name is rejected by the document, naming the field")
  func unknownLayout() {
    do {
      _ = try LayoutDocument.decode(#"{"layout": "masonry", "width": 100, "sections": []}"#)
      Issue.record("accepted an unknown layout")
    } catch {
      #expect(error == .unknownLayout(field: "layout", name: "masonry"))
    }
  }

  @Test("frame(ofItemAt:) names out-of-range and hidden items")
  func frameErrors() throws {
    var input = baseInput()
    input.configuration.numberOfRows = 1
    input.bounds.width = 120  // 50 + 10 + 60 fits; 70 goes to a hidden second line
    let engine = try ReferenceFlowLayout(input)
    for path in [ItemPath(0, 3), ItemPath(0, -1), ItemPath(2, 0), ItemPath(-1, 0)] {
      #expect(throws: LayoutError.itemOutOfRange(field: "path", path: path)) {
        try engine.frame(ofItemAt: path)
      }
    }
    #expect(throws: LayoutError.itemHidden(path: ItemPath(0, 2))) {
      try engine.frame(ofItemAt: ItemPath(0, 2))
    }
    #expect(engine.hiddenItems == [ItemPath(0, 2)])
    #expect(try engine.frame(ofItemAt: ItemPath(0, 1)) == Rect(x: 60, y: 20, width: 60, height: 30))
  }

  @Test("supplementaryFrame: nil for height 0, sectionOutOfRange past the end")
  func supplementaryErrors() throws {
    let engine = try ReferenceFlowLayout(baseInput())
    #expect(
      try engine.supplementaryFrame(.header, inSection: 0)
        == Rect(x: 0, y: 0, width: 320, height: 20))
    #expect(try engine.supplementaryFrame(.header, inSection: 1) == nil)
    #expect(try engine.supplementaryFrame(.footer, inSection: 1) == nil)
    #expect(try engine.supplementaryFrame(.item, inSection: 0) == nil)
    for section in [-1, 2] {
      #expect(
        throws: LayoutError.sectionOutOfRange(field: "section", section: section, sectionCount: 2)
      ) {
        try engine.supplementaryFrame(.footer, inSection: section)
      }
    }
  }
}
