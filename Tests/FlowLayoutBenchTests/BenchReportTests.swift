import FlowLayoutBench
import FlowLayoutModel
import FlowLayoutTestSupport
import FlowLayoutWorkloads
import Foundation
import Testing

/// An operation that counts its runs; no clock assertions.
struct CountingOperation: TimedOperation {
  var runs = 0
  var undos = 0
  var needsUndo: Bool
  mutating func perform() {
    // At least one clock step, so a zero limit is always exceeded.
    let start = MonotonicClock.now()
    while MonotonicClock.now() == start {}
    runs += 1
  }
  mutating func undo() { undos += 1 }
  var checksum: Double { Double(runs) }
}

/// An operation that logs its runs, with its name, into a shared log.
final class RunLog {
  var names: [String] = []
}

struct LoggingOperation: TimedOperation {
  let name: String
  let log: RunLog
  var needsUndo: Bool { false }
  mutating func perform() { log.names.append(name) }
  mutating func undo() {}
  var checksum: Double { 0 }
}

@Suite struct BenchReportTests {
  func row(_ engine: String, _ median: Double?, allocations: Double? = nil, op: String = "layout")
    -> BenchRow
  {
    var r = BenchRow(workload: "mixed", operation: op, engine: engine, n: 1000)
    r.medianNs = median
    r.minNs = median
    r.maxNs = median
    r.allocations = allocations
    return r
  }

  func results(_ rows: [BenchRow]) -> BenchResults {
    BenchResults(
      meta: BenchMeta(
        date: "d", machine: "m", cpu: "c", cores: 2, toolchain: "t", commit: "x", build: "release",
        flags: [], sizes: [1000], workloads: ["mixed"], operations: ["layout"], engines: ["fast"],
        sampling: .quick, allocator: "a", allocationCounting: "a", clock: "c",
        clockResolutionNs: 20, clockStatedResolutionNs: 1, peers: nil),
      rows: rows)
  }

  @Test func theCLoopFollowsTheGreedyRules() throws {
    // The first five `mixed` items at 375 pt: hand-checked, and what Taffy gives.
    var loop = CLoopOperation(workload: .mixed, itemCount: 5)
    // Run k lays out at `layoutWidths[k % 16]`.
    let k = try #require(Workload.layoutWidths.firstIndex(of: 375))
    for _ in 0..<(k == 0 ? Workload.layoutWidths.count : k) { loop.perform() }
    let origins = loop.frames.map { [$0.minX, $0.minY] }
    #expect(origins == [[16, 69.5], [161, 16], [16, 219], [16, 330.5], [194, 291]])
  }

  @Test func samplerTakesAtLeastTheMinimumSamplesAndUndoesEachRun() throws {
    var plan = SamplingPlan.quick
    plan.minimumSeconds = 0
    plan.minimumSamples = 9
    let sampler = Sampler(plan: plan, clock: MonotonicClock())
    var op = CountingOperation(needsUndo: true)
    guard case .measured(let summary) = try sampler.measure(&op, batched: true) else {
      Issue.record("not measured")
      return
    }
    #expect(summary.samples == 9)
    #expect(summary.runsPerSample == 1)
    #expect(op.runs == op.undos)
    #expect(summary.minNanoseconds <= summary.medianNanoseconds)
    #expect(summary.medianNanoseconds <= summary.maxNanoseconds)
  }

  @Test func sideBySideSamplingAlternatesTheTwoOperations() throws {
    var plan = SamplingPlan.quick
    plan.minimumSeconds = 0
    plan.warmupSeconds = 0
    plan.warmupRuns = 2
    plan.minimumSamples = 5
    let log = RunLog()
    var fast = LoggingOperation(name: "fast", log: log)
    var loop = LoggingOperation(name: "c", log: log)
    let sampler = Sampler(plan: plan, clock: MonotonicClock())
    let both = try #require(try sampler.measureSideBySide(&fast, &loop))
    // 2 warm-up pairs, then 5 sample pairs, each fast then c.
    #expect(log.names == Array(repeating: ["fast", "c"], count: 7).flatMap { $0 })
    #expect(both.first.samples == 5 && both.second.samples == 5)
    #expect(both.first.runsPerSample == 1 && both.second.runsPerSample == 1)
    #expect(both.medianRatio > 0)
    var slow = plan
    slow.sampleLimitSeconds = 0
    var a = CountingOperation(needsUndo: false)
    var b = CountingOperation(needsUndo: false)
    #expect(try Sampler(plan: slow, clock: MonotonicClock()).measureSideBySide(&a, &b) == nil)
    #expect(a.runs == 1 && b.runs == 1)
  }

  @Test func samplerStopsAnOperationBeyondTheLimit() throws {
    var plan = SamplingPlan.quick
    plan.sampleLimitSeconds = 0  // every run is beyond it
    var op = CountingOperation(needsUndo: false)
    guard
      case .tooSlow = try Sampler(plan: plan, clock: MonotonicClock()).measure(&op, batched: false)
    else {
      Issue.record("expected tooSlow")
      return
    }
    #expect(op.runs == 1)
  }

