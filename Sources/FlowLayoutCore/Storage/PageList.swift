/// Every page of the layout in document order. The pages stay where they are stored (`storage`,
/// in no particular order: a page keeps its place while pages around it are inserted or
/// removed); their order is a gap buffer of places (`order`, 4 bytes a page). A page is read and
/// written in place in O(1) (one more load than an array: its place), and pages are inserted or
/// removed at the gap. A section edit far from the last one moves the gap over the d pages
/// between: d places (4 bytes each), not d pages (160 bytes each, which made 52 % of a far
/// section edit at 10M items, `docs/storage.md`, "Far section edits").
///
/// Two indices name a page: its **slot** (`slot(_:)`: its position in `order`, the gap's slots
/// counted; what the page summaries are indexed by, `FastFlowLayout.pageSummaries`) and its
/// **place** (`place(_:)`: where `storage` holds it; what the layout's threads write through,
/// `withUnsafeMutableStorage`). A gap slot holds no place (`holdsPage(slot:)`); its summary is
/// zero, an empty page's. The places removed pages leave are reused by the next inserted ones;
/// when more than half of the places are free (and at least 64), the pages are stored again in
/// order (O(p), once per as many removals).
struct PageList: RandomAccessCollection, MutableCollection, Sendable {
  /// The pages, at their places (a free place holds an empty page).
  private var storage: [Page]
  /// Each slot's place (`PageList.noPlace` in the gap).
  private var order: GapBuffer<Int32>
  /// Places that hold no page, reused before `storage` grows.
  private var free: [Int32] = []

  /// What a gap slot of `order` holds.
  static let noPlace: Int32 = -1

  /// `pages` in order, each at the place of its index, with a gap of
  /// `GapBuffer.initialGap(count:)` slots after them.
  ///
  /// - Complexity: O(p).
  init(_ pages: [Page]) {
    precondition(pages.count < Int(Int32.max), "more pages than a place holds")
    storage = pages
    order = GapBuffer((0..<pages.count).map { Int32(truncatingIfNeeded: $0) })
  }

  /// No pages.
  init() { self.init([]) }

  var startIndex: Int { 0 }
  var endIndex: Int { order.endIndex }

  /// Page `p`, read and written in place.
  ///
  /// - Complexity: O(1).
  subscript(p: Int) -> Page {
    @inline(__always) _read { yield storage[place(p)] }
    @inline(__always) _modify { yield &storage[place(p)] }
  }

  /// The page at place `q` (`place(_:)`), read in place: for code that reads one page many
  /// times (its place found once).
  ///
  /// - Complexity: O(1).
  subscript(place q: Int) -> Page {
    @inline(__always) _read { yield storage[q] }
  }

  /// Where `storage` holds page `p` (`0 ≤ p < count`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func place(_ p: Int) -> Int { Int(truncatingIfNeeded: order.slots[order.slot(p)]) }

  /// The slot of page `p` (`0 ≤ p ≤ count`; `count` maps to `slotCount`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func slot(_ p: Int) -> Int { order.slot(p) }

