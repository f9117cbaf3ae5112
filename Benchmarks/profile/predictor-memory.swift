// What a benchmark that lays out the same widths again and again measures: the branch
// predictor learning the line ends. Greedy lines (starts and heights only, as the engine's
// position-free layout) of `mixed`-like widths (40...239 whole points, line 343 + ε, spacing 8)
// by three loops, timed side by side (median of the runs):
// - fused: the scalar loop (`LineBreaker.line(from:…)`'s shape): one data-dependent
//   branch a line;
// - branch-free: the join test selected in SIMD2 lanes, not branched on
//   (`LineBreaker.branchFreeLines`' loop);
// - two chains: the same on two halves at once (pairedLines' loop, seams not repaired: a
//   timing of the loop only; its lines are not checked).
// `repeated`: every run lays out the same widths (the bench's case); `fresh`: new widths every
// run, written before the timer starts (in cache, never seen by the predictor).
//   swiftc -O Benchmarks/profile/predictor-memory.swift -o /tmp/predictor-memory
//   /tmp/predictor-memory repeated 1000 10000 50000 100000 1000000
//   /tmp/predictor-memory fresh 1000 10000 50000 100000 1000000
import Foundation

func now() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_MONOTONIC, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

let limit = 343.0 + 343e-9
let gap = 8.0

@inline(never)
func fused(
  _ w: UnsafePointer<Double>, _ h: UnsafePointer<Double>, _ n: Int,
  _ starts: UnsafeMutablePointer<Int>, _ heights: UnsafeMutablePointer<Double>
) -> Int {
  var s = 0
  var k = 0
  while s < n {
    var used = w[s]
    var tallest = h[s]
    var e = s + 1
    while e < n {
      let candidate = used + gap + w[e]
      if candidate > limit { break }
      used = candidate
      tallest = h[e] > tallest ? h[e] : tallest
      e += 1
    }
    starts[k] = s
    heights[k] = tallest
    k += 1
    s = e
  }
  return k
}

@inline(__always)
func chainStep(
  _ i: Int, _ w: Double, _ h: Double, _ usedGap: inout SIMD2<Double>,
  _ tallest: inout SIMD2<Double>, _ s: inout Int, _ k: inout Int,
  _ starts: UnsafeMutablePointer<Int>, _ heights: UnsafeMutablePointer<Double>
) {
  let width = SIMD2<Double>(repeating: w)
  let height = SIMD2<Double>(repeating: h)
  let candidate = usedGap + width
  let breaks = candidate .> SIMD2<Double>(repeating: limit)
  starts[k] = s
  heights[k] = tallest[0]
  let broken = breaks[0]
  k &+= broken ? 1 : 0
  s = broken ? i : s
  tallest = tallest.replacing(with: height, where: height .> tallest)
    .replacing(with: height, where: breaks)
  usedGap = (candidate + SIMD2<Double>(repeating: gap))
    .replacing(with: width + SIMD2<Double>(repeating: gap), where: breaks)
}

@inline(never)
func branchFree(
  _ w: UnsafePointer<Double>, _ h: UnsafePointer<Double>, _ n: Int,
  _ starts: UnsafeMutablePointer<Int>, _ heights: UnsafeMutablePointer<Double>
) -> Int {
  var usedGap = SIMD2<Double>(repeating: w[0] + gap)
  var tallest = SIMD2<Double>(repeating: h[0])
  var s = 0
  var k = 0
  var i = 1
  while i < n {
    chainStep(i, w[i], h[i], &usedGap, &tallest, &s, &k, starts, heights)
    i &+= 1
  }
  starts[k] = s
  heights[k] = tallest[0]
  return k + 1
}