  @Test func comparisonFlagsTimeBeyondThresholdAndAnyNewAllocation() {
    let old = results([
      row("fast", 10_000, allocations: 2), row("reference", 10_000),
      row("c-loop", 10_000, allocations: 0),
    ])
    let new = results([
      row("fast", 11_000, allocations: 3), row("reference", 20_000),
      row("c-loop", 10_100, allocations: 0),
    ])
    let comparison = BenchComparison(old: old, new: new, timeThreshold: 0.25)
    #expect(comparison.changes.count == 3)
    #expect(
      comparison.regressions.map(\.key) == [
        "mixed/layout/fast/1000", "mixed/layout/reference/1000",
      ])
    #expect(comparison.lines().count == 3)
    #expect(BenchComparison(old: old, new: old, timeThreshold: 0.25).regressions.isEmpty)
  }

  @Test func resultsRoundTripThroughJSON() throws {
    var memory = row("fast", nil, op: "memory")
    memory.bytesPerItem = 24.5
    let original = results([row("fast", 1234.5, allocations: 1), memory])
    let decoded = try ResultsFolder.decode(ResultsFolder.encode(original))
    #expect(decoded == original)
    let text = String(decoding: try ResultsFolder.encode(original), as: UTF8.self)
    for key in [
      "median_ns", "min_ns", "max_ns", "bytes_per_item", "allocations", "workload", "meta",
    ] {
      #expect(text.contains("\"\(key)\""))
    }
  }

  @Test func tableShowsRatiosAndChartsAreDeterministic() {
    var rows: [BenchRow] = []
    for n in [1000, 10_000, 100_000] {
      for (engine, scale) in [("fast", 1.0), ("reference", 50.0), ("c-loop", 0.5)] {
        var r = row(engine, Double(n) * scale)
        r.n = n
        rows.append(r)
      }
    }
    let lines = ResultTable(rows: rows).lines()
    #expect(lines.count == 2 + 3)
    // A memory row's allocations are the build's, not an operation's.
    let memory = row("fast", nil, allocations: 100_005, op: "memory")
    let memoryLine = ResultTable(rows: [memory]).lines()[2]
    #expect(memoryLine.contains("100005 in build") && !memoryLine.contains("100005.0"))
    #expect(lines[0].contains("fast/reference") && lines[0].contains("fast/c-loop"))
    #expect(lines[2].contains("0.0200") && lines[2].contains("2.00"))
    let a = ResultCharts.charts(for: rows)
    let b = ResultCharts.charts(for: rows)
    #expect(a.map(\.name) == ["time-layout.svg", "ratio-mixed.svg"])
    #expect(a.map(\.svg) == b.map(\.svg))
    #expect(a[0].svg.contains("<polyline") && !a[0].svg.contains("nan"))
    // Drawn by the package's one SVG writer: well-formed XML, whatever the labels hold.
    for chart in a { #expect(SVGInspector(chart.svg).error == nil, "\(chart.name)") }
    let hostile = LogLogChart(
      title: "a\u{1}<b>&\u{FFFE}", xLabel: "n", yLabel: "\"t\"",
      series: [.init(label: "x\u{0}", color: "#000", points: [(1, 1), (10, 1e300)])],
      yAxisIsNanoseconds: false)
    let parsed = SVGInspector(hostile.svg())
    #expect(parsed.error == nil)
    #expect(parsed.texts.contains("a\u{FFFD}<b>&\u{FFFD}"), "\(parsed.texts)")
  }

  @Test func runnerRunsTheCLoopOnlyOnGreedyWorkloads() {
    var plan = SamplingPlan.quick
    plan.minimumSeconds = 0
    let selection = BenchSelection(
      workloads: [.mixed, .columns], operations: [.layout], engines: [.cLoop], sizes: [100, 10])
    #expect(selection.cellCount == 2)
    var seen: [Int] = []
    var runner = BenchRunner(
      selection: selection, sampler: Sampler(plan: plan, clock: MonotonicClock()),
      allocator: UnmeasuredAllocator())
    runner.progress = { done, total, _ in
      seen.append(done)
      #expect(total == 2)
    }
    let rows = runner.run()
    #expect(rows.map(\.key) == ["mixed/layout/c-loop/10", "mixed/layout/c-loop/100"])
    #expect(rows.allSatisfy { $0.status == "ok" && $0.medianNs != nil && $0.allocations == nil })
    #expect(seen == [1, 2])
  }

  @Test func durationsAreFormattedWithoutLocale() {
    #expect(format(nanoseconds: 812) == "812 ns")
    #expect(format(nanoseconds: 14_200) == "14.2 µs")
    #expect(format(nanoseconds: 3_050_000) == "3.05 ms")
    #expect(fixed(-0.004, 2) == "0.00")
    #expect(fixed(2.5, 3) == "2.500")
  }
}
