import FlowLayoutModel

extension FastFlowLayout {
  /// Applies a batch (UIKit index semantics): validated as a whole first, so a rejected batch
  /// leaves the engine exactly as it was; then item edits are applied to the pages of the
  /// sections they name (each page re-broken from its first touched line only, page boundaries
  /// repaired, `PageRepair`), sections are deleted and inserted, and a bounds change that
  /// changes the line length lays every section out again.
  ///
  /// - Complexity: O(e log e + s) to validate; then per edited page O(c + k) for its c items
  ///   and the k items of re-broken lines, O(log p) per tree entry rewritten; O(p + s) when
  ///   pages or sections are added or removed. See `WorkCounters`.
  /// - Throws: what `BatchUpdate.validate(itemCounts:configuration:bounds:field:)` throws.
  public mutating func apply(_ update: BatchUpdate) throws(LayoutError) {
    if !update.moveSections.isEmpty { return try applyRebuilding(update) }
    let plan = try update.validate(
      itemCounts: itemCounts, configuration: configuration, bounds: bounds)
    let newBounds = plan.newBounds
    let newConfiguration = plan.newConfiguration
    let newRules = LayoutRules(configuration: newConfiguration, bounds: newBounds)
    // Rules that change change every section's own ones: those must still leave a line
    // (inserted sections' were checked by the batch's validation). Unchanged layout rules mean
    // unchanged section rules (both follow from the options and the line's bounds only).
    let relayoutAll = newRules != rules
    if relayoutAll {
      try validateOwnMetrics(
        configuration: newConfiguration, bounds: newBounds, sectionCount: plan.newSectionCount,
        oldSection: { plan.oldSection(ofNewSection: $0) })
    }
    // Nothing below throws.
    let changesSections = !update.insertSections.isEmpty || !update.deleteSections.isEmpty
    // Item edits per section, in the sections before the batch (an item edit never names a
    // deleted or inserted section: the validation refuses it).
    var edits = itemEdits(update, sectionBefore: { plan.oldSection(ofNewSection: $0)! })
    // The plan shares `itemCounts`' storage: let it go before the counts change (or they are
    // copied, O(s)).
    _ = consume plan
    var counters = workCounters
    defer { workCounters = counters }
    // Inserted sections resolve their own metrics under the options and bounds after the batch.
    bounds = newBounds
    configuration = newConfiguration
    if relayoutAll {
      relayOut(
        edits: &edits, update: update, rules: newRules, configuration: newConfiguration,
        bounds: newBounds, counters: &counters)
    } else {
      applyItemEdits(&edits, counters: &counters)
      if changesSections { replaceSections(update: update, counters: &counters) }
    }
  }

  /// The batch's item edits grouped by section (before the batch), each in UIKit's order:
  /// resizes and removals by index before the batch, insertions (with sizes; moved items read
  /// later) by index after it, both sorted by `applyItemEdits`.
  ///
  /// - Complexity: O(e).
  private func itemEdits(_ update: BatchUpdate, sectionBefore: (Int) -> Int) -> [Int: SectionEdit]
  {
    let transposed = rules.transposed
    func working(_ size: Size) -> Size { transposed ? size.transposed : size }
    var edits: [Int: SectionEdit] = [:]
    for r in update.resizeItems {
      edits[r.at.section, default: SectionEdit()].resizes.append((r.at.item, working(r.size)))
    }
    for d in update.deleteItems { edits[d.section, default: SectionEdit()].removals.append(d.item) }
    for m in update.moveItems {
      edits[m.from.section, default: SectionEdit()].removals.append(m.from.item)
      edits[sectionBefore(m.to.section), default: SectionEdit()].moves.append(
        (m.to.item, m.from))
    }
    for i in update.insertItems {
      edits[sectionBefore(i.at.section), default: SectionEdit()].insertions.append(
        (i.at.item, working(i.size)))
    }
    return edits
  }

