/// The branch-free forms of the greedy line breaker: the join test selected, not branched on, so
/// that no line's end is mispredicted; one stream (`branchFreeLines`) or two at once
/// (`pairedLines`). For long sections of differing widths, without positions, whose line ends a
/// predictor would not learn (`LineEndPrediction.lineEndsLearnable`).
extension LineBreaker {
  /// The scalar kernel's lines (no positions) from `start`, at most `maxLines`, with no branch on
  /// the data: line `k`'s first item in `starts[k]`, its tallest height in `heights[k]`. Returns the
  /// lines written, the end of the last and at least the most items of a line written. The same
  /// accumulation as `extend`, bit for bit.
  ///
  /// - Precondition: `start < ws.count == hs.count`; `maxLines ≥ 1`; `starts` and `heights` hold
  ///   at least `maxLines` entries.
  /// - Complexity: O(k) for the k items of the lines written (plus those of the line after them).
  static func branchFreeLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>, from start: Int,
    limit: Double, interitem: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int
  ) -> (lines: Int, end: Int, longest: Int) {
    let n = ws.count
    let w = ws.baseAddress!
    let h = hs.baseAddress!
    let lineStarts = starts.baseAddress!
    let lineHeights = heights.baseAddress!
    // One lane used: `SIMD2`'s compare and `replacing` select without a branch, where a
    // scalar `?:` on `Double` compiles to one.
    let bound = SIMD2<Double>(repeating: limit)
    let gap = SIMD2<Double>(repeating: interitem)
    var usedGap = SIMD2<Double>(repeating: w[start]) + gap
    var tallest = SIMD2<Double>(repeating: h[start])
    var s = start
    var k = 0
    var longest = 0
    var i = start &+ 1
    while i < n, k < maxLines {
      // The current line as it stands (final when item `i` breaks it).
      lineStarts[k] = s
      lineHeights[k] = tallest[0]
      let broken = branchFreeStep(
        width: w[i], height: h[i], bound: bound, gap: gap, usedGap: &usedGap, tallest: &tallest)
      k &+= broken ? 1 : 0
      // (`i − s` is the broken line's count at its break, and below the line's count before.)
      longest = max(longest, i &- s)
      s = broken ? i : s
      i &+= 1
    }
    if k == maxLines { return (k, s, longest) }
    lineStarts[k] = s
    lineHeights[k] = tallest[0]
    return (k &+ 1, n, max(longest, n &- s))
  }

  /// `branchFreeLines`' lines (at least one, at most `maxLines`), broken on two streams where room
  /// allows: one from the first line's start, one from a guessed start `span` items later whose
  /// lines are kept from the first start both share (`LineCatchUp.meets`). Returns them as
  /// `branchFreeLines` does (`longest` at most that of the line after them, when more).
  ///
  /// - Precondition: `start < ws.count == hs.count`; `maxLines ≥ 1`; `starts` and `heights` hold
  ///   at least `maxLines` entries; `span ≥ 1`.
  /// - Complexity: O(k) for the k items of the lines written (plus up to `2 · span` read past).
  static func pairedLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>, from start: Int,
    limit: Double, interitem: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int, span: Int = pairSpan
  ) -> (lines: Int, end: Int, longest: Int) {
    let n = ws.count
    var k = 0
    var s = start
    var longest = 0
    while n &- s >= 2 &* span, maxLines &- k >= 3 &* span {
      // The second stream's lines go to the last `span` entries of the room, past any the
      // first stream writes (at most `2 · span`).
      let pair = linePair(
        ws, hs, from: s, span: span, limit: limit, interitem: interitem,
        starts: starts.baseAddress! + k, heights: heights.baseAddress! + k,
        guesses: maxLines &- k &- span)
      // (No line within 2 · span items: the one-stream form below takes it.)
      if pair.lines == 0 { break }
      k &+= pair.lines
      s = pair.end
      longest = max(longest, pair.longest)
    }
    // One stream where no pair was taken (too little room, or a line of 2 · span items), and
    // for the last items; else the caller asks again, with room for pairs.
    if s < n, k < maxLines, k == 0 || n &- s < 2 &* span {
      let rest = branchFreeLines(
        ws, hs, from: s, limit: limit, interitem: interitem,
        starts: UnsafeMutableBufferPointer(rebasing: starts[k...]),
        heights: UnsafeMutableBufferPointer(rebasing: heights[k...]), maxLines: maxLines &- k)
      k &+= rest.lines
      s = rest.end
      longest = max(longest, rest.longest)
    }
    return (k, s, longest)
  }

  /// One item of a branch-free stream: the item joins the line whose `used + I` is `usedGap`
  /// (lane 0) and whose tallest is `tallest`, or breaks it (`(used + I) + width > bound`). Returns
  /// whether it breaks; `usedGap` and `tallest` become the line's after the item: `extend`'s
  /// accumulation and maximum, bit for bit.
  ///
  /// - Precondition: `height` and `tallest` are finite.
  /// - Complexity: O(1), no branch.
  @inline(__always)
  static func branchFreeStep(
    width: Double, height: Double, bound: SIMD2<Double>, gap: SIMD2<Double>,
    usedGap: inout SIMD2<Double>, tallest: inout SIMD2<Double>
  ) -> Bool {
    let widths = SIMD2<Double>(repeating: width)
    let heights = SIMD2<Double>(repeating: height)
    let candidate = usedGap + widths
    let breaks = candidate .> bound
    // A break takes the line's tallest to −∞, so that one maximum gives the item's height.
    let dropped = tallest - SIMD2<Double>(repeating: 0).replacing(with: .infinity, where: breaks)
    tallest = dropped.replacing(with: heights, where: heights .> dropped)
    usedGap = (candidate + gap).replacing(with: widths + gap, where: breaks)
    return breaks[0]
  }

  /// The items of a line pair's streams (`pairedLines`), each stream's span.
  static let pairSpan = 512

  /// One step of `pairedLines` over items `start ..< start + 2 · span`, the second stream's lines
  /// written from entry `guesses`: the lines up to the first start both streams share, then the
  /// second's after it (without one, up to the first's line open at the end). Returns the lines
  /// written (at most `2 · span`), the next start and at least the most items of a line.
  @inline(__always)
  private static func linePair(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>, from start: Int,
    span: Int, limit: Double, interitem: Double, starts: UnsafeMutablePointer<Int>,
    heights: UnsafeMutablePointer<Double>, guesses: Int
  ) -> (lines: Int, end: Int, longest: Int) {
    let w = ws.baseAddress!
    let h = hs.baseAddress!
    let middle = start &+ span
    let stop = middle &+ span
    // Each stream in its own `SIMD2` (one lane used): two such chains select without a
    // branch, where one `SIMD2` of both streams had its lanes' selects compiled to branches.
    let bound = SIMD2<Double>(repeating: limit)
    let gap = SIMD2<Double>(repeating: interitem)
    var usedGapA = SIMD2<Double>(repeating: w[start]) + gap
    var tallestA = SIMD2<Double>(repeating: h[start])
    var usedGapB = SIMD2<Double>(repeating: w[middle]) + gap
    var tallestB = SIMD2<Double>(repeating: h[middle])
    var sA = start
    var sB = middle
    var kA = 0
    var kB = guesses
    var longest = 0
    var i = start &+ 1
    while i < middle {
      starts[kA] = sA
      heights[kA] = tallestA[0]
      starts[kB] = sB
      heights[kB] = tallestB[0]
      let brokenA = branchFreeStep(
        width: w[i], height: h[i], bound: bound, gap: gap, usedGap: &usedGapA,
        tallest: &tallestA)
      let brokenB = branchFreeStep(
        width: w[i &+ span], height: h[i &+ span], bound: bound, gap: gap, usedGap: &usedGapB,
        tallest: &tallestB)
      kA &+= brokenA ? 1 : 0
      kB &+= brokenB ? 1 : 0
      // (`i − sA` is the broken line's count at its break, and below the line's count before.)
      longest = max(longest, i &- sA)
      sA = brokenA ? i : sA
      sB = brokenB ? i &+ span : sB
      i &+= 1
    }
    // The first stream carried on by the scalar kernel, one line at a time, until it catches
    // up with the second (`LineCatchUp.meets`: a line starts where one of the second's does).
    let none = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)
    var line = open(sA, ws, hs, none, left: 0, writesPositions: false)
    var e = extend(
      &line, ws, hs, none, from: sA &+ 1, to: stop, limit: limit, interitem: interitem,
      writesPositions: false)
    var q = guesses
    while e < stop {
      starts[kA] = sA
      heights[kA] = line.height
      kA &+= 1
      longest = max(longest, e &- sA)
      sA = e
      if LineCatchUp.meets(e, known: starts, count: kB, then: sB, at: &q) {
        // The second stream's lines from the one met, moved forward (its entries lie at or
        // after the ones they move to).
        while q < kB {
          let next = q &+ 1 < kB ? starts[q &+ 1] : sB
          longest = max(longest, next &- starts[q])
          starts[kA] = starts[q]
          heights[kA] = heights[q]
          kA &+= 1
          q &+= 1
        }
        return (kA, sB, longest)
      }
      line = open(e, ws, hs, none, left: 0, writesPositions: false)
      e = extend(
        &line, ws, hs, none, from: e &+ 1, to: stop, limit: limit, interitem: interitem,
        writesPositions: false)
    }
    return (kA, sA, longest)
  }
}
