/// What the engine did since the counters were last reset: tests assert on these, never on a
/// clock, that an edit did only the work it should (a height change in line 10 of 100 000
/// re-breaks a line or two and moves the rest through the offset tree in O(log r)).
public struct WorkCounters: Sendable, Hashable, CustomStringConvertible {
  /// Lines whose membership was computed (by the greedy rule or a fixed count).
  public var linesRebroken: Int = 0
  /// Items whose position along the line was computed (line placement, closed-form tables).
  public var itemsPositioned: Int = 0
  /// Nodes of a `PrefixSumTree` written by point updates: how later lines moved, O(log r) each.
  public var offsetTreeNodesWritten: Int = 0
  /// Per-line entries rebuilt wholesale (tree rebuilds, line tables spliced when the number of
  /// lines changed): the O(r) part of an edit, 0 for a resize that keeps the line count.
  public var lineEntriesRebuilt: Int = 0
  /// Line starts renumbered because items were inserted or deleted before them (O(r) `+ δ`).
  public var lineStartsRenumbered: Int = 0
  /// Item sizes compared to decide whether a `uikitFlow` section's items all have one size:
  /// n − 1 per full layout, a few per edited item otherwise (see `adjacentDifferences`).
  public var sizesCompared: Int = 0
  /// Sections laid out from scratch (new sections, width changes, closed-form recomputations).
  public var sectionsLaidOut: Int = 0
  /// Entries of the page summaries (`PageSummary`) written by point updates: how
  /// later pages and sections moved, O(log p) each.
  public var pageTreeNodesWritten: Int = 0
  /// Page boundaries moved because the next page's first items joined a page's last line.
  public var pageBoundariesMoved: Int = 0
  /// Page boundaries checked after an edit (the next page's first items read against a page's
  /// last line): only those next to an edited page's first item or last line.
  public var pageBoundariesChecked: Int = 0
  /// Items moved between pages, or copied to cut or join pages (`Paging/`).
  public var itemsPaged: Int = 0
  /// Equal-width lines (`PhasedLines`): item heights and child summaries read to rewrite the
  /// per-phase summaries after an edit (c·k for the leaf, 2k per node of its path).
  public var phaseSummaryWork: Int = 0
  /// Items moved in memory by a splice of a section's contiguous item columns (every item after
  /// the first inserted or removed one): the O(n) part of an insertion that leaves avoid.
  public var itemsSpliced: Int = 0
  /// Lines of a full layout broken by the branch-free forms (`LineBreaker.pairedLines`) on the
  /// calling thread; the rest of its `linesRebroken` took the scalar kernel or the equal-width
  /// form (which of them is a choice of speed, not of result: the lines are the same).
  public var linesBrokenBranchFree: Int = 0
  /// Sections rebuilt from their old pages and a batch's lists (`FastFlowLayout.rebuildSection`:
  /// a large dense batch of one section), instead of their pages edited one by one.
  public var sectionsRebuilt: Int = 0
  /// Items written by those rebuilds' merges (`ColumnMerge`): each new item once.
  public var itemsMerged: Int = 0

  public init() {}

  /// Adds every counter of `other` to this one's.
  mutating func add(_ other: WorkCounters) {
    linesRebroken += other.linesRebroken
    itemsPositioned += other.itemsPositioned
    offsetTreeNodesWritten += other.offsetTreeNodesWritten
    lineEntriesRebuilt += other.lineEntriesRebuilt
    lineStartsRenumbered += other.lineStartsRenumbered
    sizesCompared += other.sizesCompared
    sectionsLaidOut += other.sectionsLaidOut
    pageTreeNodesWritten += other.pageTreeNodesWritten
    pageBoundariesMoved += other.pageBoundariesMoved
    pageBoundariesChecked += other.pageBoundariesChecked
    itemsPaged += other.itemsPaged
    phaseSummaryWork += other.phaseSummaryWork
    itemsSpliced += other.itemsSpliced
    linesBrokenBranchFree += other.linesBrokenBranchFree
    sectionsRebuilt += other.sectionsRebuilt
    itemsMerged += other.itemsMerged
  }

  public var description: String {
    "linesRebroken=\(linesRebroken) itemsPositioned=\(itemsPositioned) "
      + "offsetTreeNodesWritten=\(offsetTreeNodesWritten) lineEntriesRebuilt=\(lineEntriesRebuilt) "
      + "lineStartsRenumbered=\(lineStartsRenumbered) sectionsLaidOut=\(sectionsLaidOut) "
      + "sizesCompared=\(sizesCompared) pageTreeNodesWritten=\(pageTreeNodesWritten) "
      + "pageBoundariesMoved=\(pageBoundariesMoved) "
      + "pageBoundariesChecked=\(pageBoundariesChecked) "
      + "itemsPaged=\(itemsPaged) phaseSummaryWork=\(phaseSummaryWork) "
      + "itemsSpliced=\(itemsSpliced) linesBrokenBranchFree=\(linesBrokenBranchFree) "
      + "sectionsRebuilt=\(sectionsRebuilt) itemsMerged=\(itemsMerged)"
  }
}
