import Dispatch

/// The core's threaded loops: each task takes a contiguous run of indices (`ChunkedLineBreaking`'s
/// tasks one run each, then chunks in `CommitTurn`'s order). Callers pass closures over
/// indices; what the tasks share is carried across the task boundary here (`SharedBuffer`).
extension LayoutThreading {
  /// Runs `body(p)` for every part `p` in `0 ..< parts`, at most `threads` at a time: each task
  /// takes a contiguous run of parts; one task runs on the calling thread.
  ///
  /// - Complexity: the parts' work, on `min(threads, parts)` threads.
  package static func perform(parts: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    let tasks = max(min(threads, parts), 1)
    if tasks == 1 {
      for p in 0..<parts { body(p) }
      return
    }
    DispatchQueue.concurrentPerform(iterations: tasks) { task in
      for p in run(task, of: tasks, count: parts) { body(p) }
    }
  }

  /// Run `t` of `0 ..< count` cut into `tasks` contiguous runs whose lengths differ by at most
  /// one.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func run(_ t: Int, of tasks: Int, count: Int) -> Range<Int> {
    (t * count / tasks)..<((t + 1) * count / tasks)
  }

  /// Runs `body(t, run, &states[t], shared)` for each task `t` of `tasks` (`states.count` when
  /// `nil`), `run` the `t`-th of `tasks` even contiguous runs of `0 ..< count`, `states[t]` its own.
  ///
  /// - Precondition: `tasks ≤ states.count`; `shared` points into memory that stays alive and that
  ///   the caller leaves alone until the call returns; a task writes only what no other task reads
  ///   or writes meanwhile (its own run, or what `CommitTurn` hands over).
  /// - Complexity: the runs' work, on `tasks` threads.
  static func forEachRun<State, Shared>(
    of count: Int, tasks: Int? = nil, states: inout [State], sharing shared: Shared,
    _ body: @Sendable (_ task: Int, _ run: Range<Int>, _ state: inout State, _ shared: Shared)
      -> Void
  ) {
    let tasks = tasks ?? states.count
    precondition(tasks <= states.count, "a task without its state")
    var shared = shared
    withUnsafeMutablePointer(to: &shared) { one in
      let carried = SharedBuffer(UnsafeMutableBufferPointer(start: one, count: 1))
      states.withUnsafeMutableBufferPointer { all in
        let states = SharedBuffer(all)
        perform(parts: tasks, threads: tasks) { t in
          body(t, run(t, of: tasks, count: count), &states.base[t], carried.base[0])
        }
      }
    }
  }

  /// `forEachRun(of:states:sharing:_:)` on `tasks` tasks (at least one) with no state of their
  /// own.
  ///
  /// - Complexity: the runs' work, on `max(tasks, 1)` threads.
  static func forEachRun<Shared>(
    of count: Int, tasks: Int, sharing shared: Shared,
    _ body: @Sendable (_ run: Range<Int>, _ shared: Shared) -> Void
  ) {
    let tasks = max(tasks, 1)
    var shared = shared
    withUnsafeMutablePointer(to: &shared) { one in
      let carried = SharedBuffer(UnsafeMutableBufferPointer(start: one, count: 1))
      perform(parts: tasks, threads: tasks) { t in
        body(run(t, of: tasks, count: count), carried.base[0])
      }
    }
  }
}
