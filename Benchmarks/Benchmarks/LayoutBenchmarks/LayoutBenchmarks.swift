import Benchmark
import FlowLayoutWorkloads

let benchmarks: @Sendable () -> Void = {
  Benchmark("placeholder") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(Workload.mixed.input(itemCount: 100)) }
  }
}
