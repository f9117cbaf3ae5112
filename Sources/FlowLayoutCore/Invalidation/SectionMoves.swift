import FlowLayoutModel

extension FastFlowLayout {
  /// Applies a batch with `moveSections` (UIKit's `moveSection(_:toSection:)`) by laying the
  /// edited input out again: the data transformation (`LayoutInput.applying`, which validates
  /// the batch exactly as `apply(_:)` does), then a fresh layout. The in-place paths of
  /// `apply(_:)` delete and insert sections only.
  ///
  /// - Complexity: O(n + e log e) for n items: a section move lays everything out again.
  /// - Throws: the batch's `LayoutError`; the engine is unchanged.
  mutating func applyRebuilding(_ update: BatchUpdate) throws(LayoutError) {
    let edited = try input.applying(update)
    var rebuilt = try FastFlowLayout(edited, kernels: kernels)
    rebuilt.pageCapacity = pageCapacity
    // The counters add the fresh layout's work to what was counted before.
    let fresh = rebuilt.workCounters
    var counters = workCounters
    counters.linesRebroken += fresh.linesRebroken
    counters.itemsPositioned += fresh.itemsPositioned
    counters.offsetTreeNodesWritten += fresh.offsetTreeNodesWritten
    counters.lineEntriesRebuilt += fresh.lineEntriesRebuilt
    counters.lineStartsRenumbered += fresh.lineStartsRenumbered
    counters.sizesCompared += fresh.sizesCompared
    counters.sectionsLaidOut += fresh.sectionsLaidOut
    counters.pageTreeNodesWritten += fresh.pageTreeNodesWritten
    counters.pageBoundariesMoved += fresh.pageBoundariesMoved
    counters.itemsPaged += fresh.itemsPaged
    rebuilt.workCounters = counters
    self = rebuilt
  }
}
