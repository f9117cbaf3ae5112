import FlowLayoutModel

/// Seeded edits for a workload's collection: the single edits in the middle that the runner
/// times, the edits users make (a move, a page appended or prepended, a section inserted or
/// deleted) each with the edit that undoes it, and batches of mixed edits that keep every
/// section's item count.
///
/// Every edit is valid against the collection `Workload.input(itemCount:)` builds, and against
/// any state reached by applying only this type's edits (the counts never change, except between
/// `middleInsertion` and the `middleDeletion` that undoes it, and between a `ReversibleEdit`'s
/// `edit` and its `undo`).
public struct EditScript: Sendable {
  public let workload: Workload
  /// Item counts per section of the collection the edits apply to.
  public let itemCounts: [Int]

  public init(workload: Workload, itemCounts: [Int]) {
    self.workload = workload
    self.itemCounts = itemCounts
  }

  public init(workload: Workload, itemCount n: Int) {
    let per = workload.itemsPerSection ?? max(n, 1)
    var counts: [Int] = []
    var left = n
    repeat {
      counts.append(min(per, left))
      left -= per
    } while left > 0
    self.init(workload: workload, itemCounts: counts)
  }

  /// The item in the middle: the middle item of the middle section.
  public var middle: ItemPath {
    let s = itemCounts.count / 2
    return ItemPath(section: s, item: itemCounts[s] / 2)
  }

  /// Resizes the middle item; `phase` 0 and 1 give two different sizes, so alternating phases
  /// changes the item every time.
  public func middleResize(phase: Int) -> BatchUpdate {
    let base =
      workload.name == "columns" ? Size(width: 163.5, height: 120) : Size(width: 110, height: 150)
    let size = phase % 2 == 0 ? base : Size(width: base.width + 7, height: base.height + 31)
    return BatchUpdate(resizeItems: [ItemResize(at: middle, size: size)])
  }

  /// Inserts one item before the middle item, sized from the workload's edit range (a grid cell
  /// in the Fiori grid, as a user inserts one), the same size on every call.
  public func middleInsertion(seed: UInt64 = 0x1A5E_0001) -> BatchUpdate {
    var rng = SplitMix64(seed: seed)
    return BatchUpdate(
      insertItems: [ItemInsertion(at: middle, size: workload.editSize(using: &rng))])
  }

  /// Deletes the middle item.
  public func middleDeletion() -> BatchUpdate {
    BatchUpdate(deleteItems: [middle])
  }

  /// The path of the item at flat position `index` (items counted across sections in order).
  ///
  /// - Complexity: O(s) for s sections.
  public func path(ofItemAt index: Int) -> ItemPath {
    var k = index
    var s = 0
    while s < itemCounts.count - 1 && k >= itemCounts[s] {
      k -= itemCounts[s]
      s += 1
    }
    return ItemPath(section: s, item: k)
  }

  /// `move`: the item at flat position ⌊n/4⌋ moves to the after-space path of the item at flat
  /// position ⌊3n/4⌋ (the same section for single-section workloads; another section, which
  /// grows by one, for sectioned ones). Undone by moving it back.
  ///
  /// - Complexity: O(s).
  public func quarterMove() -> ReversibleEdit {
    let total = itemCounts.reduce(0, +)
    guard total > 0 else { return ReversibleEdit(edit: BatchUpdate(), undo: BatchUpdate()) }
    let from = path(ofItemAt: total / 4)
    let to = path(ofItemAt: 3 * total / 4)
    return ReversibleEdit(
      edit: BatchUpdate(moveItems: [ItemMove(from: from, to: to)]),
      undo: BatchUpdate(moveItems: [ItemMove(from: to, to: from)]))
  }

  /// `append`: a page of `count` new items after the last item of the last section, as infinite
  /// scroll loads them (sizes drawn from the workload's edit range). Undone by deleting them.
  ///
  /// - Complexity: O(count).
  public func pageAppend(count: Int = 50, seed: UInt64 = 0xA99E_0001) -> ReversibleEdit {
    let section = itemCounts.count - 1
    return pageInsertion(
      paths: (0..<count).map { ItemPath(section: section, item: itemCounts[section] + $0) },
      seed: seed)
  }

  /// `prepend`: `count` new items before the first item of the first section, as a feed refresh
  /// adds them (sizes drawn from the workload's edit range). Undone by deleting them.
  ///
  /// - Complexity: O(count).
  public func pagePrepend(count: Int = 20, seed: UInt64 = 0x9EE9_0001) -> ReversibleEdit {
    pageInsertion(paths: (0..<count).map { ItemPath(section: 0, item: $0) }, seed: seed)
  }

  /// New items at `paths` (after-space, ascending), sized from `seed`; undone by deleting the
  /// same paths.
  func pageInsertion(paths: [ItemPath], seed: UInt64) -> ReversibleEdit {
    var rng = SplitMix64(seed: seed ^ workload.seed)
    return ReversibleEdit(
      edit: BatchUpdate(
        insertItems: paths.map { ItemInsertion(at: $0, size: workload.editSize(using: &rng)) }),
      undo: BatchUpdate(deleteItems: paths))
  }

