/// Greedy, leading-aligned lines (`docs/semantics.md`'s greedy rule with `x₀ = l`,
/// `xⱼ₊₁ = (xⱼ + wⱼ) + I`): each line's start and tallest item, and every item's position along
/// its line — the whole of a `.horizontalFlow` full layout's per-item work.
///
/// Four forms, all giving bit-identical breaks and heights, and positions where they write
/// them (`KernelTests`):
/// - `.scalar`: one fused loop whose line exit is a data-dependent branch, mispredicted about
///   once per line (the C loop's shape).
/// - `.simd`, widths differ: **fit counts**. For every item `i` of a block, how many of the next
///   `K` items a line starting at `i` takes is computed for four `i` at once (the same
///   accumulation `used = (used + I) + wⱼ` in four lanes, one compare per step, no branch); then
///   lines are chained through the counts (`s += fit[s]`) and each line's height and positions
///   are written in `K − 1` fixed steps (a trip count that does not change from line to line,
///   so its exit is predicted). Positions past a line's end are
///   written too and overwritten by the next line. A line that may hold `K` items or more, or
///   that ends within `K` items of the end, takes the scalar loop.
/// - `.simd`, equal widths (`equalWidthLines`): while every width is the first line's, the
///   breaks are every `c` items, `c` the greedy capacity of that width, and the positions of a
///   line are the same for every line (computed once by the same accumulation and copied); only
///   each line's tallest item is left to find. The widths are checked a group of lines at a
///   time, and the form stops before the first line they would change.
///
/// - `.simd`, no positions, long sections (`branchFreeLines`, `pairedLines`): the scalar rule
///   item by item with its join test selected, not branched on, on two streams at once (the
///   second from a guessed start, kept from the first line start both share). About twice the
///   scalar loop's instructions, but no mispredicted line end.
///
/// Measured (docs/profiling-archive.md): the equal-width form is the engine's path for `.horizontalFlow`
/// sections, and the paired branch-free form for long sections of widths that differ, without
/// positions (~0.7–0.85× the C loop at 100k–1M, where the scalar loop is ~1.0×); the fit-count
/// form, and a branch-free form of fixed steps per line on four streams, execute more
/// instructions per item than the scalar loop saves in mispredictions.
enum GreedyLeadingLinesKernel {
  /// Items per fit-count block (the counts live on the stack).
  static let block = 1_024
  /// The most items the fit counts look ahead.
  static let maximumLookahead = 8
  /// The most items per line of the equal-width path (wider capacity: the general paths).
  static let maximumPattern = 64

  /// Lays out lines from item `start` on, at most `maxLines` of them: writes line `k`'s first
  /// item to `starts[k]` and its tallest item's height to `heights[k]`, and every item's
  /// position in them to `xs`. Returns the lines written and the end (exclusive) of the last.
  ///
  /// - Parameters:
  ///   - limit: `A + ε`; item `j` joins iff `!((used + I) + wⱼ > limit)`.
  ///   - equalWidths: try the equal-width form first (the SIMD form; it checks the widths and
  ///     hands the lines it cannot take to the fit counts).
  /// - Precondition: `xs.count == ws.count == hs.count`; `starts` and `heights` hold at least
  ///   `maxLines` entries.
  /// - Complexity: O(k) for the k items of the lines written (O(k + K·k/4) vector steps for
  ///   the fit counts, K ≤ 8).
  static func layOut(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int, equalWidths: Bool,
    using kernels: KernelSelection
  ) -> (lines: Int, end: Int) {
    switch kernels {
    case .scalar:
      return scalarLines(
        ws, hs, xs, from: start, limit: limit, interitem: interitem, left: left, starts: starts,
        heights: heights, maxLines: maxLines)
    case .simd:
      var done = (lines: 0, end: start)
      if equalWidths, start < ws.count, maxLines > 0,
        let r = equalWidthLines(
          ws, hs, xs, from: start, limit: limit, interitem: interitem, left: left,
          starts: starts, heights: heights, maxLines: maxLines)
      {
        done = r
      }
      // The rest (widths that differ, or a wide capacity) by fit counts.
      let rest = fitCountLines(
        ws, hs, xs, from: done.end, limit: limit, interitem: interitem, left: left,
        starts: UnsafeMutableBufferPointer(rebasing: starts[done.lines...]),
        heights: UnsafeMutableBufferPointer(rebasing: heights[done.lines...]),
        maxLines: maxLines - done.lines)
      return (done.lines + rest.lines, rest.end)
    }
  }

