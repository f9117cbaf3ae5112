import FioriCells
import FlowLayoutModel

/// One batch update as read; items of inserted sections may be cells, sized later for the width
/// in effect when the batch applies.
struct RawEdit {
  var update = BatchUpdate()
  /// Per `insertSections` entry: the section as read (with its cells).
  var insertedSections: [RawSection] = []

  static let keys = [
    "deleteItems", "insertItems", "moveItems", "resizeItems", "deleteSections", "insertSections",
    "setWidth", "setHeight", "expectedItemCounts", "measureItems",
  ]

  /// Reads one batch object.
  ///
  /// - Throws: `.invalidDocument` naming a mistyped, unknown or missing field, e.g.
  ///   `edits[1].insertItems[0].at`.
  static func read(
    _ s: inout JSONScanner, field: String, cells decoder: CellDecoder
  ) throws(LayoutError) -> RawEdit {
    var raw = RawEdit()
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      let list = "\(field).\(key)"
      switch key {
      case "deleteItems":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          raw.update.deleteItems.append(try RawDocument.readPath(&s, field: "\(list)[\(i)]"))
        }
      case "insertItems":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          let (at, size) = try readPathAndSize(&s, field: "\(list)[\(i)]", pathKey: "at")
          raw.update.insertItems.append(ItemInsertion(at: at, size: size))
        }
      case "resizeItems":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          let (at, size) = try readPathAndSize(&s, field: "\(list)[\(i)]", pathKey: "at")
          raw.update.resizeItems.append(ItemResize(at: at, size: size))
        }
      case "measureItems":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          let (at, size) = try readPathAndSize(&s, field: "\(list)[\(i)]", pathKey: "at")
          raw.update.measureItems.append(ItemResize(at: at, size: size))
        }
      case "moveItems":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          raw.update.moveItems.append(try readMove(&s, field: "\(list)[\(i)]"))
        }
      case "deleteSections":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          raw.update.deleteSections.append(try s.readInt(field: "\(list)[\(i)]"))
        }
      case "insertSections":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          var at: Int?
          let section = try RawSection.read(
            &s, field: "\(list)[\(i)]", cells: decoder, allowsAt: true, at: &at)
          raw.insertedSections.append(section)
          raw.update.insertSections.append(SectionInsertion(at: at!, section: section.section))
        }
      case "setWidth": raw.update.setWidth = try s.readNumber(field: list)
      case "setHeight": raw.update.setHeight = try s.readNumber(field: list)
      case "expectedItemCounts":
        var counts: [Int] = []
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          counts.append(try s.readInt(field: "\(list)[\(i)]"))
        }
        raw.update.expectedItemCounts = counts
      default:
        throw RawDocument.unknownKey(key, field: field, expected: keys)
      }
    }
    return raw
  }

  /// `{at: [s, i], size: [w, h]}`, both required.
  private static func readPathAndSize(
    _ s: inout JSONScanner, field: String, pathKey: String
  ) throws(LayoutError) -> (ItemPath, Size) {
    var path: ItemPath?
    var size: Size?
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case pathKey: path = try RawDocument.readPath(&s, field: "\(field).\(key)")
      case "size": size = try RawDocument.readSize(&s, field: "\(field).size")
      default: throw RawDocument.unknownKey(key, field: field, expected: [pathKey, "size"])
      }
    }
    guard let path else {
      throw .invalidDocument(field: "\(field).\(pathKey)", reason: "missing (required)")
    }
    guard let size else {
      throw .invalidDocument(field: "\(field).size", reason: "missing (required)")
    }
    return (path, size)
  }

  /// `{from: [s, i], to: [s, i]}`, both required.
  private static func readMove(_ s: inout JSONScanner, field: String) throws(LayoutError)
    -> ItemMove
  {
    var from: ItemPath?
    var to: ItemPath?
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "from": from = try RawDocument.readPath(&s, field: "\(field).from")
      case "to": to = try RawDocument.readPath(&s, field: "\(field).to")
      default: throw RawDocument.unknownKey(key, field: field, expected: ["from", "to"])
      }
    }
    guard let from else {
      throw .invalidDocument(field: "\(field).from", reason: "missing (required)")
    }
    guard let to else { throw .invalidDocument(field: "\(field).to", reason: "missing (required)") }
    return ItemMove(from: from, to: to)
  }

  /// The batch with the cells of its inserted sections sized for `proposedWidth` (the width
  /// after the batch), or left estimates (see `RawSection.sized`), and their estimated items.
  ///
  /// - Throws: what a cell's sizing throws, naming `field.insertSections[j].items[i]`.
  func sized(
    proposedWidth: Double, estimatedItemSize: Size, measuresCells: Bool, field: String
  ) throws(LayoutError) -> BatchUpdate {
    var result = update
    for (j, section) in insertedSections.enumerated()
    where !section.cells.isEmpty || !section.estimates.isEmpty {
      let (data, estimated) = try section.sized(
        proposedWidth: proposedWidth, estimatedItemSize: estimatedItemSize,
        measuresCells: measuresCells, field: "\(field).insertSections[\(j)]")
      result.insertSections[j].section = data
      result.insertSections[j].estimatedItems = estimated
    }
    return result
  }
}
