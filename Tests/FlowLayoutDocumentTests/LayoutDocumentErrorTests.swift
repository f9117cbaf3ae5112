import FlowLayoutDocument
import FlowLayoutModel
import Testing

/// Every way a document is refused names its field.
@Suite struct LayoutDocumentErrorTests {
  /// A valid document with `members` added to the top-level object; `layout`, `width` and
  /// `sections` of the base are left out when `members` has them.
  static func document(
    _ members: String, sections: String = #"[{"items": [[10, 10], [20, 20]]}]"#
  ) -> String {
    var parts: [String] = []
    if !members.contains(#""layout""#) { parts.append(#""layout": "horizontalFlow""#) }
    if !members.contains(#""width""#) { parts.append(#""width": 375"#) }
    if !members.contains(#""sections""#) { parts.append(#""sections": \#(sections)"#) }
    if !members.isEmpty { parts.append(members) }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  static func field(of text: String) -> String? {
    do {
      _ = try LayoutDocument.decode(text)
      return nil
    } catch {
      #expect(!error.description.contains("\n"), "one line: \(error.description)")
      #expect(error.description.hasPrefix(error.field + ": "), "\(error.description)")
      return error.field
    }
  }

  @Test(arguments: [
    ("", "document"), ("   \n", "document"), ("{", "document"), ("[", "document"),
    (#"{"layout": "vertical",}"#, "document"), (#"{"layout" "vertical"}"#, "document"),
    (#"{"layout": "vertical"} x"#, "document"), (#"{'layout': 1}"#, "document"),
    (#"{"layout": "vert"#, "document"), ("nul", "document"), ("tru", "document"),
    (#"{"width": 01}"#, "document"), (#"{"width": 1.}"#, "document"),
    (#"{"width": -}"#, "document"),
    (#"{"width": 1e}"#, "document"), (#"{"width": .5}"#, "document"),
    (#"{"width": NaN}"#, "document"),
    (#"{"width": Infinity}"#, "document"), (#"{"layout": "a\qb"}"#, "document"),
    ("{\"layout\": \"a\nb\"}", "document"), (#"{"layout": "\ud800"}"#, "document"),
    (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "document"),
    (#"[1, 2]"#, "document"), (#""text""#, "document"),
  ])
  func malformedJSONNamesTheDocument(text: String, field: String) {
    #expect(Self.field(of: text) == field)
  }

  @Test func syntaxErrorsGiveTheByteOffset() {
    #expect(
      throws: LayoutError.invalidDocument(
        field: "document",
        reason: "invalid JSON at byte 12: expected ',' or '}' after an object member"
      )
    ) {
      try LayoutDocument.decode(#"{"width": 1 "layout": 2}"#)
    }
  }

  @Test(arguments: [
    (#""layout": "grid""#, "layout"),
    (#""layout": 3"#, "layout"),
    (#""width": "wide""#, "width"),
    (#""height": [1]"#, "height"),
    (#""sectionInset": [1, 2, 3]"#, "sectionInset"),
    (#""sectionInset": [1, 2, 3, 4, 5]"#, "sectionInset"),
    (#""sectionInset": [1, 2, "3", 4]"#, "sectionInset.bottom"),
    (#""sectionInset": 16"#, "sectionInset"),
    (#""minimumInteritemSpacing": true"#, "minimumInteritemSpacing"),
    (#""minimumLineSpacing": null"#, "minimumLineSpacing"),
    (#""itemSize": [1, 2, 3]"#, "itemSize"),
    (#""itemSize": []"#, "itemSize"),
    (#""estimatedItemSize": {"width": 1}"#, "estimatedItemSize"),
    (#""minimumScaledItemSize": [1, null]"#, "minimumScaledItemSize.height"),
    (#""numberOfColumns": 1.5"#, "numberOfColumns"),
    (#""numberOfRows": "2""#, "numberOfRows"),
    (#""isLayoutJustified": 1"#, "isLayoutJustified"),
    (#""isTopAligned": "yes""#, "isTopAligned"),
    (#""scrollDirection": "diagonal""#, "scrollDirection"),
    (#""widthClass": "large""#, "widthClass"),
    (#""sections": {}"#, "sections"),
    (#""sections": [[]]"#, "sections[0]"),
    (#""sections": [{"heder": 4}]"#, "sections[0].heder"),
    (#""sections": [{"items": [[1, 2], [1, 2, 3]]}]"#, "sections[0].items[1]"),
    (#""sections": [{"items": [[1, 2], "x"]}]"#, "sections[0].items[1]"),
    (#""sections": [{"items": [[1, 2], [1, "x"]]}]"#, "sections[0].items[1].height"),
    (#""sections": [{"items": {}}]"#, "sections[0].items"),
    (#""sections": [{"header": "44"}]"#, "sections[0].header"),
    (#""sections": [{"seeAll": 1}]"#, "sections[0].seeAll"),
    (#""sections": [{"at": 1}]"#, "sections[0].at"),
    (#""sectionInsets": [1, 1, 1, 1]"#, "sectionInsets"),
    (#""edits": {}"#, "edits"),
    (#""edits": [{"deleteItem": []}]"#, "edits[0].deleteItem"),
    (#""edits": [{}, {"deleteItems": [[0]]}]"#, "edits[1].deleteItems[0]"),
    (#""edits": [{"deleteItems": [[0, 0.5]]}]"#, "edits[0].deleteItems[0].item"),
    (#""edits": [{"insertItems": [{"at": [0, 0]}]}]"#, "edits[0].insertItems[0].size"),
    (#""edits": [{"insertItems": [{"size": [1, 1]}]}]"#, "edits[0].insertItems[0].at"),
    (
      #""edits": [{"insertItems": [{"at": [0, 0], "size": [1, 1], "x": 1}]}]"#,
      "edits[0].insertItems[0].x"
    ),
    (
      #""edits": [{"insertItems": [{"at": [0, "a"], "size": [1, 1]}]}]"#,
      "edits[0].insertItems[0].at.item"
    ),
    (#""edits": [{"moveItems": [{"from": [0, 0]}]}]"#, "edits[0].moveItems[0].to"),
    (#""edits": [{"moveItems": [{"to": [0, 0]}]}]"#, "edits[0].moveItems[0].from"),
    (#""edits": [{"resizeItems": [{"at": [0, 0], "size": 5}]}]"#, "edits[0].resizeItems[0].size"),
    (#""edits": [{"deleteSections": ["0"]}]"#, "edits[0].deleteSections[0]"),
    (#""edits": [{"insertSections": [{"items": []}]}]"#, "edits[0].insertSections[0].at"),
    (
      #""edits": [{"insertSections": [{"at": 0, "items": [[1]]}]}]"#,
      "edits[0].insertSections[0].items[0]"
    ),
    (#""edits": [{"setWidth": "414"}]"#, "edits[0].setWidth"),
    (#""edits": [{"setHeight": false}]"#, "edits[0].setHeight"),
    (#""edits": [{"expectedItemCounts": [1.5]}]"#, "edits[0].expectedItemCounts[0]"),
  ])
  func mistypedOrMisspelledFieldsAreNamed(members: String, field: String) {
    #expect(Self.field(of: Self.document(members)) == field)
  }

  @Test(arguments: [
    (#""": 1"#, #"[""]"#),
    (#""a.b": 1"#, #"["a.b"]"#),
    (#""2x": 1"#, #"["2x"]"#),
    (#""q\"": 1"#, #"["q\""]"#),
    (#""sections": [{"x y": 1}]"#, #"sections[0]["x y"]"#),
    (#""sections": [{"items": [], "": 1}]"#, #"sections[0][""]"#),
  ])
  func keysThatAreNotIdentifiersAreQuotedInThePath(members: String, field: String) {
    #expect(Self.field(of: Self.document(members)) == field)
  }

  @Test func duplicateKeysAreNamed() {
    #expect(Self.field(of: Self.document(#""width": 400, "width": 400"#)) == "width")
    #expect(
      Self.field(of: Self.document("", sections: #"[{"items": [], "items": []}]"#))
        == "sections[0].items")
  }

  @Test(arguments: [
    (#"{"width": 375, "sections": []}"#, "layout"),
    (#"{"layout": "vertical", "sections": []}"#, "width"),
    (#"{"layout": "vertical", "width": 375}"#, "sections"),
  ])
  func missingRequiredKeysAreNamed(text: String, field: String) {
    #expect(Self.field(of: text) == field)
  }

  @Test func unknownLayoutIsTypedAndListsTheNames() {
    #expect(throws: LayoutError.unknownLayout(field: "layout", name: "grid")) {
      try LayoutDocument.decode(Self.document(#""layout": "grid""#))
    }
  }

  @Test(arguments: [
    (#""width": 0"#, "width"),
    (#""width": -1"#, "width"),
    (#""width": 1e999"#, "width"),
    (#""height": -5"#, "height"),
    (#""minimumInteritemSpacing": -1"#, "minimumInteritemSpacing"),
    (#""minimumLineSpacing": 1e8"#, "minimumLineSpacing"),
    (#""sectionInset": [0, -1, 0, 0]"#, "sectionInset.left"),
    (#""sectionInset": [0, 200, 0, 175]"#, "sectionInset"),
    (#""itemSize": [-1, 5]"#, "itemSize.width"),
    (#""estimatedItemSize": [5, -1e-9]"#, "estimatedItemSize.height"),
    (#""numberOfColumns": -1"#, "numberOfColumns"),
    (#""numberOfRows": 2000000"#, "numberOfRows"),
    (#""sections": [{"header": -1, "items": []}]"#, "sections[0].header"),
    (#""sections": [{"footer": 1e999, "items": []}]"#, "sections[0].footer"),
    (#""sections": [{}, {"items": [[1, 1], [-1, 1]]}]"#, "sections[1].items[1].width"),
  ])
  func badValuesAreNamedByValidation(members: String, field: String) {
    #expect(Self.field(of: Self.document(members)) == field)
  }

  @Test func columnFlowNeedsAColumn() {
    let text = #"{"layout": "multiColumn", "width": 375, "numberOfColumns": 0, "sections": []}"#
    #expect(Self.field(of: text) == "numberOfColumns")
  }

  @Test(arguments: [
    (#"{"deleteItems": [[0, 2]]}"#, "edits[0].deleteItems[0]"),
    (#"{"deleteItems": [[1, 0]]}"#, "edits[0].deleteItems[0]"),
    (#"{"deleteItems": [[0, 0], [0, 0]]}"#, "edits[0].deleteItems[1]"),
    (#"{"insertItems": [{"at": [0, 3], "size": [1, 1]}]}"#, "edits[0].insertItems[0].at"),
    (#"{"insertItems": [{"at": [0, 0], "size": [1, -1]}]}"#, "edits[0].insertItems[0].size.height"),
    (#"{"moveItems": [{"from": [0, 0], "to": [0, 2]}]}"#, "edits[0].moveItems[0].to"),
    (#"{"resizeItems": [{"at": [0, 5], "size": [1, 1]}]}"#, "edits[0].resizeItems[0].at"),
    (#"{"deleteSections": [1]}"#, "edits[0].deleteSections[0]"),
    (#"{"insertSections": [{"at": 2, "items": []}]}"#, "edits[0].insertSections[0].at"),
    (
      #"{"insertSections": [{"at": 0, "items": [[1, -1]]}]}"#,
      "edits[0].insertSections[0].items[0].height"
    ),
    (#"{"setWidth": 0}"#, "edits[0].setWidth"),
    (#"{"setHeight": -1}"#, "edits[0].setHeight"),
    (#"{"expectedItemCounts": [3]}"#, "edits[0].expectedItemCounts[0]"),
    (#"{"expectedItemCounts": [2, 0]}"#, "edits[0].expectedItemCounts"),
  ])
  func inconsistentEditsAreNamed(edit: String, field: String) {
    #expect(Self.field(of: Self.document(#""edits": [\#(edit)]"#)) == field)
  }

  @Test func editsAreValidatedAgainstTheContentEarlierEditsLeave() {
    // After the first edit section 0 has 3 items, so item 2 exists for the second.
    let ok =
      #""edits": [{"insertItems": [{"at": [0, 2], "size": [1, 1]}]}, {"deleteItems": [[0, 2]]}]"#
    #expect(Self.field(of: Self.document(ok)) == nil)
    // After the first edit section 0 has 1 item: deleting item 1 is out of range in edit 1.
    let bad = #""edits": [{"deleteItems": [[0, 0]]}, {"deleteItems": [[0, 1]]}]"#
    #expect(Self.field(of: Self.document(bad)) == "edits[1].deleteItems[0]")
    // A width set by an earlier edit is the one later edits are checked against.
    let width =
      #""sectionInset": [0, 100, 0, 100], "edits": [{"setWidth": 500}, {"setWidth": 150}]"#
    #expect(Self.field(of: Self.document(width)) == "edits[1].setWidth")
  }

  @Test func theFirstProblemInDocumentOrderIsReported() {
    let text = #"{"layout": "vertical", "width": -1, "sections": [{"items": [[1, "x"]]}]}"#
    // Types are checked while reading, before values are validated.
    #expect(Self.field(of: text) == "sections[0].items[0].height")
  }
}
