/// Every page of the layout in document order, stored with a gap (`GapBuffer`): a page is read
/// and written in place in O(1), and pages are inserted or removed at the gap without moving the
/// others. Section inserts and deletes near each other (a feed, an expanding outline, undo) so
/// cost O(k log p) with the page summaries, not the O(p) memory move of a flat array; one far from
/// the gap costs O(d) page swaps (2 words each… a few hundred bytes; no reference counting).
///
/// Gap slots hold empty pages (`Page()`: height 0, no items, extent 0), so the tree
/// built over the slots (`FastFlowLayout.pageSummaries`) needs no special case.
typealias PageList = GapBuffer<Page>

extension GapBuffer where Element == Page {
  /// The pages, with no gap.
  init() { self.init([]) }
}

extension Page: GapFilling {
  /// An empty page: height 0, no items, extent 0.
  static let gapFiller = Page()
}
