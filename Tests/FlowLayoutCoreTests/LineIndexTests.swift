import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The item → line index (`LineTable.lineOfItem`) and the line tops stay exact through every
/// kind of edit, and finding an item's line reads a few line starts (work counted, not timed).
@Suite("Line index")
struct LineIndexTests {
  /// Every line table of more than one block has an index (one block has none), and through
  /// it every visible item's line is the one a plain search of the line starts finds. A page
  /// that is not a table (closed forms, equal-width lines: no index, an item's line is
  /// arithmetic) is an issue unless the caller says it expects some (`otherPagesExpected`:
  /// then they are passed over and counted); a page left `.taken` is always one, and so is an
  /// engine with no table when `tablesExpected`. Returns the tables checked and the pages
  /// passed over.
  @discardableResult
  static func expectExactIndex(
    _ engine: FastFlowLayout, _ note: String, tablesExpected: Bool = true,
    otherPagesExpected: Bool = false
  ) -> (tables: Int, passedOver: Int) {
    var (tables, passedOver) = (0, 0)
    for (s, section) in engine.pages.enumerated() {
      switch section.lines {
      case .table(let t):
        tables += 1
        guard expectExactIndex(t, lineSpacing: engine.rules.lineSpacing, "section \(s) \(note)")
        else { return (tables, passedOver) }
      case .uniform, .equalWidth:
        passedOver += 1
        if !otherPagesExpected {
          Issue.record("page \(s) is not a line table: its index is not checked \(note)")
        }
      case .taken:
        Issue.record("page \(s) left taken \(note)")
        return (tables, passedOver)
      }
    }
    if tablesExpected { #expect(tables > 0, "no line table to check: \(note)") }
    return (tables, passedOver)
  }

  /// `expectExactIndex(_:_:tablesExpected:otherPagesExpected:)` of one table; whether it passed.
  static func expectExactIndex(_ t: LineTable, lineSpacing: Double, _ note: String) -> Bool {
    let shift = LineTable.indexShift
    // (An equal-count table keeps none: `EqualCountTableTests`.)
    let entries =
      LineTable.indexesItems(lineCount: t.lineCount) && t.itemsPerLine == 0
      ? (t.visibleEnd + (1 << shift) - 1) >> shift : 0
    #expect(t.lineOfItem.count == entries, "\(note)")
    guard t.lineOfItem.count == entries else { return false }
    guard expectExactOffsets(t, lineSpacing: lineSpacing, note) else { return false }
    // A search of the stored starts (an equal-count table's stored once, not per search).
    var stored = t
    stored.withEntries { _, _ in }
    for item in 0..<t.visibleEnd {
      let expected = stored.searchLine(containing: item, lo: 0, hi: t.lineCount - 1)
      let indexed = t.line(containing: item)
      if indexed != expected {
        Issue.record("item \(item): line \(indexed) ≠ \(expected) \(note)")
        return false
      }
    }
    return true
  }

  /// The stored in-block offsets (`LineTable.offsetsInBlock`, one per group of lines) and every
  /// line's offset in its block are bit for bit a scan of their block's extents (none are
  /// stored for one block), and every line top matches a running sum of the line extents.
  /// Returns whether they do.
  @discardableResult
  static func expectExactOffsets(_ t: LineTable, lineSpacing spacing: Double, _ note: String)
    -> Bool
  {
    let lines = t.lineCount > LineTable.blockSize ? t.lineCount : 0
    let stored = LineTable.groupCount(lines: lines)
    #expect(t.offsetsInBlock.count == stored, "\(note)")
    guard t.offsetsInBlock.count == stored else { return false }
    var inBlock = 0.0
    for k in 0..<lines {
      if k % LineTable.blockSize == 0 { inBlock = 0 }
      let g = k / LineTable.groupSize
      if k % LineTable.groupSize == 0, t.offsetsInBlock[g] != inBlock {
        Issue.record("group \(g): offset \(t.offsetsInBlock[g]) ≠ \(inBlock) \(note)")
        return false
      }
      let offset = t.offsetInBlock(ofLine: k, lineSpacing: spacing)
      if offset.bitPattern != inBlock.bitPattern {
        Issue.record("line \(k): offset \(offset) ≠ \(inBlock) \(note)")
        return false
      }
      inBlock += t.heights[k] + spacing
    }
    var running = 0.0
    for k in 0..<t.lineCount {
      let top = t.top(ofLine: k, lineSpacing: spacing)
      if !EqualityContract.close(top, running) {
        Issue.record("line \(k): top \(top) ≠ \(running) \(note)")
        return false
      }
      running += t.heights[k] + spacing
    }
    return true
  }

  /// A line table through random height changes, lines added and removed at the end (across
  /// the one-block threshold, where the offsets start and stop being stored) and rewritten
  /// tails: the offsets stay a scan of the heights after every step.
  @Test func offsetsFollowEveryKindOfChange() {
    var random = SplitMix64(seed: 0x0ff5)
    var table = LineTable()
    let spacing = 8.0
    for step in 0..<600 {
      let m = table.lineCount
      switch random.nextInt(below: 5) {
      case 0, 1:
        // Lines appended (offsets from the old end on).
        for _ in 0..<(1 + random.nextInt(below: 24)) {
          table.starts.append(table.visibleEnd + 1)
          table.heights.append(random.nextDouble(in: 20...200).rounded())
        }
        table.rebuildOffsets(lineSpacing: spacing, fromLine: m)
      case 2 where m > 0:
        // Lines removed at the end.
        let k = 1 + random.nextInt(below: min(m, 20))
        table.starts.removeLast(k)
        table.heights.removeLast(k)
        table.rebuildOffsets(lineSpacing: spacing, fromLine: table.lineCount)
      case 3 where m > 0:
        // One height changed in place.
        _ = table.setHeight(
          random.nextInt(below: m), random.nextDouble(in: 20...200).rounded(), lineSpacing: spacing)
      case 4 where m > 0:
        // A tail re-broken: heights from a line on rewritten.
        let first = random.nextInt(below: m)
        for k in first..<m { table.heights[k] = random.nextDouble(in: 20...200).rounded() }
        table.rebuildOffsets(lineSpacing: spacing, fromLine: first)
      default:
        table.rebuildOffsets(lineSpacing: spacing)
      }
      let note = "step \(step), \(m) lines before"
      guard Self.expectExactOffsets(table, lineSpacing: spacing, note) else { return }
    }
    #expect(table.lineCount > 2 * LineTable.blockSize)
  }

  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical, .uikitFlow, .autosizingColumnFlow])
  func indexStaysExactThroughEdits(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 31)
    let input = TestInputs.ownSizes([sizes.mixedSizes(3000), sizes.mixedSizes(40)], variant: variant) {
      $0.numberOfRows = 0
    }
    var engine = try FastFlowLayout(input)
    // An autosizing column flow's pages may be closed forms (no table, no index to check).
    let closedForms = variant == .autosizingColumnFlow
    Self.expectExactIndex(engine, "initial", otherPagesExpected: closedForms)
    for step in 0..<40 {
      let section = step % 7 == 0 ? 1 : 0
      let count = engine.input.sections[section].count
      let item = Int(sizes.nextUnit() * Double(count))
      let size = Size((sizes.nextUnit() * 220).rounded(), (sizes.nextUnit() * 150).rounded())
      var batch = BatchUpdate()
      switch step % 5 {
      case 0: batch.resizeItems = [ItemResize(at: ItemPath(section, item), size: size)]
      case 1: batch.deleteItems = [ItemPath(section, item)]
      case 2:
        batch.moveItems = [
          ItemMove(from: ItemPath(section, item), to: ItemPath(section, (item * 7) % count))
        ]
      case 3:
        batch.resizeItems = (0..<5).map { k in
          ItemResize(
            at: ItemPath(section, (item + k * 97) % count),
            size: Size((sizes.nextUnit() * 200).rounded(), 80))
        }
      default:
        batch.insertItems = [ItemInsertion(at: ItemPath(section, min(item, count)), size: size)]
      }
      try engine.apply(batch)
      Self.expectExactIndex(
        engine, "\(variant) step \(step) \(batch)", otherPagesExpected: closedForms)
    }
    try engine.setWidth(320)
    Self.expectExactIndex(engine, "\(variant) width 320", otherPagesExpected: closedForms)
  }

  /// Greedy leading lines write the index without marking it before the pass or filling it
  /// after while no line holds more than 8 items (`layOutTable`'s `indexSpeculated`); a layout
  /// whose lines hold more has it written again from the starts. Widths giving lines of at most
  /// 5 items, and runs of narrow items giving lines of up to ~40, from a first layout and
  /// through widths that make lines longer and shorter again, on the fused loop, the
  /// screened first layout and the branch-free pair (70 000 items), both kernel selections.
  @Test(arguments: [1_000, 70_000])
  func indexExactWhenLinesOutgrowEightItems(count: Int) throws {
    var sizes = SplitMix64(seed: 77)
    let mixed = sizes.mixedSizes(count)
    // Every third run of 200 items narrow (2–20 points): lines of up to ~40 items there.
    let runs = (0..<count).map { i in
      (i / 200) % 3 == 1 ? Size(sizes.nextPoints(in: 2...20), 40) : mixed[i]
    }
    for (name, items) in [("mixed", mixed), ("narrow runs", runs)] {
      for kernels in [KernelSelection.simd, .scalar] {
        var engine = try FastFlowLayout(
          TestInputs.ownSizes([items]), kernels: kernels, threading: .off)
        Self.expectExactIndex(engine, "\(name) \(kernels) first layout")
        for width in [1_600.0, 375, 3_000, 320, 375] {
          try engine.setWidth(width)
          Self.expectExactIndex(engine, "\(name) \(kernels) width \(width)")
        }
      }
    }
  }

  /// With a line limit the visible end moves with edits; the index covers exactly the visible
  /// items.
  @Test func indexFollowsTheRowLimit() throws {
    var sizes = SplitMix64(seed: 5)
    let input = TestInputs.ownSizes([sizes.mixedSizes(500)]) { $0.numberOfRows = 40 }
    var engine = try FastFlowLayout(input)
    for step in 0..<20 {
      var batch = BatchUpdate()
      let item = Int(sizes.nextUnit() * 100)
      if step % 2 == 0 {
        batch.insertItems = [ItemInsertion(at: ItemPath(0, item), size: Size(40, 50))]
      } else {
        batch.resizeItems = [ItemResize(at: ItemPath(0, item), size: Size(300, 50))]
      }
      try engine.apply(batch)
      Self.expectExactIndex(engine, "step \(step)")
    }
  }

  /// Finding the line of an item of 100 000 mixed items reads at most 7 line starts (a search
  /// of the ≤ 64 lines between two index entries); a binary search over the ~45 000 lines reads
  /// 16. Without the index, the interpolation search reads fewer than 8 on average.
  @Test func lineLookupReadsFewStarts() throws {
    var sizes = SplitMix64(seed: 9)
    let engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(100_000)]))
    guard case .table(let t) = engine.pages[0].lines else {
      Issue.record("expected a line table")
      return
    }
    #expect(t.lineCount > 30_000)
    var worst = 0
    for item in stride(from: 0, to: t.visibleEnd, by: 13) {
      let (line, probes) = t.probedLine(containing: item)
      #expect(t.starts[line] <= item && item < t.starts[line + 1])
      worst = max(worst, probes)
    }
    #expect(worst <= 7)
    var total = 0
    for item in stride(from: 0, to: t.visibleEnd, by: 13) {
      let (line, probes) = t.probedSearchLine(containing: item, lo: 0, hi: t.lineCount - 1)
      #expect(t.starts[line] <= item && item < t.starts[line + 1])
      total += probes
    }
    #expect(Double(total) / Double(t.visibleEnd / 13) < 8)
  }

  /// Without the index (a stale table), the interpolation search still answers right, in few
  /// probes on near-linear starts and within 2·log₂ r probes on skewed ones.
  @Test func interpolationSearchIsExactAndBounded() {
    // Skewed: 1000 one-item lines, then one line of 100 000 items, then 1000 one-item lines.
    var starts = Array(0...1000)
    starts.append(101_000)
    starts.append(contentsOf: 101_001...102_000)
    var table = LineTable()
    table.starts = starts
    table.heights = Array(repeating: 10, count: starts.count - 1)
    let r = table.lineCount
    var worst = 0
    for item in [0, 1, 999, 1000, 1001, 50_000, 100_999, 101_000, 101_500, 101_999] {
      let (line, probes) = table.probedSearchLine(containing: item, lo: 0, hi: r - 1)
      #expect(starts[line] <= item && item < starts[line + 1], "item \(item)")
      worst = max(worst, probes)
    }
    #expect(worst <= 2 * (Int.bitWidth - r.leadingZeroBitCount) + 2)
  }
}

