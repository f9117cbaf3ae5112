// Three forms of greedy leading lines on `mixed`-like data (1M items, widths and heights
// 60...200 whole points, line 343, spacing 8), each writing what the engine's full layout
// writes (positions, line starts and heights, offsets in 32-line blocks, one index entry per
// 8 items), checked identical, timed (median of 31) side by side:
// - fused: the scalar loop (the engine's, the C loop's shape): one mispredicted exit a line.
// - fitChain: SIMD fit counts for every start (K = 6 lanes of the exact accumulation), lines
//   chained through them, positions in K - 1 fixed steps (EqualWidthLinesKernel's form).
// - streams: four interleaved streams of branch-free lines (K fixed steps each, masks instead
//   of branches), their seams repaired as ChunkedLineBreaking repairs them.
//   swiftc -O Benchmarks/profile/greedy-forms.swift -o /tmp/greedy-forms && /tmp/greedy-forms
//   (an argument, e.g. `equal`: every width 130, so that every line has two items.)
import Foundation

/// SplitMix64.
struct RNG {
  var s: UInt64
  mutating func next() -> UInt64 {
    s &+= 0x9E37_79B9_7F4A_7C15
    var z = s
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
let n = 1_000_000
var rng = RNG(s: 42)
var W = [Double](repeating: 0, count: n), H = W
for i in 0..<n {
  W[i] = CommandLine.arguments.count > 1 ? 130 : Double(60 + Int(rng.next() % 141))
  H[i] = Double(60 + Int(rng.next() % 141))
}
var XS = [Double](repeating: 0, count: n)
var starts = [Int](repeating: 0, count: n + 1)
var heights = [Double](repeating: 0, count: n)
var offsets = [Double](repeating: 0, count: n)
var index = [Int32](repeating: 0, count: n / 8 + 2)
let interitem = 8.0, left = 16.0, L = 8.0

/// Where every form writes its lines, as the engine's `LineTable.LineWriter` does: start,
/// height, offset in its 32-line block, and the index entry of the first multiple of 8 at or
/// after its start.
struct LineOutput {
  let starts: UnsafeMutablePointer<Int>
  let heights: UnsafeMutablePointer<Double>
  let offsets: UnsafeMutablePointer<Double>
  let index: UnsafeMutablePointer<Int32>
  var count = 0
  var blockSum = 0.0

  @inline(__always)
  mutating func emit(_ start: Int, _ height: Double) {
    starts[count] = start
    heights[count] = height
    offsets[count] = blockSum
    blockSum = blockSum + (height + L)
    index[(start &+ 7) &>> 3] = Int32(truncatingIfNeeded: count)
    count &+= 1
    if count & 31 == 0 { blockSum = 0 }
  }
}

/// One line from `s` by the scalar rule: its end and height; positions written.
@inline(__always)
func scalarLine(
  _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
  _ xs: UnsafeMutableBufferPointer<Double>, from s: Int, limit: Double
) -> (Int, Double) {
  let n = ws.count
  var used = ws[s]; var lh = hs[s]; var x = left; xs[s] = x
  var e = s + 1
  while e < n {
    let w = ws[e]; let c = used + interitem + w
    if c > limit { break }
    used = c; x = x + ws[e - 1] + interitem; xs[e] = x
    let h = hs[e]; lh = h > lh ? h : lh; e += 1
  }
  return (e, lh)
}

@inline(never)
func fused(
  _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
  _ xs: UnsafeMutableBufferPointer<Double>, into out: inout LineOutput, limit: Double
) {
  let n = ws.count
  var s = 0
  while s < n {
    let (e, lh) = scalarLine(ws, hs, xs, from: s, limit: limit)
    out.emit(s, lh)
    s = e
  }
}

// Fit-chain: per block, SIMD fits and per-start heights; chain; fixed-slot positions.
@inline(never)
func fitChain(
  _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
  _ xs: UnsafeMutableBufferPointer<Double>, into out: inout LineOutput, limit: Double, K: Int
) {
  let n = ws.count
  let B = 512
  let fit = UnsafeMutablePointer<Int>.allocate(capacity: B)
  let hmax = UnsafeMutablePointer<Double>.allocate(capacity: B)
  defer { fit.deallocate(); hmax.deallocate() }
  let wp = UnsafeRawPointer(ws.baseAddress!)
  let hp = UnsafeRawPointer(hs.baseAddress!)
  var s = 0
  let sp = SIMD4<Double>(repeating: interitem), bound = SIMD4<Double>(repeating: limit)
  while s < n {
    let b0 = s
    let b1 = min(s + B, n)
    let vEnd = min(b1, n - K + 1)
    var i = b0
    while i + 4 <= vEnd {
      var used = wp.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self)
      var hm = hp.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self)
      var count = SIMD4<Int64>(repeating: 1)
      var alive = SIMDMask<SIMD4<Int64>>(repeating: true)
      var j = 1
      while j < K {
        let w = wp.loadUnaligned(fromByteOffset: (i &+ j) &* 8, as: SIMD4<Double>.self)
        let h = hp.loadUnaligned(fromByteOffset: (i &+ j) &* 8, as: SIMD4<Double>.self)
        used = used + sp + w
        alive = alive .& (used .<= bound)
        count = count &+ SIMD4<Int64>(repeating: 0).replacing(with: 1, where: alive)
        hm.replace(with: h, where: alive .& (h .> hm))
        j &+= 1
      }
      for l in 0..<4 { fit[i - b0 + l] = Int(count[l]); hmax[i - b0 + l] = hm[l] }
      i &+= 4
    }
    while i < b1 { fit[i - b0] = K; i += 1 }
    // chain
    let slots = K - 1
    while s < b1 {
      let f = fit[s - b0]
      var e: Int; var lh: Double
      if f >= K {
        (e, lh) = scalarLine(ws, hs, xs, from: s, limit: limit)
      } else {
        lh = hmax[s - b0]
        var x = left; xs[s] = x
        var m = 1
        while m < slots {
          x = x + ws[s &+ m &- 1] + interitem
          xs[s &+ m] = x
          m &+= 1
        }
        e = s + f
      }
      out.emit(s, lh)
      s = e
    }
  }
}

