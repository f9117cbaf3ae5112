import FlowLayoutModel

extension Page {
  /// Lays the whole section out as a line table in one pass (each line broken, measured and
  /// placed while in cache, its block offset and index entries written by `LineTable.LineWriter`),
  /// reusing the previous layout's buffers. Greedy lines of more than `threading.minimumItems`
  /// items are broken on `threading.threads` threads with the same result. `branchFree`, when
  /// given, decides the branch-free form for position-free leading lines; `expectedLines`, when
  /// given, is how many lines a new table reserves.
  ///
  /// - Complexity: O(n + r).
  /// - Returns: with `screening`, the items screened (`0 ..< end` of greedy lines, else 0) and
  ///   the screen (`LengthScreen`).
  @discardableResult
  mutating func layOutTable(
    rules: LayoutRules, kernels: KernelSelection, threading: LayoutThreading = .off,
    counters: inout WorkCounters, screening: Bool = false, branchFree decided: Bool? = nil,
    expectedLines: Int? = nil
  ) -> (screenedEnd: Int, screen: LengthScreen) {
    // Moved out, not copied: `table` is unique.
    var table = takeTable() ?? LineTable()
    // The previous layout's entries are overwritten in place (about as many lines again).
    let reusable = table.lineCount
    // Grid columns and short sections' leading positions are computed on demand
    // (`x(ofItem:lineStart:rules:)`).
    let grid: Bool
    if case .grid = rules.placement { grid = true } else { grid = false }
    let n = count

    let limit = rules.lineLimit
    let widthLimit = rules.available + rules.epsilon
    let interitem = rules.interitem
    let breaking = rules.breaking
    let sameSize = self.sameSize
    let left = rules.inset.left
    let closes = closesSection
    // Lines whose items the fused loop's leading positions already place correctly.
    let leadingOnly: Bool
    switch rules.placement {
    case .leading: leadingOnly = true
    case .flow(let j): leadingOnly = !j
    default: leadingOnly = false
    }
    let greedy = breaking == .greedy || breaking == .firstLineOnly
    var s = 0
    var firstLineCount = 0
    // Grid columns are computed on demand; greedy leading lines are placed by the fused loop.
    let placesLines = !grid && !(leadingOnly && greedy)
    // Greedy leading lines store no position while every line holds at most `computedLineLimit`
    // items (unless the last layout found a longer line: `ItemColumns.hasLongLines`).
    let leading = greedy && !placesLines
    let positionFree =
      leading && (n <= Self.computedPositionsLimit || !items.hasLongLines)
    let writesPositions = !positionFree
    // The most items of a line written (greedy lines), for the bound above.
    var longestLine = 0
    var screen = LengthScreen()
    /// Breaks, measures and places the line starting at `s`; returns its end and height.
    /// `screened` is a literal at every call.
    @inline(__always)
    func nextLine(
      _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
      _ xs: UnsafeMutableBufferPointer<Double>, from s: Int, line lineCount: Int,
      screen: inout LengthScreen, firstLineCount: inout Int, screened: Bool
    ) -> (end: Int, height: Double) {
      var e: Int
      var lineHeight: Double
      if greedy {
        // The scalar kernel: the greedy rule, the height and leading positions in one pass; a
        // screened line screened after it, from cache.
        (e, lineHeight) = LineBreaker.line(
          from: s, ws, hs, xs, limit: widthLimit, interitem: interitem, left: left,
          writesPositions: writesPositions)
        if screened { Self.screen(ws, hs, s..<e, into: &screen) }
      } else {
        if case .fixedCount(let c) = breaking { e = c >= n - s ? n : s + c } else { e = n }
        lineHeight = LineMaxKernel.maximum(hs, s..<e, using: kernels)
      }
      if lineCount == 0 { firstLineCount = e - s }
      if placesLines {
        // Last means the section's last line: nothing after it, not even hidden items.
        Self.place(
          ws, s..<e, line: lineCount, isLast: e == n && closes, firstLineCount: firstLineCount,
          into: xs, rules: rules, sameSize: sameSize, kernels: kernels)
      }
      return (e, lineHeight)
    }
    /// Appends lines from `s` until the items or `writer`'s block (`blockEnd`) run out, its state
    /// copied into locals so that it stays in registers. (`s`, `screen` and `firstLineCount`
    /// passed, not captured: a local function capturing them, called from the writer's closure,
    /// had every access to them checked for exclusivity at run time.)
    @inline(__always)
    func appendLines(
      _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
      _ xs: UnsafeMutableBufferPointer<Double>, into writer: inout LineTable.LineWriter,
      to blockEnd: Int, screened: Bool, from s: inout Int, screen: inout LengthScreen,
      firstLineCount: inout Int
    ) {
      var local = writer
      var start = s
      var lineScreen = screen
      var first = firstLineCount
      while start < n, local.count < blockEnd {
        let (e, height) = nextLine(
          ws, hs, xs, from: start, line: local.count, screen: &lineScreen, firstLineCount: &first,
          screened: screened)
        local.append(start: start, height: height)
        start = e
      }
      writer = local
      s = start
      if screened { screen = lineScreen }
      if placesLines { firstLineCount = first }
    }

    // Equal widths with SIMD kernels: `EqualWidthLinesKernel` takes the lines while the widths are
    // equal; the fused loop below takes the rest. Tried only when the first two widths are equal.
    var kernelLines =
      greedy && leadingOnly && !grid && kernels == .simd && n > 1
      && items.widths[0].bitPattern == items.widths[1].bitPattern
    // Every width equal (known since the last layout, or checked here once, O(n)): the kernel
    // reads no width.
    let widthsEqual =
      kernelLines
      && (items.widthsKnownEqual
        || items.withSizes { ws, _ in EqualWidthLinesKernel.allWidthsEqual(ws) })
    if widthsEqual { items.noteWidthsEqual() }
    // The items per line of widths known equal, computed once.
    let equalWidthCapacity =
      items.widthsKnownEqual && (widthsEqual || reusable == 0)
      ? Self.exactEqualWidthCapacity(items, rules: rules) : nil
    if grid || positionFree {
      items.releasePositions()
    } else {
      items.allocatePositions()
    }
    // Long sections of position-free leading lines whose line ends a predictor would not learn
    // take the branch-free forms (`pairedLines`), decided from the first lines they break.
    var branchFree =
      leading && !writesPositions && kernels == .simd && !widthsEqual
      && (decided ?? (n >= LineEndPrediction.branchFreeItems))
    // Long greedy sections on several threads (equal widths: the kernel above, one thread).
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), breaking == .greedy,
      limit == Int.max, !grid, threading.splits(n), !widthsEqual
    {
      let branchFree =
        branchFree
        && !items.withSizes { ws, _ in
          LineEndPrediction.lineEndsLearnable(
            ws, from: 0, limit: widthLimit, interitem: interitem)
        }
      let (lineCount, longest) = layOutInChunks(
        &table, reusable: reusable, equalWidthCapacity: equalWidthCapacity, rules: rules,
        kernels: kernels, branchFree: branchFree, threading: threading, places: placesLines,
        writesPositions: writesPositions, screen: &screen,
        screening: screening)
      counters.linesRebroken += lineCount
      counters.itemsPositioned += n
      lines = .table(consume table)
      if leading { boundLineLength(longest, positionFree: positionFree, rules: rules) }
      return (screening ? n : 0, screen)
    }
    // Every line written in place into the table's buffers (`LineTable.LineWriter`).
    let lineSpacing = rules.lineSpacing
    var cursor = (count: 0, blockSum: 0.0)
    var learnableDecided = decided != nil
    // Lines the branch-free form broke (`WorkCounters.linesBrokenBranchFree`).
    var branchFreeLines = 0
    let oneBlock = n <= LineTable.blockSize
    // Equal widths in lines of c ≤ 8 items: every index entry has a line starting among the 8
    // items before it, which writes it; no mark before the pass nor fill after.
    let indexWritten =
      widthsEqual && (equalWidthCapacity ?? .max) <= 1 << LineTable.indexShift
    // Those lines, of 2 or more items, make an equal-count table (`LineTable.itemsPerLine`).
    let itemsPerLine =
      indexWritten && !oneBlock && (equalWidthCapacity ?? 0) >= 2 ? equalWidthCapacity ?? 0 : 0
    // Greedy leading lines of differing widths: the index is speculated written as above, and
    // written again from the starts (`refreshItemIndex`) when a line holds more than 8 items.
    let indexSpeculated =
      leading && !indexWritten && !oneBlock && !kernelLines && limit == Int.max
    // Equal-count tables of more than one block store no start either.
    let startsComputed =
      itemsPerLine > 0
      && LineTable.indexesItems(lineCount: min((n + itemsPerLine - 1) / itemsPerLine, limit))
    // A re-layout reuses the storage; a first layout reserves by the estimate (trimmed by
    // `finishLines`).
    table.reserveLines(
      reusable > 0
        ? reusable
        : max(
          expectedLines
            ?? Self.expectedLineCount(items, rules: rules, equalWidthCapacity: equalWidthCapacity),
          1),
      offsets: !oneBlock, starts: !startsComputed)
    if !oneBlock {
      if indexWritten || indexSpeculated {
        table.sizeItemIndex(items: n + (1 << LineTable.indexShift))
      } else {
        table.resetItemIndex(items: n)
      }
    }
    // Greedy leading lines take `appendLeadingLines`, with no per-line test of the rules.
    while s < n, cursor.count < limit {
      if cursor.count == table.lineRoom {
        // At most `growthStep` more lines at a time.
        table.reserveLines(
          table.lineRoom
            + min(Self.moreLines(items: n - s, after: cursor.count, lines: s), Self.growthStep),
          offsets: !oneBlock, starts: !startsComputed)
      }
      table.withLineWriter(&cursor, lineSpacing: lineSpacing, oneBlock: oneBlock) { writer in
        // Position-free lines: no position written (no scratch for them either).
        items.withPlacement(scratch: !grid && !positionFree) { ws, hs, xs in
          let room = min(writer.room, limit)
          // Up to 512 lines a call, so that their starts and heights are read back from L1.
          while kernelLines, s < n, writer.count < room {
            let free = writer.unwritten
            let asked = min(room - writer.count, 512)
            assert(!startsComputed || s == writer.count * itemsPerLine, "lines of unequal counts")
            let (written, end) = Self.equalWidthLines(
              ws, hs, xs, from: s, rules: rules, starts: startsComputed ? nil : free.starts,
              heights: free.heights, maxLines: asked, widthsKnownEqual: widthsEqual,
              writesPositions: writesPositions, screen: &screen, screened: screening)
            writer.commitUnwritten(written, indexed: itemsPerLine == 0)
            assert(
              !startsComputed || end == min(s + written * itemsPerLine, n),
              "lines of unequal counts")
            s = end
            // Fewer lines than asked before the end: the widths changed, and the fused loop takes the
            // rest.
            if written < asked, s < n { kernelLines = false }
          }
          precondition(kernelLines || !startsComputed, "equal-count lines stopped early")
          if kernelLines { return }
          // The paired branch-free form, up to 4 096 lines a call; the first call's lines decide
          // whether the fused loop takes over (`lineEndsLearnable`).
          while branchFree, s < n, writer.count < room {
            let free = writer.unwritten
            let first = s
            let (written, end, longest) = LineBreaker.pairedLines(
              ws, hs, from: s, limit: widthLimit, interitem: interitem, starts: free.starts,
              heights: free.heights,
              maxLines: min(room - writer.count, learnableDecided ? 4_096 : 1_536))
            if !learnableDecided {
              learnableDecided = true
              branchFree = !LineEndPrediction.lineEndsLearnable(
                starts: UnsafeBufferPointer(rebasing: free.starts[..<written]), end: end)
            }
            writer.commitUnwritten(written)
            branchFreeLines &+= written
            if screening {
              screen.addSIMD(ws, first..<end)
              screen.addSIMD(hs, first..<end)
            }
            longestLine = max(longestLine, longest)
            s = end
          }
          if branchFree || s == n || writer.count == room { return }
          if leading && (!screening || kernels == .simd) {
            let longest: Int
            (s, writer, longest) = Self.appendLeadingLines(
              ws, hs, xs, from: s, limit: widthLimit, interitem: interitem, left: left,
              to: writer, room: room, writesPositions: writesPositions, screened: screening,
              screen: &screen)
            longestLine = max(longestLine, longest)
            return
          }
          // One block (≤ 32 lines) at a time: a block's end is not tested per line.
          while s < n, writer.count < room {
            let blockEnd = min(writer.blockRoom, room)
            if screening {
              appendLines(
                ws, hs, xs, into: &writer, to: blockEnd, screened: true, from: &s,
                screen: &screen, firstLineCount: &firstLineCount)
            } else {
              appendLines(
                ws, hs, xs, into: &writer, to: blockEnd, screened: false, from: &s,
                screen: &screen, firstLineCount: &firstLineCount)
            }
            writer.closeBlockIfFull()
          }
        }
      }
    }
    let lineCount = cursor.count
    table.finishLines(
      count: lineCount, end: s, lineSpacing: lineSpacing, trims: reusable == 0,
      indexWritten: indexWritten || indexSpeculated, itemsPerLine: itemsPerLine,
      startsComputed: startsComputed)
    // Scalar kernels' screened leading lines are measured from the starts, O(r).
    if leading && screening && kernels != .simd {
      longestLine = max(longestLine, table.longestLine(of: lineCount))
    }
    if indexSpeculated && longestLine > 1 << LineTable.indexShift {
      table.refreshItemIndex(fromLine: 0)
    }
    counters.linesRebroken += lineCount
    counters.linesBrokenBranchFree += branchFreeLines
    counters.itemsPositioned += grid ? 0 : s  // every item of the visible lines
    lines = .table(consume table)
    if leading { boundLineLength(longestLine, positionFree: positionFree, rules: rules) }
    return (greedy && screening ? s : 0, screen)
  }

  /// Stores the positions after a layout of greedy leading lines when they were not written and
  /// a line holds more than `Page.computedLineLimit` items; notes whether one did.
  ///
  /// - Complexity: O(n) when it stores the positions, else O(1).
  mutating func boundLineLength(_ longest: Int, positionFree: Bool, rules: LayoutRules) {
    let long = longest > Page.computedLineLimit
    items.noteLongLines(long)
    if long && positionFree && count > Self.computedPositionsLimit {
      storePositions(rules: rules)
    }
  }

  /// Greedy leading lines (the fused loop) from `start` appended to `writer` until the items run
  /// out or it holds `room` lines; with `screened`, each block's items added to `screen` after it.
  /// Returns the end, the writer and the most items of a line. Out of line, the writer by value:
  /// its state stays in registers.
  ///
  /// - Precondition: `ws`, `hs` and `xs` have one count; `room ≤ writer.room`.
  /// - Complexity: O(k) for the k items of the lines appended.
  @inline(never)
  static func appendLeadingLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, to writer: LineTable.LineWriter, room: Int,
    writesPositions: Bool, screened: Bool, screen: inout LengthScreen
  ) -> (end: Int, writer: LineTable.LineWriter, longest: Int) {
    // (`writesPositions` a literal at each call of the loop; `screened` is read once a block.)
    if writesPositions {
      return leadingLines(
        ws, hs, xs, from: start, limit: limit, interitem: interitem, left: left, to: writer,
        room: room, screen: &screen, screened: screened, writesPositions: true)
    }
    return leadingLines(
      ws, hs, xs, from: start, limit: limit, interitem: interitem, left: left, to: writer,
      room: room, screen: &screen, screened: screened, writesPositions: false)
  }

  /// `writesPositions` a literal at each call.
  @inline(__always)
  private static func leadingLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, limit: Double,
    interitem: Double, left: Double, to writer: LineTable.LineWriter, room: Int,
    screen: inout LengthScreen, screened: Bool, writesPositions: Bool
  ) -> (end: Int, writer: LineTable.LineWriter, longest: Int) {
    let n = ws.count
    var lines = writer
    var s = start
    var longest = 0
    while s < n, lines.count < room {
      let blockEnd = min(lines.blockRoom, room)
      let first = s
      while s < n, lines.count < blockEnd {
        let (e, height) = LineBreaker.line(
          from: s, ws, hs, xs, limit: limit, interitem: interitem, left: left,
          writesPositions: writesPositions)
        lines.append(start: s, height: height)
        longest = max(longest, e &- s)
        s = e
      }
      lines.closeBlockIfFull()
      if screened {
        screen.addSIMD(ws, first..<s)
        screen.addSIMD(hs, first..<s)
      }
    }
    return (s, lines, longest)
  }

  /// Adds the widths and heights of `range` to `screen`.
  ///
  /// - Complexity: O(k) for k items.
  @inline(never)
  static func screen(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>, _ range: Range<Int>,
    into screen: inout LengthScreen
  ) {
    screen.add(ws, range)
    screen.add(hs, range)
  }

  /// Places line `k` (`range`) by `rules`' alignment, unless its leading positions are its
  /// positions (a justified line that is the last or holds one item).
  ///
  /// - Complexity: O(k).
  @inline(__always)
  static func place(
    _ ws: UnsafeBufferPointer<Double>, _ range: Range<Int>, line k: Int, isLast: Bool,
    firstLineCount: Int, into xs: UnsafeMutableBufferPointer<Double>, rules: LayoutRules,
    sameSize: Bool, kernels: KernelSelection
  ) {
    if case .flow(true) = rules.placement, isLast || range.count < 2 { return }
    LinePlacing.place(
      ws, range, into: xs, at: range.lowerBound, rules: rules,
      context: LineContext(
        isLast: isLast, lineCount: isLast && k == 0 ? 1 : k + 2,
        gridColumns: sameSize ? firstLineCount : nil, allFit: isLast),
      kernels: kernels)
  }

  /// Up to `maxLines` greedy leading lines of equal widths from `start` (`EqualWidthLinesKernel`),
  /// their items added to `screen` when `screened`. Out of line.
  ///
  /// - Complexity: O(k) for the k items of the lines written.
  @inline(never)
  static func equalWidthLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int, rules: LayoutRules,
    starts: UnsafeMutableBufferPointer<Int>?, heights: UnsafeMutableBufferPointer<Double>,
    maxLines: Int, widthsKnownEqual: Bool, writesPositions: Bool, screen: inout LengthScreen,
    screened: Bool
  ) -> (lines: Int, end: Int) {
    let r =
      EqualWidthLinesKernel.equalWidthLines(
        ws, hs, xs, from: start, limit: rules.available + rules.epsilon,
        interitem: rules.interitem, left: rules.inset.left, starts: starts, heights: heights,
        maxLines: maxLines, widthsKnownEqual: widthsKnownEqual,
        writesPositions: writesPositions) ?? (0, start)
    if screened {
      if widthsKnownEqual {
        if r.end > start { screen.add(ws[start]) }
      } else {
        screen.addSIMD(ws, start..<r.end)
      }
      screen.addSIMD(hs, start..<r.end)
    }
    return r
  }

  /// An empty closed form, used as a placeholder while a table is rebuilt.
  static let noLines = UniformLines(
    count: 0, size: .init(width: 0, height: 0), perLine: 1,
    rules: LayoutRules(configuration: .init(variant: .horizontalFlow), bounds: .init(1, 1)),
    sameSizeGrid: false)
}
