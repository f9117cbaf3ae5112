extension BatchUpdate {
  /// Checks a batch that may hold `measureItems`: the rest of the batch as
  /// `validate(itemCounts:configuration:bounds:field:)` checks it, then each measurement with
  /// the rules of a resize (before-space index in range, not in a deleted section, not deleted,
  /// not measured twice, not also resized, a valid size).
  ///
  /// - Complexity: O(e log e + s) for e edited items and s sections.
  /// - Throws: the first `LayoutError`, naming `measureItems[k]` for a bad measurement.
  public func validateWithMeasurements(
    itemCounts: [Int], configuration: LayoutConfiguration, bounds: Size, field prefix: String = ""
  ) throws(LayoutError) -> BatchPlan {
    try validateWithMeasurements(
      itemCounts: SectionCounts(itemCounts), configuration: configuration, bounds: bounds,
      field: prefix)
  }

  /// `validateWithMeasurements(itemCounts:configuration:bounds:field:)` of counts held with a
  /// gap (`SectionValues.sectionCounts`; the plan shares their storage).
  package func validateWithMeasurements(
    itemCounts: SectionCounts, configuration: LayoutConfiguration, bounds: Size,
    field prefix: String = ""
  ) throws(LayoutError) -> BatchPlan {
    var plain = self
    plain.measureItems = []
    var scratch = BatchValidationScratch()
    let plan = try plain.validate(
      itemCounts: itemCounts, configuration: configuration, bounds: bounds, field: prefix,
      scratch: &scratch)
    guard !measureItems.isEmpty else { return plan }
    let deleted = Set(deleteItems)
    let resized = Set(resizeItems.map(\.at))
    let deletedSections = Set(deleteSections)
    var measured = Set<ItemPath>()
    for (k, measurement) in measureItems.enumerated() {
      let field = "\(prefix)measureItems[\(k)].at"
      let path = measurement.at
      guard path.section >= 0, path.section < itemCounts.count else {
        throw .sectionOutOfRange(
          field: field, section: path.section, sectionCount: itemCounts.count)
      }
      guard path.item >= 0, path.item < itemCounts[path.section] else {
        throw .itemOutOfRange(field: field, path: path)
      }
      if deletedSections.contains(path.section) {
        throw .inconsistentBatch(
          field: field, reason: "item \(path) is in a section deleted by the same batch")
      }
      if deleted.contains(path) {
        throw .inconsistentBatch(field: field, reason: "item \(path) is deleted and measured")
      }
      if resized.contains(path) {
        throw .inconsistentBatch(field: field, reason: "item \(path) is resized and measured")
      }
      guard measured.insert(path).inserted else {
        throw .inconsistentBatch(field: field, reason: "item \(path) is measured twice")
      }
      try LayoutValidation.size(measurement.size, field: "\(prefix)measureItems[\(k)].size")
    }
    return plan
  }

  /// The batch an engine applies: `measureItems` become `resizeItems`, except the measurements
  /// that give an item the size it already has, which are dropped (no work: idempotence).
  ///
  /// - Parameter currentSize: an item's size before the batch (before-space path).
  /// - Complexity: O(m) for m measurements, plus m calls of `currentSize`.
  public func engineBatch(currentSize: (ItemPath) -> Size) -> BatchUpdate {
    var result = self
    result.measureItems = []
    for measurement in measureItems where currentSize(measurement.at) != measurement.size {
      result.resizeItems.append(measurement)
    }
    return result
  }

  /// The estimated (unmeasured) items of every section after this batch, given those before.
  ///
  /// Measured items leave the set; resized items keep their state; deleted items leave and the
  /// later ones close the gap; a moved item takes its state along; inserted items are measured
  /// (they come with their size); an inserted section brings `estimatedItems`.
  ///
  /// - Parameters:
  ///   - old: the estimated items of every section before the batch.
  ///   - plan: what `validateWithMeasurements` returned for this batch.
  /// - Complexity: O(s) for the copy, plus what `carryEstimatedItems(_:map:)` costs.
  public func estimatedItems(after old: [ItemIndexSet], plan: BatchPlan) -> [ItemIndexSet] {
    var result = old
    carryEstimatedItems(&result, map: BatchPathMap(self))
    return result
  }

  /// `estimatedItems(after:plan:)` in place: only the sets of sections the batch edits are
  /// rewritten.
  ///
  /// - Parameters:
  ///   - sets: per section, before the batch; after it on return.
  ///   - map: `BatchPathMap(self)`.
  /// - Precondition: the batch is valid for `sets`' sections (validated).
  /// - Complexity: O(e log e + R) for e edits and the R ranges of edited sections' sets; plus
  ///   what `restructureSections(_:map:inserted:)` costs.
  public func carryEstimatedItems(_ sets: inout [ItemIndexSet], map: BatchPathMap) {
    carryEstimatedItems(in: &sets, map: map)
  }

  /// `carryEstimatedItems(_:map:)` of an `Array` or `SectionValues`.
  package func carryEstimatedItems(
    in sets: inout some SectionSequence<ItemIndexSet>, map: BatchPathMap
  ) {
    for measurement in measureItems { sets[measurement.at.section].remove(measurement.at.item) }
    // Moved items' state, read before anything moves.
    let estimatedMoves = moveItems.filter { sets[$0.from.section].contains($0.from.item) }
    for o in map.oldSectionsLosingItems {
      sets[o] = sets[o].closingGaps(at: map.itemsLeaving(oldSection: o))
    }
    restructureSections(in: &sets, map: map) { $0.estimatedItems }
    for n in map.newSectionsGainingItems {
      sets[n] = sets[n].openingGaps(at: map.itemsEntering(newSection: n))
    }
    for move in estimatedMoves { sets[move.to.section].insert(move.to.item) }
  }

  /// The item counts of every section after this batch, in place: only the sections it edits
  /// are rewritten.
  ///
  /// - Parameters:
  ///   - counts: every section's item count before the batch; after it on return.
  ///   - map: `BatchPathMap(self)`.
  /// - Precondition: the batch is valid for `counts`.
  /// - Returns: the number of sections whose count was rewritten.
  /// - Complexity: O(e) for e edits, plus what `restructureSections(_:map:inserted:)` costs.
  @discardableResult
  public func carryItemCounts(_ counts: inout [Int], map: BatchPathMap) -> Int {
    carryItemCounts(in: &counts, map: map).rewritten
  }

  /// `carryItemCounts(_:map:)` of an `Array` or `SectionValues`; also returns how many items
  /// the batch adds in all (negative when it removes more).
  @discardableResult
  package func carryItemCounts(in counts: inout some SectionSequence<Int>, map: BatchPathMap)
    -> (rewritten: Int, itemChange: Int)
  {
    var rewritten = 0
    var change = 0
    for o in map.oldSectionsLosingItems {
      let leaving = map.itemsLeaving(oldSection: o).count
      counts[o] -= leaving
      change -= leaving
      rewritten += 1
    }
    for s in deleteSections { change -= counts[s] }
    for insertion in insertSections { change += insertion.section.count }
    restructureSections(in: &counts, map: map) { $0.section.count }
    for n in map.newSectionsGainingItems {
      let entering = map.itemsEntering(newSection: n).count
      counts[n] += entering
      change += entering
      rewritten += 1
    }
    return (rewritten, change)
  }

  /// Per-section values taken from the sections before the batch to those after it: deleted
  /// sections' values leave, inserted sections get `inserted(insertion)`, moved ones move.
  ///
  /// - Parameters:
  ///   - values: one value per section before the batch; one per section after it on return.
  ///   - map: `BatchPathMap(self)`.
  ///   - inserted: the value of an inserted section.
  /// - Complexity: as `restructureSections(_:insertedAt:)`.
  public func restructureSections<Value>(
    _ values: inout [Value], map: BatchPathMap, inserted: (SectionInsertion) -> Value
  ) {
    restructureSections(&values) { inserted(insertSections[$0]) }
  }

  /// `restructureSections(_:map:inserted:)` of an `Array` or `SectionValues`.
  package func restructureSections<Values: SectionSequence>(
    in values: inout Values, map: BatchPathMap, inserted: (SectionInsertion) -> Values.Element
  ) {
    restructureSections(&values) { inserted(insertSections[$0]) }
  }

  /// Per-section values taken from the sections before the batch to those after it: deleted
  /// sections' values leave, inserted sections get `insertedAt(j)` for `insertSections[j]`,
  /// moved ones move. Values are moved, not copied: a uniquely referenced value stays so.
  ///
  /// - Precondition: the batch is valid for `values`' sections (validated).
  /// - Complexity: O(1) for a batch without section edits; for k sections inserted, deleted or
  ///   moved, O(k log k) plus k memory moves of the values after them when k ≤ 16 (for
  ///   `SectionValues`, of the values between each edit and its gap), else one O(s + k log k)
  ///   pass; no hashing. When the batch inserts as many sections as it deletes (moves only,
  ///   say), the same over the w values between the first and last index it names instead of
  ///   all s: O(w + k log k).
  package func restructureSections<Values: SectionSequence>(
    _ values: inout Values, insertedAt: (Int) -> Values.Element
  ) {
    let edits = deleteSections.count + insertSections.count + moveSections.count
    guard edits > 0 else { return }
    // As many sections inserted as deleted: every value past the last index the batch names
    // stays where it is (as does every value before the first), so only that window is
    // rebuilt: a section moved by one costs O(1), not a shift of every later section. (Values
    // held with a gap are edited in place when the gap is near the window: their removals and
    // insertions then cost only the distance to it.)
    if deleteSections.count == insertSections.count {
      var first = Int.max
      var last = Int.min
      for s in deleteSections { (first, last) = (min(first, s), max(last, s)) }
      for insertion in insertSections {
        (first, last) = (min(first, insertion.at), max(last, insertion.at))
      }
      for move in moveSections {
        (first, last) = (min(first, move.from, move.to), max(last, move.from, move.to))
      }
      if first > 0 || last < values.count - 1,
        values.gapDistance(to: first) > 4 * (last - first + 1)
      {
        var window = Array(values[first...last])
        restructureSections(&window, offset: first, edits: edits, insertedAt: insertedAt)
        values.replaceSubrange(first..<(last + 1), with: window)
        return
      }
    }
    restructureSections(&values, offset: 0, edits: edits, insertedAt: insertedAt)
  }

  /// `restructureSections(_:insertedAt:)` of `values`, the sections from `offset` on (every
  /// index the batch names is ≥ `offset` and, after the batch, `values` holds what it held
  /// before past them).
  ///
  /// - Complexity: O(1) … O(v + k log k) for v values and k = `edits` section edits, as
  ///   `restructureSections(_:insertedAt:)` says.
  private func restructureSections<Values: SectionSequence>(
    _ values: inout Values, offset: Int, edits: Int, insertedAt: (Int) -> Values.Element
  ) {
    typealias Value = Values.Element
    // Where each entering section comes from: `insertSections[j]` or `moveSections[m]`.
    var entering: [(at: Int, index: Int, isMove: Bool)] = []
    entering.reserveCapacity(insertSections.count + moveSections.count)
    for (j, insertion) in insertSections.enumerated() {
      entering.append((insertion.at - offset, j, false))
    }
    for (m, move) in moveSections.enumerated() { entering.append((move.to - offset, m, true)) }
    entering.sortInPlace { $0.at < $1.at }
    // Moved values, taken out of their old places first.
    var moved: [Value?] = []
    if !moveSections.isEmpty {
      moved.reserveCapacity(moveSections.count)
      var sources: [(from: Int, move: Int)] = []
      sources.reserveCapacity(moveSections.count + deleteSections.count)
      for (m, move) in moveSections.enumerated() { sources.append((move.from - offset, m)) }
      for s in deleteSections { sources.append((s - offset, -1)) }
      sources.sortInPlace { $0.from < $1.from }
      moved = [Value?](repeating: nil, count: moveSections.count)
      if edits <= 16 {
        for (from, m) in sources.reversed() {
          let value = values.remove(at: from)
          if m >= 0 { moved[m] = value }
        }
      } else {
        // One pass: the values that stay, in order, moved (not copied) into a new array.
        var kept: [Value] = []
        kept.reserveCapacity(values.count - sources.count)
        var next = 0
        for (from, m) in sources {
          kept.append(contentsOf: values[next..<from])
          if m >= 0 { moved[m] = values[from] }
          next = from + 1
        }
        kept.append(contentsOf: values[next...])
        values.replaceAll(with: kept)
      }
    } else {
      var deleted = deleteSections.map { $0 - offset }
      deleted.sortInPlace()
      if edits <= 16 {
        for s in deleted.reversed() { _ = values.remove(at: s) }
      } else {
        var kept: [Value] = []
        kept.reserveCapacity(values.count - deleted.count)
        var next = 0
        for s in deleted {
          kept.append(contentsOf: values[next..<s])
          next = s + 1
        }
        kept.append(contentsOf: values[next...])
        values.replaceAll(with: kept)
      }
    }
    func value(_ index: Int, isMove: Bool) -> Value {
      isMove ? moved[index].take()! : insertedAt(index)
    }
    if edits <= 16 {
      for (at, index, isMove) in entering { values.insert(value(index, isMove: isMove), at: at) }
      return
    }
    // One pass: entering values at their places, the kept ones in order between them.
    var result: [Value] = []
    result.reserveCapacity(values.count + entering.count)
    var next = 0
    for (at, index, isMove) in entering {
      let gap = at - result.count
      result.append(contentsOf: values[next..<next + gap])
      next += gap
      result.append(value(index, isMove: isMove))
    }
    result.append(contentsOf: values[next...])
    values.replaceAll(with: result)
  }
}

