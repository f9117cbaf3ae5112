import FlowLayoutCore
import FlowLayoutWorkloads
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which traces a run replays (`flowlayout bench --traces`), at which sizes, how many frames,
/// and whether also through the `flowlayout session` pipe.
public struct TracePlan: Sendable {
  /// How to start a `flowlayout session` child for the pipe replays.
  public struct Child: Sendable {
    public var executable: String
    public var arguments: [String]
    public var environment: [String: String]

    public init(executable: String, arguments: [String], environment: [String: String]) {
      self.executable = executable
      self.arguments = arguments
      self.environment = environment
    }
  }

  public var kinds: [TraceKind]
  public var sizes: [Int]
  /// Frames per trace; `nil`: `defaultFrames(itemCount:)`.
  public var frames: Int?
  public var seed: UInt64?
  /// Also replay through this child's pipe.
  public var pipe: Child?
  /// Count allocations and live bytes in a second replay (in process).
  public var countAllocations: Bool
  /// Each replay starts no frame after its frames took this long (`TraceReplay`).
  public var timeLimitSeconds: Double
  /// Also write each trace as JSON Lines to `DIRECTORY/NAME-N.jsonl` (for `flowlayout session`).
  public var saveDirectory: String?

  public init(
    kinds: [TraceKind], sizes: [Int], frames: Int? = nil, seed: UInt64? = nil,
    pipe: Child? = nil, countAllocations: Bool = true, timeLimitSeconds: Double = 8,
    saveDirectory: String? = nil
  ) {
    self.timeLimitSeconds = timeLimitSeconds
    self.saveDirectory = saveDirectory
    self.kinds = kinds
    self.sizes = sizes
    self.frames = frames
    self.seed = seed
    self.pipe = pipe
    self.countAllocations = countAllocations
  }

  /// 600 frames (5 s at 120 Hz) up to 1M items, 300 beyond: what keeps the default run's six
  /// traces at 1M near a minute (`docs/benchmarks.md`, "Traces").
  public static func defaultFrames(itemCount n: Int) -> Int { n > 1_000_000 ? 300 : 600 }

  /// Replays to run, for the progress bar.
  public var replayCount: Int { kinds.count * sizes.count * (pipe == nil ? 1 : 2) }

  /// Generates each trace (and saves it, with `saveDirectory`), replays it in process (fast engine) and, with `pipe`, through the
  /// child; traces are made one at a time and dropped after their replays.
  ///
  /// - Throws: file errors when saving.
  /// - Complexity: generation O(n + f) and the replays' own costs, per (trace, size).
  public func run(
    allocator: some AllocatorStatistics,
    progress: (_ done: Int, _ total: Int, _ label: String) -> Void = { _, _, _ in }
  ) throws -> [TraceResult] {
    if let saveDirectory {
      try FileManager.default.createDirectory(
        atPath: saveDirectory, withIntermediateDirectories: true)
    }
    var results: [TraceResult] = []
    var done = 0
    for n in sizes {
      for kind in kinds {
        let label = "trace \(kind.rawValue) n=\(n)"
        progress(done, replayCount, label + " (generating)")
        let trace = kind.trace(
          itemCount: n, frames: frames ?? Self.defaultFrames(itemCount: n), seed: seed)
        if let saveDirectory {
          try Data(trace.jsonLines()).write(
            to: URL(fileURLWithPath: saveDirectory).appendingPathComponent(
              "\(kind.rawValue)-\(n).jsonl"))
        }
        progress(done, replayCount, label)
        results.append(
          TraceReplay.inProcess(
            trace, engine: FastFlowLayout.self, engineName: "fast", allocator: allocator,
            countAllocations: countAllocations, timeLimitSeconds: timeLimitSeconds))
        done += 1
        if let pipe {
          progress(done, replayCount, label + " (pipe)")
          results.append(
            TraceReplay.throughPipe(
              trace, executable: pipe.executable, arguments: pipe.arguments,
              environment: pipe.environment, engineName: "fast",
              timeLimitSeconds: timeLimitSeconds))
          done += 1
        }
      }
    }
    progress(done, replayCount, "traces done")
    return results
  }
}
