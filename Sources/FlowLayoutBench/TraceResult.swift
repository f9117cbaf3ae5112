/// What one replay of a trace measured (`flowlayout bench --traces`): the open, every frame's
/// latency and its statistics, allocations, live bytes and resident memory.
///
/// Frame latencies are kept whole (`frameNs`, in frame order) and the percentiles are exact
/// nearest-rank values over them: a trace has at most a few thousand frames, so the sorted list
/// costs less than a histogram's buckets and needs no rounding of values (see
/// `docs/benchmarks.md`, "Traces").
public struct TraceResult: Codable, Sendable, Hashable {
  public var trace: String
  public var n: Int
  /// `in-process` (`LayoutSession.answer`) or `pipe` (a `flowlayout session` child).
  public var mode: String
  public var engine: String
  public var seed: UInt64
  public var frames: Int
  /// Frames replayed: all of them, unless the replay's time limit ran out first (then the
  /// statistics are over these first frames, and `note` says so).
  public var framesReplayed: Int
  /// Frames whose allocations were counted (the counting replay has a shorter limit).
  public var framesCounted: Int?
  /// Request lines after `open`.
  public var requests: Int
  /// Bytes of the `open` line (the document).
  public var openBytes: Int
  /// `"ok"`, or `"failed"` with `note`.
  public var status: String
  public var note: String?
  /// Answers that were `{"error": …}` (a trace is valid: any is a bug), and the first.
  public var errors: Int
  public var firstError: String?

  /// The `open` request's time (reading and laying out the document).
  public var openNs: Double?
  /// Every frame's latency, in frame order.
  public var frameNs: [Double]
  public var p50Ns: Double?
  public var p99Ns: Double?
  public var maxNs: Double?
  /// Frames over 8.33 ms (120 Hz) and over 16.7 ms (60 Hz).
  public var framesOver8Ms: Int
  public var framesOver16Ms: Int
  /// The slowest frame's index and tag.
  public var worstFrame: Int?
  public var worstTag: String?
  /// In process, per frame (frame order): the process's minor page faults and involuntary
  /// context switches while the frame ran (`ProcessMemory.faultsAndPreemptions`, read outside
  /// the timed interval); `nil` through the pipe or where they cannot be read. A slow frame
  /// with many faults touched fresh memory; one with preemptions shared its cores.
  public var frameMinorFaults: [Int]?
  public var framePreemptions: [Int]?
  /// Per tag (`scroll`, `measure`, `rotate`, …): frames, p50, p99, max.
  public var tags: [TraceTagStatistics]

  /// Allocations of the `open` request, and per frame (mean, max), counted exactly in a second
  /// replay (jemalloc's thread cache off); `nil` when the allocator is not measured.
  public var openAllocations: Int?
  public var allocationsPerFrame: Double?
  public var maxAllocationsPerFrame: Int?
  /// The session's live bytes (allocated − freed since before `open`, by the whole process
  /// when the allocator tells it: jemalloc's `stats.allocated`) after `open` and after the
  /// last frame, from the same counting replay.
  public var liveBytesAfterOpen: Int?
  public var liveBytesAtEnd: Int?
  /// Resident memory (`VmRSS`) of the process answering after `open`, after the last frame,
  /// and its peak (`VmHWM`). Through the pipe: the `flowlayout session` child alone, as a user
  /// runs it. In process: the whole runner (its traces, generators, earlier replays' storage),
  /// read after the allocator's freed pages were returned to the system
  /// (`AllocatorStatistics.purgeFreedPages`), the peak since just before `open`
  /// (`ProcessMemory.resetPeak`); `rssBeforeOpen` is the runner's RSS then, so that what the
  /// session holds is the difference (the table shows it so).
  public var rssAfterOpen: Int?
  public var rssAtEnd: Int?
  public var peakRss: Int?
  /// In process: the runner's RSS just before `open` (freed pages returned, the peak reset
  /// then); `nil` through the pipe.
  public var rssBeforeOpen: Int?
  /// Through the pipe: the child's `RssAnon` (its own memory, without the pages of the
  /// executable and shared libraries it maps) after `open` and after the last frame; `nil` in
  /// process.
  public var anonymousRssAfterOpen: Int?
  public var anonymousRssAtEnd: Int?

  public init(
    trace: String, n: Int, mode: String, engine: String, seed: UInt64, frames: Int,
    requests: Int, openBytes: Int
  ) {
    self.trace = trace
    self.n = n
    self.mode = mode
    self.engine = engine
    self.seed = seed
    self.frames = frames
    framesReplayed = 0
    self.requests = requests
    self.openBytes = openBytes
    status = "ok"
    errors = 0
    frameNs = []
    framesOver8Ms = 0
    framesOver16Ms = 0
    tags = []
  }

  /// The 120 Hz and 60 Hz frame budgets.
  public static let budget120Hz = 1e9 / 120
  public static let budget60Hz = 1e9 / 60

  /// Fills the statistics from `frameNs` and the frames' `tags` (same order).
  ///
  /// - Complexity: O(f log f) for f frames.
  public mutating func summarize(tags frameTags: [String]) {
    precondition(frameTags.count == frameNs.count, "one tag per frame")
    p50Ns = Self.percentile(frameNs, 50)
    p99Ns = Self.percentile(frameNs, 99)
    maxNs = frameNs.max()
    framesOver8Ms = frameNs.filter { $0 > Self.budget120Hz }.count
    framesOver16Ms = frameNs.filter { $0 > Self.budget60Hz }.count
    if let worst = frameNs.indices.max(by: { frameNs[$0] < frameNs[$1] }) {
      worstFrame = worst
      worstTag = frameTags[worst]
    }
    var byTag: [String: [Double]] = [:]
    var order: [String] = []
    for (tag, ns) in zip(frameTags, frameNs) {
      if byTag[tag] == nil { order.append(tag) }
      byTag[tag, default: []].append(ns)
    }
    tags = order.map { tag in
      let values = byTag[tag]!
      return TraceTagStatistics(
        tag: tag, frames: values.count, p50Ns: Self.percentile(values, 50) ?? 0,
        p99Ns: Self.percentile(values, 99) ?? 0, maxNs: values.max() ?? 0)
    }
  }

  /// The nearest-rank percentile `p` (0 < p ≤ 100) of `values`: the ⌈p·m/100⌉-th smallest.
  ///
  /// - Complexity: O(m log m).
  public static func percentile(_ values: [Double], _ p: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}

/// Latency of the frames of one tag in one replay.
public struct TraceTagStatistics: Codable, Sendable, Hashable {
  public var tag: String
  public var frames: Int
  public var p50Ns: Double
  public var p99Ns: Double
  public var maxNs: Double
}
