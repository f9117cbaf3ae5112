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
    var result = cells
    carry(&result, insertedSections: insertedSections, editCells: editCells)
    return result
  }

  /// `carrying(_:insertedSections:)` in place: a section with a few removals (≤ 16) removes
  /// them one by one (a memory move per removal, no copy when `cells` is uniquely referenced).
  ///
  /// - Complexity: O(m + e log e) for the m items of edited sections.
  public func carry(
    _ cells: inout [[CellDescription?]], insertedSections: [[CellDescription?]] = [],
    editCells: EditCells = EditCells()
  ) {
    var old = cells
    cells = []
    for (path, cell) in editCells.resized where old.indices.contains(path.section) {
      if old[path.section].indices.contains(path.item) { old[path.section][path.item] = cell }
    }
    var moved: [ItemPath: CellDescription?] = [:]
    for move in moveItems { moved[move.to] = old[move.from.section][move.from.item] }
    var leaving = [Set<Int>](repeating: [], count: old.count)
    for path in deleteItems { leaving[path.section].insert(path.item) }
    for move in moveItems { leaving[move.from.section].insert(move.from.item) }
    for s in old.indices where !leaving[s].isEmpty {
      if leaving[s].count <= 16 {
        for i in leaving[s].sorted(by: >) { old[s].remove(at: i) }
      } else {
        old[s] = old[s].indices.filter { !leaving[s].contains($0) }.map { old[s][$0] }
      }
    }
    let deleted = Set(deleteSections)
    let movedTo = Dictionary(
      moveSections.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
    let movedFrom = Set(moveSections.map(\.from))
    let inserted = Dictionary(
      insertSections.enumerated().map { j, insertion in
        let given = insertedSections.indices.contains(j) ? insertedSections[j] : []
        return (
          insertion.at,
          given.count == insertion.section.count
            ? given : [CellDescription?](repeating: nil, count: insertion.section.count)
        )
      }, uniquingKeysWith: { a, _ in a })
    let sectionCount = old.count - deleteSections.count + insertSections.count
    var new: [[CellDescription?]] = []
    new.reserveCapacity(sectionCount)
    var nextOld = 0
    for n in 0..<sectionCount {
      if let column = inserted[n] {
        new.append(column)
      } else if let from = movedTo[n], old.indices.contains(from) {
        var column: [CellDescription?] = []
        swap(&column, &old[from])
        new.append(column)
      } else {
        // The next surviving section, moved out of `old` (no second reference, no copy).
        while nextOld < old.count, deleted.contains(nextOld) || movedFrom.contains(nextOld) {
          nextOld += 1
        }
        var column: [CellDescription?] = []
        if nextOld < old.count { swap(&column, &old[nextOld]) }
        nextOld += 1
        new.append(column)
      }
    }
    var entering = moved
    for insertion in insertItems {
      entering[insertion.at] = .some(editCells.inserted[insertion.at])
    }
    for path in entering.keys.sorted() where new.indices.contains(path.section) {
      let item = min(path.item, new[path.section].count)
      new[path.section].insert(entering[path]!, at: item)
    }
    cells = new
  }
}
