/// Lines written in place by a full layout pass, with their offsets in block and their
/// item-index entries: the same values `LineTable.rebuildOffsets` and `refreshItemIndex` build
/// (`LineWriterTests`), with no further pass over the lines.
///
/// - Complexity: O(1) per line; O(r / 32 + n / 8) to finish.
extension LineTable {
  /// Where a layout pass writes its lines: the table's buffers, the next line's number and the
  /// running sum of its block. Valid only inside `withLineWriter`.
  struct LineWriter {
    let starts: UnsafeMutablePointer<Int>
    let heights: UnsafeMutablePointer<Double>
    let offsets: UnsafeMutablePointer<Double>
    let index: UnsafeMutablePointer<Int32>
    /// Entry `b`: full block `b`'s sum (`LineTable.writtenBlockSums`), stored as it closes.
    let sums: UnsafeMutablePointer<Double>
    let lineSpacing: Double
    /// Lines the buffers hold.
    let room: Int
    /// Lines written.
    var count: Int
    /// `Σ (heights[i] + L)` over the lines of the current block written so far.
    var blockSum: Double

    /// The starts and heights of the lines not yet written, for a kernel that writes lines in
    /// bulk (then `commitUnwritten` takes the lines it wrote).
    var unwritten:
      (starts: UnsafeMutableBufferPointer<Int>, heights: UnsafeMutableBufferPointer<Double>)
    {
      (
        UnsafeMutableBufferPointer(start: starts + count, count: room - count),
        UnsafeMutableBufferPointer(start: heights + count, count: room - count)
      )
    }

    /// The most lines the current block and the buffers still take: `append` up to this many,
    /// then `closeBlockIfFull`.
    var blockRoom: Int { min(room, (count | (LineTable.blockSize - 1)) &+ 1) }

    /// Appends the line starting at item `start`, of height `height`: its start, height, offset in
    /// its block when it opens a group, and the index entry of the first multiple of 8 at or after
    /// `start` (entries no start writes are filled by `finishLines`).
    ///
    /// - Precondition: `count < blockRoom`; lines are appended in order, on one thread, in a pass
    ///   that claims no lines.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func append(start: Int, height: Double) {
      // (Not through `appendLine`: the fused loop's per-item instructions grew by 0.5.)
      let k = count
      starts[k] = start
      heights[k] = height
      // Into the entry of the group of line `k + 3`, rewritten by that group's first line: no test
      // of `k`, which mispredicted in fixed-count lines (the spare entry after the last group:
      // `reserveLines`).
      offsets[(k &+ LineTable.groupSize &- 1) &>> LineTable.groupShift] = blockSum
      blockSum = blockSum + (height + lineSpacing)
      let shift = LineTable.indexShift
      index[(start &+ (1 << shift) &- 1) &>> shift] = Int32(truncatingIfNeeded: k)
      count = k &+ 1
    }

    /// Appends a line's start, height and its group's offset in its block when it opens a group
    /// (no index entry); returns its number.
    @inline(__always)
    private mutating func appendLine(start: Int, height: Double) -> Int {
      let k = count
      starts[k] = start
      heights[k] = height
      if k & (LineTable.groupSize &- 1) == 0 { offsets[k &>> LineTable.groupShift] = blockSum }
      blockSum = blockSum + (height + lineSpacing)
      count = k &+ 1
      return k
    }

    /// Takes the `m` lines a kernel wrote through `unwritten`, their offsets and index entries as
    /// `append` and `closeBlockIfFull` write them; without `indexed`, no entry and no start read.
    ///
    /// - Precondition: `count + m ≤ room`; the `m` lines follow the lines written, in order.
    /// - Complexity: O(m).
    @inline(__always)
    mutating func commitUnwritten(_ m: Int, indexed: Bool = true) {
      take(m, starts: starts + count, heights: heights + count, copies: false, indexed: indexed)
    }

