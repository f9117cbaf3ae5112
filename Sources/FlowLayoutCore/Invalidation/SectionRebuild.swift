import FlowLayoutModel

extension FastFlowLayout {
  /// Whether a large batch of section `s`'s ascending deletions and insertions
  /// (`applyBatchLists`: `edits` of them, `oldCount` items before it) rebuilds the section
  /// (`rebuildSection`) instead of editing its pages one by one: the section holds at least
  /// `pageCapacity.rebuildItems` items before and `2·target` after, it is paged under its
  /// rules (every page a line table), and the edits are dense enough that page-by-page edits would lay
  /// most pages out whole anyway (one edit per `Page.denseEditSpacing` items or more).
  /// A section still one page (laid out whole, not prepared for edits) is rebuilt from it
  /// without being cut first, unless its widths are all equal (`storeForEdits` then keeps it
  /// as equal-width lines).
  ///
  /// - Complexity: O(p) for the section's p pages; O(m) at worst for a one-page section's m
  ///   widths (stopping at the first that differs).
  func rebuildsSection(_ s: Int, edits: Int, oldCount: Int, newCount: Int) -> Bool {
    guard oldCount >= pageCapacity.rebuildItems, newCount >= 2 * pageCapacity.target,
      edits &* Page.denseEditSpacing >= oldCount
    else { return false }
    let range = pages(ofSection: s)
    guard Page.isPaged(under: rules(ofPage: range.lowerBound)),
      range.allSatisfy({ pages[$0].hasLineTable })
    else { return false }
    guard range.count == 1 else { return true }
    let page = range.lowerBound
    return !pages[page].items.widthsKnownEqual
      && !pages[page].items.withSizes { ws, _ in EqualWidthLinesKernel.allWidthsEqual(ws) }
  }

  /// Section `s` after `lists` (its batch's own deletions and insertions, each strictly
  /// ascending), rebuilt: the new item sequence cut at page targets (`pageCapacity.target`),
  /// each new page's columns written straight from the old pages and the lists
  /// (`ColumnMerge`) and laid out by the full-layout pass, on the layout's threads (each a
  /// contiguous run of new pages, `PageRuns`: within a run, each page first gives the page
  /// before it the front items that page's last line takes), the old pages
  /// released as they are passed; then the seams between runs repaired (`repairPages`) and
  /// the page directory rebuilt. Same lines, positions and heights as the page-by-page edits
  /// (`applySectionEdit`): a page's layout is the full layout's from a line start.
  ///
  /// - Precondition: `rebuildsSection(s, …)`; `itemCounts[s]` is the count after the batch,
  ///   `oldCount` the one before.
  /// - Complexity: O(n + e + p) for the section's n items after, e edits and p pages, on t
  ///   threads O((n + e) / t + p); O(log e + log p) binary searches per thread.
  mutating func rebuildSection(
    _ s: Int, with lists: BatchItemLists, oldCount: Int, scratch: inout EditScratch,
    counters: inout WorkCounters
  ) {
    let range = pages(ofSection: s)
    let first = range.lowerBound
    let sectionRules = rules(ofPage: first)
    let newCount = itemCounts[s]
    let target = pageCapacity.target
    let pageCount = max(1, (newCount + target / 2) / target)
    // The old pages' places and first items (the old count last).
    var places: [Int] = []
    var bases: [Int] = []
    places.reserveCapacity(range.count)
    bases.reserveCapacity(range.count + 1)
    var total = 0
    for p in range {
      places.append(pages.place(p))
      bases.append(total)
      total += pages[p].count
    }
    bases.append(total)
    // What every page of the section carries (`page(lines:of:rules:)` copies the same).
    var template = Page()
    template.header = pages[first].header
    template.footer = pages[first].footer
    template.showsSeeAll = pages[first].showsSeeAll
    template.ownMetrics = pages[first].ownMetrics
    template.sameSize = pages[first].sameSize
    let branchFree = pagesBreakBranchFree(section: s, rules: sectionRules)
    let tasks = max(min(threading.threads, pageCount / PageLayoutTasks.pagesPerTask), 1)
    var newPages = [Page](repeating: Page(), count: pageCount)
    // Each task's counters and spare buffers: the last rebuild's surplus shared out.
    var states = [RebuildTaskState](repeating: RebuildTaskState(), count: tasks)
    var pool = SparePageBuffers()
    swap(&pool, &spareBuffers)
    let allocated = pool.allocated
    // (Moved, not copied: a copy retains and releases each buffer, whose header is cold.)
    var k = 0
    while let array = pool.columns.popLast() {
      states[k % tasks].spares.columns.append(array)
      k += 1
    }
    k = 0
    while let table = pool.tables.popLast() {
      states[k % tasks].spares.tables.append(table)
      k += 1
    }
    let kernels = self.kernels
    pages.withUnsafeMutableStorage { storage in
      places.withUnsafeBufferPointer { places in
        bases.withUnsafeBufferPointer { bases in
          newPages.withUnsafeMutableBufferPointer { newPages in
            // Disjoint: task t writes its run of new pages and the old pages only its cursor
            // passes (`ColumnMerge.releasesPassedPages`); the rest is only read.
            let sources = ColumnMerge.Sources(
              storage: storage, places: places, bases: bases, deletions: lists.deletions,
              insertions: lists.insertions, transposed: lists.transposed, packed: lists.packed,
              packedDeletions: lists.packedDeletions)
            let shared = RebuildShared(
              sources: sources, pages: SharedBuffer(newPages), template: template,
              newCount: newCount, pageCount: pageCount, rules: sectionRules, kernels: kernels,
              branchFree: branchFree)
            LayoutThreading.forEachRun(of: pageCount, states: &states, sharing: shared) {
              _, run, state, shared in
              Self.rebuildPages(run, shared: shared, state: &state)
            }
          }
        }
      }
    }
    // What the tasks did not reuse is kept for the next rebuild (a filter's surplus for its
    // restore), up to three columns (widths, heights, positions) and a table per new page; the
    // rest let go.
    pool.allocated = allocated
    for k in states.indices {
      counters.add(states[k].counters)
      pool.allocated += states[k].spares.allocated
      pool.lookedAhead += states[k].spares.lookedAhead
      while pool.columns.count < 3 * pageCount, let array = states[k].spares.columns.popLast() {
        pool.columns.append(array)
      }
      while pool.tables.count < pageCount, let table = states[k].spares.tables.popLast() {
        pool.tables.append(table)
      }
      states[k] = RebuildTaskState()
    }
    spareBuffers = pool
    counters.sectionsRebuilt += 1
    counters.itemsMerged += newCount
    // The new pages moved into the page list (swapped in: no page copied, so no buffer retained
    // and released, and each uniquely referenced before the repair writes).
    replacePages(range, swappingIn: &newPages, section: s)
    newPages = []
    // The repair reads and writes the page summaries by slot: current for the new pages first.
    rebuildPageDirectory()
    // The seams: each run's first page was laid out from a guessed line start.
    var boundaries: [Int] = []
    for t in 1..<max(tasks, 1) where t * pageCount / tasks > 0 {
      boundaries.append(first + t * pageCount / tasks - 1)
    }
    if repairPages(
      ofSection: s, touched: Array(first..<(first + pageCount)), boundaries: boundaries,
      scratch: &scratch, counters: &counters)
    {
      rebuildPageDirectory()
    }
  }