  /// The index where `insertSection` inserts its section: ⌊s/2⌋ of the s sections (0 for a
  /// single-section workload, so the new section comes before all of its items).
  public var middleSectionIndex: Int { itemCounts.count / 2 }

  /// `insertSection`: a new section at `middleSectionIndex` holding the workload's items per
  /// section (20 for single-section workloads), with the workload's header height, sizes drawn
  /// from its edit range. Undone by deleting that section.
  ///
  /// - Complexity: O(m) for the m items of the new section.
  public func middleSectionInsertion(seed: UInt64 = 0x5EC1_0001) -> ReversibleEdit {
    var rng = SplitMix64(seed: seed ^ workload.seed)
    let sizes = (0..<(workload.itemsPerSection ?? 20)).map { _ in workload.editSize(using: &rng) }
    let at = middleSectionIndex
    return ReversibleEdit(
      edit: BatchUpdate(
        insertSections: [
          SectionInsertion(
            at: at, section: SectionData(header: workload.sectionHeaderHeight, items: sizes))
        ]),
      undo: BatchUpdate(deleteSections: [at]))
  }

  /// `deleteSection` on a collection whose sections are `sections` (the `itemCounts` of this
  /// script): the section at `middleSectionIndex` deleted, undone by inserting it back with the
  /// same content. A single-section workload has no section to delete but all of its items, so
  /// its `preparation` first inserts `middleSectionInsertion`'s small section (at index 0) and
  /// the edit deletes that one: the same work as undoing `insertSection`.
  ///
  /// - Complexity: O(m) for the m items of the deleted section.
  public func middleSectionDeletion(sections: [SectionData]) -> (
    preparation: BatchUpdate?, deletion: ReversibleEdit
  ) {
    precondition(sections.map(\.count) == itemCounts, "sections are not this script's collection")
    if sections.count == 1 {
      let insertion = middleSectionInsertion()
      return (insertion.edit, ReversibleEdit(edit: insertion.undo, undo: insertion.edit))
    }
    let at = middleSectionIndex
    return (
      nil,
      ReversibleEdit(
        edit: BatchUpdate(deleteSections: [at]),
        undo: BatchUpdate(insertSections: [SectionInsertion(at: at, section: sections[at])]))
    )
  }

  /// `count` batches of `editsPerBatch` mixed edits each: a third resizes, the rest deletions and
  /// insertions in equal numbers per section, so every section keeps its count and every batch
  /// stays valid whatever order the batches are applied in.
  ///
  /// - Complexity: O(count · e log e) for e edits per batch.
  public func mixedBatches(count: Int, editsPerBatch e: Int = 100, seed: UInt64 = 0xBA7C_0001)
    -> [BatchUpdate]
  {
    var rng = SplitMix64(seed: seed ^ workload.seed)
    let total = itemCounts.reduce(0, +)
    guard total > 0 else { return Array(repeating: BatchUpdate(), count: count) }
    var batches: [BatchUpdate] = []
    batches.reserveCapacity(count)
    for _ in 0..<count {
      let pairs = min((e - e / 3) / 2, total / 4)
      let resizes = min(e - 2 * pairs, total / 4)
      var deleted = Set<ItemPath>()
      var inserted = Set<ItemPath>()
      var resized = Set<ItemPath>()
      var batch = BatchUpdate()
      func randomPath() -> ItemPath {
        var k = rng.nextInt(below: total)
        var s = 0
        while k >= itemCounts[s] {
          k -= itemCounts[s]
          s += 1
        }
        return ItemPath(section: s, item: k)
      }
      while deleted.count < pairs {
        let p = randomPath()
        guard deleted.insert(p).inserted else { continue }
        batch.deleteItems.append(p)
        // Its partner insertion goes into the same section, so counts are kept.
        while true {
          let q = ItemPath(section: p.section, item: rng.nextInt(below: itemCounts[p.section]))
          if inserted.insert(q).inserted {
            batch.insertItems.append(ItemInsertion(at: q, size: workload.editSize(using: &rng)))
            break
          }
        }
      }
      while resized.count < resizes {
        let p = randomPath()
        guard !deleted.contains(p), resized.insert(p).inserted else { continue }
        batch.resizeItems.append(ItemResize(at: p, size: workload.editSize(using: &rng)))
      }
      batches.append(batch)
    }
    return batches
  }

  /// `count` item paths spread over the collection, for `lookup`.
  public func lookupPaths(count: Int, seed: UInt64 = 0x100C_0001) -> [ItemPath] {
    var rng = SplitMix64(seed: seed ^ workload.seed)
    let total = itemCounts.reduce(0, +)
    guard total > 0 else { return [] }
    let per = workload.itemsPerSection ?? total
    return (0..<count).map { _ in
      let k = rng.nextInt(below: total)
      return ItemPath(section: k / per, item: k % per)
    }
  }
}

/// An edit and the edit that undoes it: applying `edit` then `undo` leaves the collection as it
/// was (same sections, item counts and sizes), so the pair can run any number of times.
public struct ReversibleEdit: Hashable, Sendable {
  public var edit: BatchUpdate
  public var undo: BatchUpdate

  public init(edit: BatchUpdate, undo: BatchUpdate) {
    self.edit = edit
    self.undo = undo
  }
}
