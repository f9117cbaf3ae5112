import FlowLayoutModel

/// Buffers of pages a section rebuild let go of and did not reuse (`ColumnMerge`'s spares
/// left at its end: a filter's surplus), kept by the engine for the next rebuild (its restore's
/// new pages): their memory is reused instead of fresh memory (~1 ms a MB on this VM).
struct SparePageBuffers: Sendable {
  var columns: [[Double]] = []
  var tables: [LineTable] = []
  /// Buffers the section rebuilds allocated or grew instead of reusing one (a column array
  /// made new by the merge or grown by `joinLastLine`, a line table made new or grown by its
  /// page's layout), since the engine was made: what fresh memory they asked for.
  var allocated = 0
  /// Items the section rebuilds merged ahead of a page to find how many join the last line of
  /// the page before it (`FastFlowLayout.MergedPageRun.itemsJoining`), since the engine was made.
  var lookedAhead = 0
}

/// A section's item columns after a batch, written page by page straight from its old pages and
/// the batch's own deletion and insertion lists (`FastFlowLayout.rebuildSection`): no
/// intermediate column of the whole section, no splice in place. A cursor: each call of
/// `columns(count:)` gives the next items of the new sequence, so the tasks of a threaded
/// rebuild each start one where their first page starts (`init(startingAt:sources:)`, binary
/// searches) and walk on.
///
/// New item `j` is insertion `k` when the `k`-th insertion's index is `j`, else the next old
/// item that is not deleted (UIKit's order: deletions by index before the batch, insertions by
/// index after it).
struct ColumnMerge {
  /// What every cursor reads: the old pages (at their places in the page list's storage), which
  /// of them are the section's and where each starts, and the batch's lists. Only read, by every task, but the
  /// old pages a cursor passes and no other cursor reads (`releasesPassedPages`).
  struct Sources: Sendable {
    // (Carried across the tasks as `SharedBuffer`s: the caller keeps the page list's storage
    // and the batch's lists alive and leaves them alone until every cursor is done; a place is
    // written only by the one cursor that passed it, see `releasesPassedPages`.)
    private let sharedStorage: SharedBuffer<Page>
    private let sharedPlaces: SharedBuffer<Int>
    private let sharedBases: SharedBuffer<Int>
    private let sharedDeletions: SharedBuffer<ItemPath>
    private let sharedInsertions: SharedBuffer<ItemInsertion>
    /// Sizes are turned to the working orientation (the layout scrolls along x).
    let transposed: Bool
    /// The insertions when packed (`PackedInsertions`, then `insertions` and `deletions` are
    /// empty).
    let packed: PackedLists?
    /// The deletions when packed (`PackedDeletions`, then `insertions` and `deletions` are
    /// empty and `packed` is `nil`).
    let packedDeletions: PackedMask?

    init(
      storage: UnsafeMutableBufferPointer<Page>, places: UnsafeBufferPointer<Int>,
      bases: UnsafeBufferPointer<Int>, deletions: UnsafeBufferPointer<ItemPath>,
      insertions: UnsafeBufferPointer<ItemInsertion>, transposed: Bool,
      packed: PackedLists? = nil, packedDeletions: PackedMask? = nil
    ) {
      sharedStorage = SharedBuffer(storage)
      sharedPlaces = SharedBuffer(places)
      sharedBases = SharedBuffer(bases)
      sharedDeletions = SharedBuffer(deletions)
      sharedInsertions = SharedBuffer(insertions)
      self.transposed = transposed
      self.packed = packed
      self.packedDeletions = packedDeletions
    }

    /// The page list's storage (`PageList.withUnsafeMutableStorage`).
    var storage: UnsafeMutableBufferPointer<Page> { sharedStorage.base }
    /// The place of each old page of the section in `storage`, in order.
    var places: UnsafeBufferPointer<Int> { sharedPlaces.readOnly }
    /// The section's index of each old page's first item, and the old count last
    /// (`places.count + 1` entries).
    var bases: UnsafeBufferPointer<Int> { sharedBases.readOnly }
    /// Old indices, strictly ascending.
    var deletions: UnsafeBufferPointer<ItemPath> { sharedDeletions.readOnly }
    /// New indices, strictly ascending, with their sizes (the input's orientation).
    var insertions: UnsafeBufferPointer<ItemInsertion> { sharedInsertions.readOnly }

