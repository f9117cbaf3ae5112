import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

@Suite("Chunked line breaking lays out exactly as one thread")
struct ChunkedLineBreakingTests {
  /// Chunks of `chunk` items from 2 items on, so that short sections have many seams.
  static func threading(chunk: Int, threads: Int = 3) -> LayoutThreading {
    LayoutThreading(threads: threads, minimumItems: 2, chunkItems: chunk)
  }

  /// The greedy variants (the others never split, and are compared too).
  static let variants: [LayoutVariant] = [
    .horizontalFlow, .uikitFlow, .vertical, .multiColumn, .horizontalFit, .timeline,
  ]

  /// Both engines' pages (lines, heights, offsets, positions of the visible items) and every
  /// frame, bit for bit.
  static func expectIdentical(
    _ threaded: FastFlowLayout, _ single: FastFlowLayout, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    // Positions of hidden items are not written (by either engine).
    let visible = { (e: FastFlowLayout) in
      e.pages.map { page in
        page.items.xs.isEmpty ? [] : page.items.xs[0..<page.visibleEnd].map(\.bitPattern)
      }
    }
    let lines = { (e: FastFlowLayout) in e.pages.map(\.lines) }
    let heights = { (e: FastFlowLayout) in e.pages.map(\.height.bitPattern) }
    let frames = { (e: FastFlowLayout) in e.allElements.map { "\($0)" } }
    // Compared first, so that a failure prints the case, not both layouts.
    let sameLines = lines(threaded) == lines(single)
    let sameHeights = heights(threaded) == heights(single)
    let samePositions = visible(threaded) == visible(single)
    let sameFrames = frames(threaded) == frames(single)
    let sameCounts = threaded.workCounters.linesRebroken == single.workCounters.linesRebroken
    #expect(sameLines, "lines: \(context)", sourceLocation: sourceLocation)
    #expect(sameHeights, "page heights: \(context)", sourceLocation: sourceLocation)
    #expect(samePositions, "positions: \(context)", sourceLocation: sourceLocation)
    #expect(sameFrames, "frames: \(context)", sourceLocation: sourceLocation)
    #expect(sameCounts, "lines counted: \(context)", sourceLocation: sourceLocation)
  }

  /// Sizes drawn so that lines hold 1 to ~40 items, with zero widths, items wider than the
  /// bounds, and runs of one width.
  static func sizes(count: Int, seed: UInt64) -> [Size] {
    var random = SplitMix64(seed: seed)
    let style = seed % 4
    return (0..<count).map { _ in
      let u = random.nextUnit()
      let h = (random.nextUnit() * 120).rounded() / 4
      switch style {
      case 0: return Size(u * 180 + 10, h)  // mixed: ~2–3 items a line
      case 1: return Size(u < 0.1 ? 0 : u * 6, h)  // tiny: lines of tens of items
      case 2: return Size(u < 0.05 ? 400 + u * 100 : u * 360, h)  // some wider than the bounds
      default: return Size(u < 0.5 ? 117.5 : 60, h)  // runs of two widths
      }
    }
  }

  @Test(arguments: [0, 1, 2, 3, 5, 17, 100, 1_000])
  func randomSectionsEveryChunkSize(count: Int) throws {
    for seed in UInt64(0)..<8 {
      for variant in Self.variants {
        let justified = seed & 4 != 0
        let input = TestInputs.ownSizes(
          [Self.sizes(count: count, seed: seed &+ UInt64(count) &* 31)], variant: variant
        ) { c in
          if justified { c.isLayoutJustified = true }
          if seed % 3 == 0 { c.minimumInteritemSpacing = 0 }
        }
        let single = try FastFlowLayout(input, kernels: .simd, threading: .off)
        for chunk in [1, 2, 3, 7, 64] {
          let threaded = try FastFlowLayout(
            input, kernels: .simd, threading: Self.threading(chunk: chunk))
          let context = "\(variant) n=\(count) seed=\(seed) chunk=\(chunk)"
          Self.expectIdentical(threaded, single, context)
          // A width change lays every section out again, on the engine's threads.
          var a = threaded
          var b = single
          try a.setWidth(311)
          try b.setWidth(311)
          Self.expectIdentical(a, b, "setWidth: \(context)")
        }
      }
    }
  }

