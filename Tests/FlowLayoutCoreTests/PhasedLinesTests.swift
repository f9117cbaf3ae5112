import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `PhasedLines` (equal-width lines of exactly k items, per-phase summaries over leaves) against
/// a scan of the same heights, after random insertions, removals and height changes, with
/// leaves of 1–6 items so that leaves are split and joined and the tree is several levels deep;
/// and one insertion's work at 10 000 and 1 000 000 items (work counters, never a clock).
@Suite("Phased lines")
struct PhasedLinesTests {
  /// The lines of `heights` by a scan: each line's height, and its top.
  static func scan(_ heights: [Double], perLine k: Int, lineSpacing: Double) -> (
    heights: [Double], tops: [Double]
  ) {
    var lineHeights: [Double] = []
    var tops: [Double] = []
    var top = 0.0
    var start = 0
    while start < heights.count {
      let end = min(start + k, heights.count)
      let h = heights[start..<end].max()!
      tops.append(top)
      lineHeights.append(h)
      top += h + lineSpacing
      start = end
    }
    return (lineHeights, tops)
  }

  static func expectSame(
    _ lines: PhasedLines, _ heights: [Double], lineSpacing: Double, _ note: String,
    rng: inout SplitMix64, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let k = lines.perLine
    let expected = scan(heights, perLine: k, lineSpacing: lineSpacing)
    #expect(lines.count == heights.count, "\(note) count", sourceLocation: sourceLocation)
    #expect(lines.heights == heights, "\(note) heights", sourceLocation: sourceLocation)
    #expect(
      lines.lineCount == expected.heights.count, "\(note) lines", sourceLocation: sourceLocation)
    for (g, h) in heights.enumerated() where g % 7 == 0 {
      #expect(lines.height(ofItem: g) == h, "\(note) item \(g)", sourceLocation: sourceLocation)
    }
    for line in expected.heights.indices {
      #expect(
        lines.lineHeight(line) == expected.heights[line], "\(note) line \(line) height",
        sourceLocation: sourceLocation)
      let top = lines.top(ofLine: line, lineSpacing: lineSpacing)
      #expect(
        EqualityContract.close(top, expected.tops[line]),
        "\(note) line \(line) top \(top) ≠ \(expected.tops[line])", sourceLocation: sourceLocation)
    }
    let total =
      expected.heights.isEmpty
      ? 0 : expected.tops[expected.tops.count - 1] + expected.heights[expected.heights.count - 1]
    #expect(
      EqualityContract.close(lines.linesHeight(lineSpacing: lineSpacing), total),
      "\(note) lines height", sourceLocation: sourceLocation)
    // y → line: bottoms, just below and just above them, and random targets.
    let bottoms = expected.heights.indices.map { expected.tops[$0] + expected.heights[$0] }
    var targets: [Double] = [-1, 0, total + 1]
    for b in bottoms.prefix(40) { targets += [b - 0.25, b + 0.25] }
    for _ in 0..<10 { targets.append(rng.nextUnit() * (total + 10)) }
    for target in targets {
      let want = bottoms.firstIndex { $0 >= target } ?? bottoms.count
      let got = lines.firstLine(bottomAtLeast: target, lineSpacing: lineSpacing)
      #expect(
        got == want, "\(note) first line with bottom ≥ \(target)", sourceLocation: sourceLocation)
    }
  }

  /// Random edits on ~60 items in leaves of 1–6 items, k = 1…5: every answer equals the scan.
  @Test(arguments: 0..<24)
  func randomEditsMatchAScan(seed: Int) {
    var rng = SplitMix64(seed: UInt64(9_000 + seed))
    let k = 1 + seed % 5
    let target = 1 + (seed / 5) % 6
    let spacing = seed % 3 == 0 ? 0 : 8.5
    func draw() -> Double { Double(Int(rng.nextUnit() * 40)) * 2.5 }
    var heights = (0..<Int(rng.nextUnit() * 60)).map { _ in draw() }
    var lines = PhasedLines(heights: heights, perLine: k, leafTarget: target)
    Self.expectSame(lines, heights, lineSpacing: spacing, "seed \(seed) built", rng: &rng)
    for step in 0..<80 {
      let roll = rng.nextUnit()
      if roll < 0.45 || heights.isEmpty {
        let g = Int(rng.nextUnit() * Double(heights.count + 1)) % (heights.count + 1)
        let h = draw()
        heights.insert(h, at: g)
        lines.insert(h, at: g)
      } else if roll < 0.85 {
        let g = Int(rng.nextUnit() * Double(heights.count)) % heights.count
        heights.remove(at: g)
        lines.remove(at: g)
      } else {
        let g = Int(rng.nextUnit() * Double(heights.count)) % heights.count
        let h = draw()
        heights[g] = h
        lines.setHeight(h, ofItem: g)
      }
      Self.expectSame(lines, heights, lineSpacing: spacing, "seed \(seed) step \(step)", rng: &rng)
    }
  }

  /// A leaf's k summaries at once (`summarizeAllPhases`: window maxima by doubling, sums by
  /// residue) equal each phase's own scan (`summary(of:_:phase:perLine:)`), bit for bit, for
  /// leaves of 0–80 heights and 1–70 items a line (fewer items than a line too), with repeated
  /// heights and zeros.
  @Test func allPhasesAtOnceEqualEachPhasesScan() {
    var rng = SplitMix64(seed: 2_026)
    for trial in 0..<400 {
      let c = trial < 81 ? trial : Int(rng.nextUnit() * 81)
      let k = trial % 7 == 0 ? 1 + Int(rng.nextUnit() * 70) : 1 + Int(rng.nextUnit() * 12)
      let heights = (0..<c).map { _ in
        rng.nextUnit() < 0.2 ? 0 : Double(Int(rng.nextUnit() * 30)) * 1.25 + 0.1
      }
      var scratch = [Double](repeating: .nan, count: 2 * c + 3 * k + 1)
      var all = [PhasedLines.PhaseSummary](repeating: .open, count: k)
      heights.withUnsafeBufferPointer { h in
        all.withUnsafeMutableBufferPointer { out in
          scratch.withUnsafeMutableBufferPointer { t in
            PhasedLines.summarizeAllPhases(
              of: h, perLine: k, into: out, scratch: t.baseAddress!)
          }
        }
        for phase in 0..<k {
          let one = PhasedLines.summary(of: h, 0..<c, phase: phase, perLine: k)
          #expect(all[phase] == one, "c \(c) k \(k) phase \(phase): \(all[phase]) ≠ \(one)")
        }
      }
    }
  }

  /// Lines rephased to other items a line (a width change: `rephase(perLine:)`) answer as a
  /// scan of the same heights in lines of the new k, through edits between the changes; right
  /// after building, rephasing equals building at the new k.
  @Test(arguments: 0..<12)
  func rephasedLinesMatchAScan(seed: Int) {
    var rng = SplitMix64(seed: UInt64(7_100 + seed))
    let target = 1 + seed % 6
    let spacing = seed % 2 == 0 ? 0 : 4.5
    func draw() -> Double { Double(Int(rng.nextUnit() * 40)) * 2.5 }
    var heights = (0..<(20 + Int(rng.nextUnit() * 120))).map { _ in draw() }
    var lines = PhasedLines(heights: heights, perLine: 3, leafTarget: target)
    var rephased = lines
    rephased.rephase(perLine: 5)
    #expect(rephased == PhasedLines(heights: heights, perLine: 5, leafTarget: target))
    for (step, k) in [1, 7, 2, 2, 12, 9, 3].enumerated() {
      lines.rephase(perLine: k)
      #expect(lines.perLine == k)
      Self.expectSame(lines, heights, lineSpacing: spacing, "seed \(seed) k \(k)", rng: &rng)
      for _ in 0..<(step % 3 + 1) {
        let g = Int(rng.nextUnit() * Double(heights.count + 1)) % (heights.count + 1)
        let h = draw()
        heights.insert(h, at: g)
        lines.insert(h, at: g)
        let r = Int(rng.nextUnit() * Double(heights.count)) % heights.count
        heights.remove(at: r)
        lines.remove(at: r)
      }
      Self.expectSame(lines, heights, lineSpacing: spacing, "seed \(seed) k \(k) edited", rng: &rng)
    }
  }

  /// Rephasing on several threads (each a run of leaves) gives the same lines as on one, for
  /// leaves of 1–9 items (≥ 2 · 64 leaves, so that the work is split) and after edits.
  @Test func rephasingOnThreadsEqualsOneThread() {
    var rng = SplitMix64(seed: 515)
    for target in [1, 4, 9] {
      var heights = (0..<(300 * target)).map { _ in Double(Int(rng.nextUnit() * 90)) * 0.5 }
      var lines = PhasedLines(heights: heights, perLine: 2, leafTarget: target)
      for g in stride(from: 5, to: heights.count, by: 37) {
        lines.insert(7, at: g)
        heights.insert(7, at: g)
      }
      for k in [6, 3, 1, 11, 2] {
        var one = lines
        var two = lines
        one.rephase(perLine: k, threads: 1)
        two.rephase(perLine: k, threads: 3)
        #expect(one == two, "target \(target) k \(k)")
        Self.expectSame(two, heights, lineSpacing: 8, "target \(target) k \(k)", rng: &rng)
      }
    }
  }

  /// One insertion in the middle of 10 000 and of 1 000 000 items in lines of 3 (leaves of
  /// 1 024): the summaries rewritten are one leaf's and one tree path's, so the work at 1M is
  /// at most twice that at 10k; every later line moved with it.
  @Test func oneInsertionsWorkDoesNotGrowWithTheLines() {
    func insertion(_ n: Int) -> (work: Int, moved: Bool) {
      var rng = SplitMix64(seed: 31)
      let heights = (0..<n).map { _ in 150 + Double(Int(rng.nextUnit() * 60)) }
      var lines = PhasedLines(heights: heights, perLine: 3, leafTarget: 1_024)
      let before = lines.top(ofLine: lines.lineCount - 1, lineSpacing: 10)
      let work = lines.insert(400, at: n / 2)
      let after = lines.top(ofLine: lines.lineCount - 1, lineSpacing: 10)
      return (work, after != before)
    }
    let small = insertion(10_000)
    let large = insertion(1_000_000)
    #expect(large.work <= 2 * small.work, "10k: \(small.work), 1M: \(large.work)")
    #expect(small.moved && large.moved)
  }

  /// `PhasedLines` as `PageLines` holds it (`EqualWidthLines.heights`,
  /// `UniformLines.keptSizes`) is one word inline (out of line, copy-on-write) and still a value:
  /// an edit of one copy, by every kind of edit, leaves the other exactly as it was.
  @Test func copiesAreIndependentValues() {
    var rng = SplitMix64(seed: 47)
    let heights = (0..<200).map { _ in 20 + Double(Int(rng.nextUnit() * 40)) }
    let widths = heights.map { $0 + 1 }
    let original = CopyOnWrite(
      PhasedLines(heights: heights, widths: widths, perLine: 3, leafTarget: 8))
    #expect(MemoryLayout<CopyOnWrite<PhasedLines>>.size == MemoryLayout<Int>.size)
    #expect(MemoryLayout<CopyOnWrite<PhasedLines>?>.size == MemoryLayout<Int>.size)
    var edits: [(String, (inout PhasedLines) -> Void)] = [
      ("insert", { $0.insert(5, width: 6, at: 17) }),
      ("remove", { $0.remove(at: 3) }),
      ("setHeight", { $0.setHeight(99, ofItem: 150) }),
      ("setWidth", { $0.setWidth(98, ofItem: 150) }),
      ("splice", {
        $0.splice(removing: [1, 2, 40], inserting: [(index: 7, size: Size(width: 3, height: 4))])
      }),
    ]
    edits.shuffle(using: &rng)
    for (name, edit) in edits {
      var copy = original
      edit(&copy.value)
      #expect(copy != original, "\(name) changed the copy")
      #expect(
        original.value.heights == heights && original.value.widths == widths,
        "\(name) left the original")
      Self.expectSame(original.value, heights, lineSpacing: 2, name, rng: &rng)
    }
  }
}