  /// The size (working orientation) of item `j` of section `s`.
  ///
  /// - Complexity: O(log p).
  func itemSize(_ j: Int, inSection s: Int) -> Size {
    let (p, i) = locate(item: j, inSection: s)
    return Size(width: pages[p].items.widths[i], height: pages[p].items.heights[i])
  }

  /// Applies item edits to the sections they name (the line rules unchanged): resizes first
  /// (a moved item takes its new size along), then removals and insertions, each section's
  /// pages re-broken from their first touched lines.
  ///
  /// - Complexity: per edited section, what `applySectionEdit` costs.
  private mutating func applyItemEdits(
    _ edits: inout [Int: SectionEdit], counters: inout WorkCounters
  ) {
    guard !edits.isEmpty else { return }
    let sectionsEdited = edits.keys.sorted()
    // A long greedy section is cut into pages before its first insertion or removal (once:
    // O(n)); a resize moves nothing in a section of one page.
    var pageCountChanged = false
    if SectionLayout.isPaged(under: rules) {
      for s in sectionsEdited where pages(ofSection: s).count == 1 {
        let edit = edits[s]!
        guard !edit.removals.isEmpty || !edit.moves.isEmpty || !edit.insertions.isEmpty else {
          continue
        }
        let p = firstPage[s]
        guard pages[p].count >= pageCapacity.maximum else { continue }
        let cut = pages[p].pages(target: pageCapacity.target, rules: rules(ofPage: p))
        counters.itemsPaged += pages[p].count
        if cut.count > 1 {
          replacePages(p..<(p + 1), with: cut, section: s)
          pageCountChanged = true
        }
      }
    }
    if pageCountChanged { rebuildPageDirectory() }

    var resized: [Int: [Int: (first: Int, last: Int)]] = [:]
    for s in sectionsEdited where !edits[s]!.resizes.isEmpty {
      resized[s] = applyResizes(edits[s]!.resizes, inSection: s, counters: &counters)
    }
    for s in sectionsEdited {
      var edit = edits[s]!
      for (to, from) in edit.moves {
        edit.insertions.append((to, itemSize(from.item, inSection: from.section)))
      }
      edit.moves = []
      edit.removals.sort()
      edit.insertions.sort { $0.index < $1.index }
      edits[s] = edit
    }
    for s in sectionsEdited {
      let edit = edits[s]!
      itemCounts[s] += edit.insertions.count - edit.removals.count
      // The next section's edits are located through the page trees: current before each.
      if applySectionEdit(edit, resized: resized[s] ?? [:], inSection: s, counters: &counters) {
        rebuildPageDirectory()
      }
    }
  }

  /// Applies resizes (indices before the batch) to the pages of section `s`.
  ///
  /// - Returns: per page (by its place in the section: edits to earlier sections may add or
  ///   remove pages before it), the local range bounds of the items whose size changed.
  /// - Complexity: O(e log p).
  private mutating func applyResizes(
    _ resizes: [(index: Int, size: Size)], inSection s: Int, counters: inout WorkCounters
  ) -> [Int: (first: Int, last: Int)] {
    var perPage: [Int: [(index: Int, size: Size)]] = [:]
    for (i, size) in resizes {
      let (p, j) = locate(item: i, inSection: s)
      perPage[p, default: []].append((j, size))
    }
    var result: [Int: (first: Int, last: Int)] = [:]
    for (p, local) in perPage {
      result[p - firstPage[s]] = pages[p].applyResizes(
        local, rules: rules(ofPage: p), counters: &counters)
    }
    return result
  }

