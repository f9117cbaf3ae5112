/// The allocator's own counters, injected by the executable (the library links no allocator).
///
/// `flowlayout` passes one reading jemalloc's `mallctl` statistics; without one the runner
/// reports no bytes and no allocation counts, and says so.
public protocol AllocatorStatistics {
  /// The allocator measured, as reported in results (`"jemalloc 5.3.0-0-g54eaed1d"`).
  var name: String { get }
  /// How the counts are obtained, for the results' metadata.
  var method: String { get }
  /// The calling thread's counters now, or `nil` when not measured. Exact only inside
  /// `exactly(_:)`.
  func snapshot() -> AllocationSnapshot?
  /// Runs `body` with the allocator in a mode where `snapshot()` differences are exact (for
  /// jemalloc: the thread cache off, so every request reaches the counted arena). Slower: never
  /// time inside it.
  func exactly<T>(_ body: () throws -> T) rethrows -> T
  /// Bytes allocated and not freed by the whole process now (every thread), or `nil` when not
  /// measured: what a session holds when its work runs on several threads, where the calling
  /// thread's `liveBytes` miss what other threads allocate or free.
  func processLiveBytes() -> Int?
  /// Gives the pages of freed memory the allocator keeps resident back to the system now (for
  /// jemalloc, up to 10 s of freed pages: `dirty_decay_ms`), so that a following RSS reading
  /// counts what is live, not what was freed. Nothing when not measured.
  func purgeFreedPages()
}

extension AllocatorStatistics {
  /// Not measured unless the allocator says (`nil`).
  public func processLiveBytes() -> Int? { nil }
  /// Nothing unless the allocator can.
  public func purgeFreedPages() {}
}

/// Counters of the calling thread at one moment.
public struct AllocationSnapshot: Sendable, Hashable {
  /// Bytes allocated minus bytes freed so far (usable sizes).
  public var liveBytes: Int
  /// Allocation requests so far.
  public var allocations: Int

  public init(liveBytes: Int, allocations: Int) {
    self.liveBytes = liveBytes
    self.allocations = allocations
  }
}

/// No allocator statistics: the system allocator, unmeasured.
public struct UnmeasuredAllocator: AllocatorStatistics {
  public init() {}
  public var name: String { "system malloc (not measured)" }
  public var method: String { "none" }
  public func snapshot() -> AllocationSnapshot? { nil }
  public func exactly<T>(_ body: () throws -> T) rethrows -> T { try body() }
}
