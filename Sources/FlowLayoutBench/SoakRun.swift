import FlowLayoutCore
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads

/// A soak: thousands of random batches applied to one engine of a workload's collection, with the
/// engine's memory at rest read from the allocator every `checkpointEvery` batches, and at the end
/// the fast engine compared with the reference engine (same batches) and with a fresh layout of
/// its final input, by `EngineComparison` (the differential tests' comparison).
///
/// The batches keep every section's item count at rest: batch k is `EditScript.mixedBatches`'
/// k-th (resizes, deletions and insertions in pairs); every tenth batch is followed by one of the
/// user edits (a move, an appended page, a prepended page, an inserted section) and the update
/// that undoes it. So at every checkpoint the collection holds the same items
/// and memory that grows with the number of batches is a leak of storage, not content.
public struct SoakPlan: Sendable, Hashable {
  public var workload: Workload
  public var itemCount: Int
  public var batches: Int
  public var editsPerBatch: Int
  public var checkpointEvery: Int
  /// Apply the same batches to the reference engine and compare at the end.
  public var withReference: Bool
  /// The memory at rest may end at most this fraction above its value halfway through the run.
  public var allowedGrowth: Double
  public var seed: UInt64

  public init(
    workload: Workload, itemCount: Int, batches: Int = 2_000, editsPerBatch: Int = 8,
    checkpointEvery: Int = 100, withReference: Bool = true, allowedGrowth: Double = 0.05,
    seed: UInt64 = 0x50A4_0002
  ) {
    self.workload = workload
    self.itemCount = itemCount
    self.batches = batches
    self.editsPerBatch = editsPerBatch
    self.checkpointEvery = checkpointEvery
    self.withReference = withReference
    self.allowedGrowth = allowedGrowth
    self.seed = seed
  }

  /// The updates of the soak, one group per batch: batch k's mixed update, then (for k a multiple
  /// of 10) the user edit `userEdits[(k / 10) % 4]` and its undo.
  ///
  /// - Complexity: O(batches · e log e) to draw, once.
  public func updates() -> [[BatchUpdate]] {
    let script = EditScript(workload: workload, itemCount: itemCount)
    let mixed = script.mixedBatches(count: batches, editsPerBatch: editsPerBatch, seed: seed)
    let userEdits = [
      script.quarterMove(), script.pageAppend(), script.pagePrepend(),
      script.middleSectionInsertion(),
    ]
    return (0..<batches).map { k in
      let user = userEdits[(k / 10) % userEdits.count]
      return k % 10 == 0 ? [mixed[k], user.edit, user.undo] : [mixed[k]]
    }
  }
}

/// The engine's live memory after a number of batches.
public struct SoakCheckpoint: Sendable, Hashable, Codable {
  /// Batches applied so far (of the plan's `batches`).
  public var batch: Int
  /// The engine's live bytes at rest (allocator's count, minus what was live before the engine
  /// was built), or `nil` when the allocator is not measured.
  public var liveBytes: Int?
  /// Allocation requests per batch since the previous checkpoint, or `nil` when not measured.
  public var allocationsPerBatch: Double?
}

/// What a soak found.
public struct SoakReport: Sendable, Hashable, Codable {
  public var workload: String
  public var itemCount: Int
  public var batches: Int
  public var updatesApplied: Int
  /// Live bytes of the freshly built engine, before any batch.
  public var initialLiveBytes: Int?
  public var checkpoints: [SoakCheckpoint]
  /// The last checkpoint's live bytes over those of the first checkpoint at or after half the
  /// batches, or `nil` when not measured.
  public var growth: Double?
  public var allowedGrowth: Double
  /// The live bytes gained per batch in the second half of the run (from the middle checkpoint
  /// to the last) over those gained per batch in the first half (from the first checkpoint to
  /// the middle one), or `nil` when not measured or when the first half gained nothing. A leak
  /// gains as much in both halves (≈ 1); storage reached by the batches for the first time
  /// gains less and less as fewer places are new (≪ 1).
  public var slowdown: Double?
  /// The first difference between the fast engine and the reference after every batch, or `nil`
  /// when they agree (or the reference was not run).
  public var referenceDifference: String?
  public var referenceCompared: Bool
  /// The first difference between the fast engine and a fresh fast layout of its final input.
  public var freshDifference: String?
  /// A batch that one engine refused, with the error (the soak's batches are all valid).
  public var refusal: String?
  public var seconds: Double

