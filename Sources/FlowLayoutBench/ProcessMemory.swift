#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Resident memory of a process, from `/proc/PID/status` (Linux; `nil` elsewhere).
public enum ProcessMemory {
  /// `VmRSS` (resident now) and `VmHWM` (peak resident) in bytes of process `pid` (this
  /// process when `nil`), or `nil` when they cannot be read.
  ///
  /// Read with `read(2)`: `/proc` files state a size of 0, and Foundation's file reading leaks
  /// its buffer on a file of size 0 (LeakSanitizer, `Tests/FlowLayoutTestSupport`).
  ///
  /// - Complexity: one small file read.
  public static func resident(pid: Int32? = nil) -> (now: Int, peak: Int)? {
    status(pid: pid).map { ($0.now, $0.peak) }
  }

  /// This process's minor page faults and involuntary context switches so far (all threads,
  /// `getrusage(RUSAGE_SELF)`), or `nil` where that cannot be read: a frame that touches fresh
  /// pages, or whose threads were preempted, shows it in their difference.
  ///
  /// - Complexity: one system call.
  public static func faultsAndPreemptions() -> (minorFaults: Int, preemptions: Int)? {
    #if canImport(Glibc)
      var usage = rusage()
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
      return (usage.ru_minflt, usage.ru_nivcsw)
    #else
      return nil
    #endif
  }

  /// `resident(pid:)` with `RssAnon`: the resident pages of the process's own (anonymous)
  /// memory, heap and stacks, without the pages of the files it maps (executable, shared
  /// libraries), which other processes may share.
  ///
  /// - Complexity: one small file read.
  public static func status(pid: Int32? = nil) -> (now: Int, peak: Int, anonymous: Int?)? {
    guard let bytes = readFile("/proc/\(pid.map(String.init) ?? "self")/status") else {
      return nil
    }
    var now: Int?
    var peak: Int?
    var anonymous: Int?
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      func kilobytes() -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
          .flatMap { Int($0) }.map { $0 * 1024 }
      }
      if line.hasPrefix("VmRSS:") { now = kilobytes() }
      if line.hasPrefix("VmHWM:") { peak = kilobytes() }
      if line.hasPrefix("RssAnon:") { anonymous = kilobytes() }
    }
    guard let now, let peak else { return nil }
    return (now, peak, anonymous)
  }

  /// The first `limit` bytes of the file at `path` (a `/proc` file, whose stated size is 0), or
  /// `nil` when it cannot be opened.
  ///
  /// - Complexity: O(b) for the b bytes read.
  public static func readFile(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < limit {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  /// Resets this process's peak resident memory (`VmHWM`) to what is resident now (Linux:
  /// `5` written to `/proc/self/clear_refs`), so that a later `resident().peak` is the peak
  /// since this call.
  ///
  /// - Returns: whether the kernel took it (`false` elsewhere, or without the right).
  @discardableResult
  public static func resetPeak() -> Bool {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var five = UInt8(ascii: "5")
    return write(fd, &five, 1) == 1
  }
}
