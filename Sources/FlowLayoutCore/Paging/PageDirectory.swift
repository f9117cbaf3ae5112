import FlowLayoutModel

/// How many items the pages of a paged section hold.
///
/// A long greedy flow is stored as pages of whole lines (`SectionLayout` values with
/// `opensSection` / `closesSection`), so that an edit moves the items and renumbers the lines
/// of one page, not of the section: O(c) for a page of c items instead of O(n).
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

  /// Sections of at least this many items are rebuilt by a large dense batch of their
  /// ascending deletions and insertions (`FastFlowLayout.rebuildSection`); shorter ones edit
  /// their pages in rounds (`applyRound`). The rebuild measured no slower than the rounds from
  /// 30 000 items on (docs/storage.md, "A dense batch rebuilds its section"); 2^18 keeps
  /// sections of 100 000 and 200 000 items on the rounds, which `DenseBatchTests` and
  /// `PackedBatchTests` test. Tests lower it.
  var rebuildItems = 1 << 18

  /// 512 items a page: an insertion moves ≤ 24 KiB of columns and renumbers ≤ ~400 lines.
  /// Measured against 1 024 (docs/storage.md, "Page size"): one-item edits and batches at 1M
  /// items are faster (the page a random edit touches is colder, and half as much of it moves).
  static let standard = PageCapacity(target: 512)
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
  /// - Complexity: O(log p).
  @inline(__always)
  func top(ofPage p: Int) -> Double { pageOffsets.prefix(pages.slot(p)) }

  /// The page holding item `j` of section `s`, and `j`'s index in that page.
  ///
  /// - Precondition: `0 ≤ j < itemCounts[s]`.
  /// - Complexity: O(1) for a section of one page, else O(log p).
  @inline(__always)
  func locate(item j: Int, inSection s: Int) -> (page: Int, index: Int) {
    let first = firstPage[s]
    guard firstPage[s + 1] - first > 1 else { return (first, j) }
    let base = first == 0 ? 0 : pageItems.prefix(pages.slot(first))
    let (q, before) = pageItems.seek(inclusivePrefixAtLeast: base + Double(j + 1))
    return (pages.index(ofSlot: q), j - Int(before - base))
  }

  /// The section index of item 0 of page `p`, in section `s`.
  ///
  /// - Complexity: O(log p).
  func firstItem(ofPage p: Int, inSection s: Int) -> Int {
    let first = firstPage[s]
    return p == first
      ? 0 : Int(pageItems.prefix(pages.slot(p)) - pageItems.prefix(pages.slot(first)))
  }

  /// The section holding page `p`.
  ///
  /// - Complexity: O(log s).
  func section(ofPage p: Int) -> Int { firstPage.section(ofPage: p) }

  /// Whether the page item counts (`pageItems`) are kept: while some section has more than one
  /// page. Without, every section is one page, whose items are found without them (`locate`),
  /// and the tree holds nothing (a layout from scratch: 16–32 bytes a section saved).
  ///
  /// - Complexity: O(1).
  var keepsPageItems: Bool { pageItems.count == pages.slots.count }

  /// Whether `page` is one of several pages of its section.
  @inline(__always)
  static func isPartial(_ page: SectionLayout) -> Bool {
    !page.opensSection || !page.closesSection
  }

  /// The page item counts by slot.
  ///
  /// - Complexity: O(p).
  private mutating func buildPageItems() {
    let slots = pages.slots
    pageItems = PrefixSumTree(slots.indices.lazy.map { Double(slots[$0].count) })
  }

  /// Rebuilds the page trees and the content size from the pages (by slot, gap included).
  ///
  /// - Complexity: O(p) for p pages.
  mutating func rebuildPageDirectory() {
    let slots = pages.slots
    pageOffsets = PrefixSumTree(slots.indices.lazy.map { slots[$0].height })
    if slots.contains(where: Self.isPartial) {
      buildPageItems()
    } else {
      pageItems = PrefixSumTree()
    }
    if rules.breaking == .noWrap {
      pageExtents = slots.map(\.extent)
      widestExtent = Self.widest(pageExtents)
    } else {
      pageExtents = []
      widestExtent = 0
    }
    updateContentSize()
  }

  /// Rewrites the tree entries of the `changed` pages (the page count unchanged); returns the
  /// tree nodes written. Many changed pages among few later slots are written together and
  /// each tree summed once from the first of them (`PrefixSumTree.set(_:to:)`), instead of
  /// one tree path each.
  ///
  /// - Complexity: O(min(k log p, k + p − f)) for k pages, the first in slot f.
  @discardableResult
  mutating func refreshPages(_ changed: some Collection<Int>) -> Int {
    var written = 0
    var narrowed = false
    if changed.count > 1, summedFrom(changed) {
      // Read while the trees are written: the slots (shared, not copied) and the gap.
      let slots = pages.slots
      let (gapStart, gapLength) = (pages.gapStart, pages.gapLength)
      let changedSlots = changed.lazy.map {
        PageList.slot($0, gapStart: gapStart, gapLength: gapLength)
      }
      written += pageOffsets.set(changedSlots) { slots[$0].height }
      if keepsPageItems { written += pageItems.set(changedSlots) { Double(slots[$0].count) } }
      if rules.breaking == .noWrap {
        for q in changedSlots { refreshExtent(q, narrowed: &narrowed) }
      }
      if narrowed { widestExtent = Self.widest(pageExtents) }
      updateContentSize()
      return written
    }
    for p in changed { written += refreshSlot(pages.slot(p), narrowed: &narrowed) }
    // The widest page narrowed: O(p), rarely.
    if narrowed { widestExtent = Self.widest(pageExtents) }
    updateContentSize()
    return written
  }

  /// Whether the trees are cheaper summed again from the first of the `changed` pages' slots
  /// than rewritten one tree path per page: a path rewrites ~16 partial sums per level (half a
  /// group) and its bookkeeping, about what summing 8 slots again costs in both trees
  /// (callgrind, `mixed/batch`: at 100k items ~85 of ~225 slots changed, summed; at 1M ~100 of
  /// ~2 200, one path each).
  ///
  /// - Complexity: O(k) for k pages.
  private func summedFrom(_ changed: some Collection<Int>) -> Bool {
    var first = pages.slots.count
    for p in changed { first = min(first, pages.slot(p)) }
    return pages.slots.count - first <= 8 * changed.count
  }

  /// Rewrites the tree entries of slot `q` from its page (0 for a gap slot); returns the tree
  /// nodes written, and sets `narrowed` when the widest extent may have shrunk.
  ///
  /// - Complexity: O(log p).
  @inline(__always)
  private mutating func refreshSlot(_ q: Int, narrowed: inout Bool) -> Int {
    var written = 0
    let height = pages.slots[q].height
    if pageOffsets[q] != height { written += pageOffsets.set(q, height) }
    if keepsPageItems {
      let count = Double(pages.slots[q].count)
      if pageItems[q] != count { written += pageItems.set(q, count) }
    }
    if rules.breaking == .noWrap { refreshExtent(q, narrowed: &narrowed) }
    return written
  }

  /// Rewrites slot `q`'s extent (`.horizontalScroll`) from its page and the widest one; sets
  /// `narrowed` when the widest extent may have shrunk.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  private mutating func refreshExtent(_ q: Int, narrowed: inout Bool) {
    let old = pageExtents[q]
    let new = pages.slots[q].extent
    pageExtents[q] = new
    if new > widestExtent {
      widestExtent = new
    } else if old == widestExtent, new < old {
      narrowed = true
    }
  }

  /// Replaces pages `range` with `new` and keeps the page trees and the content size current;
  /// returns the tree nodes written. `firstPage` and `itemCounts` are the caller's.
  ///
  /// - Complexity: O(min((d + r + k) log p, p)) for d pages between the page list's gap and
  ///   `range`, r pages removed and k inserted (`PageList.splice`); O(p) when the slots are
  ///   re-laid out.
  @discardableResult
  mutating func splicePages(_ range: Range<Int>, with new: some Collection<SectionLayout>)
    -> Int
  {
    // Far from the gap, a rebuild (O(p)) is cheaper than a tree path per touched slot.
    guard let touched = pages.splice(range, with: new, smallGap: pageCapacity.smallGap),
      touched.count <= max(64, pages.slots.count / 8)
    else {
      rebuildPageDirectory()
      return pages.slots.count
    }
    var written = 0
    // The first section cut into pages: the item counts from now on (O(p), once).
    if !keepsPageItems, new.contains(where: Self.isPartial) {
      buildPageItems()
      written += pages.slots.count
    }
    var narrowed = false
    for q in touched { written += refreshSlot(q, narrowed: &narrowed) }
    if narrowed { widestExtent = Self.widest(pageExtents) }
    updateContentSize()
    return written
  }

  /// The largest extent, at least 0.
  static func widest(_ extents: [Double]) -> Double {
    var widest = 0.0
    for e in extents where e > widest { widest = e }
    return widest
  }

  /// `contentSize` from the page trees (and, for `.horizontalScroll`, the widest section).
  ///
  /// - Complexity: O(1).
  mutating func updateContentSize() {
    var size = Size(width: rules.boundsWidth, height: pageOffsets.total)
    if rules.breaking == .noWrap { size.width = pages.isEmpty ? 0 : widestExtent }
    if pages.isEmpty { size.height = 0 }
    cachedContentSize = rules.transposed ? size.transposed : size
  }
}