  /// A rebuild task's own: its work counters and its spare page buffers (given before, left
  /// after), with the buffers it made new or grew and the items it merged ahead.
  struct RebuildTaskState: Sendable {
    var counters = WorkCounters()
    var spares = SparePageBuffers()
  }

  /// Buffers the section rebuilds allocated or grew instead of reusing a released page's
  /// (`SparePageBuffers.allocated`), since the engine was made.
  package var rebuildBuffersAllocated: Int { spareBuffers.allocated }

  /// Items the section rebuilds merged ahead of a page to find how many join the page before
  /// it (`MergedPageRun.itemsJoining`), since the engine was made.
  package var rebuildItemsLookedAhead: Int { spareBuffers.lookedAhead }

  /// What the tasks of `rebuildSection` share: the merge's sources, the new pages, and the
  /// section's page template, counts and layout choices.
  struct RebuildShared: Sendable {
    let sources: ColumnMerge.Sources
    let pages: SharedBuffer<Page>
    let template: Page
    let newCount: Int
    let pageCount: Int
    let rules: LayoutRules
    let kernels: KernelSelection
    let branchFree: Bool
  }

  /// New pages `run` of a rebuilt section (`rebuildSection`), laid out as a run
  /// (`PageRuns.layOut`) of `MergedPageRun`.
  ///
  /// - Complexity: O(n + e + q) for the run's n new items, the e edits and q old pages it
  ///   passes.
  static func rebuildPages(
    _ run: Range<Int>, shared: RebuildShared, state: inout RebuildTaskState
  ) {
    guard !run.isEmpty else { return }
    var pages = MergedPageRun(run, shared: shared)
    swap(&pages.merge.spareArrays, &state.spares.columns)
    swap(&pages.merge.spareTables, &state.spares.tables)
    PageRuns.layOut(&pages, counters: &state.counters)
    state.spares.allocated += pages.merge.arraysAllocated + pages.grown
    state.spares.lookedAhead += pages.lookedAhead
    swap(&pages.merge.spareArrays, &state.spares.columns)
    swap(&pages.merge.spareTables, &state.spares.tables)
  }

