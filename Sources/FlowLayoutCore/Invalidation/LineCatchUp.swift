import FlowLayoutModel

// Catching up: greedy lines are broken again from a true line start until a new line starts
// where a known line started; from there the known lines hold the true lines' items (the greedy
// rule only looks forward) and are kept. The known lines are the old ones inside items an edit
// left alone (`catchUpLines`: every edit of a line table, one region or many; a page boundary
// made a line start from the page's last line, `joinLastLine`, in the page repair and in every
// run of pages laid out, `PageRuns`; the dense-edit paths call it or lay the page out whole), or
// lines broken from a guessed start (`LineCatchUp.meets`: the thread-chunk commit, the paired
// streams).

/// Catching true lines up with lines broken from a guessed start.
enum LineCatchUp {
  /// Whether the true line start `t` is a known line's start: the known lines not yet passed
  /// start at `starts[p ..< count]` (ascending), the line after them at `next`. The cursor
  /// `p` moves to the first at or after `t` (`count`: the one at `next`) and stays there: true
  /// line starts tried in ascending order move it only forward.
  ///
  /// - Complexity: O(1 + m) for the m known lines passed.
  @inline(__always)
  static func meets(
    _ t: Int, known starts: UnsafePointer<Int>, count: Int, then next: Int, at p: inout Int
  ) -> Bool {
    while p < count, starts[p] < t { p &+= 1 }
    return p < count ? starts[p] == t : t == next
  }
}

/// A maximal run of items an edit left alone: new items `newStart ..< newStart + count` are the
/// old items `oldStart ..< oldStart + count`, with the sizes they had.
struct KeptRun: Sendable, Equatable {
  var newStart: Int
  var oldStart: Int
  var count: Int

  var newEnd: Int { newStart + count }
  var oldEnd: Int { oldStart + count }

  /// The runs of untouched items after `removals` and `resized` (old indices) and `insertions`
  /// (new indices), in order.
  ///
  /// `runs` is emptied first (capacity kept).
  ///
  /// - Precondition: each list ascending and distinct; the batch validated.
  /// - Complexity: O(e) for e edits (one entry per run, no per-item work).
  static func runs(
    oldCount: Int, removals: [Int], resized: [Int],
    insertions: [(index: Int, size: Size)], into runs: inout [KeptRun]
  ) {
    if !runs.isEmpty { runs.removeAll(keepingCapacity: true) }
    // Old item `old` is new item `old + shift` unless an edit touches it; at one place an
    // insertion comes first, then a removal or a resize of the old item.
    var old = 0
    var shift = 0
    var (r, z, n) = (0, 0, 0)
    while old < oldCount {
      if n < insertions.count, insertions[n].index == old + shift {
        (shift, n) = (shift + 1, n + 1)
      } else if r < removals.count, removals[r] == old {
        (old, shift, r) = (old + 1, shift - 1, r + 1)
      } else if z < resized.count, resized[z] <= old {
        // (A resized item also removed was passed by its removal.)
        if resized[z] == old { old += 1 }
        z += 1
      } else {
        // Untouched items up to the next edit.
        var end = oldCount
        if r < removals.count { end = min(end, removals[r]) }
        if z < resized.count { end = min(end, resized[z]) }
        if n < insertions.count { end = min(end, insertions[n].index - shift) }
        guard end > old else { break }  // inconsistent edits: not reached after validation
        runs.append(KeptRun(newStart: old + shift, oldStart: old, count: end - old))
        old = end
      }
    }
  }
}

extension Page {
  /// Catches the greedy lines up with an edit, in one pass from line `firstLine` (whose start item
  /// the edit left in place): an old line is kept (its start renumbered) where it starts at an old
  /// line start inside a kept run (`scratch.runs`) that holds its items and the item after it;
  /// otherwise one line is broken by the greedy rule. Each touched region is re-broken until its
  /// lines meet the old ones; the lines between regions and after the last are kept. Offsets and
  /// the item index are brought up to date (`LineTable.setHeight`, `updateOffsets`,
  /// `refreshItemIndex`). Clears `scratch.lastLineKept` unless the last line is an old one kept in
  /// place.
  ///
  /// - Precondition: the item columns hold the new items; `scratch.runs` describe them
  ///   (`KeptRun.runs`, or none); `oldItemCount` is the item count before the edit; the rules break
  ///   greedily (`.greedy` or `.firstLineOnly`).
  /// - Complexity: O(k + e + g) for k items in re-broken lines, e runs and the g lines copied
  ///   between the first and the last region, plus O(r − j) vectorisable work from the first line
  ///   j whose items moved or that sits at another index; an edit that keeps a page's item and line
  ///   counts costs O(k + e + g + c·log r) for c lines whose height changed.
  mutating func catchUpLines(
    fromLine firstLine: Int, oldItemCount: Int, rules: LayoutRules, kernels: KernelSelection,
    scratch: inout LineScratch, counters: inout WorkCounters
  ) {
    catchUpLines(
      fromLine: firstLine, oldItemCount: oldItemCount, run: nil, keepsRuns: true, rules: rules,
      kernels: kernels, scratch: &scratch, counters: &counters)
  }