  @Test func edgeCases() throws {
    let cases: [(String, [Size])] = [
      ("one item wider than the bounds", [Size(500, 10)]),
      ("wide items between narrow ones", (0..<40).map { Size($0 % 5 == 0 ? 900 : 30, 7) }),
      ("one line spanning every chunk", (0..<60).map { _ in Size(1, 3) }),
      ("zero widths", (0..<50).map { Size(0, Double($0 % 3)) }),
      ("one item a line", (0..<30).map { Size(300, Double($0)) }),
      ("two items", [Size(200, 1), Size(200, 2)]),
    ]
    for (name, sizes) in cases {
      for spacing in [0.0, 10] {
        let input = TestInputs.ownSizes([sizes, sizes.reversed()]) {
          $0.minimumInteritemSpacing = spacing
        }
        let single = try FastFlowLayout(input, kernels: .simd, threading: .off)
        for chunk in 1...5 {
          for threads in [2, 4] {
            let threaded = try FastFlowLayout(
              input, kernels: .simd, threading: Self.threading(chunk: chunk, threads: threads))
            Self.expectIdentical(threaded, single, "\(name) chunk=\(chunk) threads=\(threads)")
          }
        }
      }
    }
  }

  /// Seams where a line ends exactly at a chunk's end, one item before or after it (lines of
  /// exactly 3 items), and first layouts whose line estimate (from the first 1 024 widths) is
  /// short, so that the table runs out of room during the commits and the one-thread loop
  /// takes the rest, with every variant's placement.
  @Test func seamsAtLineEndsAndTablesOutOfRoom() throws {
    // 3 a line (the width available is between 300 and 400).
    let exact: [Size] = (0..<90).map { i in Size(100, Double(i % 7)) }
    let shortEstimate: [Size] = (0..<3_000).map { (i: Int) -> Size in
      let h = Double(i % 11)
      if i < 1_024 { return Size(5, h) }
      return Size(i % 3 == 0 ? 380 : 150, h)
    }
    for (name, sizes) in [("lines of 3", exact), ("short estimate", shortEstimate)] {
      for variant in Self.variants {
        let input = TestInputs.ownSizes([sizes], variant: variant) {
          $0.minimumInteritemSpacing = 0
        }
        let single = try FastFlowLayout(input, kernels: .simd, threading: .off)
        for chunk in [2, 3, 4, 6, 7, 64, 1_000] {
          for threads in [2, 3] {
            let threaded = try FastFlowLayout(
              input, kernels: .simd, threading: Self.threading(chunk: chunk, threads: threads))
            let context = "\(name) \(variant) chunk=\(chunk) threads=\(threads)"
            Self.expectIdentical(threaded, single, context)
            // Narrower (more lines than the reused buffers hold), then wider.
            var a = threaded
            var b = single
            for width in [250.0, 375] {
              try a.setWidth(width)
              try b.setWidth(width)
              Self.expectIdentical(a, b, "setWidth \(width): \(context)")
            }
          }
        }
      }
    }
  }

  /// A block closed right after a claim, before the claimed lines are written (as a commit may
  /// close one while another task still copies the lines it claimed), gets the block's sum from
  /// the writer's running sum, not from the unwritten entries: the table equals the one
  /// `rebuildOffsets` sums. The storage holds other lines first, so an entry read before it is
  /// written is wrong, whatever the threads' timing.
  @Test func blockClosedBeforeItsClaimedLinesAreWritten() {
    let spacing = 4.5
    let n = 80
    let heights = (0..<n).map { Double(10 + ($0 * 37) % 91) + 0.25 }
    let starts = Array(0..<n)
    for claimed in [1, 2, 3, 5, 29, 30, 31] {
      var table = LineTable()
      // Storage holding 80 other lines (height 1 000 000), then reused unwritten.
      table.reserveLines(n)
      table.resetItemIndex(items: n)
      var old = (count: 0, blockSum: 0.0)
      table.withLineWriter(&old, lineSpacing: spacing) { writer in
        for k in 0..<n {
          writer.append(start: k, end: k + 1, height: 1_000_000)
          writer.closeBlockIfFull()
        }
      }
      table.finishLines(count: n, end: n, lineSpacing: spacing, indexWritten: true)
      table.reserveLines(n)
      table.sizeItemIndex(items: n)
      var cursor = (count: 0, blockSum: 0.0)
      let first = 32 - claimed
      table.withLineWriter(&cursor, lineSpacing: spacing) { writer in
        for k in 0..<first {
          writer.append(start: k, end: k + 1, height: heights[k])
          writer.closeBlockIfFull()
        }
        // Lines `first ..< 31` claimed; line 31 appended and its block closed before the
        // claimed lines are written.
        let claim = heights.withUnsafeBufferPointer {
          writer.claim(claimed - 1, heights: $0.baseAddress! + first)
        }
        writer.append(start: 31, end: 32, height: heights[31])
        writer.closeBlockIfFull()
        starts.withUnsafeBufferPointer { s in
          heights.withUnsafeBufferPointer { h in
            writer.writeClaimed(
              claimed - 1, at: claim.first, blockSum: claim.blockSum,
              starts: s.baseAddress! + first, heights: h.baseAddress! + first,
              items: first..<31)
          }
        }
        for k in 32..<n {
          writer.append(start: k, end: k + 1, height: heights[k])
          writer.closeBlockIfFull()
        }
      }
      table.finishLines(count: n, end: n, lineSpacing: spacing, indexWritten: true)
      var summarised = table
      summarised.rebuildOffsets(lineSpacing: spacing)
      #expect(summarised == table, "\(claimed) claimed")
      #expect(table.heights == heights, "\(claimed) claimed")
    }
  }

