/// What the runner times (or weighs) on one engine holding one workload of n items.
public enum BenchOperation: String, Sendable, Codable, CaseIterable, Comparable {
  /// A full layout of all n items: `setWidth` switching between 375 and 414 pt.
  case layout
  /// One item in the middle measured again (`resizeItems`), alternating two sizes.
  case resize
  /// One item inserted before the middle item (the deletion that undoes it is not timed).
  case insert
  /// The middle item deleted (the insertion that undoes it is not timed).
  case delete
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

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// `true` when one run is cheap and the runner times many in one sample.
  public var isBatchedPerSample: Bool { self == .scroll || self == .lookup || isPresentedQuery }

  /// The presented-query variants of `scroll` (engines that present; opt-in, not in the
  /// default run).
  public var isPresentedQuery: Bool {
    self == .scrollPinned || self == .scrollRightToLeft || self == .scrollSnapped
  }

  /// The operations a run measures by default: every one but the presented-query variants.
  public static var defaultCases: [BenchOperation] { allCases.filter { !$0.isPresentedQuery } }
}

/// The engines of a run. `c-loop` only answers `layout` (of the greedy-flow workloads).
public enum BenchEngine: String, Sendable, Codable, CaseIterable, Comparable {
  case fast
  case reference
  case cLoop = "c-loop"

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
