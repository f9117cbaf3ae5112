import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutTestSupport
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
