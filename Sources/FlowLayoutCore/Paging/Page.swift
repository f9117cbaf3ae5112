import FlowLayoutModel

/// A page's lines: the closed form, a table of line ranges, or equal-width lines (whose
/// item heights they hold: the page's `items` are then empty).
enum PageLines: Sendable, Equatable {
  case uniform(UniformLines)
  case table(LineTable)
  case equalWidth(EqualWidthLines)
  /// No lines, read as an empty table: what a section holds while its table is taken out
  /// (`Page.takeTable()`).
  case taken
}

/// A page: a whole section laid out, or a run of a long section's lines (`isPaged(under:)`), in
/// the working orientation: its item columns, its lines (relative to its first line's top,
/// `linesTop`) and the derived height. `FastFlowLayout.pages` holds them in order.
///
/// - Memory: 160 bytes inline (`ShortSectionStorageTests`).
struct Page: Sendable, Equatable {
  var header: Double
  var footer: Double
  var items: ItemColumns
  var showsSeeAll: Bool
  /// Every item has the same own size (kept for `.own` sizing: the closed form and the UIKit
  /// last-line grid depend on it).
  var sameSize = false
  /// Whether this page holds the section's first line: it carries the header and the top inset
  /// (a later page starts with the line spacing `L` instead). `true` for an unpaged section.
  var opensSection = true
  /// Whether this page holds the section's last line: it carries the bottom inset and the footer,
  /// and its last line is placed as the section's last. `true` for an unpaged section.
  var closesSection = true
  /// `uikitFlow`: the adjacent item pairs whose sizes differ (`sameSize` is this = 0), kept
  /// through edits in O(1) per edited item. 0 for other variants.
  var adjacentDifferences = 0
  /// `H + t + linesHeight + b + F`.
  var height: Double = 0
  /// `l + Σw + (k − 1)·I + r` (`.horizontalScroll`'s content width), else 0.
  var extent: Double = 0
  /// The section's own metrics and their rules, shared by its pages; `nil` for a section laid
  /// out under the layout's rules (`rules(_:)`).
  var ownMetrics: OwnMetrics?
  var lines: PageLines = .uniform(Page.noLines)

  /// An empty section with no layout (a placeholder while sections are moved): allocates
  /// nothing.
  init() {
    header = 0
    footer = 0
    showsSeeAll = false
    items = ItemColumns(widths: [], heights: [])
    // (`lines` is the declaration's `.uniform(noLines)`: not assigned twice.)
  }

