/// Counts per section of a batch's item paths (section → how many paths name it), read from the
/// paths sorted by section: no hashing, one entry per run of paths naming one section (a batch
/// of 500 000 paths in one section: one entry).
struct SectionTally: Hashable, Sendable {
  /// Per section named, ascending: the section and the number of paths up to its run's end;
  /// the first run kept apart, so that a batch naming one section allocates nothing.
  private var first: Run?
  private var more: [Run] = []

  struct Run: Hashable, Sendable {
    var section: Int
    var end: Int
  }

  /// A tally of `paths`, which must be ascending by section.
  ///
  /// - Complexity: O(k) for k paths; an allocation only for a second section named.
  init<Paths: Sequence<ItemPath>>(sorted paths: Paths) {
    var section = 0
    var count = 0
    var started = false
    for path in paths {
      if !started || path.section != section {
        if started { append(Run(section: section, end: count)) }
        section = path.section
        started = true
      }
      count &+= 1
    }
    if started { append(Run(section: section, end: count)) }
  }

  /// A tally of ascending `paths`: O(1) when the first and the last name one section (all
  /// do), else `init(sorted:)`.
  ///
  /// - Complexity: O(1) for one section, else O(k) for k paths.
  init<Paths: RandomAccessCollection<ItemPath>>(ascending paths: Paths) {
    if let first = paths.first, let last = paths.last, first.section == last.section {
      self.init(sorted: EmptyCollection())
      self.first = Run(section: first.section, end: paths.count)
    } else {
      self.init(sorted: paths)
    }
  }

  /// A tally of `count` paths naming `section` (none when `count` is 0).
  ///
  /// - Complexity: O(1).
  init(section: Int, count: Int) {
    if count > 0 { first = Run(section: section, end: count) }
  }

  private mutating func append(_ run: Run) {
    if first == nil { first = run } else { more.append(run) }
  }

  /// Run `k` (the first, then `more`).
  private func run(_ k: Int) -> Run { k == 0 ? first! : more[k - 1] }

  /// Section `s`'s count (0 when no path names it).
  ///
  /// - Complexity: O(log r) for r sections named.
  subscript(s: Int) -> Int {
    let count = first == nil ? 0 : more.count + 1
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if run(mid).section < s { lo = mid + 1 } else { hi = mid }
    }
    guard lo < count, run(lo).section == s else { return 0 }
    return run(lo).end - (lo > 0 ? run(lo - 1).end : 0)
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
  /// Inserted items and move destinations (after-space), ascending; empty when
  /// `destinationsAreInsertions`.
  var destinations: [ItemPath] = []
  /// Whether the destinations are the batch's insertions in their own order (ascending and
  /// distinct, no moves), not copied into `destinations`.
  var destinationsAreInsertions = false
  /// Whether the batch's deletions are ascending and distinct and it moves no item (so that
  /// `removals` are the deletions in their own order).
  var deletionsAreAscending = false
  /// Whether the batch's deletions are packed (`PackedDeletions`) and it moves and resizes no
  /// item: then `removals` is empty and the deletions are read from the batch.
  var deletionsArePacked = false
  /// The largest bit pattern of the insertions' widths and heights, read in the pass that
  /// found `destinationsAreInsertions` (0 when that is false).
  var insertionSizeBits: UInt64 = 0

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
    // Packed deletions alone: ascending and distinct in one section by construction, read
    // where they are (`deletionsArePacked`), none listed here. Else the list (built once when
    // packed).
    deletionsArePacked = false
    if update.deletionList.packed == nil {
      takeDeletions(update.deletionList.list, moves: !update.moveItems.isEmpty)
    } else if update.moveItems.isEmpty, update.resizeItems.isEmpty {
      removals.removeAll(keepingCapacity: true)
      deletionsArePacked = true
      deletionsAreAscending = true
    } else {
      takeDeletions(update.deleteItems, moves: !update.moveItems.isEmpty)
    }
    for move in update.moveItems {
      removals.append(move.from)
      destinations.append(move.to)
    }
    for resize in update.resizeItems { resizes.append(resize.at) }
    // Insertions alone, named in ascending order: read where they are
    // (`destinationsAreInsertions`), not copied; their sizes screened in the same pass.
    insertionSizeBits = 0
    destinationsAreInsertions = false
    if update.moveItems.isEmpty, let packed = update.insertionList.packed {
      // Packed: ascending and distinct by construction, the sizes screened when read.
      destinationsAreInsertions = true
      insertionSizeBits = packed.maxSizeBits
    } else if update.moveItems.isEmpty {
      let (ascending, bits) = Self.ascendingSizeBits(update.insertItems)
      destinationsAreInsertions = ascending
      if ascending { insertionSizeBits = bits }
    }
    if !destinationsAreInsertions {
      destinations.reserveCapacity(update.insertItemCount + update.moveItems.count)
      for insertion in update.insertItems { destinations.append(insertion.at) }
    }
    if !deletionsAreAscending { removals.sortInPlace() }
    resizes.sortInPlace()
    destinations.sortInPlace()
    if !deletionsAreAscending && BatchUpdate.hasAdjacentEqual(removals, by: { $0 })
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

  /// Puts a batch's listed `deletions` in `removals` (a large list shared, not copied) and
  /// finds whether they are ascending (`deletionsAreAscending`; never when the batch `moves`
  /// items).
  ///
  /// - Complexity: O(k) for k deletions.
  private mutating func takeDeletions(_ deletions: [ItemPath], moves: Bool) {
    if !moves, deletions.count >= Self.sharedListCount {
      // A large batch of deletions: its own list, shared (sorted below without a write when
      // in order, as batches name them), not copied.
      removals = deletions
    } else {
      removals.removeAll(keepingCapacity: true)
      removals.append(contentsOf: deletions)
    }
    // Deletions alone, named in ascending order (as batches name them): one pass, no sort and
    // no search for a repeat after it.
    deletionsAreAscending = !moves && Self.isStrictlyAscending(deletions)
  }

  /// Whether `insertions` name strictly ascending paths (so sorted and distinct), and the
  /// largest bit pattern of their widths and heights when they do.
  ///
  /// - Complexity: O(k) for k insertions; one pass on the array's buffer, no captured state.
  static func ascendingSizeBits(_ insertions: [ItemInsertion]) -> (ascending: Bool, bits: UInt64) {
    insertions.withUnsafeBufferPointer { b in
      guard let first = b.first else { return (true, 0) }
      var previous = first.at
      var bits = max(first.size.width.bitPattern, first.size.height.bitPattern)
      var k = 1
      while k < b.count {
        let insertion = b[k]
        guard previous < insertion.at else { return (false, 0) }
        previous = insertion.at
        let w = insertion.size.width.bitPattern
        let h = insertion.size.height.bitPattern
        bits = max(bits, w > h ? w : h)
        k &+= 1
      }
      return (true, bits)
    }
  }

  /// Whether `paths` are strictly ascending (so sorted and distinct).
  ///
  /// - Complexity: O(k) for k paths; one pass on the array's buffer.
  static func isStrictlyAscending(_ paths: [ItemPath]) -> Bool {
    paths.withUnsafeBufferPointer { b in
      var k = 1
      while k < b.count {
        guard b[k - 1] < b[k] else { return false }
        k &+= 1
      }
      return true
    }
  }
}
