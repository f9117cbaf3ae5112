import FlowLayoutModel
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

/// Runs `Benchmarks/peers/taffy_flow.py` (Taffy through PyPI `stretchable`) on the greedy-flow
/// workloads and returns its rows, after the script has checked Taffy's frames against ours.
public struct PeerRunner {
  public var python: String
  public var script: String

  public init(python: String = "python3", script: String = "Benchmarks/peers/taffy_flow.py") {
    self.python = python
    self.script = script
  }

  /// The peer's result: rows to add, and what the frame check found.
  public struct Outcome {
    public var rows: [BenchRow]
    public var note: String
  }

  struct ScriptOutput: Decodable {
    struct Check: Decodable {
      var n: Int
      var workload: String
      var maxAbsDifference: Double
      var checkedAgainst: String
    }
    var checks: [Check]
    var rows: [BenchRow]
  }

  /// Our frames for `workload` at `n` items, as the script's `--check` file.
  public struct Reference: Encodable {
    public var workload: String
    public var n: Int
    public var width: Double
    public var engine: String
    public var frames: [[Double]]

    public init(workload: String, n: Int, width: Double, engine: String, frames: [Rect]) {
      self.workload = workload
      self.n = n
      self.width = width
      self.engine = engine
      self.frames = frames.map { [$0.minX, $0.minY, $0.width, $0.height] }
    }
  }

  /// Runs the script; throws with its standard error when it fails (e.g. a frame mismatch or
  /// `stretchable` missing).
  /// The workloads the script knows (it draws their sizes itself, from the same seeds).
  public static let workloadNames: Set<String> = ["uniform", "mixed"]

  public func run(workloads: [Workload], sizes: [Int], plan: SamplingPlan, checks: [Reference])
    throws
    -> Outcome
  {
    let directory = FileManager.default.temporaryDirectory
    var arguments = [
      script, "--sizes", sizes.map(String.init).joined(separator: ","),
      "--workloads", workloads.map(\.name).joined(separator: ","),
      "--min-time", String(plan.minimumSeconds), "--sample-limit", String(plan.sampleLimitSeconds),
    ]
    for (i, check) in checks.enumerated() {
      let url = directory.appendingPathComponent("flowlayout-peer-check-\(getpid())-\(i).json")
      try JSONEncoder().encode(check).write(to: url)
      arguments += ["--check", url.path]
    }
    let process = try ChildProcess(
      executable: "/usr/bin/env", arguments: [python] + arguments, stdout: .pipe, stderr: .pipe)
    // Both streams read to their ends before the wait (a full pipe would block the script).
    let (status, written, errorBytes) = process.readToEnd()
    let errors = String(decoding: errorBytes, as: UTF8.self)
    guard status == 0 else {
      throw PeerError(message: "taffy_flow.py exited \(status): \(errors)")
    }
    let data = Data(written)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let output = try decoder.decode(ScriptOutput.self, from: data)
    let note = output.checks.map {
      "\($0.workload) n=\($0.n): Taffy's frames equal \($0.checkedAgainst)'s within "
        + "\(fixed($0.maxAbsDifference, 6)) pt"
    }.joined(separator: "; ")
    return Outcome(rows: output.rows, note: note)
  }
}

/// The peer could not run or disagreed with our frames.
public struct PeerError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
