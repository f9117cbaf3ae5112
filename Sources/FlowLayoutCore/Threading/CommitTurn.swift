import Synchronization

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The order in which the chunks of a `ChunkedLineBreaking.lines` call are taken (in order) and
/// committed (one at a time, in chunk order, each once it and every chunk before it are guessed,
/// by whichever task finds it so). A task waits only for a slot for its next guess, committing
/// meanwhile; every wait ends, and every ordering is sequentially consistent. Its one unsafe part:
/// the per-chunk flags, allocated and freed by the turn itself.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class CommitTurn: @unchecked Sendable {
  /// 2 × the chunks committed, plus 1 while a task commits the next.
  private let turn = Atomic<Int>(0)
  /// Chunks taken.
  private let taken = Atomic<Int>(0)
  /// No chunk is taken, guessed or committed any more (a commit found no room).
  private let halted = Atomic<Bool>(false)
  /// Whether each chunk is guessed.
  private let guessed: UnsafeMutablePointer<Atomic<Bool>>
  private let chunks: Int

  init(chunks: Int) {
    self.chunks = chunks
    guessed = .allocate(capacity: max(chunks, 1))
    for c in 0..<chunks { (guessed + c).initialize(to: Atomic(false)) }
  }

  deinit {
    guessed.deinitialize(count: chunks)
    guessed.deallocate()
  }

  /// The next chunk (may be past the last).
  func take() -> Int { taken.wrappingAdd(1, ordering: .relaxed).oldValue }

  var isHalted: Bool { halted.load(ordering: .relaxed) }

  /// Stops every task at its next check.
  func halt() { halted.store(true, ordering: .relaxed) }

  /// Chunk `c`'s guess is written.
  func markGuessed(_ c: Int) { guessed[c].store(true, ordering: .sequentiallyConsistent) }

  /// The chunks committed.
  var committed: Int { turn.load(ordering: .sequentiallyConsistent) >> 1 }

  /// Calls `commit(c)` for each next chunk `c` in order while it is guessed, unless another
  /// task is committing (that task then takes them).
  func commitReady(_ commit: (Int) -> Void) {
    while true {
      let t = turn.load(ordering: .sequentiallyConsistent)
      let c = t >> 1
      guard t & 1 == 0, c < chunks, guessed[c].load(ordering: .sequentiallyConsistent)
      else { return }
      guard
        turn.compareExchange(expected: t, desired: t | 1, ordering: .sequentiallyConsistent)
          .exchanged
      else { continue }
      commit(c)
      turn.store(2 * (c + 1), ordering: .sequentiallyConsistent)
    }
  }

  /// Returns when the first `count` chunks are committed (or the turn is halted), committing ready
  /// chunks meanwhile; spins about a commit's time, then yields between checks.
  func wait(until count: Int, commit: (Int) -> Void) {
    var spins = 0
    while turn.load(ordering: .sequentiallyConsistent) >> 1 < count, !isHalted {
      commitReady(commit)
      spins &+= 1
      if spins > 1_024 { sched_yield() }
    }
  }
}
