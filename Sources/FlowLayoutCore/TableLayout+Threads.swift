extension Page {
  /// Greedy lines with no line limit, broken on `threading.threads` threads
  /// (`ChunkedLineBreaking`) straight into `table`'s buffers (reused: `reusable` lines, else
  /// reserved by the estimate and trimmed after), with their offsets and index entries, and
  /// placed by `rules` when `places`; the buffers grow when the lines outrun them. Returns the
  /// number of lines. Out of line, so that `layOutTable`'s own loop compiles as it did without
  /// it.
  ///
  /// - Complexity: O(n / t) on t threads, plus the seams (`ChunkedLineBreaking`).
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @inline(never)
  mutating func layOutInChunks(
    _ table: inout LineTable, reusable: Int, equalWidthCapacity: Int?, rules: LayoutRules,
    kernels: KernelSelection, branchFree: Bool,
    threading: LayoutThreading, places: Bool, writesPositions: Bool, screen: inout LengthScreen,
    screening: Bool
  ) -> (lines: Int, longest: Int) {
    let n = count
    let lineSpacing = rules.lineSpacing
    table.reserveLines(
      reusable > 0
        ? reusable
        : max(
          Self.expectedLineCount(items, rules: rules, equalWidthCapacity: equalWidthCapacity), 1))
    // Every entry is written by the tasks (`ChunkedLineBreaking`): none is marked or filled.
    table.sizeItemIndex(items: n)
    var cursor = (count: 0, blockSum: 0.0)
    var s = 0
    var longest = 0
    while s < n {
      if s > 0 {
        table.reserveLines(
          table.lineRoom + Self.moreLines(items: n - s, after: cursor.count, lines: s))
      }
      let from = s
      let chunk = table.withLineWriter(&cursor, lineSpacing: lineSpacing) { writer in
        items.withPlacement(scratch: writesPositions) { ws, hs, xs in
          ChunkedLineBreaking.lines(
            ws, hs, xs, from: from, limit: rules.available + rules.epsilon,
            interitem: rules.interitem, left: rules.inset.left, threading: threading,
            writesPositions: writesPositions, branchFree: branchFree, screen: &screen,
            screening: screening, into: &writer)
        }
      }
      s = chunk.end
      longest = max(longest, chunk.longest)
    }
    let m = cursor.count
    table.finishLines(
      count: m, end: n, lineSpacing: lineSpacing, trims: reusable == 0, indexWritten: true)
    if places {
      let (closes, sameSize) = (closesSection, self.sameSize)
      items.withPlacement { ws, _, xs in
        Self.placeLines(
          ws, of: table, into: xs, closes: closes, rules: rules, sameSize: sameSize,
          kernels: kernels, threads: threading.threads)
      }
    }
    return (m, longest)
  }

  /// Places every line of `table` (`place`), the lines split among `threads` tasks.
  ///
  /// - Complexity: O(n / t) on t threads.
  static func placeLines(
    _ ws: UnsafeBufferPointer<Double>, of table: LineTable,
    into xs: UnsafeMutableBufferPointer<Double>, closes: Bool, rules: LayoutRules,
    sameSize: Bool, kernels: KernelSelection, threads: Int
  ) {
    let m = table.lineCount
    guard m > 0 else { return }
    let first = table.range(ofLine: 0).count
    // (All the starts, built once for an equal-count table, O(r): the placement is O(n).)
    table.starts.withUnsafeBufferPointer { starts in
      // Each task places its run of lines, writing only their items' positions.
      LayoutThreading.forEachRun(of: m, tasks: min(threads, m), sharing: (ws, xs, starts)) {
        run, shared in
        let (ws, xs, starts) = shared
        for k in run {
          place(
            ws, starts[k]..<starts[k + 1], line: k, isLast: k == m - 1 && closes,
            firstLineCount: first, into: xs, rules: rules, sameSize: sameSize, kernels: kernels)
        }
      }
    }
  }
}