// Multi-stream branch-free greedy: S streams interleaved, each line K fixed steps.
/// One branch-free line from `s`: K fixed steps, masks instead of branches.
@inline(__always)
func step(
  _ ws: UnsafePointer<Double>, _ hs: UnsafePointer<Double>, _ xs: UnsafeMutablePointer<Double>,
  s: Int, K: Int, limit: Double
) -> (Int, Double) {
  var used = ws[s]; var h = hs[s]; var x = left; xs[s] = x
  var alive: UInt64 = 1
  var f: UInt64 = 1
  var m = 1
  while m < K {
    used = (used + interitem) + ws[s &+ m]
    alive &= used > limit ? 0 : 1
    f &+= alive
    x = (x + ws[s &+ m &- 1]) + interitem
    xs[s &+ m] = x
    let v = Double(bitPattern: hs[s &+ m].bitPattern & (0 &- alive))
    h = v > h ? v : h
    m &+= 1
  }
  return (s &+ Int(f), h)
}
@inline(never)
func streams4(
  _ wsb: UnsafeBufferPointer<Double>, _ hsb: UnsafeBufferPointer<Double>,
  _ xsb: UnsafeMutableBufferPointer<Double>, into out: inout LineOutput, limit: Double, K: Int
) {
  let n = wsb.count
  let ws = wsb.baseAddress!, hs = hsb.baseAddress!, xs = xsb.baseAddress!
  let B = 2048
  let S = 4
  let cap = B  // lines per stream at most B
  let bs = UnsafeMutablePointer<Int>.allocate(capacity: S * cap)
  let bh = UnsafeMutablePointer<Double>.allocate(capacity: S * cap)
  defer { bs.deallocate(); bh.deallocate() }
  var s = 0
  @inline(__always) func line(_ s: Int) -> (Int, Double) {
    scalarLine(wsb, hsb, xsb, from: s, limit: limit)
  }
  while s < n {
    let r0 = s
    // Not enough for a full round: scalar.
    if n - r0 < S * B + K {
      while s < n { let (e, h) = line(s); out.emit(s, h); s = e }
      break
    }
    var p0 = r0, p1 = r0 + B, p2 = r0 + 2 * B, p3 = r0 + 3 * B
    let e0 = r0 + B, e1 = r0 + 2 * B, e2 = r0 + 3 * B, e3 = r0 + 4 * B
    var c0 = 0, c1 = 0, c2 = 0, c3 = 0
    while p0 < e0 && p1 < e1 && p2 < e2 && p3 < e3 {
      let (a0, h0) = step(ws, hs, xs, s: p0, K: K, limit: limit)
      let (a1, h1) = step(ws, hs, xs, s: p1, K: K, limit: limit)
      let (a2, h2) = step(ws, hs, xs, s: p2, K: K, limit: limit)
      let (a3, h3) = step(ws, hs, xs, s: p3, K: K, limit: limit)
      bs[c0] = p0; bh[c0] = h0; bs[cap + c1] = p1; bh[cap + c1] = h1
      bs[2 * cap + c2] = p2; bh[2 * cap + c2] = h2; bs[3 * cap + c3] = p3; bh[3 * cap + c3] = h3
      c0 &+= 1; c1 &+= 1; c2 &+= 1; c3 &+= 1
      p0 = a0; p1 = a1; p2 = a2; p3 = a3
    }
    /// Finishes stream j's lines (from `p` to `e`) one step at a time after the others ended.
    func finish(_ j: Int, _ p: inout Int, _ e: Int, _ c: inout Int) {
      while p < e {
        let (a, h) = step(ws, hs, xs, s: p, K: K, limit: limit)
        bs[j * cap + c] = p
        bh[j * cap + c] = h
        c &+= 1
        p = a
      }
    }
    finish(0, &p0, e0, &c0)
    finish(1, &p1, e1, &c1)
    finish(2, &p2, e2, &c2)
    finish(3, &p3, e3, &c3)
    // Stitch: stream 0 is true. For stream j, its lines starting < end_j; true start t continues.
    let counts = [c0, c1, c2, c3]
    let ends = [p0, p1, p2, p3]
    var t = r0
    for j in 0..<S {
      let base = j * cap
      let m = counts[j]
      var q = 0
      if j > 0 {
        // re-break from t until t equals a guessed start of stream j
        while true {
          while q < m && bs[base + q] < t { q += 1 }
          if q < m && bs[base + q] == t { break }
          if q >= m { break }
          let (e, h) = line(t); out.emit(t, h); t = e
        }
        // positions spilled by the previous stream: rewrite the next lines from t covering K items
        var u = q
        let fixEnd = bs[base] + K
        while u < m && bs[base + u] < fixEnd { _ = line(bs[base + u]); u += 1 }
      }
      if q < m {
        for i in q..<m { out.emit(bs[base + i], bh[base + i]) }
        t = ends[j]
      }
    }
    s = t
  }
}

