import FioriCells
import FlowLayoutModel

/// The JSON text a document's cells were read from, kept so that a cell is decoded only when it
/// is asked for (measured, rendered). Immutable once made.
public final class CellSource: Sendable {
  /// The text (a whole document or request), as read.
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The cell object starting at byte `offset` of the text, which was read and checked there
  /// (`JSONScanner.readCell` accepted it) when the text was read.
  ///
  /// - Complexity: O(b) for the b bytes of the cell.
  func cell(at offset: Int) -> CellDescription {
    var s = JSONScanner(bytes)
    s.position = offset
    if let flat = s.readFlatCell() { return flat.cell(in: bytes) }
    do {
      return try s.readCell(field: "cell")
    } catch {
      preconditionFailure("a cell accepted when its text was read fails to decode: \(error)")
    }
  }
}

/// One section's cells: per item, the item's cell or `nil` (a plain item), as a collection of
/// `CellDescription?`.
///
/// Storage: nothing per item while no item is a cell, else 4 bytes per item. A cell read from
/// a document stays where it is in the document's text (its byte offset) and becomes a
/// `CellDescription` only when read from the column (`subscript`), each time; cells given as
/// values (a batch's, a test's, or one beyond the text's first 2 GiB) are kept as values. A
/// million cells cost 4 MB here plus the text they were read from, instead of the heap objects
/// (fields box, strings) of a million decoded cells.
public struct CellColumn: RandomAccessCollection, Sendable {
  /// Per item: 0 for no cell, `offset + 1` for a cell at byte `offset` of `source`, `-(k + 1)`
  /// for `values[k]`; empty while no item is a cell (`itemCount` plain items).
  private var entries: [Int32] = []
  /// The number of items.
  private var itemCount: Int
  /// Cells given as values.
  private var values: [CellDescription] = []
  /// The text the offsets point into; `nil` when the column holds no offset.
  private var source: CellSource?

  /// Where one item's cell is: what moves when the item moves.
  enum Entry {
    /// A plain item.
    case plain
    case text(CellSource, offset: Int)
    case value(CellDescription)
  }

  /// `count` plain items.
  public init(plainItems count: Int) {
    itemCount = count
  }

  /// The cells of `column`, kept as values.
  public init(_ column: [CellDescription?]) {
    itemCount = column.count
    for (i, cell) in column.enumerated() {
      guard let cell else { continue }
      values.append(cell)
      setEntry(-values.count, at: i)
    }
  }

  /// Appends plain items until the column holds `count` items.
  ///
  /// - Complexity: O(1) while no item is a cell, else O(k) for the k items appended.
  mutating func appendPlainItems(upTo count: Int) {
    guard count > itemCount else { return }
    if !entries.isEmpty { entries.append(contentsOf: repeatElement(0, count: count - itemCount)) }
    itemCount = count
  }

