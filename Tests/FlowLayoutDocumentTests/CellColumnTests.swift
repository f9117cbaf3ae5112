import FioriCells
import FlowLayoutCore
import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// Cells kept as document text (`CellColumn`, `JSONScanner.readFlatCell`) decode to the cells,
/// and fail with the errors, of reading every cell eagerly with `readCell`.
@Suite struct CellColumnTests {
  /// A seeded corpus of cell objects: flat ones (string members of the cell keys) and every
  /// near miss (other keys, numbers, literals, nested values, escapes, non-ASCII, empty
  /// strings, duplicated keys, odd whitespace). Every text is valid JSON.
  static let corpus: [String] = {
    var rng = SplitMix64(seed: 33)
    let keys = [
      "type", "type", "type", "key", "key", "value", "title", "subtitle", "attribute", "footnote",
      "description", "cellWidth", "image", "descriptionLines", "accessory", "iconStack", "bogus",
      "typ", "k\\u0065y",
    ]
    let values = [
      "\"keyValue\"", "\"keyValue\"", "\"keyValue\"", "\"object\"", "\"object\"",
      "\"collectionItem\"", "\"foo\"", "\"\"", "\"Field 1\"", "\"pump valve\"", "\"é\"",
      "\"a\\nb\"", "\"x\\\"y\"", "\"  \"", "3", "-1.5", "1e2", "null", "true", "[]", "{}",
      "[\"a\"]", "{\"shape\": \"circular\"}",
    ]
    let spaces = ["", " ", "\n", "\t "]
    var texts: [String] = []
    for _ in 0..<3000 {
      let count = rng.nextInt(below: 5)
      var members: [String] = []
      // Half the cells are clean key/value or object cells (the common case), sometimes with
      // one member more.
      if rng.nextInt(below: 2) == 0 {
        members.append(
          rng.nextInt(below: 2) == 0
            ? #""type": "keyValue", "key": "Field \#(rng.nextInt(below: 9))", "value": "v w""#
            : #""type": "object", "title": "T", "subtitle": "S""#)
        if rng.nextInt(below: 4) == 0 {
          members.append("\"\(keys[rng.nextInt(below: keys.count)])\": \"x\"")
        }
        texts.append("{" + members.joined(separator: ", ") + "}")
        continue
      }
      // Mostly key/value or object cells, so that the flat path is taken often.
      if rng.nextInt(below: 3) > 0 {
        members.append("\"type\": \(rng.nextInt(below: 2) == 0 ? "\"keyValue\"" : "\"object\"")")
      }
      for _ in 0..<count {
        let key = keys[rng.nextInt(below: keys.count)]
        let value =
          rng.nextInt(below: 2) == 0
          ? "\"text \(rng.nextInt(below: 100))\"" : values[rng.nextInt(below: values.count)]
        let space = spaces[rng.nextInt(below: spaces.count)]
        members.append("\"\(key)\"\(space):\(space)\(value)")
      }
      let space = spaces[rng.nextInt(below: spaces.count)]
      texts.append("{\(space)" + members.joined(separator: ",\(space)") + "\(space)}")
    }
    return texts
  }()

  /// What eager reading gives: the cell, or the error naming `field`.
  static func eager(_ text: String, field: String) -> Result<CellDescription, LayoutError> {
    var s = JSONScanner(Array(text.utf8))
    do throws(LayoutError) {
      return .success(try s.readCell(field: field))
    } catch {
      return .failure(error)
    }
  }

  @Test func flatCellsDecodeAsReadCellDoes() throws {
    var flat = 0
    var certain = 0
    for text in Self.corpus {
      let bytes = Array(text.utf8)
      var fast = JSONScanner(bytes)
      var slow = JSONScanner(bytes)
      let eager = Result { () throws(LayoutError) in try slow.readCell(field: "c") }
      guard let read = fast.readFlatCell() else {
        #expect(fast.position == 0, "a refused cell leaves the position: \(text)")
        continue
      }
      flat += 1
      let cell = try #require(try? eager.get(), "readCell refuses what readFlatCell read: \(text)")
      #expect(read.cell(in: bytes) == cell, "\(text)")
      #expect(fast.position == slow.position)
      if read.isCertainlyValid(in: bytes) {
        certain += 1
        #expect(throws: Never.self, "certainly valid, but not: \(text)") {
          try cell.validate(field: "c")
        }
      }
    }
    // The corpus exercises both paths.
    #expect(flat > 300 && flat < Self.corpus.count)
    #expect(certain > 100)
  }

  @Test func flatObjectsSkipAsSkipValueDoes() {
    var skipped = 0
    for text in Self.corpus {
      let bytes = Array(text.utf8)
      var fast = JSONScanner(bytes)
      var slow = JSONScanner(bytes)
      let accepted = (try? slow.readRawRange()) != nil
      if fast.skipFlatObject() {
        skipped += 1
        #expect(accepted, "skipValue refuses what skipFlatObject skipped: \(text)")
        #expect(fast.position == slow.position)
      } else {
        #expect(fast.position == 0)
      }
    }
    #expect(skipped > 300)
  }