/// The leaves share the array they were built from until written (`PhasedLines.leaves`), so
/// a width change (`rephase`) reads the heights as one stretch of memory.
@Suite struct PhasedLeafStorageTests {
  /// Built from one array, the leaves are one run of storage; an insertion, a resize and a
  /// removal copy only the leaves they write (one run more or two each, at 10k and 1M items
  /// alike), a rephase copies none, and the lines stay those of a fresh build.
  @Test(arguments: [10_000, 1_000_000])
  func onlyWrittenLeavesLeaveTheSharedStorage(n: Int) {
    var rng = SplitMix64(seed: 77)
    var heights = (0..<n).map { _ in 100 + Double(Int(rng.nextUnit() * 80)) }
    var lines = PhasedLines(heights: heights, perLine: 2, leafTarget: 512)
    #expect(lines.storageRuns == 1)
    lines.rephase(perLine: 6, threads: 2)
    #expect(lines.storageRuns == 1)
    lines.insert(333, at: n / 2)
    heights.insert(333, at: n / 2)
    #expect(lines.storageRuns <= 3)
    lines.setHeight(12, ofItem: n / 4)
    heights[n / 4] = 12
    lines.remove(at: 3 * n / 4)
    heights.remove(at: 3 * n / 4)
    #expect(lines.storageRuns <= 7)
    lines.rephase(perLine: 3, threads: 2)
    #expect(lines.storageRuns <= 7)
    #expect(lines.heights == heights)
    let scan = PhasedLinesTests.scan(heights, perLine: 3, lineSpacing: 8)
    #expect(
      EqualityContract.close(
        lines.linesHeight(lineSpacing: 8), scan.tops[scan.tops.count - 1] + scan.heights.last!))
  }

  /// Rephasing to a larger k grows the tree into fresh storage that every node is written to
  /// before it is read, and back to a smaller k keeps it: each gives the tree of a fresh build,
  /// on one thread and on several, whatever k came before.
  @Test func rephasingUpAndDownEqualsAFreshBuild() {
    var rng = SplitMix64(seed: 78)
    let heights = (0..<(200 * 9 + 5)).map { _ in Double(Int(rng.nextUnit() * 90)) * 0.5 }
    for threads in [1, 3] {
      var lines = PhasedLines(heights: heights, perLine: 2, leafTarget: 9)
      for k in [6, 2, 8, 1, 6, 3] {
        lines.rephase(perLine: k, threads: threads)
        #expect(
          lines == PhasedLines(heights: heights, perLine: k, leafTarget: 9),
          "threads \(threads) k \(k)")
      }
    }
  }

  /// Lines built with room for 8 items a line (`reservingPerLine`, as a large equal-width
  /// section is) rephase to 6, 8, 2 and 5 within that room (no growth: the room stays 8) and
  /// equal a fresh build each time; without the room the first rephase to 6 grows it.
  @Test func reservedRoomTakesTheWidthChangesWithoutGrowing() {
    var rng = SplitMix64(seed: 80)
    let heights = (0..<(300 * 9 + 4)).map { _ in Double(Int(rng.nextUnit() * 90)) * 0.5 }
    var lines = PhasedLines(heights: heights, perLine: 2, leafTarget: 9, reservingPerLine: 8)
    #expect(lines.summaryRoom == 8)
    #expect(lines == PhasedLines(heights: heights, perLine: 2, leafTarget: 9))
    for k in [6, 8, 2, 5] {
      lines.rephase(perLine: k, threads: 2)
      #expect(lines.summaryRoom == 8, "k \(k)")
      #expect(lines == PhasedLines(heights: heights, perLine: k, leafTarget: 9), "k \(k)")
    }
    var plain = PhasedLines(heights: heights, perLine: 2, leafTarget: 9)
    #expect(plain.summaryRoom == 2)
    plain.rephase(perLine: 6)
    #expect(plain.summaryRoom == 6)
  }
}

