// swift-tools-version: 6.1
//
// Coverage-guided fuzzing (libFuzzer + AddressSanitizer) of the JSON layout document decoder and
// of both engines. A nested package, so that `swift build`/`swift test` of the root never build
// it. Build and run with `scripts/fuzz.sh TARGET SECONDS` (see docs/fuzzing.md).
//
// The root package does not export `FlowLayoutDocument` as a product, so the decoder's sources
// are compiled here as the module `DocumentDecoder` through the symlink
// `Sources/DocumentDecoder -> ../../Sources/FlowLayoutDocument` (the same files, no copy).
import PackageDescription

let package = Package(
  name: "FlowLayoutFuzz",
  dependencies: [
    .package(name: "FioriFlowLayout", path: "..")
  ],
  targets: [
    .target(
      name: "DocumentDecoder",
      dependencies: [
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FioriCells", package: "FioriFlowLayout"),
      ]),
    // Whole-layout comparison of two engines under the equality contract, and the byte reader.
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
      ]),
    .executableTarget(
      name: "fuzz-document",
      dependencies: [
        "DocumentDecoder", "FuzzSupport",
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
      ]),
    .executableTarget(
      name: "fuzz-edits",
      dependencies: [
        "FuzzSupport",
        .product(name: "FlowLayoutModel", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutCore", package: "FioriFlowLayout"),
        .product(name: "FlowLayoutReference", package: "FioriFlowLayout"),
      ]),
  ]
)