/// A full layout writes each line's offset in its block and its item-index entries as it makes
/// the line (`LineTable.LineWriter`); the table equals, bit for bit, the same lines summarised
/// afterwards (`rebuildOffsets`, which also rebuilds the index).
@Suite("Line writer")
struct LineWriterTests {
  /// Every line table of `engine` is unchanged by summarising its lines again.
  static func expectSummarised(_ engine: FastFlowLayout, _ note: String) {
    for (p, page) in engine.pages.enumerated() {
      guard case .table(let t) = page.lines else { continue }
      var again = t
      again.rebuildOffsets(lineSpacing: engine.rules(ofPage: p).lineSpacing)
      #expect(again == t, "page \(p), \(t.lineCount) lines, \(note)")
    }
  }

  /// Line counts around the block size (32) and the index step (8), lines of one item, of ~2.5
  /// items and of more than 8 items (index entries inside a line), first layouts and width
  /// changes (the buffers reused, grown and shrunk).
  @Test(arguments: [0, 1, 2, 7, 8, 9, 31, 32, 33, 63, 64, 65, 95, 96, 97, 1_000, 5_000])
  func fusedTableEqualsSummarisedTable(count: Int) throws {
    var random = SplitMix64(seed: UInt64(count) + 11)
    var made = 0
    let kinds: [(String, () -> Size)] = [
      ("mixed", { Size(60 + random.nextUnit() * 140, 20 + random.nextUnit() * 180) }),
      ("narrow", { Size(1 + random.nextUnit() * 20, 10 + random.nextUnit() * 40) }),
      ("wide", { Size(300 + random.nextUnit() * 100, 30) }),
      ("varied", {
        random.nextUnit() < 0.2
          ? Size(200 + random.nextUnit() * 200, 50) : Size(4 + random.nextUnit() * 30, 25)
      }),
      // The equal-width kernel's lines (`commitUnwritten`), whole or handing over midway.
      ("equal", { Size(110, 20 + random.nextUnit() * 180) }),
      ("equal then mixed", {
        made += 1
        return made <= count / 2
          ? Size(110, 20 + random.nextUnit() * 180)
          : Size(60 + random.nextUnit() * 140, 20 + random.nextUnit() * 180)
      }),
    ]
    for (kind, size) in kinds {
      let sizes = (0..<count).map { _ in size() }
      for variant in [LayoutVariant.horizontalFlow, .vertical, .uikitFlow] {
        var engine = try FastFlowLayout(
          TestInputs.ownSizes([sizes], variant: variant) { $0.minimumLineSpacing = 7.3 })
        Self.expectSummarised(engine, "\(kind) \(variant) first layout")
        for width in [120.0, 375, 800, 375] {
          var batch = BatchUpdate()
          batch.setWidth = width
          try engine.apply(batch)
          Self.expectSummarised(engine, "\(kind) \(variant) width \(width)")
        }
      }
    }
  }

