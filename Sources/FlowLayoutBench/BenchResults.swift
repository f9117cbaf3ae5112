/// One cell of a run: an engine's time (or memory) for one operation on one workload of n items.
///
/// Times are of **one** operation (one whole layout for `layout`, one query for `scroll`).
public struct BenchRow: Codable, Sendable, Hashable {
  public var workload: String
  public var operation: String
  public var engine: String
  public var n: Int
  /// `nil` where not measured (skipped, failed, or `memory`).
  public var medianNs: Double?
  public var minNs: Double?
  public var maxNs: Double?
  public var samples: Int?
  public var runsPerSample: Int?
  /// Filled for `memory`: bytes the engine allocated to hold the collection, per item.
  public var bytesPerItem: Double?
  /// Allocations per operation (jemalloc's counts); for `memory`, allocations of the build.
  public var allocations: Double?
  /// `"ok"`, `"skipped"` (too slow for the sample limit) or `"failed"`.
  public var status: String
  /// Why a row was skipped or failed.
  public var note: String?
  /// Fiori cells measured per run (the `selfsizing` workload's work counter).
  public var cellsMeasuredPerRun: Double?
  /// The fast engine's `threads` setting (`flowlayout bench --threads`); `nil` for the other
  /// engines and in runs made before the setting existed (which used one thread).
  public var threads: Int?
  /// For a fast-engine `layout` or `init` row sampled interleaved with the C loop (a fast run,
  /// a C-loop run, a fast run, …; see `note`): the C loop's median over the samples taken
  /// beside this row's, in nanoseconds. `nil` when not sampled so (and in older runs).
  public var sideBySideCLoopMedianNs: Double?
  /// With `sideBySideCLoopMedianNs`: the median over the sample pairs of fast / C-loop time.
  public var sideBySideRatio: Double?

  public init(workload: String, operation: String, engine: String, n: Int, status: String = "ok") {
    self.workload = workload
    self.operation = operation
    self.engine = engine
    self.n = n
    self.status = status
  }

  /// The key rows are matched on between runs.
  public var key: String { "\(workload)/\(operation)/\(column)/\(n)" }

  /// The engine, with its thread count when that is more than 1 (`fast 2 threads`): the
  /// table's column and the charts' series. One thread keeps the plain name, so that rows
  /// match those of runs made before `threads` existed.
  public var column: String {
    guard let threads, threads > 1 else { return engine }
    return "\(engine) \(threads) threads"
  }
}

/// Where and how a run was made.
public struct BenchMeta: Codable, Sendable, Hashable {
  public var date: String
  public var machine: String
  public var cpu: String
  public var cores: Int
  public var toolchain: String
  public var commit: String
  public var build: String
  public var flags: [String]
  public var sizes: [Int]
  public var workloads: [String]
  public var operations: [String]
  public var engines: [String]
  public var sampling: SamplingPlan
  public var allocator: String
  public var allocationCounting: String
  public var clock: String
  public var clockResolutionNs: UInt64
  public var clockStatedResolutionNs: UInt64
  public var peers: String?
  /// The cells the run left out of the lists above (`BenchScope.summary`); `nil` when it ran
  /// every cell (and in runs made before scopes existed).
  public var scope: String?

  public init(
    date: String, machine: String, cpu: String, cores: Int, toolchain: String, commit: String,
    build: String, flags: [String], sizes: [Int], workloads: [String], operations: [String],
    engines: [String], sampling: SamplingPlan, allocator: String, allocationCounting: String,
    clock: String, clockResolutionNs: UInt64, clockStatedResolutionNs: UInt64, peers: String?,
    scope: String? = nil
  ) {
    self.date = date
    self.machine = machine
    self.cpu = cpu
    self.cores = cores
    self.toolchain = toolchain
    self.commit = commit
    self.build = build
    self.flags = flags
    self.sizes = sizes
    self.workloads = workloads
    self.operations = operations
    self.engines = engines
    self.sampling = sampling
    self.allocator = allocator
    self.allocationCounting = allocationCounting
    self.clock = clock
    self.clockResolutionNs = clockResolutionNs
    self.clockStatedResolutionNs = clockStatedResolutionNs
    self.peers = peers
    self.scope = scope
  }
}

/// A whole run, as written to `results/<date>/results.json`.
public struct BenchResults: Codable, Sendable, Hashable {
  public var meta: BenchMeta
  public var rows: [BenchRow]
  /// The trace replays of the run (`flowlayout bench --traces`); `nil` when none ran (and in
  /// runs made before traces existed).
  public var traces: [TraceResult]?

  public init(meta: BenchMeta, rows: [BenchRow], traces: [TraceResult]? = nil) {
    self.meta = meta
    self.rows = rows
    self.traces = traces
  }

  /// The row for a key, if the run has it.
  public func row(workload: String, operation: String, engine: String, n: Int) -> BenchRow? {
    rows.first {
      $0.workload == workload && $0.operation == operation && $0.engine == engine && $0.n == n
    }
  }
}
