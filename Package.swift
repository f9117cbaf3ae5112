// swift-tools-version: 6.1
//
// FioriFlowLayout: the SAP Fiori for iOS collection-view flow layouts as a pure Swift engine.
//
// Dependencies point one way:
//
//   FlowLayoutModel  <-  FlowLayoutCore (fast)      <-  FlowLayoutDocument  <-  flowlayout (CLI)
//                    <-  FlowLayoutReference (naive) <-/                      <-  FlowLayoutBench
//                    <-  FioriCells                  <-/
//                    <-  FlowLayoutWorkloads (its traces write session requests: FlowLayoutDocument)
//
// The fast core never imports the reference; the reference never imports the core.
// jemalloc (CJemalloc) is linked into the `flowlayout` executable only, never into a library.
import PackageDescription

let package = Package(
  name: "FioriFlowLayout",
  products: [
    .library(name: "FlowLayoutModel", targets: ["FlowLayoutModel"]),
    .library(name: "FlowLayoutCore", targets: ["FlowLayoutCore"]),
    .library(name: "FlowLayoutReference", targets: ["FlowLayoutReference"]),
    .library(name: "FioriCells", targets: ["FioriCells"]),
    .library(name: "FlowLayoutDocument", targets: ["FlowLayoutDocument"]),
    .library(name: "FlowLayoutEquality", targets: ["FlowLayoutEquality"]),
    .library(name: "FlowLayoutWorkloads", targets: ["FlowLayoutWorkloads"]),
    .library(name: "FlowLayoutBench", targets: ["FlowLayoutBench"]),
    // Test support (not API): for the test targets here and for the fuzz targets in Fuzz/,
    // which can only reach a product.
    .library(name: "FlowLayoutTestSupport", targets: ["FlowLayoutTestSupport"]),
    .library(name: "SessionFuzzing", targets: ["SessionFuzzing"]),
    .executable(name: "flowlayout", targets: ["FlowLayoutCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // `swift package generate-documentation` (DocC catalog: Sources/FlowLayoutModel/*.docc).
    // A command plugin: `swift build` and `swift test` never build it (measured: see .ci/run).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Shared vocabulary only: geometry, configuration, sections, batch updates, errors, the engine protocol.
    .target(name: "FlowLayoutModel"),
    // The fast engine: struct-of-arrays storage, row breaking, SIMD kernels, incremental invalidation.
    .target(name: "FlowLayoutCore", dependencies: ["FlowLayoutModel"]),
    // The naive reference engine: the oracle for the fast core. Shares only the model.
    .target(name: "FlowLayoutReference", dependencies: ["FlowLayoutModel"]),
    // Fiori cell sizing rules (collection item cell, object cell, key/value cell) and text measurement.
    .target(name: "FioriCells", dependencies: ["FlowLayoutModel"]),
    // The equality contract between the engines, shared by the differential tests and Fuzz/.
    .target(name: "FlowLayoutEquality", dependencies: ["FlowLayoutModel"]),
    // Seeded workload generators and edit scripts shared by the runner, Benchmarks/ and tests.
    .target(
      name: "FlowLayoutWorkloads",
      dependencies: ["FlowLayoutModel", "FioriCells", "FlowLayoutDocument"]),
    // The JSON layout document (input and output) and SVG rendering. Engine-agnostic: of the
    // core it uses only the threaded loop (`LayoutThreading.perform`, `SharedPointer`).
    .target(
      name: "FlowLayoutDocument",
      dependencies: ["FlowLayoutModel", "FioriCells", "FlowLayoutCore"]),
    // The benchmark runner (tables, results/, charts, comparisons). Allocator statistics are injected by the CLI.
    .target(
      name: "FlowLayoutBench",
      dependencies: [
        "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutReference", "FlowLayoutWorkloads",
        "FlowLayoutDocument", "FioriCells", "FlowLayoutEquality", "CFlowBaseline",
      ]),
    // The plain C greedy-flow loop the runner reports as engine `c-loop` (the speed floor).
    .target(name: "CFlowBaseline"),
    .systemLibrary(
      name: "CJemalloc", path: "Sources/CJemalloc", pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"])]),
    // Writes the commit the executable is built from (`buildCommit`) before every build.
    .plugin(name: "BuildCommit", capability: .buildTool()),
    .executableTarget(
      name: "FlowLayoutCLI",
      dependencies: [
        "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutReference", "FlowLayoutDocument",
        "FlowLayoutBench", "FlowLayoutWorkloads", "CJemalloc",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      linkerSettings: [
        .unsafeFlags(
          [
            "-static-stdlib", "-Xlinker", "-l_FoundationCollections", "-Xlinker",
            "-l_FoundationCShims",
          ],
          .when(platforms: [.linux], configuration: .release))
      ],
      plugins: ["BuildCommit"]),

    // What every test target and Fuzz/ share (as swift-collections' _CollectionsTestSupport):
    // the one engine comparison, snapshots, seeded draws, "every combination" loops, and running
    // the `flowlayout` executable. No Testing import, so the fuzz targets can link it.
    .target(
      name: "FlowLayoutTestSupport",
      dependencies: [
        "FlowLayoutModel", "FlowLayoutEquality", "FlowLayoutCore", "FlowLayoutReference",
      ],
      path: "Tests/FlowLayoutTestSupport"),

    // The session fuzzer (docs/fuzzing.md, "Session fuzzer"): random documents and request
    // streams answered by a session of each engine in lockstep, and its shrinker. Run bounded by
    // the SessionFuzzTests target, long by Fuzz/'s `fuzz-sessions`.
    .target(
      name: "SessionFuzzing",
      dependencies: [
        "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutReference", "FlowLayoutDocument",
        "FioriCells", "FlowLayoutEquality", "FlowLayoutTestSupport",
      ],
      path: "Tests/SessionFuzzing"),

    .testTarget(
      name: "FlowLayoutModelTests",
      dependencies: ["FlowLayoutModel", "FlowLayoutWorkloads", "FlowLayoutTestSupport"]),
    .testTarget(
      name: "FlowLayoutReferenceTests",
      dependencies: [
        "FlowLayoutModel", "FlowLayoutReference", "FlowLayoutDocument", "FlowLayoutWorkloads",
        "FlowLayoutEquality", "FlowLayoutTestSupport",
      ],
      resources: [.copy("Golden")]),
    .testTarget(
      name: "FlowLayoutCoreTests",
      dependencies: [
        "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutEquality", "FlowLayoutTestSupport",
      ]),
    .testTarget(
      name: "DifferentialTests",
      dependencies: [
        "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutReference", "FlowLayoutWorkloads",
        "FlowLayoutEquality", "FlowLayoutDocument", "FlowLayoutTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "FioriCellsTests",
      dependencies: ["FioriCells", "FlowLayoutModel", "FlowLayoutTestSupport"]),
    // The JSON document, its output, sessions, transitions and SVG rendering (in process).
    .testTarget(
      name: "FlowLayoutDocumentTests",
      dependencies: [
        "FlowLayoutDocument", "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutReference",
        "FlowLayoutBench", "FlowLayoutWorkloads", "FlowLayoutEquality", "FlowLayoutTestSupport",
      ]),
    // The benchmark runner: operations, sampling, reports and charts, seeded workloads.
    .testTarget(
      name: "FlowLayoutBenchTests",
      dependencies: [
        "FlowLayoutBench", "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutReference",
        "FlowLayoutWorkloads", "FlowLayoutDocument", "FlowLayoutTestSupport",
      ]),
    // The `flowlayout` executable as a user runs it (subprocesses; needs `swift build` first).
    .testTarget(
      name: "FlowLayoutCLITests",
      dependencies: [
        "FlowLayoutDocument", "FlowLayoutModel", "FlowLayoutCore", "FlowLayoutReference",
        "FlowLayoutTestSupport",
      ]),
    // Inputs the fuzz targets (Fuzz/) found, kept as plain tests.
    .testTarget(
      name: "FuzzRegressionTests",
      dependencies: ["FlowLayoutDocument", "FlowLayoutModel", "FlowLayoutTestSupport"]),
    // The session fuzzer, bounded (≥ 500 sessions; SESSION_FUZZ_SESSIONS raises it), and the
    // sessions it found, shrunk, as regression cases.
    .testTarget(
      name: "SessionFuzzTests",
      dependencies: [
        "SessionFuzzing", "FlowLayoutDocument", "FlowLayoutModel", "FlowLayoutCore",
        "FlowLayoutReference", "FlowLayoutTestSupport",
      ]),
  ]
)