  /// `true` when memory at rest stopped growing and every comparison agreed. Memory stopped
  /// growing when the second half gained at most `allowedGrowth` (`growth`), or when it gained
  /// at most half as fast as the first half (`slowdown ≤ 1/2`: a rise that levels off, as
  /// untouched storage runs out, not a leak, which keeps its pace).
  public var passed: Bool {
    refusal == nil && referenceDifference == nil && freshDifference == nil
      && memoryStoppedGrowing
  }

  /// The memory half of `passed`.
  public var memoryStoppedGrowing: Bool {
    (growth ?? 1) <= 1 + allowedGrowth || (slowdown.map { $0 <= 0.5 } ?? false)
  }
}

extension SoakPlan {
  /// Runs the soak. `allocator` reads the live bytes and counts allocations (inside its exact
  /// mode, so the counts are exact and the run is slower than a timed one).
  ///
  /// - Complexity: the engines' own costs for every batch, plus O(n) for the final comparisons.
  public func run(
    allocator: some AllocatorStatistics, progress: (Int) -> Void = { _ in }
  ) -> SoakReport {
    let start = MonotonicClock.now()
    let input = workload.input(itemCount: itemCount)
    let all = updates()
    var report = SoakReport(
      workload: workload.name, itemCount: itemCount, batches: batches, updatesApplied: 0,
      initialLiveBytes: nil, checkpoints: [], growth: nil, allowedGrowth: allowedGrowth,
      slowdown: nil,
      referenceDifference: nil, referenceCompared: false, freshDifference: nil, refusal: nil,
      seconds: 0)

    let fast: FastFlowLayout? = allocator.exactly {
      let before = allocator.snapshot()
      guard var engine = try? FastFlowLayout(input) else {
        report.refusal = "the workload's input was refused"
        return nil
      }
      func live() -> Int? {
        guard let before, let now = allocator.snapshot() else { return nil }
        return now.liveBytes - before.liveBytes
      }
      report.initialLiveBytes = live()
      var allocationsAtCheckpoint = allocator.snapshot()?.allocations
      for k in 0..<batches {
        for update in all[k] {
          do throws(LayoutError) {
            try engine.apply(update)
          } catch {
            report.refusal = "fast engine, update \(report.updatesApplied): \(error)"
            return engine
          }
          report.updatesApplied += 1
        }
        if (k + 1) % checkpointEvery == 0 || k + 1 == batches {
          let now = allocator.snapshot()?.allocations
          let since = k + 1 - (report.checkpoints.last?.batch ?? 0)
          report.checkpoints.append(
            SoakCheckpoint(
              batch: k + 1, liveBytes: live(),
              allocationsPerBatch: both(now, allocationsAtCheckpoint).map { n, a in
                Double(n - a) / Double(max(since, 1))
              }))
          allocationsAtCheckpoint = now
          progress(k + 1)
        }
      }
      return engine
    }
    // Storage that a batch touches may gain slack capacity the first time (a page cut, a column
    // given room), so memory rises while batches reach new places and then levels off; a leak
    // keeps growing at its pace. Hence the second half of the run is what is judged.
    if let first = report.checkpoints.first,
      let middle = report.checkpoints.first(where: { 2 * $0.batch >= batches }),
      let last = report.checkpoints.last, let m = middle.liveBytes, let l = last.liveBytes, m > 0
    {
      report.growth = Double(l) / Double(m)
      if let f = first.liveBytes, m > f, last.batch > middle.batch, middle.batch > first.batch {
        let firstRate = Double(m - f) / Double(middle.batch - first.batch)
        let secondRate = Double(l - m) / Double(last.batch - middle.batch)
        report.slowdown = secondRate / firstRate
      }
    }
    if let fast, report.refusal == nil {
      let rects = EngineComparison.probeRects(contentSize: fast.contentSize)
      if let fresh = try? FastFlowLayout(fast.input) {
        report.freshDifference = EngineComparison.difference(fast, fresh, rects: rects)
      } else {
        report.freshDifference = "a fresh layout of the final input was refused"
      }
      if withReference {
        report.referenceCompared = true
        if var reference = try? ReferenceFlowLayout(input) {
          for (step, update) in all.joined().enumerated() {
            do throws(LayoutError) {
              try reference.apply(update)
            } catch {
              report.refusal = "reference engine, update \(step): \(error)"
              break
            }
          }
          if report.refusal == nil {
            report.referenceDifference = EngineComparison.difference(fast, reference, rects: rects)
          }
        } else {
          report.refusal = "the reference refused the workload's input"
        }
      }
    }
    report.seconds = Double(MonotonicClock.now() - start) / 1e9
    return report
  }
}

/// `Optional` pairs: both values or `nil`.
private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
  guard let a, let b else { return nil }
  return (a, b)
}
