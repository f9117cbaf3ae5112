#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this test process runs under AddressSanitizer or ThreadSanitizer
/// (`swift test --sanitize=address|thread`, as CI's script runs the suite before its plain run).
///
/// Under either, the few tests whose cost is their size (the largest property corpora, the
/// 100 000-item batches) run a smaller case: the sanitizers look for memory and thread errors,
/// which every path of the smaller case still takes, and the plain `swift test` of the same
/// CI script runs the whole size. `sanitized(_:else:)` picks the size.
public enum Sanitizers {
  /// `true` when the sanitizer's runtime is linked into this process (its entry symbol is
  /// found); read once.
  public static let areActive: Bool = {
    #if canImport(Glibc) || canImport(Darwin)
      // RTLD_DEFAULT (every loaded object): 0 under glibc, -2 on Darwin.
      #if canImport(Glibc)
        let all = UnsafeMutableRawPointer(bitPattern: 0)
      #else
        let all = UnsafeMutableRawPointer(bitPattern: -2)
      #endif
      return dlsym(all, "__asan_init") != nil || dlsym(all, "__tsan_init") != nil
    #else
      return false
    #endif
  }()

  /// `small` under a sanitizer, else `whole`.
  public static func sanitized<T>(_ small: T, else whole: T) -> T {
    areActive ? small : whole
  }
}
