import FioriCells
import FlowLayoutModel

extension BatchUpdate {
  /// The document's per-item cell descriptions after this batch, moved exactly as the items are
  /// (`BatchUpdate.applied(to:…)`'s order: deletions and move sources leave in before-space,
  /// sections are deleted, then inserted, then insertions and move destinations enter in
  /// ascending after-space order). Inserted items carry no cell (`nil`), inserted sections the
  /// cells of `insertedSections` (per `insertSections` entry; none when missing or empty); a
  /// resized item keeps its cell.
  ///
  /// Precondition: the batch is valid for `cells`' counts (a decoded `LayoutDocument`'s edits are).
  ///
  /// - Complexity: O(n + e log e) for n items and e edits.
  public func carrying(
    _ cells: [[CellDescription?]], insertedSections: [[CellDescription?]] = []
  ) -> [[CellDescription?]] {
    var old = cells
    var moved: [ItemPath: CellDescription?] = [:]
    for move in moveItems { moved[move.to] = old[move.from.section][move.from.item] }
    var leaving = [Set<Int>](repeating: [], count: old.count)
    for path in deleteItems { leaving[path.section].insert(path.item) }
    for move in moveItems { leaving[move.from.section].insert(move.from.item) }
    for s in old.indices where !leaving[s].isEmpty {
      old[s] = old[s].indices.filter { !leaving[s].contains($0) }.map { old[s][$0] }
    }
    let deleted = Set(deleteSections)
    var survivors = old.indices.filter { !deleted.contains($0) }.map { old[$0] }[...]
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
    for n in 0..<sectionCount {
      if let column = inserted[n] {
        new.append(column)
      } else {
        new.append(survivors.popFirst() ?? [])
      }
    }
    var entering = moved
    for insertion in insertItems { entering[insertion.at] = .some(nil) }
    for path in entering.keys.sorted() where new.indices.contains(path.section) {
      let item = min(path.item, new[path.section].count)
      new[path.section].insert(entering[path]!, at: item)
    }
    return new
  }
}
