import FlowLayoutModel

extension ItemColumns {
  /// Edits at or above which `spliceInOnePass` walks the columns element by element instead
  /// of moving each kept run with its own `memmove` (`splice(removing:inserting:)`): a dense
  /// batch (a filter deleting every other item) keeps runs of one or two items, where a call
  /// per run costs more than the copy.
  static let onePassEditCount = 64

  /// `splice(removing:inserting:)` for many edits: the columns compacted together in one
  /// forward pass over the removals and widened together in one backward pass over the
  /// insertions, short kept runs copied element by element, long ones as a block. Same result
  /// as `splice(removing:inserting:)` (positions of inserted items 0), which it calls for fewer
  /// than `onePassEditCount` edits or inconsistent ones.
  ///
  /// - Complexity: O(n − f + e) for the first touched index f and e edits, at most one block
  ///   copy per column and kept run longer than `shortRun`; no allocation while the columns'
  ///   capacity holds the new count.
  mutating func spliceInOnePass(
    removing removals: [Int], inserting insertions: [(index: Int, size: Size)]
  ) {
    guard removals.count + insertions.count >= Self.onePassEditCount,
      Self.isSpliceable(count: widths.count, removals, insertions)
    else { return splice(removing: removals, inserting: insertions) }
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
    if let first = removals.first {
      let oldCount = w.count
      Self.withColumns(&w, &h, &x, positions: positions) { w, h, x in
        removals.withUnsafeBufferPointer { r in
          var write = first
          for k in 0..<r.count {
            let start = r[k] &+ 1
            let end = k &+ 1 < r.count ? r[k &+ 1] : oldCount
            let run = end &- start
            Self.move(w, from: start, to: write, count: run)
            Self.move(h, from: start, to: write, count: run)
            if let x { Self.move(x, from: start, to: write, count: run) }
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
    w.append(contentsOf: repeatElement(0, count: insertions.count))
    h.append(contentsOf: repeatElement(0, count: insertions.count))
    if positions { x.append(contentsOf: repeatElement(0, count: insertions.count)) }
    Self.withColumns(&w, &h, &x, positions: positions) { w, h, x in
      insertions.withUnsafeBufferPointer { ins in
        var read = kept  // kept values [0, read) not yet in place
        var write = kept &+ ins.count  // values [write, count) in place
        var k = ins.count
        while k > 0 {
          k &-= 1
          let at = ins[k].index
          let run = write &- at &- 1
          Self.move(w, from: read &- run, to: write &- run, count: run)
          Self.move(h, from: read &- run, to: write &- run, count: run)
          if let x { Self.move(x, from: read &- run, to: write &- run, count: run) }
          read &-= run
          write = at
          w[at] = ins[k].size.width
          h[at] = ins[k].size.height
          x?[at] = 0
        }
      }
    }
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
  /// element by element when short, else one `memmove`.
  @inline(__always)
  private static func move(
    _ base: UnsafeMutablePointer<Double>, from source: Int, to target: Int, count: Int
  ) {
    if count <= shortRun {
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
