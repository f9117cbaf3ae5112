import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A large dense batch of one section's ascending deletions and insertions rebuilds the
/// section (`FastFlowLayout.rebuildSection`; the threshold lowered so that sections of a few
/// thousand items take it): every answer equals the reference engine's, through a filter, its
/// restore and random batches of both, on one thread and on two, with pages of a few items.
@Suite("Section rebuild against the reference")
struct SectionRebuildProperties {
  @Test(arguments: [
    (LayoutVariant.horizontalFlow, false), (.vertical, false), (.horizontalFlow, true),
    (.timeline, false),
  ])
  func rebuiltSectionsAgreeWithTheReference(variant: LayoutVariant, horizontal: Bool) throws {
    var rng = SplitMix64(seed: 0x5EC7 &+ UInt64(horizontal ? 1 : 0))
    for round in 0..<3 {
      var sizes = SplitMix64(seed: rng.next())
      let count = 9_000 + Int(rng.next() % 6_000)
      var c = LayoutConfiguration(variant: variant)
      c.estimatedItemSize = Size(100, 100)
      if horizontal { c.scrollDirection = .horizontal }
      let input = LayoutInput(
        configuration: c, bounds: Size(375, 812),
        sections: [
          SectionData(header: 20, footer: 10, items: sizes.mixedSizes(7)),
          SectionData(header: 44, footer: 0, items: sizes.mixedSizes(count)),
          SectionData(header: 0, footer: 12, items: sizes.mixedSizes(5)),
        ])
      var reference = try ReferenceFlowLayout(input)
      var fast = try FastFlowLayout(
        input, kernels: .simd,
        threading: round % 2 == 0 ? LayoutThreading(threads: 2) : .off)
      fast.pageCapacity = PageCapacity(target: [16, 64, 512][round], rebuildItems: 0)
      fast.prepareForEdits()
      // The filter (half), its restore, then a batch of both (one edit in two items).
      var filter = BatchUpdate()
      var restore = BatchUpdate()
      let section = input.sections[1]
      for i in 0..<count where rng.next() & 1 == 0 {
        filter.deleteItems.append(ItemPath(1, i))
        restore.insertItems.append(
          ItemInsertion(
            at: ItemPath(1, i),
            size: Size(width: section.itemWidths[i], height: section.itemHeights[i])))
      }
      var both = BatchUpdate()
      var newIndex = 0
      for i in 0..<count {
        switch rng.next() % 4 {
        case 0:
          both.deleteItems.append(ItemPath(1, i))
          continue
        case 1:
          both.insertItems.append(
            ItemInsertion(
              at: ItemPath(1, newIndex),
              size: Size(width: Double(1 + rng.next() % 400), height: Double(rng.next() % 80))))
          newIndex += 1
        default: break
        }
        newIndex += 1
      }
      for (name, batch) in [("filter", filter), ("restore", restore), ("both", both)] {
        fast.resetWorkCounters()
        try reference.apply(batch)
        try fast.apply(batch)
        let note = "\(variant) horizontal \(horizontal) round \(round) \(name)"
        #expect(fast.workCounters.sectionsRebuilt == 1, "\(note) \(fast.workCounters)")
        var comparison = LayoutComparison(note)
        var rects = SplitMix64(seed: rng.next())
        comparison.compare(fast, reference, rects: rects.queryRects(over: fast.contentSize))
        #expect(comparison.failures == 0, "\(note)")
      }
    }
  }
}
