import CJemalloc
import FlowLayoutBench

/// jemalloc's own statistics through `mallctl`, after refreshing `epoch`.
///
/// The executable links jemalloc (`CJemalloc`), so it is the process's malloc. Bytes come from
/// `stats.allocated`; allocation counts from `stats.arenas.4096.small.nrequests` +
/// `….large.nrequests` (4096 = `MALLCTL_ARENAS_ALL`, every arena; `nrequests` includes requests
/// served by thread caches, which `epoch` merges in). `selfCheck()` verifies the count is exact.
struct JemallocStatistics: AllocatorStatistics {
  var name: String { "jemalloc \(Self.version)" }

  static var version: String {
    var pointer: UnsafePointer<CChar>? = nil
    var length = MemoryLayout<UnsafePointer<CChar>?>.size
    guard mallctl("version", &pointer, &length, nil, 0) == 0, let pointer else { return "unknown" }
    return String(cString: pointer)
  }

  /// Makes the next reads current (jemalloc caches statistics until `epoch` is written).
  func refresh() {
    var epoch: UInt64 = 1
    var length = MemoryLayout<UInt64>.size
    // Old and new value through one pointer: Swift 6 forbids `&epoch` twice (exclusivity).
    _ = withUnsafeMutablePointer(to: &epoch) { p in mallctl("epoch", p, &length, p, length) }
  }

  func read(_ name: String) -> Int? {
    var value: UInt64 = 0
    var length = MemoryLayout<UInt64>.size
    guard mallctl(name, &value, &length, nil, 0) == 0 else { return nil }
    return Int(value)
  }

  func allocatedBytes() -> Int? {
    refresh()
    return read("stats.allocated")
  }

  func allocationCount() -> Int? {
    refresh()
    guard let small = read("stats.arenas.4096.small.nrequests"),
      let large = read("stats.arenas.4096.large.nrequests")
    else { return nil }
    return small + large
  }

  /// Counts 1000 small and 10 large `malloc`s and returns whether the counter saw exactly those.
  func selfCheck() -> Bool {
    guard let before = allocationCount() else { return false }
    var blocks: [UnsafeMutableRawPointer?] = []
    blocks.reserveCapacity(1010)
    guard let afterReserve = allocationCount() else { return false }
    for i in 0..<1010 { blocks.append(malloc(i < 1000 ? 48 : 1 << 20)) }
    guard let after = allocationCount() else { return false }
    for block in blocks { free(block) }
    _ = before
    return after - afterReserve == 1010
  }
}
