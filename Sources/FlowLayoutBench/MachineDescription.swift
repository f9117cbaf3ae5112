import Foundation

/// The facts about this machine and checkout a result file records.
public enum MachineDescription {
  /// The CPU model from `/proc/cpuinfo` ("unknown" elsewhere).
  public static func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown"
    }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
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
    let f = ISO8601DateFormatter()
    f.timeZone = TimeZone(identifier: "UTC")
    return f.string(from: Date())
  }
}
