#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds, honest about its resolution.
///
/// `resolutionNanoseconds` is what the clock can tell apart *as called from here*: the smallest
/// non-zero difference of two consecutive readings, over many tries (it includes the call's own
/// cost). The kernel's stated `clock_getres` is reported beside it.
public struct MonotonicClock: Sendable {
  /// The smallest non-zero step seen between two consecutive readings, in ns.
  public let resolutionNanoseconds: UInt64
  /// What `clock_getres(CLOCK_MONOTONIC)` states, in ns.
  public let statedResolutionNanoseconds: UInt64

  /// Measures the resolution (a few milliseconds of readings).
  public init() {
    var best = UInt64.max
    for _ in 0..<20_000 {
      let a = Self.now()
      var b = Self.now()
      while b == a { b = Self.now() }
      best = min(best, b - a)
    }
    resolutionNanoseconds = best
    var res = timespec()
    clock_getres(CLOCK_MONOTONIC, &res)
    statedResolutionNanoseconds = UInt64(res.tv_sec) * 1_000_000_000 + UInt64(res.tv_nsec)
  }

  /// Now, in nanoseconds since an arbitrary fixed point.
  ///
  /// - Complexity: O(1) (a vDSO call, ~20–30 ns here).
  @inline(__always)
  public static func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
  }
}
