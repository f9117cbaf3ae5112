import FlowLayoutModel

extension ItemColumns {
  /// Edits from which `splice(removing:inserting:)` no longer tries its one-move forms and
  /// `spliceRuns` takes its dense and element-by-element forms: a dense batch (a filter deleting
  /// every other item) keeps runs of one or two items, where a call per run costs more than the
  /// copy.
  static let onePassEditCount = 64

  /// `splice(removing:inserting:)`'s pass: the columns compacted together in one forward pass
  /// over the removals and widened together in one backward pass over the insertions. With
  /// `onePassEditCount` edits or more, dense edits (kept runs of `shortRun` values or fewer on
  /// average between the first and the last edit) are walked value by value with no branch on
  /// the data, sparse ones run by run, short kept runs copied element by element, long ones as a
  /// block; fewer edits move each kept run as a block. Positions of inserted items 0.
  ///
  /// - Precondition: `isSpliceable(count: widths.count, removals, insertions)`.
  /// - Complexity: O(n − f + e) for the first touched index f and e edits, at most one block
  ///   copy per column and kept run longer than `shortRun`; no allocation while the columns'
  ///   capacity holds the new count.
  mutating func spliceRuns(
    removing removals: [Int], inserting insertions: [(index: Int, size: Size)]
  ) {
    let positions = hasPositions
    // The columns leave `self` while edited (uniquely referenced, no overlapping access).
    var w = widths
    var h = heights
    var x = xs
    widths = []
    heights = []
    xs = []
    defer {
      widths = w
      heights = h
      xs = x
    }
    // A page's few edits: each kept run by one `memmove` a column (copies element by element
    // cost more there: `sections/batch` +1.5 % in callgrind).
    let many = removals.count + insertions.count >= Self.onePassEditCount
    let short = many ? Self.shortRun : 0
    if let first = removals.first {
      let oldCount = w.count
      let dense = many && removals[removals.count - 1] - first <= Self.shortRun * removals.count
      Self.withColumns(&w, &h, &x, positions: positions) { w, h, x in
        removals.withUnsafeBufferPointer { r in
          if dense { return Self.compact(w, h, x, removing: r, first: first, count: oldCount) }
          var write = first
          for k in 0..<r.count {
            let start = r[k] &+ 1
            let end = k &+ 1 < r.count ? r[k &+ 1] : oldCount
            let run = end &- start
            Self.move(w, from: start, to: write, count: run, elementwiseUpTo: short)
            Self.move(h, from: start, to: write, count: run, elementwiseUpTo: short)
            if let x { Self.move(x, from: start, to: write, count: run, elementwiseUpTo: short) }
            write &+= run
          }
        }
      }
      w.removeLast(removals.count)
      h.removeLast(removals.count)
      if positions { x.removeLast(removals.count) }
    }
    guard !insertions.isEmpty else { return }
    let kept = w.count
    let newCount = kept + insertions.count
    if many,
      w.capacity < newCount || h.capacity < newCount || (positions && x.capacity < newCount),
      insertions[insertions.count - 1].index - insertions[0].index
        <= Self.shortRun * insertions.count
    {
      // Many dense insertions that outgrow the columns: merged once into new columns of the
      // new count (each value written once), not grown, zeroed and then widened in place. (A
      // few grow the columns by doubling: the next edits then fit.)
      insertions.withUnsafeBufferPointer { ins in
        Self.merge(&w, &h, &x, positions: positions, inserting: ins)
      }
      return
    }
    w.append(contentsOf: repeatElement(0, count: insertions.count))
    h.append(contentsOf: repeatElement(0, count: insertions.count))
    if positions { x.append(contentsOf: repeatElement(0, count: insertions.count)) }
    let dense =
      many
      && insertions[insertions.count - 1].index - insertions[0].index
        <= Self.shortRun * insertions.count
    Self.withColumns(&w, &h, &x, positions: positions) { w, h, x in
      insertions.withUnsafeBufferPointer { ins in
        if dense { return Self.widen(w, h, x, inserting: ins, kept: kept) }
        var read = kept  // kept values [0, read) not yet in place
        var write = kept &+ ins.count  // values [write, count) in place
        var k = ins.count
        while k > 0 {
          k &-= 1
          let at = ins[k].index
          let run = write &- at &- 1
          let (from, to) = (read &- run, write &- run)
          Self.move(w, from: from, to: to, count: run, elementwiseUpTo: short)
          Self.move(h, from: from, to: to, count: run, elementwiseUpTo: short)
          if let x { Self.move(x, from: from, to: to, count: run, elementwiseUpTo: short) }
          read &-= run
          write = at
          w[at] = ins[k].size.width
          h[at] = ins[k].size.height
          x?[at] = 0
        }
      }
    }
  }

