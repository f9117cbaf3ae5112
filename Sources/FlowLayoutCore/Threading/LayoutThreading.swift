import Dispatch
import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How many threads a full layout uses — a long greedy section's lines in chunks
/// (`ChunkedLineBreaking`) from `minimumItems` on, shorter one-page sections a run of pages per
/// thread (`FastFlowLayout.layOutWholePages`).
///
/// The lines, heights and positions are bit-identical for every setting (`ChunkedLineBreaking`).
package struct LayoutThreading: Sendable, Hashable {
  /// At most this many tasks run at once; 1 breaks every section on the calling thread.
  var threads: Int
  /// Sections with fewer items are broken on the calling thread.
  var minimumItems = 100_000
  /// Items per chunk; `nil`: chunks of at most `largestChunk` items, at least one per thread.
  /// Small in tests, so that short sections have many seams.
  var chunkItems: Int? = nil

  /// The most items of a chunk by default: its guessed lines are copied into the table while still
  /// in L2, and a chunk costs one hand-over between threads (~1 µs).
  static let largestChunk = 1 << 14

  /// One thread.
  static let off = LayoutThreading(threads: 1)

  /// The machine's online cores (at least 1).
  package static var activeCores: Int {
    max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
  }

  /// Whether `n` items are broken in chunks.
  func splits(_ n: Int) -> Bool { threads > 1 && n >= max(minimumItems, 2) }

  /// Whether a one-page section of `n` items is laid out in a run of pages per thread
  /// (`FastFlowLayout.layOutWholePages`): more than one thread, and too short to split.
  func runsWholePages(_ n: Int) -> Bool { threads > 1 && !splits(n) }

  /// The chunks `0 ..< n` is cut into: equal ranges of about `chunkItems` items, or one per
  /// thread.
  func chunks(_ n: Int) -> [Range<Int>] {
    let size = chunkItems ?? Self.largestChunk
    let bySize = (n + max(size, 1) - 1) / max(size, 1)
    let count = max(min(chunkItems == nil ? max(threads, bySize) : bySize, n), 1)
    return (0..<count).map { c in (c * n / count)..<((c + 1) * n / count) }
  }

  /// Starts the pool's worker threads now, so that the next threaded layout finds them running
  /// (libdispatch's workers created by a call join it late; an idle one exits after 5 s). Sets
  /// `workersStarted` (tests read it).
  ///
  /// - Complexity: O(1): no layout work.
  func startWorkers() {
    guard threads > 1 else { return }
    DispatchQueue.concurrentPerform(iterations: threads) { _ in }
    Self.started.store(true, ordering: .relaxed)
  }

  /// Whether `startWorkers()` ran in this process with more than one thread.
  static var workersStarted: Bool { started.load(ordering: .relaxed) }

  private static let started = Atomic<Bool>(false)
}
