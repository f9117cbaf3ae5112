import FlowLayoutDocument
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Foundation
import Testing

/// The runner for the session fixtures in `Golden/sessions/`: hand-computed transcripts of
/// `flowlayout session` (requests `> `, answers `< `; `# name:`, `# rule:` and `# notes:` lines
/// state what they pin and the arithmetic), replayed on the reference engine. Answers compare
/// as JSON: numbers within the equality contract's tolerance, everything else exactly.
@Suite("Golden session fixtures")
struct GoldenSessionTests {
  static var directory: URL { GoldenFixture.directory.appendingPathComponent("sessions") }

  static func allNames() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
  }

  @Test("golden session", arguments: allNames())
  func transcript(_ name: String) throws {
    let text = try String(contentsOf: Self.directory.appendingPathComponent(name + ".txt"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    #expect(lines.contains("# name: \(name)"))
    #expect(lines.contains { $0.hasPrefix("# rule: ") } && lines.contains { $0.hasPrefix("# notes: ") })
    var session = LayoutSession<ReferenceFlowLayout>()
    var pending: String?
    var answered = 0
    for line in lines {
      if line.hasPrefix("> ") {
        #expect(pending == nil, "\(name): a request without its answer")
        pending = session.answer(Array(line.dropFirst(2).utf8))
      } else if line.hasPrefix("< ") {
        let actual = try #require(pending, "\(name): an answer without a request")
        pending = nil
        let expected = String(line.dropFirst(2))
        #expect(Self.same(actual, expected), "\(name):\n  expected \(expected)\n  actual   \(actual)")
        answered += 1
      }
    }
    #expect(pending == nil && answered > 0)
  }

  @Test("the session fixtures exist")
  func coverage() { #expect(Self.allNames().count >= 2) }

  /// Equal JSON texts, numbers within `EqualityContract.close`.
  static func same(_ a: String, _ b: String) -> Bool {
    guard let x = try? JSONSerialization.jsonObject(with: Data(a.utf8)),
      let y = try? JSONSerialization.jsonObject(with: Data(b.utf8))
    else { return a == b }
    return same(x, y)
  }

  static func same(_ a: Any, _ b: Any) -> Bool {
    switch (a, b) {
    case (let x as [String: Any], let y as [String: Any]):
      return x.count == y.count && x.allSatisfy { k, v in y[k].map { same(v, $0) } ?? false }
    case (let x as [Any], let y as [Any]):
      return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (let x as String, let y as String): return x == y
    case (let x as NSNumber, let y as NSNumber):
      // (Booleans are numbers here too: `true` is 1.)
      return EqualityContract.close(x.doubleValue, y.doubleValue)
    case (is NSNull, is NSNull): return true
    default: return false
    }
  }
}
