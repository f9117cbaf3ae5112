import FlowLayoutModel

/// How many items the pages of a paged section hold: a long greedy flow is stored as pages of
/// whole lines, so that an edit costs O(c) for a page of c items instead of O(n).
struct PageCapacity: Sendable, Equatable {
  /// A section is cut into pages at the first line start at or after every `target` items.
  var target: Int

  /// A page holding more items is split in two at a line start.
  var maximum: Int { 2 * target }

  /// A page holding fewer items is merged with its neighbour (when the section has more pages).
  var minimum: Int { max(target / 4, 1) }

  /// Whether the page list re-lays its slots out with a gap of 1 (`PageList.splice`): tests
  /// set it, so that section inserts grow the list through every path.
  var smallGap = false

  /// Sections of at least this many items are rebuilt by a large dense batch of their ascending
  /// deletions and insertions (`FastFlowLayout.rebuildSection`); others edit their pages one by one.
  /// Tests lower and raise it.
  var rebuildItems = EditScratch.retainedCapacity

  /// 512 items a page: an insertion moves ≤ 24 KiB of columns and renumbers ≤ ~400 lines.
  static let standard = PageCapacity(target: 512)
}

/// One page slot's summary (`FastFlowLayout.pageSummaries`): its height, its item count when its
/// section has several pages (else 0), and its extent (`.horizontalScroll`'s content width, else
/// 0). Heights and counts add, extents take the larger: a prefix gives a page's top, the items
/// before it and the widest page before it; the total gives the content size. A gap slot is
/// `zero`.
struct PageSummary: TreeSummary {
  var height: Double
  /// The item count, exact in a `Double` (beside `height`, so that both are added at once).
  private(set) var itemCount: Double
  var extent: Double

  static let zero = PageSummary(height: 0, items: 0, extent: 0)

  /// `page`'s summary.
  @inline(__always)
  init(_ page: Page) {
    let paged = !page.opensSection || !page.closesSection
    self.init(height: page.height, items: paged ? page.count : 0, extent: page.extent)
  }

  @inline(__always)
  init(height: Double, items: Int, extent: Double) {
    self.height = height
    itemCount = Double(items)
    self.extent = extent
  }

  /// The item count.
  @inline(__always)
  var items: Int { Int(itemCount) }

  @inline(__always)
  static func + (a: PageSummary, b: PageSummary) -> PageSummary {
    var sum = a
    sum.height += b.height
    sum.itemCount += b.itemCount
    // (In this order, one `maxsd` of the running sum and the next value.)
    sum.extent = a.extent > b.extent ? a.extent : b.extent
    return sum
  }
}

extension FastFlowLayout {
  /// The number of sections.
  var sectionCount: Int { firstPage.count - 1 }

  /// The pages of section `s`.
  ///
  /// - Complexity: O(1).
  func pages(ofSection s: Int) -> Range<Int> { firstPage[s]..<firstPage[s + 1] }

  /// Page `p`'s top (working orientation).
  ///
  /// - Complexity: O(log₃₂ p), one load per level.
  @inline(__always)
  func top(ofPage p: Int) -> Double { pageSummaries.prefix(pages.slot(p)).height }

  /// The page whose band along the stacking axis reaches `y` (its bottom at or below `y`), or
  /// the page count when none does.
  ///
  /// - Complexity: O(log p).
  @inline(__always)
  func page(reaching y: Double) -> Int {
    pages.index(ofSlot: pageSummaries.seek { $0.height < y }.index)
  }

  /// The page holding item `j` of section `s`, and `j`'s index in that page.
  ///
  /// - Precondition: `0 ≤ j < itemCounts[s]`.
  /// - Complexity: O(1) for a section of one page, else O(log p).
  @inline(__always)
  func locate(item j: Int, inSection s: Int) -> (page: Int, index: Int) {
    let first = firstPage[s]
    guard firstPage[s + 1] - first > 1 else { return (first, j) }
    let base = first == 0 ? 0 : pageSummaries.prefix(pages.slot(first)).items
    let target = Double(base &+ j)
    let (q, before) = pageSummaries.seek { $0.itemCount <= target }
    return (pages.index(ofSlot: q), j &- (before.items &- base))
  }

  /// The section index of item 0 of page `p`, in section `s`.
  ///
  /// - Complexity: O(log p).
  func firstItem(ofPage p: Int, inSection s: Int) -> Int {
    let first = firstPage[s]
    return p == first
      ? 0
      : pageSummaries.prefix(pages.slot(p)).items - pageSummaries.prefix(pages.slot(first)).items
  }

  /// The section holding page `p`.
  ///
  /// - Complexity: O(log s).
  func section(ofPage p: Int) -> Int { firstPage.section(ofPage: p) }

