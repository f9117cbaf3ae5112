import FlowLayoutModel

/// The fast layout engine: struct-of-arrays item columns, lines as ranges over them, a closed
/// form for uniform sections, and edits that re-break only the lines they touch. Long greedy
/// sections are pages of whole lines (`Paging/`), so an insertion costs O(c + log p) for pages
/// of c ≤ `PageCapacity.maximum` items (1 024), not O(n). Follows `docs/semantics.md`; horizontal scrolling is laid out
/// transposed.
///
/// Memory at rest: 24 bytes per item (16 where positions are computed), 1/2 byte per item for the
/// item → line index, ~19 bytes per line, and per page 160 bytes plus ~50 of page summaries
/// and 4 of its place in the page order (`docs/storage.md`).
///
/// Where things are: `Kernels/LineBreaker/` (the greedy rule), `Invalidation/LineCatchUp` (catching
/// up with old lines), `Paging/PageDirectory` (the page summary), `Storage/` (columns, line tables,
/// trees; unsafe buffers are created there and in `Kernels/`, `CommitTurn`'s flags,
/// `PageSplitting`'s starts and `BatchApplication`'s edit lists), `Kernels/` (SIMD kernels beside
/// their scalar twins, `LinePlacing`), `TableLayout` (the one-pass full layout), `Threading/`,
/// `Variants/` (options per variant, closed forms, equal-width lines), `Invalidation/` (batches),
/// `Queries/`, `Presentation/`, `WorkCounters`.
public struct FastFlowLayout: LayoutEngine, Sendable {
  public static var engineName: String { "fast" }

  /// The options, as given.
  public internal(set) var configuration: LayoutConfiguration
  /// The bounds, as given.
  public internal(set) var bounds: Size
  /// Which kernel implementation the layout passes use.
  public let kernels: KernelSelection
  /// At most how many threads a full layout uses (a long greedy section's lines, or runs of
  /// short sections); every value gives the same layout, bit for bit.
  public var threads: Int { threading.threads }
  /// The work done since creation or the last `resetWorkCounters()`.
  public internal(set) var workCounters = WorkCounters()

  /// The layout's rules: those of every section without its own metrics (a section with them
  /// has its own, `Page.ownMetrics`; `rules(ofPage:)`).
  var rules: LayoutRules
  /// Every section as one page or more, in document order: each page at its place, their order a
  /// gap buffer of places (`PageList`).
  var pages: PageList
  /// Section `s` is pages `firstPage[s] ..< firstPage[s + 1]` (one entry per section, plus the
  /// end).
  var firstPage = SectionStarts([0])
  /// One summary per page slot (height, item count, extent; zero in the gap) in one tree: a page's
  /// top and first item are one prefix, the page at a height or holding an item one descent.
  var pageSummaries = SummaryTree<PageSummary>()
  /// Item counts per section (hidden items included), stored with a gap.
  var itemCounts = GapBuffer<Int>([], filler: 0)
  /// `itemCounts` as the batch validation takes them (sharing their storage: no copy).
  var validationCounts: SectionCounts {
    SectionCounts(
      slots: itemCounts.slots, gapStart: itemCounts.gapStart, gapLength: itemCounts.gapLength)
  }
  /// How large pages are; small in tests so that short sections are paged too.
  var pageCapacity = PageCapacity.standard
  /// `contentSize`, kept current by every change.
  var cachedContentSize = Size.zero
  /// Buffers reused by every batch (`EditScratch`) and the spare page buffers, behind one
  /// reference; no state between batches.
  var scratch = EditScratchBox()
  /// Page buffers the last section rebuild did not reuse, for the next one. Never read as content.
  var spareBuffers: SparePageBuffers {
    get { scratch.spareBuffers }
    set { scratch.spareBuffers = newValue }
  }
  /// How full layouts are split across threads (`ChunkedLineBreaking`); small chunks in tests.
  var threading: LayoutThreading
  /// What `hiddenItems` and `overflowingItems` read, once kept (`keepDiagnostics()`,
  /// `Queries/Diagnostics.swift`); `nil` until then.
  var diagnostics: DiagnosticSections?