  /// `catchUpLines(fromLine:oldItemCount:…)` with one kept run, `run`, or none (every line from
  /// `firstLine`, clamped, broken again), in place of `scratch.runs`.
  ///
  /// - Complexity: as `catchUpLines(fromLine:oldItemCount:…)` with e ≤ 1; O(k + r − firstLine)
  ///   with none.
  mutating func catchUpLines(
    fromLine firstLine: Int, keeping run: KeptRun?, oldItemCount: Int, rules: LayoutRules,
    kernels: KernelSelection, scratch: inout LineScratch, counters: inout WorkCounters
  ) {
    catchUpLines(
      fromLine: firstLine, oldItemCount: oldItemCount, run: run, keepsRuns: false, rules: rules,
      kernels: kernels, scratch: &scratch, counters: &counters)
  }

  /// The forms above: the kept runs are `scratch.runs` when `keepsRuns`, else `run` alone, or
  /// none.
  private mutating func catchUpLines(
    fromLine firstLine: Int, oldItemCount: Int, run only: KeptRun?, keepsRuns: Bool,
    rules: LayoutRules, kernels: KernelSelection, scratch: inout LineScratch,
    counters: inout WorkCounters
  ) {
    // The old table is read-only while lines are broken: a `let` the loop's closure borrows
    // (a captured `var` is copied, each of its arrays retained, per call on it).
    guard let old = takeTable() else { return }
    let n = count
    let oldLines = old.lineCount
    let i0 = min(firstLine, max(oldLines - 1, 0))
    let limit = rules.lineLimit
    let widthLimit = rules.available + rules.epsilon
    let interitem = rules.interitem
    var s = oldLines == 0 ? 0 : old.start(ofLine: i0)
    var index = i0
    // The buffers moved out of `scratch` (uniquely referenced, no retain) and back at the end.
    var runs: [KeptRun] = []
    var newStarts: [Int] = []
    var newHeights: [Double] = []
    var toPlace: [Range<Int>] = []
    swap(&runs, &scratch.runs)
    swap(&newStarts, &scratch.starts)
    swap(&newHeights, &scratch.heights)
    swap(&toPlace, &scratch.ranges)
    if !newStarts.isEmpty { newStarts.removeAll(keepingCapacity: true) }
    if !newHeights.isEmpty { newHeights.removeAll(keepingCapacity: true) }
    if !toPlace.isEmpty { toPlace.removeAll(keepingCapacity: true) }
    var rebroken = 0
    var renumbered = 0
    // The first new line from which lines may sit at other indices than before.
    var shiftedFrom = Int.max
    // The old line from which the table's lines are kept in place, and their items' shift.
    var tail: (line: Int, shift: Int)? = nil
    // The run reached last (`noRun` past the last one), and its index.
    let noRun = KeptRun(newStart: Int.max, oldStart: 0, count: 0)
    let runCount = keepsRuns ? runs.count : 0
    var runIndex = 0
    var run = runCount > 0 ? runs[0] : only ?? noRun
    // The first old line whose start is at least every old item matched so far: the items
    // matched ascend (runs ascend in both layouts), so the cursor only moves forward.
    var cursor = i0
    // The first line of the re-broken lines not yet in `toPlace` (-1: none).
    var brokenFrom = -1
    items.withSizes { ws, hs in
      while s < n, index < limit {
        if s >= run.newEnd {
          repeat { runIndex += 1 } while runIndex < runCount && runs[runIndex].newEnd <= s
          run = runIndex < runCount ? runs[runIndex] : noRun
        }
        if s >= run.newStart {
          let shift = run.newStart - run.oldStart
          let o = s - shift
          if o < old.visibleEnd {
            cursor = Self.firstLine(startingAtOrAfter: o, of: old, from: cursor)
            let k = cursor
            if old.start(ofLine: k) == o {
              // An old line holds the same items iff they and the item after its end are untouched: those
              // lines are copied as one block.
              let end = Self.copiedLinesEnd(
                from: k, of: old, run: run, oldItemCount: oldItemCount, newCount: n,
                limit: k + min(limit - index, oldLines - k))
              if end > k {
                if brokenFrom >= 0 {
                  toPlace.append(brokenFrom..<index)
                  brokenFrom = -1
                }
                let next = old.start(ofLine: end) + shift
                if end == oldLines, next >= n || index + (end - k) >= limit {
                  // The rest of the table, and the last lines: kept where they are (moved and
                  // renumbered below), not copied out and back.
                  tail = (k, shift)
                  s = next
                  break
                }
                old.copyLines(k..<end, shiftedBy: shift, into: &newStarts, &newHeights)
                if shift != 0 { renumbered += end - k }
                // From the first line copied to another index on, every line may have moved.
                if k != index, shiftedFrom == Int.max { shiftedFrom = index }
                index += end - k
                cursor = end
                s = next
                continue
              }
            }
          }
        }
        let e = LineBreaker.lineEnd(ws, from: s, to: n, limit: widthLimit, interitem: interitem)
        newStarts.append(s)
        newHeights.append(LineMaxKernel.maximum(hs, s..<e, using: kernels))
        if brokenFrom < 0 { brokenFrom = index }
        rebroken += 1
        index += 1
        s = e
      }
    }
    if brokenFrom >= 0 { toPlace.append(brokenFrom..<index) }
    var table = consume old
    // The items from `unchangedFrom` on sit in the same lines, at the same indices, as before.
    var unchangedFrom = Int.max
    let spacing = rules.lineSpacing
    // The old lines `i0 ..< replacedEnd` give way to the new ones.
    let replacedEnd = tail?.line ?? oldLines
    if shiftedFrom == Int.max, newStarts.count == replacedEnd - i0 {
      // Every line at the index it had: rewritten in place, and a line whose height changed
      // moves the later ones through the offset tree (no block summed again otherwise).
      let end = s
      let keepsEnd = tail != nil
      table.withEntries { starts, _ in
        for t in 0..<newStarts.count { starts[i0 + t] = newStarts[t] }
        if !keepsEnd { starts[starts.count - 1] = end }  // the end
      }
      for t in 0..<newHeights.count where table.heights[i0 + t] != newHeights[t] {
        counters.offsetTreeNodesWritten += table.setHeight(
          i0 + t, newHeights[t], lineSpacing: spacing)
      }
    } else {
      table.starts.replaceSubrange(i0..<replacedEnd, with: newStarts)
      table.heights.replaceSubrange(i0..<replacedEnd, with: newHeights)
      if tail == nil { table.starts[table.starts.count - 1] = s }  // the end
      shiftedFrom = min(shiftedFrom, i0 + newStarts.count)
      let m = table.lineCount
      if m != oldLines { shiftedFrom = min(shiftedFrom, m, oldLines) }
      // Only the blocks of re-broken lines and those from the first moved line on are summed.
      counters.lineEntriesRebuilt += table.updateOffsets(
        lineSpacing: spacing, changed: toPlace, shiftedFrom: min(shiftedFrom, m))
    }
    if let tail, tail.shift == 0, tail.line == i0 + newStarts.count {
      unchangedFrom = table.start(ofLine: tail.line)
    }
    if let tail, tail.shift != 0 {
      // (Not the end sentinel, which the tail's renumbering moves too.)
      renumbered += table.renumberStarts(from: i0 + newStarts.count, by: tail.shift) - 1
    }
    counters.linesRebroken += rebroken
    counters.lineStartsRenumbered += renumbered
    let m = table.lineCount
    table.refreshItemIndex(fromLine: i0, untilItem: unchangedFrom)
    toPlace.append(lastLinesToPlace(lineCount: m, rules: rules))
    place(lines: &toPlace, of: table, rules: rules, counters: &counters)
    lines = .table(consume table)
    updateHeight(rules: rules)
    // Old lines kept at the end (untouched items only): the last line is one of them.
    let keptLastLine = tail.map { $0.line < oldLines } ?? false
    swap(&runs, &scratch.runs)
    swap(&newStarts, &scratch.starts)
    swap(&newHeights, &scratch.heights)
    swap(&toPlace, &scratch.ranges)
    scratch.lastLineKept = scratch.lastLineKept && keptLastLine
  }

