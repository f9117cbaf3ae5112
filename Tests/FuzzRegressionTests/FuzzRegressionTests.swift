import FlowLayoutDocument
import FlowLayoutModel
import Testing

/// Inputs found by `scripts/fuzz.sh` (docs/fuzzing.md), minimised, kept as plain cases.
@Suite struct FuzzRegressionTests {
  /// `fuzz-document` found `{ "\\\\\\\\\` followed by a newline byte: the error named the
  /// escaped byte raw ("invalid escape \" + newline), so the one-line message of
  /// docs/layout-document.md ("Errors") spanned two lines. Minimised: `{"\` + newline.
  @Test func invalidEscapeOfANewlineIsNamedByItsCode() {
    let bytes: [UInt8] = Array(#"{"\"#.utf8) + [0x0A]
    #expect(
      throws: LayoutError.invalidDocument(
        field: "document", reason: "invalid JSON at byte 3: invalid escape '\\' followed by 0xa")
    ) {
      try LayoutDocument.decode(bytes)
    }
  }

  /// Every byte that is not printable ASCII after a backslash (controls, DEL, U+0085 NEL as a
  /// Latin-1 byte, any byte ≥ 0x80) gives a one-line `document: …` message naming its code.
  @Test(arguments: Array(UInt8(0)..<0x20) + [0x7F, 0x80, 0x85, 0xA0, 0xFF])
  func invalidEscapeMessageIsOneLine(byte: UInt8) throws {
    let bytes: [UInt8] = Array(#"{"a\"#.utf8) + [byte] + Array(#"": 1}"#.utf8)
    let error = try #require(throws: LayoutError.self) { try LayoutDocument.decode(bytes) }
    #expect(error.field == "document")
    let lines = error.description.split(whereSeparator: \.isNewline)
    #expect(lines.count == 1)
    #expect(
      error.description.hasSuffix("invalid escape '\\' followed by 0x\(String(byte, radix: 16))"))
  }

  /// A printable escape that JSON does not define keeps its readable form.
  @Test func invalidPrintableEscapeIsShownAsWritten() {
    #expect(
      throws: LayoutError.invalidDocument(
        field: "document", reason: "invalid JSON at byte 4: invalid escape \\q")
    ) {
      try LayoutDocument.decode(#"{"a\q": 1}"#)
    }
  }

  /// `fuzz-document` found a cell whose `type` held an escaped newline: the cell validation
  /// (`FioriCells`) echoes the type, so the message spanned two lines. The decoder now writes
  /// control characters of every error text as `\u{…}`. Minimised below.
  @Test func unknownCellTypeWithANewlineStaysOneLine() {
    let text =
      #"{"layout": "horizontalFlow", "width": 375, "sections": [{"items": [{"type": "a\nb"}]}]}"#
    #expect(
      throws: LayoutError.invalidDocument(
        field: "sections[0].items[0].type",
        reason: #"unknown cell type "a\u{a}b" (expected one of: collectionItem, object, keyValue)"#)
    ) {
      try LayoutDocument.decode(text)
    }
  }
}
