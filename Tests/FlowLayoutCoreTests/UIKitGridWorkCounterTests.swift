import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `uikitFlow`'s last line depends on whether every item of the section has one size. An edit
/// decides that from the count of adjacent pairs that differ, kept through edits: a few size
/// comparisons per edited item, never a scan of the section.
@Suite("Work counters for uikitFlow's one-size test")
struct UIKitGridWorkCounterTests {
  static let common = Size(100, 80)

  /// 100 000 items of one size, except the last: the worst case for a scan from the start.
  static func engine() throws -> FastFlowLayout {
    var items = [Size](repeating: common, count: 100_000)
    items[99_999] = Size(50, 50)
    return try FastFlowLayout(TestInputs.ownSizes([items], variant: .uikitFlow))
  }

  static func expectEqualsFreshLayout(_ engine: FastFlowLayout) throws {
    let fresh = try FastFlowLayout(engine.input)
    #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
    #expect(engine.contentSize == fresh.contentSize)
  }

  /// A one-size section of 41 lines, the last of 2 items: the last line sits in the first
  /// line's columns (`semantics.md`, `uikitFlow`), not leading-aligned and not centered.
  @Test func lastLineOfALongGridTakesTheFirstLinesColumns() throws {
    let n = 3 * 40 + 2
    let engine = try FastFlowLayout(
      TestInputs.ownSizes([[Size](repeating: Self.common, count: n)], variant: .uikitFlow))
    func x(_ j: Int) throws -> Double {
      try engine.frame(ofItemAt: ItemPath(0, j)).minX
    }
    let first = try (0..<3).map(x)
    let last = try (n - 2..<n).map(x)
    #expect(Set(first).count == 3)
    #expect(last == Array(first[0..<2]))
  }

  @Test func fullLayoutComparesEveryAdjacentPairOnce() throws {
    #expect(try Self.engine().workCounters.sizesCompared == 99_999)
  }

  @Test func editsCompareAFewSizesPerEditedItem() throws {
    var engine = try Self.engine()
    let batches: [(BatchUpdate, compared: Int)] = [
      (BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 50_000), size: Size(90, 90))]), 4),
      (BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 50_000), size: Self.common)]), 4),
      (BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 7), size: Size(1, 2))]), 3),
      (BatchUpdate(deleteItems: [ItemPath(0, 7), ItemPath(0, 8), ItemPath(0, 500)]), 9),
      (
        BatchUpdate(
          deleteItems: [ItemPath(0, 3)],
          insertItems: [
            ItemInsertion(at: ItemPath(0, 0), size: Size(7, 7)),
            ItemInsertion(at: ItemPath(0, 1), size: Self.common),
          ]), 3 + 6
      ),
      (BatchUpdate(deleteItems: [ItemPath(0, 0)]), 3),
      // The last item takes the common size: every item has one size now (the grid last line).
      (
        BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, 99_997), size: Self.common)]), 4
      ),
      (BatchUpdate(moveItems: [ItemMove(from: ItemPath(0, 10), to: ItemPath(0, 99_000))]), 6),
    ]
    for (batch, compared) in batches {
      engine.resetWorkCounters()
      try engine.apply(batch)
      #expect(engine.workCounters.sizesCompared == compared)
      #expect(engine.workCounters.sectionsLaidOut == 0)
      try Self.expectEqualsFreshLayout(engine)
    }
  }

  @Test func randomEditsKeepTheCountExact() throws {
    var sizes = SplitMix64(seed: 404)
    let palette = [Size(100, 80), Size(100, 80), Size(100, 80), Size(100, 80), Size(60, 80)]
    func pick() -> Size { palette[Int(sizes.nextUnit() * Double(palette.count))] }
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([(0..<6).map { _ in pick() }], variant: .uikitFlow))
    var uniformSeen = 0
    for step in 0..<300 {
      let n = engine.input.sections[0].count
      var batch = BatchUpdate()
      let i = Int(sizes.nextUnit() * Double(max(n, 1)))
      switch step % 4 {
      case 0 where n > 0: batch.resizeItems = [ItemResize(at: ItemPath(0, i), size: pick())]
      case 1 where n > 0:
        batch.deleteItems = Array(Set([i, (i + 1) % n])).sorted().map { ItemPath(0, $0) }
      case 2 where n > 1:
        batch.moveItems = [ItemMove(from: ItemPath(0, i), to: ItemPath(0, (i + 3) % n))]
      default:
        batch.insertItems = [
          ItemInsertion(at: ItemPath(0, min(i, n)), size: pick()),
          ItemInsertion(at: ItemPath(0, min(i, n) + 1), size: pick()),
        ]
      }
      try engine.apply(batch)
      let section = engine.pages[0]
      #expect(section.adjacentDifferences == section.items.adjacentSizeDifferences())
      uniformSeen += section.adjacentDifferences == 0 && section.count > 1 ? 1 : 0
      try Self.expectEqualsFreshLayout(engine)
    }
    #expect(uniformSeen > 0)  // the script reaches one-size sections too
  }
}
