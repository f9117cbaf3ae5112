/// The allocator's own counters, injected by the executable (the library links no allocator).
///
/// `flowlayout` passes one reading jemalloc's `mallctl` statistics; without one the runner
/// reports no bytes and no allocation counts, and says so.
public protocol AllocatorStatistics {
  /// The allocator measured, as reported in results (`"jemalloc 5.3.0-0-g54eaed1d"`).
  var name: String { get }
  /// Bytes currently allocated by the application (jemalloc `stats.allocated`), fresh.
  func allocatedBytes() -> Int?
  /// Allocations made so far by the whole process (small + large requests), fresh.
  func allocationCount() -> Int?
}

/// No allocator statistics: the system allocator, unmeasured.
public struct UnmeasuredAllocator: AllocatorStatistics {
  public init() {}
  public var name: String { "system malloc (not measured)" }
  public func allocatedBytes() -> Int? { nil }
  public func allocationCount() -> Int? { nil }
}
