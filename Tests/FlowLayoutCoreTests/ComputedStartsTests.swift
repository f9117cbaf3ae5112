import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// An equal-count table (`LineTable.itemsPerLine`) stores no line start but the visible end:
/// line `k` starts at `min(k·c, visibleEnd)`. Every reader of the starts, in the table and in the
/// engine (lookups, viewport queries, diagnostics, page cuts and joins, edits), answers as it
/// does for the same lines with their starts stored.
@Suite("Computed line starts")
struct ComputedStartsTests {
  /// `t` with its starts stored (and its item index written): the same lines, read from the
  /// stored starts.
  static func stored(_ t: LineTable) -> LineTable {
    var s = t
    s.withEntries { _, _ in }
    s.refreshItemIndex(fromLine: 0)
    return s
  }

  /// `engine` with every equal-count table's starts stored: the same layout.
  static func withStoredStarts(_ engine: FastFlowLayout) -> FastFlowLayout {
    var other = engine
    for p in other.pages.indices {
      guard case .table(let t) = other.pages[p].lines, t.itemsPerLine > 0 else { continue }
      other.pages[p].lines = .table(stored(t))
    }
    return other
  }

  /// Every reader of `t`'s starts answers as it does on `s`, the same lines with stored starts.
  static func expectSameStarts(
    _ t: LineTable, _ s: LineTable, _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let m = t.lineCount
    #expect(t == s && s == t, "\(note)", sourceLocation: sourceLocation)
    #expect(t.visibleEnd == s.visibleEnd, "\(note)", sourceLocation: sourceLocation)
    #expect(t.starts == s.starts, "\(note)", sourceLocation: sourceLocation)
    #expect(t.longestLine(of: m) == s.longestLine(of: m), "\(note)", sourceLocation: sourceLocation)
    for k in 0...m where t.start(ofLine: k) != s.starts[k] {
      Issue.record("line \(k): start \(t.start(ofLine: k)) ≠ \(s.starts[k]) \(note)")
      return
    }
    for k in 0..<m where t.range(ofLine: k) != s.range(ofLine: k) {
      Issue.record("line \(k): \(t.range(ofLine: k)) ≠ \(s.range(ofLine: k)) \(note)")
      return
    }
    for item in 0..<t.visibleEnd {
      let a = t.line(holding: item, lineSpacing: 10)
      let b = s.line(holding: item, lineSpacing: 10)
      if t.line(containing: item) != s.line(containing: item) || a?.start != b?.start
        || a?.top != b?.top || a?.height != b?.height
      {
        Issue.record("item \(item): line \(t.line(containing: item)) \(note)")
        return
      }
    }
    #expect(t.line(holding: t.visibleEnd, lineSpacing: 10) == nil, "\(note)")
    // Copies of ranges of lines.
    let bounds = [0, 1, m / 3, m / 2, m - 1, m].filter { $0 >= 0 && $0 <= m }
    for lo in bounds {
      for hi in bounds where hi >= lo {
        var (aStarts, aHeights, bStarts, bHeights) = ([7], [1.0], [7], [1.0])
        t.copyLines(lo..<hi, shiftedBy: 3, into: &aStarts, &aHeights)
        s.copyLines(lo..<hi, shiftedBy: 3, into: &bStarts, &bHeights)
        #expect(aStarts == bStarts && aHeights == bHeights, "\(lo)..<\(hi) \(note)")
      }
    }
  }