  /// The scalar twin: one line at a time, the join test as the loop's exit. Without
  /// `writesPositions`, no position is written (`xs` may be empty; the caller computes them,
  /// `ItemColumns.leadingX`, by the same accumulation): the lines are the same.
  ///
  /// - Complexity: O(k) for the k items of the lines written.
  static func scalarLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int, writesPositions: Bool = true
  ) -> (lines: Int, end: Int) {
    let n = ws.count
    var s = start
    var k = 0
    while k < maxLines, s < n {
      let (e, h) =
        writesPositions
        ? scalarLine(ws, hs, xs, from: s, limit: limit, interitem: interitem, left: left)
        : scalarLine(
          ws, hs, xs, from: s, limit: limit, interitem: interitem, left: left,
          writesPositions: false)
      starts[k] = s
      heights[k] = h
      s = e
      k += 1
    }
    return (k, s)
  }

  /// One line from `s` by the scalar rule: its end and height; its positions written when
  /// `writesPositions` (a literal at every call: the form without writes 3 streams of the
  /// loop's 4, no position, and none of the position's additions).
  @inline(__always)
  static func scalarLine(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from s: Int, limit: Double, interitem: Double,
    left: Double, writesPositions: Bool = true
  ) -> (end: Int, height: Double) {
    let n = ws.count
    var used = ws[s]
    var lineHeight = hs[s]
    var x = left
    if writesPositions { xs[s] = x }
    // `ws[e - 1]`, the width the next position adds.
    var previous = used
    var e = s + 1
    while e < n {
      let w = ws[e]
      let candidate = used + interitem + w
      if candidate > limit { break }
      used = candidate
      if writesPositions {
        x = x + previous + interitem
        xs[e] = x
        previous = w
      }
      let h = hs[e]
      lineHeight = h > lineHeight ? h : lineHeight
      e += 1
    }
    return (e, lineHeight)
  }

  /// The lines of `scalarLines(…, writesPositions: false)` from `start`, at most `maxLines`,
  /// with no branch on the data: every item takes the same instructions (the join test
  /// selects, it does not branch), so no line's end is mispredicted, and the loop's time is its
  /// dependency chain (`used`'s addition, compare and select: ~2.6 ns an item here whatever the
  /// widths). Writes line `k`'s first item to `starts[k]` and its tallest item's height to
  /// `heights[k]`; returns the lines written, the end (exclusive) of the last, and the most
  /// items of a line written (at least that of every line written).
  ///
  /// The same accumulation as `scalarLine`, bit for bit: `used + I` is carried (`(c + I)` after
  /// a join, `(wᵢ + I)` after a break), so that each candidate is `(used + I) + wᵢ`.
  ///
  /// - Precondition: `start < ws.count == hs.count`; `maxLines ≥ 1`; `starts` and `heights`
  ///   hold at least `maxLines` entries.
  /// - Complexity: O(k) for the k items of the lines written (plus the items of the line after
  ///   them, read up to where the lines ran out).
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

  /// Lines of `branchFreeLines` (the same lines, at most `maxLines`, at least one; the end of
  /// the last; a `longest` at least the most items of a line written, and at most that of the
  /// line after them, read in part, when more), broken on two
  /// streams of items at once where at least `2 · span` items and `3 · span` lines of room are
  /// left: one from the first line's start, one from a guessed start `span` items later, whose
  /// lines are kept from the first line start both streams share (the first stream carried on,
  /// one line at a time, until it breaks where the second broke: greedy lines from one start
  /// are the same lines). Two dependency chains instead of one (docs/profiling-archive.md, "Branch-free
  /// lines").
  ///
  /// - Precondition: `start < ws.count == hs.count`; `maxLines ≥ 1`; `starts` and `heights`
  ///   hold at least `maxLines` entries; `span ≥ 1`.
  /// - Complexity: O(k) for the k items of the lines written (plus up to `2 · span` items read
  ///   past them; the second stream's lines before the first shared start are discarded).
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

  /// One item of a branch-free stream (`branchFreeLines`, each stream of `pairedLines`): the
  /// item of width `width` and height `height` joins the line whose `used + I` is `usedGap`
  /// (lane 0) and whose tallest item is `tallest`, or breaks it (`(used + I) + width >
  /// bound`). Returns whether it breaks; `usedGap` and `tallest` become the line's after the
  /// item (the item's own line's when it breaks): `scalarLine`'s accumulation and maximum, bit
  /// for bit, selected, not branched on.
  ///
  /// - Precondition: `height` and `tallest` are finite (a layout's lengths are: validated).
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
    // A break takes the line's tallest to −∞ (`t − ∞`; `t − 0` is `t`, −0 included), so that
    // one maximum (`h > t ? h : t`, one `maxpd`) gives the item's height: two instructions
    // and a maximum where two selects took six.
    let dropped = tallest - SIMD2<Double>(repeating: 0).replacing(with: .infinity, where: breaks)
    tallest = dropped.replacing(with: heights, where: heights .> dropped)
    usedGap = (candidate + gap).replacing(with: widths + gap, where: breaks)
    return breaks[0]
  }

  /// The items of a line pair's streams (`pairedLines`), each stream's span.
  static let pairSpan = 512

  /// One step of `pairedLines` over items `start ..< start + 2 · span`, the second stream's
  /// lines written from entry `guesses` of `starts` and `heights` (`span` entries, from at
  /// least `2 · span`): the complete lines from `start` up to the first line start both
  /// streams share, then the second stream's lines after it, or, without one, up to the first
  /// stream's line open at `start + 2 · span`. Returns the lines written to `starts` and
  /// `heights` (at most `2 · span`), the start of the line after them, and the most items of
  /// a line written, at least (and at most that of the line after them).
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
    // The first stream on, one line at a time, until it breaks where the second did.
    var usedGap = usedGapA[0]
    var tallest = tallestA[0]
    var q = guesses
    while i < stop {
      let candidate = usedGap + w[i]
      if candidate > limit {
        starts[kA] = sA
        heights[kA] = tallest
        kA &+= 1
        longest = max(longest, i &- sA)
        sA = i
        tallest = h[i]
        usedGap = w[i] + interitem
        while q < kB, starts[q] < i { q &+= 1 }
        if q < kB, starts[q] == i {
          // The second stream's lines from here, moved forward (its entries lie at or after
          // the ones they move to).
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
        if q == kB, i == sB { return (kA, sB, longest) }
      } else {
        usedGap = candidate + interitem
        let height = h[i]
        tallest = height > tallest ? height : tallest
      }
      i &+= 1
    }
    return (kA, sA, longest)
  }

  /// Whether the join tests of the greedy lines from `start` (a line's start), over up to
  /// 1 024 items, follow a pattern a branch predictor learns (`lineEndsLearnable(joins:count:)`
  /// of their outcomes, taken here by the greedy rule from the widths).
  ///
  /// - Precondition: `start < ws.count`.
  /// - Complexity: O(min(n − start, 1 024)).
  static func lineEndsLearnable(
    _ ws: UnsafeBufferPointer<Double>, from start: Int, limit: Double, interitem: Double
  ) -> Bool {
    let count = min(ws.count &- start, learnedSpan)
    return withJoinBits(filledWith: 0) { bits in
      var used = ws[start]
      for i in 1..<max(count, 1) {
        let width = ws[start &+ i]
        let candidate = used + interitem + width
        let joins = !(candidate > limit)
        used = joins ? candidate : width
        bits[i >> 6] |= (joins ? 1 : 0) << UInt64(i & 63)
      }
      return lineEndsLearnable(joins: UnsafeBufferPointer(bits), count: count)
    }
  }

  /// Whether the join tests of the lines starting at `starts` (greedy lines, the last ending at
  /// `end`) follow a pattern a branch predictor learns, over their first 1 024 items
  /// (`lineEndsLearnable(joins:count:)`; an item joins its line unless it starts one).
  ///
  /// - Precondition: `starts` is not empty, ascending, and `starts.last! < end`.
  /// - Complexity: O(min(end − starts[0], 1 024)).
  static func lineEndsLearnable(starts: UnsafeBufferPointer<Int>, end: Int) -> Bool {
    let start = starts[0]
    let count = min(end &- start, learnedSpan)
    // Every item joins (bits set) but the lines' first items.
    return withJoinBits(filledWith: ~0) { bits in
      for k in 0..<starts.count {
        let item = starts[k] &- start
        if item >= learnedSpan { break }
        bits[item >> 6] &= ~(1 << UInt64(item & 63))
      }
      return lineEndsLearnable(joins: UnsafeBufferPointer(bits), count: count)
    }
  }

  /// The items whose join tests `lineEndsLearnable` plays: 1 024 (2 048 until 2026-11-27 cost
  /// a `mixed` layout of 10 000 items ~2.5 µs more, and gave the same verdicts on random and
  /// periodic widths but near the 15 % line; docs/profiling-archive.md, "Learnable line ends decided
  /// from the paired lines").
  static let learnedSpan = 1_024

  /// `body` given `learnedSpan` bits, each word `fill` (128 bytes: on the stack).
  @inline(__always)
  private static func withJoinBits<R>(
    filledWith fill: UInt64, _ body: (UnsafeMutableBufferPointer<UInt64>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: learnedSpan / 64) { bits in
      bits.initialize(repeating: fill)
      return body(bits)
    }
  }

  /// Whether the join tests whose outcomes are `joins` (bit i: the i-th item joins its line;
  /// bit 0, a line's first item, is not played) follow a pattern a branch predictor learns: a
  /// table of 512 two-bit counters indexed by the last 9 outcomes misses fewer than 15 % of
  /// the second half's tests (or there is none). Random widths of about two items a line miss
  /// 17–39 %, periodic widths and Weyl sequences 0–8 % (docs/profiling-archive.md, "Branch-free lines
  /// on widths a predictor can learn"): on the latter the fused loop is 2.3–2.8× faster than
  /// the branch-free forms, on the former slower.
  ///
  /// - Precondition: `1 ≤ count ≤ 64 · joins.count`.
  /// - Complexity: O(count).
  static func lineEndsLearnable(joins: UnsafeBufferPointer<UInt64>, count: Int) -> Bool {
    let (misses, counted) = predictorMisses(joins: joins, count: count)
    return counted == 0 || misses &* 100 < counted &* 15
  }

  /// The tests `lineEndsLearnable(joins:count:)` counts (those of the second half) and how many
  /// of them its table of 512 two-bit counters (indexed by the last 9 outcomes, each counter
  /// starting at 2, a join predicted from 2 on) mispredicts, playing outcomes 1 ..< `count`.
  ///
  /// - Precondition: `1 ≤ count ≤ 64 · joins.count`.
  /// - Complexity: O(count).
  static func predictorMisses(joins: UnsafeBufferPointer<UInt64>, count: Int) -> (
    misses: Int, counted: Int
  ) {
    // 512 bytes: on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { table in
      table.initialize(repeating: 2)
      var history = 0
      var misses = 0
      // A counter c ∈ 0…3 after outcome j ∈ {0, 1} is `step[2c + j]` (saturating); it predicts
      // a join when c ≥ 2. Looked up and counted in arithmetic, not branched on: the outcomes
      // are what is unpredictable here. The first half trains, the second is counted too.
      let step: UInt64 = 0x0302_0301_0200_0100  // byte 2c + j: 0 1 0 2 1 3 2 3
      @inline(__always) func play(_ i: Int) -> Int {
        let joined = Int(truncatingIfNeeded: joins[i &>> 6] &>> UInt64(i & 63)) & 1
        let k = history & 511
        let counter = Int(table[k])
        table[k] = UInt8(truncatingIfNeeded: step &>> UInt64((counter &<< 4) | (joined &<< 3)))
        history = (history &<< 1) | joined
        return (counter &>> 1) ^ joined
      }
      let half = (1 &+ count) / 2
      var i = 1
      while i < half {
        _ = play(i)
        i &+= 1
      }
      while i < count {
        misses &+= play(i)
        i &+= 1
      }
      return (misses, count &- half)
    }
  }

  /// The fewest items of a section whose full layout takes the branch-free forms
  /// (`pairedLines`; fewer: the fused loop), unless its first lines are learnable
  /// (`lineEndsLearnable(starts:end:)`). Measured on line ends no predictor has seen (the
  /// bench's 16 widths): `mixed` at 7 000 items takes 22.7 µs paired and checked against
  /// 25.6–25.7 µs fused, at 5 000 items 18.0–18.3 against 17.2–17.4 µs (docs/profiling-archive.md,
  /// "Learnable line ends decided from the paired lines"); 6 × the 1 024 items the check plays.
  static let branchFreeItems = 6_144

  /// The most items of a line whose positions are computed from its start rather than stored
  /// (`ItemColumns.leadingX`, O(c) for a line of c items): a full layout of greedy leading
  /// lines keeps no position column while every line holds at most this many.
  static let computedLineLimit = 64

  /// Lines of `equalWidthGroup` or fewer whose widths the equal-width form checks at once.
  static let equalWidthGroup = 16

  /// Lines from `start` while every width is `ws[start]` (bit for bit): lines of `c` items,
  /// `c` the greedy capacity of that width, their positions one pattern copied per group of
  /// lines, each line's tallest item the only per-item work. Stops before the first line whose
  /// items, or the item after it (the one that breaks it), have another width: the lines
  /// written are the greedy lines, and the caller continues from the end returned. `nil` when
  /// the capacity exceeds `maximumPattern` (the caller then uses the general path).
  ///
  /// With `widthsKnownEqual` (the caller knows every width from `start` on is `ws[start]`, bit
  /// for bit: `ItemColumns.widthsKnownEqual`), no width is read but the first; without
  /// `writesPositions`, no position is written (`xs` may be empty: the caller computes them,
  /// `ItemColumns.leadingX`, by the same accumulation). Lines, starts and heights are the same.
  /// With `starts` `nil`, no start is written: line j starts at `start + j·c` (c the capacity
  /// over the items left, `RowBreaking.uniformCapacity(width: ws[start], count: min(n − start,
  /// maximumPattern + 1), …)`), the last ending at the end returned.
  ///
  /// - Precondition: with `widthsKnownEqual`, every width of `ws[start...]` is `ws[start]`.
  /// - Complexity: O(k) for the k items of the lines written (plus the one item after them),
  ///   each width read once to check it (none with `widthsKnownEqual`).
  static func equalWidthLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>?,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int,
    widthsKnownEqual: Bool = false, writesPositions: Bool = true
  ) -> (lines: Int, end: Int)? {
    let n = ws.count
    let w = ws[start]
    let c = RowBreaking.uniformCapacity(
      width: w, count: min(n - start, maximumPattern + 1), limit: limit, interitem: interitem)
    guard c <= maximumPattern else { return nil }
    // Lines of at most `placedLineLimit` items write their positions from registers, so the
    // widths are checked for many lines at a time; longer lines copy a pattern of `group`
    // lines.
    let placed = c <= placedLineLimit
    let group = placed ? placedGroup : equalWidthGroup
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: equalWidthGroup * c) {
      pattern in
      // The fused loop's accumulation (x₀ = l, xⱼ₊₁ = (xⱼ + w) + I), for `group` lines.
      var x = left
      for j in 0..<c {
        pattern[j] = x
        x = x + w + interitem
      }
      if !placed { for j in c..<(group * c) { pattern[j] = pattern[j - c] } }
      var linePositions = SIMD4<Double>(repeating: 0)
      for j in 0..<min(c, placedLineLimit) { linePositions[j] = pattern[j] }
      let bits = w.bitPattern
      let pat = pattern.baseAddress!
      var s = start
      var k = 0
      // Whole lines, `g` at a time, after their widths and the next line's first are checked.
      let whole = min(maxLines, (n - start) / c)
      guard writesPositions else {
        // Heights only (a group of 64 lines: no pattern to copy).
        while k < whole {
          let g = min(whole - k, placedGroup)
          guard widthsKnownEqual || widthsEqual(ws, s..<min(s + g * c + 1, n), bits) else {
            break
          }
          switch c {
          case 1:
            tallest(hs, from: s, lines: g, perLine: 1, starts: starts, heights: heights, at: k)
          case 2:
            tallest(hs, from: s, lines: g, perLine: 2, starts: starts, heights: heights, at: k)
          case 3:
            tallest(hs, from: s, lines: g, perLine: 3, starts: starts, heights: heights, at: k)
          case 4:
            tallest(hs, from: s, lines: g, perLine: 4, starts: starts, heights: heights, at: k)
          default:
            tallest(hs, from: s, lines: g, perLine: c, starts: starts, heights: heights, at: k)
          }
          s &+= g * c
          k &+= g
        }
        return lastLine(
          ws, hs, nil, pat, from: s, line: k, maxLines: maxLines, perLine: c, bits: bits,
          widthsKnownEqual: widthsKnownEqual, starts: starts, heights: heights)
      }
      let xp = xs.baseAddress!
      while k < whole {
        let g = min(whole - k, group)
        let items = g * c
        guard widthsKnownEqual || widthsEqual(ws, s..<min(s + items + 1, n), bits) else { break }
        // The line length as a literal where it is short: the maxima and positions fully
        // unrolled.
        switch c {
        case 1:
          tallest(
            hs, xp, linePositions, from: s, lines: g, perLine: 1, starts: starts, heights: heights,
            at: k)
        case 2:
          tallest(
            hs, xp, linePositions, from: s, lines: g, perLine: 2, starts: starts, heights: heights,
            at: k)
        case 3:
          tallest(
            hs, xp, linePositions, from: s, lines: g, perLine: 3, starts: starts, heights: heights,
            at: k)
        case 4:
          tallest(
            hs, xp, linePositions, from: s, lines: g, perLine: 4, starts: starts, heights: heights,
            at: k)
        default:
          (xp + s).update(from: pat, count: items)
          tallest(hs, from: s, lines: g, perLine: c, starts: starts, heights: heights, at: k)
        }
        s &+= items
        k &+= g
      }
      return lastLine(
        ws, hs, xp, pat, from: s, line: k, maxLines: maxLines, perLine: c, bits: bits,
        widthsKnownEqual: widthsKnownEqual, starts: starts, heights: heights)
    }
  }

  /// `equalWidthLines`' last, shorter line (fewer than `c` items from `s` to the end, when
  /// their widths are `bits`) as line `k`, its positions from `pattern` unless `xs` is `nil`;
  /// returns the lines and the end after it.
  @inline(__always)
  private static func lastLine(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutablePointer<Double>?, _ pattern: UnsafePointer<Double>, from s: Int,
    line k: Int, maxLines: Int, perLine c: Int, bits: UInt64, widthsKnownEqual: Bool,
    starts: UnsafeMutableBufferPointer<Int>?, heights: UnsafeMutableBufferPointer<Double>
  ) -> (lines: Int, end: Int) {
    let n = ws.count
    guard k < maxLines, s < n, n - s < c, widthsKnownEqual || widthsEqual(ws, s..<n, bits)
    else { return (k, s) }
    var lineHeight = hs[s]
    for j in s..<n {
      let h = hs[j]
      lineHeight = h > lineHeight ? h : lineHeight
    }
    if let xs { (xs + s).update(from: pattern, count: n - s) }
    starts?[k] = s
    heights[k] = lineHeight
    return (k + 1, n)
  }

  /// `true` when every width is bit-identical to the first (vacuously for none).
  ///
  /// - Complexity: O(n), stopping within 64 widths of the first difference.
  static func allWidthsEqual(_ ws: UnsafeBufferPointer<Double>) -> Bool {
    let n = ws.count
    guard n > 1 else { return true }
    let bits = ws[0].bitPattern
    var i = 0
    while i < n {
      let end = min(i + 64, n)
      if !widthsEqual(ws, i..<end, bits) { return false }
      i = end
    }
    return true
  }

  /// The most items per line whose positions the equal-width form writes from registers
  /// (`tallest(_:_:_:from:lines:perLine:starts:heights:at:)`).
  static let placedLineLimit = 4
  /// Lines whose widths the equal-width form checks at once when it writes their positions
  /// from registers (no pattern to copy, so a group's fixed cost is spread over 64 lines; the
  /// form stops before a group whose widths change).
  static let placedGroup = 64

  /// Lines `k ..< k + g` of `c` items each from item `s`: their starts (unless `starts` is
  /// `nil`), tallest items, and positions (`positions[j]` for the line's item `j`, the same in
  /// every line).
  ///
  /// - Precondition: `c ≤ placedLineLimit`.
  /// - Complexity: O(g·c).
  @inline(__always)
  static func tallest(
    _ hs: UnsafeBufferPointer<Double>, _ xs: UnsafeMutablePointer<Double>,
    _ positions: SIMD4<Double>, from s: Int, lines g: Int, perLine c: Int,
    starts: UnsafeMutableBufferPointer<Int>?, heights: UnsafeMutableBufferPointer<Double>,
    at k: Int
  ) {
    var s = s
    for line in k..<(k &+ g) {
      var lineHeight = hs[s]
      xs[s] = positions[0]
      var j = 1
      while j < c {
        let h = hs[s &+ j]
        lineHeight = h > lineHeight ? h : lineHeight
        xs[s &+ j] = positions[j]
        j &+= 1
      }
      starts?[line] = s
      heights[line] = lineHeight
      s &+= c
    }
  }

  /// Lines `k ..< k + g` of `c` items each from item `s`: their starts (unless `starts` is
  /// `nil`) and tallest items.
  ///
  /// - Complexity: O(g·c).
  @inline(__always)
  static func tallest(
    _ hs: UnsafeBufferPointer<Double>, from s: Int, lines g: Int, perLine c: Int,
    starts: UnsafeMutableBufferPointer<Int>?, heights: UnsafeMutableBufferPointer<Double>,
    at k: Int
  ) {
    var s = s
    for line in k..<(k &+ g) {
      var lineHeight = hs[s]
      var j = 1
      while j < c {
        let h = hs[s &+ j]
        lineHeight = h > lineHeight ? h : lineHeight
        j &+= 1
      }
      starts?[line] = s
      heights[line] = lineHeight
      s &+= c
    }
  }

  /// Whether every width of `ws[range]` has the bit pattern `bits` (a width equal by value but
  /// not by bits, −0 against 0, only sends the caller to its scalar path: same lines).
  ///
  /// - Precondition: `range` lies within `ws` (the loads are unchecked).
  /// - Complexity: O(k) for k widths, four a step.
  @inline(__always)
  static func widthsEqual(_ ws: UnsafeBufferPointer<Double>, _ range: Range<Int>, _ bits: UInt64)
    -> Bool
  {
    let raw = UnsafeRawPointer(ws.baseAddress!)
    let w = SIMD4<UInt64>(repeating: bits)
    var differs = SIMD4<UInt64>(repeating: 0)
    var i = range.lowerBound
    let end = range.upperBound
    while i &+ 4 <= end {
      differs |= raw.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<UInt64>.self) ^ w
      i &+= 4
    }
    var rest: UInt64 = 0
    while i < end {
      rest |= ws[i].bitPattern ^ bits
      i &+= 1
    }
    return differs == SIMD4(repeating: 0) && rest == 0
  }

  /// The lookahead `K` for lines from `start`: one more than the capacity of the narrowest of
  /// the next 64 widths, in `2 ... maximumLookahead`. Any `K` gives the same lines (a line that
  /// may be longer takes the scalar loop); a fitting one rarely needs it.
  static func lookahead(
    _ ws: UnsafeBufferPointer<Double>, from start: Int, limit: Double, interitem: Double
  ) -> Int {
    let end = min(ws.count, start + 64)
    var narrowest = Double.infinity
    for i in start..<end where ws[i] < narrowest { narrowest = ws[i] }
    guard narrowest.isFinite, narrowest + interitem > 0 else { return maximumLookahead }
    let c = RowBreaking.uniformCapacity(
      width: narrowest, count: maximumLookahead, limit: limit, interitem: interitem)
    return min(max(c + 1, 2), maximumLookahead)
  }

  /// The general SIMD form: fit counts per block, lines chained through them.
  ///
  /// - Complexity: O(k) for the k items of the lines written.
  static func fitCountLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int
  ) -> (lines: Int, end: Int) {
    let n = ws.count
    guard start < n, maxLines > 0 else { return (0, start) }
    let lookahead = lookahead(ws, from: start, limit: limit, interitem: interitem)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: block) { fit in
      var s = start
      var k = 0
      while k < maxLines, s < n {
        let b0 = s
        // About as many items as the lines still asked for (~3 a line), so that a batch of
        // lines does not count fits it does not use.
        let b1 = min(s + min(block, max(64, (maxLines - k) &* 3)), n)
        fitCounts(
          ws, b0..<b1, lookahead: lookahead, limit: limit, interitem: interitem, into: fit)
        // Every count below the lookahead is at most `slots`.
        let slots = lookahead &- 1
        while k < maxLines, s < b1 {
          let f = Int(fit[s - b0])
          let e: Int
          let lineHeight: Double
          if f >= lookahead {
            // Possibly longer than the lookahead, or too near the end: the scalar rule.
            (e, lineHeight) = scalarLine(
              ws, hs, xs, from: s, limit: limit, interitem: interitem, left: left)
          } else {
            // `slots` fixed steps (s + slots ≤ n: counts below the lookahead are only
            // computed where the lookahead fits); positions past the line are overwritten
            // by the next line.
            var h = hs[s]
            var x = left
            xs[s] = x
            var m = 1
            while m < slots {
              x = x + ws[s &+ m &- 1] + interitem
              xs[s &+ m] = x
              let v = hs[s &+ m]
              h = (m < f) && (v > h) ? v : h
              m &+= 1
            }
            e = s + f
            lineHeight = h
          }
          starts[k] = s
          heights[k] = lineHeight
          s = e
          k += 1
        }
      }
      return (k, s)
    }
  }

  /// `fit[i − range.lowerBound]` = the items a line starting at `i` takes, counted up to
  /// `lookahead` (`lookahead` meaning "that many or more", also written for the items within
  /// `lookahead` of the end).
  ///
  /// - Complexity: O(K·k/4) vector steps for k items.
  static func fitCounts(
    _ ws: UnsafeBufferPointer<Double>, _ range: Range<Int>, lookahead: Int, limit: Double,
    interitem: Double, into fit: UnsafeMutableBufferPointer<UInt8>
  ) {
    let n = ws.count
    let b0 = range.lowerBound
    // Counts need widths up to i + lookahead − 1.
    let vectorEnd = min(range.upperBound, n &- lookahead &+ 1)
    let spacing = SIMD4<Double>(repeating: interitem)
    let bound = SIMD4<Double>(repeating: limit)
    let one = SIMD4<Double>(repeating: 1)
    let zero = SIMD4<Double>(repeating: 0)
    var i = b0
    while i &+ 4 <= vectorEnd {
      var used = SIMD4<Double>(ws[i], ws[i &+ 1], ws[i &+ 2], ws[i &+ 3])
      // Counted in doubles: a mask selects 1 or 0 by one `and`.
      var count = one
      var alive = one
      var j = i &+ 1
      let end = i &+ lookahead
      while j < end {
        used = used + spacing + SIMD4<Double>(ws[j], ws[j &+ 1], ws[j &+ 2], ws[j &+ 3])
        alive = alive.replacing(with: zero, where: used .> bound)
        count += alive
        j &+= 1
      }
      fit[i &- b0] = UInt8(truncatingIfNeeded: Int(count[0]))
      fit[i &- b0 &+ 1] = UInt8(truncatingIfNeeded: Int(count[1]))
      fit[i &- b0 &+ 2] = UInt8(truncatingIfNeeded: Int(count[2]))
      fit[i &- b0 &+ 3] = UInt8(truncatingIfNeeded: Int(count[3]))
      i &+= 4
    }
    while i < vectorEnd {
      var used = ws[i]
      var count = 1
      while count < lookahead {
        let candidate = used + interitem + ws[i &+ count]
        if candidate > limit { break }
        used = candidate
        count &+= 1
      }
      fit[i &- b0] = UInt8(truncatingIfNeeded: count)
      i &+= 1
    }
    while i < range.upperBound {
      fit[i &- b0] = UInt8(truncatingIfNeeded: lookahead)
      i &+= 1
    }
  }
}
