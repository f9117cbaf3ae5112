import FlowLayoutModel

// Sections whose line boundaries no edit moves: column flows and `.horizontalScroll`. An edit
// re-measures the affected lines and re-places what shifted; nothing is re-broken.

extension Page {
  /// Lays out again what an edit changed in a column flow (line `k` holds items
  /// `k·c ..< min((k + 1)·c, n)`): resizes only (`shifted == false`, `resized` ascending and
  /// distinct) measure each resized item's line again; insertions or removals measure every line
  /// from the first touched item `first`'s on again and rebuild the offsets from there.
  ///
  /// - Complexity: resizes only O(e·(c + log r)) for e resized items; else O(n − first + log r).
  mutating func rebuildGridLines(
    columns c: Int, first: Int, shifted: Bool, resized: [Int],
    rules: LayoutRules, kernels: KernelSelection, counters: inout WorkCounters
  ) {
    guard var table = takeTable() else { return }
    let n = count
    let limit = rules.configuredLineLimit > 0 ? rules.configuredLineLimit : Int.max
    let m = min((n + c - 1) / c, limit)
    let spacing = rules.lineSpacing
    if !shifted {
      var measured = -1
      items.withSizes { _, hs in
        for index in resized where index < table.visibleEnd {
          let k = index / c
          if k == measured { continue }
          measured = k
          let height = LineMaxKernel.maximum(hs, table.range(ofLine: k), using: kernels)
          counters.linesRebroken += 1
          if table.heights[k] != height {
            counters.offsetTreeNodesWritten += table.setHeight(k, height, lineSpacing: spacing)
          }
        }
      }
    } else {
      let oldCount = table.lineCount
      let firstLine = min(first / c, oldCount, m)
      // Starts are k·c: only lines added or dropped at the end, and the sentinel, change.
      let keptStarts = min(oldCount, m)
      table.starts.removeSubrange(keptStarts...)
      for k in keptStarts..<max(keptStarts, m) { table.starts.append(k * c) }
      table.starts.append(min(m * c, n))
      if oldCount > m { table.heights.removeSubrange(m...) }
      let overwritten = min(oldCount, m)
      items.withSizes { _, hs in
        table.withEntries { _, heights in
          for k in firstLine..<overwritten {
            heights[k] = LineMaxKernel.maximum(hs, (k * c)..<min(k * c + c, n), using: kernels)
          }
        }
        for k in overwritten..<max(overwritten, m) {
          table.heights.append(
            LineMaxKernel.maximum(hs, (k * c)..<min(k * c + c, n), using: kernels))
        }
      }
      counters.linesRebroken += m - firstLine
      counters.lineEntriesRebuilt += table.rebuildOffsets(lineSpacing: spacing, fromLine: firstLine)
    }
    lines = .table(consume table)
    updateHeight(rules: rules)
  }
}

extension Page {
  /// Lays out again what an edit changed in a `.horizontalScroll` section (one line): its height
  /// measured again and the positions recomputed from `first` on, as a full layout adds them.
  ///
  /// - Complexity: O(n) to measure plus O(n − first) to place.
  mutating func rebuildScrollLine(
    first: Int, rules: LayoutRules, kernels: KernelSelection, counters: inout WorkCounters
  ) {
    guard var table = takeTable() else { return }
    let n = count
    table.starts.removeAll(keepingCapacity: true)
    table.heights.removeAll(keepingCapacity: true)
    table.starts.append(0)
    if n > 0 {
      let f = min(first, n)
      let interitem = rules.interitem
      let left = rules.inset.left
      let height = items.withPlacement { ws, hs, xs in
        var x = f == 0 ? left : xs[f - 1] + ws[f - 1] + interitem
        for i in f..<n {
          xs[i] = x
          x = x + ws[i] + interitem
        }
        return LineMaxKernel.maximum(hs, 0..<n, using: kernels)
      }
      table.starts.append(n)
      table.heights.append(height)
      counters.linesRebroken += 1
      counters.itemsPositioned += n - f
    }
    table.rebuildOffsets(lineSpacing: rules.lineSpacing)
    lines = .table(consume table)
    updateHeight(rules: rules)
  }
}
