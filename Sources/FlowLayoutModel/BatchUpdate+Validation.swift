/// What a valid batch does to the sections, in both index spaces. Produced by
/// `BatchUpdate.validate(against:configuration:bounds:)`; engines may use it to find the
/// first affected item of each section.
public struct BatchPlan: Hashable, Sendable {
  /// For each section after the update: the section it was before, or `nil` if inserted.
  public var oldSectionOfNewSection: [Int?]
  /// For each section before the update: the section it becomes, or `nil` if deleted.
  public var newSectionOfOldSection: [Int?]
  /// Item counts after the update, per section.
  public var newItemCounts: [Int]
  /// The bounds after the update.
  public var newBounds: Size
  /// The options after the update (`setWidthClass`).
  public var newConfiguration: LayoutConfiguration
}

extension BatchUpdate {
  /// Checks the whole batch against the current content without changing anything.
  ///
  /// Checks: every index in range of its index space; no index named twice in one role; no item
  /// both deleted and moved or resized; no item edit inside a deleted or inserted section; every
  /// new size, section and bound valid; the resulting counts equal `expectedItemCounts` if given.
  ///
  /// - Parameter field: prefix for error fields, e.g. `"edits[2]."`.
  /// - Complexity: O(e log e + s) for e edited items and s sections, plus O(m) to validate the
  ///   m items of inserted sections.
  /// - Throws: `LayoutError.sectionOutOfRange`, `.itemOutOfRange`, `.inconsistentBatch`,
  ///   `.invalidNumber` or `.invalidConfiguration`, naming the offending field.
  public func validate(
    itemCounts oldCounts: [Int], configuration: LayoutConfiguration, bounds: Size,
    field prefix: String = ""
  ) throws(LayoutError) -> BatchPlan {
    let oldSectionCount = oldCounts.count

    // 1. Section deletions (before-space).
    var deletedSection = [Bool](repeating: false, count: oldSectionCount)
    for (i, s) in deleteSections.enumerated() {
      let field = "\(prefix)deleteSections[\(i)]"
      guard s >= 0, s < oldSectionCount else {
        throw .sectionOutOfRange(field: field, section: s, sectionCount: oldSectionCount)
      }
      if deletedSection[s] { throw .inconsistentBatch(field: field, reason: "section \(s) is deleted twice") }
      deletedSection[s] = true
    }

    // 2. Section insertions (after-space).
    let newSectionCount = oldSectionCount - deleteSections.count + insertSections.count
    var insertedSection = [Bool](repeating: false, count: max(newSectionCount, 0))
    for (i, insertion) in insertSections.enumerated() {
      let field = "\(prefix)insertSections[\(i)].at"
      guard insertion.at >= 0, insertion.at < newSectionCount else {
        throw .sectionOutOfRange(field: field, section: insertion.at, sectionCount: newSectionCount)
      }
      if insertedSection[insertion.at] {
        throw .inconsistentBatch(field: field, reason: "section \(insertion.at) is inserted twice")
      }
      insertedSection[insertion.at] = true
      try insertion.section.validate(field: "\(prefix)insertSections[\(i)]")
    }

    // 3. Section moves (from: before-space, to: after-space), then map the sections that stay
    // in place between the two index spaces: they keep their order and fill the after-space
    // indices no insertion or move destination takes.
    var oldOfNew = [Int?](repeating: nil, count: newSectionCount)
    var newOfOld = [Int?](repeating: nil, count: oldSectionCount)
    var movedSection = [Bool](repeating: false, count: oldSectionCount)
    for (i, move) in moveSections.enumerated() {
      let from = "\(prefix)moveSections[\(i)].from"
      guard move.from >= 0, move.from < oldSectionCount else {
        throw .sectionOutOfRange(field: from, section: move.from, sectionCount: oldSectionCount)
      }
      if deletedSection[move.from] || movedSection[move.from] {
        throw .inconsistentBatch(
          field: from, reason: "section \(move.from) is deleted or moved more than once")
      }
      movedSection[move.from] = true
      let to = "\(prefix)moveSections[\(i)].to"
      guard move.to >= 0, move.to < newSectionCount else {
        throw .sectionOutOfRange(field: to, section: move.to, sectionCount: newSectionCount)
      }
      if insertedSection[move.to] || oldOfNew[move.to] != nil {
        throw .inconsistentBatch(
          field: to, reason: "two sections are inserted or moved to \(move.to)")
      }
      oldOfNew[move.to] = move.from
      newOfOld[move.from] = move.to
    }
    var nextOld = 0
    for n in 0..<newSectionCount where !insertedSection[n] && oldOfNew[n] == nil {
      while deletedSection[nextOld] || movedSection[nextOld] { nextOld += 1 }
      oldOfNew[n] = nextOld
      newOfOld[nextOld] = n
      nextOld += 1
    }

    // 4. Item edits in before-space: deletions, resizes, move sources.
    var removed = Set<ItemPath>()  // deleted or moved out
    func checkOld(_ path: ItemPath, _ field: String) throws(LayoutError) {
      guard path.section >= 0, path.section < oldSectionCount else {
        throw .sectionOutOfRange(field: field, section: path.section, sectionCount: oldSectionCount)
      }
      guard path.item >= 0, path.item < oldCounts[path.section] else {
        throw .itemOutOfRange(field: field, path: path)
      }
      if deletedSection[path.section] {
        throw .inconsistentBatch(field: field, reason: "item \(path) is in a section deleted by the same batch")
      }
    }
    var removedPerSection = [Int](repeating: 0, count: oldSectionCount)
    var deleted = Set<ItemPath>()
    for (i, path) in deleteItems.enumerated() {
      let field = "\(prefix)deleteItems[\(i)]"
      try checkOld(path, field)
      deleted.insert(path)
      guard removed.insert(path).inserted else {
        throw .inconsistentBatch(field: field, reason: "item \(path) is deleted twice")
      }
      removedPerSection[path.section] += 1
    }
    for (i, move) in moveItems.enumerated() {
      let field = "\(prefix)moveItems[\(i)].from"
      try checkOld(move.from, field)
      guard removed.insert(move.from).inserted else {
        throw .inconsistentBatch(field: field, reason: "item \(move.from) is deleted or moved more than once")
      }
      removedPerSection[move.from.section] += 1
    }
    var resized = Set<ItemPath>()
    for (i, resize) in resizeItems.enumerated() {
      let field = "\(prefix)resizeItems[\(i)].at"
      try checkOld(resize.at, field)
      if deleted.contains(resize.at) {
        throw .inconsistentBatch(field: field, reason: "item \(resize.at) is deleted and resized")
      }
      if removed.contains(resize.at) {
        // UIKit refuses a reload and a move of one index path in one batch.
        throw .inconsistentBatch(
          field: field,
          reason: "item \(resize.at) is moved and resized (reload and move of one index path)")
      }
      guard resized.insert(resize.at).inserted else {
        throw .inconsistentBatch(field: field, reason: "item \(resize.at) is resized twice")
      }
      try LayoutValidation.size(resize.size, field: "\(prefix)resizeItems[\(i)].size")
    }

    // 5. Item edits in after-space: insertions and move destinations.
    var addedPerSection = [Int](repeating: 0, count: newSectionCount)
    var destinations = Set<ItemPath>()
    func checkNew(_ path: ItemPath, _ field: String) throws(LayoutError) {
      guard path.section >= 0, path.section < newSectionCount else {
        throw .sectionOutOfRange(field: field, section: path.section, sectionCount: newSectionCount)
      }
      if insertedSection[path.section] {
        throw .inconsistentBatch(
          field: field, reason: "item \(path) is in a section inserted by the same batch (insert it with the section)")
      }
      guard path.item >= 0 else { throw .itemOutOfRange(field: field, path: path) }
      guard destinations.insert(path).inserted else {
        throw .inconsistentBatch(field: field, reason: "two items are inserted or moved to \(path)")
      }
      addedPerSection[path.section] += 1
    }
    for (i, insertion) in insertItems.enumerated() {
      try checkNew(insertion.at, "\(prefix)insertItems[\(i)].at")
      try LayoutValidation.size(insertion.size, field: "\(prefix)insertItems[\(i)].size")
    }
    for (i, move) in moveItems.enumerated() {
      try checkNew(move.to, "\(prefix)moveItems[\(i)].to")
    }

    // 6. Counts after the update, and every destination inside them.
    var newCounts = [Int](repeating: 0, count: newSectionCount)
    for n in 0..<newSectionCount {
      if let o = oldOfNew[n] {
        newCounts[n] = oldCounts[o] - removedPerSection[o] + addedPerSection[n]
      }
    }
    for insertion in insertSections { newCounts[insertion.at] = insertion.section.count }
    for (i, insertion) in insertItems.enumerated() where insertion.at.item >= newCounts[insertion.at.section] {
      throw .itemOutOfRange(field: "\(prefix)insertItems[\(i)].at", path: insertion.at)
    }
    for (i, move) in moveItems.enumerated() where move.to.item >= newCounts[move.to.section] {
      throw .itemOutOfRange(field: "\(prefix)moveItems[\(i)].to", path: move.to)
    }
    if let expected = expectedItemCounts {
      guard expected.count == newSectionCount else {
        throw .inconsistentBatch(
          field: "\(prefix)expectedItemCounts",
          reason: "the update leaves \(newSectionCount) sections, the data source has \(expected.count)")
      }
      for (n, count) in expected.enumerated() where count != newCounts[n] {
        throw .inconsistentBatch(
          field: "\(prefix)expectedItemCounts[\(n)]",
          reason: "invalid number of items in section \(n): the update leaves \(newCounts[n]) items "
            + "(before + inserted − deleted + moved in − moved out), the data source has \(count)")
      }
    }

    // 7. Bounds and width class.
    var newBounds = bounds
    if let w = setWidth { newBounds.width = w }
    if let h = setHeight { newBounds.height = h }
    var newConfiguration = configuration
    if let widthClass = setWidthClass { newConfiguration.widthClass = widthClass }
    if setWidth == nil, setHeight == nil, setWidthClass != nil {
      do {
        try newConfiguration.validate(bounds: newBounds)
      } catch {
        throw .invalidConfiguration(field: "\(prefix)setWidthClass", reason: error.description)
      }
    }
    if setWidth != nil || setHeight != nil {
      do {
        try newConfiguration.validate(bounds: newBounds)
      } catch {
        switch error {
        case .invalidNumber(let field, let value, let reason) where field == "width" || field == "height":
          throw .invalidNumber(
            field: "\(prefix)\(field == "width" ? "setWidth" : "setHeight")", value: value, reason: reason)
        default:
          // The options no longer fit the new bounds: name the bound that was set, or, when
          // both were, the one the lines are laid along (the height when transposed).
          let transposes =
            configuration.scrollDirection == .horizontal && configuration.variant.honoursScrollDirection
          let bound =
            setWidth != nil && setHeight != nil
            ? (transposes ? "setHeight" : "setWidth") : (setWidth != nil ? "setWidth" : "setHeight")
          throw .invalidConfiguration(field: "\(prefix)\(bound)", reason: error.description)
        }
      }
    }
    // 8. Inserted sections' own metrics against the options and bounds after the batch.
    for (i, insertion) in insertSections.enumerated() {
      try insertion.section.validateMetrics(
        configuration: newConfiguration, bounds: newBounds, field: "\(prefix)insertSections[\(i)]")
    }
    return BatchPlan(
      oldSectionOfNewSection: oldOfNew, newSectionOfOldSection: newOfOld, newItemCounts: newCounts,
      newBounds: newBounds, newConfiguration: newConfiguration)
  }
}