  /// Lays out `input` with SIMD kernels, on every active core.
  ///
  /// - Complexity: O(n) to validate and lay out n items; O(c) per closed-form section after the
  ///   O(n) validation.
  /// - Throws: `LayoutError` naming the first invalid field (`LayoutInput.validate()`).
  public init(_ input: LayoutInput) throws(LayoutError) {
    try self.init(input, kernels: .simd)
  }

  /// Lays out `input` with the given kernels, on every active core.
  ///
  /// - Throws: `LayoutError` naming the first invalid field (`LayoutInput.validate()`).
  public init(_ input: LayoutInput, kernels: KernelSelection) throws(LayoutError) {
    try self.init(
      input, kernels: kernels, threading: LayoutThreading(threads: LayoutThreading.activeCores))
  }

  /// Lays out `input` with the given kernels on at most `threads` threads (`threads`).
  ///
  /// - Throws: `LayoutError.invalidCount` for `threads` < 1; else `LayoutError` naming the first
  ///   invalid field of `input` (`LayoutInput.validate()`).
  public init(_ input: LayoutInput, kernels: KernelSelection = .simd, threads: Int)
    throws(LayoutError)
  {
    guard threads >= 1 else {
      throw .invalidCount(field: "threads", value: threads, reason: "must be at least 1")
    }
    try self.init(input, kernels: kernels, threading: LayoutThreading(threads: threads))
  }

  /// Lays out `input` with the given kernels and threading.
  ///
  /// - Throws: `LayoutError` naming the first invalid field (`LayoutInput.validate()`).
  init(_ input: LayoutInput, kernels: KernelSelection, threading: LayoutThreading)
    throws(LayoutError)
  {
    self.threading = threading
    // Validation fused into the layout: the O(1) checks first, then every item length screened
    // while laid out; on any doubt the model's validator throws the exact error.
    try input.configuration.validate(bounds: input.bounds)
    let passesShape = input.sections.allSatisfy {
      BulkValidation.passesShapeScreen($0, configuration: input.configuration, bounds: input.bounds)
    }
    if !passesShape { try BulkValidation.validate(input) }
    configuration = input.configuration
    bounds = input.bounds
    self.kernels = kernels
    let rules = LayoutRules(configuration: input.configuration, bounds: input.bounds)
    self.rules = rules
    var counters = WorkCounters()
    var screen = LengthScreen()
    pages = PageList(input.sections.map { section in
      // A section with its own metrics is laid out under its own rules (O(1) to resolve).
      Page(
        section, transposed: rules.transposed,
        ownMetrics: OwnMetrics.resolving(
          section.metrics, configuration: input.configuration, bounds: input.bounds))
    })
    // Sections long enough to split their lines on every thread one after another, the others
    // a run per thread (`layOutWholePages`).
    var short: [Int] = []
    for s in pages.indices {
      if threading.runsWholePages(pages[s].count) {
        short.append(s)
        continue
      }
      pages[s].layOutScreening(
        rules: pages[s].rules(rules), kernels: kernels, threading: threading,
        counters: &counters, screen: &screen)
    }
    let shortScreen = layOutWholePages(short, rules: rules, counters: &counters, screening: true)
    screen.maxBits = max(screen.maxBits, shortScreen.maxBits)
    if !screen.passes { try BulkValidation.validate(input) }
    workCounters = counters
    firstPage = SectionStarts(Array(0...pages.count))
    itemCounts = GapBuffer(input.sections.map(\.count), filler: 0)
    rebuildPageDirectory()
  }

  /// The current input, rebuilt from the item columns.
  ///
  /// - Complexity: O(s) for s sections; O(n) more for the n items of paged sections.
  public var input: LayoutInput {
    LayoutInput(
      configuration: configuration, bounds: bounds,
      sections: (0..<sectionCount).map(inputSection))
  }

  /// - Complexity: O(1).
  public var contentSize: Size { cachedContentSize }

  /// Sets every work counter to 0.
  public mutating func resetWorkCounters() { workCounters = WorkCounters() }

  /// A section's top (working orientation).
  ///
  /// - Complexity: O(log p) for p pages.
  func top(ofSection s: Int) -> Double { top(ofPage: firstPage[s]) }

