import Foundation

/// The README's Swift examples are compiled as tests: each test file holds its example between
/// two marker comments, and the README must hold that code, less the indentation, as one
/// `swift` block after the two imports.
enum ReadmeBlock {
  /// The block the README must hold for the example between `// <marker>: begin` and
  /// `// <marker>: end` in `file`, and whether it does.
  static func check(marker: String, file: String = #filePath) throws -> (block: String, found: Bool) {
    let here = URL(fileURLWithPath: file)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = lines.firstIndex { $0.hasSuffix("// \(marker): begin") }!
    let end = lines.firstIndex { $0.hasSuffix("// \(marker): end") }!
    let example = lines[(begin + 1)..<end].map { $0.dropFirst(4) }.joined(separator: "\n")
    let block = "```swift\nimport FlowLayoutCore\nimport FlowLayoutModel\n\n" + example + "\n```"
    return (block, readme.contains(block))
  }
}
