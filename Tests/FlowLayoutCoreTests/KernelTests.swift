import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

@Suite("SIMD kernels equal their scalar twins")
struct KernelTests {
  static let lengths = [
    0, 1, LineMaxKernel.lanes - 1, LineMaxKernel.lanes, LineMaxKernel.lanes + 1, 7, 8, 9, 33,
  ]

  /// `LengthScreen.addSIMD` passes exactly when the scalar `add(_:_:)` does: every length of
  /// the edge lengths, clean and with one bad value (NaN, ±∞, −0, negative, just over the limit,
  /// the limit itself and the smallest subnormal, which pass) at each position, from an
  /// unaligned start; a failing range leaves the scalar twin's `maxBits`.
  @Test(arguments: lengths)
  func lengthScreen(length: Int) {
    let limit = LayoutLimits.maximumLength
    let specials: [Double] = [
      .nan, .infinity, -.infinity, -0.0, -1, limit.nextUp, limit, .leastNonzeroMagnitude, 0,
    ]
    var sizes = SplitMix64(seed: UInt64(length) + 7)
    let clean = (0..<(length + 3)).map { _ in sizes.nextUnit() * 200 }
    var cases = [clean]
    for position in 0..<length {
      for bad in specials {
        var values = clean
        values[3 + position] = bad
        cases.append(values)
      }
    }
    for values in cases {
      values.withUnsafeBufferPointer { v in
        let range = 3..<(3 + length)
        var scalar = LengthScreen()
        scalar.add(v, range)
        var simd = LengthScreen()
        simd.addSIMD(v, range)
        #expect(scalar.passes == simd.passes, "\(values[range])")
        if !scalar.passes { #expect(scalar.maxBits == simd.maxBits) }
      }
    }
  }

  @Test(arguments: lengths)
  func lineMaximum(length: Int) {
    var sizes = SplitMix64(seed: UInt64(length) + 1)
    // Offsets 0 and 3 so that vector loads start unaligned to the lanes.
    for offset in [0, 3] {
      var values = (0..<(length + offset)).map { _ in sizes.nextUnit() * 200 }
      if length > 2 { values[offset + length - 1] = 1_000 }  // the maximum in the tail
      values.withUnsafeBufferPointer { v in
        let range = offset..<(offset + length)
        let scalar = LineMaxKernel.maximum(v, range, using: .scalar)
        let simd = LineMaxKernel.maximum(v, range, using: .simd)
        #expect(scalar == simd)
        #expect(scalar == (values[range].max() ?? 0))
      }
    }
  }

  @Test(arguments: lengths)
  func gridPositions(length: Int) {
    var scalar = [Double](repeating: -1, count: length)
    var simd = [Double](repeating: -1, count: length)
    scalar.withUnsafeMutableBufferPointer {
      GridPositionKernel.fill($0, left: 8.5, pitch: 117.25, using: .scalar)
    }
    simd.withUnsafeMutableBufferPointer {
      GridPositionKernel.fill($0, left: 8.5, pitch: 117.25, using: .simd)
    }
    #expect(scalar == simd)
    #expect(scalar == (0..<length).map { 8.5 + Double($0) * 117.25 })
  }

  @Test(arguments: lengths)
  func centeringOffsets(length: Int) {
    var sizes = SplitMix64(seed: UInt64(length) + 99)
    let heights = (0..<length).map { _ in sizes.nextUnit() * 100 }
    var scalar = [Double](repeating: -1, count: length)
    var simd = [Double](repeating: -1, count: length)
    heights.withUnsafeBufferPointer { h in
      scalar.withUnsafeMutableBufferPointer {
        CrossOffsetKernel.centered(h, lineTop: 1234.5, lineHeight: 100, into: $0, using: .scalar)
      }
      simd.withUnsafeMutableBufferPointer {
        CrossOffsetKernel.centered(h, lineTop: 1234.5, lineHeight: 100, into: $0, using: .simd)
      }
    }
    #expect(scalar == simd)
    #expect(scalar == heights.map { 1234.5 + (100 - $0) / 2 })
  }

  /// Heights for the branch-free forms' tests: 10–200 points, and for width kinds 3 and 4
  /// (zero widths; one-item lines) +0 and −0 on two items of every five (lines whose tallest
  /// item is a zero of either sign: the maximum keeps the first one's, `h > t ? h : t`).
  static func heights(_ kind: Int, count: Int, _ rng: inout SplitMix64) -> [Double] {
    (0..<count).map { i in
      let h = 10 + rng.nextUnit() * 190
      guard kind == 3 || kind == 4, i % 5 < 2 else { return h }
      return i % 5 == 0 ? -0.0 : 0.0
    }
  }

  /// Widths of one kind: drawn (mixed), all equal, some wider than the line, zeros.
  static func widths(_ kind: Int, count: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { i in
      switch kind {
      case 0: return 60 + (rng.nextUnit() * 140).rounded()
      case 1: return 110
      case 2: return i % 7 == 3 ? 500 : 20 + rng.nextUnit() * 40
      case 3: return i % 3 == 0 ? 0 : 5 + rng.nextUnit() * 10
      case 4: return 1 + rng.nextUnit() * 400
      // Equal widths but one (the equal-width form stops before its line).
      case 5: return i == count * 2 / 3 ? 110.5 : 110
      // Equal widths, then others.
      case 6: return i < count / 2 ? 37 : 60 + (rng.nextUnit() * 140).rounded()
      // Equal widths, then narrower ones from a group boundary (16 lines of 2 and of 3 items
      // end at 96): the first narrower item would join the last equal line unless it breaks it.
      case 7: return i < 96 ? 110 : 10
      // The same from a boundary of the register form's groups (64 lines of 2 and of 3 items
      // end at 128 and 192: 384 is a boundary of both).
      case 8: return i < 384 ? 110 : 10
      // Equal widths, a capacity beyond the equal-width form's (`maximumPattern`).
      default: return 1
      }
    }
  }

  /// The SIMD greedy lines (fit counts, equal widths, and the equal-width form handing over to
  /// the fit counts where the widths change) equal the scalar loop exactly: breaks, heights and
  /// positions, at the edge lengths, around the equal-width form's groups (16 lines; 64 lines
  /// of at most 4 items) and beyond a block, from several starts and with line limits.
  @Test(
    arguments: lengths + [15, 16, 17, 31, 32, 47, 48, 49, 63, 64, 65, 97]
      + [127, 128, 129, 191, 192, 193, 385, 1_023, 1_024, 1_025, 3_000])
  func greedyLeadingLines(length: Int) {
    for kind in 0..<10 {
      let ws = Self.widths(kind, count: length, seed: UInt64(length * 10 + kind))
      var rng = SplitMix64(seed: UInt64(length) &+ 7)
      let hs = (0..<length).map { _ in 10 + rng.nextUnit() * 190 }
      for (limit, interitem) in [(343.0000003, 8.0), (382.0000004, 8.0), (100.0, 0.0)] {
        for start in Set([0, min(3, length), length / 2]) {
          for maxLines in [1, 7, Int.max / 2] {
            let scalar = Self.lines(
              ws, hs, start: start, limit: limit, interitem: interitem, maxLines: maxLines,
              kernels: .scalar)
            let simd = Self.lines(
              ws, hs, start: start, limit: limit, interitem: interitem, maxLines: maxLines,
              kernels: .simd)
            #expect(
              scalar.starts == simd.starts && scalar.heights == simd.heights
                && scalar.end == simd.end && scalar.xs == simd.xs,
              "kind \(kind) n \(length) limit \(limit) start \(start) maxLines \(maxLines)")
          }
        }
      }
    }
  }

