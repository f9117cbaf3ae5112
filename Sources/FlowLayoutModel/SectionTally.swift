/// Counts per section of a batch's item paths (section → how many paths name it), read from the
/// paths sorted by section: no hashing, and it shares the sorted buffer (nothing copied).
struct SectionTally: Hashable, Sendable {
  /// The paths, ascending.
  private let paths: [ItemPath]

  /// A tally of `paths`, which must be ascending.
  init(sorted paths: [ItemPath]) {
    self.paths = paths
  }

  /// Section `s`'s count (0 when no path names it).
  ///
  /// - Complexity: O(log k) for k paths.
  subscript(s: Int) -> Int {
    firstIndex(ofSectionAtLeast: s + 1) - firstIndex(ofSectionAtLeast: s)
  }

  /// The index of the first path whose section is at least `s` (`paths.count` if none).
  private func firstIndex(ofSectionAtLeast s: Int) -> Int {
    var lo = 0
    var hi = paths.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if paths[mid].section < s { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}

/// The buffers `BatchUpdate.validate(itemCounts:configuration:bounds:field:scratch:)` sorts a
/// batch's item paths in. An engine keeps one between batches so that validating a batch
/// allocates nothing once the buffers have grown; no state is kept between batches.
package struct BatchValidationScratch: Sendable {
  /// Deleted items and move sources (before-space), ascending.
  var removals: [ItemPath] = []
  /// Resized items (before-space), ascending.
  var resizes: [ItemPath] = []
  /// Inserted items and move destinations (after-space), ascending.
  var destinations: [ItemPath] = []

  package init() {}

  /// The largest buffer's capacity (an engine lets the scratch go past a limit).
  package var capacity: Int {
    max(removals.capacity, resizes.capacity, destinations.capacity)
  }

  /// Deletions at or above which `sortPaths(of:)` shares the batch's list instead of copying
  /// it into `removals`.
  static let sharedListCount = 4096

  /// Fills the buffers with `update`'s item paths, sorted.
  ///
  /// - Returns: whether some path is named twice where a batch may not name it twice: removed
  ///   (deleted or moved out) twice, resized twice, removed and resized, or entered (inserted
  ///   or moved in) twice. Out-of-range paths count like any other.
  /// - Complexity: O(e log e) for e item edits; no allocation when the buffers have room (a large list of
  ///   deletions alone is shared, not copied).
  mutating func sortPaths(of update: BatchUpdate) -> Bool {
    resizes.removeAll(keepingCapacity: true)
    destinations.removeAll(keepingCapacity: true)
    if update.moveItems.isEmpty, update.deleteItems.count >= Self.sharedListCount {
      // A large batch of deletions: its own list, shared (sorted below without a write when
      // in order, as batches name them), not copied.
      removals = update.deleteItems
    } else {
      removals.removeAll(keepingCapacity: true)
      removals.append(contentsOf: update.deleteItems)
    }
    destinations.reserveCapacity(update.insertItems.count + update.moveItems.count)
    for move in update.moveItems {
      removals.append(move.from)
      destinations.append(move.to)
    }
    for resize in update.resizeItems { resizes.append(resize.at) }
    for insertion in update.insertItems { destinations.append(insertion.at) }
    removals.sortInPlace()
    resizes.sortInPlace()
    destinations.sortInPlace()
    if BatchUpdate.hasAdjacentEqual(removals, by: { $0 })
      || BatchUpdate.hasAdjacentEqual(resizes, by: { $0 })
      || BatchUpdate.hasAdjacentEqual(destinations, by: { $0 })
    {
      return true
    }
    // Removed and resized: a merge walk of the two ascending lists.
    var r = 0
    var x = 0
    while r < removals.count, x < resizes.count {
      if removals[r] == resizes[x] { return true }
      if removals[r] < resizes[x] { r += 1 } else { x += 1 }
    }
    return false
  }
}
