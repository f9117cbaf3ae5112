import FioriCells
import FlowLayoutModel

/// A section as read: header, footer, `seeAll`, and items given as `[w, h]` or as cells.
struct RawSection {
  /// The section; items given as cells hold 0 × 0 until `sized(proposedWidth:field:)`.
  var section = SectionData(itemWidths: [], itemHeights: [])
  /// Per item: its cell, kept as its byte offset in the text it was read from (complete after
  /// `read`; its `count` is the section's).
  var cellColumn = CellColumn(plainItems: 0)
  /// Whether an item is a cell.
  var hasCells = false
  /// The cells that break one of their own design rules (checked when read), ascending: each
  /// is decoded and validated again when sized, which names its field in document order.
  var invalidCells: [Int] = []
  /// The cells that are collection items, by index, with their number of icon actions (the
  /// rule that spans a collection, `CellDescription.validateIconActionCounts`).
  var collectionItems: [(index: Int, iconActions: Int)] = []
  /// The items given as `{"estimate": [w, h]}` (size already in `section`) or `null` (size
  /// filled in by `sized`), ascending.
  var estimates: [Int] = []
  /// The items given as `null`, ascending (a subset of `estimates`).
  var defaultEstimates: [Int] = []

  static let keys = [
    "header", "footer", "items", "seeAll", "sectionInset", "minimumInteritemSpacing",
    "minimumLineSpacing",
  ]
  static let insertionKeys = ["at"] + keys

