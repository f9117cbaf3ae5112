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
/// Storage: nothing per item while no item is a cell, else one word per item. A cell read from a document stays where it is in the document's
/// text (its byte offset) and becomes a `CellDescription` only when read from the column
/// (`subscript`), each time; cells given as values (a batch's, a test's) are kept as values.
/// A million cells cost 8 MB here plus the text they were read from, instead of the heap
/// objects (fields box, strings) of a million decoded cells.
public struct CellColumn: RandomAccessCollection, Sendable {
  /// Per item: 0 for no cell, `offset + 1` for a cell at byte `offset` of `source`, `-(k + 1)`
  /// for `values[k]`; empty while no item is a cell (`itemCount` plain items).
  private var entries: [Int] = []
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

  /// `count` items of which `offsets` (ascending items) are cells read from `source`.
  init(count: Int, source: CellSource, offsets: [(index: Int, offset: Int)]) {
    itemCount = count
    guard !offsets.isEmpty else { return }
    self.source = source
    entries = [Int](repeating: 0, count: count)
    for (index, offset) in offsets { entries[index] = offset + 1 }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { itemCount }

  /// Item `i`'s stored entry (0 while no item is a cell).
  private func storedEntry(_ i: Int) -> Int {
    precondition(i >= 0 && i < itemCount, "item index out of range")
    return entries.isEmpty ? 0 : entries[i]
  }

  /// Sets item `i`'s stored entry, giving every item one when the first cell arrives.
  private mutating func setEntry(_ entry: Int, at i: Int) {
    if entries.isEmpty {
      if entry == 0 { return }
      entries = [Int](repeating: 0, count: itemCount)
    }
    entries[i] = entry
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
      var indices: [Int] = []
      for i in buffer.indices where buffer[i] != 0 { indices.append(i) }
      return indices.isEmpty ? ItemIndexSet() : ItemIndexSet(ascending: indices)
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
  /// text (or the column has none yet), else a value (decoded from its text).
  private mutating func stored(_ entry: Entry) -> Int {
    switch entry {
    case .plain: return 0
    case .value(let cell):
      values.append(cell)
      return -values.count
    case .text(let text, let offset):
      if source == nil { source = text }
      if source === text { return offset + 1 }
      values.append(text.cell(at: offset))
      return -values.count
    }
  }

  /// Gives item `i` the cell `cell` (kept as a value).
  ///
  /// - Complexity: O(1) amortized.
  mutating func replace(at i: Int, with cell: CellDescription?) {
    setEntry(stored(cell.map { .value($0) } ?? .plain), at: i)
  }

  /// Inserts an item whose cell is `entry` at `i`.
  ///
  /// - Complexity: O(n) for n items (a memory move of one word per item).
  mutating func insert(_ entry: Entry, at i: Int) {
    let value = stored(entry)
    precondition(i >= 0 && i <= itemCount, "item index out of range")
    itemCount += 1
    if entries.isEmpty, value == 0 { return }
    if entries.isEmpty { entries = [Int](repeating: 0, count: itemCount - 1) }
    entries.insert(value, at: i)
  }

  /// Removes the items in `leaving`.
  ///
  /// - Complexity: O(n) for n items (one pass over words, or a memory move per item for ≤ 16).
  mutating func remove(_ leaving: Set<Int>) {
    itemCount -= leaving.count
    if entries.isEmpty { return }
    if leaving.count <= 16 {
      for i in leaving.sorted(by: >) { entries.remove(at: i) }
    } else {
      var kept: [Int] = []
      kept.reserveCapacity(entries.count - leaving.count)
      for (i, entry) in entries.enumerated() where !leaving.contains(i) { kept.append(entry) }
      entries = kept
    }
  }
}
