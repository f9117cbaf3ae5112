/// The line heights of an equal-width section under every incoming phase at once: for a leaf of c
/// heights and k ≥ 2 items a line, `sums[r]` = Σ W[s] over s ≡ r (mod k), s ∈ 0...c − k, added in
/// order of s from 0.0, where W[s] = max h[s ..< s + k]. Each window maximum costs O(1) whatever k
/// (van Herk / Gil-Werman: a block's suffix joined with the next block's prefix); two leaves go side
/// by side in a `SIMD2` (k ≤ 8), their cache lines requested together first (`touch`).
///
/// Bit for bit the sums of a left-to-right scan: the maxima are the same numbers, and −0 against
/// +0 adds the same to a sum that starts at +0.0.
enum LineWindowSums {
  /// The larger of two heights, `Swift.max`'s answer for every number but NaN, as one `maxsd`.
  @inline(__always)
  static func larger(_ a: Double, _ b: Double) -> Double { a > b ? a : b }

  /// `larger` lane by lane; `maxpd`.
  @inline(__always)
  static func larger(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
    b.replacing(with: a, where: a .> b)
  }

  /// `sums[0 ..< k]` for the c heights at `h` (none when c < k).
  ///
  /// - Precondition: k ≥ 2; `prefix` holds k values (scratch).
  /// - Complexity: O(c), independent of k; allocates nothing.
  static func sums(
    of h: UnsafeBufferPointer<Double>, perLine k: Int, into sums: UnsafeMutablePointer<Double>,
    prefix: UnsafeMutablePointer<Double>
  ) {
    for r in 0..<k { sums[r] = 0 }
    guard let heights = h.baseAddress else { return }
    blocks(heights, count: h.count, perLine: k, from: 0, sums: sums, prefix: prefix)
  }

  /// `sums(of:perLine:into:prefix:)` of two leaves, each the same as alone.
  ///
  /// - Precondition: k ≥ 2; `prefix` holds k values (scratch).
  /// - Complexity: O(a.count + b.count), independent of k; allocates nothing.
  static func sums(
    of a: UnsafeBufferPointer<Double>, _ b: UnsafeBufferPointer<Double>, perLine k: Int,
    into sumsA: UnsafeMutablePointer<Double>, _ sumsB: UnsafeMutablePointer<Double>,
    prefix: UnsafeMutablePointer<Double>
  ) {
    for r in 0..<k {
      sumsA[r] = 0
      sumsB[r] = 0
    }
    guard let pa = a.baseAddress, let pb = b.baseAddress else {
      Self.sums(of: a, perLine: k, into: sumsA, prefix: prefix)
      Self.sums(of: b, perLine: k, into: sumsB, prefix: prefix)
      return
    }
    // Blocks 0 ..< paired: block j + 1 is whole in both leaves.
    let paired = min(a.count, b.count) / k - 1
    var first = 0
    if paired > 0 {
      first = paired
      // Every cache line of both leaves requested before the blocks' dependent maxima need
      // them (the probe kept in scratch, so the loads stay).
      prefix[k &- 1] = touch(a) + touch(b)
      switch k {
      case 2: pairedBlocks(pa, pb, paired, sumsA, sumsB, InlineArray<2, SIMD2<Double>>.self)
      case 3: pairedBlocks(pa, pb, paired, sumsA, sumsB, InlineArray<3, SIMD2<Double>>.self)
      case 4: pairedBlocks(pa, pb, paired, sumsA, sumsB, InlineArray<4, SIMD2<Double>>.self)
      case 5: pairedBlocks(pa, pb, paired, sumsA, sumsB, InlineArray<5, SIMD2<Double>>.self)
      case 6: pairedBlocks(pa, pb, paired, sumsA, sumsB, InlineArray<6, SIMD2<Double>>.self)
      case 7: pairedBlocks(pa, pb, paired, sumsA, sumsB, InlineArray<7, SIMD2<Double>>.self)
      case 8: pairedBlocks(pa, pb, paired, sumsA, sumsB, InlineArray<8, SIMD2<Double>>.self)
      default: first = 0
      }
    }
    blocks(pa, count: a.count, perLine: k, from: first, sums: sumsA, prefix: prefix)
    blocks(pb, count: b.count, perLine: k, from: first, sums: sumsB, prefix: prefix)
  }

