import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Greedy leading lines of any widths (`mixed`) store no position column after a full layout
/// whose lines hold at most `Page.computedLineLimit` items: each position is
/// computed from its line's start (`ItemColumns.leadingX`, the fused loop's own accumulation).
/// The fused loop's form that writes no position gives the lines of the one that does; frames
/// are bit for bit those of the same pages with every position stored, and of an engine built
/// from scratch after every edit, on one thread and on two.
@Suite("Leading positions computed")
struct LeadingPositionTests {
  /// One section of `count` items of widths in `widths`, heights in 40…200 pt.
  static func mixed(count: Int, widths: ClosedRange<Double> = 40...200, seed: UInt64 = 0x31D)
    -> LayoutInput
  {
    var rng = SplitMix64(seed: seed)
    let span = widths.upperBound - widths.lowerBound
    return TestInputs.ownSizes([
      (0..<count).map { _ in
        Size(widths.lowerBound + rng.nextUnit() * span, rng.nextPoints(in: 40...200))
      }
    ])
  }

  /// Whether every page of `engine` is a line table without positions.
  static func positionFree(_ engine: FastFlowLayout) -> Bool {
    engine.pages.indices.allSatisfy { p in
      guard case .table = engine.pages[p].lines else { return false }
      return !engine.pages[p].items.hasPositions
    }
  }