  /// Runs the kernel; positions of items not laid out are NaN in both forms.
  static func lines(
    _ ws: [Double], _ hs: [Double], start: Int, limit: Double, interitem: Double, maxLines: Int,
    kernels: KernelSelection
  ) -> (starts: [Int], heights: [Double], end: Int, xs: [UInt64]) {
    let n = ws.count
    let capacity = min(maxLines, n + 1)
    var starts = [Int](repeating: -1, count: capacity)
    var heights = [Double](repeating: -1, count: capacity)
    var xs = [Double](repeating: .nan, count: n)
    let r = ws.withUnsafeBufferPointer { w in
      hs.withUnsafeBufferPointer { h in
        xs.withUnsafeMutableBufferPointer { x in
          starts.withUnsafeMutableBufferPointer { ls in
            heights.withUnsafeMutableBufferPointer { lh in
              EqualWidthLinesKernel.layOut(
                w, h, x, from: start, limit: limit, interitem: interitem, left: 16, starts: ls,
                heights: lh, maxLines: capacity, equalWidths: true, using: kernels)
            }
          }
        }
      }
    }
    // Positions past the last line written are scratch in the SIMD form.
    let laidOut = (0..<n).map { $0 >= start && $0 < r.end ? xs[$0].bitPattern : 0 }
    return (Array(starts[0..<r.lines]), Array(heights[0..<r.lines]), r.end, laidOut)
  }

