import FlowLayoutModel

extension FastFlowLayout {
  /// Restores the page invariants of section `s` after its pages `touched` (ascending, not empty)
  /// were edited one by one, which may have broken the page boundaries `boundaries` (ascending; `b`
  /// lies between pages `b` and `b + 1`): every boundary is a line start (items the greedy rule puts
  /// on a page's last line move there, the next page re-broken until it catches up); no page is
  /// empty, the first opens the section and the last closes it; no page holds more than
  /// `pageCapacity.maximum` items or, in a section of several pages, fewer than
  /// `pageCapacity.minimum`.
  ///
  /// - Returns: whether pages were added or removed (the page summaries need a rebuild); otherwise
  ///   the changed pages' summaries are rewritten here.
  /// - Complexity: O(c) per page checked or changed (c items): those of `boundaries` and those
  ///   items moved into.
  mutating func repairPages(
    ofSection s: Int, touched: [Int], boundaries: [Int], scratch: inout EditScratch,
    counters: inout WorkCounters
  ) -> Bool {
    let rules = self.rules(ofSection: s)
    let start = firstPage[s]
    var end = firstPage[s + 1]
    var structural = false
    let lo = max(touched[0] - 1, start)
    var hi = min(touched[touched.count - 1] + 1, end)

    // Empty pages out (a section of no items keeps one page).
    if touched.contains(where: { pages[$0].count == 0 }) {
      var p = touched[touched.count - 1]
      while p >= lo, end - start > 1 {
        if p < end, pages[p].count == 0 {
          replacePages(p..<(p + 1), with: [], section: s)
          end -= 1
          hi -= 1
          structural = true
        }
        p -= 1
      }
      hi = max(min(hi, end), lo)
    }

    // Boundaries from the page before the first touched one; only those in `boundaries` or after a
    // page items moved out of can break (every one of the window once a page was removed).
    var changed = scratch.changed
    scratch.changed = []  // `changed` uniquely referenced
    changed.removeAll(keepingCapacity: true)
    changed.append(contentsOf: touched)
    var next = 0  // the first touched page not yet passed
    var nextBoundary = 0  // the first entry of `boundaries` not yet passed
    var skipping = !structural  // page indices are exact until a page is removed
    var p = lo
    var carry = false  // page p changed by a move outside the touched window
    var cascade = 0  // consecutive pages changed by moves outside the window
    while p + 1 < end, p < hi || carry {
      while next < touched.count, touched[next] < p { next += 1 }
      if skipping, !carry {
        while nextBoundary < boundaries.count, boundaries[nextBoundary] < p { nextBoundary += 1 }
        guard nextBoundary < boundaries.count else { break }
        if boundaries[nextBoundary] > p {
          p = boundaries[nextBoundary]  // no boundary before it may have broken
          continue
        }
      }
      counters.pageBoundariesChecked += 1
      let q = pages[p].itemsAbsorbed(from: pages[p + 1], rules: rules)
      guard q > 0 else {
        // The carry stopped: a later move starts a new run of pages carried into.
        carry = false
        cascade = 0
        p += 1
        continue
      }
      // Pages carried into without being touched: a run of them means no re-synchronisation.
      let nextIsTouched =
        skipping
        ? (next < touched.count && touched[next] == p + 1)
          || (next + 1 < touched.count && touched[next + 1] == p + 1)
        : p + 1 < hi
      cascade = nextIsTouched ? 0 : cascade + 1
      if cascade >= 2 {
        // The lines did not re-synchronise over two pages (equal widths never do): each next
        // page is laid out whole, by the full-layout pass, instead of re-broken until a sync.
        shiftItems(q, fromFrontOf: p + 1, toEndOf: p, scratch: &scratch, counters: &counters)
      } else {
        moveItems(q, fromFrontOf: p + 1, toEndOf: p, scratch: &scratch, counters: &counters)
        counters.pageBoundariesMoved += 1
      }
      changed.append(p)
      changed.append(p + 1)
      if pages[p + 1].count == 0 {
        replacePages((p + 1)..<(p + 2), with: [], section: s)
        end -= 1
        if p + 1 < hi { hi -= 1 }
        structural = true
        skipping = false
      } else {
        p += 1
      }
      carry = true
    }
    let checkedEnd = min(max(p + 2, hi + 1), end)

    // Which pages open and close the section.
    if structural {
      for q in start..<end {
        pages[q].setEdges(
          opens: q == start, closes: q == end - 1, rules: rules, counters: &counters)
      }
    }

    // Page sizes: the changed pages from the last, or every page of the window once pages were
    // added or removed.
    changed.sortInPlace()  // the standard sort allocates a buffer
    if structural {
      changed.removeAll(keepingCapacity: true)
      changed.append(contentsOf: lo..<checkedEnd)
    } else {
      var kept = 0
      for k in changed.indices where kept == 0 || changed[k] != changed[kept - 1] {
        changed[kept] = changed[k]
        kept += 1
      }
      changed.removeLast(changed.count - kept)
    }
    defer { scratch.changed = changed }
    for q in changed.reversed() where q < end {
      let n = pages[q].count
      if n > pageCapacity.maximum {
        let cut = pages[q].pages(target: max(n / 2, 1), rules: rules)
        counters.itemsPaged += n
        if cut.count > 1 {
          replacePages(q..<(q + 1), with: cut, section: s)
          end += cut.count - 1
          structural = true
        }
      } else if n < pageCapacity.minimum, end - start > 1 {
        let pair = q + 1 < end ? q..<(q + 2) : (q - 1)..<(q + 1)
        let merged = Page.joined(pages[pair], rules: rules)
        counters.itemsPaged += merged.count
        // A short page and a full one may hold more than a page: cut again, in two halves.
        let parts =
          merged.count > pageCapacity.maximum
          ? merged.pages(target: merged.count / 2, rules: rules) : [merged]
        replacePages(pair, with: parts, section: s)
        end += parts.count - 2
        structural = true
      }
    }
    if structural { return true }
    counters.pageTreeNodesWritten += refreshPages(changed)
    return false
  }