/// Where the items before a batch are after it (UIKit's index semantics), for the scroll anchor
/// and for item sets carried through a batch.
///
/// Built from the batch alone: sorted runs of paths (no hashing, nothing per section or per
/// item of the content), in O(e) for e edits named in ascending order (as UIKit and the traces
/// name them; a batch of deletions or insertions only then shares the batch's own list, no
/// copy), O(e log e) otherwise.
public struct BatchPathMap: Sendable {
  /// The item indices of one section's leaving run, ascending: a slice of the leaving list, or
  /// a batch's packed deletions (`PackedDeletions`).
  public struct Run: RandomAccessCollection, Sendable {
    private let list: ArraySlice<ItemPath>
    private let mask: ItemMask?

    init(_ list: ArraySlice<ItemPath>) {
      self.list = list
      mask = nil
    }

    init(mask: ItemMask) {
      list = []
      self.mask = mask
    }

    public var startIndex: Int { mask == nil ? list.startIndex : 0 }
    public var endIndex: Int { mask?.count ?? list.endIndex }

    /// - Complexity: O(1) for a list; O(log w + 64) packed (w mask words).
    public subscript(k: Int) -> Int {
      if let mask { return mask.item(k) }
      return list[k].item
    }
  }
  /// The item indices of one section's entering run, ascending: a slice of the entering
  /// list, or a batch's packed insertions (`PackedInsertions`).
  public struct EnteringRun: RandomAccessCollection, Sendable {
    private let list: ArraySlice<ItemInsertion>
    private let packed: PackedInsertions?

