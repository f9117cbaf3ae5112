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
  /// `map` is `BatchPathMap(self)`, when the caller has it: a batch of plain sections then
  /// costs O(r log r) for the r sections it edits, not a pass over its edits.
  ///
  /// - Complexity: O(e) for e edits named in ascending order (else O(e log e)), plus O(m) for
  ///   the m items of edited sections that hold cells, plus O(s) for s sections when the batch
  ///   inserts, deletes or moves sections.
  public func carry(
    _ cells: inout [CellColumn], insertedSections: [CellColumn] = [],
    editCells: EditCells = EditCells(), map: BatchPathMap? = nil
  ) {
    carry(in: &cells, insertedSections: insertedSections, editCells: editCells, map: map)
  }

  /// `carry(_:insertedSections:editCells:map:)` of an `Array` or `SectionValues` (a document's,
  /// whose section insertions and removals then cost O(d) for the d sections between them and
  /// the last one, not O(s)).
  package func carry(
    in cells: inout some SectionSequence<CellColumn>, insertedSections: [CellColumn] = [],
    editCells: EditCells = EditCells(), map: BatchPathMap? = nil
  ) {
    if let map, carryPlain(&cells, editCells: editCells, map: map) { return }
    if map == nil, carryPlain(&cells, editCells: editCells) { return }
    var old = cells
    cells.replaceAll(with: [])  // `old` uniquely referenced
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
      // Inserted sections take their cells (plain items when missing or of another count).
      restructureSections(&old) { j in
        let given = insertedSections.indices.contains(j) ? insertedSections[j] : nil
        let count = insertSections[j].section.count
        return given.flatMap { $0.count == count ? $0 : nil } ?? CellColumn(plainItems: count)
      }
      cells = consume old
      Self.insert(entering, into: &cells)
      return
    }
    Self.insert(entering, into: &old)
    cells = old
  }

  /// `carry`'s case of a batch that edits only items of sections without cells and gives no
  /// cell: only the counts change. Returns `false`, changing nothing, for any other batch.
  ///
  /// - Complexity: O(e) for e item edits (two reads each), one count change per run of edits
  ///   naming one section; no allocation.
  private func carryPlain(
    _ cells: inout some SectionSequence<CellColumn>, editCells: EditCells
  ) -> Bool {
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
    // Runs of one section found on the lists' buffers (no per-item call): `body(s, n)` for
    // each run of n entries naming section s, until it returns false.
    func forEachRun<Path>(_ list: [Path], _ section: (Path) -> Int, _ body: (Int, Int) -> Bool)
      -> Bool
    {
      list.withUnsafeBufferPointer { b in
        var k = 0
        while k < b.count {
          let s = section(b[k])
          var end = k &+ 1
          while end < b.count, section(b[end]) == s { end &+= 1 }
          guard body(s, end &- k) else { return false }
          k = end
        }
        return true
      }
    }
    // Every section named plain first (nothing changes otherwise), then one count change per
    // run (a filter of 500 000: one); no list built.
    guard forEachRun(deleteItems, \.section, { s, _ in isPlain(s) }),
      moveItems.allSatisfy({ isPlain($0.from.section) && isPlain($0.to.section) }),
      forEachRun(insertItems, \.at.section, { s, _ in isPlain(s) })
    else { return false }
    _ = forEachRun(deleteItems, \.section) { s, n in
      cells[s].addPlainItems(-n)
      return true
    }
    for move in moveItems {
      cells[move.from.section].addPlainItems(-1)
      cells[move.to.section].addPlainItems(1)
    }
    _ = forEachRun(insertItems, \.at.section) { s, n in
      cells[s].addPlainItems(n)
      return true
    }
    return true
  }

  /// `carryPlain(_:editCells:)` reading the sections that lose and gain items, and how many,
  /// from the batch's path map (every deletion and move source leaves a section, every
  /// insertion and move destination enters one).
  ///
  /// - Complexity: O(r log r) for r sections losing or gaining items; no allocation beyond the
  ///   map's section lists.
  private func carryPlain(
    _ cells: inout some SectionSequence<CellColumn>, editCells: EditCells, map: BatchPathMap
  )
    -> Bool
  {
    guard deleteSections.isEmpty, insertSections.isEmpty, moveSections.isEmpty,
      editCells.inserted.isEmpty, editCells.resized.isEmpty
    else { return false }
    // Without section edits a section has one index before and after the batch.
    let losing = map.oldSectionsLosingItems
    let gaining = map.newSectionsGainingItems
    func isPlain(_ s: Int) -> Bool { cells.indices.contains(s) && !cells[s].holdsCells }
    guard losing.allSatisfy(isPlain), gaining.allSatisfy(isPlain) else { return false }
    for s in losing { cells[s].addPlainItems(-map.itemsLeaving(oldSection: s).count) }
    for s in gaining { cells[s].addPlainItems(map.itemsEntering(newSection: s).count) }
    return true
  }

  /// Enters `entering` (after-space paths, ascending) into `columns`, one pass per section.
  ///
  /// - Complexity: O(k) for k entries, plus O(m) for the m items of a section holding cells
  ///   given more than 16.
  private static func insert(
    _ entering: [(path: ItemPath, entry: CellColumn.Entry)],
    into columns: inout some SectionSequence<CellColumn>
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
}
