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
      let t0 = MonotonicClock.now()
      try operation.perform()
      let t = MonotonicClock.now() - t0
      slowest = max(slowest, t)
      if operation.needsUndo { try operation.undo() }
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
    let minimumSamples =
      plan.minimumSeconds > 0 && Double(slowest) > plan.minimumSeconds * 1e9 / 2
      ? min(3, plan.minimumSamples) : plan.minimumSamples

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
    times.sort()
    let mid = times.count / 2
    let median = times.count % 2 == 1 ? times[mid] : (times[mid - 1] + times[mid]) / 2
    return .measured(
      SampleSummary(
        medianNanoseconds: median, minNanoseconds: times.first!, maxNanoseconds: times.last!,
        samples: times.count, runsPerSample: runs))
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
