import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Short sections (`docs/storage.md`, "Short sections"): a section of greedy leading lines of at
/// most `Page.computedPositionsLimit` items stores no position column (its positions
/// are computed), and a table of one block of lines no item index and no block-tree nodes; the
/// frames are bit for bit those of the same pages with every position stored.
@Suite("Short section storage")
struct ShortSectionStorageTests {
  /// `sections` sections of `perSection` items, own sizes in 60…200 pt, 44 pt headers (the
  /// bench's `sections` workload, smaller).
  static func feed(sections: Int, perSection: Int, seed: UInt64 = 0x5EC7) -> LayoutInput {
    var rng = SplitMix64(seed: seed)
    let data = (0..<sections).map { _ in
      (0..<perSection).map { _ in
        Size(rng.nextPoints(in: 60...200), rng.nextPoints(in: 60...200))
      }
    }
    var input = TestInputs.ownSizes(data)
    input.sections = input.sections.map { s in
      var s = s
      s.header = 44
      s.footer = 0
      return s
    }
    return input
  }

  /// What each page holds on the heap beyond the shared sizes: arrays with storage.
  static func heapArrays(_ page: Page) -> Int {
    guard case .table(let t) = page.lines else { return -1 }
    return [
      page.items.xs.capacity, t.starts.capacity, t.heights.capacity, t.offsetsInBlock.capacity,
      t.lineOfItem.capacity, t.blocks.nodeStorage,
    ].filter { $0 > 0 }.count
  }

