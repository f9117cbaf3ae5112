import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The presented rect query with pinning, where the query enters a section on a page after its
/// first (a paged section): the section's pinned header and footer are found all the same.
@Suite("Pinned rect queries")
struct PinnedRectQueryTests {
  /// For each later page of a paged section, viewports whose top is a little above, at and far
  /// above the page's top, and rects starting on that page: the presented rect query equals the
  /// filter of every presented element.
  @Test func sectionEnteredOnALaterPage() throws {
    var sizes = SplitMix64(seed: 7)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([sizes.mixedSizes(300), sizes.mixedSizes(30)]))
    // Pages of ~16 items: an insertion cuts the section into pages.
    engine.pageCapacity = PageCapacity(target: 16)
    var batch = BatchUpdate()
    batch.insertItems = [ItemInsertion(at: ItemPath(0, 0), size: Size(120, 90))]
    try engine.apply(batch)
    let pages = engine.pages(ofSection: 0)
    try #require(pages.count > 2)
    var presentation = Presentation()
    presentation.sectionHeadersPinToVisibleBounds = true
    var pinnedSeen = 0
    for pinsFooters in [false, true] {
      presentation.sectionFootersPinToVisibleBounds = pinsFooters
      for page in (pages.lowerBound + 1)..<pages.upperBound {
        let top = engine.top(ofPage: page)
        // The header is 20 pt: pinned at the viewport's top, it reaches the page at `top - 5`.
        for viewportTop in [top - 30, top - 5, top] {
          presentation.viewport = Rect(x: 0, y: viewportTop, width: 375, height: 812)
          let all = engine.allPresentedElements(presentation)
          for rect in [
            Rect(x: 0, y: top + 1, width: 375, height: 100),
            Rect(x: 0, y: top + 0.5, width: 375, height: 0),
            Rect(x: 0, y: viewportTop + 10, width: 375, height: 50),
          ] {
            let answered = engine.presentedElements(in: rect, presentation: presentation)
            #expect(
              answered == all.filter { $0.element.frame.intersects(rect) },
              "page \(page) viewport top \(viewportTop) rect \(rect)")
            pinnedSeen += answered.filter { $0.isPinned && $0.element.kind == .header }.count
          }
        }
      }
    }
    // The case the test is for occurred: pinned headers met by rects on later pages.
    #expect(pinnedSeen >= 4 * (pages.count - 1))
  }
}