  /// The equal-width form told the widths are equal (`widthsKnownEqual`, reading none) and
  /// writing no position gives the scalar loop's lines: starts, heights and end, at the edge
  /// lengths, from several starts and with line limits; positions, when written, are the scalar
  /// loop's. Checking widths that change, it stops before them.
  @Test(
    arguments: lengths + [15, 16, 17, 63, 64, 65, 127, 128, 129, 191, 192, 193, 385, 1_025])
  func equalWidthLinesKnownEqual(length: Int) {
    for kind in [1, 5, 6, 7, 8, 9] {
      let ws = Self.widths(kind, count: length, seed: UInt64(length * 10 + kind))
      var rng = SplitMix64(seed: UInt64(length) &+ 11)
      let hs = (0..<length).map { _ in 10 + rng.nextUnit() * 190 }
      for (limit, interitem) in [(343.0000003, 8.0), (382.0000004, 8.0), (100.0, 0.0)] {
        for start in Set([0, min(3, length), length / 2]) where start < length {
          let equal = ws[start...].allSatisfy { $0.bitPattern == ws[start].bitPattern }
          for maxLines in [1, 7, 64, 65, Int.max / 2] {
            let note = "kind \(kind) n \(length) limit \(limit) start \(start) max \(maxLines)"
            for (known, positions) in [(false, true), (false, false), (equal, false), (equal, true)]
            {
              guard
                let r = Self.equalWidthLines(
                  ws, hs, start: start, limit: limit, interitem: interitem, maxLines: maxLines,
                  known: known, positions: positions)
              else { continue }
              // Widths known equal: every line asked for, or to the end (a check may stop
              // earlier, at another group boundary with or without positions: the caller's
              // fused loop continues from there).
              if known { #expect(r.end == length || r.lines.count == min(maxLines, length + 1)) }
              let scalar = Self.lines(
                ws, hs, start: start, limit: limit, interitem: interitem,
                maxLines: r.lines.count, kernels: .scalar)
              #expect(
                r.lines == scalar.starts && r.heights == scalar.heights && r.end == scalar.end,
                "\(note) known \(known) positions \(positions)")
              if positions { #expect(r.xs == scalar.xs, "\(note) known \(known)") }
            }
          }
        }
      }
    }
  }

  /// The branch-free greedy lines equal the scalar loop's exactly (starts, heights bit for bit,
  /// end), at the edge lengths and beyond a block, from several starts and with line limits
  /// (the limit reached inside the items, at their last line, and not at all), and bound its
  /// longest line from above by at most the unfinished line it read; no entry past the lines
  /// it returns is written beyond `maxLines`.
  @Test(
    arguments: lengths + [2, 3, 15, 16, 17, 31, 32, 33, 64, 65, 97, 1_023, 1_024, 1_025, 3_000])
  func branchFreeLines(length: Int) {
    for kind in 0..<10 {
      let ws = Self.widths(kind, count: length, seed: UInt64(length * 10 + kind))
      var rng = SplitMix64(seed: UInt64(length) &+ 13)
      let hs = Self.heights(kind, count: length, &rng)
      for (limit, interitem) in [(343.0000003, 8.0), (382.0000004, 8.0), (100.0, 0.0)] {
        for start in Set([0, min(3, length), length / 2]) where start < length {
          let all = Self.lines(
            ws, hs, start: start, limit: limit, interitem: interitem, maxLines: Int.max / 2,
            kernels: .scalar)
          for maxLines in Set([1, 2, 7, max(all.starts.count - 1, 1), all.starts.count, 4_000]) {
            let note = "kind \(kind) n \(length) limit \(limit) start \(start) max \(maxLines)"
            let run = Self.runLineKernel(ws, hs, maxLines: maxLines, positions: false) {
              w, h, _, ls, lh, capacity in
              LineBreaker.branchFreeLines(
                w, h, from: start, limit: limit, interitem: interitem, starts: ls, heights: lh,
                maxLines: capacity)
            }
            let r = run.result
            let k = min(maxLines, all.starts.count)
            #expect(r.lines == k, "\(note)")
            #expect(Array(run.starts[0..<r.lines]) == Array(all.starts[0..<k]), "\(note)")
            #expect(
              run.heights[0..<r.lines].map(\.bitPattern) == all.heights[0..<k].map(\.bitPattern),
              "\(note)")
            #expect(r.end == (k < all.starts.count ? all.starts[k] : length), "\(note)")
            // The longest line written, and at most the line after them (read in part).
            let counts = (0..<all.starts.count).map {
              ($0 + 1 < all.starts.count ? all.starts[$0 + 1] : length) - all.starts[$0]
            }
            let written = counts[0..<k].max() ?? 0
            #expect(r.longest >= written, "\(note)")
            #expect(r.longest <= max(written, k < counts.count ? counts[k] : 0), "\(note)")
          }
        }
      }
    }
  }