    /// Calls `body` with old page `page`'s widths and heights, indexed by the section's old
    /// item index (valid from `bases[page]` up to `bases[page + 1]`).
    ///
    /// - Complexity: O(1) plus `body`.
    @inline(__always)
    func withOldColumns<R>(
      ofPage page: Int, _ body: (UnsafePointer<Double>, UnsafePointer<Double>) -> R
    ) -> R {
      let base = bases[page]
      return storage[places[page]].items.withSizes { ws, hs in
        body(ws.baseAddress! - base, hs.baseAddress! - base)
      }
    }
  }

  let sources: Sources
  /// Where the cursor is: the old page holding the next old item (or the last page), the
  /// next old item, the next deletion and insertion (ranks in the lists), the next new item;
  /// what `peek(from:sources:count:widths:heights:)` starts from.
  private(set) var position: Cursor
  /// The old page this cursor started in: another cursor (the one before) may read it, so it
  /// is never released here.
  let firstPage: Int
  /// Whether an old page is emptied (`Page.empty` at its place) once the cursor has passed
  /// it, its line table and column arrays kept for the new pages (`spareTables`,
  /// `spareArrays`): their storage is reused while the section is rebuilt, instead of fresh
  /// memory for every new page. Only a page this cursor alone reads: not `firstPage`, and none
  /// past the old item it stops at (the next cursor starts at or after it).
  var releasesPassedPages = true
  /// Line tables of released old pages, for the new pages' layouts (their buffers reused).
  var spareTables: [LineTable] = []
  /// Column arrays of released old pages (and those the caller gives), for the new pages'
  /// columns (their storage reused: no allocation, no fresh memory, whichever thread's arena it
  /// came from).
  var spareArrays: [[Double]] = []
  /// Column arrays this cursor made new (no spare large enough).
  private(set) var arraysAllocated = 0

  /// A cursor at new item `a`: the insertions before it and the deletions before its first
  /// old survivor found by binary search.
  ///
  /// - Precondition: `0 ≤ a ≤` the new count; the lists are strictly ascending and consistent
  ///   with the old count (a validated batch); at least one old page.
  /// - Complexity: O(log e + log p) for e edits and p old pages.
  init(startingAt a: Int, sources: Sources) {
    self.sources = sources
    let ins = sources.insertions
    let del = sources.deletions
    // Insertions with an index below a; then the survivors before a, and the deletions before
    // the next one: those whose index minus their rank (the survivors before them) is at most
    // that.
    let inserted =
      sources.packed?.mask.rank(below: a)
      ?? FastFlowLayout.firstRank(from: 0, to: ins.count) { ins[$0].at.item >= a }
    let survivors = a &- inserted
    var removal = FastFlowLayout.firstRank(from: 0, to: del.count) {
      del[$0].item &- $0 > survivors
    }
    var old = survivors &+ removal
    if let mask = sources.packedDeletions {
      // Packed: the a-th item the mask does not name.
      old = ItemMask.unnamed(a, words: mask.words, ranks: mask.ranks)
      removal = old &- a
    }
    // The old page holding `old` (the last one at the end): the last base at or below it.
    let bases = sources.bases
    let page = FastFlowLayout.firstRank(from: 1, to: bases.count &- 1) { bases[$0] > old } &- 1
    position = Cursor(page: page, old: old, removal: removal, insertion: inserted, new: a)
    firstPage = page
  }

