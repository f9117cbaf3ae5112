import FlowLayoutModel

/// Buffers the engine keeps between batches, so that a steady-state edit allocates nothing: each
/// emptied with its capacity kept; no state between batches.
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
  /// Item edits copied into per-section lists since the engine was made (none for a batch applied
  /// from its own lists). Kept through `trim()`.
  var itemsListed = 0
  /// Insertions a section rebuild merged from a batch's packed form
  /// (`FastFlowLayout.packedInsertionsMerged`). Kept through `trim()`.
  var packedInsertionsMerged = 0

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
      empty.packedInsertionsMerged = packedInsertionsMerged
      self = empty
    }
  }
}

/// The engine's `EditScratch` and spare page buffers behind one reference made by the first
/// batch: an engine copy retains one reference for them, not one per buffer, and shares them
/// until either applies a batch.
struct EditScratchBox: Sendable {
  private struct Entry: Sendable {
    var scratch = EditScratch()
    var spareBuffers = SparePageBuffers()
  }

  /// The entry (its scratch an empty one while a batch holds it), or none before the first
  /// batch.
  private var storage: [Entry] = []

  /// The scratch, swapped out of the box for a batch to use and `restore`.
  ///
  /// - Complexity: O(1); allocates only for a box shared with an engine copy.
  mutating func take() -> EditScratch {
    var scratch = EditScratch()
    if !storage.isEmpty { swap(&scratch, &storage[0].scratch) }
    return scratch
  }

  /// Puts `scratch` back into the box (after `take()`; `scratch` is left empty).
  ///
  /// - Complexity: O(1); allocates the box once, at the first batch.
  mutating func restore(_ scratch: inout EditScratch) {
    if storage.isEmpty { storage.append(Entry()) }
    swap(&scratch, &storage[0].scratch)
  }

  /// The page buffers the last section rebuild did not reuse (`FastFlowLayout.spareBuffers`).
  ///
  /// - Complexity: O(1); setting it allocates the box when there is none.
  var spareBuffers: SparePageBuffers {
    get { storage.isEmpty ? SparePageBuffers() : storage[0].spareBuffers }
    set {
      if storage.isEmpty { storage.append(Entry()) }
      storage[0].spareBuffers = newValue
    }
  }

  /// Whether the box holds a scratch (none before the first batch).
  var holdsScratch: Bool { !storage.isEmpty }

  /// `field` of the scratch in the box, `none` when there is none.
  ///
  /// - Complexity: O(1).
  func read<T>(_ field: KeyPath<EditScratch, T>, none: T) -> T {
    storage.isEmpty ? none : storage[0].scratch[keyPath: field]
  }

  /// `EditScratch.pathMapsBuilt`.
  ///
  /// - Complexity: O(1); setting it allocates the box when there is none.
  var pathMapsBuilt: Int {
    get { read(\.pathMapsBuilt, none: 0) }
    set {
      var scratch = take()
      scratch.pathMapsBuilt = newValue
      restore(&scratch)
    }
  }
}

/// Re-breaking's buffers: new line starts and heights, line ranges to place, kept runs, indices.
struct LineScratch: Sendable {
  var starts: [Int] = []
  var heights: [Double] = []
  var ranges: [Range<Int>] = []
  var runs: [KeptRun] = []
  var indices: [Int] = []
  /// Whether the last line of the page `Page.applySplice` last edited holds the same
  /// items, with the same sizes, as before: it was kept by every re-break (`false` when unsure).
  var lastLineKept = false
}

extension SectionEdit {
  /// Empties every list, keeping capacity (an empty list is left alone).
  ///
  /// - Complexity: O(1).
  mutating func removeAll() {
    if !resizes.isEmpty { resizes.removeAll(keepingCapacity: true) }
    if !removals.isEmpty { removals.removeAll(keepingCapacity: true) }
    if !insertions.isEmpty { insertions.removeAll(keepingCapacity: true) }
    if !moves.isEmpty { moves.removeAll(keepingCapacity: true) }
  }
}