extension PhasedLeafStorageTests {
  /// A splice whose edits come in runs at consecutive places (a page appended, a range
  /// removed) leaves the same tree, leaf by leaf and summary by summary, as the same edits
  /// applied one at a time: the runs go in as one slice operation each but stop where a
  /// single edit would split or join a leaf.
  @Test(arguments: [1, 4, 9])
  func runsOfEditsEqualOneAtATime(target: Int) {
    var rng = SplitMix64(seed: 79 + UInt64(target))
    func draw() -> Double { Double(Int(rng.nextUnit() * 60)) * 0.5 }
    let heights = (0..<(40 * target + 7)).map { _ in draw() }
    let widths = heights.map { $0 + 3 }
    let built = PhasedLines(heights: heights, widths: widths, perLine: 3, leafTarget: target)
    for round in 0..<12 {
      let n = built.count
      let removeStart = Int(rng.nextUnit() * Double(n - 30))
      let removals = Array(removeStart..<(removeStart + 1 + round * 2)) + [n - 1]
      let left = n - removals.count
      let at = Int(rng.nextUnit() * Double(left))
      var insertions = (0..<(1 + round * 3)).map {
        (index: at + $0, size: Size(width: Double($0), height: draw()))
      }
      insertions.append((index: left + insertions.count, size: Size(width: 1, height: draw())))
      var batched = built
      batched.splice(removing: removals, inserting: insertions)
      var single = built
      for g in removals.reversed() { single.remove(at: g) }
      for edit in insertions {
        single.insert(edit.size.height, width: edit.size.width, at: edit.index)
      }
      #expect(batched == single, "target \(target) round \(round)")
      #expect(batched.heights == single.heights && batched.widths == single.widths)
    }
  }
}
