import FlowLayoutModel

extension FastFlowLayout {
  /// A batch that changes only the line rules (a width change, options): every section laid out
  /// again under `newRules`, a paged section page by page keeping its pages (then repaired,
  /// `repairPages`), a section of one page or no longer paged whole, as by `relayOut`.
  ///
  /// - Precondition: the batch has no item or section edits; `newRules != rules`.
  /// - Complexity: O(n + p log p) for n items in p pages.
  mutating func relayOutKeepingPages(
    rules newRules: LayoutRules, configuration newConfiguration: LayoutConfiguration,
    bounds newBounds: Size, scratch: inout EditScratch, counters: inout WorkCounters
  ) {
    // A section of one page is laid out whole; a paged section's pages get their item columns back.
    var paged: [Int] = []
    var jobs: [PageLayoutTasks.Job] = []
    var short: [Int] = []
    for s in 0..<sectionCount {
      let range = pages(ofSection: s)
      let first = range.lowerBound
      // Own metrics resolved again, one object for the section's pages.
      if let own = pages[first].ownMetrics {
        let resolved = OwnMetrics(own.metrics, configuration: newConfiguration, bounds: newBounds)
        for p in range { pages[p].ownMetrics = resolved }
      }
      let sectionRules = pages[first].rules(newRules)
      if range.count > 1 { for p in range { pages[p].restoreColumns() } }
      if range.count > 1, Page.isPaged(under: sectionRules),
        range.allSatisfy({ pages[$0].hasLineTable })
      {
        let branchFree = pagesBreakBranchFree(section: s, rules: sectionRules)
        // (Page indices here; places once no section is joined any more, below.)
        for p in range {
          jobs.append(
            PageLayoutTasks.Job(
              page: p, place: p, section: s, rules: sectionRules, branchFree: branchFree))
        }
        paged.append(s)
        continue
      }
      if range.count > 1 {
        // No longer paged: one page again (O(n) for its items, once).
        counters.itemsPaged += itemCounts[s]
        let whole = Page.joined(pages[range], rules: rules(ofPage: first))
        replacePages(range, with: [whole], section: s)
      }
      pages[first].opensSection = true
      pages[first].closesSection = true
      if threading.runsWholePages(pages[first].count) {
        short.append(first)
        continue
      }
      pages[first].layOut(
        rules: sectionRules, kernels: kernels, threading: threading, counters: &counters)
    }
    layOutWholePages(short, rules: newRules, counters: &counters)
    // The paged sections' pages, on the layout's threads (a page at a time: O(c) each).
    for k in jobs.indices { jobs[k].place = pages.place(jobs[k].page) }
    let threads = threading.threads
    let kernels = self.kernels
    let (done, seams) = pages.withUnsafeMutableStorage { storage in
      PageLayoutTasks.layOut(jobs, in: storage, kernels: kernels, threads: threads)
    }
    counters.add(done)
    rules = newRules
    // Each paged section's pages checked, with the seams the tasks left, from the last section.
    var seam = seams.count - 1
    for s in paged.reversed() {
      let range = pages(ofSection: s)
      var boundaries: [Int] = []
      while seam >= 0, seams[seam] >= range.lowerBound {
        boundaries.append(seams[seam] - 1)
        seam -= 1
      }
      _ = repairPages(
        ofSection: s, touched: Array(range), boundaries: boundaries.reversed(),
        scratch: &scratch, counters: &counters)
    }
    rebuildPageDirectory()
  }
}

extension FastFlowLayout {
  /// Lays out `indices` (ascending; each page its section's only one, too short to split its
  /// lines across threads) under `rules` (a section's own metrics applied), a run of them per
  /// thread: a first layout or a width change of many short sections on every core. The same
  /// pages as one by one on the calling thread, bit for bit (each page is laid out by itself).
  /// With `screening`, returns the screen of every item length (`Page.layOutScreening`).
  ///
  /// - Complexity: O(n / t + k) on t threads for the pages' n items.
  @discardableResult
  mutating func layOutWholePages(
    _ indices: [Int], rules: LayoutRules, counters: inout WorkCounters, screening: Bool = false
  ) -> LengthScreen {
    var screen = LengthScreen()
    guard !indices.isEmpty else { return screen }
    let places = indices.map { pages.place($0) }
    let tasks = max(min(threading.threads, places.count / PageLayoutTasks.pagesPerTask), 1)
    var perTask = [(WorkCounters, LengthScreen)](
      repeating: (WorkCounters(), LengthScreen()), count: tasks)
    let kernels = self.kernels
    pages.withUnsafeMutableStorage { buffer in
      places.withUnsafeBufferPointer { placeBuffer in
        // Disjoint: task t writes the pages of its run of places (distinct) and its own state.
        LayoutThreading.forEachRun(
          of: placeBuffer.count, states: &perTask,
          sharing: (SharedBuffer(buffer), SharedBuffer(placeBuffer))
        ) { _, run, state, shared in
          let pages = shared.0.base
          for q in shared.1.readOnly[run] {
            let pageRules = pages[q].rules(rules)
            if screening {
              pages[q].layOutScreening(
                rules: pageRules, kernels: kernels, counters: &state.0, screen: &state.1)
            } else {
              _ = pages[q].layOut(rules: pageRules, kernels: kernels, counters: &state.0)
            }
          }
        }
      }
    }
    for (c, s) in perTask {
      counters.add(c)
      screen.maxBits = max(screen.maxBits, s.maxBits)
    }
    return screen
  }

  /// Whether the pages of paged section `s` take the branch-free line forms, decided once for the
  /// section as a layout of it whole would (the lines are the same either way).
  ///
  /// - Complexity: O(min(c, 1 024)) for the first page's c items.
  func pagesBreakBranchFree(section s: Int, rules: LayoutRules) -> Bool {
    itemCounts[s] >= LineEndPrediction.branchFreeItems
      && !pages[firstPage[s]].items.withSizes { ws, _ in
        ws.isEmpty
          || LineEndPrediction.lineEndsLearnable(
            ws, from: 0, limit: rules.available + rules.epsilon, interitem: rules.interitem)
      }
  }
}
