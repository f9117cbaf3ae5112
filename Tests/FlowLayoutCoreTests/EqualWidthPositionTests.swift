import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Greedy leading lines whose widths are all equal (the Fiori grid) store no position column:
/// each position is computed from its line's start (`ItemColumns.leadingX`, the kernel's own
/// accumulation), and the layout remembers that the widths are equal
/// (`ItemColumns.widthsKnownEqual`) until a width is written, so a re-layout reads only the
/// heights. Frames are bit for bit those of the same pages with every position stored, and of
/// an engine built from scratch after every edit.
@Suite("Equal-width positions")
struct EqualWidthPositionTests {
  /// One section of `count` items of width `width`, heights in 60…200 pt.
  static func grid(count: Int, width: Double = 110, seed: UInt64 = 0xE9A1) -> LayoutInput {
    var rng = SplitMix64(seed: seed)
    return TestInputs.ownSizes([
      (0..<count).map { _ in Size(width, rng.nextPoints(in: 60...200)) }
    ])
  }

  /// Whether every page of `engine` is a line table without positions, its widths known equal.
  static func positionFree(_ engine: FastFlowLayout) -> Bool {
    engine.pages.indices.allSatisfy { p in
      guard case .table = engine.pages[p].lines else { return false }
      return !engine.pages[p].items.hasPositions && engine.pages[p].items.widthsKnownEqual
    }
  }

  /// Equal widths at every length around the kernel's groups and the short-section limit: no
  /// positions, the fact kept, frames those of stored positions; again after a width change.
  @Test(arguments: [33, 64, 65, 127, 128, 129, 193, 500, 1_025])
  func equalWidthsStoreNoPositions(count: Int) throws {
    var engine = try FastFlowLayout(Self.grid(count: count))
    for width in [375.0, 414, 375] {
      try engine.setWidth(width)
      #expect(Self.positionFree(engine), "n \(count) width \(width)")
      ShortSectionStorageTests.expectSameFrames(
        engine, ShortSectionStorageTests.withStoredPositions(engine), "n \(count) \(width)")
    }
  }

  /// Equal-width lines of c ≤ 8 items make an equal-count table, which keeps no item index
  /// (`LineTable.itemsPerLine`); longer lines are filled as before. Every entry `q` is the line of item `8q`, `8q / c`, after a
  /// first layout and after re-layouts at other widths (whose stale entries an unwritten one
  /// would keep), for c from 1 to past the index stride.
  @Test func equalWidthLinesIndexEveryItem() throws {
    var perLine = Set<Int>()
    for width in [300.0, 150, 100, 75, 60, 50, 42, 37, 33, 30, 26, 23, 20, 18] {
      var engine = try FastFlowLayout(Self.grid(count: 1_000, width: width))
      for layoutWidth in [375.0, 414, 300, 375] {
        try engine.setWidth(layoutWidth)
        guard case .table(let table) = engine.pages[0].lines else {
          Issue.record("width \(width): not a table")
          continue
        }
        let c = table.starts[1] - table.starts[0]
        perLine.insert(c)
        let n = engine.input.sections[0].count
        guard c > 8 || c == 1 else {
          // An equal-count table: no index (`EqualCountTableTests`).
          #expect(table.itemsPerLine == c && table.lineOfItem.isEmpty, "w \(width) c \(c)")
          continue
        }
        #expect(table.lineOfItem.count == (n + 7) / 8, "w \(width) at \(layoutWidth)")
        for q in table.lineOfItem.indices where table.lineOfItem[q] != Int32(8 * q / c) {
          Issue.record("w \(width) at \(layoutWidth), c \(c): entry \(q) \(table.lineOfItem[q])")
          break
        }
      }
    }
    // Lines of every length from 1 to past 8 items were checked.
    #expect(perLine.isSuperset(of: Set(1...12)), "\(perLine.sorted())")
  }

  /// Widths that differ anywhere are not known equal (and store no positions either:
  /// `LeadingPositionTests`); lines longer than `computedLineLimit` store positions.
  @Test func otherWidthsStorePositions() throws {
    var input = Self.grid(count: 300)
    input.sections[0].itemWidths[299] = 109
    let last = try FastFlowLayout(input)
    #expect(!last.pages[0].items.hasPositions && !last.pages[0].items.widthsKnownEqual)
    ShortSectionStorageTests.expectSameFrames(
      last, ShortSectionStorageTests.withStoredPositions(last), "last differs")
    // 2 pt items, no spacing: ~170 a line, more than `maximumPattern`.
    var narrowInput = Self.grid(count: 600, width: 2)
    narrowInput.configuration.minimumInteritemSpacing = 0
    let narrow = try FastFlowLayout(narrowInput)
    #expect(narrow.pages[0].items.hasPositions && narrow.pages[0].items.widthsKnownEqual)
    ShortSectionStorageTests.expectSameFrames(narrow, try FastFlowLayout(narrow.input), "narrow")
  }

  /// Edits of a position-free section: a resize to another width forgets that the widths are
  /// equal, so the next full layout (`setWidth`) breaks the lines by the widths; no edit stores
  /// positions (its lines stay short). Every frame, after every edit and every
  /// width change, is bit for bit that of an engine built from scratch.
  @Test func widthEditsForgetEqualWidths() throws {
    var rng = SplitMix64(seed: 0xED17)
    for step in 0..<24 {
      var engine = try FastFlowLayout(Self.grid(count: 400, seed: UInt64(step)))
      #expect(Self.positionFree(engine), "step \(step)")
      var batch = BatchUpdate()
      let i = rng.nextInt(below: 400)
      switch step % 4 {
      case 0:
        // Narrower: the lines around it take more items after the next full layout.
        batch.resizeItems = [ItemResize(at: ItemPath(0, i), size: Size(40, 80))]
      case 1:
        // The same width, another height: the widths stay equal.
        batch.resizeItems = [ItemResize(at: ItemPath(0, i), size: Size(110, 70))]
      case 2:
        batch.insertItems = [ItemInsertion(at: ItemPath(0, i), size: Size(30, 90))]
      default:
        batch.deleteItems = [ItemPath(0, i)]
      }
      try engine.apply(batch)
      ShortSectionStorageTests.expectSameFrames(
        engine, try FastFlowLayout(engine.input), "step \(step) edit")
      // Positions stay computed (no line is longer than the limit), the widths forgotten.
      if step % 4 == 0 {
        #expect(LeadingPositionTests.positionFree(engine), "step \(step)")
        #expect(!engine.pages[0].items.widthsKnownEqual, "step \(step)")
      }
      // A height-only resize keeps both: no position, the widths known equal.
      if step % 4 == 1 { #expect(Self.positionFree(engine), "step \(step)") }
      for width in [414.0, 375] {
        try engine.setWidth(width)
        var scratch = try FastFlowLayout(engine.input)
        try scratch.setWidth(width)
        ShortSectionStorageTests.expectSameFrames(engine, scratch, "step \(step) width \(width)")
        if step % 4 == 1 { #expect(Self.positionFree(engine), "step \(step) width \(width)") }
      }
    }
  }
}
