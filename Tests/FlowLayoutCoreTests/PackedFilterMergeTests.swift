import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A filter whose deletions are packed (`PackedDeletions`: a mask) is merged by the section
/// rebuild straight from the mask (`ColumnMerge`'s packed-deletions fill): the same layout as
/// the plain list's rebuild and the page-by-page edits', on one thread and on two, scrolling vertically
/// and horizontally, dense and sparse; and no list of deletions is built.
@Suite("Packed filter merge")
struct PackedFilterMergeTests {
  /// `filter`'s deletions (one section's, ascending) packed as a mask.
  static func packed(_ filter: BatchUpdate) -> PackedDeletions {
    let paths = filter.deleteItems
    var mask = [UInt8](repeating: 0, count: (paths.last!.item >> 3) + 1)
    for path in paths { mask[path.item >> 3] |= 1 << UInt8(path.item & 7) }
    return mask.withUnsafeBufferPointer { PackedDeletions(section: paths[0].section, mask: $0) }
  }

  /// (12 000 items: the filter's deletions are a large batch, applied from its own lists,
  /// `FastFlowLayout.sectionOfLargeAscendingLists`.) `every`: one item in `every` deleted, on
  /// average; 1 deletes runs (every other item kept in blocks of a seeded length).
  @Test(arguments: [(false, 1, UInt64(2)), (true, 2, UInt64(2)), (false, 2, UInt64(3)), (true, 1, UInt64(1))])
  func aPackedFilterMergesAsItsList(horizontal: Bool, threads: Int, every: UInt64) throws {
    let input = SectionRebuildTests.input(count: 12_000, seed: 23, horizontal: horizontal)
    let threading = threads > 1 ? LayoutThreading(threads: threads) : .off
    var (list, pageByPage) = try SectionRebuildTests.engines(input, threading: threading, target: 64)
    var (packed, _) = try SectionRebuildTests.engines(input, threading: threading, target: 64)
    var filter = BatchUpdate()
    var rng = SplitMix64(seed: 41)
    var i = 0
    while i < 12_000 {
      // Runs of deleted and kept items (every = 1), or single items one in `every`.
      let run = every == 1 ? Int(rng.next() % 150) + 1 : 1
      let deletes = every == 1 ? rng.next() & 1 == 0 : rng.next() % every == 0
      if deletes {
        for j in i..<min(i + run, 12_000) { filter.deleteItems.append(ItemPath(1, j)) }
      }
      i += run
    }
    let deletions = Self.packed(filter)
    var packedFilter = BatchUpdate()
    packedFilter.packedDeletions = deletions
    let rebuilt = packed.workCounters.sectionsRebuilt
    try list.apply(filter)
    try pageByPage.apply(filter)
    try packed.apply(packedFilter)
    // One deletion in three is too few to rebuild (`rebuildsSection`) or to be a large batch
    // (`EditScratch.retainedCapacity`): the list is built once, for the page edits.
    let rebuilds = every != 3
    #expect(packed.workCounters.sectionsRebuilt == rebuilt + (rebuilds ? 1 : 0))
    #expect(deletions.materializations == (rebuilds ? 0 : 1), "merged from the mask")
    #expect(packedFilter == filter)
    let note = "h \(horizontal) t \(threads) every \(every)"
    try SectionRebuildTests.expectSame(packed, list, note)
    try SectionRebuildTests.expectSame(packed, pageByPage, note)
  }

  /// `ItemMask`'s ranks, its unnamed items and its last item, against a plain walk.
  @Test func aMaskAnswersAsItsBits() {
    var rng = SplitMix64(seed: 3)
    let bytes = (0..<37).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    let mask = bytes.withUnsafeBufferPointer { ItemMask($0) }
    let named = (0..<(37 * 8)).filter { bytes[$0 >> 3] & (1 << UInt8($0 & 7)) != 0 }
    let unnamed = (0..<(37 * 8 + 70)).filter { !named.contains($0) }
    #expect(mask.count == named.count)
    #expect(mask.lastItem == named.last)
    for (k, item) in named.enumerated() { #expect(mask.item(k) == item) }
    mask.words.withUnsafeBufferPointer { words in
      mask.ranks.withUnsafeBufferPointer { ranks in
        for (a, item) in unnamed.enumerated() {
          #expect(ItemMask.unnamed(a, words: words, ranks: ranks) == item, "\(a)")
        }
      }
    }
    for item in 0..<(37 * 8 + 5) {
      #expect(mask.rank(below: item) == named.filter { $0 < item }.count)
      #expect(mask.contains(item) == named.contains(item))
    }
  }
}
