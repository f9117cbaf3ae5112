/// Greedy, leading-aligned lines (`docs/semantics.md`'s greedy rule with `x₀ = l`,
/// `xⱼ₊₁ = (xⱼ + wⱼ) + I`): each line's start and tallest item, and every item's position along
/// its line — the whole of a `.horizontalFlow` full layout's per-item work.
///
/// Three forms, all giving bit-identical breaks, heights and positions (`KernelTests`):
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
/// - `.simd`, every width equal (`allWidthsEqual`): the breaks are every `c` items, `c` the
///   greedy capacity of one width, and the positions of a line are the same for every line
///   (computed once by the same accumulation); only each line's tallest item is left to find.
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
  ///   - equalWidths: every width of `ws` is bit-identical (`allWidthsEqual(_:)`), which lets the
  ///     SIMD form skip reading widths.
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
      if equalWidths, start < ws.count {
        if let r = equalWidthLines(
          ws, hs, xs, from: start, limit: limit, interitem: interitem, left: left,
          starts: starts, heights: heights, maxLines: maxLines)
        {
          return r
        }
      }
      return fitCountLines(
        ws, hs, xs, from: start, limit: limit, interitem: interitem, left: left, starts: starts,
        heights: heights, maxLines: maxLines)
    }
  }

  /// `true` when every width is bit-identical to the first (vacuously for none).
  ///
  /// - Complexity: O(n), four lanes a step, stopping within a block of the first difference.
  static func allWidthsEqual(_ ws: UnsafeBufferPointer<Double>) -> Bool {
    let n = ws.count
    guard n > 1 else { return true }
    let first = ws[0].bitPattern
    let w = SIMD4<UInt64>(repeating: first)
    var i = 0
    while i + 64 <= n {
      var differs = SIMD4<UInt64>(repeating: 0)
      var j = i
      while j < i + 64 {
        let v = SIMD4<UInt64>(
          ws[j].bitPattern, ws[j + 1].bitPattern, ws[j + 2].bitPattern, ws[j + 3].bitPattern)
        differs |= v ^ w
        j += 4
      }
      if differs != SIMD4(repeating: 0) { return false }
      i += 64
    }
    while i < n {
      if ws[i].bitPattern != first { return false }
      i += 1
    }
    return true
  }

  /// The scalar twin: one line at a time, the join test as the loop's exit.
  ///
  /// - Complexity: O(k) for the k items of the lines written.
  static func scalarLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int
  ) -> (lines: Int, end: Int) {
    let n = ws.count
    var s = start
    var k = 0
    while k < maxLines, s < n {
      let (e, h) = scalarLine(ws, hs, xs, from: s, limit: limit, interitem: interitem, left: left)
      starts[k] = s
      heights[k] = h
      s = e
      k += 1
    }
    return (k, s)
  }

  /// One line from `s` by the scalar rule: its end and height; positions written.
  @inline(__always)
  static func scalarLine(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from s: Int, limit: Double, interitem: Double,
    left: Double
  ) -> (end: Int, height: Double) {
    let n = ws.count
    var used = ws[s]
    var lineHeight = hs[s]
    var x = left
    xs[s] = x
    var e = s + 1
    while e < n {
      let candidate = used + interitem + ws[e]
      if candidate > limit { break }
      used = candidate
      x = x + ws[e - 1] + interitem
      xs[e] = x
      let h = hs[e]
      lineHeight = h > lineHeight ? h : lineHeight
      e += 1
    }
    return (e, lineHeight)
  }

  /// Every width equal to `ws[start]`: lines of `c` items, one position pattern. `nil` when the
  /// capacity exceeds `maximumPattern` (the caller then uses the general path).
  ///
  /// - Complexity: O(k) for the k items of the lines written; reads no width but one.
  static func equalWidthLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int
  ) -> (lines: Int, end: Int)? {
    let n = ws.count
    let w = ws[start]
    let c = RowBreaking.uniformCapacity(
      width: w, count: min(n - start, maximumPattern + 1), limit: limit, interitem: interitem)
    guard c <= maximumPattern else { return nil }
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: c) { pattern in
      // The fused loop's accumulation: x₀ = l, xⱼ₊₁ = (xⱼ + w) + I.
      var x = left
      for j in 0..<c {
        pattern[j] = x
        x = x + w + interitem
      }
      var s = start
      var k = 0
      // Whole lines: a trip count of c every time.
      while k < maxLines, s + c <= n {
        var lineHeight = hs[s]
        xs[s] = pattern[0]
        var j = 1
        while j < c {
          let h = hs[s + j]
          lineHeight = h > lineHeight ? h : lineHeight
          xs[s + j] = pattern[j]
          j += 1
        }
        starts[k] = s
        heights[k] = lineHeight
        s += c
        k += 1
      }
      // The last, shorter line.
      if k < maxLines, s < n {
        var lineHeight = hs[s]
        for j in s..<n {
          let h = hs[j]
          lineHeight = h > lineHeight ? h : lineHeight
          xs[j] = pattern[j - s]
        }
        starts[k] = s
        heights[k] = lineHeight
        s = n
        k += 1
      }
      return (k, s)
    }
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