@inline(never)
func twoChains(
  _ w: UnsafePointer<Double>, _ h: UnsafePointer<Double>, _ n: Int,
  _ starts: UnsafeMutablePointer<Int>, _ heights: UnsafeMutablePointer<Double>
) -> Int {
  let half = n / 2
  var usedGapA = SIMD2<Double>(repeating: w[0] + gap)
  var tallestA = SIMD2<Double>(repeating: h[0])
  var usedGapB = SIMD2<Double>(repeating: w[half] + gap)
  var tallestB = SIMD2<Double>(repeating: h[half])
  var sA = 0
  var sB = half
  var kA = 0
  var kB = half
  let bound = SIMD2<Double>(repeating: limit)
  let spacing = SIMD2<Double>(repeating: gap)
  var i = 1
  // Written out (as in pairedLines): through one inout helper per stream, the selects of
  // both streams compiled to branches.
  while i < half {
    let widthA = SIMD2<Double>(repeating: w[i])
    let heightA = SIMD2<Double>(repeating: h[i])
    let widthB = SIMD2<Double>(repeating: w[i &+ half])
    let heightB = SIMD2<Double>(repeating: h[i &+ half])
    let candidateA = usedGapA + widthA
    let candidateB = usedGapB + widthB
    let breaksA = candidateA .> bound
    let breaksB = candidateB .> bound
    starts[kA] = sA
    heights[kA] = tallestA[0]
    starts[kB] = sB
    heights[kB] = tallestB[0]
    let brokenA = breaksA[0]
    let brokenB = breaksB[0]
    kA &+= brokenA ? 1 : 0
    kB &+= brokenB ? 1 : 0
    sA = brokenA ? i : sA
    sB = brokenB ? i &+ half : sB
    tallestA = tallestA.replacing(with: heightA, where: heightA .> tallestA)
      .replacing(with: heightA, where: breaksA)
    tallestB = tallestB.replacing(with: heightB, where: heightB .> tallestB)
      .replacing(with: heightB, where: breaksB)
    usedGapA = (candidateA + spacing).replacing(with: widthA + spacing, where: breaksA)
    usedGapB = (candidateB + spacing).replacing(with: widthB + spacing, where: breaksB)
    i &+= 1
  }
  return kA + kB - half
}

let args = Array(CommandLine.arguments.dropFirst())
let fresh = args.first == "fresh"
let sizes = args.dropFirst().compactMap { Int($0) }
var seed: UInt64 = 1
func nextWidth() -> Double {
  seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
  return Double(40 + Int((seed >> 33) % 200))
}
print("\(fresh ? "fresh" : "repeated") widths; ns an item, median")
print("n, lines, fused, branch-free, two chains, branch-free / fused, two chains / fused")
for n in sizes {
  let w = UnsafeMutablePointer<Double>.allocate(capacity: n)
  let h = UnsafeMutablePointer<Double>.allocate(capacity: n)
  let starts = UnsafeMutablePointer<Int>.allocate(capacity: n + 1)
  let heights = UnsafeMutablePointer<Double>.allocate(capacity: n + 1)
  for i in 0..<n {
    w[i] = nextWidth()
    h[i] = 20 + Double(i % 80)
  }
  starts.initialize(repeating: 0, count: n + 1)
  heights.initialize(repeating: 0, count: n + 1)
  let lines = fused(w, h, n, starts, heights)
  precondition(branchFree(w, h, n, starts, heights) == lines)
  let runs = max(11, min(2_001, 20_000_000 / n))
  var times: [[Double]] = [[], [], []]
  for _ in 0..<runs {
    for (f, form) in [fused, branchFree, twoChains].enumerated() {
      if fresh { for i in 0..<n { w[i] = nextWidth() } }
      let t = now()
      _ = form(w, h, n, starts, heights)
      times[f].append((now() - t) / Double(n) * 1e9)
    }
  }
  let m = times.map { $0.sorted()[$0.count / 2] }
  print(
    String(
      format: "%d, %d, %.2f, %.2f, %.2f, %.2f, %.2f", n, lines, m[0], m[1], m[2], m[1] / m[0],
      m[2] / m[0]))
}