  /// The paired form's lines equal the scalar loop's exactly (starts, heights bit for bit),
  /// call after call to the end as a caller asks (each call at least one line, at most
  /// `maxLines`), with their longest line bounded, for spans of 1 to 512 items (pairs that share a
  /// start at once, late, or never within their items), from several starts. Under a sanitizer
  /// (`Sanitizers`) without the 3 000-item rows (the longest left: 7 · 512 + 3 items).
  @Test(arguments: [1, 2, 5, 16, 64, LineBreaker.pairSpan])
  func pairedLines(span: Int) {
    let lengths = [1, 2, 3 * span - 1, 3 * span, 3 * span + 1, 7 * span + 3]
    for length in lengths + Sanitizers.sanitized([], else: [3_000]) {
      for kind in 0..<10 {
        let ws = Self.widths(kind, count: length, seed: UInt64(length * 10 + kind))
        var rng = SplitMix64(seed: UInt64(length) &+ 17)
        let hs = Self.heights(kind, count: length, &rng)
        for (limit, interitem) in [(343.0000003, 8.0), (100.0, 0.0)] {
          for start in Set([0, min(3, length - 1)]) {
            let all = Self.lines(
              ws, hs, start: start, limit: limit, interitem: interitem, maxLines: Int.max / 2,
              kernels: .scalar)
            for maxLines in Set([1, 3 * span - 1, 3 * span, 4 * span + 1, length + 1]) {
              let note = "kind \(kind) n \(length) span \(span) start \(start) max \(maxLines)"
              var starts = [Int](), heights = [Double]()
              var s = start
              var longest = 0
              while s < length {
                let run = Self.runLineKernel(ws, hs, maxLines: maxLines, positions: false) {
                  w, h, _, ls, lh, capacity in
                  LineBreaker.pairedLines(
                    w, h, from: s, limit: limit, interitem: interitem, starts: ls, heights: lh,
                    maxLines: capacity, span: span)
                }
                let r = run.result
                guard r.lines >= 1, r.lines <= maxLines, r.end > s else {
                  Issue.record("no progress: \(note) from \(s)")
                  break
                }
                starts += run.starts[0..<r.lines]
                heights += run.heights[0..<r.lines]
                let counts = (0..<r.lines).map {
                  ($0 + 1 < r.lines ? run.starts[$0 + 1] : r.end) - run.starts[$0]
                }
                // At least the longest line written, at most the line after them (read in part).
                let next = all.starts.firstIndex(of: r.end).map {
                  ($0 + 1 < all.starts.count ? all.starts[$0 + 1] : length) - r.end
                } ?? 0
                #expect(r.longest >= counts.max()!, "\(note) from \(s)")
                #expect(r.longest <= max(counts.max()!, next), "\(note) from \(s)")
                longest = max(longest, r.longest)
                s = r.end
              }
              #expect(starts == all.starts, "\(note)")
              #expect(heights.map(\.bitPattern) == all.heights.map(\.bitPattern), "\(note)")
            }
          }
        }
      }
    }
  }

