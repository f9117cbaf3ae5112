import FlowLayoutModel

extension SectionLayout {
  /// Lays the whole section out as a line table in one pass: each line is broken, its height
  /// reduced, and its items placed while they are in cache (grid columns are not stored: see
  /// `x(ofItem:lineStart:rules:)`), and its offset in its block and item-index entries written
  /// (`LineTable.LineWriter`); then the block sums' tree is built from them (r / 32 sums).
  /// The table's buffers (starts, heights, offsets, index, tree nodes) and the position column
  /// are reused from the previous layout, so a re-layout touches no fresh pages.
  ///
  /// - Complexity: O(n + r).
  /// - Returns: the items whose widths and heights the pass screened when `screening`
  ///   (`0 ..< end`, the visible items of greedy lines; 0 for other rules or without
  ///   `screening`) and the screen (`LengthScreen`).
  ///
  /// Greedy lines of more than `threading.minimumItems` items (no line limit, not a grid) are
  /// broken on `threading.threads` threads (`ChunkedLineBreaking`), with the same result.
  /// `branchFree`, when given, says whether position-free leading lines of differing widths
  /// take the branch-free form whatever the count (a page of a section that decided it once:
  /// `relayOutKeepingPages`); else long sections decide it from their first lines.
  /// `expectedLines`, when given, is how many lines a table that holds none (a new page's)
  /// reserves, instead of counting them from the items (`expectedLineCount`: the lines of up
  /// to 1 024 items broken once more).
  @discardableResult
  mutating func layOutTable(
    rules: LayoutRules, kernels: KernelSelection, threading: LayoutThreading = .off,
    counters: inout WorkCounters, screening: Bool = false, branchFree decided: Bool? = nil,
    expectedLines: Int? = nil
  ) -> (screenedEnd: Int, screen: LengthScreen) {
    // Moved out, not copied (a copy retains and releases every buffer of the table): `table`
    // is unique.
    var table = takeTable() ?? LineTable()
    // The previous layout's entries are overwritten in place (about as many lines again).
    let reusable = table.lineCount
    // Grid columns (column flows) and a short section's leading positions are computed on
    // demand, not stored (`x(ofItem:lineStart:rules:)`).
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
    // Greedy leading lines (`.horizontalFlow`): no position is stored while every line holds
    // at most `computedLineLimit` items (each computed from its line's start, O(c): `leadingX`),
    // unless the last layout found a longer line (`ItemColumns.hasLongLines`); a layout that
    // finds one stores them after (O(n), once). A short section's lines are always short.
    let leading = greedy && !placesLines
    let positionFree =
      leading && (n <= Self.computedPositionsLimit || !items.hasLongLines)
    let writesPositions = !positionFree
    // The most items of a line written (greedy lines), for the bound above.
    var longestLine = 0
    var screen = LengthScreen()
    /// Breaks, measures and places the line starting at `s`; returns its end and height.
    /// `screened` is a literal at every call, so each inlined copy has the screen or not.
    /// The line's start and the screen are arguments, not captured, so that the loop over a
    /// block's lines (`appendLines`) keeps them in registers. (Greedy leading lines not
    /// screened take `appendLeadingLines`.)
    @inline(__always)
    func nextLine(
      _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
      _ xs: UnsafeMutableBufferPointer<Double>, from s: Int, line lineCount: Int,
      screen: inout LengthScreen, firstLineCount: inout Int, screened: Bool
    ) -> (end: Int, height: Double) {
      var e: Int
      var lineHeight: Double
      if greedy {
        // The breaker's scalar kernel: the greedy rule, the line's height and leading
        // positions in one pass (three independent dependency chains the CPU overlaps); a
        // screened line's items screened after it, from cache (a maximum: any order), out of
        // line (inlined, the screen's loops grew `layOutTable`'s block closure past inlining).
        var line = LineBreaker.open(s, ws, hs, xs, left: left, writesPositions: writesPositions)
        e = LineBreaker.extend(
          &line, ws, hs, xs, from: s + 1, to: n, limit: widthLimit, interitem: interitem,
          writesPositions: writesPositions)
        lineHeight = line.height
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
    /// Appends lines from `s` until the items or `writer`'s block (`blockEnd`) run out. The
    /// writer, the next start, the screen and the first line's count are copied into locals
    /// for the loop, so that they stay in registers (captured or `inout`, they were stored and
    /// reloaded at every line, and a captured one is checked for exclusivity at run time).
    @inline(__always)
    func appendLines(
      _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
      _ xs: UnsafeMutableBufferPointer<Double>, into writer: inout LineTable.LineWriter,
      to blockEnd: Int, screened: Bool
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

    // Greedy leading lines (`.horizontalFlow`) with SIMD kernels start with
    // `EqualWidthLinesKernel`'s equal-width form, which takes the lines while the widths are
    // equal (all of them in the Fiori grid, none after the first group in `mixed`); the fused
    // loop below (its `.scalar` twin) takes the rest. Its fit-count form is not used here: it
    // measured slower than the fused loop (docs/profiling-archive.md).
    // Tried only when the first two widths are equal: else it takes no line (a short section's
    // fixed cost, ~640 instructions, measured with callgrind).
    var kernelLines =
      greedy && leadingOnly && !grid && kernels == .simd && n > 1
      && items.widths[0].bitPattern == items.widths[1].bitPattern
    // Every width equal, known since the last layout checked them (`widthsKnownEqual`, which a
    // width edit clears) or checked here once (O(n), stopping at the first other width): the
    // kernel then reads no width, and when its lines hold at most `maximumPattern` items, no
    // position is stored (each computed from its line's start, O(c): `leadingX`).
    let widthsEqual =
      kernelLines
      && (items.widthsKnownEqual
        || items.withSizes { ws, _ in EqualWidthLinesKernel.allWidthsEqual(ws) })
    if widthsEqual { items.noteWidthsEqual() }
    // The items per line of widths known equal (`exactEqualWidthCapacity`), computed once for
    // the ones that use it: a first layout's estimate and the item index below.
    let equalWidthCapacity =
      items.widthsKnownEqual && (widthsEqual || reusable == 0)
      ? Self.exactEqualWidthCapacity(items, rules: rules) : nil
    if grid || positionFree {
      items.releasePositions()
    } else {
      items.allocatePositions()
    }
    // Long sections of position-free leading lines whose line ends a predictor would not learn:
    // the branch-free forms (`pairedLines`, on one thread and in the chunks' guesses). On one
    // thread, whether a predictor would learn them is decided from the first lines the paired
    // form breaks (`learnableDecided` below), so the decision breaks no line twice.
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
      lines = .table(table)
      if leading { boundLineLength(longest, positionFree: positionFree, rules: rules) }
      return (screening ? n : 0, screen)
    }
    // Every line written in place into the table's buffers (a re-layout reuses them: no fresh
    // pages), with its offset in its block and its item-index entries
    // (`LineTable.LineWriter`), so no pass over the lines follows; the buffers grow when the
    // estimate was short, and are trimmed after. A first layout screens every line it makes.
    let lineSpacing = rules.lineSpacing
    var cursor = (count: 0, blockSum: 0.0)
    var learnableDecided = decided != nil
    // Lines the branch-free form broke (`WorkCounters.linesBrokenBranchFree`).
    var branchFreeLines = 0
    let oneBlock = n <= LineTable.blockSize
    // Equal widths in lines of c ≤ 8 items (the Fiori grid: 2 or 3): every index entry (item
    // 8q) has a line starting among the 8 items before it (one per c), whose writer stores the
    // entry; so the index is not marked unwritten before the pass nor filled after it. Sized
    // for one entry more than the items need: a line starting at item 8q − 7 writes entry q.
    let indexWritten =
      widthsEqual && (equalWidthCapacity ?? .max) <= 1 << LineTable.indexShift
    // Those lines, of 2 or more items, make an equal-count table (`LineTable.itemsPerLine`,
    // verified by `finishLines`), which keeps no index: the kernel's lines write no entry (a
    // fused loop taking over still writes its own, unused). Lines of one item keep the index.
    let itemsPerLine =
      indexWritten && !oneBlock && (equalWidthCapacity ?? 0) >= 2 ? equalWidthCapacity ?? 0 : 0
    // Greedy leading lines of widths that differ, to the last item: when no line holds more
    // than 8 items (`mixed`: at most 5), every entry has a line starting among the 8 items
    // before it, which writes it, so the index is neither marked unwritten before the pass nor
    // filled after it. The pass's longest line (an upper bound on every path below) decides
    // after: a longer line has the index written again from the starts (`refreshItemIndex`,
    // O(n / 8 + r), about what the mark and fill cost).
    let indexSpeculated =
      leading && !indexWritten && !oneBlock && !kernelLines && limit == Int.max
    // When they make more than one block of lines (so that the table indexes its items), no
    // start is stored either: the kernel takes every line (every width known equal, c its
    // capacity), line k starting at k·c, and `finishLines` keeps the visible end alone.
    let startsComputed =
      itemsPerLine > 0
      && LineTable.indexesItems(lineCount: min((n + itemsPerLine - 1) / itemsPerLine, limit))
    // A re-layout reuses the lines' storage as it is (grown on demand below); a first layout
    // reserves by the estimate, which `finishLines` trims. A short section (one block of lines
    // at most) writes its offsets and index entries to scratch: its table keeps neither.
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
    // `leading`: greedy leading lines (`.horizontalFlow`), the hot case: by
    // `appendLeadingLines`, with no per-line test of the rules (a first layout's screened by
    // blocks with SIMD kernels; the fused loop below screens item by item with scalar ones).
    while s < n, cursor.count < limit {
      if cursor.count == table.lineRoom {
        // At most `growthStep` lines at a time: a re-layout's buffers grow into the storage an
        // earlier, longer layout left (entries not written ahead of the pass: `reserveLines`)
        // and past it by at most that many lines, which the storage's growth then doubles.
        table.reserveLines(
          table.lineRoom
            + min(Self.moreLines(items: n - s, after: cursor.count, lines: s), Self.growthStep),
          offsets: !oneBlock, starts: !startsComputed)
      }
      table.withLineWriter(&cursor, lineSpacing: lineSpacing, oneBlock: oneBlock) { writer in
        // Position-free lines: no position written (no scratch for them either).
        items.withPlacement(scratch: !grid && !positionFree) { ws, hs, xs in
          let room = min(writer.room, limit)
          // Up to 512 lines at a time, so that the writer reads their starts and heights back
          // from the L1 cache (1 024 lines of 2–3 items, with the heights read, outgrew a 32 KiB
          // L1; fewer lines a call cost more in each call's setup than they save: measured in
          // docs/profiling-archive.md, `gridlines` branch).
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
            // (Lines of at most `maximumPattern` ≤ `computedLineLimit` items: no long line.)
            // Fewer lines than asked before the end: the widths changed (or the capacity is
            // too wide), and the fused loop takes the rest (not when the starts are computed:
            // every width is known equal, so the kernel takes every line).
            if written < asked, s < n { kernelLines = false }
          }
          precondition(kernelLines || !startsComputed, "equal-count lines stopped early")
          if kernelLines { return }
          // `branchFree` (long sections of position-free leading lines whose line ends a
          // predictor would not learn): the paired branch-free form, up to 4 096 lines at a
          // time (no line's end mispredicted). Shorter sections, and line ends a predictor
          // learns, take the fused loop below (docs/profiling-archive.md, `lineEndsLearnable`): the
          // first call's lines (≤ 1 536 lines: one pair of streams, the 1 024 items the test
          // plays) decide, and the fused loop carries on from their end if they are learnable.
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
              appendLines(ws, hs, xs, into: &writer, to: blockEnd, screened: true)
            } else {
              appendLines(ws, hs, xs, into: &writer, to: blockEnd, screened: false)
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
    // Greedy leading lines screened with scalar kernels took `appendLines`, which does not
    // count their items (a count kept per line there cost the other rules' lines a spill):
    // measured from the starts, O(r), on that path only.
    if leading && screening && kernels != .simd {
      longestLine = max(longestLine, table.longestLine(of: lineCount))
    }
    if indexSpeculated && longestLine > 1 << LineTable.indexShift {
      table.refreshItemIndex(fromLine: 0)
    }
    counters.linesRebroken += lineCount
    counters.linesBrokenBranchFree += branchFreeLines
    counters.itemsPositioned += grid ? 0 : s  // every item of the visible lines
    lines = .table(table)
    if leading { boundLineLength(longestLine, positionFree: positionFree, rules: rules) }
    return (greedy && screening ? s : 0, screen)
  }

  /// After a full layout of greedy leading lines whose longest line holds `longest` items:
  /// stores the positions when they were not written and a line is longer than
  /// `SectionLayout.computedLineLimit` (so that no lookup adds more widths than
  /// that), and records whether one was (`ItemColumns.hasLongLines`), for the next layout.
  ///
  /// - Complexity: O(n) when it stores the positions, else O(1).
  mutating func boundLineLength(_ longest: Int, positionFree: Bool, rules: LayoutRules) {
    let long = longest > SectionLayout.computedLineLimit
    items.noteLongLines(long)
    if long && positionFree && count > Self.computedPositionsLimit {
      storePositions(rules: rules)
    }
  }

  /// Greedy leading lines (`LineBreaker.line(from:…)`, the fused loop) from item
  /// `start` appended to `writer` until the items run out or it holds `room` lines, one block
  /// of lines at a time; returns the end of the last line, the writer after them and the most
  /// items of a line appended. With `screened` (a first layout), each block's widths and
  /// heights are added to `screen` after its lines, from cache, four at a time
  /// (`LengthScreen.addSIMD`, the fused loop's per-item screen being its scalar twin). Out of
  /// line, the writer taken and given back by value, so that the loop keeps its pointers, count
  /// and block sum and the next start in registers (in `layOutTable`'s closure they were stored
  /// and reloaded at every line, and checked for exclusivity at every block; through `inout`,
  /// the count and sum were still stored at every line).
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

  /// The loop of `appendLeadingLines` (`writesPositions` a literal at each call); also returns
  /// the most items of a line appended.
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

  /// Adds the widths and heights of the items `range` to `screen` (`LengthScreen.add`).
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

  /// Places line `k` (`range`) by `rules`' alignment, unless its leading positions (written by
  /// the greedy pass) are its positions: a justified line that is the section's last or holds
  /// one item.
  ///
  /// - Complexity: O(k) for the k items of the line.
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

  /// Up to `maxLines` greedy leading lines of equal widths from `start`
  /// (`EqualWidthLinesKernel`'s equal-width form, with its `widthsKnownEqual`,
  /// `writesPositions` and `starts`: none written when `nil`), their items added to `screen` when `screened` (four at a time, from
  /// cache: `LengthScreen.addSIMD`; widths known equal, the first alone, which screens the
  /// same). Out of line, so that `layOutTable`'s own loop compiles as it did without it.
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
