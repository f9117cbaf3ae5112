import ArgumentParser
import FlowLayoutBench
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

/// `flowlayout soak`: thousands of random batches on one engine per workload; memory at rest read
/// from jemalloc every `--checkpoint-every` batches; fast ≡ reference and ≡ a fresh layout at the
/// end. Exits 1 when memory grew beyond `--allowed-growth` or an engine disagreed.
struct SoakCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "soak",
    abstract: "Apply thousands of random batches; check memory at rest and fast ≡ reference.",
    discussion: """
      Each workload's collection gets --batches batches of --edits mixed edits (resizes, \
      deletions and insertions in pairs) plus, every tenth batch, a move, an appended or \
      prepended page or an inserted section and its undo, so the items at rest \
      never change. The fast engine's live bytes (jemalloc) are read every --checkpoint-every \
      batches; the reference engine applies the same batches and both are compared at the end \
      (and the fast engine with a fresh layout of its final input). Prints a markdown table; \
      with --out, also writes it and soak.json there. Build with -c release.
      """)

  @Option(help: "Workloads, comma-separated (default: all).") var workloads: String?
  @Option(name: .customLong("n"), help: "Items per workload.") var itemCount: Int = 100_000
  @Option(help: "Batches per workload.") var batches: Int = 2_000
  @Option(help: "Edits per batch.") var edits: Int = 8
  @Option(help: "Read memory every this many batches.") var checkpointEvery: Int = 100
  @Option(help: "Allowed growth of memory at rest over the second half of the run (fraction).")
  var allowedGrowth: Double = 0.05
  @Flag(help: "Fast engine only (no reference comparison; for large n).") var noReference = false
  @Option(help: "Write soak.md and soak.json into this folder.") var out: String?

  func validate() throws {
    guard (1...100_000_000).contains(itemCount) else { throw ValidationError("--n: 1...100000000") }
    guard (1...1_000_000).contains(batches) else { throw ValidationError("--batches: 1...1000000") }
    guard (1...10_000).contains(edits) else { throw ValidationError("--edits: 1...10000") }
    guard checkpointEvery >= 1 else { throw ValidationError("--checkpoint-every: ≥ 1") }
    guard allowedGrowth.isFinite, allowedGrowth >= 0 else {
      throw ValidationError("--allowed-growth: a finite fraction ≥ 0")
    }
  }

  func run() throws {
    let names = workloads ?? Workload.all.map(\.name).joined(separator: ",")
    let chosen = try names.split(separator: ",").map { name in
      guard let workload = Workload.named(String(name)), workload.name != Workload.selfSizing.name
      else { throw ValidationError("unknown workload \"\(name)\"") }
      return workload
    }
    AllocatorPreload.ensureJemalloc()
    let allocator: AllocatorStatistics = JemallocStatistics() ?? UnmeasuredAllocator()
    #if DEBUG
      let build = "debug"
    #else
      let build = "release"
    #endif
    var lines = [
      "# flowlayout soak — \(MachineDescription.utcNow())", "",
      "| | |", "| --- | --- |",
      "| command | `flowlayout \(CommandLine.arguments.dropFirst().joined(separator: " "))` |",
      "| machine | \(MachineDescription.machine()), \(MachineDescription.cpuModel()) |",
      "| toolchain | \(MachineDescription.toolchain()) |",
      "| build | \(build) |", "| commit | \(FlowLayoutCommand.commit) |",
      "| allocator | \(allocator.name); \(allocator.method) |",
      "| plan | \(itemCount) items, \(batches) batches of \(edits) edits, memory every "
        + "\(checkpointEvery) batches, allowed growth \(allowedGrowth) |", "",
      "Memory at rest: the engine's live bytes per item, built (before any batch), then at the "
        + "first, the middle and the last checkpoint; growth = last / middle; pace = bytes gained "
        + "per batch in the second half over the first half's. Passes when growth ≤ 1 + allowed "
        + "or pace ≤ 0.5 (a rise that levels off).", "",
      "| workload | B/item built | first | middle | last | growth | pace | "
        + "allocs/batch (first, last) | fast ≡ reference | fast ≡ fresh | seconds |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    print(lines.joined(separator: "\n"))
    var reports: [SoakReport] = []
    var progress = ProgressBar(unit: "batches")
    for workload in chosen {
      let plan = SoakPlan(
        workload: workload, itemCount: itemCount, batches: batches, editsPerBatch: edits,
        checkpointEvery: checkpointEvery, withReference: !noReference,
        allowedGrowth: allowedGrowth)
      let report = plan.run(allocator: allocator) { done in
        progress.update(done: done, total: batches, label: workload.name)
      }
      reports.append(report)
      let line = Self.row(report)
      print(line)
      lines.append(line)
    }
    let failed = reports.filter { !$0.passed }
    for report in failed {
      let why = [
        report.refusal, report.referenceDifference.map { "fast ≠ reference: \($0)" },
        report.freshDifference.map { "fast ≠ fresh: \($0)" },
        report.memoryStoppedGrowing
          ? nil
          : "memory grew \(report.growth.map { fixed($0, 3) } ?? "-")× over the second half, at "
            + "\(report.slowdown.map { fixed($0, 2) } ?? "-")× the first half's pace (a leak "
            + "keeps its pace; ≤ 0.5 passes)",
      ].compactMap { $0 }
      let line = "\nFAILED \(report.workload): \(why.joined(separator: "; "))"
      print(line)
      lines.append(line)
    }
    if let out {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      try (lines.joined(separator: "\n") + "\n").write(
        toFile: out + "/soak.md", atomically: true, encoding: .utf8)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try encoder.encode(reports).write(to: URL(fileURLWithPath: out + "/soak.json"))
    }
    if !failed.isEmpty { throw ExitCode(1) }
  }

  /// One markdown table row for a report.
  static func row(_ r: SoakReport) -> String {
    let n = Double(max(r.itemCount, 1))
    func perItem(_ bytes: Int?) -> String { bytes.map { fixed(Double($0) / n, 1) } ?? "-" }
    let allocs = [r.checkpoints.first, r.checkpoints.last].map { c in
      c?.allocationsPerBatch.map { fixed($0, 1) } ?? "-"
    }
    let reference =
      !r.referenceCompared ? "not run" : r.referenceDifference == nil ? "yes" : "**no**"
    return
      "| \(r.workload) | \(perItem(r.initialLiveBytes)) | "
      + "\(perItem(r.checkpoints.first?.liveBytes)) | "
      + "\(perItem(r.checkpoints.first { 2 * $0.batch >= r.batches }?.liveBytes)) | "
      + "\(perItem(r.checkpoints.last?.liveBytes)) | "
      + "\(r.growth.map { fixed($0, 3) } ?? "-") | \(r.slowdown.map { fixed($0, 2) } ?? "-") | "
      + "\(allocs[0]), \(allocs[1]) | \(reference) | "
      + "\(r.freshDifference == nil ? "yes" : "**no**") | \(fixed(r.seconds, 1)) |"
  }
}
