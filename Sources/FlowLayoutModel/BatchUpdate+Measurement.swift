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
  /// - Complexity: O(s + e log e + R) for s sections, e edits and R ranges in edited sections.
  public func estimatedItems(after old: [ItemIndexSet], plan: BatchPlan) -> [ItemIndexSet] {
    var before = old
    for measurement in measureItems { before[measurement.at.section].remove(measurement.at.item) }
    var removed = [Int: [Int]]()
    for path in deleteItems { removed[path.section, default: []].append(path.item) }
    for move in moveItems { removed[move.from.section, default: []].append(move.from.item) }
    var entering = [Int: [Int]]()
    for insertion in insertItems {
      entering[insertion.at.section, default: []].append(insertion.at.item)
    }
    for move in moveItems { entering[move.to.section, default: []].append(move.to.item) }

    // Inserted sections by their index after the batch (one load each, not a scan).
    let oldOfNew = plan.oldSectionOfNewSection
    var inserted = [Int](repeating: -1, count: insertSections.isEmpty ? 0 : oldOfNew.count)
    for (k, insertion) in insertSections.enumerated() { inserted[insertion.at] = k }
    var result: [ItemIndexSet] = []
    result.reserveCapacity(oldOfNew.count)
    for (n, o) in oldOfNew.enumerated() {
      guard let o else {
        result.append(insertSections[inserted[n]].estimatedItems)
        continue
      }
      var set = before[o]
      if let r = removed[o] { set = set.closingGaps(at: r.sorted()) }
      if let e = entering[n] { set = set.openingGaps(at: e.sorted()) }
      result.append(set)
    }
    for move in moveItems where before[move.from.section].contains(move.from.item) {
      result[move.to.section].insert(move.to.item)
    }
    return result
  }
}

/// Where the items before a batch are after it (UIKit's index semantics), for the scroll anchor.
public struct BatchPathMap: Sendable {
  private var newSectionOfOldSection: [Int?]
  private var movedTo: [ItemPath: ItemPath] = [:]
  private var deleted: Set<ItemPath>
  /// Per old section: the item indices that leave (deleted or moved out), ascending.
  private var leaving: [Int: [Int]] = [:]
  /// Per new section: the after-space indices that are filled by entering items, ascending.
  private var entering: [Int: [Int]] = [:]

  /// - Complexity: O(e log e) for e edited items.
  public init(_ update: BatchUpdate, plan: BatchPlan) {
    newSectionOfOldSection = plan.newSectionOfOldSection
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

  /// The path after the batch of the item at `path` before it; `nil` when it is deleted (or
  /// its section is) or did not exist.
  ///
  /// - Complexity: O(log e + k) for the k items entering its section.
  public func path(after path: ItemPath) -> ItemPath? {
    if let to = movedTo[path] { return to }
    guard newSectionOfOldSection.indices.contains(path.section),
      let n = newSectionOfOldSection[path.section], !deleted.contains(path)
    else { return nil }
    var index = path.item
    if let gone = leaving[path.section] {
      var low = 0
      var high = gone.count
      while low < high {
        let mid = (low + high) / 2
        if gone[mid] < path.item { low = mid + 1 } else { high = mid }
      }
      index -= low
    }
    for p in entering[n] ?? [] {
      if p <= index { index += 1 } else { break }
    }
    return ItemPath(section: n, item: index)
  }
}
