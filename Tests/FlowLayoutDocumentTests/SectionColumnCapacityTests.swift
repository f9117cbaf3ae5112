import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// A document's sections are held for a session's life: sections whose count equals or is one
/// less than the one before keep at most a quarter more room than their items (the allocator's
/// rounding), and any section at most its count again and 16 (growing counts, which outgrow
/// their guess and grow to the bytes left; mixed counts; one long section).
@Suite("Section columns at rest")
struct SectionColumnCapacityTests {
  static func document(_ counts: [Int]) -> [UInt8] {
    var text = #"{"layout":"horizontalFlow","width":375,"sections":["#
    for (s, count) in counts.enumerated() {
      if s > 0 { text += "," }
      text += #"{"header":44,"items":["#
      text += (0..<count).map { "[\(40 + ($0 * 7) % 90),\(30 + ($0 * 13) % 70)]" }.joined(
        separator: ",")
      text += "]}"
    }
    return Array((text + "]}").utf8)
  }

  @Test(arguments: [
    ([Int](repeating: 20, count: 50), true),
    (Array(1...60), false),
    (Array((1...60).reversed()), true),
    ([3, 500, 7, 7, 7, 64, 65, 66, 0, 20, 200_000, 20, 21, 19], false),
    ([150_000], false),
  ])
  func columnsKeepLittleRoom(counts: [Int], near: Bool) throws {
    let document = try LayoutDocument.decode(Self.document(counts))
    let sections = document.input.sections
    #expect(sections.map(\.itemWidths.count) == counts)
    for section in sections {
      for column in [section.itemWidths, section.itemHeights] {
        let room = near ? column.count / 4 + 12 : column.count + 16 + column.count / 4 + 8
        #expect(column.capacity <= column.count + room, "\(column.count)")
      }
    }
    // The items as written.
    let last = try #require(sections.last)
    #expect(last.itemWidths.last.map { $0 >= 40 } ?? true)
  }
}