    init(_ list: ArraySlice<ItemInsertion>) {
      self.list = list
      packed = nil
    }

    init(packed: PackedInsertions) {
      list = []
      self.packed = packed
    }

    public var startIndex: Int { packed == nil ? list.startIndex : 0 }
    public var endIndex: Int { packed?.count ?? list.endIndex }

    /// - Complexity: O(1) for a list; O(log w + 64) packed (w mask words).
    public subscript(k: Int) -> Int {
      if let packed { return packed.item(k) }
      return list[k].at.item
    }
  }

  /// Sections deleted or moved away, before the batch, ascending.
  private var sectionsLeaving: [Int]
  /// Sections inserted or moved in, after the batch, ascending.
  private var sectionsEntering: [Int]
  /// Moved sections, ascending by `from`.
  private var sectionMoves: [SectionMove]
  /// Deleted sections, ascending.
  private var deletedSections: [Int]
  /// Moved items, ascending by `from`.
  private var itemMoves: [ItemMove]
  /// The items that leave (deleted or moved out), before the batch, ascending.
  private var leaving: [ItemPath]
  /// The batch's deletions when packed and no item moves (then `leaving` is empty).
  private var leavingPacked: PackedDeletions?
  /// Per old section losing items, ascending: its positions in `leaving`.
  private var leavingRuns: [(section: Int, range: Range<Int>)]
  /// The after-space paths filled by entering items (inserted or moved in), ascending: the
  /// batch's insertions (sizes unused) merged with the moves' destinations (size zero), so
  /// that a batch of insertions named in order shares its own list (no copy).
  private var entering: [ItemInsertion]
  /// The batch's insertions when packed and no item moves (then `entering` is empty).
  private var enteringPacked: PackedInsertions?
  /// Per new section gaining items, ascending: its positions in `entering`.
  private var enteringRuns: [(section: Int, range: Range<Int>)]