  /// Equal-count tables of every count from 2 to 8, a first layout and re-layouts at other
  /// widths (longer and shorter tables, the last line short or full), with and without a line
  /// limit (hidden items): each stores one start, the visible end, and every reader answers as
  /// for the stored starts.
  @Test(arguments: [0, 40])
  func everyReaderOfTheTableAnswersAsForStoredStarts(lineLimit: Int) throws {
    var counts = Set<Int>()
    for count in [100, 257, 1_001, 1_003] {
      for width in [300.0, 150, 100, 75, 60, 50, 42, 37] {
        var input = EqualWidthPositionTests.grid(count: count, width: width)
        input.configuration.numberOfRows = lineLimit
        var engine = try FastFlowLayout(input)
        for layoutWidth in [375.0, 414, 300, 375] {
          if layoutWidth != engine.bounds.width { try engine.setWidth(layoutWidth) }
          let note = "n \(count) w \(width) at \(layoutWidth) limit \(lineLimit)"
          guard let t = EqualCountTableTests.table(engine) else { return }
          guard t.itemsPerLine > 0 else { continue }
          counts.insert(t.itemsPerLine)
          #expect(t.storedStartCount == 1, "\(note)")
          if lineLimit > 0 { #expect(t.lineCount <= lineLimit, "\(note)") }
          Self.expectSameStarts(t, Self.stored(t), note)
        }
      }
    }
    #expect(counts == Set(2...8), "\(counts.sorted())")
  }

  /// A first layout gives the starts' storage back; a re-layout at another width keeps one start
  /// and allocates none for them; a write to the starts stores them all and ends the equal
  /// counts, and the table still equals the one with stored starts.
  @Test func startsAtRestAndOnWrite() throws {
    var engine = try FastFlowLayout(EqualWidthPositionTests.grid(count: 5_000))
    guard let first = EqualCountTableTests.table(engine) else { return }
    #expect(first.itemsPerLine == 3 && first.storedStartCount == 1)
    #expect(first.storedStartCapacity < 8)
    try engine.setWidth(414)
    guard let second = EqualCountTableTests.table(engine) else { return }
    #expect(second.itemsPerLine == 3 && second.storedStartCount == 1)
    var written = second
    written.starts[0] = 0
    #expect(written.itemsPerLine == 0 && written.storedStartCount == second.lineCount + 1)
    written.refreshItemIndex(fromLine: 0)
    #expect(written == second && second == written)
    Self.expectSameStarts(second, written, "after a write")
  }

  /// The equality contract stays as strict: a table with computed starts differs from the same
  /// table whose stored starts differ in any line, or end elsewhere.
  @Test func equalityComparesEveryStart() throws {
    let engine = try FastFlowLayout(EqualWidthPositionTests.grid(count: 1_000))
    guard let t = EqualCountTableTests.table(engine) else { return }
    #expect(t.itemsPerLine == 3)
    for k in [0, 1, t.lineCount / 2, t.lineCount - 1, t.lineCount] {
      var changed = Self.stored(t)
      changed.starts[k] += k == t.lineCount ? -1 : 1
      #expect(changed != t && t != changed, "start \(k)")
    }
  }

  /// The engine's readers — frames, viewport queries, presented elements, own sizes, hidden and
  /// overflowing items — answer as for the same layout with stored starts; and after each edit
  /// applied to both (the first stores the starts of the table it changes), the lines are equal
  /// and the frames are a fresh engine's.
  @Test(arguments: [false, true])
  func engineReadersAndEditsAnswerAsForStoredStarts(cutsPages: Bool) throws {
    var rng = SplitMix64(seed: 0x5_7A27)
    var computed = try FastFlowLayout(EqualWidthPositionTests.grid(count: 2_000))
    computed.pageCapacity = PageCapacity(target: cutsPages ? 300 : 10_000, smallGap: true)
    #expect(EqualCountTableTests.table(computed)?.itemsPerLine == 3)
    var stored = Self.withStoredStarts(computed)
    Self.expectSameAnswers(computed, stored, "initial")
    for step in 0..<12 {
      let count = computed.input.sections[0].count
      let item = rng.nextInt(below: count)
      var batch = BatchUpdate()
      switch step % 4 {
      case 0: batch.insertItems = [ItemInsertion(at: ItemPath(0, item), size: Size(110, 90))]
      case 1: batch.deleteItems = [ItemPath(0, item)]
      case 2: batch.resizeItems = [ItemResize(at: ItemPath(0, item), size: Size(110, 170))]
      default:
        batch.moveItems = [ItemMove(from: ItemPath(0, item), to: ItemPath(0, (item * 7) % count))]
      }
      try computed.apply(batch)
      try stored.apply(batch)
      Self.expectSameAnswers(computed, stored, "step \(step)")
      ShortSectionStorageTests.expectSameFrames(
        computed, try FastFlowLayout(computed.input), "step \(step)")
      if step % 4 == 3 {
        // Back to equal-count tables at another width.
        try computed.setWidth(step % 8 == 3 ? 414 : 375)
        stored = Self.withStoredStarts(computed)
        Self.expectSameAnswers(computed, stored, "step \(step) width")
      }
    }
  }

  /// `a` and `b` lay out the same: the same lines page by page, and every reader answers alike.
  static func expectSameAnswers(
    _ a: FastFlowLayout, _ b: FastFlowLayout, _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(a.pages.count == b.pages.count, "\(note)", sourceLocation: sourceLocation)
    for p in 0..<min(a.pages.count, b.pages.count) {
      #expect(
        a.pages[p].lines == b.pages[p].lines, "page \(p) \(note)", sourceLocation: sourceLocation)
    }
    ShortSectionStorageTests.expectSameFrames(a, b, note, sourceLocation: sourceLocation)
    #expect(a.hiddenItems == b.hiddenItems && a.overflowingItems == b.overflowingItems, "\(note)")
    let height = a.contentSize.height
    for top in stride(from: -50.0, to: height, by: max(height / 7, 1)) {
      let rect = Rect(x: 0, y: top, width: 375, height: 812)
      #expect(a.elements(in: rect) == b.elements(in: rect), "rect at \(top) \(note)")
      var (pa, pb, scratch) = ([PresentedElement](), [PresentedElement](), [LayoutElement]())
      a.presentedElements(in: rect, presentation: .init(), into: &pa, scratch: &scratch)
      b.presentedElements(in: rect, presentation: .init(), into: &pb, scratch: &scratch)
      #expect(pa == pb, "presented at \(top) \(note)")
    }
    let count = a.input.sections[0].count
    for i in stride(from: 0, to: count, by: 97) {
      #expect(
        (try? a.ownSize(ofItemAt: ItemPath(0, i))) == (try? b.ownSize(ofItemAt: ItemPath(0, i))),
        "item \(i) \(note)")
    }
  }

  /// A section cut into pages and the pages joined again: the pages of an equal-count table are
  /// those of the same table with stored starts, and so is the joined section.
  @Test func pageCutsAndJoinsReadComputedStarts() throws {
    let engine = try FastFlowLayout(EqualWidthPositionTests.grid(count: 3_001))
    guard let t = EqualCountTableTests.table(engine) else { return }
    #expect(t.itemsPerLine == 3)
    let rules = engine.rules(ofPage: 0)
    let section = engine.pages[0]
    var storedSection = section
    storedSection.lines = .table(Self.stored(t))
    for target in [100, 257, 1_000] {
      let pages = section.pages(target: target, rules: rules)
      let storedPages = storedSection.pages(target: target, rules: rules)
      #expect(pages.count > 1 && pages == storedPages, "target \(target)")
      let list = PageList(pages)
      let joined = Page.joined(list[...], rules: rules)
      #expect(joined.lines == storedSection.lines, "target \(target)")
      #expect(
        pages[0].itemsAbsorbed(from: pages[1], rules: rules)
          == storedPages[0].itemsAbsorbed(from: storedPages[1], rules: rules))
    }
  }

  /// The items per line live in the reciprocal's low bits, and item i's line is the high word
  /// of `i · R` = ⌊i / c⌋ up to 2⁵⁸ (an equal-count table has fewer than 2³⁴ items).
  @Test func reciprocalHoldsTheCountAndDivides() {
    var rng = SplitMix64(seed: 0x2EC1)
    for c in 2...8 {
      let r = LineTable.reciprocal(ofItemsPerLine: c)
      #expect(Int(r & 7) + 1 == c)
      var items = Array(0..<4_096) + [1 << 34, (1 << 34) - 1, (1 << 58) - 1, (1 << 58) - 2]
      for _ in 0..<4_096 { items.append(rng.nextInt(below: 1 << 58)) }
      for i in items {
        let line = Int(UInt64(i).multipliedFullWidth(by: r).high)
        if line != i / c {
          Issue.record("c \(c) item \(i): \(line) ≠ \(i / c)")
          break
        }
      }
    }
  }

  /// The equal-width kernel without starts writes the same lines (count, end, heights) as with
  /// them, its lines starting at `start + j·c`.
  @Test func equalWidthKernelWithoutStarts() {
    var rng = SplitMix64(seed: 0xC0C0)
    for (width, count) in [(110.0, 1_001), (60, 777), (37, 2_050), (300, 99)] {
      let ws = [Double](repeating: width, count: count)
      let hs = (0..<count).map { _ in rng.nextPoints(in: 10...90) }
      let limit = 375.0 - 32 + 1e-9
      let c = LineBreaker.uniformCapacity(width: width, count: 65, limit: limit, interitem: 10)
      for (start, maxLines) in [(0, 10_000), (0, 64), (c * 5, 100), (count - 1, 4)] {
        // The kernel with `starts` (when given) into `heights`.
        func lines(_ starts: UnsafeMutableBufferPointer<Int>?, _ heights: inout [Double])
          -> (lines: Int, end: Int)?
        {
          ws.withUnsafeBufferPointer { w in
            hs.withUnsafeBufferPointer { h in
              heights.withUnsafeMutableBufferPointer { out in
                EqualWidthLinesKernel.equalWidthLines(
                  w, h, .init(start: nil, count: 0), from: start, limit: limit, interitem: 10,
                  left: 16, starts: starts, heights: out, maxLines: maxLines,
                  widthsKnownEqual: true, writesPositions: false)
              }
            }
          }
        }
        var startsA = [Int](repeating: -1, count: maxLines)
        var heightsA = [Double](repeating: -1, count: maxLines)
        var heightsB = heightsA
        let a = startsA.withUnsafeMutableBufferPointer { lines($0, &heightsA) }
        let b = lines(nil, &heightsB)
        let note = "w \(width) from \(start)"
        #expect(a?.lines == b?.lines && a?.end == b?.end && heightsA == heightsB, "\(note)")
        guard let a else { continue }
        for j in 0..<a.lines { #expect(startsA[j] == start + j * min(c, count - start), "\(note)") }
        #expect(a.end == min(start + a.lines * c, count), "\(note)")
      }
    }
  }
}