  /// The line buffers of a re-layout with more lines than the last one grow within their
  /// storage (`Array.resizeUninitialized`) without a write: the storage is kept, the elements
  /// kept are unchanged and the added ones hold what the storage held (here the elements
  /// removed before), no zero; a copy sharing the storage is not changed; growing past the
  /// storage copies the elements into storage at least twice as large.
  @Test func linesGrowWithinTheirStorageUnwritten() {
    let values = (0..<1_000).map { Double($0) + 0.5 }
    var a = (0..<1_000).map { Double($0) + 0.5 }  // its own storage, not `values`'
    let capacity = a.capacity
    let base = a.withUnsafeBufferPointer { $0.baseAddress }
    a.resizeUninitialized(to: 400)
    #expect(a.count == 400)
    a.resizeUninitialized(to: 1_000)
    #expect(a.count == 1_000 && a.capacity == capacity)
    #expect(a.withUnsafeBufferPointer { $0.baseAddress } == base)
    #expect(a == values)
    a.resizeUninitialized(to: 400)
    let shared = a
    a.resizeUninitialized(to: 700)
    #expect(shared == Array(values[0..<400]))
    #expect(a.count == 700 && Array(a[0..<400]) == Array(values[0..<400]))
    // (Past `a`'s storage now: the copy above took whatever size the allocator gave it, which
    // may be larger than the first storage.)
    let storage = a.capacity
    a.resizeUninitialized(to: storage + 1)
    #expect(a.count == storage + 1 && a.capacity >= 2 * storage)
    #expect(Array(a[0..<400]) == Array(values[0..<400]))
  }

