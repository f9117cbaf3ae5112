import FioriCells
import FlowLayoutDocument
import FlowLayoutModel
import Testing

/// Decoding every field of a layout document, and the defaults of omitted ones.
@Suite struct LayoutDocumentTests {
  static let full = """
    { "layout": "horizontalFlow", "width": 375, "height": 700,
      "sectionInset": [1, 2, 3, 4], "minimumInteritemSpacing": 8, "minimumLineSpacing": 9.5,
      "itemSize": [110, 150], "estimatedItemSize": [5, 6], "minimumScaledItemSize": [7, 8],
      "numberOfColumns": 3, "numberOfRows": 2, "isLayoutJustified": true, "isTopAligned": true,
      "scrollDirection": "horizontal", "widthClass": "compact",
      "sections": [
        { "header": 44, "footer": 10, "seeAll": true, "items": [[110, 100], [120, 150]] },
        { "items": [] },
        { "header": 0.5, "items": [[0, 0], [1e3, 2.25]] } ],
      "edits": [ { "deleteItems": [[0, 1]],
                   "insertItems": [ { "at": [0, 0], "size": [60, 60] } ],
                   "moveItems": [ { "from": [2, 0], "to": [1, 0] } ],
                   "resizeItems": [ { "at": [2, 1], "size": [90, 91] } ],
                   "insertSections": [ { "at": 3, "header": 12, "footer": 13, "seeAll": true,
                                         "items": [[50, 51]] } ],
                   "setWidth": 414, "setHeight": 600, "expectedItemCounts": [2, 1, 1, 1] },
                 { "deleteSections": [0, 3] },
                 {} ] }
    """