  /// The fused loop without positions (`scalarLines(writesPositions: false)`, an empty position
  /// buffer it must not touch) gives the starts, heights and end of the one with positions, at
  /// the edge lengths, from several starts, with line limits; each written position is the one
  /// `ItemColumns.leadingX` computes from the line's start, bit for bit.
  @Test(
    arguments: KernelTests.lengths + [31, 32, 33, 63, 64, 65, 127, 128, 129, 1_025])
  func fusedLoopWithoutPositions(length: Int) {
    for kind in 0..<10 {
      let ws = KernelTests.widths(kind, count: length, seed: UInt64(length * 10 + kind))
      var rng = SplitMix64(seed: UInt64(length) &+ 5)
      let hs = (0..<length).map { _ in 10 + rng.nextUnit() * 190 }
      let columns = ItemColumns(widths: ws, heights: hs)
      for (limit, interitem) in [(343.0000003, 8.0), (382.0000004, 8.0), (100.0, 0.0)] {
        for start in Set([0, min(3, length), length / 2]) where start < length {
          for maxLines in [1, 7, Int.max / 2] {
            let note = "kind \(kind) n \(length) limit \(limit) start \(start) max \(maxLines)"
            let with = Self.scalarLines(
              ws, hs, start: start, limit: limit, interitem: interitem, maxLines: maxLines,
              positions: true)
            let without = Self.scalarLines(
              ws, hs, start: start, limit: limit, interitem: interitem, maxLines: maxLines,
              positions: false)
            #expect(
              with.starts == without.starts && with.heights == without.heights
                && with.end == without.end, "\(note)")
            for (k, s) in with.starts.enumerated() {
              let e = k + 1 < with.starts.count ? with.starts[k + 1] : with.end
              for j in s..<e {
                let x = columns.leadingX(ofItem: j, lineStart: s, left: 16, interitem: interitem)
                #expect(x.bitPattern == with.xs[j], "\(note) item \(j)")
              }
            }
          }
        }
      }
    }
  }

  /// `EqualWidthLinesKernel.scalarLines`; without positions, an empty buffer.
  static func scalarLines(
    _ ws: [Double], _ hs: [Double], start: Int, limit: Double, interitem: Double, maxLines: Int,
    positions: Bool
  ) -> (starts: [Int], heights: [UInt64], end: Int, xs: [UInt64]) {
    let run = KernelTests.runLineKernel(ws, hs, maxLines: maxLines, positions: positions) {
      w, h, x, ls, lh, capacity in
      EqualWidthLinesKernel.scalarLines(
        w, h, x, from: start, limit: limit, interitem: interitem, left: 16, starts: ls,
        heights: lh, maxLines: capacity, writesPositions: positions)
    }
    let r = run.result
    return (
      Array(run.starts[0..<r.lines]), run.heights[0..<r.lines].map(\.bitPattern), r.end,
      run.xs.map(\.bitPattern)
    )
  }

  /// Mixed widths at lengths around the short-section limit, a block of lines and a chunk: no
  /// positions after the first layout and after width changes, frames those of stored
  /// positions; two threads with small chunks (seams everywhere) give the same pages.
  @Test(arguments: [33, 64, 65, 500, 1_025, 3_001])
  func mixedWidthsStoreNoPositions(count: Int) throws {
    let input = Self.mixed(count: count, seed: UInt64(count))
    var engine = try FastFlowLayout(input, kernels: .simd, threading: .off)
    var scalar = try FastFlowLayout(input, kernels: .scalar, threading: .off)
    var threaded = try FastFlowLayout(
      input, kernels: .simd,
      threading: LayoutThreading(threads: 2, minimumItems: 2, chunkItems: 97))
    for width in [375.0, 1_024, 320, 375] {
      try engine.setWidth(width)
      try scalar.setWidth(width)
      try threaded.setWidth(width)
      let note = "n \(count) width \(width)"
      #expect(Self.positionFree(engine), "\(note)")
      #expect(Self.positionFree(scalar), "\(note) scalar")
      #expect(Self.positionFree(threaded), "\(note) threads")
      ShortSectionStorageTests.expectSameFrames(
        engine, ShortSectionStorageTests.withStoredPositions(engine), "\(note)")
      ShortSectionStorageTests.expectSameFrames(engine, scalar, "\(note) scalar")
      ChunkedLineBreakingTests.expectIdentical(threaded, engine, "\(note) threads")
    }
  }

  /// Lines longer than `computedLineLimit` (1–3 pt items, no spacing: ~180 a line) store the
  /// positions after the layout that finds them, and the next layout writes them as it goes;
  /// the first layout after the lines are short again still writes them (it cannot know
  /// before), the next one none. Frames are a fresh engine's throughout.
  @Test func longLinesStorePositions() throws {
    let threadings = [
      LayoutThreading.off, LayoutThreading(threads: 2, minimumItems: 2),
      LayoutThreading(threads: 2, minimumItems: 2, chunkItems: 250),
    ]
    for threading in threadings {
      // The long lines first, short ones after (the last line does not tell).
      var input = Self.mixed(count: 2_000, widths: 1...3)
      let wide = Self.mixed(count: 1_000, seed: 7).sections[0].itemWidths
      input.sections[0].itemWidths.replaceSubrange(1_000..<2_000, with: wide)
      input.configuration.minimumInteritemSpacing = 0
      var engine = try FastFlowLayout(input, kernels: .simd, threading: threading)
      let note = "threads \(threading.threads) chunk \(threading.chunkItems ?? 0)"
      // A first layout with scalar kernels (its own loop, `appendLines`) finds them too.
      let scalar = try FastFlowLayout(input, kernels: .scalar, threading: threading)
      #expect(scalar.pages[0].items.hasPositions && scalar.pages[0].items.hasLongLines, "\(note)")
      #expect(engine.pages[0].items.hasPositions && engine.pages[0].items.hasLongLines, "\(note)")
      ShortSectionStorageTests.expectSameFrames(engine, try FastFlowLayout(input), "\(note)")
      try engine.setWidth(400)
      #expect(engine.pages[0].items.hasPositions && engine.pages[0].items.hasLongLines, "\(note)")
      // At most 60 pt a line: at most 60 items.
      try engine.setWidth(60)
      #expect(Self.longestLine(engine) <= Page.computedLineLimit, "\(note)")
      #expect(engine.pages[0].items.hasPositions && !engine.pages[0].items.hasLongLines, "\(note)")
      var fresh = try FastFlowLayout(input)
      try fresh.setWidth(60)
      ShortSectionStorageTests.expectSameFrames(engine, fresh, "\(note) width 60")
      try engine.setWidth(61)
      #expect(Self.positionFree(engine), "\(note) width 61")
      try fresh.setWidth(61)
      ShortSectionStorageTests.expectSameFrames(engine, fresh, "\(note) width 61")
    }
  }

  /// The most items of a line of `engine`'s line tables.
  static func longestLine(_ engine: FastFlowLayout) -> Int {
    engine.pages.indices.map { p in
      guard case .table(let t) = engine.pages[p].lines else { return 0 }
      return (0..<t.lineCount).map { t.range(ofLine: $0).count }.max() ?? 0
    }.max() ?? 0
  }

  /// Edits of a position-free section of mixed widths: resizes (width, height only: what a
  /// self-sizing pass applies), insertions, deletions, moves and a batch of them, then width
  /// changes. Every frame after
  /// every edit and every width change is bit for bit that of an engine built from scratch.
  @Test func editsOfComputedPositions() throws {
    var rng = SplitMix64(seed: 0x1EAD)
    for step in 0..<24 {
      let n = step % 3 == 0 ? 40 : 700
      var engine = try FastFlowLayout(Self.mixed(count: n, seed: UInt64(step)))
      #expect(Self.positionFree(engine), "step \(step)")
      let i = rng.nextInt(below: n)
      let j = rng.nextInt(below: n)
      let size = Size(rng.nextPoints(in: 20...300), rng.nextPoints(in: 40...200))
      let height = Size(engine.input.sections[0].itemWidths[i], 77)
      var batch = BatchUpdate()
      switch step % 6 {
      case 0: batch.resizeItems = [ItemResize(at: ItemPath(0, i), size: size)]
      case 1: batch.resizeItems = [ItemResize(at: ItemPath(0, i), size: height)]
      case 2: batch.insertItems = [ItemInsertion(at: ItemPath(0, i), size: size)]
      case 3: batch.deleteItems = [ItemPath(0, i)]
      case 4: batch.moveItems = [ItemMove(from: ItemPath(0, i), to: ItemPath(0, j))]
      default:
        batch.resizeItems = [
          ItemResize(at: ItemPath(0, j), size: size), ItemResize(at: ItemPath(0, i), size: height),
        ]
        batch.deleteItems = [ItemPath(0, (i + 1) % n)]
        batch.insertItems = [ItemInsertion(at: ItemPath(0, j), size: size)]
      }
      try engine.apply(batch)
      ShortSectionStorageTests.expectSameFrames(
        engine, try FastFlowLayout(engine.input), "step \(step) edit")
      for width in [414.0, 375] {
        try engine.setWidth(width)
        var scratch = try FastFlowLayout(engine.input)
        try scratch.setWidth(width)
        ShortSectionStorageTests.expectSameFrames(engine, scratch, "step \(step) width \(width)")
        #expect(Self.positionFree(engine), "step \(step) width \(width)")
      }
    }
  }
}
