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
    var plain = self
    plain.measureItems = []
    let plan = try plain.validate(
      itemCounts: itemCounts, configuration: configuration, bounds: bounds, field: prefix)
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
    for measurement in measureItems { sets[measurement.at.section].remove(measurement.at.item) }
    // Moved items' state, read before anything moves.
    let estimatedMoves = moveItems.filter { sets[$0.from.section].contains($0.from.item) }
    for o in map.oldSectionsLosingItems {
      sets[o] = sets[o].closingGaps(at: map.itemsLeaving(oldSection: o))
    }
    restructureSections(&sets, map: map) { $0.estimatedItems }
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
    var rewritten = 0
    for o in map.oldSectionsLosingItems {
      counts[o] -= map.itemsLeaving(oldSection: o).count
      rewritten += 1
    }
    restructureSections(&counts, map: map) { $0.section.count }
    for n in map.newSectionsGainingItems {
      counts[n] += map.itemsEntering(newSection: n).count
      rewritten += 1
    }
    return rewritten
  }

  /// Per-section values taken from the sections before the batch to those after it: deleted
  /// sections' values leave, inserted sections get `inserted(insertion)`, moved ones move.
  ///
  /// - Parameters:
  ///   - values: one value per section before the batch; one per section after it on return.
  ///   - map: `BatchPathMap(self)`.
  ///   - inserted: the value of an inserted section.
  /// - Complexity: O(1) for a batch without section edits; an O(s) memory move for
  ///   insertions and deletions; O(s + k) with k section moves.
  public func restructureSections<Value>(
    _ values: inout [Value], map: BatchPathMap, inserted: (SectionInsertion) -> Value
  ) {
    guard !(deleteSections.isEmpty && insertSections.isEmpty && moveSections.isEmpty) else {
      return
    }
    if moveSections.isEmpty {
      for s in deleteSections.sorted(by: >) { values.remove(at: s) }
      for insertion in insertSections.sorted(by: { $0.at < $1.at }) {
        values.insert(inserted(insertion), at: insertion.at)
      }
      return
    }
    var result = [Value?](
      repeating: nil, count: values.count - deleteSections.count + insertSections.count)
    for (o, value) in values.enumerated() {
      if let n = map.newSection(ofOldSection: o) { result[n] = value }
    }
    for insertion in insertSections { result[insertion.at] = inserted(insertion) }
    values = result.map { $0! }
  }
}

/// Where the items before a batch are after it (UIKit's index semantics), for the scroll anchor
/// and for item sets carried through a batch.
///
/// Built from the batch alone, in O(e log e) for its e edits: nothing per section.
public struct BatchPathMap: Sendable {
  /// Sections deleted or moved away, before the batch, ascending.
  private var sectionsLeaving: [Int]
  /// Sections inserted or moved in, after the batch, ascending.
  private var sectionsEntering: [Int]
  /// Moved sections: before → after.
  private var sectionMovedTo: [Int: Int] = [:]
  private var deletedSections: Set<Int>
  private var movedTo: [ItemPath: ItemPath] = [:]
  private var deleted: Set<ItemPath>
  /// Per old section: the item indices that leave (deleted or moved out), ascending.
  private var leaving: [Int: [Int]] = [:]
  /// Per new section: the after-space indices that are filled by entering items, ascending.
  private var entering: [Int: [Int]] = [:]

  /// - Precondition: `update` is valid for the content it is applied to.
  /// - Complexity: O(e log e) for e edited items and sections.
  public init(_ update: BatchUpdate) {
    deletedSections = Set(update.deleteSections)
    sectionsLeaving = (update.deleteSections + update.moveSections.map(\.from)).sorted()
    sectionsEntering = (update.insertSections.map(\.at) + update.moveSections.map(\.to)).sorted()
    for move in update.moveSections { sectionMovedTo[move.from] = move.to }
    deleted = Set(update.deleteItems)
    for path in update.deleteItems { leaving[path.section, default: []].append(path.item) }
    for move in update.moveItems {
      movedTo[move.from] = move.to
      leaving[move.from.section, default: []].append(move.from.item)
      entering[move.to.section, default: []].append(move.to.item)
    }
    for insertion in update.insertItems {
      entering[insertion.at.section, default: []].append(insertion.at.item)
    }
    for key in leaving.keys { leaving[key]!.sort() }
    for key in entering.keys { entering[key]!.sort() }
  }

  /// `init(_:)`; the plan is not needed.
  public init(_ update: BatchUpdate, plan: BatchPlan) { self.init(update) }

  /// The section after the batch of section `section` before it; `nil` when it is deleted.
  ///
  /// - Precondition: `section` exists before the batch.
  /// - Complexity: O(log k + j) for k sections leaving and j entering up to its place.
  public func newSection(ofOldSection section: Int) -> Int? {
    if let to = sectionMovedTo[section] { return to }
    if deletedSections.contains(section) { return nil }
    // Its rank among the sections that stay, then the after-space slot of that rank among the
    // slots not taken by entering sections.
    var n = section - Self.countBelow(section, in: sectionsLeaving)
    for e in sectionsEntering {
      if e <= n { n += 1 } else { break }
    }
    return n
  }

  /// The items of old section `old` that leave it (deleted or moved out), ascending.
  public func itemsLeaving(oldSection old: Int) -> [Int] { leaving[old] ?? [] }

  /// The after-space indices of new section `new` filled by entering items (inserted or moved
  /// in), ascending.
  public func itemsEntering(newSection new: Int) -> [Int] { entering[new] ?? [] }

  /// The sections before the batch that lose items (deleted or moved out).
  public var oldSectionsLosingItems: Dictionary<Int, [Int]>.Keys { leaving.keys }

  /// The sections after the batch that gain items (inserted or moved in).
  public var newSectionsGainingItems: Dictionary<Int, [Int]>.Keys { entering.keys }

  /// How many of `sorted`'s values are below `value`.
  ///
  /// - Complexity: O(log k).
  private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The path after the batch of the item at `path` before it; `nil` when it is deleted (or
  /// its section is).
  ///
  /// - Precondition: `path` exists before the batch.
  ///
  /// - Complexity: O(log e + k) for the k items entering its section.
  public func path(after path: ItemPath) -> ItemPath? {
    if let to = movedTo[path] { return to }
    guard path.section >= 0, let n = newSection(ofOldSection: path.section),
      !deleted.contains(path)
    else { return nil }
    var index = path.item
    if let gone = leaving[path.section] { index -= Self.countBelow(path.item, in: gone) }
    for p in entering[n] ?? [] {
      if p <= index { index += 1 } else { break }
    }
    return ItemPath(section: n, item: index)
  }
}