  /// Rebuilds the page summaries and the content size from the pages (by slot, gap included).
  ///
  /// - Complexity: O(p) for p page slots.
  mutating func rebuildPageDirectory() {
    let pages = self.pages
    pageSummaries.rebuild(count: pages.slotCount) { summaries in
      for q in 0..<pages.slotCount { summaries[q] = pages.summary(ofSlot: q) }
    }
    updateContentSize()
  }

  /// Rewrites the summaries of the `changed` pages (the page count unchanged); returns the tree
  /// nodes written.
  ///
  /// - Complexity: O(min(k log p, k + p − f)) for k pages, the first in slot f.
  @discardableResult
  mutating func refreshPages(_ changed: some Collection<Int>) -> Int {
    var written = 0
    if changed.count > 1, summedFrom(changed) {
      // Read while the tree is written: the pages (shared, not copied) and the gap.
      let pages = self.pages
      let (gapStart, gapLength) = (pages.gapStart, pages.gapLength)
      written = pageSummaries.set(
        changed.lazy.map { PageList.slot($0, gapStart: gapStart, gapLength: gapLength) }
      ) { pages.summary(ofSlot: $0) }
    } else {
      for p in changed { written += refreshSlot(pages.slot(p)) }
    }
    updateContentSize()
    return written
  }

  /// Whether the tree is cheaper summed again from the first changed slot than rewritten one path
  /// per page (a path costs about what summing 8 slots does).
  ///
  /// - Complexity: O(k) for k pages.
  private func summedFrom(_ changed: some Collection<Int>) -> Bool {
    var first = pages.slotCount
    for p in changed { first = min(first, pages.slot(p)) }
    return pages.slotCount - first <= 8 * changed.count
  }

  /// Rewrites slot `q`'s summary from its page (zero for a gap slot) when it changed; returns
  /// the tree nodes written.
  ///
  /// - Complexity: O(log p).
  @inline(__always)
  private mutating func refreshSlot(_ q: Int) -> Int {
    let summary = pages.summary(ofSlot: q)
    guard pageSummaries[q] != summary else { return 0 }
    return pageSummaries.set(q, summary)
  }

  /// Replaces pages `range` with `new` and keeps the page summaries and the content size current;
  /// returns the tree nodes written. `firstPage` and `itemCounts` are the caller's.
  ///
  /// - Complexity: O(d + l + min((r + k) log p, p)) for d pages between the gap (l slots) and
  ///   `range`, r pages removed and k inserted.
  @discardableResult
  mutating func splicePages(_ range: Range<Int>, with new: some Collection<Page>)
    -> Int
  {
    var written = 0
    if pages.splicesInPlace(range, inserting: new.count) {
      // The gap moved first, its summaries with it: the splice then writes only its pages.
      let (start, length) = (pages.gapStart, pages.gapLength)
      pages.moveGap(to: range.upperBound)
      written = pageSummaries.moveGap(from: start, to: range.upperBound, length: length)
    }
    // Many pages written: a rebuild (O(p)) is cheaper than a tree path per touched slot.
    guard let touched = pages.splice(range, with: new, smallGap: pageCapacity.smallGap),
      touched.count <= max(64, pages.slotCount / 8)
    else {
      rebuildPageDirectory()
      return pages.slotCount
    }
    for q in touched { written += refreshSlot(q) }
    updateContentSize()
    return written
  }

  /// Moves the room for section edits (the gaps of `pages` and their summaries, of `firstPage`
  /// and of `itemCounts`) to section `s`'s first page: a section edit near `s` then moves no
  /// page. Changes no answer.
  ///
  /// - Complexity: O(d) for the d pages and sections between the gaps and `s`.
  mutating func moveEditRoom(toSection s: Int) {
    let s = min(max(s, 0), sectionCount)
    let p = firstPage[s]
    let (start, length) = (pages.gapStart, pages.gapLength)
    pages.moveGap(to: p)
    pageSummaries.moveGap(from: start, to: p, length: length)
    firstPage.moveBoundary(to: s)
    itemCounts.moveGap(to: s)
  }

  /// `contentSize` from the page summaries' total: the height, and for `.horizontalScroll` the
  /// widest page's extent.
  ///
  /// - Complexity: O(1).
  mutating func updateContentSize() {
    let total = pageSummaries.total
    var size = Size(width: rules.boundsWidth, height: total.height)
    if rules.breaking == .noWrap { size.width = pages.isEmpty ? 0 : total.extent }
    if pages.isEmpty { size.height = 0 }
    cachedContentSize = rules.transposed ? size.transposed : size
  }
}

extension PageList {
  /// Slot `q`'s summary: its page's, zero in the gap.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func summary(ofSlot q: Int) -> PageSummary {
    holdsPage(slot: q) ? PageSummary(self[slot: q]) : .zero
  }
}