func median(_ f: () -> Void) -> Double {
  var t: [Double] = []
  for _ in 0..<31 {
    let a = DispatchTime.now().uptimeNanoseconds
    f()
    t.append(Double(DispatchTime.now().uptimeNanoseconds - a) / 1e6)
  }
  t.sort()
  return t[t.count / 2]
}
let limit = 343.0 + 343e-9
W.withUnsafeBufferPointer { ws in
  H.withUnsafeBufferPointer { hs in
    XS.withUnsafeMutableBufferPointer { xs in
      starts.withUnsafeMutableBufferPointer { st in
        heights.withUnsafeMutableBufferPointer { ht in
          offsets.withUnsafeMutableBufferPointer { of in
            index.withUnsafeMutableBufferPointer { ix in
              func output() -> LineOutput {
                LineOutput(
                  starts: st.baseAddress!, heights: ht.baseAddress!, offsets: of.baseAddress!,
                  index: ix.baseAddress!)
              }
              var o1 = output()
              fused(ws, hs, xs, into: &o1, limit: limit)
              let k1 = o1.count
              let r1 = (Array(xs), Array(st[0..<k1]), Array(ht[0..<k1]))
              func same(_ k: Int) -> Bool {
                k == k1 && r1.0 == Array(xs) && r1.1 == Array(st[0..<k]) && r1.2 == Array(ht[0..<k])
              }
              var o3 = output()
              streams4(ws, hs, xs, into: &o3, limit: limit, K: 6)
              print("streams same", same(o3.count))
              var o2 = output()
              fitChain(ws, hs, xs, into: &o2, limit: limit, K: 6)
              print("lines", k1, o2.count, "same", same(o2.count))
              for rep in 0..<3 {
                let a = median {
                  var o = output()
                  fused(ws, hs, xs, into: &o, limit: limit)
                }
                let b = median {
                  var o = output()
                  fitChain(ws, hs, xs, into: &o, limit: limit, K: 6)
                }
                let c = median {
                  var o = output()
                  streams4(ws, hs, xs, into: &o, limit: limit, K: 6)
                }
                print(rep, "fused", a, "fitChain", b, "streams", c, "ratio", c / a)
              }
            }
          }
        }
      }
    }
  }
}