  /// The predictor played on outcome bits: the misses of a plain table of 512 saturating
  /// two-bit counters (indexed by the last 9 outcomes, each starting at 2) over the second half,
  /// on random bits of several join rates, periodic bits and lengths 1 to 2 048.
  @Test func predictorMissesArePlayedExactly() {
    var rng = SplitMix64(seed: 77)
    for count in [1, 2, 3, 64, 65, 1_000, 2_047, 2_048] {
      for style in 0..<5 {
        let outcomes = (0..<count).map { i -> Bool in
          switch style {
          case 0: return rng.nextUnit() < 0.5
          case 1: return rng.nextUnit() < 0.8
          case 2: return i % 3 != 0
          case 3: return i % 7 != 0 && i % 7 != 4
          default: return rng.nextUnit() < 0.97
          }
        }
        var bits = [UInt64](repeating: 0, count: 32)
        for (i, joins) in outcomes.enumerated() where joins { bits[i >> 6] |= 1 << UInt64(i & 63) }
        var table = [Int](repeating: 2, count: 512)
        var history = 0
        var misses = 0
        var counted = 0
        let half = (1 + count) / 2
        for i in 1..<max(count, 1) {
          let joins = outcomes[i]
          let k = history & 511
          if i >= half {
            counted += 1
            if (table[k] >= 2) != joins { misses += 1 }
          }
          table[k] = joins ? min(3, table[k] + 1) : max(0, table[k] - 1)
          history = (history << 1) | (joins ? 1 : 0)
        }
        let played = bits.withUnsafeBufferPointer {
          LineEndPrediction.predictorMisses(joins: $0, count: count)
        }
        #expect(played.misses == misses && played.counted == counted, "\(count), style \(style)")
      }
    }
  }

