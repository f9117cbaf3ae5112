// swift-tools-version: 6.1
//
// package-benchmark suites over the same workloads and scenarios as `flowlayout bench`
// (FlowLayoutWorkloads, FlowLayoutBench). Nested so that the root's `swift test` stays fast.
//
//   swift package --package-path Benchmarks benchmark
//
// Regression gate: exact malloc counts (times move 7-26 % run to run on a shared machine).
import PackageDescription

let package = Package(
  name: "FioriFlowLayoutBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "FioriFlowLayout", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "LayoutBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutWorkloads", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutBench", package: "FioriFlowLayout"),
      ],
      path: "Benchmarks/LayoutBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
  ]
)