  /// - Complexity: O(log p + log r) for p pages and r lines in the item's page; O(1) for the page
  ///   while every section is one page. Nothing is retained.
  /// - Throws: `LayoutError.itemOutOfRange` for a path that does not exist, `.itemHidden` for an
  ///   item the layout hides.
  @inline(__always)  // into the protocol witness too, which otherwise copies `self` per call
  public func frame(ofItemAt path: ItemPath) throws(LayoutError) -> Rect {
    let s = path.section
    // (Unsigned: a negative index fails the same comparison; the count is read unchecked.)
    guard UInt(bitPattern: s) < UInt(bitPattern: itemCounts.count),
      UInt(bitPattern: path.item) < UInt(bitPattern: itemCounts.uncheckedElement(s))
    else {
      throw .itemOutOfRange(field: "path", path: path)
    }
    let (p, j) = page(holdingItem: path.item, inSection: s)
    // The page's place first (found once): its load overlaps the walk to the page's top.
    let q = pages.place(p)
    let top = top(ofPage: p)
    // Read inline under the layout's rules; a page with its own metrics out of line.
    let frame: Rect?
    if pages[place: q].ownMetrics == nil {
      let linesTop = pages[place: q].linesTop(pageTop: top, rules: rules)
      if pages[place: q].hasLineTable {
        frame = pages[place: q].lines.tableFrame(
          ofItem: j, items: pages[place: q].items, linesTop: linesTop, rules: rules)
      } else {
        frame = pages[place: q].closedFormFrame(ofItem: j, linesTop: linesTop, rules: rules)
      }
    } else {
      frame = pages[place: q].frameUnderOwnRules(ofItem: j, pageTop: top)
    }
    guard let frame else { throw .itemHidden(path: path) }
    return rules.transposed ? frame.transposed : frame
  }

  /// - Complexity: O(log s + log r).
  /// - Throws: `LayoutError.sectionOutOfRange`.
  public func supplementaryFrame(_ kind: ElementKind, inSection section: Int) throws(LayoutError)
    -> Rect?
  {
    guard section >= 0, section < sectionCount else {
      throw .sectionOutOfRange(field: "section", section: section, sectionCount: sectionCount)
    }
    let frame: Rect?
    switch kind {
    case .header: frame = headerFrame(section)
    case .footer: frame = footerFrame(section)
    case .item: frame = nil
    }
    guard let frame else { return nil }
    return rules.transposed ? frame.transposed : frame
  }

  /// `(0, sectionTop, B, H)`, `nil` when `H = 0` (working orientation).
  func headerFrame(_ s: Int, top: Double? = nil) -> Rect? {
    let h = pages[firstPage[s]].header
    guard h > 0 else { return nil }
    return Rect(x: 0, y: top ?? self.top(ofSection: s), width: rules.boundsWidth, height: h)
  }

  /// `(0, sectionTop + H + t + linesHeight + b, B, F)`, `nil` when `F = 0`.
  func footerFrame(_ s: Int, top: Double? = nil) -> Rect? {
    let last = firstPage[s + 1] - 1
    return footerFrame(ofPage: last, top: last == firstPage[s] ? top : nil)
  }

  /// The footer of the section page `p` closes (`nil` when it has none or does not close it),
  /// the page's top at `top` (computed when `nil`).
  func footerFrame(ofPage p: Int, top: Double? = nil) -> Rect? {
    // Fields read in place: a copy of the page would retain its columns.
    guard pages[p].closesSection, pages[p].footer > 0 else { return nil }
    let pageTop = top ?? self.top(ofPage: p)
    return withRules(ofPage: p) { rules in
      pages[p].footerFrame(pageTop: pageTop, rules: rules, boundsWidth: self.rules.boundsWidth)
    }
  }
}

extension Page {
  /// `Σ lineHeight + (lines − 1)·L` over the visible lines.
  @inline(__always)
  func linesHeight(rules: LayoutRules) -> Double {
    switch lines {
    case .uniform(let u): return u.linesHeight(lineSpacing: rules.lineSpacing)
    case .table(let t): return t.linesHeight(lineSpacing: rules.lineSpacing)
    case .equalWidth(let e): return e.heights.linesHeight(lineSpacing: rules.lineSpacing)
    case .taken: return 0
    }
  }

}