  /// The first line of `table` from line `j` on whose start is at least `item`.
  ///
  /// - Precondition: the lines before `j` start before `item`; `item < table.visibleEnd`.
  /// - Complexity: O(1) when it is line `j` or `j + 1`; else O(log 8) with the item index
  ///   (`LineTable.line(containing:)`).
  @inline(__always)
  static func firstLine(startingAtOrAfter item: Int, of table: LineTable, from j: Int) -> Int {
    if table.start(ofLine: j) >= item { return j }
    if table.start(ofLine: j + 1) >= item { return j + 1 }
    let k = table.line(containing: item)
    return table.start(ofLine: k) == item ? k : k + 1
  }

  /// The end of the old lines from line `k` on (up to line `limit`) that hold the same items
  /// after the edit: lines that end inside `run`, and the last line if it ends where both the run
  /// and the items end.
  ///
  /// - Precondition: line `k` starts inside `run` (old indices).
  /// - Complexity: O(1) for a run to the items' end or when line `k` is not kept; else O(log 8).
  static func copiedLinesEnd(
    from k: Int, of table: LineTable, run: KeptRun, oldItemCount: Int, newCount: Int,
    limit: Int
  ) -> Int {
    let oldLines = table.lineCount
    // A run to the items' end, before and after (one edit's): every old line from k on.
    if run.oldEnd == oldItemCount, run.newEnd == newCount { return min(oldLines, limit) }
    // Line k ends at or past the run's end: the item after it was touched, or it grew.
    if table.start(ofLine: k + 1) >= run.oldEnd { return k }
    // The lines that start before the run's end, all but the last of which end inside it.
    if run.oldEnd > table.visibleEnd { return min(oldLines, limit) }
    return min(table.line(containing: run.oldEnd - 1), limit)
  }
}
