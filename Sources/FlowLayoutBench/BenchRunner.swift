import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads

/// What a run covers: every (workload, operation, engine, n) of the lists, less what `scope`
/// leaves out.
public struct BenchSelection: Sendable {
  public var workloads: [Workload]
  public var operations: [BenchOperation]
  public var engines: [BenchEngine]
  /// Item counts, run in ascending order (a slow engine's time at one size predicts the next).
  public var sizes: [Int]
  /// The cells left out to keep the default run short; `nil` runs every cell.
  public var scope: BenchScope?
  /// The fast engine runs every cell once per thread count (`FastFlowLayout.threads`).
  public var threads: [Int]

  public init(
    workloads: [Workload], operations: [BenchOperation], engines: [BenchEngine], sizes: [Int],
    scope: BenchScope? = nil, threads: [Int] = [1]
  ) {
    self.workloads = workloads
    self.operations = operations
    self.engines = engines
    self.sizes = sizes.sorted()
    self.scope = scope
    self.threads = threads.isEmpty ? [1] : threads
  }

  /// The operations `engine` runs on `workload` at `n` items, in list order. The C loop runs
  /// only `layout`, and only on the workloads it describes (`CLoopOperation.supports`).
  public func operations(for workload: Workload, engine: BenchEngine, n: Int) -> [BenchOperation] {
    if engine == .cLoop {
      guard CLoopOperation.supports(workload) else { return [] }
      return operations.filter { $0 == .layout || $0 == .coldStart }
    }
    guard let scope else { return operations }
    return operations.filter { scope.includes($0, workload: workload, engine: engine, n: n) }
  }

  /// The cells a run measures, for the progress bar.
  public var cellCount: Int {
    var count = 0
    for workload in workloads {
      for engine in engines {
        for n in sizes {
          let runs = engine == .fast ? threads.count : 1
          if workload.name == Workload.selfSizing.name {
            count += engine == .cLoop ? 0 : SelfSizingStep.allCases.count
          } else {
            count += operations(for: workload, engine: engine, n: n).count * runs
          }
        }
      }
    }
    return count
  }
}

/// The part of the full matrix the default `flowlayout bench` run measures, so that it stays
/// near 5 minutes on a 2-core machine (`--all-operations` runs everything):
///
/// - the user edits (`BenchOperation.userEdits`) run on `userEditWorkloads` only;
/// - the reference engine's edits (`BenchOperation.isEdit`) run up to `referenceEditItems`
///   items: above, each of its edits lays out the whole collection again, about its `layout`
///   time (which is measured at every size), and one such cell costs about 20 of those runs
///   (2 warm-up runs, ≥ 3–7 samples and 5 counted runs, each followed by an undo that costs as
///   much).
public struct BenchScope: Sendable, Hashable {
  public var userEditWorkloads: Set<String>
  public var referenceEditItems: Int

  public init(userEditWorkloads: Set<String>, referenceEditItems: Int) {
    self.userEditWorkloads = userEditWorkloads
    self.referenceEditItems = referenceEditItems
  }

  /// The default run's scope: user edits on `mixed`, `fiori-grid` and `sections`; reference
  /// edits up to 10 000 items.
  public static let defaultRun = BenchScope(
    userEditWorkloads: ["mixed", "fiori-grid", "sections"], referenceEditItems: 10_000)

  /// `true` when the cell is in the scope.
  public func includes(
    _ operation: BenchOperation, workload: Workload, engine: BenchEngine, n: Int
  ) -> Bool {
    if BenchOperation.userEdits.contains(operation) && !userEditWorkloads.contains(workload.name) {
      return false
    }
    return !(engine == .reference && operation.isEdit && n > referenceEditItems)
  }

  /// One line for `results.json` and `summary.md`.
  public var summary: String {
    "user edits (\(BenchOperation.userEdits.map(\.rawValue).joined(separator: ", "))) on "
      + userEditWorkloads.sorted().joined(separator: ", ")
      + " only; reference edits up to \(referenceEditItems) items "
      + "(--all-operations runs every cell)"
  }
}

