import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// A restore whose insertions are packed (`PackedInsertions`: a mask and the sizes' bits) is
/// merged by the section rebuild straight from them (`ColumnMerge`'s packed fill): the same
/// layout as the plain list's rebuild and a fresh layout, on one thread and on two, `f32` and
/// `f64` sizes, scrolling vertically and horizontally; and no list of insertions is built.
@Suite("Packed merge")
struct PackedMergeTests {
  /// `restore`'s insertions (one section's, ascending) packed: a mask and the sizes' bits.
  static func packed(_ restore: BatchUpdate, wide: Bool) -> PackedInsertions {
    let items = restore.insertItems
    var mask = [UInt8](repeating: 0, count: (items.last!.at.item >> 3) + 1)
    var bits: [UInt64] = []
    for insertion in items {
      mask[insertion.at.item >> 3] |= 1 << UInt8(insertion.at.item & 7)
      if wide {
        bits += [insertion.size.width.bitPattern, insertion.size.height.bitPattern]
      } else {
        bits.append(
          UInt64(Float(insertion.size.width).bitPattern)
            | UInt64(Float(insertion.size.height).bitPattern) << 32)
      }
    }
    return mask.withUnsafeBufferPointer {
      PackedInsertions(section: items[0].at.section, mask: $0, sizeBits: bits, wide: wide)
    }
  }

  /// (12 000 items: the restore's 6 000 insertions are a large batch, applied from its own
  /// lists, `FastFlowLayout.sectionOfLargeAscendingLists`.)
  @Test(arguments: [(false, 1, false), (true, 2, false), (false, 2, true), (true, 1, true)])
  func aPackedRestoreMergesAsItsList(horizontal: Bool, threads: Int, wide: Bool) throws {
    var input = SectionRebuildTests.input(count: 12_000, seed: 17, horizontal: horizontal)
    if !wide {
      // Sizes a `Float` holds exactly, as `f32` sends them.
      for k in input.sections[1].itemWidths.indices {
        input.sections[1].itemWidths[k] = Double(Float(input.sections[1].itemWidths[k]))
        input.sections[1].itemHeights[k] = Double(Float(input.sections[1].itemHeights[k]))
      }
    }
    let threading = threads > 1 ? LayoutThreading(threads: threads) : .off
    var (list, _) = try SectionRebuildTests.engines(input, threading: threading, target: 64)
    var (packed, _) = try SectionRebuildTests.engines(input, threading: threading, target: 64)
    var (filter, restore) = SectionRebuildTests.filterAndRestore(input, every: 2, seed: 5)
    // Kept diagnostics: the restore brings back one item wider than the line when `wide`.
    list.keepDiagnostics()
    packed.keepDiagnostics()
    if wide {
      let k = restore.insertItems.count / 3
      let at = restore.insertItems[k].at
      // Long across the lines only (the other side short), so that reading the wrong side
      // of a size misses it.
      let (width, height) = horizontal ? (50.0, 5_000.0) : (5_000.0, 50.0)
      restore.insertItems[k].size.width = width
      restore.insertItems[k].size.height = height
      input.sections[1].itemWidths[at.item] = width
      input.sections[1].itemHeights[at.item] = height
    }
    try list.apply(filter)
    try packed.apply(filter)
    var packedRestore = BatchUpdate()
    let insertions = Self.packed(restore, wide: wide)
    packedRestore.packedInsertions = insertions
    #expect(packedRestore == restore)
    let merged = packed.packedInsertionsMerged
    let rebuilt = packed.workCounters.sectionsRebuilt
    try list.apply(restore)
    try packed.apply(packedRestore)
    #expect(packed.workCounters.sectionsRebuilt == rebuilt + 1)
    #expect(packed.packedInsertionsMerged - merged == restore.insertItems.count)
    #expect(insertions.materializations == 1, "once, by the `==` above")
    try SectionRebuildTests.expectSame(packed, list, "h \(horizontal) t \(threads) w \(wide)")
    #expect(packed.overflowingItems == list.overflowingItems)
    #expect(packed.overflowingItems.count == (wide ? 1 : 0))
  }
}
