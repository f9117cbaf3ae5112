#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The facts about this machine and checkout a result file records.
public enum MachineDescription {
  /// The CPU model from `/proc/cpuinfo` ("unknown" elsewhere).
  public static func cpuModel() -> String {
    guard let bytes = ProcessMemory.readFile("/proc/cpuinfo") else { return "unknown" }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
        return String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
      }
    }
    return "unknown"
  }

  /// `uname -srm`-like: kernel and architecture.
  public static func machine() -> String {
    var u = utsname()
    uname(&u)
    func field<T>(_ value: T) -> String {
      withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(field(u.sysname)) \(field(u.release)) \(field(u.machine))"
  }

  /// The first line of a command's output, or `nil` when it cannot run.
  public static func firstLine(of arguments: [String]) -> String? {
    guard
      let process = try? ChildProcess(
        executable: "/usr/bin/env", arguments: arguments, stdin: .discard, stdout: .pipe,
        stderr: .discard)
    else { return nil }
    let (status, output, _) = process.readToEnd()
    guard status == 0 else { return nil }
    return String(decoding: output, as: UTF8.self).split(separator: "\n").first.map(String.init)
  }

  /// `swift --version`'s first line.
  public static func toolchain() -> String {
    firstLine(of: ["swift", "--version"]) ?? "unknown"
  }

  /// The checked-out commit, with `-dirty` when the tree has changes.
  public static func gitCommit() -> String {
    guard let head = firstLine(of: ["git", "rev-parse", "HEAD"]) else { return "unknown" }
    let dirty = firstLine(of: ["git", "status", "--porcelain", "--untracked-files=no"]) != nil
    return dirty ? head + "-dirty" : head
  }

  /// Now in UTC, ISO 8601 (`2026-11-22T10:41:07Z`).
  public static func utcNow() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var text = [CChar](repeating: 0, count: 32)
    let count = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%SZ", &parts)
    return String(decoding: text[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
