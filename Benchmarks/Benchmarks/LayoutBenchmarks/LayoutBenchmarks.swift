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

/// Registers one benchmark per operation for an engine built once from `workload` at `n` items.
/// Each iteration runs the operation on a copy of that engine, copied (and warmed) before the
/// measurement starts; operations that change the count (`insert`, `delete`) are timed together
/// with their undo.
func register<E: LayoutEngine>(_ type: E.Type, _ workload: Workload, n: Int) {
  guard let engine = try? E(workload.input(itemCount: n)) else {
    print(
      "note: \(E.engineName) cannot lay out \(workload.name); its benchmarks are not registered")
    return
  }
  let operations: [BenchOperation] = [.layout, .resize, .insert, .delete, .batch, .scroll, .lookup]
  for operation in operations {
    let name =
      "\(E.engineName).\(workload.name).\(operation.rawValue)\(operation == .insert || operation == .delete ? "+undo" : "").\(n)"
    let cheap = operation.isBatchedPerSample
    Benchmark(
      name,
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        scalingFactor: cheap ? .kilo : .one,
        maxDuration: .seconds(1), maxIterations: 200,
        thresholds: [.mallocCountTotal: .strict, .wallClock: .init(relative: [:], absolute: [:])])
    ) { benchmark in
      var timed = EngineOperation(operation, engine: engine, workload: workload)
      do {
        try timed.perform()  // the copy of the engine happens here, outside the measurement
        if timed.needsUndo { try timed.undo() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
          try timed.perform()
          if timed.needsUndo { try timed.undo() }
        }
        benchmark.stopMeasurement()
      } catch {
        benchmark.error("\(name): \(error)")
      }
      blackHole(timed.checksum)
    }
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
    let input = workload.input(itemCount: 10_000)
    Benchmark(
      "fast.\(workload.name).init.10000",
      configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount], maxDuration: .seconds(1),
        maxIterations: 100,
        thresholds: [.mallocCountTotal: .strict, .mallocBytesCount: .strict])
    ) { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try? FastFlowLayout(input)) }
    }
  }
}