  /// - Precondition: `update` is valid for the content it is applied to.
  /// - Complexity: O(e) for e edited items and sections named in ascending order, else
  ///   O(e log e); no hashing.
  public init(_ update: BatchUpdate) {
    self.init(update, deletionsAscending: false, insertionsAscending: false)
  }

  /// `init(_:)`, reading from the plan that `update`'s validation returned whether its
  /// deletions and insertions are already ascending (then not checked again).
  ///
  /// - Complexity: O(k) for k sections and item moves named in ascending order, O(1) for its
  ///   deletions and insertions when the plan found them ascending; else as `init(_:)`.
  public init(_ update: BatchUpdate, plan: BatchPlan) {
    self.init(
      update, deletionsAscending: plan.deleteItemsAscending,
      insertionsAscending: plan.insertItemsAscending)
  }

  /// `init(_:)`, the deletions or insertions taken as they are when known to be ascending.
  private init(_ update: BatchUpdate, deletionsAscending: Bool, insertionsAscending: Bool) {
    deletedSections = update.deleteSections
    deletedSections.sortInPlace()
    sectionMoves = update.moveSections
    sectionMoves.sortInPlace { $0.from < $1.from }
    sectionsLeaving = deletedSections.mergingAscending(sectionMoves.map(\.from), by: <)
    sectionsEntering = Self.sortedCopy(update.insertSections.map(\.at)).mergingAscending(
      Self.sortedCopy(update.moveSections.map(\.to)), by: <)
    itemMoves = update.moveItems
    itemMoves.sortInPlace { $0.from < $1.from }
    if itemMoves.isEmpty, let packed = update.packedDeletions {
      // Packed: ascending in one section, read where they are.
      leaving = []
      leavingPacked = packed
      leavingRuns = packed.count == 0 ? [] : [(packed.section, 0..<packed.count)]
    } else {
      leavingPacked = nil
      leaving = (deletionsAscending ? update.deleteItems : Self.sortedCopy(update.deleteItems))
        .mergingAscending(itemMoves.map(\.from), by: <)
      leavingRuns = Self.runs(leaving)
    }
    if itemMoves.isEmpty, let packed = update.packedInsertions {
      // Packed: ascending in one section, read where they are.
      entering = []
      enteringPacked = packed
      enteringRuns = packed.count == 0 ? [] : [(packed.section, 0..<packed.count)]
      return
    }
    enteringPacked = nil
    var insertions = update.insertItems
    if !insertionsAscending { insertions.sortInPlace { $0.at < $1.at } }
    entering = insertions.mergingAscending(
      Self.sortedCopy(itemMoves.map(\.to)).map {
        ItemInsertion(at: $0, size: Size(width: 0, height: 0))
      },
      by: { $0.at < $1.at })
    enteringRuns = Self.runs(entering.lazy.map(\.at))
  }

