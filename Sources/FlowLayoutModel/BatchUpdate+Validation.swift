/// What a valid batch does to the sections, in both index spaces. Produced by
/// `BatchUpdate.validate(itemCounts:configuration:bounds:field:)`; engines may use it to find
/// the first affected item of each section.
///
/// It holds only what the batch names (O(e) for e edits, plus the section maps when sections
/// are inserted or deleted); the per-section arrays are built when read.
public struct BatchPlan: Hashable, Sendable {
  /// The item counts before the update (shared with the caller's storage).
  let oldCounts: SectionCounts
  /// The moved sections, ascending by `to` (empty when none is moved).
  let movesByDestination: [SectionMove]
  /// The sections that leave their place, by their index before the update, ascending: the
  /// deleted and the moved ones (`deletions` itself when no section is moved).
  let leaving: [Int]
  /// The deleted sections, by their index before the update, ascending (the batch's own array
  /// when it names them in that order: no copy).
  package let deletions: [Int]
  /// Items removed (deleted or moved out) per section before the update.
  let removed: SectionTally
  /// Items added (inserted or moved in) per section after the update.
  let added: SectionTally
  /// The inserted sections, ascending by their index after the update (the batch's own array
  /// when it names them in that order: no copy).
  package let insertions: [SectionInsertion]
  /// Whether the batch's `deleteItems` are ascending and distinct, and it moves no item.
  package var deleteItemsAscending = false
  /// Whether the batch's `insertItems` are ascending and distinct, and it moves no item.
  package var insertItemsAscending = false
  /// The bounds after the update.
  public var newBounds: Size
  /// The options after the update (`setWidthClass`).
  public var newConfiguration: LayoutConfiguration

  /// The number of sections after the update.
  public var newSectionCount: Int {
    oldCounts.count - deletions.count + insertions.count
  }

