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

  /// `carrying(_:insertedSections:)` over columns, in place: a section with a few removals or
  /// insertions (≤ 16) takes them one by one (a memory move each, no copy when `cells` is
  /// uniquely referenced), with more in one pass; a section without cells only counts them.
  /// The sections are rebuilt only when the batch edits sections. No cell kept as text is
  /// decoded, unless it moves between texts. The edits are sorted runs (no hashing per item,
  /// but a lookup per inserted item in `editCells.inserted` when the batch gives cells).
  ///
  /// - Complexity: O(e) for e edits named in ascending order (else O(e log e)), plus O(m) for
  ///   the m items of edited sections that hold cells, plus O(s) for s sections when the batch
  ///   inserts, deletes or moves sections.
  public func carry(
    _ cells: inout [CellColumn], insertedSections: [CellColumn] = [],
    editCells: EditCells = EditCells()
  ) {
    if carryPlain(&cells, editCells: editCells) { return }
    var old = cells
    cells = []
    for (path, cell) in editCells.resized where old.indices.contains(path.section) {
      if old[path.section].indices.contains(path.item) {
        old[path.section].replace(at: path.item, with: cell)
      }
    }
    // Moved items' cells, read before anything moves.
    var movedIn: [(path: ItemPath, entry: CellColumn.Entry)] = moveItems.map {
      ($0.to, old[$0.from.section].entry(at: $0.from.item))
    }
    var leaving = deleteItems
    leaving.sortInPlace()
    var movedOut = moveItems.map(\.from)
    movedOut.sortInPlace()
    leaving = leaving.mergingAscending(movedOut, by: <)
    var start = 0
    while start < leaving.count {
      let s = leaving[start].section
      var end = start + 1
      while end < leaving.count, leaving[end].section == s { end += 1 }
      if old.indices.contains(s) {
        old[s].remove(ascending: leaving[start..<end].lazy.map(\.item))
      }
      start = end
    }
    var inserted: [(path: ItemPath, entry: CellColumn.Entry)] = insertItems.map { insertion in
      let cell = editCells.inserted.isEmpty ? nil : editCells.inserted[insertion.at]
      return (insertion.at, cell.map { .value($0) } ?? .plain)
    }
    inserted.sortInPlace { $0.path < $1.path }
    movedIn.sortInPlace { $0.path < $1.path }
    let entering = inserted.mergingAscending(movedIn) { $0.path < $1.path }
    guard deleteSections.isEmpty, insertSections.isEmpty, moveSections.isEmpty else {
      cells = Self.reorderedSections(
        &old, deleted: deleteSections, inserted: insertSections, cells: insertedSections,
        moved: moveSections)
      Self.insert(entering, into: &cells)
      return
    }
    Self.insert(entering, into: &old)
    cells = old
  }

  /// `carry`'s case of a batch that edits only items of sections without cells and gives no
  /// cell: only the counts change. Returns `false`, changing nothing, for any other batch.
  ///
  /// - Complexity: O(e) for e item edits; no allocation.
  private func carryPlain(_ cells: inout [CellColumn], editCells: EditCells) -> Bool {
    guard deleteSections.isEmpty, insertSections.isEmpty, moveSections.isEmpty,
      editCells.inserted.isEmpty, editCells.resized.isEmpty
    else { return false }
    // Without section edits a section has one index before and after the batch.
    var checked = -1
    func isPlain(_ s: Int) -> Bool {
      if s == checked { return true }
      guard cells.indices.contains(s), !cells[s].holdsCells else { return false }
      checked = s
      return true
    }
    for path in deleteItems where !isPlain(path.section) { return false }
    for move in moveItems where !isPlain(move.from.section) || !isPlain(move.to.section) {
      return false
    }
    for insertion in insertItems where !isPlain(insertion.at.section) { return false }
    for path in deleteItems { cells[path.section].addPlainItems(-1) }
    for move in moveItems {
      cells[move.from.section].addPlainItems(-1)
      cells[move.to.section].addPlainItems(1)
    }
    for insertion in insertItems { cells[insertion.at.section].addPlainItems(1) }
    return true
  }

  /// Enters `entering` (after-space paths, ascending) into `columns`, one pass per section.
  ///
  /// - Complexity: O(k) for k entries, plus O(m) for the m items of a section holding cells
  ///   given more than 16.
  private static func insert(
    _ entering: [(path: ItemPath, entry: CellColumn.Entry)], into columns: inout [CellColumn]
  ) {
    var run: [(index: Int, entry: CellColumn.Entry)] = []
    var section = -1
    func flush() {
      if !run.isEmpty, columns.indices.contains(section) {
        columns[section].insert(contentsOf: run)
      }
      run.removeAll(keepingCapacity: true)
    }
    for (path, entry) in entering {
      if path.section != section {
        flush()
        section = path.section
      }
      run.append((path.item, entry))
    }
    flush()
  }

  /// The sections after the batch's section edits: inserted ones from `cells` (per
  /// `insertSections` entry; plain items when missing or of another count), moved ones at their
  /// destinations, the others in order; kept columns are moved out of `old`, not copied.
  ///
  /// - Complexity: O(s + e) for s sections and e section edits.
  private static func reorderedSections(
    _ old: inout [CellColumn], deleted deleteSections: [Int],
    inserted insertSections: [SectionInsertion], cells insertedSections: [CellColumn],
    moved moveSections: [SectionMove]
  ) -> [CellColumn] {
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
    return new
  }
}