  /// The columns (`x` when `positions`) with `ins` (ascending, distinct after-space indices
  /// below the new count, positions 0) merged in, as new arrays of exactly the new count: the
  /// values before the first insertion copied as a block, the rest chosen value by value with
  /// no branch on the data.
  ///
  /// - Complexity: O(n) for the new count n; one allocation per column.
  private static func merge(
    _ w: inout [Double], _ h: inout [Double], _ x: inout [Double], positions: Bool,
    inserting ins: UnsafeBufferPointer<(index: Int, size: Size)>
  ) {
    let kept = w.count
    let newCount = kept &+ ins.count
    let first = ins[0].index
    let last = ins.count &- 1
    func merged(
      _ old: [Double], _ value: (Size) -> Double
    ) -> [Double] {
      [Double](unsafeUninitializedCapacity: newCount) { out, count in
        old.withUnsafeBufferPointer { o in
          let target = out.baseAddress!
          if first > 0 { target.initialize(from: o.baseAddress!, count: first) }
          var read = first
          var k = 0
          var j = first
          while j < newCount {
            let entry = ins[k < last ? k : last]
            let inserted = j == entry.index
            let mask: UInt64 = inserted ? ~0 : 0
            let source = read < kept ? read : kept &- 1
            let keptBits = kept > 0 ? o[source].bitPattern : 0
            (target + j).initialize(
              to: Double(bitPattern: (value(entry.size).bitPattern & mask) | (keptBits & ~mask)))
            let step = inserted ? 1 : 0
            k &+= step
            read &+= 1 &- step
            j &+= 1
          }
        }
        count = newCount
      }
    }
    w = merged(w) { $0.width }
    h = merged(h) { $0.height }
    if positions { x = merged(x) { _ in 0 } }
  }

  /// Closes the gaps of `removals` (ascending, distinct, the first `first`, all below `count`)
  /// in the columns (`x` when given): removal by removal, the kept run after it moved down,
  /// a run of up to `blockRun` values as one block of `blockRun` (a dense filter's runs are
  /// one or two values, whose lengths no branch predictor follows: the values past the run
  /// are overwritten by the next runs or lie in the slots left over), a longer one by
  /// `move`. The last `removals.count` slots hold unspecified values.
  ///
  /// - Complexity: O(e + l − f + t) for e removals, the last removal l, the first f and the t
  ///   values after l.
  @inline(__always)
  private static func compact(
    _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>,
    _ x: UnsafeMutablePointer<Double>?, removing r: UnsafeBufferPointer<Int>, first: Int,
    count: Int
  ) {
    let m = r.count
    var write = first
    var k = 0
    while k < m {
      let start = r[k] &+ 1
      let end = k &+ 1 < m ? r[k &+ 1] : count
      let run = end &- start
      // A block is safe once `k + 1` values were removed (it writes below `start + 2`, where
      // nothing is left to read) and while it reads within the columns.
      if run <= blockRun, k >= 2, start &+ blockRun <= count {
        copyBlock(w, from: start, to: write)
        copyBlock(h, from: start, to: write)
        if let x { copyBlock(x, from: start, to: write) }
      } else {
        move(w, from: start, to: write, count: run)
        move(h, from: start, to: write, count: run)
        if let x { move(x, from: start, to: write, count: run) }
      }
      write &+= run
      k &+= 1
    }
  }

