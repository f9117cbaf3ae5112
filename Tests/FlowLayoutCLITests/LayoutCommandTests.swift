import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
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
    // `vertical` without `estimatedItemSize` lays both items out at `itemSize`: one note says so.
    #expect(run.stderrLines.map(String.init) == [
      "flowlayout: note: 2 item sizes ignored: vertical without estimatedItemSize lays every "
        + "item out at itemSize [50.0, 50.0]; set estimatedItemSize to use each item's own size"
    ])
    let output = try LayoutOutput.decode(run.stdout)
    #expect(output.items.map(\.item) == [0, 1, 2])  // the edit was applied
    #expect(output.items.map(\.frame.width) == [50, 50, 50])
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
