import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `ItemColumns.splice(removing:inserting:)` (its one-move forms, and a batch's columns
/// compacted and widened in one pass each, `spliceRuns`) gives exactly the columns the
/// one-copy splice of each column (`ItemColumns.spliced`, run by run into a new array) gives,
/// with and without kept positions, for random edits from sparse to every item, and for
/// inconsistent edits.
@Suite("Bulk splice")
struct BulkSpliceTests {
  static func columns(_ n: Int, positions: Bool, _ rng: inout SplitMix64) -> ItemColumns {
    let widths = (0..<n).map { _ in Double(rng.nextInt(below: 1000)) / 4 }
    let heights = (0..<n).map { _ in Double(rng.nextInt(below: 1000)) / 8 }
    guard positions else { return ItemColumns(widths: widths, heights: heights) }
    return ItemColumns(widths: widths, heights: heights, xs: (0..<n).map { Double($0) })
  }

  /// `columns` spliced column by column by `ItemColumns.spliced` (positions of inserted items 0).
  static func spliced(
    _ columns: ItemColumns, _ removals: [Int], _ insertions: [(index: Int, size: Size)]
  ) -> ItemColumns {
    let w = ItemColumns.spliced(
      columns.widths, removals, insertions.map { ($0.index, $0.size.width) })
    let h = ItemColumns.spliced(
      columns.heights, removals, insertions.map { ($0.index, $0.size.height) })
    guard columns.hasPositions else { return ItemColumns(widths: w, heights: h) }
    let x = ItemColumns.spliced(columns.xs, removals, insertions.map { ($0.index, 0) })
    return ItemColumns(widths: w, heights: h, xs: x)
  }

  @Test func matchesTheRunByRunSplice() {
    var rng = SplitMix64(seed: 0x5B1)
    for round in 0..<300 {
      let n = rng.nextInt(below: 3) == 0 ? rng.nextInt(below: 40) : rng.nextInt(below: 3000)
      var columns = Self.columns(n, positions: round % 2 == 0, &rng)
      // Removal density from none to all; insertions likewise, at after-space indices; runs
      // long (a block) and short (element by element).
      let removeEvery = [0, 1, 2, 3, 17, 200][rng.nextInt(below: 6)]
      let removals = (0..<n).filter {
        removeEvery > 0 && ($0 / (1 + rng.nextInt(below: 40)) + $0) % removeEvery == 0
      }
      let kept = n - removals.count
      let inserted = [0, 1, 5, 100, kept + 20][rng.nextInt(below: 5)]
      var slots = Array(0..<(kept + inserted))
      for k in 0..<inserted { slots.swapAt(k, k + rng.nextInt(below: slots.count - k)) }
      let insertions = slots.prefix(inserted).sorted().map {
        (index: $0, size: Size(width: Double($0) + 0.5, height: -Double($0)))
      }
      let expected = Self.spliced(columns, removals, insertions)
      columns.splice(removing: removals, inserting: insertions)
      #expect(
        columns == expected,
        "round \(round): n \(n), \(removals.count) removed, \(inserted) inserted")
    }
  }

  @Test func inconsistentEditsGiveTheRunByRunResult() {
    var rng = SplitMix64(seed: 2)
    let columns = Self.columns(100, positions: true, &rng)
    let removals = Array(stride(from: 0, to: 100, by: 2)) + [7]  // out of order
    let insertions = (0..<70).map { (index: $0 * 3, size: Size(width: 1, height: 2)) }
    let expected = Self.spliced(columns, removals, insertions)
    var bulk = columns
    bulk.splice(removing: removals, inserting: insertions)
    #expect(bulk == expected)
  }

  /// A large batch of one section's deletions and insertions, each named in ascending order (a
  /// filter, its restore) is applied from the batch's own lists, nothing listed per item
  /// (`itemsListed`), and gives exactly the layout of the same edits named out of order (listed
  /// per section first) and a fresh layout's, scrolling along y and along x.
  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical, .uikitFlow])
  func largeAscendingListsAreAppliedInPlace(variant: LayoutVariant) throws {
    for direction in [ScrollDirection.vertical, .horizontal] {
      var sizes = SplitMix64(seed: 41)
      let items = sizes.mixedSizes(12_000)
      let input = TestInputs.ownSizes([sizes.mixedSizes(30), items], variant: variant) {
        $0.scrollDirection = direction
      }
      var inPlace = try FastFlowLayout(input)
      inPlace.prepareForEdits()
      var listed = inPlace
      var rng = SplitMix64(seed: 9)
      var filter = BatchUpdate()
      var restore = BatchUpdate()
      for (i, size) in items.enumerated() where rng.next() & 1 == 0 {
        filter.deleteItems.append(ItemPath(1, i))
        restore.insertItems.append(ItemInsertion(at: ItemPath(1, i), size: size))
      }
      #expect(filter.deleteItems.count >= EditScratch.retainedCapacity)
      for batch in [filter, restore] {
        let before = inPlace.itemsListed
        try inPlace.apply(batch)
        #expect(inPlace.itemsListed == before, "\(variant) \(direction)")
        var reordered = batch
        reordered.deleteItems.reverse()
        reordered.insertItems.reverse()
        let listedBefore = listed.itemsListed
        try listed.apply(reordered)
        #expect(
          listed.itemsListed
            == listedBefore + batch.deleteItems.count + batch.insertItems.count)
        // Compared as Booleans: a failing expectation must not print 12 000 elements.
        let sameAsListed = inPlace.allElements == listed.allElements
        #expect(sameAsListed, "\(variant) \(direction)")
        #expect(inPlace.contentSize == listed.contentSize)
        let fresh = try FastFlowLayout(inPlace.input)
        let difference = EngineComparison.elementDifference(
          inPlace.allElements, fresh.allElements)
        #expect(difference == nil, "\(variant) \(direction)")
        #expect(inPlace.contentSize == fresh.contentSize)
      }
      let restored = inPlace.input == input
      #expect(restored)
    }
  }
}
