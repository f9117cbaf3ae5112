import FioriCells
import FlowLayoutModel

/// One batch update as read; items of inserted sections may be cells, sized later for the width
/// in effect when the batch applies.
struct RawEdit {
  var update = BatchUpdate()
  /// Per `insertSections` entry: the section as read (with its cells).
  var insertedSections: [RawSection] = []
  /// `insertItems` entries given as a cell, by entry index.
  var insertedCells: [(index: Int, cell: CellDescription)] = []
  /// `resizeItems` entries given as a cell, by entry index.
  var resizedCells: [(index: Int, cell: CellDescription)] = []
  /// The `deleteItemsPacked` entries as read, until `expandPackedDeletions` lists their paths.
  var packedDeletionEntries: [(section: Int, items: PackedItemEdits.Items)] = []
  /// Per `deleteItemsPacked` entry: its paths' positions in `update.deleteItems` (after the
  /// plain `deleteItems` entries), once `expandPackedDeletions` has listed them.
  var packedDeletions: [Range<Int>] = []
  /// Per `insertItemsPacked` entry: its insertions' positions in `update.insertItems` (after
  /// the plain `insertItems` entries).
  var packedInsertions: [Range<Int>] = []

  static let keys = [
    "deleteItems", "insertItems", "moveItems", "resizeItems", "deleteSections", "insertSections",
    "setWidth", "setHeight", "expectedItemCounts", "measureItems", "moveSections",
    "setWidthClass", "deleteItemsPacked", "insertItemsPacked",
  ]

  /// Reads a text that is one batch object and nothing after it.
  ///
  /// - Complexity: O(b) for b bytes.
  /// - Throws: what `read(_:field:)` throws; a syntax error for anything after the object.
  static func read(json bytes: [UInt8], field: String) throws(LayoutError) -> RawEdit {
    var scanner = JSONScanner(bytes)
    let raw = try read(&scanner, field: field)
    try scanner.expectEnd()
    return raw
  }

