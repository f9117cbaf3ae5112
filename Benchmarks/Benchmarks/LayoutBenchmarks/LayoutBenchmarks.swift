// package-benchmark suites over the runner's own scenarios: `EngineOperation` (FlowLayoutBench)
// on the `Workload`s of FlowLayoutWorkloads, so these malloc counts and `flowlayout bench`'s
// numbers describe the same inputs, edits and queries.
//
// Names: `<engine>.<workload>.<operation>.<n>`. The regression gate is `mallocCountTotal`,
// which is exact and repeats run to run (strict thresholds); times are reported but not gated
// (identical code moved p50 by 7–26 % between runs on this machine).
import Benchmark
import FlowLayoutBench
import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads

/// The engine a benchmark runs on, built in the benchmark's `setup` hook: package-benchmark runs
/// every benchmark in its own process after registering all of them, so building engines at
/// registration would build every one of them (1M-item Fiori workloads included) per benchmark.
final class PreparedEngine<E: LayoutEngine>: @unchecked Sendable {
  var engine: E?
}

/// Registers one benchmark per operation for an engine built from `workload` at `n` items.
/// Each iteration runs the operation on a copy of that engine, copied (and warmed) before the
/// measurement starts; operations followed by an undo (`BenchOperation.needsUndo`: `insert`,
/// `delete` and the user edits) are timed together with it.
func register<E: LayoutEngine>(_ type: E.Type, _ workload: Workload, n: Int) {
  for operation in BenchOperation.allCases where operation != .memory {
    let undo = operation.needsUndo ? "+undo" : ""
    let name = "\(E.engineName).\(workload.name).\(operation.rawValue)\(undo).\(n)"
    let prepared = PreparedEngine<E>()
    Benchmark(
      name,
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: operation.isBatchedPerSample ? .kilo : .one,
        maxDuration: .seconds(1), maxIterations: 200,
        thresholds: [.mallocCountTotal: .strict, .wallClock: .init(relative: [:], absolute: [:])]),
      closure: { benchmark in
        guard let engine = prepared.engine else {
          benchmark.error("\(name): the engine was not built")
          return
        }
        do {
          var timed = try EngineOperation(operation, engine: engine, workload: workload)
          try timed.perform()  // the copy of the engine happens here, outside the measurement
          if timed.needsUndo { try timed.undo() }
          benchmark.startMeasurement()
          for _ in benchmark.scaledIterations {
            try timed.perform()
            if timed.needsUndo { try timed.undo() }
          }
          benchmark.stopMeasurement()
          blackHole(timed.checksum)
        } catch {
          benchmark.error("\(name): \(error)")
        }
      },
      setup: { prepared.engine = try E(workload.input(itemCount: n)) },
      teardown: { prepared.engine = nil })
  }
}

let benchmarks: @Sendable () -> Void = {
  for workload in Workload.all {
    register(FastFlowLayout.self, workload, n: 10_000)
    register(ReferenceFlowLayout.self, workload, n: 10_000)
    register(FastFlowLayout.self, workload, n: 1_000_000)
  }
  // Building an engine from an input: allocations per build are the memory gate.
  for workload in Workload.all {
    let input = PreparedInput()
    Benchmark(
      "fast.\(workload.name).init.10000",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount], maxDuration: .seconds(1),
        maxIterations: 100,
        thresholds: [.mallocCountTotal: .strict, .mallocBytesCount: .strict]),
      closure: { benchmark in
        guard let layoutInput = input.input else { return }
        for _ in benchmark.scaledIterations { blackHole(try? FastFlowLayout(layoutInput)) }
      },
      setup: { input.input = workload.input(itemCount: 10_000) },
      teardown: { input.input = nil })
  }
}

/// The input an `init` benchmark builds from, made in its `setup` hook.
final class PreparedInput: @unchecked Sendable {
  var input: LayoutInput?
}
