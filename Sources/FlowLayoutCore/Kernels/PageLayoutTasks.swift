import Dispatch

/// Pages laid out again by the full-layout pass (`SectionLayout.layOutTable`), on up to
/// `threads` threads: each thread takes a contiguous run of the jobs, whose pages are distinct
/// slots, so no two threads touch one page; a page's result does not depend on the thread.
enum PageLayoutTasks {
  /// One page to lay out: its slot in the page list, its rules, and whether its lines take the
  /// branch-free form (decided once for its section).
  struct Job: Sendable {
    var slot: Int
    var rules: LayoutRules
    var branchFree: Bool
  }

  /// Fewest pages a thread is given (fewer: one thread).
  static let pagesPerTask = 16

  /// Lays out every job's page in `slots` and returns the work done.
  ///
  /// - Precondition: the jobs' slots are distinct and hold pages with line tables.
  /// - Complexity: O(n / t) on t threads for the n items of the jobs' pages.
  static func layOut(
    _ jobs: [Job], in slots: UnsafeMutableBufferPointer<SectionLayout>, kernels: KernelSelection,
    threads: Int
  ) -> WorkCounters {
    let tasks = max(min(threads, jobs.count / pagesPerTask), 1)
    var perTask = [WorkCounters](repeating: WorkCounters(), count: tasks)
    jobs.withUnsafeBufferPointer { jobBuffer in
      perTask.withUnsafeMutableBufferPointer { counterBuffer in
        // Disjoint: task t writes the pages of its run of jobs and its own counters.
        let pages = SharedBuffer(slots)
        let shared = SharedBuffer(jobBuffer)
        let counts = SharedBuffer(counterBuffer)
        let run: @Sendable (Int) -> Void = { t in
          var counters = WorkCounters()
          let all = shared.readOnly
          for k in (t * all.count / tasks)..<((t + 1) * all.count / tasks) {
            let job = all[k]
            counters.sectionsLaidOut += 1
            pages.base[job.slot].layOutTable(
              rules: job.rules, kernels: kernels, counters: &counters, branchFree: job.branchFree)
            pages.base[job.slot].updateHeight(rules: job.rules)
          }
          counts.base[t] = counters
        }
        if tasks == 1 {
          run(0)
        } else {
          DispatchQueue.concurrentPerform(iterations: tasks, execute: run)
        }
      }
    }
    var total = WorkCounters()
    for c in perTask { total.add(c) }
    return total
  }
}
