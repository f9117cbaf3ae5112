import FioriCells
import FlowLayoutModel

extension BatchUpdate {
  /// The document's per-item cell descriptions after this batch, moved exactly as the items are
  /// (`BatchUpdate.applied(to:…)`'s order: deletions and move sources leave in before-space,
  /// sections are deleted, then inserted, then insertions and move destinations enter in
  /// ascending after-space order; moved sections go to their destinations). Inserted items carry
  /// the cell their entry gave (`editCells`), else `nil`; inserted sections carry none; a resized
  /// item takes the cell its entry gave, else keeps its own.
  ///
  /// Precondition: the batch is valid for `cells`' counts (a decoded `LayoutDocument`'s edits are).
  ///
  /// - Complexity: O(n + e log e) for n items and e edits.
  public func carrying(_ cells: [[CellDescription?]], editCells: EditCells = EditCells())
    -> [[CellDescription?]]
  {
    var old = cells
    for (path, cell) in editCells.resized where old.indices.contains(path.section) {
      if old[path.section].indices.contains(path.item) { old[path.section][path.item] = cell }
    }
    var moved: [ItemPath: CellDescription?] = [:]
    for move in moveItems { moved[move.to] = old[move.from.section][move.from.item] }
    var leaving = [Set<Int>](repeating: [], count: old.count)
    for path in deleteItems { leaving[path.section].insert(path.item) }
    for move in moveItems { leaving[move.from.section].insert(move.from.item) }
    for s in old.indices where !leaving[s].isEmpty {
      old[s] = old[s].indices.filter { !leaving[s].contains($0) }.map { old[s][$0] }
    }
    let deleted = Set(deleteSections)
    let movedSections = Dictionary(
      moveSections.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
    let movedFrom = Set(moveSections.map(\.from))
    var survivors = old.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }
      .map { old[$0] }[...]
    let inserted = Dictionary(
      insertSections.map { ($0.at, $0.section.count) }, uniquingKeysWith: { a, _ in a })
    let sectionCount = old.count - deleteSections.count + insertSections.count
    var new: [[CellDescription?]] = []
    new.reserveCapacity(sectionCount)
    for n in 0..<sectionCount {
      if let count = inserted[n] {
        new.append([CellDescription?](repeating: nil, count: count))
      } else if let from = movedSections[n], old.indices.contains(from) {
        new.append(old[from])
      } else {
        new.append(survivors.popFirst() ?? [])
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
    return new
  }
}
