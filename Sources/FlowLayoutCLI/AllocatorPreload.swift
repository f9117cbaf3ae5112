import CJemalloc
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

/// Makes jemalloc the process's malloc by re-executing `flowlayout` with
/// `LD_PRELOAD=libjemalloc.so.2`, when the library is installed and not loaded yet.
///
/// The executable does not link jemalloc (so it builds without libjemalloc-dev); preloading gives
/// the same process-wide malloc replacement. `FLOWLAYOUT_ALLOCATOR=system` turns this off.
enum AllocatorPreload {
  /// Where Debian and other distributions install the runtime library.
  static let candidates = [
    "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", "/usr/lib/aarch64-linux-gnu/libjemalloc.so.2",
    "/usr/lib64/libjemalloc.so.2", "/usr/lib/libjemalloc.so.2", "/usr/local/lib/libjemalloc.so.2",
  ]
  static let marker = "FLOWLAYOUT_JEMALLOC_PRELOADED"

  /// Re-executes the process under jemalloc if possible; returns (without re-executing) when
  /// jemalloc is already loaded, not installed, switched off, or the exec fails.
  static func ensureJemalloc() {
    let environment = ProcessInfo.processInfo.environment
    if flowlayout_find_mallctl() != nil || environment[marker] != nil
      || environment["FLOWLAYOUT_ALLOCATOR"] == "system"
    {
      return
    }
    guard let library = candidates.first(where: { FileManager.default.fileExists(atPath: $0) })
    else {
      return
    }
    let preload = [library, environment["LD_PRELOAD"]].compactMap { $0 }.filter { !$0.isEmpty }
    setenv("LD_PRELOAD", preload.joined(separator: ":"), 1)
    setenv(marker, "1", 1)
    let arguments = CommandLine.arguments
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    execv("/proc/self/exe", &argv)
    // Only reached when exec failed: go on with the system allocator.
    unsetenv(marker)
  }
}
