import ArgumentParser
import FlowLayoutBench
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads

/// `flowlayout profile WORKLOAD/OPERATION`: one benchmark scenario in a loop, for a profiler;
/// `flowlayout profile --trace NAME`: one session trace replayed through `LayoutSession`.
///
/// The scenario is exactly the runner's (same workload, edits and queries). `--iterations`
/// fixes the number of runs, so that callgrind's instruction counts repeat run to run; a run with
/// `--iterations 0` measures the setup alone, to subtract.
struct ProfileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "profile",
    abstract: "Run one benchmark scenario in a loop (for perf or callgrind).",
    discussion: """
      SCENARIO is WORKLOAD/OPERATION, e.g. mixed/layout, uniform/scroll, columns/batch. \
      --trace NAME replays a session trace (bench --traces) instead: generated, then opened \
      and replayed --iterations times (default 1; 0: generation only, to subtract). \
      See docs/profiling.md for the callgrind and perf commands.
      """)

  @Argument(help: "WORKLOAD/OPERATION, e.g. mixed/layout") var scenario: String?
  @Option(
    help: """
      A session trace to replay instead of a scenario: \
      \(TraceKind.allCases.map(\.rawValue).joined(separator: ", ")).
      """)
  var trace: String?
  @Option(help: "Frames of the trace (default as bench: 600 up to 1M items, 300 beyond).")
  var frames: Int?
  @Option(help: "Engine: fast, reference or c-loop (layout only).") var engine: String = "fast"
  @Option(name: .customLong("n"), help: "Number of items.") var itemCount: Int = 100_000
  @Option(help: "Run for this long (seconds).") var seconds: Double = 10
  @Option(help: "Run exactly this many times instead (0: setup only).") var iterations: Int?
  @Option(help: "The fast engine's threads (1: one thread, as before the option).") var threads = 1

  func run() throws {
    if let trace {
      guard scenario == nil else { throw ValidationError("give a SCENARIO or --trace, not both") }
      return try replay(trace)
    }
    guard let scenario else { throw ValidationError("missing SCENARIO (or --trace NAME)") }
    let parts = scenario.split(separator: "/").map(String.init)
    guard parts.count == 2, let workload = Workload.named(parts[0]),
      let operation = BenchOperation(rawValue: parts[1]), operation != .memory
    else {
      throw ValidationError(
        "scenario must be WORKLOAD/OPERATION with workload in \(Workload.all.map(\.name)) and "
          + "operation in \(BenchOperation.allCases.filter { $0 != .memory }.map(\.rawValue))")
    }
    guard itemCount > 0, itemCount <= 100_000_000 else {
      throw ValidationError("--n must be in 1...100000000")
    }
    guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be > 0") }
    if let iterations, iterations < 0 { throw ValidationError("--iterations must be ≥ 0") }
    switch BenchEngine(rawValue: engine) {
    case .fast:
      guard threads >= 1 else { throw ValidationError("--threads must be ≥ 1") }
      let threads = self.threads
      try loop(
        EngineOperation(
          operation,
          engine: try FastFlowLayout(
            workload.input(itemCount: itemCount), kernels: .simd, threads: threads),
          workload: workload
        ) { input throws(LayoutError) in
          try FastFlowLayout(input, kernels: .simd, threads: threads)
        })
    case .reference:
      try loop(
        EngineOperation(
          operation, engine: try ReferenceFlowLayout(workload.input(itemCount: itemCount)),
          workload: workload))
    case .cLoop:
      guard operation == .layout || operation == .coldStart, CLoopOperation.supports(workload)
      else {
        throw ValidationError("c-loop only runs layout and init of the greedy-flow workloads")
      }
      try loop(
        CLoopOperation(
          workload: workload, itemCount: itemCount, coldStart: operation == .coldStart))
    case nil:
      throw ValidationError("unknown engine \"\(engine)\" (fast, reference, c-loop)")
    }
  }

  /// Generates the trace `name` over `--n` items and replays it `--iterations` times (default
  /// once) in process with the fast engine, each replay a fresh session: `open`, then every
  /// frame.
  func replay(_ name: String) throws {
    guard let kind = TraceKind.named(name) else {
      throw ValidationError(
        "unknown trace \"\(name)\" (\(TraceKind.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    guard itemCount >= 100, itemCount <= 100_000_000 else {
      throw ValidationError("--n must be in 100...100000000 for a trace")
    }
    let frameCount = frames ?? TracePlan.defaultFrames(itemCount: itemCount)
    guard frameCount >= 10 else { throw ValidationError("--frames must be ≥ 10") }
    if let iterations, iterations < 0 { throw ValidationError("--iterations must be ≥ 0") }
    let generated = MonotonicClock.now()
    let trace = kind.trace(itemCount: itemCount, frames: frameCount)
    let start = MonotonicClock.now()
    var errors = 0
    var openNs: UInt64 = 0
    for _ in 0..<(iterations ?? 1) {
      var session = LayoutSession<FastFlowLayout>()
      let opening = MonotonicClock.now()
      if session.answer(trace.open).hasPrefix("{\"error\"") { errors += 1 }
      openNs += MonotonicClock.now() - opening
      for frame in trace.frames {
        for line in frame.lines where session.answer(line).hasPrefix("{\"error\"") { errors += 1 }
      }
    }
    let end = MonotonicClock.now()
    let runs = iterations ?? 1
    print(
      "trace \(kind.rawValue) n=\(itemCount): \(trace.frames.count) frames, "
        + "\(trace.requestCount) requests, generated in \(format(nanoseconds: Double(start - generated))); "
        + "\(runs) replays in \(format(nanoseconds: Double(end - start))) (open "
        + "\(format(nanoseconds: Double(openNs) / Double(max(runs, 1)))) each), \(errors) error answers"
    )
    if errors > 0 { throw ExitCode(1) }
  }

  /// Runs `operation` (consumed: a copy left behind would share the engine's buffers, and the
  /// first run would pay for copying them).
  func loop<Op: TimedOperation>(_ operation: consuming Op) throws {
    let start = MonotonicClock.now()
    let deadline = start + UInt64(seconds * 1e9)
    var runs = 0
    if let iterations {
      for _ in 0..<iterations {
        try operation.perform()
        if operation.needsUndo { try operation.undo() }
      }
      runs = iterations
    } else {
      repeat {
        try operation.perform()
        if operation.needsUndo { try operation.undo() }
        runs += 1
      } while MonotonicClock.now() < deadline
    }
    let elapsed = Double(MonotonicClock.now() - start)
    let per = runs == 0 ? 0 : elapsed / Double(runs)
    print(
      "\(scenario ?? "") engine=\(engine) n=\(itemCount): \(runs) runs in \(fixed(elapsed / 1e9, 3)) s, "
        + "\(format(nanoseconds: per)) per run (undo included), checksum \(operation.checksum)")
  }
}
