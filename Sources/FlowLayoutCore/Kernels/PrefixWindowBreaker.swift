/// The greedy line rule on prefix sums, without a data-dependent branch per item.
///
/// The obvious loop (`used + I + w ≤ A + ε`, break) runs one dependency chain per item and ends
/// every line with a mispredicted branch. Here `P[j] = Σ (wᵢ + I)` is summed once per chunk of
/// items, and a line starting at `s` holds item `j` iff `P[j + 1] ≤ P[s] + A + ε + I`: the
/// candidates of a window of eight items are compared and counted branch-free (P is monotone,
/// so the count is the line's length), the line's height is a masked maximum over the window,
/// and leading positions are `l + P[j] − P[s]`.
///
/// Exactness: the decision must be the left-to-right accumulation's. `P`-differences and the
/// accumulation differ by rounding only; whenever the first excluded or the last included
/// candidate lies within `guardBand` (a bound far above that rounding) of the threshold, or the
/// line is longer than the window, or the window would run past the items, the caller falls back
/// to the exact loop (`RowBreaking.lineEnd`). Positions differ from `xⱼ₊₁ = xⱼ + wⱼ + I` by
/// rounding only (see the equality contract).
///
/// The scratch buffer is the caller's (`withUnsafeTemporaryAllocation`): this type only indexes it.
struct PrefixWindowBreaker {
  static let window = 8
  static let chunk = 4096
  /// Scratch: `P[j − c0]` for `j` in `c0 ... cEnd`, then `+∞` padding.
  let prefix: UnsafeMutableBufferPointer<Double>
  /// `A + ε + I`.
  let threshold: Double
  let interitem: Double
  private var c0 = 0
  private var cEnd = -1
  private var guardBand = 0.0

  static var scratchCount: Int { chunk + 2 * window + 2 }

  init(scratch: UnsafeMutableBufferPointer<Double>, rules: LayoutRules) {
    prefix = scratch
    threshold = rules.available + rules.epsilon + rules.interitem
    interitem = rules.interitem
  }

  /// Sums the next chunk, starting at line start `start`.
  private mutating func load(from start: Int, _ ws: UnsafeBufferPointer<Double>) {
    c0 = start
    cEnd = min(ws.count, start + Self.chunk)
    var acc = 0.0
    prefix[0] = 0
    var k = 1
    for j in start..<cEnd {
      acc += ws[j] + interitem
      prefix[k] = acc
      k += 1
    }
    while k < prefix.count {
      prefix[k] = .infinity
      k += 1
    }
    // Rounding of a difference of two chunk prefixes is below 2·chunk·2⁻⁵³·|P|; this band is
    // ~10⁴ times that, and still ~10⁻³ pt for a chunk of 200 pt items.
    guardBand = 1e-12 * Double(Self.chunk) * max(1, acc + threshold)
  }

  /// The end and height of the line starting at `s`, its leading positions written to
  /// `xs[s ..< s + window]` (entries past the line are scratch, overwritten by the next line);
  /// `nil` when the caller must use the exact loop.
  ///
  /// - Complexity: O(1) (a window of 8).
  @inline(__always)
  mutating func line(
    at s: Int, _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, left: Double
  ) -> (end: Int, height: Double)? {
    let n = ws.count
    guard s + Self.window <= n else { return nil }
    if cEnd < n, s + Self.window + 2 > cEnd { load(from: s, ws) }
    let a = s - c0
    let base = prefix[a]
    let t = base + threshold
    var c = 0
    c &+= prefix[a + 2] <= t ? 1 : 0
    c &+= prefix[a + 3] <= t ? 1 : 0
    c &+= prefix[a + 4] <= t ? 1 : 0
    c &+= prefix[a + 5] <= t ? 1 : 0
    c &+= prefix[a + 6] <= t ? 1 : 0
    c &+= prefix[a + 7] <= t ? 1 : 0
    c &+= prefix[a + 8] <= t ? 1 : 0
    c &+= prefix[a + 9] <= t ? 1 : 0
    if c == Self.window { return nil }
    if prefix[a + c + 2] - t < guardBand { return nil }
    if c > 0, t - prefix[a + c + 1] < guardBand { return nil }
    var height = hs[s]
    for k in 1..<Self.window {
      let h = k <= c ? hs[s + k] : 0
      height = h > height ? h : height
    }
    for k in 0..<Self.window { xs[s + k] = left + (prefix[a + k] - base) }
    return (s + 1 + c, height)
  }
}
