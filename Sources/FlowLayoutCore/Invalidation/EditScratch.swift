import FlowLayoutModel

/// Buffers the engine keeps between batches, so that a steady-state edit allocates nothing:
/// each is emptied with its capacity kept, never rebuilt. They hold no state between batches
/// (every reader empties what it fills); an engine copy shares them until either side edits.
struct EditScratch: Sendable {
  /// The sections a batch's item edits name (ascending), and their edits (entries past the
  /// sections' count are empty, kept for their capacity).
  var sections: [Int] = []
  var edits: [SectionEdit] = []
  /// One page's share of a section's edit.
  var page = SectionEdit()
  /// Pages edited, and pages changed while the boundaries are repaired.
  var touched: [Int] = []
  var changed: [Int] = []
  /// The page boundaries an edit may have broken (ascending, repeats allowed): `b` names the
  /// boundary between pages `b` and `b + 1` (`FastFlowLayout.repairPages`).
  var boundaries: [Int] = []
  /// Re-breaking's buffers (`LineScratch`).
  var lines = LineScratch()
  /// The batch validation's sorted paths.
  var validation = BatchValidationScratch()
  /// Batches the engine validated itself, and batch path maps it built itself, since it was
  /// made (`FastFlowLayout.batchesValidated`, `pathMapsBuilt`): kept through `trim()`.
  var batchesValidated = 0
  var pathMapsBuilt = 0
  /// Item edits copied into per-section lists (`FastFlowLayout.itemEdits`), since the engine
  /// was made: none for a batch applied from its own lists (`applyBatchLists`). Kept through
  /// `trim()`.
  var itemsListed = 0
  /// Pages edited in rounds on the layout's threads (`FastFlowLayout.pagesEditedTogether`),
  /// since the engine was made. Kept through `trim()`.
  var pagesEditedTogether = 0
  /// Round entries whose share of the batch's own lists their task copied
  /// (`FastFlowLayout.pageListsCopiedInRounds`). Kept through `trim()`.
  var pageListsCopiedInRounds = 0
  /// Insertions a section rebuild merged from a batch's packed form
  /// (`FastFlowLayout.packedInsertionsMerged`). Kept through `trim()`.
  var packedInsertionsMerged = 0
  /// A large batch's page edits gathered to be applied together (`PageEditRound`; none until
  /// one is, so that a small batch's scratch holds no more buffers than before).
  var round: PageEditRound? = nil

  /// The most entries a buffer keeps between batches: a larger batch's buffers are let go, so
  /// memory at rest does not follow the largest batch ever applied.
  static let retainedCapacity = 4_096

  /// Lets go of the buffers once one grew past `retainedCapacity`.
  ///
  /// - Complexity: O(1).
  mutating func trim() {
    let largest = max(
      edits.count, edits.first?.removals.capacity ?? 0, edits.first?.insertions.capacity ?? 0,
      edits.first?.resizes.capacity ?? 0, lines.starts.capacity, lines.runs.capacity,
      touched.capacity, changed.capacity, boundaries.capacity,
      sections.capacity, validation.capacity)
    if largest > Self.retainedCapacity {
      var empty = EditScratch()
      empty.batchesValidated = batchesValidated
      empty.pathMapsBuilt = pathMapsBuilt
      empty.itemsListed = itemsListed
      empty.pagesEditedTogether = pagesEditedTogether
      empty.pageListsCopiedInRounds = pageListsCopiedInRounds
      empty.packedInsertionsMerged = packedInsertionsMerged
      self = empty
    } else if round != nil {
      // A round holds a page's worth of edits per entry: let go after the batch that used it.
      round = nil
    }
  }
}

/// The edits of up to a round's worth of pages of one section, gathered in page order to be
/// applied together on the layout's threads (`FastFlowLayout.applyRound`): entry `j` is page
/// `pages[j]` (stored in slot `slots[j]`), its edit `edits[j]` (entries past the count are
/// empty, kept for their capacity) and `entries[j]`, what else the round needs of it.
struct PageEditRound: Sendable {
  var pages: [Int] = []
  var slots: [Int] = []
  var edits: [SectionEdit] = []
  /// Per entry: whether its edit may change the page's first item, and the removals and
  /// insertions of the batch's own lists (`BatchItemLists`) that its task appends to its edit
  /// before applying it, each range with the base its indices are taken down by (empty
  /// ranges: the edit is complete).
  var entries:
    [(
      touchesFirstItem: Bool, removals: Range<Int>, removalBase: Int, insertions: Range<Int>,
      insertionBase: Int
    )] = []
  /// Per entry, after the round: whether the page's last line was kept
  /// (`LineScratch.lastLineKept`).
  var lastLineKept: [Bool] = []
  /// Per task: its re-breaking buffers and work.
  var lines: [LineScratch] = []
  var counters: [WorkCounters] = []

  var count: Int { pages.count }
}

/// Re-breaking's buffers: new line starts and heights, line ranges to place, kept runs, indices.
struct LineScratch: Sendable {
  var starts: [Int] = []
  var heights: [Double] = []
  var ranges: [Range<Int>] = []
  var runs: [KeptRun] = []
  var indices: [Int] = []
  /// Whether the last line of the page `SectionLayout.applySplice` last edited holds the same
  /// items, with the same sizes, as before: it was kept by every re-break (`false` when unsure).
  var lastLineKept = false
  /// Whether `SectionLayout.applySplice(deferringWholeLayout: true)` left its page's whole
  /// layout to the caller.
  var wholeLayoutDeferred = false
}

extension SectionEdit {
  /// Empties every list, keeping capacity (a list already empty is left alone: emptying one
  /// costs a call into the standard library's `replaceSubrange`, per page edited).
  ///
  /// - Complexity: O(1).
  mutating func removeAll() {
    if !resizes.isEmpty { resizes.removeAll(keepingCapacity: true) }
    if !removals.isEmpty { removals.removeAll(keepingCapacity: true) }
    if !insertions.isEmpty { insertions.removeAll(keepingCapacity: true) }
    if !moves.isEmpty { moves.removeAll(keepingCapacity: true) }
  }
}
