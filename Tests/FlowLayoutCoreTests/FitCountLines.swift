@testable import FlowLayoutCore

/// The fit-count form of greedy leading lines and its entry (`layOut`): kept for the tests
/// that check every form against the scalar kernel; no engine path uses them (they executed
/// more instructions per item than the scalar loop saves in mispredictions:
/// docs/profiling-archive.md). Moved out of `Sources/` (issue 36).
extension EqualWidthLinesKernel {
  /// Items per fit-count block (the counts live on the stack).
  static let block = 1_024
  /// The most items the fit counts look ahead.
  static let maximumLookahead = 8

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
        ? LineBreaker.line(
          from: s, ws, hs, xs, limit: limit, interitem: interitem, left: left)
        : LineBreaker.line(
          from: s, ws, hs, xs, limit: limit, interitem: interitem, left: left,
          writesPositions: false)
      starts[k] = s
      heights[k] = h
      s = e
      k += 1
    }
    return (k, s)
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
    let c = LineBreaker.uniformCapacity(
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
            (e, lineHeight) = LineBreaker.line(
              from: s, ws, hs, xs, limit: limit, interitem: interitem, left: left)
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