    /// Appends the `m` lines whose starts and heights are `from[0 ..< m]` and `heights[0 ..< m]`,
    /// as `append` and `closeBlockIfFull` write them.
    ///
    /// - Precondition: `count + m ≤ room`; the lines follow the lines written, in order; the source
    ///   is not the writer's buffers.
    /// - Complexity: O(m).
    mutating func appendLines(
      starts from: UnsafePointer<Int>, heights: UnsafePointer<Double>, count m: Int
    ) {
      take(m, starts: from, heights: heights, copies: true)
    }

    /// The lines `s[0 ..< m]`, `h[0 ..< m]` taken as the next `m` lines (`copies`: stored; else
    /// they are the unwritten entries themselves).
    @inline(__always)
    private mutating func take(
      _ m: Int, starts s: UnsafePointer<Int>, heights h: UnsafePointer<Double>, copies: Bool,
      indexed: Bool = true
    ) {
      var spare: Int32 = 0
      blockSum = store(
        m, at: count, blockSum: blockSum, starts: s, heights: h, copies: copies,
        entriesBefore: nil, indexed: indexed, spare: &spare)
      count &+= m
    }

    /// Stores lines `first ..< first + m` (`copies`: their starts and heights too), their offsets
    /// from `sum`, the sums of the blocks they close and their index entries (only before
    /// `entriesBefore` when given, none without `indexed`); returns the last block's sum.
    @inline(__always)
    private func store(
      _ m: Int, at first: Int, blockSum: Double, starts s: UnsafePointer<Int>,
      heights h: UnsafePointer<Double>, copies: Bool, entriesBefore bound: Int?,
      indexed: Bool = true, spare: UnsafeMutablePointer<Int32>
    ) -> Double {
      let shift = LineTable.indexShift
      let spacing = lineSpacing
      let end = first &+ m
      var k = first
      var sum = blockSum
      let block = LineTable.blockSize
      // Line `k`: its start and height (`copies`), its index entry; returns the sum after it
      // (`sum` before it). Its group's offset is the caller's to write.
      let group = LineTable.groupSize
      @inline(__always)
      func line(_ k: Int, _ sum: Double) -> Double {
        let height = h[k &- first]
        if copies {
          starts[k] = s[k &- first]
          heights[k] = height
        }
        // (No start read without `indexed` or `copies`: a pass of computed starts has none.)
        guard indexed else { return sum + (height + spacing) }
        let q = (s[k &- first] &+ (1 << shift) &- 1) &>> shift
        if let bound {
          // Selected, not branched on.
          (q < bound ? index + q : spare).pointee = Int32(truncatingIfNeeded: k)
        } else {
          index[q] = Int32(truncatingIfNeeded: k)
        }
        return sum + (height + spacing)
      }
      while k < end {
        // Two whole blocks at once, each sum its own chain of additions, values as line by line.
        if bound == nil, k & (block - 1) == 0, end &- k >= 2 &* block {
          var sumA = 0.0
          var sumB = 0.0
          var t = 0
          while t < block {
            offsets[(k &+ t) &>> LineTable.groupShift] = sumA
            offsets[(k &+ block &+ t) &>> LineTable.groupShift] = sumB
            for u in 0..<group {
              sumA = line(k &+ t &+ u, sumA)
              sumB = line(k &+ block &+ t &+ u, sumB)
            }
            t &+= group
          }
          if indexed {
            let shared = (s[k &+ block &- 1 &- first] &+ (1 << shift) &- 1) &>> shift
            var b = k &+ block
            while b < k &+ 2 &* block, (s[b &- first] &+ (1 << shift) &- 1) &>> shift == shared {
              index[shared] = Int32(truncatingIfNeeded: b)
              b &+= 1
            }
          }
          sums[k &>> LineTable.blockShift] = sumA
          sums[(k &>> LineTable.blockShift) &+ 1] = sumB
          k &+= 2 &* block
          continue
        }
        // To the end of the block (no test of the block per line), then the block closed.
        // Whole groups of lines between a first and a last part group.
        let blockEnd = min(end, (k | (LineTable.blockSize - 1)) &+ 1)
        while k < blockEnd, k & (group &- 1) != 0 {
          sum = line(k, sum)
          k &+= 1
        }
        while k &+ group <= blockEnd {
          offsets[k &>> LineTable.groupShift] = sum
          for u in 0..<group { sum = line(k &+ u, sum) }
          k &+= group
        }
        if k < blockEnd { offsets[k &>> LineTable.groupShift] = sum }
        while k < blockEnd {
          sum = line(k, sum)
          k &+= 1
        }
        if k & (LineTable.blockSize - 1) == 0 {
          sums[(k &- 1) &>> LineTable.blockShift] = sum
          sum = 0
        }
      }
      return sum
    }

