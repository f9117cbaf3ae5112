import FlowLayoutModel

extension FastFlowLayout {
  /// Applies a batch with `moveSections`: a batch of section edits only moves the kept sections'
  /// pages into their new order (one move alone: `moveSection(from:to:)`) and lays out the inserted
  /// ones; any other batch with moves lays the edited input out again (`applyRebuilding`).
  ///
  /// - Complexity: one move alone, O((k + d) log p) for its k pages and the d pages and sections
  ///   between the gap and the two places; O(e + p + s + m) for another batch of section edits (m
  ///   items in inserted sections); otherwise O(n + e log e).
  /// - Throws: the batch's `LayoutError`; the engine is unchanged.
  mutating func applyMovingSections(
    _ update: BatchUpdate, validated: consuming BatchPlan?, scratch: inout EditScratch
  ) throws(LayoutError) {
    guard update.editsSectionsOnly else { return try applyRebuilding(update) }
    let plan = try self.plan(of: update, validated: validated, scratch: &scratch)
    if update.moveSections.count == 1, update.insertSections.isEmpty,
      update.deleteSections.isEmpty
    {
      // The plan shares `itemCounts`' storage: let it go before the counts change (or they are
      // copied, O(s)).
      _ = consume plan
      let move = update.moveSections[0]
      moveSection(from: move.from, to: move.to)
      return
    }
    // Inserted sections resolve their own metrics under the current options and bounds: the
    // batch changes neither, so their own rules need no further check (the validation did it).
    reorderSections(plan: plan, insertions: update.insertSections)
  }

  /// The sections in the order `plan` gives, each kept section's pages moved as they are, each
  /// inserted one laid out (only those counted in `WorkCounters`); then the page summaries rebuilt.
  ///
  /// - Complexity: O(p + s + m) for p pages, s sections and the m items of inserted sections.
  private mutating func reorderSections(plan: BatchPlan, insertions: [SectionInsertion]) {
    var counters = workCounters
    defer { workCounters = counters }
    let newSectionCount = plan.newSectionCount
    var inserted: [Int: SectionData] = [:]
    for insertion in insertions { inserted[insertion.at] = insertion.section }
    assembleSections(
      count: newSectionCount, reserving: pages.count + insertions.count, threading: .off,
      counters: &counters, oldSection: { plan.oldSection(ofNewSection: $0) },
      inserted: { inserted[$0]! })
    rebuildPageDirectory()
  }

  /// Moves section `s` (old index) to index `t` (new index): its pages, first page and item count
  /// spliced out and in with the page summaries kept current. Nothing is laid out.
  ///
  /// - Precondition: `0 ≤ s, t < sectionCount` (validated).
  /// - Complexity: O((k + d) log p) for the section's k pages and the d pages and sections between
  ///   the gaps and `s`, `t`; O(p) when the slots are re-laid out.
  private mutating func moveSection(from s: Int, to t: Int) {
    guard s != t else { return }
    var counters = workCounters
    defer { workCounters = counters }
    let range = pages(ofSection: s)
    // Moved out (a swap with an empty page each: no reference counting), not copied.
    var moved: [Page] = []
    moved.reserveCapacity(range.count)
    for p in range {
      var page = Page()
      swap(&page, &pages[p])
      moved.append(page)
    }
    let count = itemCounts[s]
    counters.pageTreeNodesWritten += splicePages(range, with: EmptyCollection())
    firstPage.shift(after: s, by: -range.count)
    firstPage.remove(at: s)
    itemCounts.remove(at: s)
    let p = firstPage[t]
    counters.pageTreeNodesWritten += splicePages(p..<p, with: moved)
    firstPage.insert(p, at: t)
    firstPage.shift(after: t, by: range.count)
    itemCounts.insert(count, at: t)
  }

  /// Applies a batch with `moveSections` by laying out `LayoutInput.applying` (which validates the
  /// batch as `apply(_:)` does) again.
  ///
  /// - Complexity: O(n + e log e) for n items.
  /// - Throws: the batch's `LayoutError`; the engine is unchanged.
  mutating func applyRebuilding(_ update: BatchUpdate) throws(LayoutError) {
    let edited = try input.applying(update)
    var rebuilt = try FastFlowLayout(edited, kernels: kernels, threading: threading)
    rebuilt.pageCapacity = pageCapacity
    // The counters add the fresh layout's work to what was counted before.
    var counters = workCounters
    counters.add(rebuilt.workCounters)
    rebuilt.workCounters = counters
    self = rebuilt
  }
}
