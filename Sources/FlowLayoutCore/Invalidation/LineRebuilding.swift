/// Where the lines after an edit may re-synchronise with the old ones: items at old index `≥
/// oldTail` are unchanged and now sit at `old + delta`. A re-broken line starting at new index
/// `p ≥ oldTail + delta` with `p − delta` an old line start begins the same line as before, and so
/// does every line after it (the greedy rule only looks forward).
struct TailSync: Sendable, Equatable {
  var oldTail: Int
  var delta: Int
}

extension SectionLayout {
  /// Re-breaks the line table from line `firstLine` (whose start item is unchanged), until the
  /// lines re-synchronise with the old ones (`sync`), the items end, or the row limit; splices
  /// the new lines in, moves later lines through the offset tree, and places the re-broken lines
  /// and the last two lines (whose alignment depends on being last). Clears
  /// `scratch.lastLineKept` unless the last line is an old one (its items untouched).
  ///
  /// - Complexity: O(k + log r) for k items in re-broken lines when the line count is kept and
  ///   `delta = 0`; O(r − i) more for the first re-broken line i when lines are added or removed
  ///   or starts are renumbered.
  mutating func rebuildLines(
    fromLine firstLine: Int, sync: TailSync? = nil, rules: LayoutRules, kernels: KernelSelection,
    scratch: inout LineScratch, counters: inout WorkCounters
  ) {
    guard var table = takeTable() else { return }
    let n = count
    let oldCount = table.lineCount
    let i0 = min(firstLine, max(oldCount - 1, 0))
    let limit = rules.lineLimit
    let start = oldCount == 0 ? 0 : table.start(ofLine: i0)

    var (end, synced) = breakLines(
      from: start, lineIndex: i0, limit: limit, old: table, sync: sync, rules: rules,
      kernels: kernels, into: &scratch.starts, &scratch.heights)
    let k = scratch.heights.count
    counters.linesRebroken += k
    scratch.ranges.removeAll(keepingCapacity: true)
    scratch.ranges.append(i0..<(i0 + k))
    var rebuildTree = false
    let spacing = rules.lineSpacing
    var keptLastLine = false

    if let j = synced, let sync {
      if k == j - i0 {
        for t in 0..<k {
          table.starts[i0 + t] = scratch.starts[t]
          if table.heights[i0 + t] != scratch.heights[t] {
            counters.offsetTreeNodesWritten += table.setHeight(
              i0 + t, scratch.heights[t], lineSpacing: spacing)
          }
        }
      } else {
        table.starts.replaceSubrange(i0..<j, with: scratch.starts)
        table.heights.replaceSubrange(i0..<j, with: scratch.heights)
        rebuildTree = true
      }
      if sync.delta != 0 {
        let from = i0 + k
        counters.lineStartsRenumbered += table.renumberStarts(from: from, by: sync.delta)
      }
      // Old lines follow the re-broken ones, untouched items only: the last one is kept.
      keptLastLine = table.lineCount > i0 + k
      // The old table may have stopped at the row limit: trim or extend to it.
      if table.lineCount > limit {
        keptLastLine = false
        table.starts.removeSubrange((limit + 1)...)
        table.heights.removeSubrange(limit...)
        rebuildTree = true
      } else if table.lineCount < limit, table.visibleEnd < n {
        keptLastLine = false
        let from = table.lineCount
        (end, synced) = breakLines(
          from: table.visibleEnd, lineIndex: from, limit: limit, old: table, sync: nil,
          rules: rules, kernels: kernels, into: &scratch.starts, &scratch.heights)
        table.starts.removeLast()
        table.starts.append(contentsOf: scratch.starts)
        table.starts.append(end)
        table.heights.append(contentsOf: scratch.heights)
        counters.linesRebroken += scratch.heights.count
        scratch.ranges.append(from..<(from + scratch.heights.count))
        rebuildTree = true
      }
    } else {
      if k == oldCount - i0 {
        for t in 0..<k {
          table.starts[i0 + t] = scratch.starts[t]
          if table.heights[i0 + t] != scratch.heights[t] {
            counters.offsetTreeNodesWritten += table.setHeight(
              i0 + t, scratch.heights[t], lineSpacing: spacing)
          }
        }
        table.starts[table.starts.count - 1] = end
      } else {
        table.starts.replaceSubrange(i0..., with: scratch.starts)
        table.starts.append(end)
        table.heights.replaceSubrange(i0..., with: scratch.heights)
        rebuildTree = true
      }
    }
    if rebuildTree {
      // Lines before `i0` are unchanged: their block sums are kept (and the item index is
      // refreshed from `i0`).
      counters.lineEntriesRebuilt += table.rebuildOffsets(lineSpacing: spacing, fromLine: i0)
    } else if (sync?.delta ?? 0) != 0 || synced == nil {
      // Items after the re-broken lines moved (renumbered starts), or the visible end moved.
      table.refreshItemIndex(fromLine: i0)
    } else {
      // Lines from the re-synchronisation point on hold the same items as before.
      table.refreshItemIndex(
        fromLine: i0, untilItem: table.start(ofLine: min(i0 + k, table.lineCount)))
    }

    // Place the re-broken lines and the last two lines (alignment depends on being last).
    scratch.ranges.append(lastLinesToPlace(lineCount: table.lineCount, rules: rules))
    place(lines: &scratch.ranges, of: table, rules: rules, counters: &counters)
    lines = .table(consume table)
    updateHeight(rules: rules)
    scratch.lastLineKept = scratch.lastLineKept && keptLastLine
  }

