/// Pages laid out again by the full-layout pass on up to `threads` threads, each taking a
/// contiguous run of jobs (distinct slots); a page's result does not depend on the thread. Within
/// a run, each page boundary is made a line start (the front items the previous page's last line
/// takes move there); the boundary before a run's first page (a seam) is left to
/// `FastFlowLayout.repairPages`.
enum PageLayoutTasks {
  /// One page to lay out: its index and slot in the page list, its section, its rules, and
  /// whether its lines take the branch-free form (decided once for its section).
  struct Job: Sendable {
    var page: Int
    var slot: Int
    var section: Int
    var rules: LayoutRules
    var branchFree: Bool
  }

  /// Fewest pages a thread is given (fewer: one thread).
  static let pagesPerTask = 16

  /// Lays out every job's page in `slots`; returns the work done and the seams (pages whose
  /// boundary with the page before was not checked), ascending.
  ///
  /// - Precondition: the jobs are in page order, their slots distinct, each page has a line
  ///   table, and the pages of one section are consecutive jobs.
  /// - Complexity: O(n / t) on t threads for the n items, plus O(c) per boundary moved.
  static func layOut(
    _ jobs: [Job], in slots: UnsafeMutableBufferPointer<SectionLayout>, kernels: KernelSelection,
    threads: Int
  ) -> (counters: WorkCounters, seams: [Int]) {
    let tasks = max(min(threads, jobs.count / pagesPerTask), 1)
    var perTask = [WorkCounters](repeating: WorkCounters(), count: tasks)
    jobs.withUnsafeBufferPointer { jobBuffer in
      // Disjoint: task t writes the pages of its run of jobs and its own counters.
      LayoutThreading.forEachRun(
        of: jobs.count, states: &perTask, sharing: (SharedBuffer(slots), SharedBuffer(jobBuffer))
      ) { _, run, counters, shared in
        counters = layOut(shared.1.readOnly[run], in: shared.0.base, kernels: kernels)
      }
    }
    var total = WorkCounters()
    for c in perTask { total.add(c) }
    var seams: [Int] = []
    for t in 1..<max(tasks, 1) {
      let b = t * jobs.count / tasks
      if b > 0, b < jobs.count, jobs[b].section == jobs[b - 1].section {
        seams.append(jobs[b].page)
      }
    }
    return (total, seams)
  }

  /// One run of jobs, in order (`layOut(_:in:kernels:threads:)`).
  ///
  /// - Complexity: O(n + r) for the run's n items and r lines, plus O(c) per boundary moved.
  private static func layOut(
    _ run: Slice<UnsafeBufferPointer<Job>>, in pages: UnsafeMutableBufferPointer<SectionLayout>,
    kernels: KernelSelection
  ) -> WorkCounters {
    var counters = WorkCounters()
    var scratch = LineScratch()
    for k in run.indices {
      let job = run[k]
      let q = job.slot
      counters.sectionsLaidOut += 1
      pages[q].layOutTable(
        rules: job.rules, kernels: kernels, counters: &counters, branchFree: job.branchFree)
      // The next page's first items that join this page's last line move here before that
      // page is laid out (its lines then start at a line start).
      if k + 1 < run.endIndex, run[k + 1].section == job.section {
        _ = pages[q].absorbFront(
          of: &pages[run[k + 1].slot], rules: job.rules, kernels: kernels, scratch: &scratch,
          counters: &counters)
      }
      pages[q].updateHeight(rules: job.rules)
    }
    return counters
  }
}