  /// One corpus cell among plain items and a valid cell: the document's outcome under both
  /// sizing policies is the eager one (the same error, or the same cell and size).
  @Test(arguments: [CellSizing.visible, .all])
  func documentsDecodeAsEagerReadingDoes(_ sizing: CellSizing) throws {
    let field = "sections[0].items[1]"
    let width = LayoutConfiguration(variant: .keyValueColumnFlow)
      .proposedCellWidth(boundsWidth: 375)
    var decoded = 0
    for text in Self.corpus.prefix(1500) {
      let document = """
        {"layout": "keyValueColumnFlow", "width": 375, "estimatedItemSize": [139.5, 66],
         "cellSizing": "\(sizing.rawValue)", "sections": [{"items": [
           {"type": "keyValue", "key": "k", "value": "v"}, \(text), [10, 10]]}]}
        """
      let expected: Result<(CellDescription, Size), LayoutError> = Self.eager(text, field: field)
        .flatMap { cell in
          Result { () throws(LayoutError) in
            if sizing == .all {
              return (cell, try cell.fittingSize(proposedWidth: width, field: field))
            }
            try cell.validate(field: field)
            return (cell, Size(width: 139.5, height: 66))
          }
        }
      let actual = Result { () throws(LayoutError) in try LayoutDocument.decode(document) }
      switch (expected, actual) {
      case (.failure(let e), .failure(let a)):
        #expect(e.printable.description == a.description, "\(text)")
      case (.success(let (cell, size)), .success(let doc)):
        decoded += 1
        #expect(doc.cells[0][1] == cell, "\(text)")
        #expect(doc.cells[0][0]?.key == "k" && doc.cells[0][2] == nil)
        #expect(doc.input.sections[0].itemWidths[1] == size.width)
        #expect(doc.input.sections[0].itemHeights[1] == size.height)
        #expect(doc.estimatedItems[0].contains(1) == (sizing == .visible))
      default:
        Issue.record("eager \(expected), lazy \(actual): \(text)")
      }
    }
    #expect(decoded > 100)
  }

  /// The first bad cell is named, whichever path read it, in document order.
  @Test func theFirstBadCellIsNamed() {
    let cells = [
      #"{"type": "keyValue", "key": "a"}"#,
      #"{"type": "keyValue", "value": "no key"}"#,
      #"{"type": "keyValue", "key": ""}"#,
    ]
    let document = """
      {"layout": "keyValueColumnFlow", "width": 375, "estimatedItemSize": [139.5, 66],
       "cellSizing": "visible", "sections": [{"items": [\(cells.joined(separator: ", "))]}]}
      """
    do {
      _ = try LayoutDocument.decode(document)
      Issue.record("a key/value cell without a key was accepted")
    } catch {
      #expect(error.description == "sections[0].items[1].key: a key/value cell needs a key")
    }
  }

