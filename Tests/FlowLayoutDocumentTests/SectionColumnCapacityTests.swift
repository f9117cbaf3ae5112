import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// A document's sections are held for a session's life: a section's size columns keep at most
/// a quarter more room than their items (and the allocator's rounding), whatever the guess
/// their reading started from, for sections of equal counts, of growing and shrinking counts,
/// after a long one, and for one long section.
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
    [Int](repeating: 20, count: 50),
    Array(1...60),
    Array((1...60).reversed()),
    [3, 500, 7, 7, 7, 64, 65, 66, 0, 20, 200_000, 20, 21, 19],
    [150_000],
  ])
  func columnsKeepNoMoreThanAQuarterOfRoom(counts: [Int]) throws {
    let document = try LayoutDocument.decode(Self.document(counts))
    let sections = document.input.sections
    #expect(sections.map(\.itemWidths.count) == counts)
    for section in sections {
      for column in [section.itemWidths, section.itemHeights] {
        #expect(column.capacity <= column.count + column.count / 4 + 4 + 8, "\(column.count)")
      }
    }
    // The items as written.
    let last = try #require(sections.last)
    #expect(last.itemWidths.last.map { $0 >= 40 } ?? true)
  }
}