  /// Reads `{header, footer, items, seeAll}`; with `allowsAt` also the `at` key
  /// (`insertSections`), which is then required and stored in `at`.
  ///
  /// - Throws: `.invalidDocument` naming a mistyped, unknown or missing field, e.g.
  ///   `sections[0].items[3]`, `sections[1].heder`.
  ///
  /// `expectedItems`: a guess of the section's items (the previous section's count), else one
  /// from the bytes left.
  static func read(
    _ s: inout JSONScanner, field: String, allowsAt: Bool, at: inout Int?,
    expectedItems: Int? = nil
  ) throws(LayoutError) -> RawSection {
    var raw = RawSection()
    var header = 0.0
    var footer = 0.0
    var showsSeeAll = false
    var widths: [Double] = []
    var heights: [Double] = []
    // A guess from the bytes left (an item takes at least 5: `[0,0]`, its comma aside), at most
    // 64 Ki items (512 KiB a column): a large section regrows a few times, and a document of
    // many small sections does not map (and fault in) a column sized for the whole document per
    // section; the columns are trimmed to their items below. After a first section, the
    // previous one's guess: 5 000 sections of 20 items allocated (and trimmed) 10 000 columns
    // of 512 KiB.
    let expected = min((s.end - s.position) / 8, expectedItems ?? (1 << 16), 1 << 16)
    widths.reserveCapacity(expected)
    heights.reserveCapacity(expected)
    var metrics = SectionMetrics()
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "at" where allowsAt: at = try s.readInt(field: "\(field).at")
      case "sectionInset":
        var v: [Double] = []
        try s.readTuple(field: "\(field).sectionInset", names: RawDocument.insetNames) {
          v.append($0)
        }
        metrics.sectionInset = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
      case "minimumInteritemSpacing":
        metrics.minimumInteritemSpacing = try s.readNumber(field: "\(field).\(key)")
      case "minimumLineSpacing":
        metrics.minimumLineSpacing = try s.readNumber(field: "\(field).\(key)")
      case "header": header = try s.readNumber(field: "\(field).header")
      case "footer": footer = try s.readNumber(field: "\(field).footer")
      case "seeAll": showsSeeAll = try s.readBool(field: "\(field).seeAll")
      case "items":
        try s.readArray(field: "\(field).items") { (s, _) throws(LayoutError) in
          // The item's index: a run of plain pairs is read at once (`readPlainPairs`).
          let i = widths.count
          if s.peek() == UInt8(ascii: "["), s.readPlainPairs(widths: &widths, heights: &heights) > 0 {
            return
          }
          switch s.peek() {
          case UInt8(ascii: "["):
            var size = Size.zero
            if let pair = s.readPlainPair() {
              size = pair
            } else {
              size = try RawDocument.readSize(&s, field: "\(field).items[\(i)]")
            }
            widths.append(size.width)
            heights.append(size.height)
          case UInt8(ascii: "{") where Self.startsEstimate(s):
            var size: Size
            if let plain = s.readPlainEstimate() {
              size = plain
            } else {
              size = try Self.readEstimate(&s, field: "\(field).items[\(i)]")
            }
            raw.estimates.append(i)
            widths.append(size.width)
            heights.append(size.height)
          case UInt8(ascii: "n"):
            // A run of `null` items read at once (`readNulls`).
            let run = s.readNulls()
            if run > 1 {
              raw.estimates.append(contentsOf: i..<(i + run))
              raw.defaultEstimates.append(contentsOf: i..<(i + run))
              widths.append(contentsOf: repeatElement(0, count: run))
              heights.append(contentsOf: repeatElement(0, count: run))
              return
            }
            if run == 0 { try s.readNull(field: "\(field).items[\(i)]") }
            raw.estimates.append(i)
            raw.defaultEstimates.append(i)
            widths.append(0)
            heights.append(0)
          case UInt8(ascii: "{"):
            // Checked, not decoded: the cell stays text until it is measured.
            let offset = s.position
            var isValid = false
            var cell: CellDescription?
            if let flat = s.readFlatCell() {
              isValid = flat.isCertainlyValid(in: s.bytes)
              if !isValid { cell = flat.cell(in: s.bytes) }
            } else {
              cell = try s.readCell(field: "\(field).items[\(i)]")
            }
            if let cell {
              // Decoded anyway: its own rules now, the error (if any) when sized.
              isValid = (try? cell.validate(field: "")) != nil
              if cell.cellType == .collectionItem {
                raw.collectionItems.append((i, cell.iconActions?.count ?? 0))
              }
            }
            raw.cellColumn.appendPlainItems(upTo: i)
            raw.cellColumn.appendCell(textAt: offset, in: s.keptCellSource())
            raw.hasCells = true
            if !isValid { raw.invalidCells.append(i) }
            widths.append(0)
            heights.append(0)
          default:
            throw s.typeError(
              "\(field).items[\(i)]",
              expected: "[width, height], {\"estimate\": [width, height]}, null or a cell object")
          }
        }
      default:
        throw RawDocument.unknownKey(key, field: field, expected: allowsAt ? insertionKeys : keys)
      }
    }
    if allowsAt, at == nil {
      throw .invalidDocument(field: "\(field).at", reason: "missing (required)")
    }
    raw.cellColumn.appendPlainItems(upTo: widths.count)
    raw.section = SectionData(
      header: header, footer: footer, itemWidths: trimmed(widths), itemHeights: trimmed(heights),
      showsSeeAll: showsSeeAll, metrics: metrics.isEmpty ? nil : metrics)
    return raw
  }

  /// The section with every cell's fitting size for `proposedWidth` (`measuresCells`), or
  /// every cell validated and left an estimate of `estimatedItemSize` (`"cellSizing":
  /// "visible"`); `null` items take `estimatedItemSize`. Also the estimated items.
  ///
  /// - Complexity: O(n) for n items, plus each cell's sizing or validation.
  /// - Throws: what `CellDescription.fittingSize(proposedWidth:field:)` throws, with the field
  ///   `field.items[i]`; `.invalidDocument` naming a `null` item when `estimatedItemSize` is 0 × 0.
  func sized(
    proposedWidth: Double, estimatedItemSize: Size, measuresCells: Bool = true,
    field: @autoclosure () -> String
  ) throws(LayoutError) -> (section: SectionData, estimated: ItemIndexSet) {
    var result = section
    var estimated = ItemIndexSet(ascending: estimates)  // appended in item order
    if let first = defaultEstimates.first, estimatedItemSize.isZero {
      throw .invalidDocument(
        field: "\(field()).items[\(first)]",
        reason: "null (an estimated item) needs a non-zero estimatedItemSize")
    }
    for index in defaultEstimates {
      result.itemWidths[index] = estimatedItemSize.width
      result.itemHeights[index] = estimatedItemSize.height
    }
    guard hasCells else { return (result, estimated) }
    if measuresCells {
      for index in cellColumn.indices where cellColumn.isCell(index) {
        let size = try cellColumn[index]!.fittingSize(
          proposedWidth: proposedWidth, field: "\(field()).items[\(index)]")
        result.itemWidths[index] = size.width
        result.itemHeights[index] = size.height
      }
      return (result, estimated)
    }
    for index in invalidCells {
      try cellColumn[index]!.validate(field: "\(field()).items[\(index)]")
    }
    for index in cellColumn.indices where cellColumn.isCell(index) {
      result.itemWidths[index] = estimatedItemSize.width
      result.itemHeights[index] = estimatedItemSize.height
    }
    estimated.formUnion(cellColumn.cellIndices)
    return (result, estimated)
  }

  /// Whether the object at the scanner's position starts with the key `"estimate"`.
  static func startsEstimate(_ s: JSONScanner) -> Bool {
    // A key without escapes is its bytes up to the next quote: compared in place, without a
    // string or a copy of the scanner.
    let plain = s.bytes.withUnsafeBufferPointer { b -> Bool? in
      var i = s.position + 1
      while i < s.end, JSONScanner.isSpace(b[i]) { i += 1 }
      guard i < s.end, b[i] == UInt8(ascii: "\"") else { return false }
      let start = i + 1
      var end = start
      while end < s.end, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\") { end += 1 }
      guard end < s.end, b[end] == UInt8(ascii: "\"") else { return nil }
      return FlatCell.equals(s.bytes, start..<end, "estimate")
    }
    if let plain { return plain }
    var t = s
    t.position += 1
    _ = t.peek()
    return (try? t.readString(field: "")) == "estimate"
  }

  /// `{"estimate": [w, h]}`: an unmeasured item with its own estimate.
  static func readEstimate(_ s: inout JSONScanner, field: String) throws(LayoutError) -> Size {
    var size = Size.zero
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      guard key == "estimate" else {
        throw RawDocument.unknownKey(key, field: field, expected: ["estimate"])
      }
      size = try RawDocument.readSize(&s, field: "\(field).estimate")
    }
    return size
  }

  /// The icon action counts of the collection item cells, with their fields
  /// (`field.items[i]`), in order.
  ///
  /// - Complexity: O(k) for k collection item cells.
  func iconActionCounts(field: String) -> [(field: String, count: Int)] {
    collectionItems.map { ("\(field).items[\($0.index)]", $0.iconActions) }
  }
}

/// `column` with its capacity cut to its count when the guess left more than half unused (a copy,
/// O(count)); else `column`. A section keeps no reserve it will not use, and a long section's
/// columns, grown once to the bytes left (~1.1–1.4× its items), are not copied.
private func trimmed(_ column: [Double]) -> [Double] {
  guard column.capacity > 2 * column.count + 16 else { return column }
  // Not through `unsafeUninitializedCapacity` for no items: that writes the shared empty
  // array's header, a data race under ThreadSanitizer when documents are read on two threads.
  guard !column.isEmpty else { return [] }
  return Array(unsafeUninitializedCapacity: column.count) { buffer, initialized in
    initialized = buffer.initialize(fromContentsOf: column)
  }
}