  /// Reads one batch object.
  ///
  /// - Throws: `.invalidDocument` naming a mistyped, unknown or missing field, e.g.
  ///   `edits[1].insertItems[0].at`.
  static func read(
    _ s: inout JSONScanner, field: String
  ) throws(LayoutError) -> RawEdit {
    var raw = RawEdit()
    // Packed entries are kept apart while reading and appended after the plain ones, so that
    // a plain entry's index in the batch is its index in its key's array.
    var packedInsertions: [ItemInsertion] = []
    // The packed entry read without a list (`PackedInsertions`), while it is the only one.
    var onePacked: PackedInsertions?
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      let list = "\(field).\(key)"
      switch key {
      case "deleteItemsPacked":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          raw.packedDeletionEntries.append(
            try PackedItemEdits.readDeletion(&s, field: "\(list)[\(i)]"))
        }
      case "insertItemsPacked":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          let field = "\(list)[\(i)]"
          // The first entry of a batch's only `insertItemsPacked` is kept packed; any other
          // entry makes it a list.
          if let packed = onePacked {
            onePacked = nil
            packedInsertions = packed.materialized()
          }
          if raw.packedInsertions.isEmpty,
            let packed = PackedItemEdits.readPackedInsertion(&s, field: field)
          {
            onePacked = packed
            raw.packedInsertions.append(0..<packed.count)
            return
          }
          let start = packedInsertions.count
          try PackedItemEdits.readInsertion(&s, field: field, into: &packedInsertions)
          raw.packedInsertions.append(start..<packedInsertions.count)
        }
      case "deleteItems":
        if s.readPlainPathList(into: &raw.update.deleteItems) { return }
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          if let path = s.readPlainPath() { return raw.update.deleteItems.append(path) }
          raw.update.deleteItems.append(try RawDocument.readPath(&s, field: "\(list)[\(i)]"))
        }
      case "insertItems":
        let plain = s.readPlainSizedPathList(pathKey: "at", into: &raw.update.insertItems) {
          ItemInsertion(at: $0, size: $1)
        }
        if plain { return }
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          if let (at, size) = s.readPlainSizedPath(pathKey: "at") {
            return raw.update.insertItems.append(ItemInsertion(at: at, size: size))
          }
          let (at, size, cell) = try readPathAndSize(
            &s, field: "\(list)[\(i)]", pathKey: "at", allowsCells: true)
          raw.update.insertItems.append(ItemInsertion(at: at, size: size))
          if let cell { raw.insertedCells.append((i, cell)) }
        }
      case "resizeItems":
        let plain = s.readPlainSizedPathList(pathKey: "at", into: &raw.update.resizeItems) {
          ItemResize(at: $0, size: $1)
        }
        if plain { return }
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          if let (at, size) = s.readPlainSizedPath(pathKey: "at") {
            return raw.update.resizeItems.append(ItemResize(at: at, size: size))
          }
          let (at, size, cell) = try readPathAndSize(
            &s, field: "\(list)[\(i)]", pathKey: "at", allowsCells: true)
          raw.update.resizeItems.append(ItemResize(at: at, size: size))
          if let cell { raw.resizedCells.append((i, cell)) }
        }
      case "measureItems":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          if let (at, size) = s.readPlainSizedPath(pathKey: "at") {
            return raw.update.measureItems.append(ItemResize(at: at, size: size))
          }
          let (at, size, _) = try readPathAndSize(
            &s, field: "\(list)[\(i)]", pathKey: "at", allowsCells: false)
          raw.update.measureItems.append(ItemResize(at: at, size: size))
        }
      case "moveSections":
        try s.readArray(field: list) { (s, i) throws(LayoutError) in
          raw.update.moveSections.append(try readSectionMove(&s, field: "\(list)[\(i)]"))
        }
      case "setWidthClass": raw.update.setWidthClass = try RawDocument.readEnum(&s, field: list)
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
            &s, field: "\(list)[\(i)]", allowsAt: true, at: &at)
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
    if let packed = onePacked {
      if raw.update.insertItemCount == 0 {
        // Ranges of the packed entry: its items are the batch's only insertions.
        raw.update.packedInsertions = packed
        return raw
      }
      packedInsertions = packed.materialized()
    }
    if !packedInsertions.isEmpty {
      Self.appendPacked(
        packedInsertions, to: &raw.update.insertItems, ranges: &raw.packedInsertions)
    }
    return raw
  }

  /// Lists the paths of the `deleteItemsPacked` entries in `update.deleteItems`, after the plain
  /// entries, given the item count of each section before the batch (`nil`: no such section):
  /// an entry names its items up to the first that does not exist, so that a packed batch is
  /// the plain one when valid and fails on the same first path when not, and no range lists
  /// more than its section holds. Once per batch, before `sized`.
  ///
  /// - Complexity: O(b + k) for b mask bytes and k paths listed.
  ///
  /// A batch's only `deleteItemsPacked` entry, naming its items by a mask, beside no plain
  /// `deleteItems`, is kept packed instead (`BatchUpdate.packedDeletions`: no list; a reader
  /// that needs the list builds it, and the validation's per-path walk, which names an error,
  /// is one), its paths' positions noted as the list's.
  mutating func expandPackedDeletions(itemCount: (Int) -> Int?) {
    guard !packedDeletionEntries.isEmpty else { return }
    if packedDeletionEntries.count == 1, update.deleteItemCount == 0,
      case .mask(let mask) = packedDeletionEntries[0].items
    {
      let packed = mask.withUnsafeBufferPointer {
        PackedDeletions(section: packedDeletionEntries[0].section, mask: $0)
      }
      packedDeletionEntries = []
      packedDeletions = [0..<packed.count]
      update.packedDeletions = packed
      return
    }
    var packed: [ItemPath] = []
    for (section, items) in packedDeletionEntries {
      let start = packed.count
      PackedItemEdits.appendDeletion(
        section: section, items: items, count: itemCount(section) ?? 0, to: &packed)
      packedDeletions.append(start..<packed.count)
    }
    packedDeletionEntries = []
    Self.appendPacked(packed, to: &update.deleteItems, ranges: &packedDeletions)
  }

  /// Appends the items `packed` entries decoded to the plain `list`, and shifts the entries'
  /// item ranges (`ranges`, indices into `packed`) to where they now stand in `list`.
  ///
  /// - Complexity: O(k + e) for k items and e entries (no copy when `list` is empty).
  static func appendPacked<Item>(
    _ packed: [Item], to list: inout [Item], ranges: inout [Range<Int>]
  ) {
    let base = list.count
    ranges = ranges.map { ($0.lowerBound + base)..<($0.upperBound + base) }
    if list.isEmpty { list = packed } else { list.append(contentsOf: packed) }
  }

  /// `error` with a field that names a path or size of a packed entry (`deleteItems[k]`,
  /// `insertItems[k].at` or `.size` under `prefix`, k past the plain entries) renamed to that
  /// entry's own field: `deleteItemsPacked[j].items[i]`, `insertItemsPacked[j].items[i]` or
  /// `insertItemsPacked[j].sizes[i]` for its i-th item; any other error as it is.
  ///
  /// - Complexity: O(log p + f) for p packed entries and a field of f bytes.
  func namingPackedEntries(_ error: LayoutError, prefix: String) -> LayoutError {
    guard !packedDeletions.isEmpty || !packedInsertions.isEmpty else { return error }
    return error.mappingField { field in
      func rename(_ key: String, _ spans: [Range<Int>], _ packedKey: String) -> String? {
        let head = "\(prefix)\(key)["
        guard !spans.isEmpty, field.hasPrefix(head) else { return nil }
        let rest = field.dropFirst(head.count)
        guard let close = rest.firstIndex(of: "]"), let k = Int(rest[..<close]),
          let j = spans.firstIndex(where: { $0.contains(k) })
        else { return nil }
        let tail = rest[rest.index(after: close)...]
        let i = k - spans[j].lowerBound
        let entry = "\(prefix)\(packedKey)[\(j)]"
        if tail.hasPrefix(".size") { return "\(entry).sizes[\(i)]\(tail.dropFirst(5))" }
        if tail.hasPrefix(".at") { return "\(entry).items[\(i)]\(tail.dropFirst(3))" }
        return "\(entry).items[\(i)]\(tail)"
      }
      return rename("deleteItems", packedDeletions, "deleteItemsPacked")
        ?? rename("insertItems", packedInsertions, "insertItemsPacked") ?? field
    }
  }

  /// `{at: [s, i], size: [w, h]}` or, when `allowsCells`, `{at: [s, i], cell: {…}}`: `at` and
  /// exactly one of `size` and `cell` required. A cell's size is 0 × 0 until `sized`.
  static func readPathAndSize(
    _ s: inout JSONScanner, field: String, pathKey: String, allowsCells: Bool
  ) throws(LayoutError) -> (ItemPath, Size, CellDescription?) {
    var path: ItemPath?
    var size: Size?
    var cell: CellDescription?
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case pathKey: path = try RawDocument.readPath(&s, field: "\(field).\(key)")
      case "size": size = try RawDocument.readSize(&s, field: "\(field).size")
      case "cell" where allowsCells:
        guard s.peek() == UInt8(ascii: "{") else {
          throw s.typeError("\(field).cell", expected: "a cell object")
        }
        cell = try s.readCell(field: "\(field).cell")
      default:
        let keys = allowsCells ? [pathKey, "size", "cell"] : [pathKey, "size"]
        throw RawDocument.unknownKey(key, field: field, expected: keys)
      }
    }
    guard let path else {
      throw .invalidDocument(field: "\(field).\(pathKey)", reason: "missing (required)")
    }
    if size != nil, cell != nil {
      throw .invalidDocument(field: "\(field).cell", reason: "give either size or cell, not both")
    }
    guard size != nil || cell != nil else {
      throw .invalidDocument(field: "\(field).size", reason: "missing (required: size or cell)")
    }
    return (path, size ?? .zero, cell)
  }

  /// `{from: s, to: t}`, both required.
  private static func readSectionMove(_ s: inout JSONScanner, field: String) throws(LayoutError)
    -> SectionMove
  {
    var from: Int?
    var to: Int?
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "from": from = try s.readInt(field: "\(field).from")
      case "to": to = try s.readInt(field: "\(field).to")
      default: throw RawDocument.unknownKey(key, field: field, expected: ["from", "to"])
      }
    }
    guard let from else {
      throw .invalidDocument(field: "\(field).from", reason: "missing (required)")
    }
    guard let to else { throw .invalidDocument(field: "\(field).to", reason: "missing (required)") }
    return SectionMove(from: from, to: to)
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

  /// The batch with the cells of its inserted sections sized for their own column width (or
  /// left estimates, see `RawSection.sized`) with their estimated items, and the cells of its
  /// inserted and resized items sized for the layout's, all under `configuration` in
  /// `boundsWidth` (the width after the batch).
  ///
  /// - Throws: what a cell's sizing throws, naming `field.insertSections[j].items[i]`,
  ///   `field.insertItems[k].cell` or `field.resizeItems[k].cell`.
  func sized(
    configuration: LayoutConfiguration, boundsWidth: Double, estimatedItemSize: Size,
    measuresCells: Bool, field: String
  ) throws(LayoutError) -> BatchUpdate {
    var result = update
    for (j, section) in insertedSections.enumerated()
    where section.hasCells || !section.estimates.isEmpty {
      let sectionWidth = configuration.applying(section.section.metrics)
        .proposedCellWidth(boundsWidth: boundsWidth)
      let (data, estimated) = try section.sized(
        proposedWidth: sectionWidth, estimatedItemSize: estimatedItemSize,
        measuresCells: measuresCells, field: "\(field).insertSections[\(j)]")
      result.insertSections[j].section = data
      result.insertSections[j].estimatedItems = estimated
    }
    let proposedWidth = configuration.proposedCellWidth(boundsWidth: boundsWidth)
    for (k, cell) in insertedCells {
      result.insertItems[k].size = try cell.fittingSize(
        proposedWidth: proposedWidth, field: "\(field).insertItems[\(k)].cell")
    }
    for (k, cell) in resizedCells {
      result.resizeItems[k].size = try cell.fittingSize(
        proposedWidth: proposedWidth, field: "\(field).resizeItems[\(k)].cell")
    }
    return result
  }

  /// The cells this batch brings, by after-space path (insertions) and before-space path
  /// (resizes).
  var cells: EditCells {
    var result = EditCells()
    for (k, cell) in insertedCells { result.inserted[update.insertItems[k].at] = cell }
    for (k, cell) in resizedCells { result.resized[update.resizeItems[k].at] = cell }
    return result
  }
}