  /// A first layout reserves its line buffers by an estimate from the first 1 024 items
  /// (`Page.expectedLineCount`) and grows them when the lines outrun it
  /// (`LineTable.reserveLines`: storage allocated, not zeroed, the lines written so far copied),
  /// or gives back what it over-reserved: its table is the one a re-layout builds in reused
  /// buffers, bit for bit, and so are the frames.
  @Test(arguments: ["short estimate", "long estimate", "close estimate"])
  func firstLayoutEqualsRelayoutWhateverTheEstimate(kind: String) throws {
    var random = SplitMix64(seed: 29)
    // Narrow items make ~40 a line, wide ones one: an estimate from the first 1 024 items is
    // ~20× short, or ~20× long.
    let narrow = { Size(3 + random.nextUnit() * 4, 10 + random.nextUnit() * 30) }
    let wide = { Size(300 + random.nextUnit() * 40, 10 + random.nextUnit() * 30) }
    let mixed = { Size(60 + random.nextUnit() * 140, 20 + random.nextUnit() * 180) }
    let sizes: [Size]
    switch kind {
    case "short estimate":
      sizes = (0..<1_200).map { _ in narrow() } + (0..<20_000).map { _ in wide() }
    case "long estimate":
      sizes = (0..<1_200).map { _ in wide() } + (0..<20_000).map { _ in narrow() }
    default: sizes = (0..<30_000).map { _ in mixed() }
    }
    let input = TestInputs.ownSizes([sizes]) { $0.minimumLineSpacing = 3.5 }
    let first = try FastFlowLayout(input, threads: 1)
    Self.expectSummarised(first, "\(kind) first layout")
    var wider = input
    wider.bounds = Size(700, 812)
    var again = try FastFlowLayout(wider, threads: 1)
    for width in [120.0, 375] {
      var batch = BatchUpdate()
      batch.setWidth = width
      try again.apply(batch)
    }
    #expect(first.pages[0].lines == again.pages[0].lines, "\(kind)")
    #expect(first.pages[0].items.xs == again.pages[0].items.xs, "\(kind)")
    ShortSectionStorageTests.expectSameFrames(first, again, kind)
  }