  /// A flat collection item cell (read without `readCell`) counts in the rule that spans the
  /// collection, in document order.
  @Test func flatCollectionItemsCountTheirIconActions() {
    let document = """
      {"layout": "horizontalFlow", "width": 375, "estimatedItemSize": [1, 1], "sections": [
        {"items": [{"type": "collectionItem", "title": "A"}]},
        {"items": [{"type": "collectionItem", "title": "B", "iconActions": [{"icon": "share"}]}]}]}
      """
    do {
      _ = try LayoutDocument.decode(document)
      Issue.record("0 and 1 icon actions were accepted")
    } catch {
      #expect(
        error.description
          == "sections[1].items[0].iconActions: 1 icon actions, but sections[0].items[0] has 0: "
          + "the number of icon actions must be consistent across all collection view items")
    }
  }

  @Test func plainPairsReadAsReadSizeDoes() {
    let numbers = [
      "0", "-0", "7", "12", "12.5", "0.05", "-3.25", "120.50", "1e2", "1E-2", "01", "1.", "-",
      "123456789012345", "1234567890123456", "0.12345678901234", "0.1234567890123456", "2.0",
      "99999999999999.9", "\"3\"", "null",
    ]
    let spaces = ["", " ", "\n "]
    for a in numbers {
      for b in numbers.prefix(8) {
        for space in spaces {
          let text = "[\(space)\(a)\(space),\(b)\(space)]"
          let bytes = Array(text.utf8)
          var fast = JSONScanner(bytes)
          var slow = JSONScanner(bytes)
          let eager = Result { () throws(LayoutError) in try RawDocument.readSize(&slow, field: "f") }
          guard let size = fast.readPlainPair() else {
            #expect(fast.position == 0)
            continue
          }
          let expected = try? eager.get()
          #expect(expected?.width.bitPattern == size.width.bitPattern, "\(text)")
          #expect(expected?.height.bitPattern == size.height.bitPattern, "\(text)")
          #expect(fast.position == slow.position)
        }
      }
    }
  }

  /// Runs of plain pairs (`readPlainPairs`) interleaved with every other item form read as
  /// each item alone does, and an error after a run names its item and byte.
  @Test func itemRunsReadAsEachItemAlone() throws {
    var rng = SplitMix64(seed: 5)
    let forms = [
      "[1,2]", "[ 12.5 ,\n7 ]", "[0.05,-0]", "[1e2, 3]", "null", #"{"estimate": [4, 5]}"#,
      #"{"type": "keyValue", "key": "k"}"#, "[123456.789012345, 1]", "[1234567.890123456, 2]",
    ]
    var items: [String] = []
    for _ in 0..<400 { items.append(forms[rng.nextInt(below: forms.count)]) }
    let document = try LayoutDocument.decode(
      #"{"layout": "keyValueColumnFlow", "width": 375, "estimatedItemSize": [139.5, 66], "#
        + #""cellSizing": "visible", "sections": [{"items": ["#
        + items.joined(separator: ", ") + "]}]}")
    let section = document.input.sections[0]
    #expect(section.count == items.count)
    for (i, item) in items.enumerated() where item.hasPrefix("[") {
      var alone = JSONScanner(Array(item.utf8))
      let size = try RawDocument.readSize(&alone, field: "f")
      #expect(section.itemWidths[i].bitPattern == size.width.bitPattern, "\(i): \(item)")
      #expect(section.itemHeights[i].bitPattern == size.height.bitPattern, "\(i): \(item)")
    }
    let prefix =
      #"{"layout": "horizontalFlow", "width": 375, "sections": [{"items": [[1, 2], [3, 4], "#
    let n = prefix.utf8.count
    for (bad, expected) in [
      ("[5, -]]}]}", "document: invalid JSON at byte \(n + 5): a number needs a digit after '-'"),
      ("[5]]}]}", "sections[0].items[2]: expected [width, height] (2 numbers), found 1"),
      ("[5, 01]]}]}", "document: invalid JSON at byte \(n + 5): a number must not have a leading zero"),
    ] {
      do {
        _ = try LayoutDocument.decode(prefix + bad)
        Issue.record("accepted \(bad)")
      } catch {
        #expect(error.description == expected)
      }
    }
  }

  /// Batches move cells kept as text as they move decoded ones; none is decoded to move.
  @Test(arguments: CellCarryingTests.batches.indices)
  func columnsCarryAsArraysDo(_ index: Int) throws {
    var n = 0
    var sections: [String] = []
    let large = index == CellCarryingTests.batches.count - 1
    for count in large ? [60, 2, 30] : [3, 2, 4] {
      var items: [String] = []
      for _ in 0..<count {
        items.append(n % 3 == 2 ? "[\(n + 1), 10]" : #"{"type": "keyValue", "key": "\#(n)"}"#)
        n += 1
      }
      sections.append(#"{"items": [\#(items.joined(separator: ", "))]}"#)
    }
    let document = try LayoutDocument.decode(
      """
      {"layout": "keyValueColumnFlow", "width": 375, "estimatedItemSize": [139.5, 66],
       "cellSizing": "visible", "sections": [\(sections.joined(separator: ", "))]}
      """)
    let batch = CellCarryingTests.batches[index]
    var columns = document.cells
    batch.carry(&columns)
    let arrays = batch.carrying(document.cells.map(Array.init))
    #expect(columns.map { $0.map { $0?.key } } == arrays.map { $0.map { $0?.key } })
  }

  @Test func aColumnWithoutCellsStoresNoEntries() {
    var column = CellColumn(plainItems: 5)
    #expect(column.count == 5 && column.allSatisfy { $0 == nil } && column.cellIndices.isEmpty)
    column.insert(.plain, at: 5)
    column.remove(ascending: [0, 1])
    #expect(column.count == 4 && column.cellIndices.isEmpty)
    column.insert(.value(CellDescription(type: .keyValue, key: "x")), at: 2)
    #expect(column.count == 5 && column.cellIndices == ItemIndexSet(2..<3))
    #expect(column[2]?.key == "x" && column[1] == nil && column[4] == nil)
  }

  /// A session's `open` reads the document where it is in the line: the same document, the
  /// same errors as decoding it alone.
  @Test func aSessionOpensAsDecodingDoes() {
    let good = #"{"layout": "keyValueColumnFlow", "width": 375, "estimatedItemSize": [139.5, 66], "cellSizing": "visible", "sections": [{"items": [{"type": "keyValue", "key": "a", "value": "b c"}, [10, 10]]}]}"#
    let bad = good.replacingOccurrences(of: #""key": "a", "#, with: "")
    var session = LayoutSession<FastFlowLayout>()
    let answer = session.answer(Array(#"{"open": \#(good)}"#.utf8))
    #expect(answer.hasPrefix(#"{"contentSize":"#))
    #expect(session.document?.cells[0][0]?.value == "b c")
    let error = session.answer(Array(#"{"open": \#(bad)}"#.utf8))
    #expect(error == #"{"error":"open.sections[0].items[0].key: a key/value cell needs a key"}"#)
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