  /// Applies one section's removals and insertions (sorted; resizes already applied, `resized`
  /// per page) to its pages, repairs the page boundaries and keeps the page sizes within
  /// `pageCapacity`.
  ///
  /// - Returns: whether pages were added or removed (the page trees need a rebuild); otherwise
  ///   the trees are updated here.
  /// - Complexity: O(c + k) per touched page (c items, k re-broken), O(log p) per tree entry.
  private mutating func applySectionEdit(
    _ edit: SectionEdit, resized: [Int: (first: Int, last: Int)], inSection s: Int,
    counters: inout WorkCounters
  ) -> Bool {
    let range = pages(ofSection: s)
    if range.count == 1 {
      let p = range.lowerBound
      pages[p].applySplice(
        edit, resized: resized[0], rules: rules(ofPage: p), kernels: kernels, counters: &counters)
      counters.pageTreeNodesWritten += refreshPages(p..<(p + 1))
      return false
    }
    // Each edit to the page holding it, with the page's own indices.
    var local = [Int: SectionEdit]()
    for (i, size) in edit.resizes {
      let (p, j) = locate(item: i, inSection: s)
      local[p, default: SectionEdit()].resizes.append((j, size))
    }
    for r in edit.removals {
      let (p, j) = locate(item: r, inSection: s)
      local[p, default: SectionEdit()].removals.append(j)
    }
    if !edit.insertions.isEmpty {
      // An insertion at index i (after the batch) goes before the old item that survives with
      // i − rank earlier survivors (rank = earlier insertions), or after the last survivor.
      let oldCount = itemCounts[s] - edit.insertions.count + edit.removals.count
      var k = 0
      for (rank, insertion) in edit.insertions.enumerated() {
        var o = insertion.index - rank + k
        while k < edit.removals.count, edit.removals[k] <= o {
          k += 1
          o += 1
        }
        let p: Int
        let survivorsBefore: Int
        if o < oldCount {
          let (page, j) = locate(item: o, inSection: s)
          p = page
          let removed = local[p]?.removals ?? []
          survivorsBefore = j - Self.countLess(than: j, in: removed)
        } else {
          p = range.upperBound - 1
          survivorsBefore = pages[p].count - (local[p]?.removals.count ?? 0)
        }
        let earlier = local[p]?.insertions.count ?? 0
        local[p, default: SectionEdit()].insertions.append(
          (survivorsBefore + earlier, insertion.size))
      }
    }
    var touched = Array(local.keys)
    touched.sort()
    for p in touched {
      pages[p].applySplice(
        local[p]!, resized: resized[p - range.lowerBound], rules: rules(ofPage: p),
        kernels: kernels, counters: &counters)
    }
    return repairPages(ofSection: s, touched: touched, counters: &counters)
  }