/// Runs a selection: for each workload and size, each engine is built once from the same input
/// and each operation is sampled on its own copy of it (so edits of one operation never reach the
/// next). The reference is skipped, and marked so, where one run would exceed the sample limit:
/// predicted from the previous size's time scaled linearly, or seen in the first warm-up run.
public struct BenchRunner {
  public let selection: BenchSelection
  public let sampler: Sampler
  public let allocator: AllocatorStatistics
  /// Called after each cell with (cells done, cells in all, what was measured).
  public var progress: (Int, Int, String) -> Void = { _, _, _ in }

  public init(selection: BenchSelection, sampler: Sampler, allocator: AllocatorStatistics) {
    self.selection = selection
    self.sampler = sampler
    self.allocator = allocator
  }

  /// Runs every cell and returns one row per cell.
  public func run() -> [BenchRow] {
    var rows: [BenchRow] = []
    var done = 0
    let total = selection.cellCount
    for workload in selection.workloads {
      for n in selection.sizes {
        if workload.name == Workload.selfSizing.name {
          // Its own operations, over a document of cells (no sized input, no C loop).
          let document = SelfSizingOperation<FastFlowLayout>.document(
            itemCount: n, workload: workload)
          for engine in selection.engines where engine != .cLoop {
            let cellRows =
              engine == .fast
              ? runSelfSizing(FastFlowLayout.self, workload, n, document)
              : runSelfSizing(ReferenceFlowLayout.self, workload, n, document)
            for row in cellRows {
              rows.append(row)
              done += 1
              progress(done, total, "\(row.workload) \(row.operation) \(row.engine) n=\(row.n)")
            }
          }
          continue
        }
        let input = workload.input(itemCount: n)
        // The C loop's operations the fast engine also runs: sampled beside the fast engine's
        // (`measureSideBySide`); their C-loop rows are those sampled beside the first thread
        // count's fast rows.
        let besideFast = sideBySideOperations(workload, n)
        var cLoopBeside: [BenchOperation: BenchRow] = [:]
        for engine in selection.engines {
          let cellRows: [BenchRow]
          let operations = selection.operations(for: workload, engine: engine, n: n)
          if operations.isEmpty { continue }
          switch engine {
          case .fast:
            cellRows = selection.threads.flatMap { threads in
              let run = runEngine(
                FastFlowLayout.self, workload, n, input, operations, previous: rows,
                threads: threads, cLoopBeside: besideFast
              ) { input throws(LayoutError) in
                try FastFlowLayout(input, kernels: .simd, threads: threads)
              }
              cLoopBeside.merge(run.cLoopRows) { first, _ in first }
              return run.rows
            }
          case .reference:
            cellRows =
              runEngine(
                ReferenceFlowLayout.self, workload, n, input, operations, previous: rows
              ).rows
          case .cLoop: cellRows = operations.map { cLoopBeside[$0] ?? runCLoop(workload, n, $0) }
          }
          for row in cellRows {
            rows.append(row)
            done += 1
            progress(done, total, "\(row.workload) \(row.operation) \(row.engine) n=\(row.n)")
          }
        }
      }
    }
    return rows
  }

  /// The operations whose fast-engine and C-loop rows are sampled side by side at (`workload`,
  /// `n`): those both engines run (`layout`, `init`), when both are selected.
  func sideBySideOperations(_ workload: Workload, _ n: Int) -> Set<BenchOperation> {
    guard selection.engines.contains(.fast) else { return [] }
    let fast = Set(selection.operations(for: workload, engine: .fast, n: n))
    return fast.intersection(selection.operations(for: workload, engine: .cLoop, n: n))
  }

  /// The time one run would take at `n`, from the same cell at the largest smaller size.
  func predictedSeconds(
    _ previous: [BenchRow], _ workload: String, _ operation: String,
    _ engine: String, n: Int
  ) -> Double? {
    let earlier = previous.filter {
      $0.workload == workload && $0.operation == operation && $0.engine == engine && $0.n < n
    }
    guard let last = earlier.max(by: { $0.n < $1.n }) else { return nil }
    if last.status == "skipped" { return .infinity }
    guard let median = last.medianNs else { return nil }
    return median / 1e9 * Double(n) / Double(last.n)
  }

