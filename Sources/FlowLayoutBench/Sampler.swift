/// The time of one operation: median, min and max over samples, in nanoseconds.
public struct SampleSummary: Sendable, Hashable {
  public var medianNanoseconds: Double
  public var minNanoseconds: Double
  public var maxNanoseconds: Double
  public var samples: Int
  /// Runs of the operation timed together in one sample (each sample is divided by it).
  public var runsPerSample: Int
}

/// Why a cell has no time.
public enum SamplingOutcome: Sendable {
  case measured(SampleSummary)
  /// One run took `seconds`, beyond the plan's limit: stopped after it.
  case tooSlow(seconds: Double)
}

/// Two operations sampled side by side (`Sampler.measureSideBySide`): each one's summary, and
/// the median over the sample pairs of `first`'s time divided by `second`'s.
public struct SideBySideSummary: Sendable, Hashable {
  public var first: SampleSummary
  public var second: SampleSummary
  public var medianRatio: Double
}

/// Times a `TimedOperation`: warm-up, calibration, samples until a minimum time, medians.
public struct Sampler {
  public let plan: SamplingPlan
  public let clock: MonotonicClock

  public init(plan: SamplingPlan, clock: MonotonicClock) {
    self.plan = plan
    self.clock = clock
  }

  /// Samples `operation`.
  ///
  /// Operations that need an undo are timed one run per sample (the undo between samples is not
  /// timed); cheap ones many runs per sample, so that one sample lasts at least
  /// `plan.minimumSampleSeconds` and at least 1000 clock steps.
  ///
  /// - Complexity: about `plan.minimumSeconds` of runs plus the warm-up.
  /// - Throws: what the operation throws.
  public func measure<Op: TimedOperation>(_ operation: inout Op, batched: Bool) throws
    -> SamplingOutcome
  {
    let limit = UInt64(max(plan.sampleLimitSeconds, 0) * 1e9)
    // 1. Warm-up; the first run also tells whether the engine is too slow for this cell.
    var warmupRuns = 0
    let warmupStart = MonotonicClock.now()
    var slowest: UInt64 = 0
    repeat {
      let t = try Self.timedRun(&operation)
      slowest = max(slowest, t)
      warmupRuns += 1
      if t > limit { return .tooSlow(seconds: Double(t) / 1e9) }
    } while warmupRuns < plan.warmupRuns
      || Double(MonotonicClock.now() - warmupStart) < plan.warmupSeconds * 1e9

    // 2. Runs per sample.
    var runs = 1
    if batched && !operation.needsUndo {
      let floor = max(plan.minimumSampleSeconds * 1e9, Double(clock.resolutionNanoseconds) * 1000)
      let perRun = Double(MonotonicClock.now() - warmupStart) / Double(warmupRuns)
      runs = max(1, min(1 << 20, Int((floor / max(perRun, 1)).rounded(.up))))
    }
    let minimumSamples = sampleFloor(slowestWarmup: slowest)

    // 3. Samples until the minimum time and count.
    var times: [Double] = []
    var total: UInt64 = 0
    while times.count < plan.maximumSamples
      && (times.count < minimumSamples || Double(total) < plan.minimumSeconds * 1e9)
    {
      let t0 = MonotonicClock.now()
      for _ in 0..<runs { try operation.perform() }
      let t = MonotonicClock.now() - t0
      if operation.needsUndo { try operation.undo() }
      total += t
      times.append(Double(t) / Double(runs))
    }
    return .measured(Self.summary(times, runsPerSample: runs))
  }

  /// One run of `operation`, timed in nanoseconds, then its undo (not timed) when it needs one.
  static func timedRun<Op: TimedOperation>(_ operation: inout Op) throws -> UInt64 {
    let t0 = MonotonicClock.now()
    try operation.perform()
    let t = MonotonicClock.now() - t0
    if operation.needsUndo { try operation.undo() }
    return t
  }

  /// The samples to take: the plan's minimum, or at most 3 when the slowest warm-up run took
  /// more than half the plan's minimum time.
  func sampleFloor(slowestWarmup slowest: UInt64) -> Int {
    plan.minimumSeconds > 0 && Double(slowest) > plan.minimumSeconds * 1e9 / 2
      ? min(3, plan.minimumSamples) : plan.minimumSamples
  }

  /// Median, min and max of `times` (not empty).
  static func summary(_ times: [Double], runsPerSample: Int) -> SampleSummary {
    let sorted = times.sorted()
    return SampleSummary(
      medianNanoseconds: median(sorted), minNanoseconds: sorted.first!,
      maxNanoseconds: sorted.last!, samples: sorted.count, runsPerSample: runsPerSample)
  }

  static func median(_ sorted: [Double]) -> Double {
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
  }

  /// Samples `first` and `second` interleaved (first, second, first, second, …), one run per
  /// sample each, with the plan of `measure(_:batched:)`: both warm up, then pairs are taken
  /// until each operation has the minimum samples and the minimum time. A ratio of their
  /// medians is then not moved by the host changing speed between the two, as it is when each
  /// is sampled minutes apart. Returns `nil` when a warm-up run of either exceeds the sample
  /// limit (sample each with `measure` then).
  ///
  /// - Complexity: about the time of `measure` on each.
  /// - Throws: what the operations throw.
  public func measureSideBySide<A: TimedOperation, B: TimedOperation>(
    _ first: inout A, _ second: inout B
  ) throws -> SideBySideSummary? {
    let limit = UInt64(max(plan.sampleLimitSeconds, 0) * 1e9)
    var warmupRuns = 0
    var slowest: UInt64 = 0
    let warmupStart = MonotonicClock.now()
    repeat {
      let a = try Self.timedRun(&first)
      let b = try Self.timedRun(&second)
      if a > limit || b > limit { return nil }
      slowest = max(slowest, a, b)
      warmupRuns += 1
    } while warmupRuns < plan.warmupRuns
      || Double(MonotonicClock.now() - warmupStart) < 2 * plan.warmupSeconds * 1e9
    let minimumSamples = sampleFloor(slowestWarmup: slowest)
    var a: [Double] = []
    var b: [Double] = []
    var totals: (UInt64, UInt64) = (0, 0)
    let minimum = plan.minimumSeconds * 1e9
    while a.count < plan.maximumSamples
      && (a.count < minimumSamples || Double(min(totals.0, totals.1)) < minimum)
    {
      let ta = try Self.timedRun(&first)
      let tb = try Self.timedRun(&second)
      totals = (totals.0 + ta, totals.1 + tb)
      a.append(Double(ta))
      b.append(Double(tb))
    }
    let ratios = zip(a, b).map { $0 / max($1, 1) }.sorted()
    return SideBySideSummary(
      first: Self.summary(a, runsPerSample: 1), second: Self.summary(b, runsPerSample: 1),
      medianRatio: Self.median(ratios))
  }

  /// Allocations per run of `operation`, counted exactly over `runs` runs (undos not counted),
  /// or `nil` without allocator statistics.
  ///
  /// - Throws: what the operation throws.
  public func allocationsPerRun<Op: TimedOperation>(
    _ operation: inout Op, runs: Int, allocator: AllocatorStatistics
  ) throws -> Double? {
    try allocator.exactly {
      var counted = 0
      for _ in 0..<runs {
        guard let before = allocator.snapshot() else { return nil }
        try operation.perform()
        guard let after = allocator.snapshot() else { return nil }
        counted += after.allocations - before.allocations
        if operation.needsUndo { try operation.undo() }
      }
      return Double(counted) / Double(runs)
    }
  }
}