  /// Moves page `from`'s first `q` items to the end of page `to` (the page before): `to` re-breaks
  /// its last line, `from` catches up from its first line.
  ///
  /// - Complexity: O(c) for the two pages' c items.
  private mutating func moveItems(
    _ q: Int, fromFrontOf from: Int, toEndOf to: Int, scratch: inout EditScratch,
    counters: inout WorkCounters
  ) {
    let rules = self.rules(ofPage: to)
    var edit = scratch.page
    scratch.page = SectionEdit()  // `edit` uniquely referenced
    edit.removeAll()
    let base = pages[to].count
    counters.itemsPaged += q
    pages[from].items.withSizes { ws, hs in
      for i in 0..<q {
        edit.insertions.append((base + i, Size(width: ws[i], height: hs[i])))
      }
    }
    pages[to].applySplice(
      edit, resized: nil, rules: rules, kernels: kernels, scratch: &scratch.lines,
      counters: &counters)
    edit.removeAll()
    edit.removals.append(contentsOf: 0..<q)
    pages[from].applySplice(
      edit, resized: nil, rules: rules, kernels: kernels, scratch: &scratch.lines,
      counters: &counters)
    edit.removeAll()
    scratch.page = edit
  }
}

extension FastFlowLayout {
  /// `moveItems` for a page laid out again whole by the full-layout pass: the step of a page
  /// run (`PageRuns.layOut`), counted as a boundary moved.
  ///
  /// - Precondition: `q` > 0 items join page `to`'s last line (`itemsAbsorbed`).
  /// - Complexity: O(c) for the two pages' c items.
  private mutating func shiftItems(
    _ q: Int, fromFrontOf from: Int, toEndOf to: Int, scratch: inout EditScratch,
    counters: inout WorkCounters
  ) {
    let rules = self.rules(ofPage: to)
    let kernels = self.kernels
    let (a, b) = (pages.place(to), pages.place(from))
    // Computed positions stay computed: `to`'s re-broken last line stores them if it grows
    // past the limit (`place(lines:of:rules:counters:)`), `from` is laid out whole.
    pages.withUnsafeMutableStorage { storage in
      let joined = storage[a].joinLastLine(
        q, rules: rules, kernels: kernels, scratch: &scratch.lines, counters: &counters,
        append: { $0.append(frontOf: storage[b].items, count: q) })
      precondition(joined, "items joined a page without lines")
      storage[b].items.removeFirst(q)
      storage[b].layOutTable(rules: rules, kernels: kernels, counters: &counters)
      storage[b].updateHeight(rules: rules)
    }
  }
}

extension Page {
  /// Sets whether this page opens and closes its section; its height follows, and its last line is
  /// placed again when it starts or stops closing the section.
  ///
  /// - Complexity: O(1), or O(k) for the k items of the last line.
  mutating func setEdges(
    opens: Bool, closes: Bool, rules: LayoutRules, counters: inout WorkCounters
  ) {
    guard opens != opensSection || closes != closesSection else { return }
    let closingChanged = closes != closesSection
    opensSection = opens
    closesSection = closes
    if closingChanged, case .table(let table) = lines, table.lineCount > 0 {
      let m = table.lineCount
      place(line: m - 1, of: table, rules: rules, counters: &counters)
    }
    updateHeight(rules: rules)
  }
}

extension Page {
  /// The index of the line table's last line; nil without a table or lines.
  ///
  /// - Complexity: O(1).
  var lastTableLine: Int? {
    guard case .table(let table) = lines, table.lineCount > 0 else { return nil }
    return table.lineCount - 1
  }
}