  /// Greedy (or fixed-count) lines from item `start`, numbered from `lineIndex`, until the
  /// items end, `limit` lines exist, or (with `sync`) a line start matches an old one.
  ///
  /// - Returns: the end of the last new line, and the old line index where the lines
  ///   re-synchronised (or `nil`); the new lines' starts and heights are in `starts` and
  ///   `heights` (emptied first, capacity kept).
  /// - Complexity: O(k) for the k items broken, plus O(log d) to find the sync point d old lines
  ///   after the last new one.
  func breakLines(
    from start: Int, lineIndex: Int, limit: Int, old: LineTable, sync: TailSync?,
    rules: LayoutRules, kernels: KernelSelection, into starts: inout [Int],
    _ heights: inout [Double]
  ) -> (end: Int, synced: Int?) {
    let n = count
    starts.removeAll(keepingCapacity: true)
    heights.removeAll(keepingCapacity: true)
    var s = start
    var index = lineIndex
    var synced: Int? = nil
    var jOld = lineIndex + 1
    let oldCount = old.lineCount
    let widthLimit = rules.available + rules.epsilon
    let interitem = rules.interitem
    let breaking = rules.breaking
    if sync == nil, start == 0, limit == Int.max, breaking == .greedy {
      // A full layout: about one line per two or three items.
      starts.reserveCapacity(n / 2 + 1)
      heights.reserveCapacity(n / 2 + 1)
    }
    items.withSizes { ws, hs in
      while s < n, index < limit {
        if let sync, index > lineIndex, s - sync.delta >= sync.oldTail {
          let target = s - sync.delta
          if jOld < oldCount, old.start(ofLine: jOld) < target {
            // The first old start ≥ target: usually a line or two ahead, in a cold table, so
            // it is galloped to (probes 1, 3, 6, 11, … lines ahead, near the lines just read) and
            // bisected in the last gap, instead of bisected over every later line.
            var lo = jOld + 1  // old starts before `lo` are < target
            var hi = lo
            var step = 1
            while hi < oldCount, old.start(ofLine: hi) < target {
              lo = hi + 1
              hi = lo + step
              step <<= 1
            }
            hi = min(hi, oldCount)
            jOld = lo + old.countStarts(lessThan: target, inLines: lo..<hi)
          }
          if jOld < oldCount, old.start(ofLine: jOld) == target {
            synced = jOld
            break
          }
        }
        let e: Int
        switch breaking {
        case .greedy, .firstLineOnly:
          e = LineBreaker.lineEnd(ws, from: s, to: n, limit: widthLimit, interitem: interitem)
        case .fixedCount(let c):
          e = c >= n - s ? n : s + c
        case .noWrap:
          e = n
        }
        starts.append(s)
        heights.append(LineMaxKernel.maximum(hs, s..<e, using: kernels))
        s = e
        index += 1
      }
    }
    return (s, synced)
  }

  /// The lines to place again after a re-break beside the re-broken ones: the last two of
  /// `lineCount` (the last one's alignment depends on being last, and the one before it may
  /// have been last), or none in a page that does not close its section under rules where
  /// every line depends only on its own items and on being the section's last
  /// (`isPaged(under:)`): there no kept line's place changes.
  ///
  /// - Complexity: O(1).
  func lastLinesToPlace(lineCount m: Int, rules: LayoutRules) -> Range<Int> {
    closesSection || !Self.isPaged(under: rules) ? max(m - 2, 0)..<m : m..<m
  }

