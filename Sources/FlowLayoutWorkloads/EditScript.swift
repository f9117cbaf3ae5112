import FlowLayoutModel

/// Seeded edits for a workload's collection: the single edits in the middle that the runner
/// times, and batches of mixed edits that keep every section's item count.
///
/// Every edit is valid against the collection `Workload.input(itemCount:)` builds, and against
/// any state reached by applying only this type's edits (the counts never change, except between
/// `middleInsertion` and the `middleDeletion` that undoes it).
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

  /// Inserts one item before the middle item.
  public func middleInsertion() -> BatchUpdate {
    BatchUpdate(insertItems: [ItemInsertion(at: middle, size: Size(width: 137, height: 151))])
  }

  /// Deletes the middle item.
  public func middleDeletion() -> BatchUpdate {
    BatchUpdate(deleteItems: [middle])
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
