import FlowLayoutModel

// A run of pages is laid out in order by the full-layout pass, and each boundary inside the run
// is made a line start before the page after it is laid out: the page before is laid out, the
// first items of the page after that the greedy rule puts on its last line join that line, which
// catches up (`catchUpLines` from the last line, `joinLastLine`), and the page after is laid out
// without them. Where a run's items come from is the run's (`PageRun`): pages that hold their
// items (a width change's, `PageLayoutTasks`) or new pages merged from old pages and edits (a
// section rebuild's, `FastFlowLayout.MergedPageRun`). The boundary before a run's first page (a
// seam between runs laid out on different threads) is left to `FastFlowLayout.repairPages`.

/// A run of pages laid out by `PageRuns.layOut`, page `k` of the run (`0 ..< count`) at
/// `pages[place(k)]`, with where its items come from.
protocol PageRun {
  /// Where the run's pages are (the page list's storage, or new pages; the run writes only its
  /// own pages).
  var pages: UnsafeMutableBufferPointer<Page> { get }
  /// The run's pages.
  var count: Int { get }
  /// The kernels the run's lines are broken with.
  var kernels: KernelSelection { get }
  /// Where `pages` holds the run's page `k`.
  func place(_ k: Int) -> Int
  /// The rules of the run's page `k`.
  func rules(_ k: Int) -> LayoutRules
  /// Whether page `k` (> 0) continues page `k − 1`'s section: their boundary is made a line start.
  func continues(_ k: Int) -> Bool
  /// How many of page `k`'s first items the greedy rule puts on page `k − 1`'s last line
  /// (`Page.itemsAbsorbed(from:rules:)`). (`mutating`: a run may look ahead.)
  mutating func itemsJoining(page k: Int) -> Int
  /// Writes page `k`'s first `q` items after `columns` (page `k − 1`'s).
  mutating func append(frontOf k: Int, count q: Int, to columns: inout ItemColumns)
  /// Lays page `k` out by the full-layout pass, without its first `given` items (which
  /// joined page `k − 1`), counting it in `sectionsLaidOut`.
  mutating func layOut(page k: Int, given: Int, counters: inout WorkCounters)
}

enum PageRuns {
  /// Lays out `run`'s pages in order, each boundary between pages of one section made a line
  /// start (the greedy rule's front items moved to the page before, counted in
  /// `pageBoundariesChecked`, `pageBoundariesMoved` and `itemsPaged`); every page's height set.
  ///
  /// - Precondition: each page ends with a line holding its last items once laid out (a line
  ///   table, no line limit), or takes no items (`joinLastLine`).
  /// - Complexity: O(n + r) for the run's n items and r lines, plus O(k + q) per boundary for
  ///   the k items of the last line and the q that join it.
  @inline(__always)
  static func layOut<Run: PageRun>(_ run: inout Run, counters: inout WorkCounters) {
    guard run.count > 0 else { return }
    let pages = run.pages
    var scratch = LineScratch()
    for k in 0..<run.count {
      var given = 0
      if k > 0 {
        let previous = run.place(k - 1)
        let rules = run.rules(k - 1)
        if run.continues(k) {
          counters.pageBoundariesChecked += 1
          let q = run.itemsJoining(page: k)
          if pages[previous].joinLastLine(
            q, rules: rules, kernels: run.kernels, scratch: &scratch, counters: &counters,
            append: { run.append(frontOf: k, count: q, to: &$0) })
          {
            given = q
          }
        }
        pages[previous].updateHeight(rules: rules)
      }
      run.layOut(page: k, given: given, counters: &counters)
    }
    pages[run.place(run.count - 1)].updateHeight(rules: run.rules(run.count - 1))
  }
}

