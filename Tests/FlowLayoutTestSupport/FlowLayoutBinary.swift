import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import Foundation

/// Whether the engines are real yet (they start as stubs that throw).
public enum EngineAvailability {
  static let input = LayoutInput(
    configuration: LayoutConfiguration(variant: .vertical), bounds: Size(100, 100),
    sections: [SectionData(items: [Size(10, 10)])])
  public static let reference = (try? ReferenceFlowLayout(input)) != nil
  public static let fast = (try? FastFlowLayout(input)) != nil
}

/// Finding and running the `flowlayout` executable.
public enum FlowLayoutBinary {
  public struct Run {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var stderrLines: [Substring] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
  }

  /// `flowlayout` next to the running test bundle, if built.
  public static let url: URL? = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("flowlayout")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  /// The repository root (this file is `Tests/FlowLayoutTestSupport/FlowLayoutBinary.swift`).
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The example documents under `examples/`, valid or malformed, sorted by name.
  public static func examples(malformed: Bool) throws -> [URL] {
    let directory = root.appendingPathComponent("examples")
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") && $0.hasPrefix("malformed-") == malformed }
      .sorted()
      .map { directory.appendingPathComponent($0) }
  }

  /// Runs `flowlayout arguments` with `stdin`, collecting both outputs through files (no pipe
  /// can fill up and block).
  public static func run(_ arguments: [String], stdin: String = "", stdout: String? = nil) throws
    -> Run
  {
    try run(arguments, stdinBytes: Array(stdin.utf8), stdout: stdout)
  }

  /// `run(_:stdin:stdout:)` with any bytes on stdin (invalid UTF-8 included).
  public static func run(_ arguments: [String], stdinBytes: [UInt8], stdout: String? = nil) throws
    -> Run
  {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowlayout-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let paths = ["in", "out", "err"].map { scratch.appendingPathComponent($0) }
    try Data(stdinBytes).write(to: paths[0])
    _ = FileManager.default.createFile(atPath: paths[1].path, contents: nil)
    _ = FileManager.default.createFile(atPath: paths[2].path, contents: nil)
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    process.standardInput = try FileHandle(forReadingFrom: paths[0])
    process.standardOutput = try FileHandle(
      forWritingTo: stdout.map(URL.init(fileURLWithPath:)) ?? paths[1])
    process.standardError = try FileHandle(forWritingTo: paths[2])
    try process.run()
    process.waitUntilExit()
    // Read with read(2): Foundation's `String(contentsOf:encoding:)` and
    // `FileManager.contents(atPath:)` leak their buffer on an empty file (LeakSanitizer, CI).
    let output = [paths[1], paths[2]].map { String(decoding: bytes(of: $0.path), as: UTF8.self) }
    return Run(status: process.terminationStatus, stdout: output[0], stderr: output[1])
  }

  /// The bytes of the file at `path` (empty when it cannot be opened).
  public static func bytes(of path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count <= 0 { return result }
      result += chunk[0..<count]
    }
  }
}