  /// A rebuild task's run of new pages (`rebuildSection`): each page's columns merged from the
  /// old pages and the edits (`ColumnMerge`) once the page before took its front items, which
  /// are found by looking ahead (`itemsJoining`) and merged onto that page's columns, not
  /// moved out of this page's (a memmove of its columns). A new page's entry holds `Page()`
  /// (`newPages`) and is built in place: a local copy alive while the page is laid out would
  /// make its buffers shared, and every write to them a copy.
  struct MergedPageRun: PageRun {
    let pages: UnsafeMutableBufferPointer<Page>
    /// The run's first page in the section.
    let first: Int
    let count: Int
    let shared: RebuildShared
    var kernels: KernelSelection { shared.kernels }
    var merge: ColumnMerge
    /// The next items looked at (`itemsJoining`).
    var probe = ItemColumns(widths: [], heights: [])
    /// The first new item of the page not yet laid out (before the page before took any).
    var pageStart: Int
    /// Items looked at ahead (`SparePageBuffers.lookedAhead`), and buffers grown.
    var lookedAhead = 0
    var grown = 0

    init(_ run: Range<Int>, shared: RebuildShared) {
      pages = UnsafeMutableBufferPointer(rebasing: shared.pages.base[run])
      first = run.lowerBound
      count = run.count
      self.shared = shared
      pageStart = first * shared.newCount / shared.pageCount
      merge = ColumnMerge(startingAt: pageStart, sources: shared.sources)
    }

    func place(_ k: Int) -> Int { k }
    func rules(_ k: Int) -> LayoutRules { shared.rules }
    func continues(_ k: Int) -> Bool { true }

    /// The end of page `k`'s new items (at the page target).
    @inline(__always)
    func end(ofPage k: Int) -> Int { (first + k + 1) * shared.newCount / shared.pageCount }

    /// How many of the merge's next items (at most page `k`'s) the greedy rule puts on page
    /// `k − 1`'s last line: `itemsAbsorbed(from:rules:)` for a next page of those items, found by
    /// looking ahead (`ColumnMerge.peek`) 8 items at first and four times more while they all
    /// join (counted in `lookedAhead`).
    ///
    /// - Complexity: O(k + j) for the k items of the last line and the j that join (O(8) at
    ///   least).
    @inline(__always)
    mutating func itemsJoining(page k: Int) -> Int {
      let limit = end(ofPage: k) - pageStart
      var ahead = min(limit, 8)
      let position = merge.position
      let sources = merge.sources
      while ahead > 0 {
        probe.removeAll()
        probe.appendUnwritten(ahead, room: ColumnMerge.block) { w, h in
          ColumnMerge.peek(from: position, sources: sources, count: ahead, widths: w, heights: h)
        }
        lookedAhead += ahead
        let joining = probe.withSizes { ws, _ in
          pages[k - 1].itemsAbsorbed(widths: ws, rules: shared.rules)
        }
        if joining < ahead || ahead == limit { return joining }
        ahead = min(limit, 4 * ahead)
      }
      return 0
    }

    @inline(__always)
    mutating func append(frontOf k: Int, count q: Int, to columns: inout ItemColumns) {
      let room = columns.widths.capacity
      merge.append(count: q, to: &columns)
      if columns.widths.capacity != room { grown += 1 }
    }

    @inline(__always)
    mutating func layOut(page k: Int, given: Int, counters: inout WorkCounters) {
      let p = first + k
      // The template's fields (a copy of the template for each page would retain and release
      // its empty columns and lines, which each page then replaces).
      pages[k].header = shared.template.header
      pages[k].footer = shared.template.footer
      pages[k].showsSeeAll = shared.template.showsSeeAll
      pages[k].ownMetrics = shared.template.ownMetrics
      pages[k].sameSize = shared.template.sameSize
      pages[k].opensSection = p == 0
      pages[k].closesSection = p == shared.pageCount - 1
      let end = end(ofPage: k)
      pages[k].items = merge.columns(count: end - pageStart - given)
      pageStart = end
      if let table = merge.spareTables.popLast() { pages[k].lines = .table(consume table) }
      // A new table reserves the lines the previous page's rate gives (not counted again).
      var expectedLines: Int? = nil
      if k > 0, case .table(let previous) = pages[k - 1].lines {
        expectedLines = Page.moreLines(
          items: pages[k].count, after: previous.lineCount, lines: pages[k - 1].count)
      }
      // Positions a page before kept (lines that place them): a spare array for this page's,
      // which the layout writes (`allocatePositions` keeps an array of the count).
      if k > 0, pages[k - 1].items.hasPositions, pages[k].count > 0 {
        pages[k].items.xs = merge.spareArray(count: pages[k].count)
      }
      counters.sectionsLaidOut += 1
      let lineRoom = pages[k].lineTableCapacity
      pages[k].layOutTable(
        rules: shared.rules, kernels: shared.kernels, counters: &counters,
        branchFree: shared.branchFree,
        expectedLines: expectedLines)
      if pages[k].lineTableCapacity != lineRoom { grown += 1 }
    }
  }
}
