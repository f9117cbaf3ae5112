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

  public static func < (a: Self, b: Self) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }

  /// `true` when one run is cheap and the runner times many in one sample.
  public var isBatchedPerSample: Bool { self == .scroll || self == .lookup }
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
