import FioriCells
import FlowLayoutModel
import Foundation
import Testing

@testable import FlowLayoutDocument

/// The `examples/cells-*.json` documents decode, every cell passes the collection rules, and
/// each section's items are cells as intended.
@Suite struct CellExamplesTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let names: [String] = {
    let files =
      (try? FileManager.default.contentsOfDirectory(atPath: root.path + "/examples")) ?? []
    return files.filter { $0.hasPrefix("cells-") && $0.hasSuffix(".json") }.sorted()
  }()

  @Test func thereAreExamples() {
    #expect(Self.names.count >= 10)
  }

  @Test(arguments: names)
  func decodes(_ name: String) throws {
    let text = try String(contentsOfFile: Self.root.path + "/examples/" + name, encoding: .utf8)
    let document = try LayoutDocument.decode(text)
    for (s, column) in document.cells.enumerated() {
      try CellDescription.validateCollection(
        column.compactMap { $0 }, field: "sections[\(s)].items")
      #expect(column.contains { $0 != nil })
    }
    #expect(try document.input.validate() == ())
  }
}