  /// `values` ascending (O(k) and no copy when already so).
  private static func sortedCopy<T: Comparable>(_ values: [T]) -> [T] {
    var result = values
    result.sortInPlace()
    return result
  }

  /// The runs of one section each in ascending paths.
  ///
  /// - Complexity: O(1) when the first and the last path name one section, else O(k) for k
  ///   paths.
  private static func runs<Paths: RandomAccessCollection<ItemPath>>(_ sorted: Paths)
    -> [(section: Int, range: Range<Int>)] where Paths.Index == Int
  {
    // Ascending with the first and the last in one section: all are (a filter's 500 000).
    if let first = sorted.first, let last = sorted.last, first.section == last.section {
      return [(first.section, 0..<sorted.count)]
    }
    var result: [(section: Int, range: Range<Int>)] = []
    var start = 0
    while start < sorted.count {
      let section = sorted[start].section
      var end = start + 1
      while end < sorted.count, sorted[end].section == section { end += 1 }
      result.append((section, start..<end))
      start = end
    }
    return result
  }

  /// The item indices of `section`'s run in `paths` (empty when it has none).
  ///
  /// - Complexity: O(log r) for r runs.
  private static func run(
    of section: Int, in paths: [ItemPath], runs: [(section: Int, range: Range<Int>)]
  ) -> Run {
    let k = BatchPlan.count(in: runs) { $0.section < section }
    let range = k < runs.count && runs[k].section == section ? runs[k].range : 0..<0
    return Run(paths[range])
  }

