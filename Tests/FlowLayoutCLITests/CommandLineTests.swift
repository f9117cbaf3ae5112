import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutTestSupport
import Foundation
import Testing

/// The command line as a user meets it: `--version`, the help texts, the defaults.
@Suite(
  .enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build` first"))
struct CommandLineTests {
  @Test func versionIsOneLine() throws {
    let run = try FlowLayoutBinary.run(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("flowlayout ") && run.stdout.split(separator: "\n").count == 1)
  }

  /// `--version` names the commit the executable was built from (`Plugins/BuildCommit`): in a
  /// git checkout, the checked-out one (the tests were built from it), `-dirty` or not.
  @Test func versionNamesTheBuildCommit() throws {
    let run = try FlowLayoutBinary.run(["--version"])
    let line = run.stdout.trimmingCharacters(in: .newlines)
    guard let open = line.firstIndex(of: "("), line.hasSuffix(")") else {
      Issue.record("no commit in \(line)")
      return
    }
    let commit = line[line.index(after: open)..<line.index(before: line.endIndex)]
    let head = commit.prefix { $0 != "-" }
    #expect(commit == "unknown" || (head.count == 40 && head.allSatisfy(\.isHexDigit)), "\(line)")
    // git's answer through a file read with read(2), as `FlowLayoutBinary.run` reads (no
    // Foundation pipe buffer for LeakSanitizer to report).
    let answer = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowlayout-head-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: answer.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: answer) }
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git", "-C", FlowLayoutBinary.root.path, "rev-parse", "HEAD"]
    git.standardOutput = try FileHandle(forWritingTo: answer)
    git.standardError = FileHandle.nullDevice
    guard (try? git.run()) != nil else { return }
    git.waitUntilExit()
    let checkedOut = String(decoding: FlowLayoutBinary.bytes(of: answer.path), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if git.terminationStatus == 0 { #expect(head == checkedOut, "\(line) against \(checkedOut)") }
  }

  @Test func layoutHelpListsLayoutNamesAndEditKeys() throws {
    let run = try FlowLayoutBinary.run(["layout", "--help"])
    #expect(run.status == 0)
    // ArgumentParser wraps at 80 columns: compare without line breaks.
    let text = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for name in LayoutVariant.allCases.map(\.rawValue) {
      #expect(text.contains(name), "\(name) missing from layout --help")
    }
    for key in [
      "insertItems", "deleteItems", "moveItems", "resizeItems", "setWidth", "moveSections",
    ] {
      #expect(text.contains(key), "\(key) missing from layout --help")
    }
    #expect(LayoutDocument.editKeys.allSatisfy { text.contains($0) })
  }

  @Test(arguments: ["bench", "layout", "render", "session", "profile"])
  func helpFitsIn80Columns(command: String) throws {
    let run = try FlowLayoutBinary.run([command, "--help"])
    #expect(run.status == 0)
    let long = run.stdout.split(separator: "\n").filter { $0.count > 80 }
      // The USAGE line lists every option; ArgumentParser does not wrap it.
      .filter { !$0.hasPrefix("USAGE:") }
    #expect(long.isEmpty, "\(command) --help: \(long)")
  }

  /// `render` and `layout` lay out with the same engine when `--engine` is not given.
  @Test func renderAndLayoutDefaultToTheSameEngine() throws {
    let document = #"{"layout": "vertical", "width": 375, "sections": [{"items": [[10, 10]]}]}"#
    let layoutHelp = try FlowLayoutBinary.run(["layout", "--help"]).stdout
    let renderHelp = try FlowLayoutBinary.run(["render", "--help"]).stdout
    func defaultEngine(_ help: String) -> String? {
      let text = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard let range = text.range(of: "'fast' or 'reference'. (default: ") else { return nil }
      return String(text[range.upperBound...].prefix { $0 != ")" })
    }
    #expect(defaultEngine(layoutHelp) == "fast")
    #expect(defaultEngine(renderHelp) == defaultEngine(layoutHelp))
    let plain = try FlowLayoutBinary.run(["render"], stdin: document)
    let fast = try FlowLayoutBinary.run(["render", "--engine", "fast"], stdin: document)
    #expect(plain.status == 0 && plain.stdout == fast.stdout)
  }
}