  /// The next `c` new items' columns (working orientation, no positions), the cursor moved
  /// past them.
  ///
  /// - Precondition: at least `c` new items remain.
  /// - Complexity: O(c + d + q) for the d deletions passed and q old pages passed; each value
  ///   written once.
  mutating func columns(count c: Int) -> ItemColumns {
    // Not for 0 entries: see `ItemColumns.allocatePositions`.
    guard c > 0 else { return ItemColumns(widths: [], heights: []) }
    // Room for a block past the count (`fill` writes whole blocks).
    var widths = spareArray(count: c)
    var heights = spareArray(count: c)
    widths.withUnsafeMutableBufferPointer { w in
      heights.withUnsafeMutableBufferPointer { h in
        write(count: c, w.baseAddress!, h.baseAddress!)
      }
    }
    return ItemColumns(widths: widths, heights: heights)
  }

  /// Appends the next `c` new items to `columns` (working orientation; positions 0 when
  /// `columns` keeps them, as `ItemColumns.append(frontOf:count:)` gives items without), the
  /// cursor moved past them: what `columns(count:)` then appending its result gives, without
  /// a new array.
  ///
  /// - Precondition: at least `c` new items remain.
  /// - Complexity: O(c + d + q) as `columns(count:)`, plus O(`columns.count`) when an array
  ///   must grow.
  mutating func append(count c: Int, to columns: inout ItemColumns) {
    guard c > 0 else { return }
    columns.appendUnwritten(c, room: Self.block) { w, h in write(count: c, w, h) }
  }

  /// The widths and heights of the next `c` new items from `position` (a cursor's, over
  /// `sources`) written to `w` and `h` (each with room for `block` values more), no cursor
  /// moved and no old page released: a look ahead. (Static, from the cursor's position and
  /// sources: a closure calling it does not copy the cursor's spare buffers.)
  ///
  /// - Precondition: at least `c` new items remain.
  /// - Complexity: O(c + d + q) as `columns(count:)`.
  static func peek(
    from position: Cursor, sources: Sources, count c: Int,
    widths w: UnsafeMutablePointer<Double>, heights h: UnsafeMutablePointer<Double>
  ) {
    guard c > 0 else { return }
    var cursor = position
    var released: [Int] = []
    fill(w, h, count: c, cursor: &cursor, sources: sources, released: &released, releasing: .max)
  }

  /// Writes the next `c` new items to `w` and `h` (each with room for `block` values more),
  /// moves the cursor past them and releases the old pages it passed (`releasesPassedPages`).
  ///
  /// - Complexity: O(c + d + q).
  private mutating func write(
    count c: Int, _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>
  ) {
    var cursor = position
    var released: [Int] = []
    // (Locals: the closures below capture no `self`, an `inout` of this method.)
    let sources = self.sources
    let keep = releasesPassedPages ? firstPage : Int.max
    Self.fill(
      w, h, count: c, cursor: &cursor, sources: sources, released: &released, releasing: keep)
    position = cursor
    for p in released {
      let place = sources.places[p]
      if let table = sources.storage[place].takeTable() {
        spareTables.append(table)
      }
      let (w, h, x) = sources.storage[place].items.takeArrays()
      if w.capacity > Self.block { spareArrays.append(w) }
      if h.capacity > Self.block { spareArrays.append(h) }
      if x.capacity > Self.block { spareArrays.append(x) }
      sources.storage[place] = Page.empty
    }
  }

  /// Writes the next `c` new items from `cursor` on (whichever form the lists have), moving it;
  /// the old pages passed after page `keep` are appended to `released`.
  ///
  /// - Complexity: O(c + d + q).
  @inline(__always)
  private static func fill(
    _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>, count c: Int,
    cursor: inout Cursor, sources: Sources, released: inout [Int], releasing keep: Int
  ) {
    if let mask = sources.packedDeletions {
      fill(
        w, h, count: c, cursor: &cursor, sources: sources, deletions: mask, released: &released,
        releasing: keep)
    } else if let packed = sources.packed {
      fill(
        w, h, count: c, cursor: &cursor, sources: sources, packed: packed, released: &released,
        releasing: keep)
    } else {
      fillFromLists(
        w, h, count: c, cursor: &cursor, sources: sources, released: &released, releasing: keep)
    }
  }