  /// Samples `operations` on engine `E`; those in `cLoopBeside` side by side with the C loop
  /// (`Sampler.measureSideBySide`), filling the rows' `sideBySide…` fields. Returns the engine's
  /// rows, and the C loop's row of each operation sampled beside it.
  func runEngine<E: LayoutEngine>(
    _ type: E.Type, _ workload: Workload, _ n: Int, _ input: LayoutInput,
    _ operations: [BenchOperation], previous: [BenchRow], threads: Int? = nil,
    cLoopBeside: Set<BenchOperation> = [],
    build: @escaping (LayoutInput) throws(LayoutError) -> E = { input throws(LayoutError) in
      try E(input)
    }
  ) -> (rows: [BenchRow], cLoopRows: [BenchOperation: BenchRow]) {
    var cLoopRows: [BenchOperation: BenchRow] = [:]
    let name = E.engineName
    let limit = sampler.plan.sampleLimitSeconds
    func rowsAll(status: String, note: String) -> (
      rows: [BenchRow], cLoopRows: [BenchOperation: BenchRow]
    ) {
      let rows = operations.map {
        var row = BenchRow(
          workload: workload.name, operation: $0.rawValue, engine: name, n: n, status: status)
        row.note = note
        row.threads = threads
        return row
      }
      return (rows, [:])
    }
    // Building costs about one full layout: skip the engine when that is predicted too slow.
    if let predicted = predictedSeconds(previous, workload.name, "layout", name, n: n),
      predicted > limit
    {
      return rowsAll(
        status: "skipped",
        note: predicted.isInfinite
          ? "skipped at a smaller n"
          : "a layout is predicted to take \(format(seconds: predicted)) > limit \(format(seconds: limit))"
      )
    }
    let engine: E
    do { engine = try build(input) } catch {
      return rowsAll(status: "failed", note: "init: \(error)")
    }

    var rows: [BenchRow] = []
    for operation in operations {
      var row = BenchRow(workload: workload.name, operation: operation.rawValue, engine: name, n: n)
      row.threads = threads
      if operation == .memory {
        row = measureMemory(type, input, row, build: build)
        rows.append(row)
        continue
      }
      if let predicted = predictedSeconds(previous, workload.name, operation.rawValue, name, n: n),
        predicted > limit
      {
        row.status = "skipped"
        row.note =
          predicted.isInfinite
          ? "skipped at a smaller n"
          : "predicted \(format(seconds: predicted)) > limit \(format(seconds: limit))"
        rows.append(row)
        continue
      }
      do {
        var timed = try EngineOperation(
          operation, engine: engine, workload: workload, build: build)
        if cLoopBeside.contains(operation) {
          var loop = CLoopOperation(
            workload: workload, itemCount: n, coldStart: operation == .coldStart)
          if let both = try sampler.measureSideBySide(&timed, &loop) {
            row.fill(both.first)
            row.sideBySideCLoopMedianNs = both.second.medianNanoseconds
            row.sideBySideRatio = both.medianRatio
            row.note = Self.sideBySideNote
            row.allocations = try countAllocations(operation, engine, workload, build: build)
            var cRow = BenchRow(
              workload: workload.name, operation: operation.rawValue,
              engine: BenchEngine.cLoop.rawValue, n: n)
            cRow.fill(both.second)
            cRow.note = Self.sideBySideNote
            cRow.allocations = try sampler.allocationsPerRun(
              &loop, runs: Self.countedRuns, allocator: allocator)
            cLoopRows[operation] = cRow
            rows.append(row)
            continue
          }
        }
        if row.record(
          try sampler.measure(&timed, batched: operation.isBatchedPerSample), limit: limit)
        {
          row.allocations = try countAllocations(operation, engine, workload, build: build)
        }
      } catch {
        row.recordFailure(error)
      }
      rows.append(row)
    }
    return (rows, cLoopRows)
  }

  /// Samples every `SelfSizingStep` on engine `E` over `document`, with cells measured per run.
  func runSelfSizing<E: LayoutEngine>(
    _ type: E.Type, _ workload: Workload, _ n: Int, _ document: LayoutDocument
  ) -> [BenchRow] {
    SelfSizingStep.allCases.map { step in
      var row = BenchRow(
        workload: workload.name, operation: step.rawValue, engine: E.engineName, n: n)
      do {
        var timed = try SelfSizingOperation<E>(step, document: document)
        if row.record(
          try sampler.measure(&timed, batched: false), limit: sampler.plan.sampleLimitSeconds)
        {
          row.cellsMeasuredPerRun = timed.cellsMeasuredPerRun
          row.note = "cells measured per run: \(timed.cellsMeasuredPerRun)"
        }
      } catch {
        row.recordFailure(error)
      }
      return row
    }
  }

