import ArgumentParser
import FlowLayoutBench
import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowlayout bench`: the engines side by side on the seeded workloads, in one process.
struct BenchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench",
    abstract: "Benchmark the fast and reference engines (and the plain C loop) side by side.",
    discussion: """
      Prints a table of medians [min-max] and fast/other time ratios per (workload, \
      operation, n), writes results/<UTC date-time>/ (results.json, summary.md, SVG \
      charts), and with --compare exits 1 on regressions. Build with -c release for \
      meaningful numbers. The default run (and --quick) also replays the session traces \
      (--traces; at 1000000 items, --quick at 10000): frame latencies of real sessions \
      through LayoutSession, the code `flowlayout session` runs.
      """)

  @Option(help: "Item counts, comma-separated.") var sizes: String = "1000,10000,100000,1000000"
  static let allWorkloads = Workload.all.map(\.name).joined(separator: ",")
  static let allOperations = BenchOperation.defaultCases.map(\.rawValue).joined(separator: ",")
  // The lists are printed with spaces so that --help wraps them at 80 columns; the defaults
  // are the whole lists, said as "all" for the same reason.
  static func listed(_ list: String) -> String {
    list.split(separator: ",").joined(separator: ", ")
  }
  @Option(help: "Workloads, comma-separated, from: \(listed(allWorkloads)) (default: all).")
  var workloads: String?
  @Option(
    help: """
      Operations, comma-separated, from: \(listed(allOperations)); opt-in: scroll-pinned, \
      scroll-rtl, scroll-snapped (default: all but the opt-in ones).
      """)
  var operations: String?
  @Option(help: "Engines, comma-separated, from: fast, reference, c-loop (default: all).")
  var engines: String?
  @Flag(help: "CI smoke run: sizes 1000 and 10000, short sampling.") var quick = false
  @Flag(help: "Add 10 000 000 items to the sizes.") var large = false
  @Flag(
    help: """
      Run every cell. Without it (and without --operations or --workloads) the user edits \
      (move, append, prepend, insertSection, deleteSection) run on mixed, fiori-grid and \
      sections only, and the reference engine's edits up to 10000 items.
      """)
  var allOperations = false
  @Option(help: "Also write the raw JSON here.") var json: String?
  @Option(help: "The run's folder (default results/<UTC date-time>).") var out: String?
  @Flag(help: "Write no results folder (table only).") var noOut = false
  @Option(help: "Compare with an earlier results.json; exit 1 on regressions.") var compare: String?
  @Option(help: "Time regression threshold for --compare, as a fraction (1 = twice as slow).")
  var threshold: Double = 1.0
  @Flag(help: "Add Taffy (PyPI stretchable) rows for the greedy-flow workloads.") var peers = false
  @Option(help: "Python for --peers.") var python: String = "python3"
  @Option(help: "Skip an engine where one run takes longer than this (seconds).") var sampleLimit:
    Double?
  @Option(help: "Minimum sampled time per cell (seconds).") var minTime: Double?
  @Option(
    help: """
      The fast engine's thread counts, comma-separated: every fast cell runs once per count \
      (rows carry "threads"; 1 lays out on one thread).
      """)
  var threads: String = "1"

  func parsedList<T>(_ text: String, _ what: String, _ parse: (String) -> T?) throws -> [T] {
    try text.split(separator: ",").map { part in
      let name = String(part.trimmingSpaces)
      guard let value = parse(name) else { throw ValidationError("unknown \(what) \"\(name)\"") }
      return value
    }
  }

  static let allTraces = TraceKind.allCases.map(\.rawValue).joined(separator: ",")
  @Option(
    help: """
      Session traces to replay, comma-separated, from: \(listed(allTraces)); 'all', or 'none'. \
      Naming traces runs only them (add --workloads or --operations for the engine cells too); \
      without the option the default run and --quick replay all of them (not a run given \
      --sizes, --large, --workloads or --operations).
      """)
  var traces: String?
  @Option(help: "Item counts of the traces (default 1000000; --quick 10000).") var traceSizes:
    String?
  @Option(help: "Frames per trace (default 600 up to 1M items, 300 beyond; --quick 60).")
  var traceFrames: Int?
  @Option(help: "Seed of the traces (default: each trace's own).") var traceSeed: UInt64?
  @Option(
    help: """
      A trace replay starts no frame after its frames took this long, in seconds (default 8; \
      --quick 2); the allocation-counting replay stops at half of it.
      """)
  var traceTimeLimit: Double?
  @Flag(help: "Also replay every trace through a `flowlayout session` child's pipe.")
  var tracePipe = false
  @Option(help: "Also write every trace as JSON Lines into this folder (NAME-N.jsonl).")
  var saveTraces: String?

  @Option(help: "Only redraw DIR's summary.md and charts from its results.json (no run).")
  var redraw: String?

  func run() throws {
    if let redraw {
      let results = try ResultsFolder.read(redraw + "/results.json")
      let files = try ResultsFolder.write(results, to: redraw)
      print("redrew \(files.count) files in \(redraw)/")
      return
    }
    // 1. Selection and sampling plan.
    var sizeList = try parsedList(
      quick && sizes == "1000,10000,100000,1000000" ? "1000,10000" : sizes, "size"
    ) {
      Int($0).flatMap { $0 > 0 && $0 <= 100_000_000 ? $0 : nil }
    }
    if large && !sizeList.contains(10_000_000) { sizeList.append(10_000_000) }
    // The default matrix is scoped; naming operations or workloads asks for exactly those.
    let listsGiven =
      (workloads ?? Self.allWorkloads) != Self.allWorkloads
      || (operations ?? Self.allOperations) != Self.allOperations
    let selection = BenchSelection(
      workloads: try parsedList(workloads ?? Self.allWorkloads, "workload", Workload.named),
      operations: try parsedList(
        operations ?? Self.allOperations, "operation", BenchOperation.init(rawValue:)),
      engines: try parsedList(
        engines ?? "fast,reference,c-loop", "engine", BenchEngine.init(rawValue:)),
      sizes: sizeList,
      scope: allOperations || listsGiven ? nil : .defaultRun,
      threads: try parsedList(threads, "thread count") {
        Int($0).flatMap { $0 >= 1 && $0 <= 1_024 ? $0 : nil }
      })
    // Traces: named ones run alone (unless --workloads or --operations are given too); the
    // default run and --quick replay all of them.
    // Cells chosen by hand (workloads, operations, sizes, --large) are a run of their own:
    // no traces unless named.
    let cellsChosen =
      listsGiven || large || (!quick && sizes != "1000,10000,100000,1000000")
    let traceNames = traces ?? (cellsChosen ? "none" : "all")
    let traceKinds: [TraceKind] =
      traceNames == "none"
      ? []
      : try parsedList(traceNames == "all" ? Self.allTraces : traceNames, "trace") {
        TraceKind.named($0)
      }
    let runsMatrix = traces == nil || traces == "none" || listsGiven
    let tracePlan = TracePlan(
      kinds: traceKinds,
      sizes: try parsedList(traceSizes ?? (quick ? "10000" : "1000000"), "trace size") {
        Int($0).flatMap { $0 >= 100 && $0 <= 100_000_000 ? $0 : nil }
      },
      frames: try traceFrames.map { frames in
        guard frames >= 10 && frames <= 1_000_000 else {
          throw ValidationError("--trace-frames must be in 10...1000000")
        }
        return frames
      } ?? (quick ? 60 : nil),
      seed: traceSeed, pipe: tracePipe ? try Self.sessionChild() : nil,
      timeLimitSeconds: try traceTimeLimit.map { limit in
        guard limit > 0 && limit.isFinite else {
          throw ValidationError("--trace-time-limit must be > 0")
        }
        return limit
      } ?? (quick ? 2 : 8),
      saveDirectory: saveTraces)

    var plan = quick ? SamplingPlan.quick : SamplingPlan.standard
    if let sampleLimit { plan.sampleLimitSeconds = sampleLimit }
    if let minTime { plan.minimumSeconds = minTime }

    // 2. Clock and allocator; the run is named by its start.
    let date = MachineDescription.utcNow()
    let clock = MonotonicClock()
    AllocatorPreload.ensureJemalloc()
    let allocator: AllocatorStatistics
    let counting: String
    if let jemalloc = JemallocStatistics() {
      allocator = jemalloc
      counting =
        jemalloc.method
        + "; self-check (an empty pair counts 0; 1000 small + 10 large mallocs count exactly): "
        + (jemalloc.selfCheck() ? "exact" : "FAILED, counts unreliable")
    } else {
      allocator = UnmeasuredAllocator()
      counting =
        "none: jemalloc is not loaded (install libjemalloc2; FLOWLAYOUT_ALLOCATOR=system turns "
        + "preloading off), so bytes and allocations are not measured"
      _ = LayoutCommand.write(Array("note: \(counting)\n".utf8), to: STDERR_FILENO)
    }
    #if DEBUG
      let build = "debug (numbers meaningless: use swift run -c release)"
      _ = LayoutCommand.write(
        Array("warning: debug build; use `swift run -c release flowlayout bench`\n".utf8),
        to: STDERR_FILENO)
    #else
      let build = "release"
    #endif

    // 3. Run.
    var runner = BenchRunner(
      selection: selection, sampler: Sampler(plan: plan, clock: clock), allocator: allocator)
    var bar = ProgressBar()
    runner.progress = { done, total, label in bar.update(done: done, total: total, label: label) }
    var rows = runsMatrix ? runner.run() : []
    var traceResults: [TraceResult] = []
    if !traceKinds.isEmpty {
      var traceBar = ProgressBar(unit: "replays")
      traceResults = try tracePlan.run(allocator: allocator) { done, total, label in
        traceBar.update(done: done, total: total, label: label)
      }
    }

    // 4. Peers.
    var peerNote: String?
    if peers {
      let greedy = selection.workloads.filter { PeerRunner.workloadNames.contains($0.name) }
      let checks = greedy.map { Self.ourFrames(workload: $0, n: 300) }
      do {
        let outcome = try PeerRunner(python: python).run(
          workloads: greedy, sizes: sizeList, plan: plan, checks: checks)
        rows += outcome.rows
        peerNote =
          "Taffy via PyPI stretchable (Benchmarks/peers/taffy_flow.py), layout only; "
          + outcome.note
      } catch {
        peerNote = "not run: \(error)"
        _ = LayoutCommand.write(Array("peers: \(error)\n".utf8), to: STDERR_FILENO)
      }
    }

    // 5. Report.
    let meta = BenchMeta(
      date: date, machine: MachineDescription.machine(), cpu: MachineDescription.cpuModel(),
      cores: ProcessInfo.processInfo.activeProcessorCount,
      toolchain: MachineDescription.toolchain(),
      commit: FlowLayoutCommand.commit, build: build,
      flags: Array(CommandLine.arguments.dropFirst(2)),
      sizes: runsMatrix ? sizeList.sorted() : [],
      workloads: runsMatrix ? selection.workloads.map(\.name) : [],
      operations: runsMatrix ? selection.operations.map(\.rawValue) : [],
      engines: runsMatrix ? selection.engines.map(\.rawValue) : [],
      sampling: plan, allocator: allocator.name, allocationCounting: counting,
      clock: "clock_gettime(CLOCK_MONOTONIC)", clockResolutionNs: clock.resolutionNanoseconds,
      clockStatedResolutionNs: clock.statedResolutionNanoseconds, peers: peerNote,
      scope: selection.scope?.summary)
    let results = BenchResults(
      meta: meta, rows: rows, traces: traceResults.isEmpty ? nil : traceResults)
    print("flowlayout bench: \(meta.cpu), \(meta.toolchain), \(build), allocator \(meta.allocator)")
    print(
      "clock: steps of \(clock.resolutionNanoseconds) ns; times of one operation, median [min-max]")
    if !rows.isEmpty { for line in ResultTable(rows: rows).lines() { print(line) } }
    if !traceResults.isEmpty {
      print("\nsession traces (docs/benchmarks.md, \"Traces\"):")
      for line in TraceReport.lines(traceResults) { print(line) }
      for failed in traceResults where failed.status != "ok" {
        print(
          "trace \(failed.trace) n=\(failed.n) \(failed.mode): \(failed.status): "
            + "\(failed.note ?? "") \(failed.firstError ?? "")")
      }
    }
    if let json { try ResultsFolder.encode(results).write(to: URL(fileURLWithPath: json)) }
    if !noOut {
      let folder = out ?? ResultsFolder.defaultPath(date: date)
      let files = try ResultsFolder.write(results, to: folder)
      print("wrote \(files.count) files to \(folder)/")
    }

    // 6. Compare.
    if let compare {
      let old = try ResultsFolder.read(compare)
      let comparison = BenchComparison(old: old, new: results, timeThreshold: threshold)
      print(
        "\ncompared with \(compare) (threshold +\(fixed(threshold * 100, 0)) % time, +0.5 allocations/op):"
      )
      for line in comparison.lines() { print(line) }
      let regressions = comparison.regressions
      print("\(regressions.count) regressions in \(comparison.changes.count) compared rows")
      if !regressions.isEmpty { throw ExitCode(1) }
    }
  }

  /// This executable as a `flowlayout session --engine fast` child, with the user's environment:
  /// without the jemalloc preload that `bench` gives itself (`AllocatorPreload`), as a user
  /// would run it.
  static func sessionChild() throws -> TracePlan.Child {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var environment = ProcessInfo.processInfo.environment
    environment[AllocatorPreload.marker] = nil
    if let preload = environment["LD_PRELOAD"] {
      let kept = preload.split(separator: ":").filter {
        !AllocatorPreload.candidates.contains(String($0))
      }
      environment["LD_PRELOAD"] = kept.isEmpty ? nil : kept.joined(separator: ":")
    }
    return TracePlan.Child(
      executable: executable, arguments: ["session", "--engine", "fast"],
      environment: environment)
  }

  /// Frames of the first `n` items of `workload` at 375 pt from the first engine that works
  /// (fast, reference, then the C loop, which follows the same greedy rules).
  static func ourFrames(workload: Workload, n: Int) -> PeerRunner.Reference {
    let input = workload.input(itemCount: n)
    let paths = (0..<n).map { ItemPath(section: 0, item: $0) }
    if let engine = try? FastFlowLayout(input),
      let frames = try? paths.map({ try engine.frame(ofItemAt: $0) })
    {
      return .init(workload: workload.name, n: n, width: 375, engine: "fast", frames: frames)
    }
    if let engine = try? ReferenceFlowLayout(input),
      let frames = try? paths.map({ try engine.frame(ofItemAt: $0) })
    {
      return .init(workload: workload.name, n: n, width: 375, engine: "reference", frames: frames)
    }
    var loop = CLoopOperation(workload: workload, itemCount: n)
    loop.perform()
    loop.perform()  // the second run is at 375 pt
    return .init(workload: workload.name, n: n, width: 375, engine: "c-loop", frames: loop.frames)
  }
}