extension JSONScanner {
  /// `[section, item]` of two plain integers (an optional `-` and 1 to 15 digits, no leading
  /// zero), whitespace allowed: what `RawDocument.readPath` reads, read without its closures and
  /// field names; else `nil` with the position unchanged (the exact reader then reads it, or
  /// names the error).
  ///
  /// - Complexity: O(b) for its b bytes; no allocation.
  mutating func readPlainPath() -> ItemPath? {
    guard depth < Self.maximumDepth else { return nil }
    return readPlain { b, i, limit in
      guard Self.skipSpaces(b, &i, limit) else { return nil }
      return Self.plainPath(b, &i, limit)
    }
  }

  /// `{"PATHKEY": [section, item], "size": [width, height]}` (those two keys, in that order,
  /// plain numbers): one `insertItems`, `resizeItems` or `measureItems` entry of the common
  /// form, read without closures or field names; else `nil` with the position unchanged.
  ///
  /// - Complexity: O(b) for its b bytes; no allocation.
  mutating func readPlainSizedPath(pathKey: StaticString) -> (ItemPath, Size)? {
    guard depth + 1 < Self.maximumDepth else { return nil }
    let key = UnsafeBufferPointer(start: pathKey.utf8Start, count: pathKey.utf8CodeUnitCount)
    return readPlain { b, i, limit in Self.plainSizedPath(key, b, &i, limit) }
  }

  /// What `read` reads from the position over the text's bytes (moving the index it is given
  /// past it), the position then after it; else `nil` with the position unchanged.
  private mutating func readPlain<Value>(
    _ read: (UnsafeBufferPointer<UInt8>, inout Int, Int) -> Value?
  ) -> Value? {
    var i = position
    let limit = end
    guard let value = bytes.withUnsafeBufferPointer({ read($0, &i, limit) }) else { return nil }
    position = i
    return value
  }
}