  /// The note for item sizes the layout ignores: only `horizontalFlow` / `vertical` under
  /// rule 4 (no `estimatedItemSize`, `numberOfColumns` or `minimumScaledItemSize`), counting the
  /// items whose size is not `itemSize`.
  @Test(arguments: [
    (#""layout": "vertical""#, "[[50, 50], [10, 50], [50, 60]]", 2),
    (#""layout": "horizontalFlow", "itemSize": [10, 50]"#, "[[50, 50], [10, 50]]", 1),
    (#""layout": "vertical""#, "[[50, 50]]", 0),
    (#""layout": "vertical", "estimatedItemSize": [1, 1]"#, "[[10, 50]]", 0),
    (#""layout": "vertical", "numberOfColumns": 2"#, "[[10, 50]]", 0),
    (#""layout": "vertical", "minimumScaledItemSize": [10, 10]"#, "[[10, 50]]", 0),
    (#""layout": "horizontalScroll""#, "[[10, 50]]", 0),
    (#""layout": "timeline""#, "[[10, 50]]", 0),
  ])
  func ignoredItemSizesAreCounted(options: String, items: String, ignored: Int) throws {
    let json = #"{\#(options), "width": 375, "sections": [{"items": \#(items)}]}"#
    let note = try LayoutDocument.decode(json).ignoredItemSizesNote
    if ignored == 0 {
      #expect(note == nil)
    } else {
      #expect(note?.hasPrefix("\(ignored) item size\(ignored == 1 ? "" : "s") ignored: ") == true)
    }
  }

  @Test func decodesEveryTopLevelOption() throws {
    let input = try LayoutDocument.decode(Self.full).input
    let c = input.configuration
    #expect(c.variant == .horizontalFlow)
    #expect(input.bounds == Size(375, 700))
    #expect(c.sectionInset == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(c.minimumInteritemSpacing == 8)
    #expect(c.minimumLineSpacing == 9.5)
    #expect(c.itemSize == Size(110, 150))
    #expect(c.estimatedItemSize == Size(5, 6))
    #expect(c.minimumScaledItemSize == Size(7, 8))
    #expect(c.numberOfColumns == 3)
    #expect(c.numberOfRows == 2)
    #expect(c.isLayoutJustified)
    #expect(c.isTopAligned)
    #expect(c.scrollDirection == .horizontal)
    #expect(c.widthClass == .compact)
  }

  @Test func decodesSections() throws {
    let sections = try LayoutDocument.decode(Self.full).input.sections
    #expect(sections.count == 3)
    #expect(
      sections[0]
        == SectionData(
          header: 44, footer: 10, items: [Size(110, 100), Size(120, 150)], showsSeeAll: true))
    #expect(sections[1] == SectionData(items: []))
    #expect(sections[2] == SectionData(header: 0.5, items: [Size(0, 0), Size(1000, 2.25)]))
  }

  @Test func decodesEdits() throws {
    let edits = try LayoutDocument.decode(Self.full).edits
    #expect(edits.count == 3)
    let inserted = SectionData(header: 12, footer: 13, items: [Size(50, 51)], showsSeeAll: true)
    #expect(
      edits[0]
        == BatchUpdate(
          deleteItems: [ItemPath(0, 1)],
          insertItems: [ItemInsertion(at: ItemPath(0, 0), size: Size(60, 60))],
          moveItems: [ItemMove(from: ItemPath(2, 0), to: ItemPath(1, 0))],
          resizeItems: [ItemResize(at: ItemPath(2, 1), size: Size(90, 91))],
          insertSections: [SectionInsertion(at: 3, section: inserted)],
          setWidth: 414, setHeight: 600, expectedItemCounts: [2, 1, 1, 1]))
    #expect(edits[1] == BatchUpdate(deleteSections: [0, 3]))
    #expect(edits[2] == BatchUpdate())
  }

  @Test func cellsColumnIsNilForSizedItems() throws {
    let document = try LayoutDocument.decode(Self.full)
    #expect(document.cells.map(\.count) == [2, 0, 2])
    #expect(document.cells.allSatisfy { $0.allSatisfy { $0 == nil } })
    #expect(document.cell(at: ItemPath(0, 0)) == nil)
    #expect(document.cell(at: ItemPath(9, 9)) == nil)
  }

  @Test(arguments: LayoutVariant.allCases)
  func omittedOptionsTakeTheVariantDefaults(variant: LayoutVariant) throws {
    let document = try LayoutDocument.decode(
      #"{"layout": "\#(variant.rawValue)", "width": 375, "sections": []}"#)
    #expect(document.input.configuration == LayoutConfiguration(variant: variant))
    #expect(document.input.bounds == Size(375, 812))
    #expect(document.input.sections.isEmpty)
    #expect(document.edits.isEmpty)
  }

  @Test func keyValueDefaultsCanBeOverridden() throws {
    let c = try LayoutDocument.decode(
      #"{"layout": "keyValueColumnFlow", "width": 375, "minimumLineSpacing": 3, "sections": []}"#
    ).input.configuration
    #expect(c.minimumLineSpacing == 3)
    #expect(c.minimumInteritemSpacing == 80)  // still the variant's default
    #expect(c.sectionInset == EdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
  }

  @Test func sectionKeysAreOptional() throws {
    let sections = try LayoutDocument.decode(
      #"{"layout": "vertical", "width": 100, "sections": [{}, {"header": 5}]}"#
    ).input.sections
    #expect(sections == [SectionData(items: []), SectionData(header: 5, items: [])])
  }

  @Test func whitespaceByteOrderMarkAndEscapesAreAccepted() throws {
    let text =
      "\u{FEFF}\n\t{ \"lay\\u006fut\" :\r\n \"vertical\" , \"width\":1E2,\"sections\":[ ] }  \n"
    let document = try LayoutDocument.decode(Array(text.utf8))
    #expect(document.input.configuration.variant == .vertical)
    #expect(document.input.bounds.width == 100)
  }

  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("12", 12), ("1.5", 1.5), ("0.1", 0.1), ("1e2", 100), ("1E+2", 100),
    ("25e-1", 2.5), ("0.000001", 0.000001), ("3.141592653589793238", 3.141592653589793),
    ("2.2250738585072014e-308", 2.2250738585072014e-308), ("4.9e-324", .leastNonzeroMagnitude),
    ("9999999.999999999", 9999999.999999999), ("0.30000000000000004", 0.30000000000000004),
    ("123.456e-2", 1.23456), ("1000000e1", 10_000_000),
  ])
  func numbersAreReadCorrectlyRounded(text: String, expected: Double) throws {
    let document = try LayoutDocument.decode(
      #"{"layout": "vertical", "width": 100, "sections": [{"header": \#(text)}]}"#)
    let header = document.input.sections[0].header
    #expect(header == expected)
    #expect(header.sign == expected.sign)
  }

  @Test(arguments: ["123456789012345678", "1.7976931348623157e308", "1e999"])
  func numbersBeyondTheLimitAreReadThenRefusedByValidation(text: String) {
    #expect(throws: LayoutError.self) {
      try LayoutDocument.decode(
        #"{"layout": "vertical", "width": 100, "sections": [{"header": \#(text)}]}"#)
    }
  }

  @Test func cellObjectsAreSizedWithTheirItemsField() {
    // The FioriCells stub throws from fittingSize: the error must name the item's field path.
    let text = #"""
      {"layout": "autosizingColumnFlow", "width": 375, "sections": [
        {"items": [[10, 10]]}, {"items": [[1, 1], {"type": "objectCell"}]}]}
      """#
    #expect {
      try LayoutDocument.decode(text)
    } throws: { error in
      (error as? LayoutError)?.field.hasPrefix("sections[1].items[1]") == true
    }
  }

  @Test func cellObjectsAreDecodedWithTheirOwnCodable() {
    // `CellDescription` requires `type`: its DecodingError becomes a field path.
    let text = #"""
      {"layout": "vertical", "width": 375, "sections": [{"items": [{"title": "x"}]}]}
      """#
    #expect(
      throws: LayoutError.invalidDocument(
        field: "sections[0].items[0].type", reason: "missing (required)")
    ) {
      try LayoutDocument.decode(text)
    }
  }

  @Test func proposedCellWidthIsTheColumnWidthForColumnFlows() {
    var c = LayoutConfiguration(variant: .autosizingColumnFlow)
    c.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 20)
    c.minimumInteritemSpacing = 15
    c.numberOfColumns = 3
    #expect(c.proposedCellWidth(boundsWidth: 375) == (345 - 30) / 3)
    c.variant = .multiColumn
    #expect(c.proposedCellWidth(boundsWidth: 375) == (345 - 30) / 3)
    c.widthClass = .compact
    #expect(c.proposedCellWidth(boundsWidth: 375) == 345)
    c.variant = .horizontalFlow
    c.widthClass = .regular
    #expect(c.proposedCellWidth(boundsWidth: 375) == 345)
  }

  @Test func largeDocumentKeepsEveryItem() throws {
    let count = 20_000
    var text = #"{"layout":"vertical","width":375,"sections":[{"items":["#
    for i in 0..<count { text += (i == 0 ? "" : ",") + "[\(i % 97).25,\(i % 13)]" }
    text += "]}]}"
    let section = try LayoutDocument.decode(text).input.sections[0]
    #expect(section.count == count)
    #expect(section.itemSize(at: 12345) == Size(Double(12345 % 97) + 0.25, Double(12345 % 13)))
  }
}
