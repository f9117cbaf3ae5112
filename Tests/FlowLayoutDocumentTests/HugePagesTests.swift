import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// The huge-page advice of a batch's large lists (`HugePages`) spans the whole list: its first
/// 2 MiB (a large block starts within a page of a 2 MiB boundary) and its last (the room
/// `HugePages.capacity` adds), so that no part of it faults in 4 KiB pages.
@Suite("Huge pages")
struct HugePagesTests {
  static let page = HugePages.pageBytes

  @Test func aBlockWithinAPageOfABoundaryIsAdvisedFromIt() throws {
    let boundary = 64 * Self.page
    // jemalloc's large blocks: a 2 MiB-aligned extent, a cache-oblivious offset below a page,
    // Swift's 32-byte header.
    for offset in [32, 992, 4064] {
      let range = try #require(
        HugePages.advisedRange(base: boundary + offset, count: 5 * Self.page))
      #expect(range == boundary..<(boundary + 5 * Self.page))
    }
    // Further in: the next boundary (the memory before it may be another block's).
    let inside = try #require(
      HugePages.advisedRange(base: boundary + Self.page / 2, count: 5 * Self.page))
    #expect(inside == (boundary + Self.page)..<(boundary + 5 * Self.page))
    // Less than a huge page: nothing.
    #expect(HugePages.advisedRange(base: boundary + Self.page / 2, count: Self.page) == nil)
  }

  @Test func aLargeListsAdviceCoversAllItsValues() throws {
    let stride = MemoryLayout<ItemInsertion>.stride
    for count in [1_000, 70_000, 500_000] {
      let list = HugePages.array(count: count) { (out: UnsafeMutablePointer<ItemInsertion>) in
        for k in 0..<count {
          (out + k).initialize(
            to: ItemInsertion(
              at: ItemPath(section: 0, item: k), size: Size(width: Double(k), height: 1)))
        }
      }
      #expect(list.count == count)
      #expect(
        list.indices.allSatisfy { list[$0].at.item == $0 && list[$0].size.width == Double($0) })
      guard count * stride >= Self.page else {
        #expect(HugePages.capacity(count: count, stride: stride) == count)
        continue
      }
      #expect(list.capacity >= HugePages.capacity(count: count, stride: stride))
      #expect(list.capacity * stride >= count * stride + Self.page)
      let base = list.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress!) }
      let range = try #require(HugePages.advisedRange(base: base, count: list.capacity * stride))
      // The values' end lies inside the advised range (the room's huge page), wherever the
      // block starts.
      #expect(range.upperBound >= base + count * stride)
      #expect(range.lowerBound <= base + Self.page)
    }
  }

  /// A large array's block is first reserved on a 2 MiB boundary, advised from its first byte
  /// and freed (`placeOnBoundary`), for the array allocated next to take its place; nothing is
  /// reserved for less than a huge page.
  @Test func aLargeBlockIsPreparedOnABoundary() throws {
    #expect(HugePages.placeOnBoundary(bytes: Self.page - 1).map(\.start) == nil)
    #if os(Linux)
      for bytes in [Self.page, 3 * Self.page + 12_345, 6_097_184] {
        let placed = try #require(HugePages.placeOnBoundary(bytes: bytes))
        #expect(placed.start % Self.page == 0, "\(bytes)")
        #expect(placed.advised == placed.start..<(placed.start + bytes / Self.page * Self.page))
      }
    #endif
  }

  /// `reserve(_:in:)` keeps the values and gives at least the room asked for, on huge pages or
  /// (less than a huge page) by `reserveCapacity`.
  @Test func reservingKeepsTheValues() {
    for (count, room) in [(10, 100), (70_000, 300_000), (300_000, 300_000)] {
      var column = (0..<count).map(Double.init)
      HugePages.reserve(room, in: &column)
      #expect(column == (0..<count).map(Double.init), "\(count)")
      #expect(column.capacity >= room, "\(count)")
    }
  }

  /// A long run of sized items read into columns on huge pages (`readPlainPairs`; columns of
  /// more than 2 MiB): the first section's (its room taken past the first guess, 2¹⁶ items),
  /// one after a short section (its room taken while short, the values moved once 2¹⁶ are
  /// read), and a short one, each read as written.
  @Test func longRunsReadAsWritten() throws {
    func items(_ count: Int, _ seed: Int) -> [(Int, Int)] {
      (0..<count).map { ((($0 &* 7919) ^ seed) % 300 + 1, ($0 % 97) + seed % 5 + 1) }
    }
    for counts in [[300_000], [12, 300_000, 3], [12, 1_000]] {
      let sections = counts.enumerated().map { k, count in
        let list = items(count, k).map { "[\($0.0),\($0.1)]" }.joined(separator: ",")
        return #"{"items":[\#(list)]}"#
      }
      let list = sections.joined(separator: ",")
      let document = try LayoutDocument.decode(
        #"{"layout":"horizontalFlow","width":375,"sections":[\#(list)]}"#)
      for (k, count) in counts.enumerated() {
        let section = document.input.sections[k]
        let expected = items(count, k)
        #expect(section.count == count)
        #expect(section.itemWidths.elementsEqual(expected.map { Double($0.0) }), "\(counts) \(k)")
        #expect(section.itemHeights.elementsEqual(expected.map { Double($0.1) }), "\(counts) \(k)")
      }
    }
  }
}
