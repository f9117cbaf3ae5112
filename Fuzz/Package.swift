// swift-tools-version: 6.1
//
// Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of the JSON layout document decoder and
// of both engines. A nested package, so that `swift build`/`swift test` of the root never build
// it. Build and run with `scripts/fuzz.sh TARGET SECONDS` (see docs/fuzzing.md).
import PackageDescription

let package = Package(
  name: "FlowLayoutFuzz",
  dependencies: [
    .package(name: "FioriFlowLayout", path: "..")
  ],
  targets: [
    // The byte reader and the libFuzzer driver. The engine comparison and snapshots come from
    // the root package's test support (FlowLayoutTestSupport), shared with the test targets.
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "FlowLayoutTestSupport", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutEquality", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
      ]),
    .executableTarget(
      name: "fuzz-document",
      dependencies: [
        "FuzzSupport",
        .product(name: "FlowLayoutTestSupport", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutDocument", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
      ]),
    .executableTarget(
      name: "fuzz-session",
      dependencies: [
        "FuzzSupport",
        .product(name: "FlowLayoutTestSupport", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutDocument", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
      ]),
    .executableTarget(
      name: "fuzz-edits",
      dependencies: [
        "FuzzSupport",
        .product(name: "FlowLayoutTestSupport", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
      ]),
  ]
)