    /// `append(start:height:)` writing exactly the index entries of items `start ..< end`.
    ///
    /// - Precondition: `count < blockRoom`; lines are appended in order.
    /// - Complexity: O(1 + (end − start) / 8).
    @inline(__always)
    mutating func append(start: Int, end: Int, height: Double) {
      let k = appendLine(start: start, height: height)
      let shift = LineTable.indexShift
      var q = (start &+ (1 << shift) &- 1) &>> shift
      while q &<< shift < end {
        index[q] = Int32(truncatingIfNeeded: k)
        q &+= 1
      }
    }

    /// Claims the next `m` lines, of heights `h[0 ..< m]`, for `writeClaimed` on any thread: the
    /// count and block sum move on as if appended. Returns their first line and its block's sum
    /// before it.
    ///
    /// - Precondition: `count + m ≤ room`.
    /// - Complexity: O(min(m, 32)).
    mutating func claim(_ m: Int, heights h: UnsafePointer<Double>) -> (
      first: Int, blockSum: Double
    ) {
      let first = count
      let before = blockSum
      let end = first &+ m
      // The sum of the lines of `end`'s block, as `store` adds it (left to right from the
      // block's first line, or from `before` when the block starts before `first`).
      let blockStart = end & ~(LineTable.blockSize - 1)
      var k = max(blockStart, first)
      var sum = blockStart > first ? 0 : before
      while k < end {
        sum = sum + (h[k &- first] + lineSpacing)
        k &+= 1
      }
      count = end
      blockSum = sum
      return (first, before)
    }

    /// Writes `m` lines claimed at `first` as `appendLines` would, with exactly the index entries of
    /// `items` (no entry another writer writes).
    ///
    /// - Precondition: the lines follow each other and cover `items`; `first + m ≤ room`.
    /// - Complexity: O(m + items / 8).
    func writeClaimed(
      _ m: Int, at first: Int, blockSum: Double, starts s: UnsafePointer<Int>,
      heights h: UnsafePointer<Double>, items: Range<Int>
    ) {
      let shift = LineTable.indexShift
      // Entries `q` with `8q` in `items`.
      let q0 = (items.lowerBound &+ (1 << shift) &- 1) &>> shift
      let q1 = (items.upperBound &+ (1 << shift) &- 1) &>> shift
      (index + q0).update(repeating: -1, count: q1 &- q0)
      var spare: Int32 = 0
      _ = store(
        m, at: first, blockSum: blockSum, starts: s, heights: h, copies: true,
        entriesBefore: q1, spare: &spare)
      // (Entry q0 is written: the first line starts within 8 items before it.)
      LineTable.fillUnwrittenEntries(index, q0..<q1, from: Int32(truncatingIfNeeded: first))
    }

    /// Stores the block's sum after its last line; the next block's starts from 0.
    ///
    /// - Precondition: called once per block, right after `append` wrote its last line.
    @inline(__always)
    mutating func closeBlockIfFull() {
      let k = count
      guard k & (LineTable.blockSize - 1) == 0, k > 0 else { return }
      sums[(k &- 1) &>> LineTable.blockShift] = blockSum
      blockSum = 0
    }
  }
}
