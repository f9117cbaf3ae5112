import FlowLayoutModel
import Testing

@testable import FlowLayoutCore

/// `LineWindowSums` (window maxima by blocks, summed by residue) against a naive scan, bit for
/// bit: every k from 2 to 16, leaves of every length around the block boundaries (0, k − 1, k,
/// k + 1, 2k − 1, … and random ones), heights with many ties and with −0 beside +0 (the one
/// tie whose winner shows in the bits), one leaf alone and two side by side of equal and of
/// different lengths.
@Suite("Line window sums")
struct LineWindowSumsTests {
  /// The naive sums: each window's maximum by a left-to-right `Swift.max` scan (ties give the
  /// later height), added to its residue's sum in order of its start.
  static func naive(_ h: [Double], perLine k: Int) -> [Double] {
    var sums = [Double](repeating: 0, count: k)
    var s = 0
    while s + k <= h.count {
      var w = h[s]
      for j in (s + 1)..<(s + k) { w = max(w, h[j]) }
      sums[s % k] += w
      s += 1
    }
    return sums
  }

  /// Heights drawn from few values (ties), zeros of both signs among them.
  static func heights(_ c: Int, _ rng: inout SplitMix64) -> [Double] {
    (0..<c).map { _ in
      let u = rng.nextUnit()
      if u < 0.15 { return 0.0 }
      if u < 0.3 { return -0.0 }
      return Double(Int(rng.nextUnit() * 6)) * 2.5 + (rng.nextUnit() < 0.1 ? -0.0 : 0.0)
    }
  }

  /// Lengths around block boundaries for k, plus a few random ones.
  static func lengths(_ k: Int, _ rng: inout SplitMix64) -> [Int] {
    var c = [0, 1]
    for blocks in [1, 2, 3, 5, 9] {
      c += [blocks * k - 1, blocks * k, blocks * k + 1, blocks * k + k / 2]
    }
    for _ in 0..<4 { c.append(Int(rng.nextUnit() * 160)) }
    return c.filter { $0 >= 0 }
  }

  static func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

  /// One leaf: the sums equal the naive ones bit for bit.
  @Test func oneLeafEqualsTheNaiveSums() {
    var rng = SplitMix64(seed: 3_301)
    for k in 2...16 {
      for c in Self.lengths(k, &rng) {
        let h = Self.heights(c, &rng)
        var sums = [Double](repeating: .nan, count: k)
        var prefix = [Double](repeating: .nan, count: k)
        h.withUnsafeBufferPointer { hp in
          sums.withUnsafeMutableBufferPointer { s in
            prefix.withUnsafeMutableBufferPointer { p in
              LineWindowSums.sums(
                of: hp, perLine: k, into: s.baseAddress!, prefix: p.baseAddress!)
            }
          }
        }
        #expect(Self.bits(sums) == Self.bits(Self.naive(h, perLine: k)), "k \(k) c \(c)")
      }
    }
  }

  /// Two leaves side by side (the paired lanes for k ≤ 8, then each leaf's rest alone): each
  /// leaf's sums equal the naive ones bit for bit, for every pair of lengths drawn.
  @Test func twoLeavesEqualTheNaiveSumsOfEach() {
    var rng = SplitMix64(seed: 3_302)
    for k in 2...16 {
      let lengths = Self.lengths(k, &rng)
      for ca in lengths {
        for cb in lengths where (ca + cb) % 3 == 0 || ca == cb {
          let a = Self.heights(ca, &rng)
          let b = Self.heights(cb, &rng)
          var sumsA = [Double](repeating: .nan, count: k)
          var sumsB = [Double](repeating: .nan, count: k)
          var prefix = [Double](repeating: .nan, count: k)
          a.withUnsafeBufferPointer { ap in
            b.withUnsafeBufferPointer { bp in
              sumsA.withUnsafeMutableBufferPointer { sa in
                sumsB.withUnsafeMutableBufferPointer { sb in
                  prefix.withUnsafeMutableBufferPointer { p in
                    LineWindowSums.sums(
                      of: ap, bp, perLine: k, into: sa.baseAddress!, sb.baseAddress!,
                      prefix: p.baseAddress!)
                  }
                }
              }
            }
          }
          #expect(
            Self.bits(sumsA) == Self.bits(Self.naive(a, perLine: k)), "k \(k) a \(ca) b \(cb)")
          #expect(
            Self.bits(sumsB) == Self.bits(Self.naive(b, perLine: k)), "k \(k) b \(cb) a \(ca)")
        }
      }
    }
  }

  /// Two leaves summarized together (`PhasedLines.summarizeAllPhases(of:_:…)`, the rephase's
  /// path) equal each phase's own scan of each leaf, bit for bit, k 1…16, with ±0 ties.
  @Test func twoLeavesSummariesEqualEachPhasesScan() {
    var rng = SplitMix64(seed: 3_303)
    for k in 1...16 {
      let lengths = Self.lengths(k, &rng)
      for (i, ca) in lengths.enumerated() {
        let cb = lengths[(i * 7 + 3) % lengths.count]
        let a = Self.heights(ca, &rng)
        let b = Self.heights(cb, &rng)
        var scratch = [Double](repeating: .nan, count: 2 * (ca + cb) + 6 * k + 2)
        var outA = [PhasedLines.PhaseSummary](repeating: .open, count: k)
        var outB = outA
        a.withUnsafeBufferPointer { ap in
          b.withUnsafeBufferPointer { bp in
            outA.withUnsafeMutableBufferPointer { oa in
              outB.withUnsafeMutableBufferPointer { ob in
                scratch.withUnsafeMutableBufferPointer { t in
                  PhasedLines.summarizeAllPhases(
                    of: ap, bp, perLine: k, into: oa, ob, scratch: t.baseAddress!)
                }
              }
            }
            for phase in 0..<k {
              let wantA = PhasedLines.summary(of: ap, 0..<ca, phase: phase, perLine: k)
              let wantB = PhasedLines.summary(of: bp, 0..<cb, phase: phase, perLine: k)
              #expect(
                outA[phase].sum.bitPattern == wantA.sum.bitPattern && outA[phase] == wantA,
                "k \(k) a \(ca) phase \(phase)")
              #expect(
                outB[phase].sum.bitPattern == wantB.sum.bitPattern && outB[phase] == wantB,
                "k \(k) b \(cb) phase \(phase)")
            }
          }
        }
      }
    }
  }
}