  /// Equal widths (the Fiori grid): the first layout checks the widths, so the estimate is the
  /// exact line count (⌈n / k⌉ for k items a line), and its buffers are never trimmed by a
  /// copy of fresh lines; lines of more than `exactLineCountLimit` items are estimated.
  @Test(arguments: [
    (110.0, 10.0), (110, 0), (171.5, 0), (172, 0), (400, 10), (5, 0), (3, 2), (0, 0.5), (0, 0),
  ])
  func equalWidthsEstimateTheExactLineCount(width: Double, interitem: Double) throws {
    for n in [2, 3, 64, 65, 66, 1_000, 4_099] {
      var random = SplitMix64(seed: UInt64(n))
      let sizes = (0..<n).map { _ in Size(width, 20 + random.nextUnit() * 100) }
      let input = TestInputs.ownSizes([sizes]) { $0.minimumInteritemSpacing = interitem }
      let engine = try FastFlowLayout(input, threads: 1)
      let page = engine.pages[0]
      let note = "w \(width), I \(interitem), n \(n)"
      guard case .table(let table) = page.lines else {
        Issue.record("not a line table: \(note)")
        continue
      }
      #expect(page.items.widthsKnownEqual, "\(note)")
      let k = table.starts[1] - table.starts[0]
      let exact = Page.exactEqualWidthCapacity(page.items, rules: engine.rules)
      let limit = Page.exactLineCountLimit
      #expect(exact == (k <= limit || n <= limit + 1 ? k : nil), "\(note)")
      if exact != nil {
        #expect(
          Page.expectedLineCount(
            page.items, rules: engine.rules, equalWidthCapacity: exact) == table.lineCount,
          "\(note)")
      }
    }
  }
}