extension Page {
  /// Puts `q` items, which `append` writes after this page's items, on its last line and
  /// re-breaks that line (they are the greedy rule's: `itemsAbsorbed`), counted as a page
  /// boundary moved. A page without a line table, or `q` = 0, takes none.
  ///
  /// - Returns: whether the items moved (`append` was called).
  /// - Complexity: O(k + q) for the k items of the last line, plus `append`'s.
  mutating func joinLastLine(
    _ q: Int, rules: LayoutRules, kernels: KernelSelection, scratch: inout LineScratch,
    counters: inout WorkCounters, append: (inout ItemColumns) -> Void
  ) -> Bool {
    // The last line's index only: a copy of the table kept alive across the catch-up would share
    // its buffers, and the catch-up's writes would copy them (exact-size, losing their room).
    guard q > 0, let lastLine = lastTableLine else { return false }
    counters.pageBoundariesMoved += 1
    counters.itemsPaged += q
    append(&items)
    catchUpLines(
      fromLine: lastLine, keeping: nil, oldItemCount: count, rules: rules, kernels: kernels,
      scratch: &scratch, counters: &counters)
    return true
  }
}

/// Pages that hold their items laid out again (a width change's), on up to `threads` threads,
/// each taking a contiguous run of jobs (`PageRuns`); a page's result does not depend on the
/// thread.
enum PageLayoutTasks {
  /// One page to lay out: its index and place in the page list (`PageList.place(_:)`), its
  /// section, its rules, and whether its lines take the branch-free form (decided once for its
  /// section).
  struct Job: Sendable {
    var page: Int
    var place: Int
    var section: Int
    var rules: LayoutRules
    var branchFree: Bool
  }

  /// Fewest pages a thread is given (fewer: one thread).
  static let pagesPerTask = 16

  /// Lays out every job's page in `storage` (the page list's); returns the work done and the
  /// seams (pages whose boundary with the page before was not checked), ascending.
  ///
  /// - Precondition: the jobs are in page order, their places distinct, each page has a line
  ///   table, and the pages of one section are consecutive jobs.
  /// - Complexity: O(n / t) on t threads for the n items, plus O(c) per boundary moved.
  static func layOut(
    _ jobs: [Job], in storage: UnsafeMutableBufferPointer<Page>, kernels: KernelSelection,
    threads: Int
  ) -> (counters: WorkCounters, seams: [Int]) {
    let tasks = max(min(threads, jobs.count / pagesPerTask), 1)
    var perTask = [WorkCounters](repeating: WorkCounters(), count: tasks)
    jobs.withUnsafeBufferPointer { jobBuffer in
      // Disjoint: task t writes the pages of its run of jobs and its own counters.
      LayoutThreading.forEachRun(
        of: jobs.count, states: &perTask, sharing: (SharedBuffer(storage), SharedBuffer(jobBuffer))
      ) { _, run, counters, shared in
        var pages = KeptPageRun(
          pages: shared.0.base, jobs: UnsafeBufferPointer(rebasing: shared.1.readOnly[run]),
          kernels: kernels)
        PageRuns.layOut(&pages, counters: &counters)
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

  /// A run of jobs' pages, each holding its items: the front items a page gives the page before
  /// leave its columns (`ItemColumns.removeFirst`) before it is laid out.
  struct KeptPageRun: PageRun {
    let pages: UnsafeMutableBufferPointer<Page>
    let jobs: UnsafeBufferPointer<Job>
    let kernels: KernelSelection

    var count: Int { jobs.count }
    func place(_ k: Int) -> Int { jobs[k].place }
    func rules(_ k: Int) -> LayoutRules { jobs[k].rules }
    func continues(_ k: Int) -> Bool { jobs[k].section == jobs[k - 1].section }

    func itemsJoining(page k: Int) -> Int {
      pages[jobs[k - 1].place].itemsAbsorbed(from: pages[jobs[k].place], rules: jobs[k].rules)
    }

    func append(frontOf k: Int, count q: Int, to columns: inout ItemColumns) {
      columns.append(frontOf: pages[jobs[k].place].items, count: q)
    }

    func layOut(page k: Int, given: Int, counters: inout WorkCounters) {
      let job = jobs[k]
      if given > 0 { pages[job.place].items.removeFirst(given) }
      counters.sectionsLaidOut += 1
      pages[job.place].layOutTable(
        rules: job.rules, kernels: kernels, counters: &counters, branchFree: job.branchFree)
    }
  }
}