  /// The sum of one height per cache line of `h`, so that the leaf's lines are fetched together.
  ///
  /// - Complexity: O(c / 8).
  @inline(__always)
  private static func touch(_ h: UnsafeBufferPointer<Double>) -> Double {
    var probe = 0.0
    var i = 0
    while i < h.count {
      probe += h[i]
      i &+= 8
    }
    return probe
  }

  /// Adds the windows starting in blocks `first ..< c / k` of `h` to `sums` (block j's window
  /// at offset t to `sums[t]`), block by block in order.
  ///
  /// - Precondition: k ≥ 2; `prefix` holds k − 1 values.
  /// - Complexity: O(c − first·k).
  @inline(__always)
  private static func blocks(
    _ h: UnsafePointer<Double>, count c: Int, perLine k: Int, from first: Int,
    sums: UnsafeMutablePointer<Double>, prefix: UnsafeMutablePointer<Double>
  ) {
    let blockCount = c / k  // block j holds a window iff (j + 1)·k ≤ c
    var j = first
    while j < blockCount {
      let base = j &* k
      let next = base &+ k
      // Windows at offsets 1 ... reach end in block j + 1 (whole, or the leaf's last heights).
      let reach = min(k &- 1, c &- next)
      if reach > 0 {
        var p = h[next]
        prefix[0] = p
        var t = 1
        while t < reach {
          p = larger(p, h[next &+ t])
          prefix[t] = p
          t &+= 1
        }
      }
      var s = h[next &- 1]  // max h[base + t ..< next], t = k − 1 down to 1
      if reach == k &- 1 { sums[k &- 1] += larger(s, prefix[k &- 2]) }
      var t = k &- 2
      while t >= 1 {
        s = larger(h[base &+ t], s)
        if t <= reach { sums[t] += larger(s, prefix[t &- 1]) }
        t &-= 1
      }
      sums[0] += larger(h[base], s)
      j &+= 1
    }
  }

  /// Blocks `0 ..< count` of `a` and `b` side by side (lane 0 `a`, lane 1 `b`), K a line, each
  /// followed by a whole one; writes each leaf's sums.
  ///
  /// - Precondition: (count + 1)·K ≤ min(a's, b's heights), K ≥ 2.
  /// - Complexity: O(count·K).
  @inline(__always)
  private static func pairedBlocks<let K: Int>(
    _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ count: Int,
    _ sumsA: UnsafeMutablePointer<Double>, _ sumsB: UnsafeMutablePointer<Double>,
    _: InlineArray<K, SIMD2<Double>>.Type
  ) {
    var sums = InlineArray<K, SIMD2<Double>>(repeating: .zero)
    var prefix = InlineArray<K, SIMD2<Double>>(repeating: .zero)
    var base = 0
    for _ in 0..<count {
      let next = base &+ K
      // Operands ordered so that each `maxpd` overwrites a value not needed after it.
      prefix[0] = SIMD2(a[next], b[next])
      for t in 1..<(K - 1) {
        prefix[t] = larger(SIMD2(a[next &+ t], b[next &+ t]), prefix[t - 1])
      }
      var s = SIMD2(a[next &- 1], b[next &- 1])
      sums[K - 1] += larger(prefix[K - 2], s)
      for u in 1..<(K - 1) {
        let t = K - 1 - u
        s = larger(SIMD2(a[base &+ t], b[base &+ t]), s)
        sums[t] += larger(prefix[t - 1], s)
      }
      sums[0] += larger(SIMD2(a[base], b[base]), s)
      base = next
    }
    for t in 0..<K {
      sumsA[t] = sums[t][0]
      sumsB[t] = sums[t][1]
    }
  }
}