  /// Writes new items `0 ..< c` to `w` and `h` old page by old page from page `first` on:
  /// `inPage` writes from item `n` on what it takes of a page that holds items (given that
  /// page's columns, indexed by old item, and its end), then the page is passed (appended to
  /// `released` when after page `keep`) until `c` are written; past the last old page,
  /// `pastEnd` writes what it can and the rest is zero (a defined result for lists
  /// inconsistent with the old count). Returns the page reached.
  ///
  /// - Complexity: O(q) for the q old pages passed, plus the closures'.
  @inline(__always)
  private static func forEachPage(
    _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>, count c: Int,
    from first: Int, sources: Sources, released: inout [Int], releasing keep: Int,
    _ inPage: (UnsafePointer<Double>, UnsafePointer<Double>, _ pageEnd: Int, _ n: inout Int)
      -> Void,
    pastEnd: (_ n: inout Int) -> Void = { _ in }
  ) -> Int {
    let bases = sources.bases
    let pageCount = sources.places.count
    var page = first
    var n = 0
    while n < c {
      let pageEnd = bases[page &+ 1]
      // (An empty page has no columns to read: its insertions are taken on the next page, or
      // past the last.)
      if bases[page] < pageEnd {
        sources.withOldColumns(ofPage: page) { ws, hs in inPage(ws, hs, pageEnd, &n) }
      }
      guard n < c else { break }
      if page &+ 1 < pageCount {
        if page > keep { released.append(page) }
        page &+= 1
        continue
      }
      pastEnd(&n)
      while n < c {
        (w[n], h[n]) = (0, 0)
        n &+= 1
      }
    }
    return page
  }

  /// An array of `c` elements (not written) with room for at least `block` more: a released
  /// page's column when one is spare and large enough, else new storage with room for
  /// `ItemColumns.frontRoom` more (the front items of the next page's first line, appended
  /// by the rebuild's `joinLastLine`, then fit in place).
  ///
  /// - Complexity: O(1).
  mutating func spareArray(count c: Int) -> [Double] {
    if var array = spareArrays.popLast(), array.capacity >= c &+ Self.block {
      // Emptied first: shrinking a shared array (a page an engine copy still holds) would copy
      // it to exactly its count, without the room past it the block copies write.
      array.removeAll(keepingCapacity: true)
      array.resizeUninitialized(to: c)
      return array
    }
    arraysAllocated &+= 1
    let room = Swift.max(ItemColumns.frontRoom, Self.block)
    return [Double](unsafeUninitializedCapacity: c &+ room) { _, n in n = c }
  }

  /// Kept runs up to this many values are copied as one block of this many (`fill`).
  static let block = ItemColumns.blockRun

  /// Copies `block` values from `source` to `target` (distinct buffers).
  @inline(__always)
  private static func copyBlock(
    from source: UnsafePointer<Double>, to target: UnsafeMutablePointer<Double>
  ) {
    let (p, q, u, v) = (source[0], source[1], source[2], source[3])
    target[0] = p
    target[1] = q
    target[2] = u
    target[3] = v
  }

  /// The cursor's position while a page's columns are written.
  struct Cursor {
    var page: Int
    var old: Int
    var removal: Int
    var insertion: Int
    var new: Int
  }