  /// With room for r lines, the chunked breaking writes exactly the first r greedy lines
  /// (`EqualWidthLinesKernel.scalarLines`), their offsets and index entries as one thread
  /// writes them, and the positions of their items, and returns where line r starts.
  @Test func writesTheLinesThatFit() {
    let sizes = Self.sizes(count: 400, seed: 8)
    let ws = sizes.map(\.width)
    let hs = sizes.map(\.height)
    let (limit, interitem, left, spacing) = (375.0 + 1e-9, 10.0, 3.0, 4.5)
    // One thread: every line, and the table its writer makes.
    var xs = [Double](repeating: -1, count: ws.count)
    var starts = [Int](repeating: 0, count: ws.count)
    var heights = [Double](repeating: 0, count: ws.count)
    let m = ws.withUnsafeBufferPointer { w in
      hs.withUnsafeBufferPointer { h in
        xs.withUnsafeMutableBufferPointer { x in
          starts.withUnsafeMutableBufferPointer { s in
            heights.withUnsafeMutableBufferPointer { hh in
              EqualWidthLinesKernel.scalarLines(
                w, h, x, from: 0, limit: limit, interitem: interitem, left: left, starts: s,
                heights: hh, maxLines: ws.count
              ).lines
            }
          }
        }
      }
    }
    #expect(m > 40)
    for room in [1, 2, 8, 31, 32, 33, m / 2, m - 1, m, m + 5] {
      for chunk in [1, 5, 64] {
        var table = LineTable()
        table.reserveLines(room)
        table.resetItemIndex(items: ws.count)
        var cursor = (count: 0, blockSum: 0.0)
        var screen = LengthScreen()
        var ys = [Double](repeating: -1, count: ws.count)
        let stop = table.withLineWriter(&cursor, lineSpacing: spacing) { writer in
          ws.withUnsafeBufferPointer { w in
            hs.withUnsafeBufferPointer { h in
              ys.withUnsafeMutableBufferPointer { y in
                ChunkedLineBreaking.lines(
                  w, h, y, limit: limit, interitem: interitem, left: left,
                  threading: Self.threading(chunk: chunk, threads: 2), screen: &screen,
                  screening: false, into: &writer
                ).end
              }
            }
          }
        }
        let k = min(room, m)
        let context = "room \(room) of \(m) lines, chunk \(chunk)"
        #expect(cursor.count == k, "\(context)")
        #expect(stop == (k < m ? starts[k] : ws.count), "\(context)")
        #expect(Array(table.starts[0..<k]) == Array(starts[0..<k]), "\(context)")
        #expect(
          table.heights[0..<k].map(\.bitPattern) == heights[0..<k].map(\.bitPattern),
          "\(context)")
        #expect(ys[0..<stop].map(\.bitPattern) == xs[0..<stop].map(\.bitPattern), "\(context)")
        // The offsets and index as a one-thread writer leaves them, every index entry written
        // by the chunked writers themselves (none filled: an unwritten one stays −1).
        table.finishLines(
          count: cursor.count, end: stop, lineSpacing: spacing, indexWritten: true)
        var summarised = table
        summarised.rebuildOffsets(lineSpacing: spacing)
        #expect(summarised == table, "\(context)")
      }
    }
  }

  /// The default threading splits sections from 100 000 items: one such section, on 2 threads
  /// with one chunk each and with many chunks.
  @Test func longSection() throws {
    let input = TestInputs.ownSizes([Self.sizes(count: 120_000, seed: 4)])
    let single = try FastFlowLayout(input, kernels: .simd, threading: .off)
    let two = try FastFlowLayout(input, kernels: .simd, threads: 2)
    #expect(two.threads == 2)
    #expect(LayoutThreading(threads: 2).splits(120_000))
    Self.expectIdentical(two, single, "2 threads")
    let many = try FastFlowLayout(
      input, kernels: .simd, threading: LayoutThreading(threads: 2, chunkItems: 997))
    Self.expectIdentical(many, single, "chunks of 997")
  }

  /// Sections of at least `LineEndPrediction.branchFreeItems` items are broken by the
  /// branch-free form (one thread) and their chunks guessed by it (two threads): both lay out
  /// exactly as the fused loop (`.scalar`), for every style of widths (lines of 2–3 items, of
  /// tens of items, wider than the bounds, runs of two widths).
  @Test(arguments: 0..<4)
  func branchFreeSectionsEqualTheFusedLoop(style: Int) throws {
    let count = LineEndPrediction.branchFreeItems + 1_000
    let input = TestInputs.ownSizes([Self.sizes(count: count, seed: UInt64(8 + style))])
    let fused = try FastFlowLayout(input, kernels: .scalar, threading: .off)
    let single = try FastFlowLayout(input, kernels: .simd, threading: .off)
    Self.expectIdentical(single, fused, "branch-free, style \(style)")
    // The path the test is named after was taken: the branch-free form broke lines (every
    // line of random lines of 2–3 items, style 0, whose ends no predictor learns), the scalar
    // loop none.
    #expect(fused.workCounters.linesBrokenBranchFree == 0)
    #expect(single.workCounters.linesBrokenBranchFree > 0, "style \(style)")
    if style == 0 {
      #expect(single.workCounters.linesBrokenBranchFree == single.workCounters.linesRebroken)
    }
    let two = try FastFlowLayout(
      input, kernels: .simd, threading: LayoutThreading(threads: 2, minimumItems: 2))
    Self.expectIdentical(two, fused, "branch-free guesses, style \(style)")
  }

  /// Widths whose line ends a predictor learns (periods of 3 and 5 widths, lines of about two
  /// items): the paired form breaks the first lines, whose pattern decides, and the fused loop
  /// the rest, from the end of those lines; with random widths of the same range the paired
  /// form breaks them all. Each lays out exactly as the fused loop alone (`.scalar`), at item
  /// counts around the first call's lines and the threshold.
  @Test(arguments: [0, 1, 2])
  func learnableLinesContinueInTheFusedLoop(style: Int) throws {
    for count in [
      LineEndPrediction.branchFreeItems, LineEndPrediction.branchFreeItems + 1,
      7_000, 20_011,
    ] {
      var rng = SplitMix64(seed: UInt64(40 + style))
      let sizes = (0..<count).map { i -> Size in
        let width: Double
        switch style {
        case 0: width = [120.0, 150, 90][i % 3]
        case 1: width = [60.0, 130, 90, 170, 75][i % 5]
        default: width = 60 + (rng.nextUnit() * 141).rounded(.down)
        }
        return Size(width, 20 + Double(i % 7))
      }
      let input = TestInputs.ownSizes([sizes])
      let fused = try FastFlowLayout(input, kernels: .scalar, threading: .off)
      let single = try FastFlowLayout(input, kernels: .simd, threading: .off)
      Self.expectIdentical(single, fused, "style \(style), \(count) items")
      // The switch the test is named after: periodic widths (styles 0 and 1) have their first
      // call's lines (at most 1 536) broken branch-free and every later line by the fused
      // loop; random widths (style 2) every line branch-free.
      let branchFree = single.workCounters.linesBrokenBranchFree
      let lines = single.workCounters.linesRebroken
      #expect(branchFree > 0, "style \(style), \(count) items")
      if style < 2 {
        #expect(branchFree <= 1_536 && branchFree < lines, "style \(style), \(count) items")
      } else {
        #expect(branchFree == lines, "style \(style), \(count) items")
      }
    }
  }

  @Test func threadsBelowOneAreRefused() {
    let input = TestInputs.ownSizes([[Size(10, 10)]])
    let refusal = LayoutError.invalidCount(
      field: "threads", value: 0, reason: "must be at least 1")
    #expect(throws: refusal) { _ = try FastFlowLayout(input, threads: 0) }
  }

  @Test(arguments: [1, 2, 3, 8, 10, 1_000])
  func chunksCoverTheItems(count: Int) {
    for chunk in [nil, 1, 3, 64] as [Int?] {
      let chunks = LayoutThreading(threads: 3, minimumItems: 2, chunkItems: chunk).chunks(count)
      #expect(chunks.first?.lowerBound == 0)
      #expect(chunks.last?.upperBound == count)
      #expect(chunks.allSatisfy { !$0.isEmpty })
      #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }
  }
}
