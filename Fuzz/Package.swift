// swift-tools-version: 6.1
//
// Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of the JSON layout document decoder and
// of both engines. A nested package, so that `swift build`/`swift test` of the root never build
// it. Build and run with `scripts/fuzz.sh TARGET SECONDS` (see docs/fuzzing.md).
import PackageDescription

/// The root package's products every fuzz target links: the model, both engines, and the test
/// support (engine comparison, snapshots) shared with the root's test targets.
let engines: [Target.Dependency] = [
  .product(name: "FlowLayoutTestSupport", package: "FioriFlowLayout"),
  .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
  .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
  .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
]
let document: Target.Dependency = .product(name: "FlowLayoutDocument", package: "FioriFlowLayout")

let package = Package(
  name: "FlowLayoutFuzz",
  dependencies: [
    .package(name: "FioriFlowLayout", path: "..")
  ],
  targets: [
    // The byte reader and the libFuzzer driver.
    .target(
      name: "FuzzSupport",
      dependencies: engines + [
        .product(name: "FlowLayoutEquality", package: "FioriFlowLayout")
      ]),
    .executableTarget(name: "fuzz-document", dependencies: ["FuzzSupport", document] + engines),
    .executableTarget(name: "fuzz-session", dependencies: ["FuzzSupport", document] + engines),
    .executableTarget(name: "fuzz-edits", dependencies: ["FuzzSupport"] + engines),
    // The session fuzzer's long run: seeded sessions in lockstep, no libFuzzer (built without
    // sanitizers by scripts/fuzz-sessions.sh).
    .executableTarget(
      name: "fuzz-sessions",
      dependencies: [.product(name: "SessionFuzzing", package: "FioriFlowLayout")]),
  ]
)