  /// Opens the gaps of `ins` (ascending, distinct after-space indices) in columns whose first
  /// `kept` values are the kept items and whose length is `kept + ins.count`, and writes the
  /// inserted sizes (position 0): the values after the last insertion moved as one block,
  /// then insertion by insertion from the last, the inserted size written and the kept run
  /// before it moved up, a run of up to `blockRun` values as one block of `blockRun` ending
  /// at the insertion (the values before the run are overwritten by the earlier runs and
  /// insertions), a longer one by `move`.
  ///
  /// - Complexity: O(n − f) for the new count n and the first insertion f.
  @inline(__always)
  private static func widen(
    _ w: UnsafeMutablePointer<Double>, _ h: UnsafeMutablePointer<Double>,
    _ x: UnsafeMutablePointer<Double>?,
    inserting ins: UnsafeBufferPointer<(index: Int, size: Size)>, kept: Int
  ) {
    let newCount = kept &+ ins.count
    let lastIndex = ins[ins.count &- 1].index
    let tail = newCount &- lastIndex &- 1
    // The kept values after the last insertion: [kept − tail, kept) to [lastIndex + 1, newCount).
    move(w, from: kept &- tail, to: lastIndex &+ 1, count: tail)
    move(h, from: kept &- tail, to: lastIndex &+ 1, count: tail)
    if let x { move(x, from: kept &- tail, to: lastIndex &+ 1, count: tail) }
    var k = ins.count &- 1
    while k >= 0 {
      let at = ins[k].index
      w[at] = ins[k].size.width
      h[at] = ins[k].size.height
      x?[at] = 0
      guard k > 0 else { break }
      // Kept values before insertion k: they move up by k, to [at − run, at).
      let run = at &- ins[k &- 1].index &- 1
      let read = at &- k  // one past the run's last value
      // A block is safe once k ≥ blockRun (it writes above `at − k`, where nothing is left to
      // read) and while it reads within the columns.
      if run <= blockRun, k >= blockRun, read >= blockRun {
        copyBlock(w, from: read &- blockRun, to: at &- blockRun)
        copyBlock(h, from: read &- blockRun, to: at &- blockRun)
        if let x { copyBlock(x, from: read &- blockRun, to: at &- blockRun) }
      } else {
        move(w, from: read &- run, to: at &- run, count: run)
        move(h, from: read &- run, to: at &- run, count: run)
        if let x { move(x, from: read &- run, to: at &- run, count: run) }
      }
      k &-= 1
    }
  }

  /// Kept runs up to this many values are copied as one block of this many by `compact` and
  /// `widen` (a dense batch's runs are mostly shorter: one copy, no branch on their length).
  static let blockRun = 4

  /// Copies `blockRun` values from `source` to `target` within one column, all read before
  /// any is written (overlapping allowed).
  @inline(__always)
  private static func copyBlock(
    _ base: UnsafeMutablePointer<Double>, from source: Int, to target: Int
  ) {
    let a = base[source]
    let b = base[source &+ 1]
    let c = base[source &+ 2]
    let d = base[source &+ 3]
    base[target] = a
    base[target &+ 1] = b
    base[target &+ 2] = c
    base[target &+ 3] = d
  }

  /// The columns' buffers (`x` only when `positions`), for one pass over all of them.
  @inline(__always)
  private static func withColumns(
    _ w: inout [Double], _ h: inout [Double], _ x: inout [Double], positions: Bool,
    _ body: (
      UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>?
    ) -> Void
  ) {
    w.withUnsafeMutableBufferPointer { w in
      h.withUnsafeMutableBufferPointer { h in
        guard positions else { return body(w.baseAddress!, h.baseAddress!, nil) }
        x.withUnsafeMutableBufferPointer { x in
          body(w.baseAddress!, h.baseAddress!, x.baseAddress!)
        }
      }
    }
  }

  /// Kept runs up to this many values are copied element by element (no call).
  static let shortRun = 16

  /// Moves `count` values from `source` to `target` within one column (overlapping allowed):
  /// element by element when `limit` or fewer (`shortRun`), else one `memmove`.
  @inline(__always)
  private static func move(
    _ base: UnsafeMutablePointer<Double>, from source: Int, to target: Int, count: Int,
    elementwiseUpTo limit: Int = shortRun
  ) {
    if count <= limit {
      if target <= source {
        for k in 0..<count { base[target &+ k] = base[source &+ k] }
      } else {
        var k = count
        while k > 0 {
          k &-= 1
          base[target &+ k] = base[source &+ k]
        }
      }
    } else {
      (base + target).update(from: base + source, count: count)
    }
  }
}
