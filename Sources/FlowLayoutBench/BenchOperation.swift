/// What the runner times (or weighs) on one engine holding one workload of n items.
public enum BenchOperation: String, Sendable, Codable, CaseIterable, Comparable {
  /// A full layout of all n items: `setWidth` to the next of `Workload.layoutWidths`.
  case layout
  /// Cold start: an engine built from the workload's `LayoutInput` (validation included) at the
  /// next of `Workload.layoutWidths`, and the previous run's engine released, so every run lays
  /// out into memory the allocator hands out again. The C loop's `init` allocates its two
  /// position columns and runs the loop at the same width.
  /// Opt-in (`--operations init`): not in the default run.
  case coldStart = "init"
  /// The first edit of an engine: one item inserted before the middle item of an engine just
  /// built from the workload's input (the undo, untimed, builds it again). Opt-in.
  case firstEdit
  /// The first edit after a width change: one item inserted before the middle item of an
  /// engine that was edited before and whose width then changed (the undo, untimed, deletes it
  /// and changes the width to the next of `Workload.layoutWidths`). Opt-in.
  case firstEditAfterWidth
  /// `layout` of an engine that was edited before (its long sections cut into pages), as a
  /// width change in a session meets it. Opt-in.
  case layoutAfterEdit
  /// One item in the middle measured again (`resizeItems`), alternating two sizes.
  case resize
  /// One item inserted before the middle item (the deletion that undoes it is not timed).
  case insert
  /// The middle item deleted (the insertion that undoes it is not timed).
  case delete
  /// One item moved from the first quarter to the last (flat positions ⌊n/4⌋ → ⌊3n/4⌋; the move
  /// back is not timed).
  case move
  /// A page of 50 items appended to the last section, as infinite scroll loads them (their
  /// deletion is not timed).
  case append
  /// 20 items inserted at the top of the first section, as a feed refresh adds them (their
  /// deletion is not timed).
  case prepend
  /// One section inserted in the middle (index ⌊s/2⌋ of s sections; a section of 20 items for
  /// single-section workloads, at index 0); its deletion is not timed.
  case insertSection
  /// The middle section deleted (for single-section workloads a 20-item section inserted at
  /// index 0 when the operation is prepared); its re-insertion is not timed.
  case deleteSection
  /// A batch of 100 mixed edits (a third resizes, the rest deletions and insertions).
  case batch
  /// One viewport query (`elements(in:into:)` with a reused buffer), swept over the content.
  case scroll
  /// One item's frame (`frame(ofItemAt:)`), at seeded positions.
  case lookup
  /// Bytes per item the engine holds at rest (jemalloc `stats.allocated` around `init`).
  case memory
  /// `scroll` with section headers and footers pinned to each viewport (presented query).
  case scrollPinned = "scroll-pinned"
  /// `scroll` presented right to left (mirrored frames, mirrored viewports).
  case scrollRightToLeft = "scroll-rtl"
  /// `scroll` with pixel snapping at display scale 3.
  case scrollSnapped = "scroll-snapped"
  /// One scroll target (`scrollTarget(for:position:insets:viewport:)`) at seeded items,
  /// positions cycling through `ScrollPosition.allCases` (opt-in, `isInteraction`).
  case scrollTo
  /// One directional move (`item(from:direction:layoutDirection:pageLength:scratch:)`) from
  /// seeded items, directions cycling through up, down, left, right (opt-in, `isInteraction`).
  case navigate
  /// One prefetch-range request (`prefetchRanges(viewport:velocity:policy:into:scratch:)`,
  /// the standard policy) over `scroll`'s sweep of viewports, velocities alternating down and
  /// up (opt-in, `isInteraction`).
  case prefetch
  /// One pointer move during a drag (`InteractiveMove.update(to:in:)`: the target for the
  /// pointer and, when it changes, the single-item move) of the middle item, the pointer
  /// sweeping a screen around it (opt-in, `isInteraction`).
  case dragStep

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// `true` when one run is cheap and the runner times many in one sample.
  public var isBatchedPerSample: Bool {
    self == .scroll || self == .lookup || isPresentedQuery || isInteraction
  }

  /// The interaction queries (`docs/semantics.md`, "Scroll to an item"; opt-in: not in the
  /// default run, nor in `--all-operations`).
  public var isInteraction: Bool {
    self == .scrollTo || self == .navigate || self == .prefetch || self == .dragStep
  }

  /// The presented-query variants of `scroll` (engines that present; opt-in: not in the
  /// default run, nor in `--all-operations`).
  public var isPresentedQuery: Bool {
    self == .scrollPinned || self == .scrollRightToLeft || self == .scrollSnapped
  }

  /// Every operation but the presented-query variants (what a run measures by default).
  public static var defaultCases: [BenchOperation] {
    allCases.filter {
      !$0.isPresentedQuery && $0 != .coldStart && $0 != .firstEdit && $0 != .firstEditAfterWidth
        && $0 != .layoutAfterEdit && !$0.isInteraction
    }
  }

  /// `true` when a run is followed by an untimed undo that puts the collection back as it was
  /// (the item count changes, or an item moved away).
  public var needsUndo: Bool {
    switch self {
    case .insert, .delete, .move, .append, .prepend, .insertSection, .deleteSection, .firstEdit,
      .firstEditAfterWidth:
      true
    case .layout, .layoutAfterEdit, .coldStart, .resize, .batch, .scroll, .lookup, .memory,
      .scrollPinned,
      .scrollRightToLeft, .scrollSnapped, .scrollTo, .navigate, .prefetch, .dragStep:
      false
    }
  }

  /// `true` for the operations that edit the collection (all but `layout`, `scroll`, `lookup`
  /// and `memory`).
  public var isEdit: Bool {
    switch self {
    case .resize, .insert, .delete, .batch, .move, .append, .prepend, .insertSection,
      .deleteSection, .firstEdit, .firstEditAfterWidth:
      true
    case .layout, .layoutAfterEdit, .coldStart, .scroll, .lookup, .memory, .scrollPinned,
      .scrollRightToLeft,
      .scrollSnapped, .scrollTo, .navigate, .prefetch, .dragStep:
      false
    }
  }

  /// The edits users make, beside the single edits in the middle: a move, a page appended or
  /// prepended, a section inserted or deleted.
  public static let userEdits: [BenchOperation] = [
    .move, .append, .prepend, .insertSection, .deleteSection,
  ]
}

/// The engines of a run. `c-loop` only answers `layout` (of the single-section greedy-flow
/// workloads); it is not run for any other operation.
public enum BenchEngine: String, Sendable, Codable, CaseIterable, Comparable {
  case fast
  case reference
  case cLoop = "c-loop"

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
