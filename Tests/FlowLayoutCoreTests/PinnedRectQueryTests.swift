import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The presented rect query with pinning, where the query enters a section on a page after its
/// first (a paged section), or leaves it before its last page: the section's pinned header and
/// footer are found all the same.
@Suite("Pinned rect queries")
struct PinnedRectQueryTests {
  /// Sections of 300 and 30 random sizes (header 20, footer 10), in pages of ~16 items: an
  /// insertion cuts the first section into pages.
  static func pagedEngine(seed: UInt64) throws -> FastFlowLayout {
    var sizes = SplitMix64(seed: seed)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([sizes.mixedSizes(300), sizes.mixedSizes(30)]))
    engine.pageCapacity = PageCapacity(target: 16)
    var batch = BatchUpdate()
    batch.insertItems = [ItemInsertion(at: ItemPath(0, 0), size: Size(120, 90))]
    try engine.apply(batch)
    return engine
  }

  /// For each later page of a paged section, viewports whose top is a little above, at and far
  /// above the page's top, and rects starting on that page: the presented rect query equals the
  /// filter of every presented element.
  @Test func sectionEnteredOnALaterPage() throws {
    let engine = try Self.pagedEngine(seed: 7)
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

  /// A section's footer pinned to the viewport's bottom while the rect ends before the
  /// section's last page (the query never reaches the natural footer; entered on the section's
  /// first page or on a later one), and while the rect does reach it (the footer met, then
  /// moved): the presented rect query equals the filter of every presented element, and the
  /// moved footer is in it.
  @Test func footerPinnedFromAPageTheQueryDoesNotReach() throws {
    let engine = try Self.pagedEngine(seed: 11)
    let pages = engine.pages(ofSection: 0)
    try #require(pages.count > 2)
    let sectionTop = engine.top(ofSection: 0)
    let footer = try #require(engine.footerFrame(0))
    var presentation = Presentation()
    presentation.sectionFootersPinToVisibleBounds = true
    var movedFootersSeen = 0
    for pinsHeaders in [false, true] {
      presentation.sectionHeadersPinToVisibleBounds = pinsHeaders
      for page in pages.dropLast() {
        let top = engine.top(ofPage: page)
        // Viewports ending 20 pt (the 10-pt footer pinned at `top + 10`) and 312 pt below the
        // page's top.
        for viewportTop in [top - 792, top - 500] {
          presentation.viewport = Rect(x: 0, y: viewportTop, width: 375, height: 812)
          let all = engine.allPresentedElements(presentation)
          for query in [
            Rect(x: 0, y: top + 1, width: 375, height: 50),
            Rect(x: 0, y: sectionTop + 1, width: 375, height: top + 50 - sectionTop),
            Rect(x: 0, y: top + 1, width: 375, height: footer.maxY - top),
          ] {
            let answered = engine.presentedElements(in: query, presentation: presentation)
            #expect(
              answered == all.filter { $0.element.frame.intersects(query) },
              "page \(page) viewport top \(viewportTop) rect \(query)")
            movedFootersSeen +=
              answered.filter { $0.isPinned && $0.element.kind == .footer }.count
          }
        }
      }
    }
    // The moved footer is in the two short rects under the first viewport and in the tall rect
    // under both, on every page but the last.
    #expect(movedFootersSeen == 2 * 4 * (pages.count - 1))
  }
}