  /// `fill`'s for insertions packed (`Sources.packed`, no deletions): new item j is the next
  /// insertion when the mask's bit j is set, else the next old item; a mask word's items
  /// written by walking its clear bits, then its set ones (no branch on each bit: a restore's
  /// bits are random, no predictor follows them). A word that reaches past its old page's last
  /// item is cut before the first old item of the next page (`keptUpTo`), whose columns the
  /// rest is then read from.
  ///
  /// - Precondition: at least one insertion.
  /// - Complexity: O(c + q), plus O(64) a page passed.
  private static func fill(
    _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>, count c: Int,
    cursor: inout Cursor, sources: Sources, packed: PackedLists, released: inout [Int],
    releasing keep: Int
  ) {
    let transposed = sources.transposed
    let words = packed.mask.words
    let wordCount = words.count
    let insertions = packed.count
    let last = Swift.max(insertions &- 1, 0)
    let wide = packed.wide
    // (Loaded as `Double`s or `Float`s from raw memory: the words' bits as sent. Read only
    // where a set bit is taken, so never when there are no insertions and no storage.)
    let sizeBits = UnsafeRawPointer(packed.sizeBits.baseAddress)
    // The inserted sizes' targets: the input's width goes to `tw`, its height to `th`.
    let (tw, th) = transposed ? (h, w) : (w, h)
    let a = cursor.new
    var o = cursor.old
    var i = cursor.insertion
    /// Whether new item `j` is inserted (0 or 1).
    @inline(__always) func inserted(_ j: Int) -> Int {
      let k = j >> 6
      guard k < wordCount else { return 0 }
      return Int(truncatingIfNeeded: (words[k] &>> UInt64(j & 63)) & 1)
    }
    let page = forEachPage(
      w, h, count: c, from: cursor.page, sources: sources, released: &released,
      releasing: keep
    ) { ws, hs, pageEnd, n in
      while n < c {
        let j = a &+ n
        var length = Swift.min(64 &- (j & 63), c &- n)
        let chunk = length == 64 ? UInt64.max : (1 &<< UInt64(length)) &- 1
        let word = (j >> 6) < wordCount ? words[j >> 6] &>> UInt64(j & 63) : 0
        var entering = word & chunk
        var kept = ~word & chunk
        let taken = entering.nonzeroBitCount
        if i &+ taken <= insertions {
          // The rest of mask word j/64 (or up to c, or up to the first old item past this
          // page), every old item and insertion it takes there: the old items written to
          // the clear bits' places, then the insertions to the set ones' (one step a bit,
          // no branch on the bit itself).
          let pageDone = o &+ (length &- taken) > pageEnd
          if pageDone {
            length = keptUpTo(kept, count: pageEnd &- o)
            let cut = length == 64 ? UInt64.max : (1 &<< UInt64(length)) &- 1
            kept &= cut
            entering &= cut
          }
          while kept != 0 {
            let t = n &+ kept.trailingZeroBitCount
            w[t] = ws[o]
            h[t] = hs[o]
            o &+= 1
            kept &= kept &- 1
          }
          if wide {
            while entering != 0 {
              let t = n &+ entering.trailingZeroBitCount
              let size = sizeBits.unsafelyUnwrapped + (i &<< 4)
              tw[t] = size.load(as: Double.self)
              th[t] = size.load(fromByteOffset: 8, as: Double.self)
              i &+= 1
              entering &= entering &- 1
            }
          } else {
            // Little-endian `f32` pairs: the width first.
            while entering != 0 {
              let t = n &+ entering.trailingZeroBitCount
              let size = sizeBits.unsafelyUnwrapped + (i &<< 3)
              tw[t] = Double(size.load(as: Float.self))
              th[t] = Double(size.load(fromByteOffset: 4, as: Float.self))
              i &+= 1
              entering &= entering &- 1
            }
          }
          n &+= length
          if pageDone { break }
          continue
        }
        // More insertions than the batch holds (inconsistent lists): one item, its indices
        // clamped.
        let bit = inserted(j)
        if bit == 0, o >= pageEnd { break }
        let q = Swift.min(o, pageEnd &- 1)
        let (iw, ih) = packed.size(Swift.min(i, last), transposed: transposed)
        w[n] = bit != 0 ? iw : ws[q]
        h[n] = bit != 0 ? ih : hs[q]
        i &+= bit
        o &+= 1 &- bit
        n &+= 1
      }
    } pastEnd: { n in
      // Past the last old item: only insertions remain (a validated batch); else zero.
      while n < c {
        if inserted(a &+ n) != 0, i < insertions {
          (w[n], h[n]) = packed.size(i, transposed: transposed)
          i &+= 1
        } else {
          (w[n], h[n]) = (0, 0)
        }
        n &+= 1
      }
    }
    cursor = Cursor(page: page, old: o, removal: 0, insertion: i, new: a &+ c)
  }

