import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import Foundation
import Testing

/// Runs the built `flowlayout` binary as a subprocess. The binary sits next to the test bundle
/// (`.build/<triple>/debug/`); `swift test` builds it. When it is missing the suite is skipped
/// with a message saying how to build it.
@Suite(
  .enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build` first"))
struct LayoutCommandTests {
  @Test(arguments: [
    ("", "document"),
    ("{", "document"),
    (#"{"layout": "vertical", "width": 375, "sections": [] } trailing"#, "document"),
    (#"{"layout": "grid", "width": 375, "sections": []}"#, "layout"),
    (#"{"layout": "vertical", "width": -375, "sections": []}"#, "width"),
    (#"{"layout": "vertical", "width": 375, "sectons": []}"#, "sectons"),
    (
      #"{"layout": "vertical", "width": 375, "sections": [{"items": [[1, 2, 3]]}]}"#,
      "sections[0].items[0]"
    ),
    (
      #"{"layout": "vertical", "width": 375, "sections": [], "edits": [{"deleteSections": [0]}]}"#,
      "edits[0].deleteSections[0]"
    ),
    ("{\"layout\": \"vertical\", \"width\": 375, \"a\\nb\": 1}", "[\"a\\u{a}b\"]"),
  ])
  func malformedDocumentOnStdinIsOneLineAndExitStatus1(document: String, field: String) throws {
    let run = try FlowLayoutBinary.run(["layout", "--engine", "reference"], stdin: document)
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines.count == 1, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("flowlayout: error: \(field): "), "\(run.stderr)")
  }

  @Test(arguments: [
    (["layout", "--input", "/nonexistent/doc.json"], "--input"),
    (["layout", "--input", "/"], "--input"),
    (["layout", "--engine", "quick"], "--engine"),
    (["layout", "--rect", "1,2,3"], "--rect"),
    (["layout", "--rect", "1,2,3,x"], "--rect"),
    (["layout", "--rect", "0,0,-1,5"], "--rect"),
    (["layout", "--rect", "0,0,inf,5"], "--rect"),
  ])
  func badOptionsAreOneLineAndExitStatus1(arguments: [String], field: String) throws {
    let valid = #"{"layout": "vertical", "width": 375, "sections": []}"#
    let run = try FlowLayoutBinary.run(arguments, stdin: valid)
    #expect(run.status == 1)
    #expect(run.stderrLines.count == 1, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("flowlayout: error: \(field): "), "\(run.stderr)")
  }

  @Test func everyMalformedExampleIsRefusedWithOneLine() throws {
    let examples = try FlowLayoutBinary.examples(malformed: true)
    #expect(!examples.isEmpty)
    for example in examples {
      let run = try FlowLayoutBinary.run([
        "layout", "--engine", "reference", "--input", example.path,
      ])
      #expect(run.status == 1, "\(example.lastPathComponent)")
      #expect(run.stderrLines.count == 1, "\(example.lastPathComponent): \(run.stderr)")
      #expect(run.stderr.hasPrefix("flowlayout: error: "), "\(example.lastPathComponent)")
    }
  }

  @Test func everyValidExampleDecodes() throws {
    let examples = try FlowLayoutBinary.examples(malformed: false)
    #expect(examples.count >= LayoutVariant.allCases.count)
    for example in examples {
      #expect(throws: Never.self, "\(example.lastPathComponent)") {
        try LayoutDocument.decode(Array(try Data(contentsOf: example)))
      }
    }
    let variants = Set(
      try examples.map {
        try LayoutDocument.decode(Array(Data(contentsOf: $0))).input.configuration.variant
      })
    #expect(variants == Set(LayoutVariant.allCases))
  }

  @Test(
    .enabled(if: EngineAvailability.reference, "the reference engine is still a stub"),
    arguments: ["reference", "fast"])
  func validDocumentWritesTheLayout(engine: String) throws {
    if engine == "fast", !EngineAvailability.fast { return }
    let document = #"""
      {"layout": "vertical", "width": 375, "sections": [{"header": 20, "items": [[100, 50], [100, 60]]}],
       "edits": [{"insertItems": [{"at": [0, 2], "size": [10, 10]}]}]}
      """#
    let run = try FlowLayoutBinary.run(["layout", "--engine", engine], stdin: document)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    let output = try LayoutOutput.decode(run.stdout)
    #expect(output.items.map(\.item) == [0, 1, 2])  // the edit was applied
    let pretty = try FlowLayoutBinary.run(
      ["layout", "--engine", engine, "--pretty"], stdin: document)
    #expect(try LayoutOutput.decode(pretty.stdout) == output)
    let clipped = try FlowLayoutBinary.run(
      ["layout", "--engine", engine, "--rect", "0,0,375,0"], stdin: document)
    #expect(try LayoutOutput.decode(clipped.stdout).supplementary.map(\.kind) == [.header])
  }

  @Test(
    .enabled(if: EngineAvailability.reference, "the reference engine is still a stub"),
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
  func aFailedWriteIsOneLineAndExitStatus1() throws {
    let document = #"{"layout": "vertical", "width": 375, "sections": [{"items": [[1, 1]]}]}"#
    let run = try FlowLayoutBinary.run(
      ["layout", "--engine", "reference"], stdin: document, stdout: "/dev/full")
    #expect(run.status == 1)
    #expect(run.stderrLines.count == 1, "\(run.stderr)")
    #expect(run.stderr.hasPrefix("flowlayout: error: stdout: cannot write: "), "\(run.stderr)")
  }

  @Test(.enabled(if: EngineAvailability.reference, "the reference engine is still a stub"))
  func everyValidExampleLaysOut() throws {
    for example in try FlowLayoutBinary.examples(malformed: false) {
      let run = try FlowLayoutBinary.run([
        "layout", "--engine", "reference", "--input", example.path,
      ])
      #expect(run.status == 0, "\(example.lastPathComponent): \(run.stderr)")
      #expect(throws: Never.self) { try LayoutOutput.decode(run.stdout) }
    }
  }
}

/// Whether the engines are real yet (they start as stubs that throw).
enum EngineAvailability {
  static let input = LayoutInput(
    configuration: LayoutConfiguration(variant: .vertical), bounds: Size(100, 100),
    sections: [SectionData(items: [Size(10, 10)])])
  static let reference = (try? ReferenceFlowLayout(input)) != nil
  static let fast = (try? FastFlowLayout(input)) != nil
}

/// Finding and running the `flowlayout` executable.
enum FlowLayoutBinary {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
    var stderrLines: [Substring] {
      stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
  }

  /// `flowlayout` next to the running test bundle, if built.
  static let url: URL? = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = bundle.deletingLastPathComponent()
    for _ in 0..<3 {
      let candidate = directory.appendingPathComponent("flowlayout")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  /// The repository root (this file is `Tests/FlowLayoutDocumentTests/LayoutCommandTests.swift`).
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func examples(malformed: Bool) throws -> [URL] {
    let directory = root.appendingPathComponent("examples")
    return try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") && $0.hasPrefix("malformed-") == malformed }
      .sorted()
      .map { directory.appendingPathComponent($0) }
  }

  /// Runs `flowlayout arguments` with `stdin`, collecting both outputs through files (no pipe
  /// can fill up and block).
  static func run(_ arguments: [String], stdin: String = "", stdout: String? = nil) throws -> Run {
    try run(arguments, stdinBytes: Array(stdin.utf8), stdout: stdout)
  }

  /// `run(_:stdin:stdout:)` with any bytes on stdin (invalid UTF-8 included).
  static func run(_ arguments: [String], stdinBytes: [UInt8], stdout: String? = nil) throws -> Run
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
  static func bytes(of path: String) -> [UInt8] {
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