  /// Places the items of the given lines (ranges of line indices, clamped to the table; a line
  /// named twice is placed once). `ranges` is sorted and merged in place (no allocation).
  ///
  /// Leading positions that are computed, not stored, stay so while every line named holds at
  /// most `GreedyLeadingLinesKernel.computedLineLimit` items (the lines not named are not new,
  /// and held at most that many before): then nothing is written. A longer line stores every
  /// position (`storePositions(of:rules:)`, O(n), once) and records it
  /// (`ItemColumns.hasLongLines`, so the next full layout writes them as it goes).
  ///
  /// - Complexity: O(k + g²) for the k items of those lines and g ranges (g is small: a few per
  ///   re-broken region); O(g) when the positions are computed (one length per line).
  mutating func place(
    lines ranges: inout [Range<Int>], of table: LineTable, rules: LayoutRules,
    counters: inout WorkCounters
  ) {
    // Computed on demand: grid columns, and leading positions not stored.
    if case .grid = rules.placement { return }
    let m = table.lineCount
    if computesLeadingPositions(rules: rules) {
      for range in ranges {
        for k in min(range.lowerBound, m)..<min(range.upperBound, m) {
          guard let long = storePositionsForLongLine(k, of: table, rules: rules) else { continue }
          counters.itemsPositioned += long
          return
        }
      }
      return
    }
    // Clamp, then sort by lower bound (insertion sort: the ranges arrive nearly sorted).
    for i in ranges.indices {
      ranges[i] = min(ranges[i].lowerBound, m)..<min(ranges[i].upperBound, m)
      var j = i
      while j > 0, ranges[j - 1].lowerBound > ranges[j].lowerBound {
        ranges.swapAt(j - 1, j)
        j -= 1
      }
    }
    var positioned = 0
    let n = count
    let sameSize = self.sameSize
    let closes = closesSection
    items.withPlacement { ws, _, xs in
      var placedEnd = 0  // lines before this are placed
      for range in ranges where !range.isEmpty {
        for k in max(range.lowerBound, placedEnd)..<max(range.upperBound, placedEnd) {
          let r = table.range(ofLine: k)
          LinePlacing.place(
            ws, r, into: xs, at: r.lowerBound, rules: rules,
            context: Self.context(
              ofLine: k, in: table, count: n, sameSize: sameSize, closesSection: closes))
          positioned += r.count
        }
        placedEnd = max(placedEnd, range.upperBound)
      }
    }
    counters.itemsPositioned += positioned
  }

  /// Stores every position (`storePositions(of:rules:)`) when line `k` of `table` holds more
  /// than `GreedyLeadingLinesKernel.computedLineLimit` items, and records that the section has
  /// a long line (`ItemColumns.noteLongLines`).
  ///
  /// - Precondition: the positions are computed (`computesLeadingPositions(rules:)`).
  /// - Returns: the number of positions stored, or `nil` when the line is not longer.
  /// - Complexity: O(1), or O(n) when it stores them.
  private mutating func storePositionsForLongLine(
    _ k: Int, of table: LineTable, rules: LayoutRules
  ) -> Int? {
    guard table.range(ofLine: k).count > GreedyLeadingLinesKernel.computedLineLimit
    else { return nil }
    storePositions(of: table, rules: rules)
    items.noteLongLines(true)
    return count
  }

  /// Places line `k` of `table` again.
  ///
  /// - Complexity: O(k) for its k items.
  mutating func place(
    line k: Int, of table: LineTable, rules: LayoutRules, counters: inout WorkCounters
  ) {
    if case .grid = rules.placement { return }
    if computesLeadingPositions(rules: rules) {
      counters.itemsPositioned += storePositionsForLongLine(k, of: table, rules: rules) ?? 0
      return
    }
    let n = count
    let sameSize = self.sameSize
    let closes = closesSection
    let r = table.range(ofLine: k)
    let context = Self.context(
      ofLine: k, in: table, count: n, sameSize: sameSize, closesSection: closes)
    items.withPlacement { ws, _, xs in
      LinePlacing.place(ws, r, into: xs, at: r.lowerBound, rules: rules, context: context)
    }
    counters.itemsPositioned += r.count
  }
}
