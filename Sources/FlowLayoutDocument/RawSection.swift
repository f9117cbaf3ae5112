import FioriCells
import FlowLayoutModel

/// A section as read: header, footer, `seeAll`, and items given as `[w, h]` or as cells.
struct RawSection {
  /// The section; items given as cells hold 0 × 0 until `sized(proposedWidth:field:)`.
  var section = SectionData(itemWidths: [], itemHeights: [])
  /// The items given as cells, by index, in ascending order.
  var cells: [(index: Int, cell: CellDescription)] = []

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
  static func read(
    _ s: inout JSONScanner, field: String, cells decoder: CellDecoder, allowsAt: Bool,
    at: inout Int?
  ) throws(LayoutError) -> RawSection {
    var raw = RawSection()
    var header = 0.0
    var footer = 0.0
    var showsSeeAll = false
    var widths: [Double] = []
    var heights: [Double] = []
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
        try s.readArray(field: "\(field).items") { (s, i) throws(LayoutError) in
          switch s.peek() {
          case UInt8(ascii: "["):
            let size = try RawDocument.readSize(&s, field: "\(field).items[\(i)]")
            widths.append(size.width)
            heights.append(size.height)
          case UInt8(ascii: "{"):
            let bytes = try s.readRawValue()
            raw.cells.append((i, try decoder.decode(bytes, field: "\(field).items[\(i)]")))
            widths.append(0)
            heights.append(0)
          default:
            throw s.typeError("\(field).items[\(i)]", expected: "[width, height] or a cell object")
          }
        }
      default:
        throw RawDocument.unknownKey(key, field: field, expected: allowsAt ? insertionKeys : keys)
      }
    }
    if allowsAt, at == nil {
      throw .invalidDocument(field: "\(field).at", reason: "missing (required)")
    }
    raw.section = SectionData(
      header: header, footer: footer, itemWidths: widths, itemHeights: heights,
      showsSeeAll: showsSeeAll, metrics: metrics.isEmpty ? nil : metrics)
    return raw
  }

  /// The section with every cell's fitting size for `proposedWidth`.
  ///
  /// - Complexity: O(n) for n items, plus each cell's sizing.
  /// - Throws: what `CellDescription.fittingSize(proposedWidth:field:)` throws, with the field
  ///   `field.items[i]`.
  func sized(proposedWidth: Double, field: String) throws(LayoutError) -> SectionData {
    var result = section
    for (index, cell) in cells {
      let size = try cell.fittingSize(
        proposedWidth: proposedWidth, field: "\(field).items[\(index)]")
      result.itemWidths[index] = size.width
      result.itemHeights[index] = size.height
    }
    return result
  }

  /// Per item: its cell, or `nil`.
  var cellColumn: [CellDescription?] {
    var column = [CellDescription?](repeating: nil, count: section.count)
    for (index, cell) in cells { column[index] = cell }
    return column
  }
}