  /// Every item's frame and every element of the whole content, bit for bit.
  static func expectSameFrames(
    _ a: FastFlowLayout, _ b: FastFlowLayout, _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(a.contentSize == b.contentSize, "\(note)", sourceLocation: sourceLocation)
    #expect(
      TestInputs.allFramesByBruteForce(a) == TestInputs.allFramesByBruteForce(b), "\(note)",
      sourceLocation: sourceLocation)
    let all = Rect(x: -1, y: -1, width: 10_000, height: a.contentSize.height + 2)
    #expect(a.elements(in: all) == b.elements(in: all), "\(note)", sourceLocation: sourceLocation)
  }

  /// The same engine with every page's positions stored.
  static func withStoredPositions(_ engine: FastFlowLayout) -> FastFlowLayout {
    var stored = engine
    for p in stored.pages.indices {
      let rules = stored.rules(ofPage: p)
      stored.pages[p].storePositions(rules: rules)
      #expect(stored.pages[p].items.hasPositions, "page \(p)")
    }
    return stored
  }

  /// A feed of 20-item sections: two heap arrays a section (its lines' starts and heights), no
  /// position column, item index or block-tree nodes. After a width change, no position column
  /// or tree nodes either (the index and offset buffers the layout pass writes are kept for the
  /// next re-layout). The frames are those of stored positions.
  @Test func shortSectionsHoldTwoArrays() throws {
    var engine = try FastFlowLayout(Self.feed(sections: 40, perSection: 20))
    for phase in 0..<2 {
      for p in engine.pages.indices {
        #expect(!engine.pages[p].items.hasPositions, "phase \(phase) page \(p)")
        #expect(engine.pages[p].items.xs.capacity == 0, "phase \(phase) page \(p)")
        guard case .table(let t) = engine.pages[p].lines else {
          Issue.record("phase \(phase) page \(p): not a line table")
          continue
        }
        #expect(t.blocks.nodeStorage == 0, "phase \(phase) page \(p)")
        #expect(t.lineOfItem.isEmpty && t.offsetsInBlock.isEmpty, "phase \(phase) page \(p)")
        if phase == 0 { #expect(Self.heapArrays(engine.pages[p]) == 2, "page \(p)") }
      }
      Self.expectSameFrames(engine, Self.withStoredPositions(engine), "phase \(phase)")
      try engine.setWidth(320)
    }
  }

  /// A page is 160 bytes inline (the page list holds one per section): the flags in the item
  /// columns' padding, the equal-width lines' width read from their positions. A line table
  /// (80 bytes: six arrays, the tree's count and total, and an equal-count table's items per
  /// line) fits in the lines' enum.
  @Test func pageIsCompact() {
    #expect(MemoryLayout<Page>.stride == 160)
    #expect(MemoryLayout<PageLines>.size <= 81)
    #expect(MemoryLayout<LineTable>.size == 80)
  }

  /// A section longer than the limit keeps its positions computed through edits while its
  /// lines stay short (`Page.computedLineLimit`); an edit that re-breaks a
  /// longer line (items of 1 pt, no spacing) stores them, and records the long line. Frames
  /// match a layout from scratch throughout.
  @Test func longSectionsStorePositionsForLongLinesOnly() throws {
    let limit = Page.computedPositionsLimit
    var input = Self.feed(sections: 3, perSection: limit + 1)
    input.configuration.minimumInteritemSpacing = 0
    var engine = try FastFlowLayout(input)
    for p in engine.pages.indices { #expect(!engine.pages[p].items.hasPositions) }
    var batch = BatchUpdate()
    batch.resizeItems = (0..<3).map { ItemResize(at: ItemPath($0, 1), size: Size(61, 70)) }
    batch.insertItems = [ItemInsertion(at: ItemPath(2, 5), size: Size(30, 40))]
    batch.deleteItems = [ItemPath(1, 7)]
    try engine.apply(batch)
    for p in engine.pages.indices { #expect(!engine.pages[p].items.hasPositions, "page \(p)") }
    Self.expectSameFrames(engine, try FastFlowLayout(engine.input), "after short edits")
    // 80 items of 1 pt in section 1: one line of more than 64 items.
    let long = Page.computedLineLimit + 16
    try engine.apply(
      BatchUpdate(
        insertItems: (0..<long).map { ItemInsertion(at: ItemPath(1, 3 + $0), size: Size(1, 20)) }
      ))
    #expect(!engine.pages[0].items.hasPositions && !engine.pages[2].items.hasPositions)
    #expect(engine.pages[1].items.hasPositions && engine.pages[1].items.hasLongLines)
    #expect(LeadingPositionTests.longestLine(engine) > Page.computedLineLimit)
    Self.expectSameFrames(engine, try FastFlowLayout(engine.input), "after a long line")
  }

  /// Every page of `engine` that computes its positions has lines of at most
  /// `Page.computedLineLimit` items.
  static func computedLinesAreShort(_ engine: FastFlowLayout) -> Bool {
    engine.pages.indices.allSatisfy { p in
      guard case .table(let t) = engine.pages[p].lines, !engine.pages[p].items.hasPositions
      else { return true }
      return (0..<t.lineCount).allSatisfy {
        t.range(ofLine: $0).count <= Page.computedLineLimit
      }
    }
  }

  /// Edits of short sections: resizes, insertions and deletions keep them computed, also past
  /// the limit (their lines stay short), and every frame is
  /// bit for bit what a layout from scratch of the result gives.
  @Test func editsKeepFramesExact() throws {
    let limit = Page.computedPositionsLimit
    var rng = SplitMix64(seed: 0xED17)
    var engine = try FastFlowLayout(Self.feed(sections: 6, perSection: 20))
    for step in 0..<60 {
      let s = rng.nextInt(below: engine.sectionCount)
      let count = engine.itemCounts[s]
      var batch = BatchUpdate()
      let size = Size(rng.nextPoints(in: 60...200), rng.nextPoints(in: 60...200))
      switch rng.nextInt(below: 3) {
      case 0 where count > 0:
        batch.resizeItems = [ItemResize(at: ItemPath(s, rng.nextInt(below: count)), size: size)]
      case 1 where count > 1:
        batch.deleteItems = [ItemPath(s, rng.nextInt(below: count))]
      default:
        let at = rng.nextInt(below: count + 1)
        batch.insertItems = (0..<(1 + rng.nextInt(below: 6))).map { i in
          ItemInsertion(at: ItemPath(s, at + i), size: size)
        }
      }
      try engine.apply(batch)
      let scratch = try FastFlowLayout(engine.input)
      Self.expectSameFrames(engine, scratch, "step \(step)")
      // Sections grown past the limit keep computing them: every line stays short.
      for p in engine.pages.indices where engine.pages[p].count > limit {
        #expect(!engine.pages[p].items.hasPositions, "step \(step) page \(p)")
      }
      #expect(Self.computedLinesAreShort(engine), "step \(step)")
    }
  }
}