  /// Line ends with a pattern (periods of 2, 3 and 5 widths, `37 i mod 200`, a Weyl sequence)
  /// are learnable; random widths of about two items a line are not.
  @Test func lineEndsLearnable() {
    let patterned: [(Int) -> Double] = [
      { $0 % 2 == 0 ? 200 : 100 }, { [120.0, 150, 90][$0 % 3] },
      { [60.0, 130, 90, 170, 75][$0 % 5] }, { 40 + Double((37 * $0) % 200) },
      { 40 + Double(Int((UInt64($0) &* 0x9E37_79B9_7F4A_7C15) >> 40) % 200) },
    ]
    var rng = SplitMix64(seed: 5)
    let random = (0..<10_000).map { _ in 60 + (rng.nextUnit() * 141).rounded(.down) }
    // From the widths (the chunked layout's test) and from the greedy lines' starts (the one
    // thread's, on the paired form's lines): the same verdict.
    func learnable(_ ws: [Double]) -> Bool {
      let limit = 343 + 343e-9
      let fromWidths = ws.withUnsafeBufferPointer {
        LineEndPrediction.lineEndsLearnable($0, from: 0, limit: limit, interitem: 8)
      }
      var starts: [Int] = []
      var s = 0
      ws.withUnsafeBufferPointer { w in
        while s < w.count {
          starts.append(s)
          s = LineBreaker.lineEnd(w, from: s, to: w.count, limit: limit, interitem: 8)
        }
      }
      let fromStarts = starts.withUnsafeBufferPointer {
        LineEndPrediction.lineEndsLearnable(starts: $0, end: ws.count)
      }
      #expect(fromWidths == fromStarts, "\(ws.prefix(8))")
      return fromWidths
    }
    for (k, width) in patterned.enumerated() {
      #expect(learnable((0..<10_000).map(width)), "pattern \(k)")
    }
    #expect(!learnable(random))
    #expect(learnable([100]))
  }

  /// `EqualWidthLinesKernel.equalWidthLines` alone; positions not written are 0.
  static func equalWidthLines(
    _ ws: [Double], _ hs: [Double], start: Int, limit: Double, interitem: Double, maxLines: Int,
    known: Bool, positions: Bool
  ) -> (lines: [Int], heights: [Double], end: Int, xs: [UInt64])? {
    let run = Self.runLineKernel(ws, hs, maxLines: maxLines, positions: positions) {
      w, h, x, ls, lh, capacity in
      EqualWidthLinesKernel.equalWidthLines(
        w, h, x, from: start, limit: limit, interitem: interitem, left: 16, starts: ls,
        heights: lh, maxLines: capacity, widthsKnownEqual: known, writesPositions: positions)
    }
    guard let r = run.result else { return nil }
    let laidOut = ws.indices.map {
      positions && $0 >= start && $0 < r.end ? run.xs[$0].bitPattern : 0
    }
    return (Array(run.starts[0..<r.lines]), Array(run.heights[0..<r.lines]), r.end, laidOut)
  }

  /// Runs a line kernel on `ws` and `hs` with fresh buffers: `min(maxLines, n + 1)` line starts
  /// and heights (all −1) and `n` positions (all NaN), or an empty position buffer without
  /// positions (a form that writes none must not touch it). The kernel is given the buffers
  /// and the line capacity; returns the buffers as it left them and its result.
  static func runLineKernel<R>(
    _ ws: [Double], _ hs: [Double], maxLines: Int, positions: Bool,
    _ kernel: (
      UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>, UnsafeMutableBufferPointer<Double>,
      UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Double>, Int
    ) -> R
  ) -> (starts: [Int], heights: [Double], xs: [Double], result: R) {
    let capacity = min(maxLines, ws.count + 1)
    var starts = [Int](repeating: -1, count: capacity)
    var heights = [Double](repeating: -1, count: capacity)
    var xs = [Double](repeating: .nan, count: positions ? ws.count : 0)
    let result = ws.withUnsafeBufferPointer { w in
      hs.withUnsafeBufferPointer { h in
        xs.withUnsafeMutableBufferPointer { x in
          starts.withUnsafeMutableBufferPointer { ls in
            heights.withUnsafeMutableBufferPointer { lh in kernel(w, h, x, ls, lh, capacity) }
          }
        }
      }
    }
    return (starts, heights, xs, result)
  }

  @Test func allWidthsEqual() {
    for n in [0, 1, 2, 63, 64, 65, 200] {
      var ws = [Double](repeating: 110, count: n)
      #expect(ws.withUnsafeBufferPointer { EqualWidthLinesKernel.allWidthsEqual($0) })
      for i in [0, n / 2, n - 1] where n > 1 {
        ws[i] = 110.5
        #expect(!ws.withUnsafeBufferPointer { EqualWidthLinesKernel.allWidthsEqual($0) })
        ws[i] = 110
      }
    }
  }
}