  /// The bits of `kept` below its set bit of rank `k` (0-based; 64 when it has `k` or fewer):
  /// how many of a mask word's items come before its `k + 1`-th old item.
  ///
  /// - Complexity: O(k).
  @inline(__always)
  static func keptUpTo(_ kept: UInt64, count k: Int) -> Int {
    var rest = kept
    var r = 0
    while r < k, rest != 0 {
      rest &= rest &- 1
      r &+= 1
    }
    return rest == 0 ? 64 : rest.trailingZeroBitCount
  }

  /// `fill`'s for deletions packed (`Sources.packedDeletions`, no insertions): the old items
  /// whose bits the mask leaves clear, in order; a mask word's kept items written by walking
  /// its clear bits (no branch on each bit: a filter's bits are random).
  ///
  /// - Complexity: O(c + d / 64 + q) for the d deletions passed.
  private static func fill(
    _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>, count c: Int,
    cursor: inout Cursor, sources: Sources, deletions mask: PackedMask, released: inout [Int],
    releasing keep: Int
  ) {
    let words = mask.words
    let wordCount = words.count
    var o = cursor.old
    var r = cursor.removal
    let page = forEachPage(
      w, h, count: c, from: cursor.page, sources: sources, released: &released,
      releasing: keep
    ) { ws, hs, pageEnd, n in
      while n < c, o < pageEnd {
        // The old items from o to the end of its mask word (or of the page).
        let length = Swift.min(64 &- (o & 63), pageEnd &- o)
        let chunk = length == 64 ? UInt64.max : (1 &<< UInt64(length)) &- 1
        let word = (o >> 6) < wordCount ? words[o >> 6] &>> UInt64(o & 63) : 0
        var kept = ~word & chunk
        var taken = kept.nonzeroBitCount
        var span = length
        if taken > c &- n {
          // Only the first c − n kept ones: up to and including the last taken.
          var last = kept
          for _ in 0..<(c &- n &- 1) { last &= last &- 1 }
          span = last.trailingZeroBitCount &+ 1
          kept &= span == 64 ? UInt64.max : (1 &<< UInt64(span)) &- 1
          taken = c &- n
        }
        while kept != 0 {
          let t = o &+ kept.trailingZeroBitCount
          w[n] = ws[t]
          h[n] = hs[t]
          n &+= 1
          kept &= kept &- 1
        }
        r &+= span &- taken
        o &+= span
      }
    }
    cursor = Cursor(page: page, old: o, removal: r, insertion: 0, new: cursor.new &+ c)
  }

