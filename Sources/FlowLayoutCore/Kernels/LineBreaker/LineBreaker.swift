/// The greedy line breaker: the one place the core applies `docs/semantics.md`'s greedy rule.
///
/// **The rule.** A line starts with the next item (always placed, even wider than `A`); item
/// `j` joins it iff `!((used + I) + wⱼ > A + ε)`, where `used` is accumulated left to right
/// (`used = w₀`, then `used = (used + I) + wⱼ` for each item that joins) and `limit = A + ε`.
/// Greedy lines depend only on their first item: lines broken again from a true line start
/// are the true lines.
///
/// Every kernel computes these sums in this order, so all of them break lines identically, bit
/// for bit (`KernelTests`, `LeadingPositionTests`, the differential tests). The rule is written
/// in three kernels, each specialised on purpose; everything else in the core calls them:
/// - `extend(_:_:_:_:from:to:limit:interitem:measuresHeight:writesPositions:)`, **scalar**: one
///   fused loop whose line exit is the join test (a data-dependent branch, mispredicted about
///   once a line), carrying the line's height and leading positions when asked
///   (`x₀ = l`, `xⱼ₊₁ = (xⱼ + wⱼ) + I`). `line(from:…)` and `lineEnd(_:from:to:limit:interitem:)`
///   are its whole-line forms.
/// - `branchFreeStep(width:height:bound:gap:usedGap:tallest:)` (`LineBreaker+BranchFree.swift`),
///   **branch-free**: one item with the join test selected, not branched on; run on one stream
///   (`branchFreeLines`) or on **paired streams** (`pairedLines`, the second from a guessed
///   start, kept from the first line start both share).
/// - `uniformCapacity(width:count:limit:interitem:)`, **equal widths**: how many items of one
///   width a line takes (the closed forms and `EqualWidthLinesKernel`'s equal-width form).
enum LineBreaker {
  /// A line whose items are being added: its first item, the width its items take with their
  /// spacing (`used`), its height so far and its last item's position.
  struct OpenLine: Sendable {
    var start: Int
    var used: Double
    var height: Double
    var x: Double
  }

  /// The line starting at item `s`, its first item placed at `left` (written when
  /// `writesPositions`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func open(
    _ s: Int, _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, left: Double, writesPositions: Bool
  ) -> OpenLine {
    if writesPositions { xs[s] = left }
    return OpenLine(start: s, used: ws[s], height: hs[s], x: left)
  }

  /// The scalar kernel: adds the items from `start` to `line` while they join it and are before
  /// `end`, measuring heights when `measuresHeight` and writing leading positions when
  /// `writesPositions` (literals at every call). Returns the first item that does not join, or
  /// `end` (the line then stays open).
  ///
  /// - Precondition: `start` is the item after the line's last (`start ≥ 1` with
  ///   `writesPositions`); `end ≤ ws.count`; `hs` and `xs`, when used, cover `start ..< end`.
  /// - Complexity: O(k) for the k items added.
  @inline(__always)
  static func extend(
    _ line: inout OpenLine, _ ws: UnsafeBufferPointer<Double>,
    _ hs: UnsafeBufferPointer<Double>, _ xs: UnsafeMutableBufferPointer<Double>,
    from start: Int, to end: Int, limit: Double, interitem: Double,
    measuresHeight: Bool = true, writesPositions: Bool
  ) -> Int {
    var used = line.used
    var height = line.height
    var x = line.x
    // The width the next position adds: the line's last item's.
    var previous = writesPositions ? ws[start &- 1] : 0
    var e = start
    while e < end {
      let w = ws[e]
      let candidate = used + interitem + w
      if candidate > limit { break }
      used = candidate
      if writesPositions {
        x = x + previous + interitem
        xs[e] = x
        previous = w
      }
      if measuresHeight {
        let h = hs[e]
        height = h > height ? h : height
      }
      e &+= 1
    }
    line = OpenLine(start: line.start, used: used, height: height, x: x)
    return e
  }

  /// The line from item `s` to the end of `ws` (`extend` from a line opened at `s`): its end
  /// and height; its positions written when `writesPositions` (a literal at every call).
  ///
  /// - Precondition: `s < ws.count == hs.count`; `xs` covers the line when written.
  /// - Complexity: O(k) for the k items of the line.
  @inline(__always)
  static func line(
    from s: Int, _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, limit: Double, interitem: Double, left: Double,
    writesPositions: Bool = true
  ) -> (end: Int, height: Double) {
    var open = open(s, ws, hs, xs, left: left, writesPositions: writesPositions)
    let e = extend(
      &open, ws, hs, xs, from: s &+ 1, to: ws.count, limit: limit, interitem: interitem,
      writesPositions: writesPositions)
    return (e, open.height)
  }

  /// The end (exclusive) of the line that starts at `start`, over `widths[start ..< end]`
  /// (`extend` without heights or positions).
  ///
  /// - Precondition: `start < end ≤ widths.count`.
  /// - Complexity: O(k) for the k items of the line.
  @inline(__always)
  static func lineEnd(
    _ widths: UnsafeBufferPointer<Double>, from start: Int, to end: Int, limit: Double,
    interitem: Double
  ) -> Int {
    lineEnd(
      continuing: widths[start], widths, from: start &+ 1, to: end, limit: limit,
      interitem: interitem)
  }

  /// The end (exclusive) of a line whose items so far take `used` (items and spacing),
  /// continued over `widths[start ..< end]` (`extend` without heights or positions): `end`
  /// when every item joins.
  ///
  /// - Precondition: `start ≤ end ≤ widths.count`.
  /// - Complexity: O(k) for the k items that join.
  @inline(__always)
  static func lineEnd(
    continuing used: Double, _ widths: UnsafeBufferPointer<Double>, from start: Int, to end: Int,
    limit: Double, interitem: Double
  ) -> Int {
    var line = OpenLine(start: start, used: used, height: 0, x: 0)
    return extend(
      &line, widths, widths, UnsafeMutableBufferPointer(start: nil, count: 0), from: start,
      to: end, limit: limit, interitem: interitem, measuresHeight: false,
      writesPositions: false)
  }

  /// How many items of one width `w` the greedy rule puts on a line (at most `count`): `extend`'s
  /// accumulation run on `w`, so exact by construction.
  ///
  /// - Complexity: O(min(c, count)) for capacity c, O(1) when `w + I = 0`.
  static func uniformCapacity(
    width w: Double, count: Int, limit: Double, interitem: Double
  ) -> Int {
    if count <= 1 { return max(count, 1) }
    // Zero width and zero spacing: `used` stays at w ≤ limit or fails at once.
    if w + interitem == 0 { return w <= limit ? count : 1 }
    var used = w
    var k = 1
    while k < count {
      let candidate = used + interitem + w
      if candidate > limit { break }
      used = candidate
      k += 1
    }
    return k
  }
}
