import FioriCells
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import Foundation
import Testing

/// The hostile inputs of issue 11 ("Hostile input, bounded resources"), decoded by the library:
/// every one is refused with one short line naming its field (or the byte), by the one decoder
/// that reads documents, cells, edits and session requests.
@Suite struct HostileInputTests {
  /// A document around `sections` (a JSON array's text).
  static func document(sections: String, extra: String = "") -> String {
    #"{"layout": "horizontalFlow", "width": 400\#(extra), "sections": \#(sections)}"#
  }

  /// The byte offset of the first `needle` in `text`.
  static func offset(of needle: String, in text: String) -> Int {
    let bytes = Array(text.utf8)
    let n = Array(needle.utf8)
    return (0...(bytes.count - n.count)).first { Array(bytes[$0..<$0 + n.count]) == n }!
  }

  static func error(_ bytes: [UInt8]) throws -> LayoutError {
    let error = try #require(throws: LayoutError.self) { try LayoutDocument.decode(bytes) }
    #expect(!error.description.contains { $0.isNewline })
    #expect(error.description.count <= 300, "\(error.description.count) characters")
    return error
  }

  static func error(_ text: String) throws -> LayoutError { try error(Array(text.utf8)) }

  // MARK: Invalid literals

  @Test(arguments: [
    (#", "isTopAligned": trueee"#, "trueee"), (#", "isLayoutJustified": fals"#, "fals"),
    (#", "isTopAligned": nul"#, "nul"), (#", "isTopAligned": True"#, "True"),
    (#", "isTopAligned": yes"#, "yes"),
  ])
  func invalidLiteralIsInvalidJSONAtItsByte(extra: String, word: String) throws {
    let text = Self.document(sections: "[]", extra: extra)
    let error = try Self.error(text)
    #expect(
      error
        == .invalidDocument(
          field: "document",
          reason:
            "invalid JSON at byte \(Self.offset(of: word, in: text)): invalid literal (expected true, false or null)"
        ))
  }

  @Test func invalidLiteralInASectionAndACell() throws {
    let text = Self.document(sections: #"[{"seeAll": nope}]"#)
    #expect(
      try Self.error(text)
        == .invalidDocument(
          field: "document",
          reason:
            "invalid JSON at byte \(Self.offset(of: "nope", in: text)): invalid literal (expected true, false or null)"
        ))
    let cell = Self.document(
      sections:
        #"[{"items": [{"type": "collectionItem", "iconActions": [{"icon": "a", "destructive": yes}]}]}]"#
    )
    #expect(
      try Self.error(cell).description
        == "document: invalid JSON at byte \(Self.offset(of: "yes", in: cell)): invalid literal (expected true, false or null)"
    )
  }

  // MARK: Errors inside a cell keep their full path

  @Test(arguments: [
    (#"{"type": "object", "title": "a", "title": "b"}"#, "sections[1].items[0].title"),
    (#"{"type": "collectionItem", "image": {"width": 1e999}}"#, "sections[1].items[0].image.width"),
    (
      #"{"type": "object", "title": "a", "descriptionLines": 2.5}"#,
      "sections[1].items[0].descriptionLines"
    ),
    (
      #"{"type": "object", "title": "a", "attributes": [{"text": 1}]}"#,
      "sections[1].items[0].attributes[0].text"
    ),
    (
      #"{"type": "object", "title": "a", "attributes": [{}]}"#,
      "sections[1].items[0].attributes[0].text"
    ),
    (
      #"{"type": "collectionItem", "image": {"shape": "oval"}}"#, "sections[1].items[0].image.shape"
    ),
    (#"{"type": "collectionItem", "image": {"widht": 80}}"#, "sections[1].items[0].image.widht"),
    (#"{"type": "collectionItem", "buttonAction": {}}"#, "sections[1].items[0].buttonAction.label"),
    (#"{"type": "keyValue", "key": null}"#, "sections[1].items[0].key"),
    (#"{"type": "keyValue", "key": "k", "colour": "red"}"#, "sections[1].items[0].colour"),
    (#"{"title": "a"}"#, "sections[1].items[0].type"),
  ])
  func cellErrorNamesItsFullPath(cell: String, field: String) throws {
    let text = Self.document(sections: #"[{"items": [[1, 1]]}, {"items": [\#(cell)]}]"#)
    #expect(try Self.error(text).field == field)
  }

  @Test func cellErrorsInEditsNameTheirFullPath() throws {
    let text = Self.document(
      sections: #"[{"items": [[1, 1]]}]"#,
      extra:
        #", "edits": [{"insertItems": [{"at": [0, 0], "cell": {"type": "keyValue", "key": "k", "value": 3}}]}]"#
    )
    #expect(try Self.error(text).field == "edits[0].insertItems[0].cell.value")
  }

  // MARK: Invalid UTF-8 is refused, in cells and outside

  @Test(
    arguments: [
      [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xC3], [0x80],
    ] as [[UInt8]])
  func invalidUTF8IsRefusedAtItsByte(sequence: [UInt8]) throws {
    let before = Array(
      #"{"layout": "horizontalFlow", "width": 400, "sections": [{"items": [{"type": "keyValue", "key": "a"#
        .utf8)
    let cell = before + sequence + Array(#""}]}]}"#.utf8)
    let error = try Self.error(cell)
    #expect(error.field == "document")
    #expect(error.description.contains("invalid UTF-8 byte"), "\(error)")
    let layoutName = Array(#"{"layout": "a"#.utf8) + sequence + Array(#"", "width": 1}"#.utf8)
    #expect(try Self.error(layoutName).description.contains("invalid UTF-8 byte"))
    let key = Array(#"{"a"#.utf8) + sequence + Array(#"": 1}"#.utf8)
    #expect(try Self.error(key).description.hasPrefix("document: invalid JSON at byte "))
    #expect(try Self.error(key).description.contains("invalid UTF-8 byte 0x"))
  }

  @Test func validUTF8OfEveryLengthIsKept() throws {
    let text = Self.document(
      sections: #"[{"items": [{"type": "keyValue", "key": "é€𝄞", "value": "\u00e9"}]}]"#)
    let document = try LayoutDocument.decode(text)
    #expect(document.cells[0][0]?.key == "é€𝄞")
    #expect(document.cells[0][0]?.value == "é")
  }

  // MARK: Depth is counted from the document's root

  /// Root object 1, `sections` 2, a section 3, `items` 4, an item 5, then `extra` more arrays
  /// inside the item (its third, ignored component).
  static func nested(_ extra: Int) -> String {
    let inner = String(repeating: "[", count: extra) + String(repeating: "]", count: extra)
    return document(sections: #"[{"items": [[1, 1, \#(inner)]]}]"#)
  }

  @Test func depthLimitIsCountedFromTheRoot() throws {
    // 512 levels: read (the item then has 3 components).
    #expect(try Self.error(Self.nested(507)).field == "sections[0].items[0]")
    let error = try Self.error(Self.nested(508))
    #expect(error.field == "document")
    #expect(error.description.hasSuffix("nested deeper than 512"))
    // 100 000 levels: the same error, no stack overflow.
    #expect(try Self.error(Self.nested(100_000)).description.hasSuffix("nested deeper than 512"))
  }

  @Test func sessionCountsDepthFromTheRequestsRoot() {
    var session = LayoutSession<FastFlowLayout>()
    let answer = session.answer(Array(#"{"open": \#(Self.nested(508))}"#.utf8))
    #expect(answer.contains("nested deeper than 512"), "\(answer)")
    #expect(session.document == nil)
  }

  // MARK: Integers

  @Test(arguments: [
    (
      "9223372036854775807",
      "integer out of range: 9223372036854775807 (integers are within ±9007199254740992)"
    ),
    (
      "-9223372036854775809",
      "integer out of range: -9223372036854775809 (integers are within ±9007199254740992)"
    ),
    (
      "9007199254740993",
      "integer out of range: 9007199254740993 (integers are within ±9007199254740992)"
    ),
    ("1e300", "integer out of range: 1e300 (integers are within ±9007199254740992)"),
    ("1e-400", "expected an integer, found 1e-400"),
    ("0.5", "expected an integer, found 0.5"),
    ("1.0000000000000000001", "expected an integer, found 1.0000000000000000001"),
  ])
  func integerOutOfRangeOrFractionSaysSo(number: String, reason: String) throws {
    let text = Self.document(
      sections: #"[{"items": [[1, 1]]}]"#,
      extra: #", "edits": [{"deleteItems": [[0, \#(number)]]}]"#)
    #expect(
      try Self.error(text)
        == .invalidDocument(field: "edits[0].deleteItems[0].item", reason: reason))
  }

  @Test(arguments: ["1", "1.0", "1e0", "0.1e1", "10e-1", "1.00e+0"])
  func integerWrittenAsADecimalIsAccepted(number: String) throws {
    let text = Self.document(
      sections: #"[{"items": [[1, 1], [1, 1]]}]"#,
      extra: #", "edits": [{"deleteItems": [[0, \#(number)]]}]"#)
    #expect(try LayoutDocument.decode(text).edits[0].deleteItems == [ItemPath(section: 0, item: 1)])
  }

  // MARK: Long values are cut

  @Test func longNameKeyAndValueGiveAShortLine() throws {
    let long = String(repeating: "x", count: 2_000_000)
    for text in [
      #"{"layout": "\#(long)"}"#, #"{"\#(long)": 1}"#, #"{"lay\#(long)": 1}"#,
      Self.document(sections: #"[{"items": [{"type": "\#(long)"}]}]"#),
      Self.document(sections: "[]", extra: #", "scrollAnchor": "\#(long)""#),
      Self.document(
        sections: #"[{"items": [{"type": "object", "title": "t", "widthClass": "\#(long)"}]}]"#),
    ] {
      let error = try Self.error(text)
      #expect(error.description.contains("…"), "\(error.description.prefix(100))")
    }
  }

  @Test func typoSuggestsTheNearestKey() throws {
    let text = #"{"layout": "vertical", "width": 1, "sectionInsets": [0, 0, 0, 0]}"#
    #expect(
      try Self.error(text)
        == .invalidDocument(
          field: "sectionInsets", reason: #"unknown key (did you mean "sectionInset"?)"#))
  }

  @Test func manyKeysInOneObjectAreCheckedInLinearTime() throws {
    // 50 000 distinct keys inside an ignored tuple component: the duplicate check uses a set.
    let keys = (0..<50_000).map { #""k\#($0)": 0"# }.joined(separator: ",")
    let text = Self.document(sections: #"[{"items": [[1, 1, {\#(keys), "k7": 1}]]}]"#)
    #expect(try Self.error(text).field == "k7")
  }

  // MARK: Edits and session requests go through the same decoder

  @Test func sessionRequestsUseTheSameRules() {
    var session = LayoutSession<FastFlowLayout>()
    let open = session.answer(
      Array(#"{"open": \#(Self.document(sections: #"[{"items": [[1, 1]]}]"#))}"#.utf8))
    #expect(open.hasPrefix(#"{"contentSize""#), "\(open)")
    let before = session.document!.engine.allElements
    for (line, expected) in [
      (
        #"{"apply": {"deleteItems": [[0, 1e-400]]}}"#,
        "apply.deleteItems[0].item: expected an integer, found 1e-400"
      ),
      (
        #"{"apply": {"insertItems": [{"at": [0, 0], "cell": {"type": "keyValue", "key": tru}}]}}"#,
        "invalid literal (expected true, false or null)"
      ),
      (#"{"frame": [0, 9223372036854775807]}"#, "frame.item: integer out of range"),
    ] {
      let answer = session.answer(Array(line.utf8))
      #expect(answer.contains(expected), "\(answer)")
    }
    let invalidUTF8 =
      Array(
        #"{"apply": {"insertItems": [{"at": [0, 0], "cell": {"type": "keyValue", "key": "a"#.utf8)
      + [0xFE] + Array(#""}}]}}"#.utf8)
    #expect(session.answer(invalidUTF8).contains("invalid UTF-8 byte 0xfe"))
    #expect(session.document!.engine.allElements == before)
  }

  // MARK: Memory per item

  @Test func anItemsCellEntryIsOneWord() {
    #expect(MemoryLayout<CellDescription?>.size == 8)
    var a = CellDescription(type: .keyValue, key: "k")
    let b = a
    a.key = "changed"
    #expect(b.key == "k")
    #expect(a.key == "changed")
    #expect(a != b)
    a.key = "k"
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
  }

  // MARK: The fail-fast reader reports the whole document's error

  /// Where `JSONStreamCheck` refuses a byte, the decoder's error for the bytes up to it is the
  /// error of the whole input (what `flowlayout` reports after reading only that far). The first
  /// case was found by `fuzz-document` (a word after a number: the error echoed the whole word,
  /// of which the reader had seen one letter).
  @Test(arguments: [
    #"{"layout": "multiColumn", "width": 320, "sections": [{"items": [[1, der": 0}]}]}"#,
    #"{"layout": "vertical", "isTopAligned": nope}"#,
    #"{"layout": "vertical", "a\u12x4": 1}"#,
    #"{"layout": "vertical", "width": 1, "sections": []} x"#,
    #"{"layout": "grid", "x": @}"#,
    #"{"a": [1, 2, 3] }}"#,
    #"{"a": 1e5x}"#,
    "{\"a\": \"\u{1}\"}",
    // Found by `fuzz-document`: a literal at the top level, refused at its first letter (the
    // whole text's error named a boolean, the first letter's an invalid literal).
    #"false{"layout": "vertical"}"#, "true", "null", "nul", " f",
  ])
  func streamRefusalGivesTheWholeDocumentsError(text: String) throws {
    let bytes = Array(text.utf8)
    var check = JSONStreamCheck()
    let answer = check.check(bytes)
    let refused = try #require(answer)
    let whole = try Self.error(bytes)
    let prefix = try Self.error(Array(bytes[...refused]))
    #expect(prefix == whole)
  }

  @Test func streamCheckRefusesNoByteOfAValidDocument() throws {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")
    let names = try FileManager.default.contentsOfDirectory(atPath: examples.path)
      .filter { $0.hasSuffix(".json") && !$0.hasPrefix("malformed-") }
    #expect(names.count > 10)
    for name in names {
      let bytes = Array(try Data(contentsOf: examples.appendingPathComponent(name)))
      var check = JSONStreamCheck()
      #expect(check.check(bytes) == nil, "\(name)")
      #expect(check.offset == bytes.count)
    }
    var check = JSONStreamCheck()
    let text = #"{"a": "é\u00e9 \"", "b": [true, -1.5e+3]}"#
    #expect(check.check([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == nil)
  }
}