  /// Writes the next `c` new items into `w` and `h` (each with room for `block` values
  /// more), moving `cursor`; the old pages passed after page `keep` (not before or at it) are
  /// appended to `released`.
  ///
  /// Within an old page, edit by edit: the kept run before the next deletion or insertion is
  /// copied, a run of up to `block` values as one block of `block` (a dense batch's runs are
  /// one or two values, whose lengths no branch predictor follows: the values past the run are
  /// overwritten next or lie in the room past the count), a longer one as it is; then the
  /// deletion is passed or the insertion written.
  ///
  /// - Complexity: O(c + d + q).
  private static func fillFromLists(
    _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>, count c: Int,
    cursor: inout Cursor, sources: Sources, released: inout [Int], releasing keep: Int
  ) {
    let del = sources.deletions
    let ins = sources.insertions
    let transposed = sources.transposed
    let a = cursor.new
    var o = cursor.old
    var r = cursor.removal
    var i = cursor.insertion
    @inline(__always) func take(_ k: Int) -> (Double, Double) {
      let size = ins[k].size
      return transposed ? (size.height, size.width) : (size.width, size.height)
    }
    let page = forEachPage(
      w, h, count: c, from: cursor.page, sources: sources, released: &released,
      releasing: keep
    ) { ws, hs, pageEnd, n in
      /// Copies the kept values `o ..< o + run` to `n ..< n + run`.
      @inline(__always) func copy(_ run: Int) {
        if run <= block, o &+ block <= pageEnd {
          copyBlock(from: ws + o, to: w + n)
          copyBlock(from: hs + o, to: h + n)
        } else {
          (w + n).update(from: ws + o, count: run)
          (h + n).update(from: hs + o, count: run)
        }
        n &+= run
        o &+= run
      }
      while n < c {
        let nextInsertion = i < ins.count ? ins[i].at.item &- a : Int.max
        if nextInsertion == n {
          (w[n], h[n]) = take(i)
          i &+= 1
          n &+= 1
          continue
        }
        guard o < pageEnd else { break }
        if r < del.count, del[r].item < pageEnd {
          // Deletions, and no insertion before `stop`.
          let stop = min(c, nextInsertion)
          while n < stop, o < pageEnd, r < del.count {
            let d = del[r].item
            copy(min(min(d, pageEnd) &- o, stop &- n))
            guard o == d, d < pageEnd else { break }
            o &+= 1
            r &+= 1
          }
          continue
        }
        // Insertions (or none), and no deletion in this page.
        while n < c, o < pageEnd, i < ins.count {
          let next = ins[i].at.item &- a
          copy(min(min(next, c) &- n, pageEnd &- o))
          guard n == next, n < c else { break }
          (w[n], h[n]) = take(i)
          i &+= 1
          n &+= 1
        }
        if i == ins.count, n < c, o < pageEnd {
          copy(min(c &- n, pageEnd &- o))
        }
      }
    } pastEnd: { n in
      // Past the last old item: only insertions remain (a validated batch); the rest, if
      // the lists are inconsistent, is zero.
      while n < c, i < ins.count, ins[i].at.item == a &+ n {
        (w[n], h[n]) = take(i)
        i &+= 1
        n &+= 1
      }
    }
    cursor = Cursor(page: page, old: o, removal: r, insertion: i, new: a &+ c)
  }
}

/// A batch's packed insertions (`PackedInsertions`) as the section rebuild's tasks read them:
/// the mask of inserted new items and the sizes' bits, shared across the tasks while the batch
/// is alive.
struct PackedLists: Sendable {
  let mask: PackedMask
  private let sharedSizeBits: SharedBuffer<UInt64>
  /// Sizes as `f64` (two words an item), else `f32`.
  let wide: Bool

  init(
    words: UnsafeBufferPointer<UInt64>, ranks: UnsafeBufferPointer<Int>,
    sizeBits: UnsafeBufferPointer<UInt64>, wide: Bool
  ) {
    mask = PackedMask(words: words, ranks: ranks)
    sharedSizeBits = SharedBuffer(sizeBits)
    self.wide = wide
  }

  var sizeBits: UnsafeBufferPointer<UInt64> { sharedSizeBits.readOnly }
  /// How many insertions.
  var count: Int { mask.ranks[mask.ranks.count - 1] }

  /// The width and height of insertion `k` (swapped when `transposed`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func size(_ k: Int, transposed: Bool) -> (Double, Double) {
    let size = PackedInsertions.size(k, in: sizeBits, wide: wide)
    return transposed ? (size.height, size.width) : (size.width, size.height)
  }
}

/// A batch's packed item mask (`PackedDeletions`, or `PackedInsertions`' inserted new items) as
/// the section rebuild's tasks read it: the mask's words and ranks, shared across the tasks
/// while the batch is alive.
struct PackedMask: Sendable {
  private let sharedWords: SharedBuffer<UInt64>
  private let sharedRanks: SharedBuffer<Int>

  init(words: UnsafeBufferPointer<UInt64>, ranks: UnsafeBufferPointer<Int>) {
    sharedWords = SharedBuffer(words)
    sharedRanks = SharedBuffer(ranks)
  }

  var words: UnsafeBufferPointer<UInt64> { sharedWords.readOnly }
  var ranks: UnsafeBufferPointer<Int> { sharedRanks.readOnly }

  /// The items the mask names below `item`.
  ///
  /// - Complexity: O(1).
  func rank(below item: Int) -> Int {
    ItemMask.rank(below: item, words: words, ranks: ranks)
  }
}