  /// The section before the update of section `n` after it, or `nil` if inserted.
  ///
  /// - Complexity: O(log k) for k sections inserted, deleted or moved.
  public func oldSection(ofNewSection n: Int) -> Int? {
    let i = Self.count(in: insertions) { $0.at < n }
    if i < insertions.count, insertions[i].at == n { return nil }
    var m = n - i
    if !movesByDestination.isEmpty {
      let j = Self.count(in: movesByDestination) { $0.to < n }
      if j < movesByDestination.count, movesByDestination[j].to == n {
        return movesByDestination[j].from
      }
      m -= j
    }
    // n is the m-th section that stays: the old section m + (leaving l_j with l_j − j ≤ m).
    let left = leaving
    var lo = 0
    var hi = left.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if left[mid] - mid <= m { lo = mid + 1 } else { hi = mid }
    }
    return m + lo
  }

  /// The length of the prefix of `sorted` whose values satisfy `below` (monotonic).
  ///
  /// - Complexity: O(log k).
  static func count<Element>(in sorted: [Element], where below: (Element) -> Bool) -> Int {
    var lo = 0
    var hi = sorted.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if below(sorted[mid]) { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Section `n`'s item count after the update.
  ///
  /// - Complexity: O(log k) for k sections and items edited.
  public func newItemCount(ofSection n: Int) -> Int {
    guard let o = oldSection(ofNewSection: n) else {
      let i = Self.count(in: insertions) { $0.at < n }
      return i < insertions.count && insertions[i].at == n ? insertions[i].section.count : 0
    }
    return oldCounts[o] - removed[o] + added[n]
  }

  /// For each section after the update: the section it was before, or `nil` if inserted.
  ///
  /// - Complexity: O(s).
  public var oldSectionOfNewSection: [Int?] {
    guard changesSections else { return oldCounts.indices.map { $0 } }
    return (0..<newSectionCount).map(oldSection(ofNewSection:))
  }

  /// For each section before the update: the section it becomes, or `nil` if deleted.
  ///
  /// - Complexity: O(s).
  public var newSectionOfOldSection: [Int?] {
    guard changesSections else { return oldCounts.indices.map { $0 } }
    var result = [Int?](repeating: nil, count: oldCounts.count)
    for n in 0..<newSectionCount { if let o = oldSection(ofNewSection: n) { result[o] = n } }
    return result
  }

  /// Whether sections are inserted, deleted or moved.
  var changesSections: Bool { !leaving.isEmpty || !insertions.isEmpty }

  /// Item counts after the update, per section.
  ///
  /// - Complexity: O(s).
  public var newItemCounts: [Int] { (0..<newSectionCount).map(newItemCount(ofSection:)) }
}

extension BatchUpdate {
  /// Checks the whole batch against the current content without changing anything.
  ///
  /// Checks: every index in range of its index space; no index named twice in one role; no item
  /// both deleted and moved or resized; no item edit inside a deleted or inserted section; every
  /// new size, section and bound valid; the resulting counts equal `expectedItemCounts` if given.
  ///
  /// - Parameters:
  ///   - oldCounts: the item count of each section before the update.
  ///   - configuration: the options in effect before the update.
  ///   - bounds: the bounds before the update.
  ///   - prefix: prefix for error fields, e.g. `"edits[2]."`.
  /// - Complexity: O(e log e) for e item edits, O(k log k) more for k sections inserted,
  ///   deleted or moved (nothing per section); plus O(m) to validate the m items of inserted sections and O(s) to check
  ///   `expectedItemCounts` when given.
  /// - Throws: `LayoutError.sectionOutOfRange`, `.itemOutOfRange`, `.inconsistentBatch`,
  ///   `.invalidNumber` or `.invalidConfiguration`, naming the offending field.
  public func validate(
    itemCounts oldCounts: [Int], configuration: LayoutConfiguration, bounds: Size,
    field prefix: String = ""
  ) throws(LayoutError) -> BatchPlan {
    var scratch = BatchValidationScratch()
    return try validate(
      itemCounts: SectionCounts(oldCounts), configuration: configuration, bounds: bounds,
      field: prefix, scratch: &scratch)
  }

  /// `validate(itemCounts:configuration:bounds:field:)` sorting the batch's item paths in
  /// `scratch`'s buffers, which the returned plan shares until it is released.
  ///
  /// - Complexity: O(e log e) for e item edits when no section is inserted, deleted or moved,
  ///   with no allocation when the buffers have room (and no `expectedItemCounts`); the rest
  ///   as `validate(itemCounts:configuration:bounds:field:)`.
  package func validate(
    itemCounts oldCounts: SectionCounts, configuration: LayoutConfiguration, bounds: Size,
    field prefix: String = "", scratch: inout BatchValidationScratch
  ) throws(LayoutError) -> BatchPlan {
    let oldSectionCount = oldCounts.count
    guard measureItems.isEmpty else {
      throw .inconsistentBatch(
        field: "\(prefix)measureItems",
        reason: "measurements are applied through SelfSizingLayout, not by an engine")
    }

    // 1. Section deletions (before-space), ascending: the batch's own array when it names them
    //    in that order (no copy, no hashing). A section named twice is reported by the walk in
    //    the batch's order, which finds the first error there.
    let deletions = Self.ascending(deleteSections, by: { $0 })
    if Self.hasAdjacentEqual(deletions, by: { $0 }) {
      // (The walk throws: a section is named twice, or an index before the repeat is invalid.)
      var deletedSection = Set<Int>()
      for (i, s) in deleteSections.enumerated() {
        func field() -> String { "\(prefix)deleteSections[\(i)]" }
        guard s >= 0, s < oldSectionCount else {
          throw .sectionOutOfRange(field: field(), section: s, sectionCount: oldSectionCount)
        }
        guard deletedSection.insert(s).inserted else {
          throw .inconsistentBatch(field: field(), reason: "section \(s) is deleted twice")
        }
      }
    }
    for (i, s) in deleteSections.enumerated() where s < 0 || s >= oldSectionCount {
      throw .sectionOutOfRange(
        field: "\(prefix)deleteSections[\(i)]", section: s, sectionCount: oldSectionCount)
    }
    func isDeleted(_ s: Int) -> Bool { Self.contains(s, inAscending: deletions, by: { $0 }) }

    // 2. Section insertions (after-space), ascending by index, as the deletions.
    let newSectionCount = oldSectionCount - deleteSections.count + insertSections.count
    let insertions = Self.ascending(insertSections, by: \.at)
    let insertsTwice = Self.hasAdjacentEqual(insertions, by: \.at)
    var insertedSection = Set<Int>()  // a section inserted twice only
    for (i, insertion) in insertSections.enumerated() {
      func field() -> String { "\(prefix)insertSections[\(i)].at" }
      guard insertion.at >= 0, insertion.at < newSectionCount else {
        throw .sectionOutOfRange(field: field(), section: insertion.at, sectionCount: newSectionCount)
      }
      guard !insertsTwice || insertedSection.insert(insertion.at).inserted else {
        throw .inconsistentBatch(field: field(), reason: "section \(insertion.at) is inserted twice")
      }
      try insertion.section.validate(field: "\(prefix)insertSections[\(i)]")
    }
    func isInserted(_ s: Int) -> Bool { Self.contains(s, inAscending: insertions, by: \.at) }

    // 3. Section moves (from: before-space, to: after-space), checked in the batch's order.
    //    Their sources and destinations are sorted first (no hashing): when none is named twice
    //    the repeat checks are skipped; otherwise hash sets find the first repeat in the
    //    batch's order. The sections that stay keep their order and fill the after-space
    //    indices no insertion or move destination takes (`BatchPlan.oldSection(ofNewSection:)`
    //    finds them by binary search: nothing per section).
    var movesByDestination: [SectionMove] = []
    var leaving = deletions
    if !moveSections.isEmpty {
      movesByDestination = Self.ascending(moveSections, by: \.to)
      let sources = Self.ascending(moveSections.map(\.from), by: { $0 })
      let movesTwice =
        Self.hasAdjacentEqual(sources, by: { $0 })
        || Self.hasAdjacentEqual(movesByDestination, by: \.to)
      var movedSection = Set<Int>()  // a section moved twice only
      var destination = Set<Int>()  // a destination named twice only
      for (i, move) in moveSections.enumerated() {
        let from = "\(prefix)moveSections[\(i)].from"
        guard move.from >= 0, move.from < oldSectionCount else {
          throw .sectionOutOfRange(field: from, section: move.from, sectionCount: oldSectionCount)
        }
        guard !isDeleted(move.from), !movesTwice || movedSection.insert(move.from).inserted else {
          throw .inconsistentBatch(
            field: from, reason: "section \(move.from) is deleted or moved more than once")
        }
        let to = "\(prefix)moveSections[\(i)].to"
        guard move.to >= 0, move.to < newSectionCount else {
          throw .sectionOutOfRange(field: to, section: move.to, sectionCount: newSectionCount)
        }
        guard !isInserted(move.to), !movesTwice || destination.insert(move.to).inserted else {
          throw .inconsistentBatch(
            field: to, reason: "two sections are inserted or moved to \(move.to)")
        }
      }
      leaving = deletions.mergingAscending(sources, by: <)
    }

    // 4. Item edits in before-space: deletions, resizes, move sources.
    // The paths are sorted first (no hashing, no allocation with the engine's scratch): when no
    // path is named twice, the checks below skip the repeat checks; otherwise they run with
    // hash sets, which find the first repeat in the batch's order.
    let repeats = scratch.sortPaths(of: self)
    var removed = Set<ItemPath>()  // deleted or moved out (repeats only)
    // Field names are built only for an error: a valid batch allocates no strings.
    func checkOld(_ path: ItemPath, _ field: @autoclosure () -> String) throws(LayoutError) {
      guard path.section >= 0, path.section < oldSectionCount else {
        throw .sectionOutOfRange(field: field(), section: path.section, sectionCount: oldSectionCount)
      }
      guard path.item >= 0, path.item < oldCounts[path.section] else {
        throw .itemOutOfRange(field: field(), path: path)
      }
      if !deletions.isEmpty, isDeleted(path.section) {
        throw .inconsistentBatch(field: field(), reason: "item \(path) is in a section deleted by the same batch")
      }
    }
    var deleted = Set<ItemPath>()
    // A batch naming no path twice whose deletions all exist (one tight pass: a filter's
    // 500 000) skips the per-path checks, which then find nothing.
    // Packed (`PackedDeletions`): ascending in one section, indices ≥ 0; all exist when the
    // section does and its last one does.
    let packedDeletions = scratch.deletionsArePacked ? deletionList.packed : nil
    let deletionsExist: Bool
    if repeats {
      deletionsExist = false
    } else if let packed = packedDeletions {
      deletionsExist =
        packed.lastItem.map { last in
          packed.section >= 0 && packed.section < oldSectionCount
            && !(!deletions.isEmpty && isDeleted(packed.section))
            && last < oldCounts[packed.section]
        } ?? true
    } else if deletionList.packed == nil {
      deletionsExist =
        scratch.deletionsAreAscending
        ? Self.ascendingExist(deletionList.list, counts: oldCounts, deletedSections: deletions)
        : Self.allExist(deletionList.list, counts: oldCounts, deletedSections: deletions)
    } else {
      // Packed beside moves or resizes: the list, built for the walk below.
      deletionsExist = false
    }
    if !deletionsExist {
      for (i, path) in deleteItems.enumerated() {
        try checkOld(path, "\(prefix)deleteItems[\(i)]")
        guard !repeats || removed.insert(path).inserted else {
          throw .inconsistentBatch(
            field: "\(prefix)deleteItems[\(i)]", reason: "item \(path) is deleted twice")
        }
        if repeats { deleted.insert(path) }
      }
    }
    for (i, move) in moveItems.enumerated() {
      try checkOld(move.from, "\(prefix)moveItems[\(i)].from")
      guard !repeats || removed.insert(move.from).inserted else {
        throw .inconsistentBatch(
          field: "\(prefix)moveItems[\(i)].from",
          reason: "item \(move.from) is deleted or moved more than once")
      }
    }
    var resized = Set<ItemPath>()
    for (i, resize) in resizeItems.enumerated() {
      try checkOld(resize.at, "\(prefix)resizeItems[\(i)].at")
      if repeats, deleted.contains(resize.at) {
        throw .inconsistentBatch(
          field: "\(prefix)resizeItems[\(i)].at", reason: "item \(resize.at) is deleted and resized")
      }
      if repeats, removed.contains(resize.at) {
        // UIKit refuses a reload and a move of one index path in one batch.
        throw .inconsistentBatch(
          field: "\(prefix)resizeItems[\(i)].at",
          reason: "item \(resize.at) is moved and resized (reload and move of one index path)")
      }
      guard !repeats || resized.insert(resize.at).inserted else {
        throw .inconsistentBatch(
          field: "\(prefix)resizeItems[\(i)].at", reason: "item \(resize.at) is resized twice")
      }
      try LayoutValidation.size(resize.size, field: "\(prefix)resizeItems[\(i)].size")
    }

    // 5. Item edits in after-space: insertions and move destinations.
    var destinations = Set<ItemPath>()  // repeats only
    func checkNew(_ path: ItemPath, _ field: @autoclosure () -> String) throws(LayoutError) {
      guard path.section >= 0, path.section < newSectionCount else {
        throw .sectionOutOfRange(field: field(), section: path.section, sectionCount: newSectionCount)
      }
      if !insertions.isEmpty, isInserted(path.section) {
        throw .inconsistentBatch(
          field: field(), reason: "item \(path) is in a section inserted by the same batch (insert it with the section)")
      }
      guard path.item >= 0 else { throw .itemOutOfRange(field: field(), path: path) }
      guard !repeats || destinations.insert(path).inserted else {
        throw .inconsistentBatch(field: field(), reason: "two items are inserted or moved to \(path)")
      }
    }
    // Likewise insertions in existing sections, none inserted, at indices ≥ 0 with valid sizes
    // (one tight pass: a restore's 500 000).
    // The insertions when packed (`PackedInsertions`), read once.
    let packed = insertionList.packed
    var insertionsPass = !repeats
    if insertionsPass {
      if !scratch.destinationsAreInsertions {
        insertionsPass = Self.allPlausible(
          insertItems, sectionCount: newSectionCount, insertedSections: insertions)
      } else if let packed {
        // Packed: ascending in one section, indices ≥ 0, sizes screened when read.
        insertionsPass =
          packed.count == 0
          || (packed.section < newSectionCount
            && !Self.contains(packed.section, inAscending: insertions, by: \.at)
            && packed.maxSizeBits <= LayoutLimits.maximumLength.bitPattern)
      } else {
        insertionsPass = Self.ascendingPlausible(
          insertItems, sizeBits: scratch.insertionSizeBits, sectionCount: newSectionCount,
          insertedSections: insertions)
      }
    }
    if !insertionsPass {
      for (i, insertion) in insertItems.enumerated() {
        try checkNew(insertion.at, "\(prefix)insertItems[\(i)].at")
        try LayoutValidation.size(insertion.size, field: "\(prefix)insertItems[\(i)].size")
      }
    }
    for (i, move) in moveItems.enumerated() {
      try checkNew(move.to, "\(prefix)moveItems[\(i)].to")
    }
    // Not reached when a path is named twice (the checks above throw), so the tallies count
    // each path once.
    let removedPerSection =
      packedDeletions.map { SectionTally(section: $0.section, count: $0.count) }
      ?? SectionTally(ascending: scratch.removals)
    let addedPerSection =
      scratch.destinationsAreInsertions
      ? (packed.map { SectionTally(section: $0.section, count: $0.count) }
        ?? SectionTally(ascending: insertItems.lazy.map(\.at)))
      : SectionTally(ascending: scratch.destinations)

    // 6. Counts after the update, and every destination inside them.
    // Built whole (a `var` set after its init is copied and destroyed once more per batch).
    let plan = BatchPlan(
      oldCounts: oldCounts, movesByDestination: movesByDestination, leaving: leaving,
      deletions: deletions, removed: removedPerSection,
      added: addedPerSection, insertions: insertions,
      deleteItemsAscending: scratch.deletionsAreAscending,
      insertItemsAscending: scratch.destinationsAreInsertions, newBounds: bounds,
      newConfiguration: configuration)
    // A section's count is looked up once per run of edits naming it (a batch's edits
    // usually name few sections).
    var counted = (section: -1, count: 0)
    func newCount(_ s: Int) -> Int {
      if counted.section != s { counted = (s, plan.newItemCount(ofSection: s)) }
      return counted.count
    }
    // Insertions ascending in one section (a restore's 500 000): all inside the counts when
    // the last is; else the walk names the first outside.
    var insertionsInside = scratch.destinationsAreInsertions
    if insertionsInside {
      if let packed {
        if let last = packed.lastItem { insertionsInside = last < newCount(packed.section) }
      } else if let last = insertItems.last {
        insertionsInside =
          insertItems[0].at.section == last.at.section && last.at.item < newCount(last.at.section)
      }
    }
    if !insertionsInside {
      for (i, insertion) in insertItems.enumerated()
      where insertion.at.item >= newCount(insertion.at.section) {
        throw .itemOutOfRange(field: "\(prefix)insertItems[\(i)].at", path: insertion.at)
      }
    }
    for (i, move) in moveItems.enumerated() where move.to.item >= newCount(move.to.section) {
      throw .itemOutOfRange(field: "\(prefix)moveItems[\(i)].to", path: move.to)
    }
    if let expected = expectedItemCounts {
      guard expected.count == newSectionCount else {
        throw .inconsistentBatch(
          field: "\(prefix)expectedItemCounts",
          reason: "the update leaves \(newSectionCount) sections, the data source has \(expected.count)")
      }
      for (n, count) in expected.enumerated() where count != plan.newItemCount(ofSection: n) {
        throw .inconsistentBatch(
          field: "\(prefix)expectedItemCounts[\(n)]",
          reason: "invalid number of items in section \(n): the update leaves "
            + "\(plan.newItemCount(ofSection: n)) items "
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
          let transposes = configuration.scrollsAlongX
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
        configuration: newConfiguration, bounds: newBounds,
        field: "\(prefix)insertSections[\(i)]")
    }
    var result = plan
    result.newBounds = newBounds
    result.newConfiguration = newConfiguration
    return result
  }
}

/// Item counts per section, as a batch's validation reads them: an array, or the slots of a
/// gap buffer read in place (the fast engine keeps its counts in a `GapBuffer`, so that a section
/// is inserted or removed without moving the counts after it): section `s` is slot `s` before
/// the gap and slot `s + gapLength` after it.
package struct SectionCounts: RandomAccessCollection, Hashable, Sendable {
  /// The counts and the gap, in slot order.
  let slots: [Int]
  /// The first slot of the gap.
  let gapStart: Int
  /// The number of slots in the gap.
  let gapLength: Int

  /// `counts`, with no gap (sharing the array's storage).
  package init(_ counts: [Int]) {
    slots = counts
    gapStart = counts.count
    gapLength = 0
  }

  /// The counts in `slots` but `gapStart ..< gapStart + gapLength` (sharing their storage).
  package init(slots: [Int], gapStart: Int, gapLength: Int) {
    self.slots = slots
    self.gapStart = gapStart
    self.gapLength = gapLength
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { slots.count - gapLength }

  /// Section `s`'s count.
  ///
  /// - Complexity: O(1).
  package subscript(s: Int) -> Int { slots[s < gapStart ? s : s + gapLength] }

  package static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for c in self { hasher.combine(c) }
  }
}

extension BatchUpdate {
  /// `values` in ascending order of `key` (stable): `values` itself, sharing its storage, when
  /// it is already in that order.
  ///
  /// - Complexity: O(k) when in order (no allocation), else O(k log k).
  static func ascending<Element>(_ values: [Element], by key: (Element) -> Int) -> [Element] {
    var k = 1
    while k < values.count, key(values[k - 1]) <= key(values[k]) { k += 1 }
    return k >= values.count ? values : values.sorted { key($0) < key($1) }
  }

  /// Whether every path of `paths` names an existing item (section in `counts`' range, item
  /// below its count) of a section not in `deletedSections` (ascending): what the per-path
  /// checks of `validate` find true of each, in one pass (no field names, no hashing).
  ///
  /// - Complexity: O(k) for k paths, plus O(log d) per run of paths of one section.
  static func allExist(
    _ paths: [ItemPath], counts: SectionCounts, deletedSections: [Int]
  ) -> Bool {
    paths.withUnsafeBufferPointer { b in
      var section = -1
      var count = 0
      var fits = true
      for path in b {
        if path.section != section {
          guard path.section >= 0, path.section < counts.count,
            !contains(path.section, inAscending: deletedSections, by: { $0 })
          else { return false }
          section = path.section
          count = counts[section]
        }
        fits = fits && UInt(bitPattern: path.item) < UInt(bitPattern: count)
      }
      return fits
    }
  }

  /// `allExist(_:counts:deletedSections:)` of paths known to be ascending and distinct: those
  /// between the first and the last exist when both do and they name one section.
  ///
  /// - Complexity: O(log d) when the first and the last path name one section, else as
  ///   `allExist`.
  static func ascendingExist(
    _ paths: [ItemPath], counts: SectionCounts, deletedSections: [Int]
  ) -> Bool {
    guard let first = paths.first, let last = paths.last else { return true }
    guard first.section == last.section else {
      return allExist(paths, counts: counts, deletedSections: deletedSections)
    }
    return first.section >= 0 && first.section < counts.count
      && !contains(first.section, inAscending: deletedSections, by: { $0 })
      && first.item >= 0 && last.item < counts[first.section]
  }

  /// `allPlausible(_:sectionCount:insertedSections:)` of insertions known to be ascending and
  /// distinct, `sizeBits` the largest bit pattern of their widths and heights: those between
  /// the first and the last name its section and an index ≥ 0 when it does and they name one
  /// section.
  ///
  /// - Complexity: O(log j) when the first and the last name one section, else as
  ///   `allPlausible`.
  static func ascendingPlausible(
    _ insertions: [ItemInsertion], sizeBits: UInt64, sectionCount: Int,
    insertedSections: [SectionInsertion]
  ) -> Bool {
    guard let first = insertions.first?.at, let last = insertions.last?.at else { return true }
    guard first.section == last.section else {
      return allPlausible(
        insertions, sectionCount: sectionCount, insertedSections: insertedSections)
    }
    return first.section >= 0 && first.section < sectionCount
      && !contains(first.section, inAscending: insertedSections, by: \.at)
      && first.item >= 0 && sizeBits <= LayoutLimits.maximumLength.bitPattern
  }

  /// Whether every insertion of `insertions` names a section below `sectionCount` not in
  /// `insertedSections` (ascending by `at`), an item index ≥ 0 and a valid size: what the
  /// per-insertion checks of `validate` before the counts are known find true of each, in one
  /// pass (sizes screened by their bit patterns, as `LengthScreen`: conservative, −0 fails).
  ///
  /// - Complexity: O(k) for k insertions, plus O(log j) per run of one section.
  static func allPlausible(
    _ insertions: [ItemInsertion], sectionCount: Int, insertedSections: [SectionInsertion]
  ) -> Bool {
    insertions.withUnsafeBufferPointer { b in
      var section = -1
      var negative = 0
      var maxBits: UInt64 = 0
      for insertion in b {
        if insertion.at.section != section {
          guard insertion.at.section >= 0, insertion.at.section < sectionCount,
            !contains(insertion.at.section, inAscending: insertedSections, by: \.at)
          else { return false }
          section = insertion.at.section
        }
        negative |= insertion.at.item
        let w = insertion.size.width.bitPattern
        let h = insertion.size.height.bitPattern
        maxBits = max(maxBits, w > h ? w : h)
      }
      return negative >= 0 && maxBits <= LayoutLimits.maximumLength.bitPattern
    }
  }

  /// Whether two neighbours of `sorted` (ascending by `key`) have one key.
  ///
  /// - Complexity: O(k).
  static func hasAdjacentEqual<Element, Key: Equatable>(
    _ sorted: [Element], by key: (Element) -> Key
  ) -> Bool {
    var k = 1
    while k < sorted.count {
      if key(sorted[k - 1]) == key(sorted[k]) { return true }
      k += 1
    }
    return false
  }

  /// Whether `sorted` (ascending by `key`) holds an element whose key is `value`.
  ///
  /// - Complexity: O(log k).
  static func contains<Element>(
    _ value: Int, inAscending sorted: [Element], by key: (Element) -> Int
  ) -> Bool {
    let i = BatchPlan.count(in: sorted) { key($0) < value }
    return i < sorted.count && key(sorted[i]) == value
  }
}

/// A batch an engine applies with its validation already done: made only inside this package
/// (`SelfSizingLayout`), from the plan the batch's validation returned for the engine's current
/// counts, options and bounds, so that a session's batch is validated once and its path map
/// built once.
public struct ValidatedBatch: Sendable {
  /// The batch, as the engine applies it (no `measureItems`).
  package var update: BatchUpdate
  /// What `update`'s validation returned against the engine as it is now (nothing changed
  /// since).
  package var plan: BatchPlan
  /// `BatchPathMap(update)`.
  package var map: BatchPathMap

  /// - Precondition: `plan` is what validating `update` against the engine's current counts,
  ///   options and bounds returned, and `map` is `BatchPathMap(update)`.
  package init(update: BatchUpdate, plan: consuming BatchPlan, map: BatchPathMap) {
    self.update = update
    self.plan = plan
    self.map = map
  }
}
