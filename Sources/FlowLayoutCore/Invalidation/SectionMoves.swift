import FlowLayoutModel

extension FastFlowLayout {
  /// Deletes, inserts and moves sections by the plan's section map (item edits already
  /// applied), keeping the pages of the surviving sections: the path of a batch with
  /// `moveSections` (UIKit's `moveSection(_:toSection:)`; the in-place path handles deletions
  /// and insertions only).
  ///
  /// - Complexity: O(p + s + m) for p pages, s sections and the m items of inserted sections.
  mutating func rearrangeSections(
    plan: BatchPlan, update: BatchUpdate, counters: inout WorkCounters
  ) {
    let inserted = Self.insertedSections(update)
    var old = pages
    pages = []
    var new: [SectionLayout] = []
    new.reserveCapacity(old.count - update.deleteSections.count + update.insertSections.count)
    var first = [0]
    var counts: [Int] = []
    for (n, o) in plan.oldSectionOfNewSection.enumerated() {
      if let o {
        for p in firstPage[o]..<firstPage[o + 1] {
          var page = SectionLayout()
          swap(&page, &old[p])
          new.append(page)
        }
      } else {
        new.append(
          SectionLayout(
            inserted[n]!, transposed: rules.transposed, rules: rules, kernels: kernels,
            counters: &counters))
      }
      counts.append(plan.newItemCount(ofSection: n))
      first.append(new.count)
    }
    pages = new
    firstPage = first
    itemCounts = counts
    rebuildPageDirectory()
  }
}