  /// `slot(_:)` for a list whose gap is `gapStart ..< gapStart + gapLength`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func slot(_ p: Int, gapStart: Int, gapLength: Int) -> Int {
    GapBuffer<Int32>.slot(p, gapStart: gapStart, gapLength: gapLength)
  }

  /// The page in slot `q`; a gap slot maps to the first page after the gap.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func index(ofSlot q: Int) -> Int { order.index(ofSlot: q) }

  /// The first slot of the gap (= the number of pages before it).
  var gapStart: Int { order.gapStart }
  /// The number of slots in the gap.
  var gapLength: Int { order.gapLength }

  /// The slots: the pages and the gap.
  var slotCount: Int { order.slots.count }

  /// Whether slot `q` holds a page (else it is in the gap).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func holdsPage(slot q: Int) -> Bool { order.slots[q] >= 0 }

  /// The page in slot `q`, which holds one (`holdsPage(slot:)`).
  ///
  /// - Complexity: O(1).
  subscript(slot q: Int) -> Page {
    @inline(__always) _read { yield storage[Int(truncatingIfNeeded: order.slots[q])] }
  }

  /// `body` given the pages at their places (`place(_:)`), to write in place; free places hold
  /// empty pages.
  ///
  /// - Complexity: O(1) plus `body`.
  mutating func withUnsafeMutableStorage<R>(
    _ body: (UnsafeMutableBufferPointer<Page>) throws -> R
  ) rethrows -> R {
    try storage.withUnsafeMutableBufferPointer { try body($0) }
  }

  /// Moves the gap to start before page `g`; returns the slots whose page moved.
  ///
  /// - Complexity: O(|g − gapStart|) moves of 4 bytes.
  @discardableResult
  mutating func moveGap(to g: Int) -> Range<Int> { order.moveGap(to: g) }

  /// Whether `splice(range, with:)` of `k` pages keeps the slots (moves the gap, lays nothing
  /// out again).
  ///
  /// - Complexity: O(1).
  func splicesInPlace(_ range: Range<Int>, inserting k: Int) -> Bool {
    order.splicesInPlace(range, inserting: k)
  }

  /// `GapBuffer.splice(_:with:smallGap:)` of the pages: pages `range` replaced with `new`, the
  /// slots whose page changed returned (`nil` when every slot was laid out again; `smallGap`
  /// for tests), in O(d + r + k) for d pages between the gap and `range`, r removed and k
  /// inserted (O(p) when the slots are laid out again or the pages stored again in order).
  @discardableResult
  mutating func splice(
    _ range: Range<Int>, with new: some Collection<Page>, smallGap: Bool = false
  ) -> Range<Int>? {
    var i = new.startIndex
    return splice(range, count: new.count, smallGap: smallGap) { page, _ in
      page = new[i]
      new.formIndex(after: &i)
    }
  }

  /// Replaces pages `range` with `new`'s, swapped in (no page copied): `new` is left holding,
  /// in its first entries, the pages removed, and in the rest empty pages, for the caller to
  /// drop. The slots may be laid out again (`GapBuffer.splice(_:with:smallGap:)`).
  ///
  /// - Complexity: O(d + r + k) for d pages between the gap and `range`, r removed and k
  ///   inserted; O(p) when the slots are laid out again or the pages stored again in order.
  mutating func splice(_ range: Range<Int>, swappingIn new: inout [Page]) {
    _ = splice(range, count: new.count, smallGap: false) { page, j in swap(&page, &new[j]) }
  }

  /// The two splices' one body: pages `range` replaced with `k` new pages, `put` writing new
  /// page `j` into the page at its place (an empty one past the replaced pages). A replaced
  /// page's place takes the new page (its slot unchanged); the places of removed pages beyond
  /// the new ones are freed; new pages beyond the removed ones take free or new places, in slots
  /// the splice of `order` opens. Returns the slots whose page changed (`nil`: all laid out
  /// again).
  ///
  /// - Complexity: O(d + r + k), as the splices.
  private mutating func splice(
    _ range: Range<Int>, count k: Int, smallGap: Bool, put: (inout Page, Int) -> Void
  ) -> Range<Int>? {
    let kept = range.lowerBound + Swift.min(range.count, k)
    for p in range.lowerBound..<kept { put(&storage[place(p)], p - range.lowerBound) }
    for p in kept..<range.upperBound { release(place(p)) }
    let extra = k - (kept - range.lowerBound)
    var touched = order.splice(
      kept..<range.upperBound, with: repeatElement(Self.noPlace, count: extra),
      smallGap: smallGap)
    for q in kept..<(kept + extra) {
      let place = takePlace()
      put(&storage[place], q - range.lowerBound)
      order[q] = Int32(truncatingIfNeeded: place)
    }
    // The replaced pages' slots (before the gap, which the splice moved to `kept`).
    if let moved = touched, kept > range.lowerBound {
      touched = Swift.min(moved.lowerBound, range.lowerBound)..<Swift.max(moved.upperBound, kept)
    }
    compactIfSparse()
    return touched
  }

  mutating func replaceSubrange(_ range: Range<Int>, with new: some Collection<Page>) {
    splice(range, with: new)
  }

  /// Places in `storage` (pages and free places).
  var placeCount: Int { storage.count }

  /// Free places (`placeCount − count`).
  var freePlaceCount: Int { free.count }

  /// A place for a new page: a free one, or one more at the end of `storage`.
  ///
  /// - Complexity: O(1) amortized.
  private mutating func takePlace() -> Int {
    if let place = free.popLast() { return Int(truncatingIfNeeded: place) }
    precondition(storage.count < Int(Int32.max), "more pages than a place holds")
    storage.append(Page.empty)
    return storage.count - 1
  }

  /// Empties the page at `place` and makes the place free.
  ///
  /// - Complexity: O(1) amortized.
  private mutating func release(_ place: Int) {
    storage[place] = Page.empty
    free.append(Int32(truncatingIfNeeded: place))
  }

  /// Stores the pages again in order (each at the place of its index, none free) when more than
  /// half of the places are free and at least 64.
  ///
  /// - Complexity: O(1), or O(p) when the pages are stored again (no page copied).
  private mutating func compactIfSparse() {
    guard free.count >= 64, 2 * free.count > storage.count else { return }
    var pages: [Page] = []
    pages.reserveCapacity(count)
    for p in indices {
      var page = Page.empty
      swap(&page, &storage[place(p)])
      pages.append(page)
    }
    storage = pages
    free = []
    // The slots as before (the page summaries are by slot): only their places change.
    for p in indices { order[p] = Int32(truncatingIfNeeded: p) }
  }
}

extension Page {
  /// An empty page: height 0, no items, extent 0 (what a gap slot and a free place hold).
  static let empty = Page()
}

extension Int32: GapFilling {
  /// `PageList.noPlace`.
  static var gapFiller: Int32 { PageList.noPlace }
}