  /// Appends an item whose cell is the one at byte `offset` of `text`.
  ///
  /// - Complexity: amortized O(1), O(n) for n items when it is the first cell.
  mutating func appendCell(textAt offset: Int, in text: CellSource) {
    let entry = Int32(stored(.text(text, offset: offset)))
    if entries.isEmpty { entries = [Int32](repeating: 0, count: itemCount) }
    entries.append(entry)
    itemCount += 1
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { itemCount }

  /// Item `i`'s stored entry (0 while no item is a cell).
  private func storedEntry(_ i: Int) -> Int {
    precondition(i >= 0 && i < itemCount, "item index out of range")
    return entries.isEmpty ? 0 : Int(entries[i])
  }

  /// Sets item `i`'s stored entry, giving every item one when the first cell arrives.
  private mutating func setEntry(_ entry: Int, at i: Int) {
    if entries.isEmpty {
      if entry == 0 { return }
      entries = [Int32](repeating: 0, count: itemCount)
    }
    entries[i] = Int32(entry)
  }

  /// The cell of item `i`, decoded from the document's text when it was read from one.
  ///
  /// - Complexity: O(1), plus O(b) for a cell of b bytes kept as text.
  public subscript(i: Int) -> CellDescription? {
    let entry = storedEntry(i)
    if entry == 0 { return nil }
    if entry < 0 { return values[-entry - 1] }
    return source!.cell(at: entry - 1)
  }

  /// Whether item `i` is a cell, without decoding it. O(1).
  public func isCell(_ i: Int) -> Bool { storedEntry(i) != 0 }

  /// The items that are cells.
  ///
  /// - Complexity: O(n) for n items (no cell is decoded).
  public var cellIndices: ItemIndexSet {
    entries.withUnsafeBufferPointer { buffer in
      var ranges: [Range<Int>] = []
      var i = 0
      while i < buffer.count {
        guard buffer[i] != 0 else {
          i += 1
          continue
        }
        let start = i
        while i < buffer.count, buffer[i] != 0 { i += 1 }
        ranges.append(start..<i)
      }
      return ItemIndexSet(ascendingRanges: ranges)
    }
  }

  /// Item `i`'s cell, where it is stored.
  func entry(at i: Int) -> Entry {
    let entry = storedEntry(i)
    if entry == 0 { return .plain }
    if entry < 0 { return .value(values[-entry - 1]) }
    return .text(source!, offset: entry - 1)
  }

  /// The stored form of `entry` in this column: an offset when it points into this column's
  /// text (or the column has none yet) within its first 2 GiB, else a value (decoded from its
  /// text).
  private mutating func stored(_ entry: Entry) -> Int {
    switch entry {
    case .plain: return 0
    case .value(let cell):
      return storedValue(cell)
    case .text(let text, let offset):
      if source == nil { source = text }
      if source === text, offset < Int(Int32.max) { return offset + 1 }
      return storedValue(text.cell(at: offset))
    }
  }

  private mutating func storedValue(_ cell: CellDescription) -> Int {
    precondition(values.count < Int(Int32.max), "too many cells in a section")
    values.append(cell)
    return -values.count
  }

  /// Gives item `i` the cell `cell` (kept as a value).
  ///
  /// - Complexity: O(1) amortized.
  mutating func replace(at i: Int, with cell: CellDescription?) {
    setEntry(stored(cell.map { .value($0) } ?? .plain), at: i)
  }

  /// Inserts an item whose cell is `entry` at `i`.
  ///
  /// - Complexity: O(n) for n items (a memory move of 4 bytes per item).
  mutating func insert(_ entry: Entry, at i: Int) {
    let value = stored(entry)
    precondition(i >= 0 && i <= itemCount, "item index out of range")
    itemCount += 1
    if entries.isEmpty, value == 0 { return }
    if entries.isEmpty { entries = [Int32](repeating: 0, count: itemCount - 1) }
    entries.insert(Int32(value), at: i)
  }

  /// Inserts items whose cells are `sorted`'s entries, each at its index in the column after the
  /// insertions before it (ascending indices; one past the end appends), as inserting them one by
  /// one in that order does.
  ///
  /// - Complexity: O(k) for k ≤ 16 insertions plus a memory move each; else O(n + k) for n items.
  mutating func insert(contentsOf sorted: [(index: Int, entry: Entry)]) {
    guard sorted.count > 16 else {
      for (i, entry) in sorted { insert(entry, at: Swift.min(i, itemCount)) }
      return
    }
    let values = sorted.map { Int32(stored($0.entry)) }
    let oldCount = itemCount
    itemCount += sorted.count
    if entries.isEmpty, !values.contains(where: { $0 != 0 }) { return }
    let old = entries.isEmpty ? [Int32](repeating: 0, count: oldCount) : entries
    var result: [Int32] = []
    result.reserveCapacity(itemCount)
    var next = 0
    for (k, insertion) in sorted.enumerated() {
      let take = Swift.min(Swift.max(insertion.index - result.count, 0), old.count - next)
      result.append(contentsOf: old[next..<(next + take)])
      next += take
      result.append(values[k])
    }
    result.append(contentsOf: old[next...])
    entries = result
  }

  /// Whether some item is a cell. O(1).
  var holdsCells: Bool { !entries.isEmpty }

  /// Adds `delta` plain items (removes `−delta`) to a column without cells, wherever they go
  /// (all items are alike).
  ///
  /// - Precondition: `!holdsCells`, and `count + delta ≥ 0`.
  /// - Complexity: O(1).
  mutating func addPlainItems(_ delta: Int) {
    precondition(entries.isEmpty && itemCount + delta >= 0, "not a plain column")
    itemCount += delta
  }

  /// Removes the items at `leaving` (ascending, distinct, each an index before the removal).
  ///
  /// - Complexity: O(1) while no item is a cell; else a memory move per item for ≤ 16, or one
  ///   O(n) pass for n items.
  mutating func remove<Indices: RandomAccessCollection<Int>>(ascending leaving: Indices) {
    itemCount -= leaving.count
    if entries.isEmpty || leaving.isEmpty { return }
    if leaving.count <= 16 {
      for i in leaving.reversed() { entries.remove(at: i) }
      return
    }
    entries.withUnsafeMutableBufferPointer { buffer in
      // Compacts in place: each kept run moves down over the removed items before it.
      var write = leaving.first!
      var k = leaving.startIndex
      while k < leaving.endIndex {
        let start = leaving[k] + 1
        k = leaving.index(after: k)
        let end = k < leaving.endIndex ? leaving[k] : buffer.count
        for i in start..<end {
          buffer[write] = buffer[i]
          write += 1
        }
      }
    }
    entries.removeLast(leaving.count)
  }
}
