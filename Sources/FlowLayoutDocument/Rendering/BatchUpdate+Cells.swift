import FioriCells
import FlowLayoutModel

extension BatchUpdate {
  /// The document's per-item cell descriptions after this batch, moved exactly as the items are
  /// (`BatchUpdate.applied(to:…)`'s order: deletions and move sources leave in before-space,
  /// sections are deleted, then inserted, then insertions and move destinations enter in
  /// ascending after-space order; moved sections go to their destinations). Inserted items
  /// carry the cell their entry gave (`editCells`), else none (`nil`); inserted sections the
  /// cells of `insertedSections` (per `insertSections` entry; none when missing or empty); a
  /// resized item takes the cell its entry gave, else keeps its own.
  ///
  /// Precondition: the batch is valid for `cells`' counts (a decoded `LayoutDocument`'s edits are).
  ///
  /// - Complexity: O(n + e log e) for n items and e edits.
  public func carrying(
    _ cells: [[CellDescription?]], insertedSections: [[CellDescription?]] = [],
    editCells: EditCells = EditCells()
  ) -> [[CellDescription?]] {
    var result = cells.map(CellColumn.init)
    carry(
      &result, insertedSections: insertedSections.map(CellColumn.init), editCells: editCells)
    return result.map(Array.init)
  }

  /// `carrying(_:insertedSections:)` over columns, in place: a section with a few removals
  /// (≤ 16) removes them one by one (a memory move per removal, no copy when `cells` is
  /// uniquely referenced). No cell kept as text is decoded, unless it moves between texts.
  ///
  /// - Complexity: O(m + e log e) for the m items of edited sections.
  public func carry(
    _ cells: inout [CellColumn], insertedSections: [CellColumn] = [],
    editCells: EditCells = EditCells()
  ) {
    var old = cells
    cells = []
    for (path, cell) in editCells.resized where old.indices.contains(path.section) {
      if old[path.section].indices.contains(path.item) {
        old[path.section].replace(at: path.item, with: cell)
      }
    }
    var moved: [ItemPath: CellColumn.Entry] = [:]
    for move in moveItems { moved[move.to] = old[move.from.section].entry(at: move.from.item) }
    var leaving = [Set<Int>](repeating: [], count: old.count)
    for path in deleteItems { leaving[path.section].insert(path.item) }
    for move in moveItems { leaving[move.from.section].insert(move.from.item) }
    for s in old.indices where !leaving[s].isEmpty { old[s].remove(leaving[s]) }
    let deleted = Set(deleteSections)
    let movedTo = Dictionary(
      moveSections.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
    let movedFrom = Set(moveSections.map(\.from))
    let inserted = Dictionary(
      insertSections.enumerated().map { j, insertion in
        let given = insertedSections.indices.contains(j) ? insertedSections[j] : nil
        return (
          insertion.at,
          given.flatMap { $0.count == insertion.section.count ? $0 : nil }
            ?? CellColumn(plainItems: insertion.section.count)
        )
      }, uniquingKeysWith: { a, _ in a })
    let sectionCount = old.count - deleteSections.count + insertSections.count
    var new: [CellColumn] = []
    new.reserveCapacity(sectionCount)
    var nextOld = 0
    for n in 0..<sectionCount {
      if let column = inserted[n] {
        new.append(column)
      } else if let from = movedTo[n], old.indices.contains(from) {
        var column = CellColumn(plainItems: 0)
        swap(&column, &old[from])
        new.append(column)
      } else {
        // The next surviving section, moved out of `old` (no second reference, no copy).
        while nextOld < old.count, deleted.contains(nextOld) || movedFrom.contains(nextOld) {
          nextOld += 1
        }
        var column = CellColumn(plainItems: 0)
        if nextOld < old.count { swap(&column, &old[nextOld]) }
        nextOld += 1
        new.append(column)
      }
    }
    var entering = moved
    for insertion in insertItems {
      entering[insertion.at] = editCells.inserted[insertion.at].map { .value($0) } ?? .plain
    }
    for path in entering.keys.sorted() where new.indices.contains(path.section) {
      let item = min(path.item, new[path.section].count)
      new[path.section].insert(entering[path]!, at: item)
    }
    cells = new
  }
}
