import CJemalloc
import FlowLayoutBench
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// jemalloc's own statistics through `mallctl`, when jemalloc is the process's malloc
/// (preloaded by `AllocatorPreload`). Live bytes are
/// the calling thread's `thread.allocated − thread.deallocated` (exact, usable sizes). Allocation
/// counts are `stats.arenas.4096.small.nrequests + ….large.nrequests` (4096 =
/// `MALLCTL_ARENAS_ALL`) after writing `epoch`; inside `exactly(_:)` the thread cache is off
/// (`thread.tcache.enabled = false`), so every request reaches an arena and is counted at once.
/// `selfCheck()` verifies that.
struct JemallocStatistics: AllocatorStatistics {
  let mallctl: flowlayout_mallctl_fn

  /// The statistics of the jemalloc this process runs on, or `nil` when it runs on another malloc.
  init?() {
    guard let function = flowlayout_find_mallctl() else { return nil }
    mallctl = function
  }

  var name: String {
    let preloaded = ProcessInfo.processInfo.environment[AllocatorPreload.marker] != nil
    return "jemalloc \(version) (\(preloaded ? "preloaded" : "linked"))"
  }
  var method: String {
    "jemalloc mallctl: bytes = thread.allocated - thread.deallocated; allocations = "
      + "stats.arenas.4096.{small,large}.nrequests after epoch, thread cache off while counting"
  }

  var version: String {
    var pointer: UnsafePointer<CChar>? = nil
    var length = MemoryLayout<UnsafePointer<CChar>?>.size
    guard call("version", &pointer, &length, nil, 0) == 0, let pointer else { return "unknown" }
    return String(cString: pointer)
  }

  /// Makes the arena statistics current (jemalloc caches them until `epoch` is written).
  func refresh() {
    var epoch: UInt64 = 1
    var length = MemoryLayout<UInt64>.size
    // Old and new value through one pointer: Swift 6 forbids `&epoch` twice (exclusivity).
    _ = withUnsafeMutablePointer(to: &epoch) { p in call("epoch", p, &length, p, length) }
  }

  /// `mallctl` with a static, NUL-terminated name: passing a `String` would convert it on every
  /// call, and that conversion allocates (5 phantom allocations per pair of snapshots, measured).
  @discardableResult
  func call(
    _ name: StaticString, _ old: UnsafeMutableRawPointer?, _ oldLength: UnsafeMutablePointer<Int>?,
    _ new: UnsafeMutableRawPointer?, _ newLength: Int
  ) -> Int32 {
    name.utf8Start.withMemoryRebound(to: CChar.self, capacity: name.utf8CodeUnitCount + 1) {
      mallctl($0, old, oldLength, new, newLength)
    }
  }

  /// Returns every arena's freed (dirty) pages to the system now (`arena.4096.purge`), the
  /// thread cache flushed first.
  ///
  /// - Complexity: O(freed extents), one `madvise` each.
  func purgeFreedPages() {
    call("thread.tcache.flush", nil, nil, nil, 0)
    call("arena.4096.purge", nil, nil, nil, 0)
  }

  /// jemalloc's counter of the bytes the calling thread has freed (`thread.deallocatedp`),
  /// read in place: O(1), no `mallctl` per reading. Valid for the calling thread's lifetime.
  func threadFreedBytes() -> UnsafePointer<UInt64>? {
    var pointer: UnsafeMutablePointer<UInt64>? = nil
    var length = MemoryLayout<UnsafeMutablePointer<UInt64>?>.size
    guard call("thread.deallocatedp", &pointer, &length, nil, 0) == 0, let pointer else {
      return nil
    }
    return UnsafePointer(pointer)
  }

  func read(_ name: StaticString) -> Int? {
    var value: UInt64 = 0
    var length = MemoryLayout<UInt64>.size
    guard call(name, &value, &length, nil, 0) == 0 else { return nil }
    return Int(truncatingIfNeeded: value)
  }

  func snapshot() -> AllocationSnapshot? {
    refresh()
    guard let allocated = read("thread.allocated"), let freed = read("thread.deallocated"),
      let small = read("stats.arenas.4096.small.nrequests"),
      let large = read("stats.arenas.4096.large.nrequests")
    else { return nil }
    return AllocationSnapshot(liveBytes: allocated &- freed, allocations: small + large)
  }

  /// `stats.allocated` after `epoch`: the bytes the application holds, every thread.
  func processLiveBytes() -> Int? {
    refresh()
    return read("stats.allocated")
  }

  func setThreadCache(_ enabled: Bool) -> Bool {
    var old = true
    var new = enabled
    var length = MemoryLayout<Bool>.size
    call("thread.tcache.enabled", &old, &length, &new, MemoryLayout<Bool>.size)
    return old
  }

  func exactly<T>(_ body: () throws -> T) rethrows -> T {
    let was = setThreadCache(false)
    defer { _ = setThreadCache(was) }
    return try body()
  }

  /// Counts nothing between two snapshots, then 1000 small and 10 large `malloc`s of known sizes;
  /// returns whether the counts and live bytes seen are exactly those.
  func selfCheck() -> Bool {
    exactly {
      var blocks = [UnsafeMutableRawPointer?](repeating: nil, count: 1010)
      // An empty pair of snapshots must count nothing (reading the counters must not allocate).
      guard let empty = snapshot(), let before = snapshot(), before == empty else { return false }
      for i in 0..<1010 { blocks[i] = malloc(i < 1000 ? 48 : 1 << 20) }
      guard let after = snapshot() else { return false }
      for block in blocks { free(block) }
      guard let freed = snapshot() else { return false }
      return after.allocations - before.allocations == 1010
        && after.liveBytes - before.liveBytes == 1000 * 48 + 10 * (1 << 20)
        && freed.liveBytes == before.liveBytes
    }
  }
}
