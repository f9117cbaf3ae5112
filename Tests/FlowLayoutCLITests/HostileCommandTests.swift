import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutTestSupport
import Foundation
import Testing

/// The hostile inputs of issue 11 given to the `flowlayout` binary: each ends with one line on
/// stderr and exit status 1 (or a valid answer), reading only what it must.
@Suite(
  .enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build` first"))
struct HostileCommandTests {
  static let valid = #"{"layout": "vertical", "width": 375, "sections": [{"items": [[10, 10]]}]}"#

  static func expectOneLine(_ run: FlowLayoutBinary.Run, _ prefix: String) {
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines.count == 1, "\(run.stderr.prefix(400))")
    #expect(run.stderr.hasPrefix("flowlayout: error: \(prefix)"), "\(run.stderr.prefix(400))")
    #expect(run.stderr.count <= 300, "\(run.stderr.count) characters")
  }

  /// Endless inputs end at their first bytes (the run would never end if they were read).
  /// Random bytes usually fail as invalid JSON at byte 0, sometimes as "expected an object".
  @Test func endlessInputsStopAtTheFirstInvalidByte() throws {
    Self.expectOneLine(
      try FlowLayoutBinary.run(["layout", "--input", "/dev/zero"]),
      "document: invalid JSON at byte 0: unexpected character 0x0")
    Self.expectOneLine(
      try FlowLayoutBinary.run(["render", "--input", "/dev/zero"]),
      "document: invalid JSON at byte 0")
    Self.expectOneLine(
      try FlowLayoutBinary.run(["layout", "--input", "/dev/urandom"]),
      "document: ")
  }

  @Test func zerosOnStdinAreRefusedAtByte0() throws {
    let run = try FlowLayoutBinary.run(
      ["layout"], stdinBytes: [UInt8](repeating: 0, count: 4 << 20))
    Self.expectOneLine(run, "document: invalid JSON at byte 0: unexpected character 0x0")
  }

  /// The error found on the bytes read so far is the error of the whole document.
  @Test func earlierErrorsWinOverTheFirstInvalidByte() throws {
    let text =
      Array(#"{"layout": "grid", "width": 1}"#.utf8) + [UInt8](repeating: 0, count: 1 << 20)
    Self.expectOneLine(
      try FlowLayoutBinary.run(["layout"], stdinBytes: text), "layout: unknown layout \"grid\"")
  }

  @Test func documentLargerThanTheLimitIsRefused() throws {
    Self.expectOneLine(
      try FlowLayoutBinary.run(["layout", "--max-input-bytes", "20"], stdin: Self.valid),
      "--input: stdin holds more than 20 bytes")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hostile-\(UUID()).json")
    try Data(Self.valid.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    Self.expectOneLine(
      try FlowLayoutBinary.run(["layout", "--max-input-bytes", "20", "--input", file.path]),
      "--input: \"\(file.path)\" holds more than 20 bytes")
    #expect(
      try FlowLayoutBinary.run([
        "layout", "--max-input-bytes", "\(Self.valid.utf8.count)", "--input", file.path,
      ]).status == 0)
    Self.expectOneLine(
      try FlowLayoutBinary.run(["layout", "--max-input-bytes", "0"], stdin: Self.valid),
      "--max-input-bytes: ")
  }

  @Test(arguments: [
    (["layout", "--rect", "0,0,1e308,1e308"], "--rect: "),
    (["layout", "--rect", "nan,0,1,1"], "--rect: "),
    (["layout", "--rect", "0,-1e16,1,1"], "--rect: "),
    (["layout", "--rect", String(repeating: "9", count: 100_000) + ",0,1,1"], "--rect: "),
    (["render", "--viewport", "0,0,1e308,1e308"], "--viewport: "),
    (["render", "--viewport", "0,0,2e7,100"], "--viewport.width: "),
    (["render", "--viewport", "0,0,inf,100"], "--viewport: "),
  ])
  func absurdRectsAreRefused(arguments: [String], prefix: String) throws {
    Self.expectOneLine(try FlowLayoutBinary.run(arguments, stdin: Self.valid), prefix)
  }

  @Test func hostileDocumentsGiveOneShortLine() throws {
    let long = String(repeating: "y", count: 4_000_000)
    for (bytes, prefix) in [
      (Array(#"{"layout": "\#(long)"}"#.utf8), "layout: unknown layout"),
      (Array(#"{"\#(long)": 1}"#.utf8), "[\"yyy"),
      (
        Array(#"{"layout": "vertical", "isTopAligned": trueee}"#.utf8),
        "document: invalid JSON at byte 39: invalid literal (expected true, false or null)"
      ),
      (
        Array(#"{"layout": "v"#.utf8) + [0xC3, 0x28] + Array(#"", "width": 1}"#.utf8),
        "document: invalid JSON at byte 14: invalid UTF-8 byte 0x28 in a string"
      ),
    ] {
      Self.expectOneLine(try FlowLayoutBinary.run(["layout"], stdinBytes: bytes), prefix)
    }
  }

  /// Session lines are bytes: invalid UTF-8 is an error answer, a line beyond the limit is
  /// answered without being held, and the session goes on.
  @Test func sessionRefusesHostileLinesAndGoesOn() throws {
    let open = Array(#"{"open": \#(Self.valid)}"#.utf8)
    let badUTF8 = Array(#"{"frame": [0, 0], "x"#.utf8) + [0xFF] + Array(#"": 1}"#.utf8)
    let long =
      Array(#"{"elements": [0, 0, 1, 1], "pad": ""#.utf8) + [UInt8](repeating: 0x61, count: 3000)
      + Array(#""}"#.utf8)
    var input: [UInt8] = []
    for line in [open, badUTF8, long, Array(#"{"frame": [0, 0]}"#.utf8)] {
      input += line + [0x0A]
    }
    let run = try FlowLayoutBinary.run(["session", "--max-input-bytes", "1000"], stdinBytes: input)
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 4, "\(run.stdout)")
    guard lines.count == 4 else { return }
    #expect(lines[0].hasPrefix(#"{"contentSize""#))
    #expect(lines[1].contains("invalid UTF-8 byte 0xff"), "\(lines[1])")
    #expect(lines[2] == #"{"error":"request: longer than 1000 bytes (--max-input-bytes)"}"#)
    #expect(lines[3].hasPrefix(#"{"frame""#))
  }
}

extension HostileCommandTests {
  /// A request line longer than one read piece (8 MiB) arrives whole: an `open` of 30 000 sized
  /// items and a 9 MB cell, far from the viewport (never measured), and the requests after
  /// it are answered as `layout` answers the same document; a line refused past its first pieces
  /// is answered with the error of its bytes up to the refused one.
  @Test func sessionReadsLinesOfManyPieces() throws {
    var items: [String] = []
    for i in 0..<30_000 { items.append("[\(60 + i % 140),\(40 + i % 97)]") }
    let value = String(repeating: "word ", count: 1_800_000)
    let cell = #"{"type": "keyValue", "key": "K", "value": "\#(value)"}"#
    let document =
      #"{"layout": "horizontalFlow", "width": 375, "estimatedItemSize": [100, 100], "cellSizing": "visible", "viewport": [0, 0, 375, 812], "sections": [{"items": [\#(items.joined(separator: ",")), \#(cell)]}]}"#
    let garbage =
      Array(#"{"frame": ""#.utf8) + [UInt8](repeating: 0x61, count: 9_000_000) + [0x01]
      + Array(#""}"#.utf8)
    var input = Array(#"{"open": \#(document)}"#.utf8) + [0x0A]
    input += garbage + [0x0A]
    input += Array(#"{"contentSize": null}"#.utf8) + [0x0A]
    #expect(input.count > 18_000_000)
    let run = try FlowLayoutBinary.run(["session"], stdinBytes: input)
    let layout = try FlowLayoutBinary.run(["layout", "--rect", "0,0,0,0"], stdin: document)
    #expect(run.status == 0 && layout.status == 0, "\(run.stderr)\(layout.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 3, "\(run.stdout.prefix(300))")
    guard lines.count == 3, let size = layout.stdout.split(separator: ",\"items\"").first else {
      return
    }
    // `layout` starts `{"contentSize":[w,h]`: the session's answers agree.
    #expect(lines[0].hasPrefix(size + ","), "\(lines[0])")
    let refused = "document: invalid JSON at byte 9000011: control character 0x1 in a string"
    #expect(lines[1] == #"{"error":"\#(refused)"}"#)
    #expect(lines[2] == size + "}", "\(lines[2])")
  }
}
