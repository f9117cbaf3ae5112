/// Greedy leading lines of equal widths (the Fiori grid): while every width is the first line's,
/// the lines hold `c` items each (`LineBreaker.uniformCapacity`) and share one pattern of
/// positions; only each line's tallest item is left to find. Stops before the first line the
/// widths would change; the caller continues with the scalar kernel.
enum EqualWidthLinesKernel {
  /// The most items per line of the equal-width form (wider capacity: the scalar kernel).
  static let maximumPattern = 64

  /// Lines of `equalWidthGroup` or fewer whose widths the equal-width form checks at once.
  static let equalWidthGroup = 16

  /// Lines from `start` while every width is `ws[start]` (bit for bit), stopping before the first
  /// line whose items or the item after it have another width: the greedy lines. `nil` when the
  /// capacity exceeds `maximumPattern`. With `widthsKnownEqual` no width is read but the first;
  /// without `writesPositions` no position is written (`xs` may be empty); with `starts` `nil` no
  /// start is written (line j starts at `start + j·c`).
  ///
  /// - Precondition: with `widthsKnownEqual`, every width of `ws[start...]` is `ws[start]`.
  /// - Complexity: O(k) for the k items of the lines written (plus the one item after them).
  static func equalWidthLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>?,
    heights: UnsafeMutableBufferPointer<Double>, maxLines: Int,
    widthsKnownEqual: Bool = false, writesPositions: Bool = true
  ) -> (lines: Int, end: Int)? {
    let n = ws.count
    let w = ws[start]
    let c = LineBreaker.uniformCapacity(
      width: w, count: min(n - start, maximumPattern + 1), limit: limit, interitem: interitem)
    guard c <= maximumPattern else { return nil }
    // Lines of at most `placedLineLimit` items write their positions from registers; longer lines
    // copy a pattern of `group` lines.
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
      let xp = writesPositions ? xs.baseAddress! : nil
      // Without positions, a group of 64 lines: no pattern to copy.
      let lineGroup = writesPositions ? group : placedGroup
      // `tallest` for `g` lines from item `s` as line `k`, `xs` known present or absent (each
      // inlined copy checks neither).
      @inline(__always) func tallestLines(perLine c: Int, _ g: Int, _ s: Int, _ k: Int) {
        if let xp {
          tallest(
            hs, xp, linePositions, from: s, lines: g, perLine: c, starts: starts, heights: heights,
            at: k)
        } else {
          tallest(
            hs, nil, linePositions, from: s, lines: g, perLine: c, starts: starts, heights: heights,
            at: k)
        }
      }
      var s = start
      var k = 0
      // Whole lines, `g` at a time, after their widths and the next line's first are checked.
      let whole = min(maxLines, (n - start) / c)
      while k < whole {
        let g = min(whole - k, lineGroup)
        let items = g * c
        guard widthsKnownEqual || widthsEqual(ws, s..<min(s + items + 1, n), bits) else { break }
        // The line length as a literal where it is short: the maxima and positions fully
        // unrolled.
        switch c {
        case 1: tallestLines(perLine: 1, g, s, k)
        case 2: tallestLines(perLine: 2, g, s, k)
        case 3: tallestLines(perLine: 3, g, s, k)
        case 4: tallestLines(perLine: 4, g, s, k)
        default:
          if let xp { (xp + s).update(from: pat, count: items) }
          tallest(
            hs, nil, linePositions, from: s, lines: g, perLine: c, starts: starts, heights: heights,
            at: k)
        }
        s &+= items
        k &+= g
      }
      return lastLine(
        ws, hs, xp, pat, from: s, line: k, maxLines: maxLines, perLine: c, bits: bits,
        widthsKnownEqual: widthsKnownEqual, starts: starts, heights: heights)
    }
  }

  /// `equalWidthLines`' last, shorter line as line `k`; returns the lines and the end after it.
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
  /// Lines whose widths the form checks at once when it writes positions from registers.
  static let placedGroup = 64

  /// Lines `k ..< k + g` of `c` items each from item `s`: their starts (unless `starts` is `nil`),
  /// tallest items, and positions (unless `xs` is `nil`).
  ///
  /// - Precondition: `c ≤ placedLineLimit` when `xs` is not `nil`.
  /// - Complexity: O(g·c).
  @inline(__always)
  static func tallest(
    _ hs: UnsafeBufferPointer<Double>, _ xs: UnsafeMutablePointer<Double>?,
    _ positions: SIMD4<Double>, from s: Int, lines g: Int, perLine c: Int,
    starts: UnsafeMutableBufferPointer<Int>?, heights: UnsafeMutableBufferPointer<Double>,
    at k: Int
  ) {
    var s = s
    for line in k..<(k &+ g) {
      var lineHeight = hs[s]
      xs?[s] = positions[0]
      var j = 1
      while j < c {
        let h = hs[s &+ j]
        lineHeight = h > lineHeight ? h : lineHeight
        xs?[s &+ j] = positions[j]
        j &+= 1
      }
      starts?[line] = s
      heights[line] = lineHeight
      s &+= c
    }
  }

  /// Whether every width of `ws[range]` has the bit pattern `bits`.
  ///
  /// - Precondition: `range` lies within `ws` (the loads are unchecked).
  /// - Complexity: O(k) for k widths.
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
}