  /// The number of values in `sorted` (ascending) below `value`.
  ///
  /// - Complexity: O(log k).
  static func countLess(than value: Int, in sorted: [Int]) -> Int {
    var lo = 0
    var hi = sorted.count
    while lo < hi {
      let mid = (lo + hi) >> 1
      if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Replaces `range` of the pages (all of section `s`) with `new`, moving the later sections'
  /// first pages. The page trees are stale until `rebuildPageDirectory()`.
  ///
  /// - Complexity: O(p + s).
  mutating func replacePages(_ range: Range<Int>, with new: [SectionLayout], section s: Int) {
    pages.replaceSubrange(range, with: new)
    let delta = new.count - range.count
    guard delta != 0 else { return }
    for t in (s + 1)..<firstPage.count { firstPage[t] += delta }
  }

  /// A batch whose bounds change the line length: every section becomes one page again (pages
  /// joined), the item edits are applied to its columns, sections are deleted and inserted, and
  /// every section is laid out again under `rules` (its own metrics resolved again under
  /// `configuration` and `bounds`), in place.
  ///
  /// - Complexity: O(n + e log e) for n items.
  private mutating func relayOut(
    edits: inout [Int: SectionEdit], update: BatchUpdate, rules newRules: LayoutRules,
    configuration newConfiguration: LayoutConfiguration, bounds newBounds: Size,
    counters: inout WorkCounters
  ) {
    // One page per section, resizes applied before move sources are read.
    if pages.count != sectionCount {
      var joined: [SectionLayout] = []
      joined.reserveCapacity(sectionCount)
      for s in 0..<sectionCount {
        let range = pages(ofSection: s)
        if range.count == 1 {
          var page = SectionLayout()
          swap(&page, &pages[range.lowerBound])
          joined.append(page)
        } else {
          counters.itemsPaged += itemCounts[s]
          joined.append(SectionLayout.joined(pages[range], rules: rules(ofPage: range.lowerBound)))
        }
      }
      pages = joined
      firstPage = Array(0...sectionCount)
    }
    for (s, edit) in edits {
      pages[s].opensSection = true
      pages[s].closesSection = true
      for (i, size) in edit.resizes {
        pages[s].items.widths[i] = size.width
        pages[s].items.heights[i] = size.height
      }
    }
    for s in edits.keys {
      var edit = edits[s]!
      for (to, from) in edit.moves {
        let source = pages[from.section].items
        edit.insertions.append(
          (to, Size(width: source.widths[from.item], height: source.heights[from.item])))
      }
      edit.moves = []
      edit.removals.sort()
      edit.insertions.sort { $0.index < $1.index }
      edits[s] = edit
    }
    for (s, edit) in edits where !edit.removals.isEmpty || !edit.insertions.isEmpty {
      pages[s].items.splice(removing: edit.removals, inserting: edit.insertions)
      itemCounts[s] += edit.insertions.count - edit.removals.count
    }
    // Sections out and in (inserted ones are laid out under the new rules as they are built).
    var laidOut = [Bool](repeating: false, count: pages.count)
    if !update.deleteSections.isEmpty || !update.insertSections.isEmpty {
      for s in update.deleteSections.sorted(by: >) {
        pages.remove(at: s)
        itemCounts.remove(at: s)
        laidOut.remove(at: s)
      }
      for insertion in update.insertSections.sorted(by: { $0.at < $1.at }) {
        let own = OwnMetrics.resolving(
          insertion.section.metrics, configuration: newConfiguration, bounds: newBounds)
        pages.insert(
          SectionLayout(
            insertion.section, transposed: newRules.transposed, rules: own?.rules ?? newRules,
            ownMetrics: own, kernels: kernels, counters: &counters), at: insertion.at)
        itemCounts.insert(insertion.section.count, at: insertion.at)
        laidOut.insert(true, at: insertion.at)
      }
      firstPage = Array(0...pages.count)
    }
    for s in pages.indices where !laidOut[s] {
      if let own = pages[s].ownMetrics {
        pages[s].ownMetrics = OwnMetrics(
          own.metrics, configuration: newConfiguration, bounds: newBounds)
      }
      pages[s].layOut(rules: pages[s].rules(newRules), kernels: kernels, counters: &counters)
    }
    rules = newRules
    rebuildPageDirectory()
  }

  /// Deletes and inserts sections (item edits already applied), in place: deletions from the
  /// last, then insertions from the first (their indices are after the batch), keeping the
  /// pages of the surviving sections.
  ///
  /// - Complexity: O(k·(p + s)) memory moves for k sections deleted or inserted (one
  ///   `memmove` each), O(m) for the m items of inserted sections, O(p) for the page trees.
  private mutating func replaceSections(update: BatchUpdate, counters: inout WorkCounters) {
    for s in update.deleteSections.sorted(by: >) {
      let range = pages(ofSection: s)
      pages.removeSubrange(range)
      firstPage.remove(at: s + 1)
      for t in (s + 1)..<firstPage.count { firstPage[t] -= range.count }
      itemCounts.remove(at: s)
    }
    for insertion in update.insertSections.sorted(by: { $0.at < $1.at }) {
      let s = insertion.at
      let p = firstPage[s]
      let own = OwnMetrics.resolving(
        insertion.section.metrics, configuration: configuration, bounds: bounds)
      pages.insert(
        SectionLayout(
          insertion.section, transposed: rules.transposed, rules: own?.rules ?? rules,
          ownMetrics: own, kernels: kernels, counters: &counters), at: p)
      firstPage.insert(p, at: s)
      for t in (s + 1)..<firstPage.count { firstPage[t] += 1 }
      itemCounts.insert(insertion.section.count, at: s)
    }
    rebuildPageDirectory()
  }
}
