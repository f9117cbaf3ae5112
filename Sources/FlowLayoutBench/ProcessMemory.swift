import Foundation

/// Resident memory of a process, from `/proc/PID/status` (Linux; `nil` elsewhere).
public enum ProcessMemory {
  /// `VmRSS` (resident now) and `VmHWM` (peak resident) in bytes of process `pid` (this
  /// process when `nil`), or `nil` when they cannot be read.
  ///
  /// - Complexity: one small file read.
  public static func resident(pid: Int32? = nil) -> (now: Int, peak: Int)? {
    let path = "/proc/\(pid.map(String.init) ?? "self")/status"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    var now: Int?
    var peak: Int?
    for line in text.split(separator: "\n") {
      func kilobytes() -> Int? {
        line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
          .flatMap { Int($0) }.map { $0 * 1024 }
      }
      if line.hasPrefix("VmRSS:") { now = kilobytes() }
      if line.hasPrefix("VmHWM:") { peak = kilobytes() }
    }
    guard let now, let peak else { return nil }
    return (now, peak)
  }
}
