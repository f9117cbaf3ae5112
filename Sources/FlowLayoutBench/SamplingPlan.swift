/// How long and how often the runner samples one (workload, operation, engine, n) cell.
public struct SamplingPlan: Sendable, Codable, Hashable {
  /// Warm-up: runs before the first sample, at least `warmupRuns` and for at least this long.
  public var warmupSeconds: Double
  public var warmupRuns: Int
  /// Samples are taken until their total time reaches this, …
  public var minimumSeconds: Double
  /// … and at least this many (3 when one sample takes longer than half of `minimumSeconds`) …
  public var minimumSamples: Int
  /// … but never more than this many.
  public var maximumSamples: Int
  /// A sample of a cheap operation (`scroll`, `lookup`) runs it enough times to last at least
  /// this long, so the clock's resolution is < 1 % of a sample.
  public var minimumSampleSeconds: Double
  /// An engine is skipped (and marked so) where one run would take longer than this.
  public var sampleLimitSeconds: Double

  public init(
    warmupSeconds: Double, warmupRuns: Int, minimumSeconds: Double, minimumSamples: Int,
    maximumSamples: Int, minimumSampleSeconds: Double, sampleLimitSeconds: Double
  ) {
    self.warmupSeconds = warmupSeconds
    self.warmupRuns = warmupRuns
    self.minimumSeconds = minimumSeconds
    self.minimumSamples = minimumSamples
    self.maximumSamples = maximumSamples
    self.minimumSampleSeconds = minimumSampleSeconds
    self.sampleLimitSeconds = sampleLimitSeconds
  }

  /// The default run: 0.05 s warm-up, ≥ 0.3 s and ≥ 7 samples per cell, 1 s sample limit.
  public static let standard = SamplingPlan(
    warmupSeconds: 0.05, warmupRuns: 2, minimumSeconds: 0.3, minimumSamples: 7,
    maximumSamples: 2000, minimumSampleSeconds: 0.000_1, sampleLimitSeconds: 1.0)

  /// `--quick`: short cells for a CI smoke run.
  public static let quick = SamplingPlan(
    warmupSeconds: 0.005, warmupRuns: 1, minimumSeconds: 0.02, minimumSamples: 5,
    maximumSamples: 500, minimumSampleSeconds: 0.000_05, sampleLimitSeconds: 0.25)
}