  /// The after-space index of the `rank`-th (0-based) position that no entering index in
  /// `entering` (ascending) takes: `rank` plus the entering indices `e_j` with `e_j − j ≤ rank`
  /// (`e_j − j` never decreases).
  ///
  /// - Complexity: O(log k) for k entering indices.
  private static func slot<Entering: RandomAccessCollection<Int>>(
    ofRank rank: Int, skipping entering: Entering
  ) -> Int where Entering.Index == Int {
    let base = entering.startIndex
    return rank + prefixLength(entering.count) { j in entering[base + j] - j <= rank }
  }

  /// The length of the prefix of offsets `0 ..< count` for which `holds` (monotonic: true,
  /// then false).
  ///
  /// - Complexity: O(log count) calls of `holds`.
  private static func prefixLength(_ count: Int, _ holds: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if holds(mid) { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The section after the batch of section `section` before it; `nil` when it is deleted.
  ///
  /// - Precondition: `section` exists before the batch.
  /// - Complexity: O(log k) for k sections edited.
  public func newSection(ofOldSection section: Int) -> Int? {
    let m = BatchPlan.count(in: sectionMoves) { $0.from < section }
    if m < sectionMoves.count, sectionMoves[m].from == section { return sectionMoves[m].to }
    if BatchUpdate.contains(section, inAscending: deletedSections, by: { $0 }) { return nil }
    // Its rank among the sections that stay, then the after-space slot of that rank among the
    // slots not taken by entering sections.
    return Self.slot(
      ofRank: section - Self.countBelow(section, in: sectionsLeaving), skipping: sectionsEntering)
  }

  /// The items of old section `old` that leave it (deleted or moved out), ascending.
  ///
  /// - Complexity: O(log r) for r sections losing items; no copy.
  public func itemsLeaving(oldSection old: Int) -> Run {
    if let leavingPacked {
      return leavingPacked.section == old && leavingPacked.count > 0
        ? Run(mask: leavingPacked.mask) : Run([])
    }
    return Self.run(of: old, in: leaving, runs: leavingRuns)
  }

  /// The after-space indices of new section `new` filled by entering items (inserted or moved
  /// in), ascending.
  ///
  /// - Complexity: O(log r) for r sections gaining items; no copy.
  public func itemsEntering(newSection new: Int) -> EnteringRun {
    let k = BatchPlan.count(in: enteringRuns) { $0.section < new }
    let range =
      k < enteringRuns.count && enteringRuns[k].section == new ? enteringRuns[k].range : 0..<0
    if let enteringPacked, !range.isEmpty { return EnteringRun(packed: enteringPacked) }
    return EnteringRun(entering[range])
  }

  /// The sections before the batch that lose items (deleted or moved out), ascending.
  public var oldSectionsLosingItems: [Int] { leavingRuns.map(\.section) }

  /// The sections after the batch that gain items (inserted or moved in), ascending.
  public var newSectionsGainingItems: [Int] { enteringRuns.map(\.section) }

  /// How many of `sorted`'s values are below `value`.
  ///
  /// - Complexity: O(log k).
  private static func countBelow<Sorted: RandomAccessCollection<Int>>(
    _ value: Int, in sorted: Sorted
  ) -> Int where Sorted.Index == Int {
    let base = sorted.startIndex
    return prefixLength(sorted.count) { sorted[base + $0] < value }
  }

  /// The path after the batch of the item at `path` before it; `nil` when it is deleted (or
  /// its section is).
  ///
  /// - Precondition: `path` exists before the batch.
  ///
  /// - Complexity: O(log e) for e edits.
  public func path(after path: ItemPath) -> ItemPath? {
    let m = BatchPlan.count(in: itemMoves) { $0.from < path }
    if m < itemMoves.count, itemMoves[m].from == path { return itemMoves[m].to }
    guard path.section >= 0, let n = newSection(ofOldSection: path.section) else { return nil }
    let gone = itemsLeaving(oldSection: path.section)
    let below = Self.countBelow(path.item, in: gone)
    // Leaving and not moved: deleted.
    if below < gone.count, gone[gone.startIndex + below] == path.item { return nil }
    let item = Self.slot(ofRank: path.item - below, skipping: itemsEntering(newSection: n))
    return ItemPath(section: n, item: item)
  }

  /// The section before the batch of section `section` after it; `nil` when it is inserted.
  /// The inverse of `newSection(ofOldSection:)`.
  ///
  /// - Precondition: `section` exists after the batch.
  /// - Complexity: O(m + log k) for m section moves and k sections edited.
  public func oldSection(ofNewSection section: Int) -> Int? {
    if let move = sectionMoves.first(where: { $0.to == section }) { return move.from }
    if BatchUpdate.contains(section, inAscending: sectionsEntering, by: { $0 }) { return nil }
    return Self.slot(
      ofRank: section - Self.countBelow(section, in: sectionsEntering), skipping: sectionsLeaving)
  }

  /// The path before the batch of the item at `path` after it; `nil` when the item entered:
  /// inserted, in an inserted section, or moved in (the batch's `moveItems` name its source).
  /// The inverse of `path(after:)` on the items that stay.
  ///
  /// - Precondition: `path` exists after the batch.
  /// - Complexity: O(m + log e) for m section moves and e edits.
  public func path(before path: ItemPath) -> ItemPath? {
    guard path.section >= 0, let o = oldSection(ofNewSection: path.section) else { return nil }
    let entered = itemsEntering(newSection: path.section)
    let below = Self.countBelow(path.item, in: entered)
    if below < entered.count, entered[entered.startIndex + below] == path.item { return nil }
    let item = Self.slot(ofRank: path.item - below, skipping: itemsLeaving(oldSection: o))
    return ItemPath(section: o, item: item)
  }
}