  /// Takes the line table out of `lines`, leaving `.taken`, so that it is unique while edited (put
  /// it back with `lines = .table(consume table)`: without `consume` the enum takes a copy, a
  /// retain and a release per array); a move. `nil`, changing nothing, when the lines are not a
  /// table.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  mutating func takeTable() -> LineTable? {
    guard case .table = lines else { return nil }
    var taken = PageLines.taken
    swap(&taken, &lines)
    guard case .table(let table) = consume taken else { return nil }
    return table
  }

  /// The lines its line table's storage holds without growing (0 without a table).
  ///
  /// - Complexity: O(1).
  var lineTableCapacity: Int {
    guard case .table(let table) = lines else { return 0 }
    return table.heights.capacity
  }

  /// A section from its data (already in the working orientation), laid out.
  ///
  /// - Complexity: O(n), O(c) for a closed-form section whose sizes are ignored.
  init(
    _ data: SectionData, transposed: Bool, rules: LayoutRules, ownMetrics: OwnMetrics?,
    kernels: KernelSelection, threading: LayoutThreading = .off, counters: inout WorkCounters
  ) {
    var screen = LengthScreen()
    self.init(
      data, transposed: transposed, rules: rules, ownMetrics: ownMetrics, kernels: kernels,
      threading: threading, counters: &counters, screen: &screen)
  }

  /// A section from its data, laid out under `rules` (its own metrics' when it has them), its item
  /// lengths added to `screen`.
  ///
  /// - Precondition: the columns have one length; `rules` is `ownMetrics.rules` when `ownMetrics`
  ///   is given (the values need not be valid: the caller discards an invalid layout).
  /// - Complexity: O(n).
  init(
    _ data: SectionData, transposed: Bool, rules: LayoutRules, ownMetrics: OwnMetrics?,
    kernels: KernelSelection, threading: LayoutThreading = .off, counters: inout WorkCounters,
    screen: inout LengthScreen
  ) {
    self.init(data, transposed: transposed, ownMetrics: ownMetrics)
    layOutScreening(
      rules: rules, kernels: kernels, threading: threading, counters: &counters, screen: &screen)
  }

  /// A section from its data, not laid out yet (`layOutScreening`).
  ///
  /// - Complexity: O(1) (the columns are shared, copy-on-write).
  init(_ data: SectionData, transposed: Bool, ownMetrics: OwnMetrics?) {
    header = data.header
    self.ownMetrics = ownMetrics
    footer = data.footer
    showsSeeAll = data.showsSeeAll
    items =
      transposed
      ? ItemColumns(widths: data.itemHeights, heights: data.itemWidths)
      : ItemColumns(widths: data.itemWidths, heights: data.itemHeights)
  }

  /// Lays the page out under `rules` (its own metrics' when it has them), every item length
  /// added to `screen`.
  ///
  /// - Complexity: O(n).
  mutating func layOutScreening(
    rules: LayoutRules, kernels: KernelSelection, threading: LayoutThreading = .off,
    counters: inout WorkCounters, screen: inout LengthScreen
  ) {
    let (end, pass) = layOut(
      rules: rules, kernels: kernels, threading: threading, counters: &counters, screening: true)
    screen.maxBits = max(screen.maxBits, pass.maxBits)
    let n = count
    if end < n {
      items.withSizes { ws, hs in
        screen.add(ws, end..<n)
        screen.add(hs, end..<n)
      }
    }
  }

  /// The section's data in the input's orientation.
  ///
  /// - Complexity: O(1) (the columns are shared, copy-on-write).
  func data(transposed: Bool) -> SectionData {
    if let columns = columnsKeptByLines {
      var section = self
      section.items = columns
      section.lines = .uniform(Self.noLines)
      return section.data(transposed: transposed)
    }
    return transposed
      ? SectionData(
        header: header, footer: footer, itemWidths: items.heights, itemHeights: items.widths,
        showsSeeAll: showsSeeAll, metrics: ownMetrics?.metrics)
      : SectionData(
        header: header, footer: footer, itemWidths: items.widths, itemHeights: items.heights,
        showsSeeAll: showsSeeAll, metrics: ownMetrics?.metrics)
  }

  var count: Int {
    switch lines {
    case .equalWidth(let e): return e.count
    case .uniform(let u): return u.keptSizes?.value.count ?? items.count
    case .table, .taken: return items.count
    }
  }

  /// The item columns when the lines keep the sizes (equal-width lines, a closed form's kept
  /// sizes) and `items` is empty, else `nil`.
  ///
  /// - Complexity: O(n).
  var columnsKeptByLines: ItemColumns? {
    switch lines {
    case .equalWidth(let e): return e.columns
    case .uniform(let u):
      guard let sizes = u.keptSizes else { return nil }
      return ItemColumns(widths: sizes.value.widths, heights: sizes.value.heights)
    case .table, .taken: return nil
    }
  }

  /// The width of every item when the lines are equal-width lines, else `nil`.
  var equalWidth: Double? {
    if case .equalWidth(let e) = lines { return e.width }
    return nil
  }

  /// Item `j`'s own size (working orientation).
  ///
  /// - Complexity: O(1); O(log p) for equal-width lines and a closed form's kept sizes.
  func size(ofItem j: Int) -> Size {
    switch lines {
    case .equalWidth(let e): return e.size(ofItem: j)
    case .uniform(let u):
      if let sizes = u.keptSizes {
        return Size(width: sizes.value.width(ofItem: j), height: sizes.value.height(ofItem: j))
      }
    case .table, .taken: break
    }
    return Size(width: items.widths[j], height: items.heights[j])
  }

  /// Leaves equal-width lines: the item columns back, the section laid out again as a table.
  ///
  /// - Complexity: O(n).
  mutating func leaveEqualWidth(
    rules: LayoutRules, kernels: KernelSelection, counters: inout WorkCounters
  ) {
    guard case .equalWidth = lines else { return }
    restoreColumns()
    layOut(rules: rules, kernels: kernels, counters: &counters)
  }

  /// The item columns back from equal-width lines or a closed form's kept sizes, the lines left
  /// stale (a full layout follows).
  ///
  /// - Complexity: O(n).
  mutating func restoreColumns() {
    guard let columns = columnsKeptByLines else { return }
    items = columns
    lines = .uniform(Self.noLines)
  }

  /// Items in visible lines; later ones are hidden.
  var visibleEnd: Int {
    switch lines {
    case .uniform(let u): return u.visibleEnd(count: count)
    case .table(let t): return t.visibleEnd
    case .equalWidth(let e): return e.count
    case .taken: return 0
    }
  }

  var visibleLineCount: Int {
    switch lines {
    case .uniform(let u): return u.visibleLines
    case .table(let t): return t.lineCount
    case .equalWidth(let e): return e.heights.lineCount
    case .taken: return 0
    }
  }

  // MARK: Full layout

  /// Lays the whole section out again: equal-width lines kept when they still hold, else the
  /// closed form when every item has one size, else the line table.
  ///
  /// - Complexity: O(n) for a table; O(min(c, n)) for the closed form (plus O(n) to detect equal
  ///   own sizes); O(n + p·k) for equal-width lines kept.
  /// - Returns: what `layOutTable` screened (nothing for the closed form).
  @discardableResult
  mutating func layOut(
    rules: LayoutRules, kernels: KernelSelection, threading: LayoutThreading = .off,
    counters: inout WorkCounters, screening: Bool = false
  ) -> (screenedEnd: Int, screen: LengthScreen) {
    var screened = (screenedEnd: 0, screen: LengthScreen())
    counters.sectionsLaidOut += 1
    // Equal-width lines that still hold stay so (a width change: O(n + p·k), no copy); else
    // the item columns come back from the lines that keep them.
    if case .equalWidth(var e) = lines {
      lines = .uniform(Self.noLines)  // `e` uniquely referenced
      if let work = e.relayOut(
        rules: rules,
        threads: e.count >= EqualWidthLines.threadedItems && threading.splits(e.count)
          ? threading.threads : 1)
      {
        counters.phaseSummaryWork += work
        counters.itemsPositioned += e.positions.fullLineX.count + e.positions.lastLineX.count
        lines = .equalWidth(e)
        updateHeight(rules: rules)
        return screened
      }
      lines = .equalWidth(e)
    }
    restoreColumns()
    if rules.placement == .uikit {
      adjacentDifferences = items.adjacentSizeDifferences()
      counters.sizesCompared += max(count - 1, 0)
      sameSize = adjacentDifferences == 0
    } else if case .own = rules.sizing {
      sameSize = Self.allSameSize(items)
    } else {
      sameSize = false
    }
    if let uniform = closedForm(rules: rules) {
      items.releasePositions()
      lines = .uniform(uniform)
      counters.linesRebroken += min(uniform.visibleLines, 1)
      counters.itemsPositioned += uniform.fullLineX.count + uniform.lastLineX.count
    } else {
      screened = layOutTable(
        rules: rules, kernels: kernels, threading: threading, counters: &counters,
        screening: screening)
    }
    updateHeight(rules: rules)
    return screened
  }

  /// The closed form when it applies.
  func closedForm(rules: LayoutRules) -> UniformLines? {
    guard let (size, perLine) = closedFormShape(rules: rules) else { return nil }
    return UniformLines(
      count: count, size: size, perLine: perLine, rules: rules, sameSizeGrid: true)
  }

  /// The closed form's shape for these items when it applies (`closedFormShape(count:…)`).
  ///
  /// - Complexity: O(1).
  private func closedFormShape(rules: LayoutRules) -> (size: Size, perLine: Int)? {
    let n = count
    let own = sameSize && n > 0 ? Size(width: items.widths[0], height: items.heights[0]) : nil
    return Self.closedFormShape(count: n, rules: rules, sameOwnSize: own)
  }

  /// The closed form's item size, or `nil` if the lines are not `.uniform`.
  var closedFormItemSize: Size? {
    if case .uniform(let u) = lines { return u.itemSize }
    return nil
  }

  /// Whether the lines are the closed form of the items' own one size (not of sizes it ignores).
  ///
  /// - Complexity: O(1).
  var isOwnSizeClosedForm: Bool {
    guard case .uniform(let u) = lines, u.keptSizes == nil else { return false }
    return sameSize
  }

  /// The closed form's stored positions (a full line's and the last line's), 0 if the lines are
  /// not `.uniform`.
  var closedFormPositions: Int {
    if case .uniform(let u) = lines { return u.fullLineX.count + u.lastLineX.count }
    return 0
  }

  /// Lays out a closed-form section again in its own storage when the closed form still applies.
  ///
  /// - Returns: `false`, changing nothing, if the lines are not `.uniform` or the closed form no
  ///   longer applies.
  /// - Complexity: O(min(perLine, n)).
  mutating func recountClosedForm(rules: LayoutRules) -> Bool {
    guard case .uniform(var u) = lines, let (size, perLine) = closedFormShape(rules: rules)
    else { return false }
    lines = .uniform(Self.noLines)  // `u`'s position tables uniquely referenced
    u.recount(count, size: size, perLine: perLine, rules: rules, sameSizeGrid: true)
    lines = .uniform(u)
    return true
  }

  /// The closed form's item size and items per line for `n` items under `rules`, when it applies
  /// (sizes ignored, or greedy own sizes all `sameOwnSize`).
  ///
  /// - Complexity: O(1).
  static func closedFormShape(count n: Int, rules: LayoutRules, sameOwnSize: Size?)
    -> (size: Size, perLine: Int)?
  {
    let size: Size
    switch rules.sizing {
    case .fixed(let fixed): size = fixed
    case .scaled(let c, let scaled): return (scaled, c)
    case .own:
      guard rules.breaking == .greedy, let own = sameOwnSize else { return nil }
      size = own
    case .columns: return nil
    }
    let c = LineBreaker.uniformCapacity(
      width: size.width, count: n, limit: rules.available + rules.epsilon,
      interitem: rules.interitem)
    return (size, c)
  }

  /// `true` when every item has the first item's size (vacuously for 0 items).
  ///
  /// - Complexity: O(n), stopping at the first difference.
  static func allSameSize(_ items: ItemColumns) -> Bool {
    guard let w = items.widths.first, let h = items.heights.first else { return true }
    return items.withSizes { ws, hs in
      for i in 0..<ws.count where ws[i] != w || hs[i] != h { return false }
      return true
    }
  }

  /// `H + t + linesHeight + b + F`, and the horizontal-scroll extent.
  ///
  /// - Complexity: O(1) (O(n) for a horizontal scroll without positions, which does not occur).
  mutating func updateHeight(rules: LayoutRules) {
    height =
      (opensSection ? header + rules.inset.top : rules.lineSpacing) + linesHeight(rules: rules)
      + (closesSection ? rules.inset.bottom + footer : 0)
    if rules.breaking == .noWrap {
      let k = count
      if k == 0 {
        extent = rules.inset.left + rules.inset.right
      } else if items.xs.count == k {
        // The last item's right edge (its position is the running sum): O(1), and within
        // rounding of `l + Σw + (k − 1)·I + r` (the equality contract's tolerance).
        extent = items.xs[k - 1] + items.widths[k - 1] + rules.inset.right
      } else {
        var sum = 0.0
        for w in items.widths { sum += w }
        extent = rules.inset.left + sum + Double(k - 1) * rules.interitem + rules.inset.right
      }
    }
  }

  // MARK: Placement (frames: `Queries/SectionFrames.swift`)

  /// The context line `k` of a table is placed in (a page that does not close its section has
  /// no last line).
  static func context(
    ofLine k: Int, in table: LineTable, count n: Int, sameSize: Bool, closesSection: Bool
  ) -> LineContext {
    let m = table.lineCount
    let end = table.visibleEnd
    return LineContext(
      isLast: closesSection && k == m - 1 && end == n, lineCount: m,
      gridColumns: sameSize && m > 0 ? table.range(ofLine: 0).count : nil, allFit: end == n)
  }

  /// Whether the positions along the line are computed from each line's start and the widths
  /// (`ItemColumns.leadingX`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func computesLeadingPositions(rules: LayoutRules) -> Bool {
    if case .grid = rules.placement { return false }
    return !items.hasPositions
  }

  /// The most items of a section of greedy leading lines whose positions a full layout never
  /// stores; a longer one stores none while its lines hold at most `computedLineLimit` items.
  static let computedPositionsLimit = 32

  /// The most items of a line whose positions are computed from its start (O(c)) rather than
  /// stored.
  static let computedLineLimit = 64

  /// Stores the positions of a line table that computes them, as the full layout would have
  /// written them; nothing for other sections.
  ///
  /// - Complexity: O(n) when it stores them, else O(1).
  mutating func storePositions(rules: LayoutRules) {
    guard case .table(let table) = lines else { return }
    storePositions(of: table, rules: rules)
  }

  /// `storePositions(rules:)` for the lines `table` (taken out of `lines`).
  ///
  /// - Complexity: O(n) when it stores them, else O(1).
  mutating func storePositions(of table: LineTable, rules: LayoutRules) {
    guard !items.hasPositions else { return }
    if case .grid = rules.placement { return }
    items.allocatePositions()
    items.withPlacement { ws, _, xs in
      for k in 0..<table.lineCount {
        let range = table.range(ofLine: k)
        LinePlacing.leading(ws, range, into: xs, at: range.lowerBound, rules: rules)
      }
    }
  }
}