  /// Allocations per run in the steady state, counted on a fresh copy of the operation over a
  /// fixed number of runs, so the count repeats run to run. First one uncounted cycle of the
  /// operation's inputs (`EngineOperation.cycleLength` runs: one, each of `batch`'s batches or
  /// `resize`'s resizes once, `layout` at both widths): the copy shares its storage with the
  /// runner's engine, and the first write to each shared section or page copies it, once per
  /// copy (the copy's buffers then hold what the first width needs, and grow once at the other),
  /// which the counted runs then leave out.
  func countAllocations<E: LayoutEngine>(
    _ operation: BenchOperation, _ engine: E, _ workload: Workload,
    build: @escaping (LayoutInput) throws(LayoutError) -> E
  )
    throws -> Double?
  {
    var counted = try EngineOperation(
      operation, engine: engine, workload: workload, build: build)
    for _ in 0..<counted.cycleLength {
      try counted.perform()
      if counted.needsUndo { try counted.undo() }
    }
    return try sampler.allocationsPerRun(&counted, runs: Self.countedRuns, allocator: allocator)
  }

  /// The `note` of rows sampled side by side.
  public static let sideBySideNote =
    "sampled interleaved with the other engine (fast, c-loop, fast, …; c-loop row: beside "
    + "the first thread count's fast row)"

  /// Runs over which allocations are counted (even, so `layout` and `resize` see both phases).
  public static let countedRuns = 4

  /// Bytes per item the engine allocates to hold the collection, beyond the caller's input
  /// (whose arrays it may share): live bytes after `init` minus before, counted exactly.
  func measureMemory<E: LayoutEngine>(
    _ type: E.Type, _ input: LayoutInput, _ row: BenchRow,
    build: (LayoutInput) throws(LayoutError) -> E
  ) -> BenchRow {
    var row = row
    guard allocator.snapshot() != nil else {
      row.status = "skipped"
      row.note = "no allocator statistics (\(allocator.name))"
      return row
    }
    allocator.exactly {
      do {
        let before = allocator.snapshot()!
        let engine = try build(input)
        let after = allocator.snapshot()!
        withExtendedLifetime(engine) {}
        row.bytesPerItem = Double(after.liveBytes - before.liveBytes) / Double(max(row.n, 1))
        row.allocations = Double(after.allocations - before.allocations)
      } catch {
        row.status = "failed"
        row.note = "init: \(error)"
      }
    }
    return row
  }

  func runCLoop(_ workload: Workload, _ n: Int, _ operation: BenchOperation = .layout)
    -> BenchRow
  {
    var row = BenchRow(
      workload: workload.name, operation: operation.rawValue, engine: BenchEngine.cLoop.rawValue,
      n: n)
    var loop = CLoopOperation(
      workload: workload, itemCount: n, coldStart: operation == .coldStart)
    do {
      if row.record(
        try sampler.measure(&loop, batched: false), limit: sampler.plan.sampleLimitSeconds)
      {
        row.allocations = try sampler.allocationsPerRun(
          &loop, runs: Self.countedRuns, allocator: allocator)
      }
    } catch {
      row.recordFailure(error)
    }
    return row
  }
}

extension BenchRow {
  /// Fills the row from `outcome`: its summary when measured (returns `true`), else status
  /// `skipped` with a note giving the one run's time against `limit` seconds (returns `false`).
  mutating func record(_ outcome: SamplingOutcome, limit: Double) -> Bool {
    switch outcome {
    case .measured(let summary):
      fill(summary)
      return true
    case .tooSlow(let seconds):
      status = "skipped"
      note = "one run took \(format(seconds: seconds)) > limit \(format(seconds: limit))"
      return false
    }
  }

  /// Marks the row `failed`, the error as its note.
  mutating func recordFailure(_ error: any Error) {
    status = "failed"
    note = "\(error)"
  }

  mutating func fill(_ summary: SampleSummary) {
    medianNs = summary.medianNanoseconds
    minNs = summary.minNanoseconds
    maxNs = summary.maxNanoseconds
    samples = summary.samples
    runsPerSample = summary.runsPerSample
  }
}
