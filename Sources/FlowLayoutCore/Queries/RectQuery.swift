import FlowLayoutModel

/// Where a rect query puts the elements it finds, in document order: an array (the plain query)
/// or a presentation that transforms each one as it comes (`PresentedSink`).
protocol ElementSink {
  /// An item that meets the query rect.
  mutating func append(_ element: LayoutElement)
  /// A section's header at its laid-out place, met by the query rect (default: `append`).
  mutating func appendHeader(_ element: LayoutElement)
  /// The footer of section `s` at its laid-out place `frame` (working orientation), given for every
  /// visited page that closes a section with a footer, whether or not it meets `r`. Default:
  /// appended when `frame` meets `r`.
  mutating func appendFooter(
    section s: Int, frame: Rect, transposed: Bool, query r: Rect, of layout: FastFlowLayout)
  /// Whether the query announces each section it visits (`enterSection`, `leaveSection`);
  /// `false` compiles the announcements out.
  static var tracksSections: Bool { get }
  /// Whether the sink keeps an item only by its own test, which never keeps an item missing the
  /// query rect: the query then gives every item of the lines it visits. Default `false`.
  static var testsItems: Bool { get }
  /// Section `s`, whose pages are `pages`, is visited from page `p`, whose top is `pageTop`; the
  /// sections visited are exactly those whose band meets the query.
  mutating func enterSection(
    _ s: Int, pages: Range<Int>, page p: Int, pageTop: Double, of layout: FastFlowLayout)
  /// The section last entered has no more elements in the query; `complete` when the query
  /// visited its last page (else its footer was not given to `appendFooter`).
  mutating func leaveSection(complete: Bool, of layout: FastFlowLayout)
}

extension ElementSink {
  static var tracksSections: Bool { false }
  static var testsItems: Bool { false }
  /// Appends item `item` of section `s` at `frame` (working orientation, given back transposed
  /// when `transposed`).
  ///
  /// - Complexity: O(1) amortized.
  @inline(__always)
  mutating func appendItem(section s: Int, item: Int, frame: Rect, transposed: Bool) {
    append(
      LayoutElement(
        kind: .item, path: ItemPath(section: s, item: item),
        frame: transposed ? frame.transposed : frame))
  }
  @inline(__always)
  mutating func appendHeader(_ element: LayoutElement) { append(element) }
  @inline(__always)
  mutating func appendFooter(
    section s: Int, frame: Rect, transposed: Bool, query r: Rect, of layout: FastFlowLayout
  ) {
    guard frame.intersects(r) else { return }
    append(
      LayoutElement(
        kind: .footer, path: ItemPath(section: s, item: 0),
        frame: transposed ? frame.transposed : frame))
  }
  func enterSection(
    _ s: Int, pages: Range<Int>, page p: Int, pageTop: Double, of layout: FastFlowLayout
  ) {}
  func leaveSection(complete: Bool, of layout: FastFlowLayout) {}
}

extension Array: ElementSink where Element == LayoutElement {}

extension FastFlowLayout {
  /// Every visible element whose frame intersects `rect` (closed), in document order, appended to
  /// `result`; equals a brute-force filter of `frame(ofItemAt:)` and the supplementary frames.
  ///
  /// - Complexity: O(log s + log r + k) for k elements in the visited lines (the results plus at
  ///   most the items of the first and last lines visited). No allocation per element.
  public func elements(in rect: Rect, into result: inout [LayoutElement]) {
    collectElements(in: rect, into: &result)
  }

  /// `elements(in:into:)` into any sink.
  func collectElements<Sink: ElementSink>(in rect: Rect, into result: inout Sink) {
    let r = rules.transposed ? rect.transposed : rect
    let slack = 1e-7 * max(1, abs(r.minY), abs(r.maxY))
    var p = page(reaching: r.minY - slack)
    guard p < pages.count else { return }
    // While every section is one page, page `p` is section `p` and starts at its item 0: no
    // search of the section starts.
    let oneToOne = pagesAreSections
    var s = oneToOne ? p : section(ofPage: p)
    var sectionPages = oneToOne ? p..<(p + 1) : pages(ofSection: s)
    var base = oneToOne ? 0 : firstItem(ofPage: p, inSection: s)
    var entered = -1
    while p < pages.count {
      // One load per level of the page tree (`SummaryTree.prefix`).
      let top = self.top(ofPage: p)
      if top > r.maxY + slack { break }
      if oneToOne {
        if s != p {
          s = p
          sectionPages = p..<(p + 1)
          base = 0
        }
      } else {
        while sectionPages.upperBound <= p {
          s += 1
          sectionPages = sectionPages.upperBound..<firstPage[s + 1]
          base = 0
        }
      }
      if Sink.tracksSections, s != entered {
        if entered >= 0 { result.leaveSection(complete: true, of: self) }
        result.enterSection(s, pages: sectionPages, page: p, pageTop: top, of: self)
        entered = s
      }
      // The page's rules passed in place (not through `withRules`, whose closure copies them).
      if let own = pages[p].ownMetrics {
        appendElements(
          ofPage: p, section: s, firstItem: base, top: top, in: r, slack: slack,
          rules: own.rules, into: &result)
      } else {
        appendElements(
          ofPage: p, section: s, firstItem: base, top: top, in: r, slack: slack, rules: rules,
          into: &result)
      }
      base += pages[p].count
      p += 1
    }
    // The loop stops on a page after the last it visited: within the entered section when
    // that section's last page was not visited.
    if Sink.tracksSections, entered >= 0 {
      result.leaveSection(complete: p >= sectionPages.upperBound, of: self)
    }
  }

  /// Appends page `p`'s header and items (section `s`, the page's item 0 being `firstItem`, its top
  /// at `top`) that intersect `r`, and gives its footer, if it closes the section, to
  /// `result.appendFooter`. The page is read in place (a copy held across an append would retain
  /// every array).
  @inline(never)
  private func appendElements<Sink: ElementSink>(
    ofPage p: Int, section s: Int, firstItem base: Int, top: Double, in r: Rect, slack: Double,
    rules: LayoutRules, into result: inout Sink
  ) {
    // The page read at its place (found once: `PageList.place(_:)`).
    let q = pages.place(p)
    let transposed = rules.transposed
    let boundsWidth = self.rules.boundsWidth
    if pages[place: q].opensSection, pages[place: q].header > 0 {
      let frame = Rect(x: 0, y: top, width: boundsWidth, height: pages[place: q].header)
      if frame.intersects(r) {
        result.appendHeader(
          LayoutElement(
            kind: .header, path: ItemPath(section: s, item: 0),
            frame: transposed ? frame.transposed : frame))
      }
    }
    let linesTop = pages[place: q].linesTop(pageTop: top, rules: rules)
    if pages[place: q].hasLineTable {
      let lineSpacing = rules.lineSpacing
      let lineCount = pages[place: q].visibleLineCount
      // Own sizes at positions stored or added up along the line (not grid columns).
      var ownAtLeadingOrStored = false
      if case .own = rules.sizing {
        if case .grid = rules.placement {} else { ownAtLeadingOrStored = true }
      }
      // A page whose first line's top is at or below the query's top has every line's bottom
      // there too: no search (the search would give line 0).
      let target = r.minY - slack - linesTop
      var k =
        target <= 0
        ? 0 : pages[place: q].tableFirstLine(bottomAtLeast: target, lineSpacing: lineSpacing)
      // (Each line's top from the one before: one addition within a block.)
      var previous: LineTable.LineTop? = nil
      while k < lineCount {
        let line = pages[place: q].tableLine(k, after: previous, lineSpacing: lineSpacing)
        previous = line.top
        let lineTop = linesTop + line.top.top
        if lineTop > r.maxY + slack { break }
        var items = line.items
        if rules.breaking == .noWrap {
          items = pages[place: q].itemsAlongLine(items, within: r, slack: slack)
        }
        // Computed positions are added up along the line as it is walked: O(c) a line.
        let computed = pages[place: q].computesLeadingPositions(rules: rules)
        let lineStart = line.items.lowerBound
        let x =
          !computed || items.isEmpty ? 0
          : items.lowerBound == lineStart ? rules.inset.left
          : pages[place: q].items.x(ofItem: items.lowerBound, lineStart: lineStart, rules: rules)
        if ownAtLeadingOrStored, rules.cross != .center || items.count < 8 {
          // Own sizes at stored or leading positions: one short loop a line, out of line.
          appendOwnSizedItems(
            ofPage: p, items, firstX: computed ? x : nil, lineTop: lineTop,
            lineHeight: line.height, in: r, section: s, firstItem: base, rules: rules,
            into: &result)
        } else {
          appendLineItems(
            ofPage: p, items, lineStart: lineStart, firstX: computed ? x : nil,
            lineTop: lineTop, lineHeight: line.height, in: r, section: s, firstItem: base,
            rules: rules, into: &result)
        }
        k += 1
      }
    } else {
      pages[place: q].appendClosedFormItems(
        section: s, firstItem: base, linesTop: linesTop, in: r, slack: slack, rules: rules,
        into: &result)
    }
    // (Read in place first: `footerFrame` on the page copies the whole page.)
    if pages[place: q].closesSection, pages[place: q].footer > 0,
      let footer = pages[place: q].footerFrame(pageTop: top, rules: rules, boundsWidth: boundsWidth)
    {
      result.appendFooter(section: s, frame: footer, transposed: transposed, query: r, of: self)
    }
  }
}

extension Page {
  /// Whether the lines are a line table (`PageLines.table`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  var hasLineTable: Bool {
    if case .table = lines { return true }
    return false
  }

  /// The first line whose bottom is at least `target`, or the line count.
  ///
  /// - Precondition: `hasLineTable`.
  /// - Complexity: O(log r).
  @inline(__always)
  func tableFirstLine(bottomAtLeast target: Double, lineSpacing: Double) -> Int {
    guard case .table(let t) = lines else { return 0 }
    return t.firstLine(bottomAtLeast: target, lineSpacing: lineSpacing)
  }

  /// Line `k` of the table: its top (from `previous` when that is the line before), items and
  /// height.
  ///
  /// - Precondition: `hasLineTable`, `0 ≤ k < visibleLineCount`; `previous` from this page.
  /// - Complexity: O(1) after the line before in its block, else O(log r).
  @inline(__always)
  func tableLine(_ k: Int, after previous: LineTable.LineTop?, lineSpacing: Double) -> (
    top: LineTable.LineTop, items: Range<Int>, height: Double
  ) {
    guard case .table(let t) = lines else {
      return (LineTable.LineTop(line: k, blockTop: 0, inBlock: 0), 0..<0, 0)
    }
    return (
      t.lineTop(k, after: previous, lineSpacing: lineSpacing), t.range(ofLine: k), t.heights[k]
    )
  }

  /// Appends the items of a page whose lines are the closed form or equal-width lines that
  /// intersect `r` (working orientation), the page's first line top at `linesTop`.
  ///
  /// - Complexity: O(k) for k items in the lines visited (O(log r) more for equal-width lines).
  func appendClosedFormItems<Sink: ElementSink>(
    section s: Int, firstItem base: Int, linesTop: Double, in r: Rect, slack: Double,
    rules: LayoutRules, into result: inout Sink
  ) {
    let transposed = rules.transposed
    @inline(__always) func emit(_ item: Int, _ frame: Rect) {
      result.appendItem(section: s, item: base + item, frame: frame, transposed: transposed)
    }
    switch lines {
    case .uniform(let u):
      let step = u.lineHeight + rules.lineSpacing
      var k = 0
      if step > 0 {
        let estimate = ((r.minY - slack - linesTop - u.lineHeight) / step).rounded(.down) - 1
        k = Int(min(max(estimate, 0), Double(u.visibleLines)))
      }
      let end = u.visibleEnd(count: count)
      while k < u.visibleLines {
        let lineTop = linesTop + u.top(ofLine: k, lineSpacing: rules.lineSpacing)
        if lineTop > r.maxY + slack { break }
        let first = k * u.perLine
        for j in first..<min(first + u.perLine, end) {
          let frame = items.frame(
            ofItem: j, x: u.x(ofItem: j), lineTop: lineTop, lineHeight: u.lineHeight, rules: rules)
          if Sink.testsItems || frame.intersects(r) { emit(j, frame) }
        }
        k += 1
      }
    case .equalWidth(let e):
      let spacing = rules.lineSpacing
      let lineCount = e.heights.lineCount
      var k = e.heights.firstLine(bottomAtLeast: r.minY - slack - linesTop, lineSpacing: spacing)
      var lineTop = k < lineCount ? linesTop + e.heights.top(ofLine: k, lineSpacing: spacing) : 0
      while k < lineCount {
        if lineTop > r.maxY + slack { break }
        let lineHeight = e.heights.lineHeight(k)
        let first = k * e.perLine
        for j in first..<min(first + e.perLine, e.count) {
          let frame = Self.frame(
            width: e.width, height: e.heights.height(ofItem: j), x: e.positions.x(ofItem: j),
            lineTop: lineTop, lineHeight: lineHeight, cross: rules.cross)
          if Sink.testsItems || frame.intersects(r) { emit(j, frame) }
        }
        lineTop += lineHeight + spacing
        k += 1
      }
    case .table, .taken:
      break
    }
  }

  /// The items of a leading-aligned line that can reach `r` along the line: the first by a
  /// galloping search from the line's start, the last by a walk.
  ///
  /// - Complexity: O(log d + m) for m items returned, d items before the first of them.
  @inline(__always)
  func itemsAlongLine(_ line: Range<Int>, within r: Rect, slack: Double) -> Range<Int> {
    let xs = items.xs
    let ws = items.widths
    var lo = line.lowerBound
    var hi = line.upperBound
    let minX = r.minX - slack
    if lo < hi, xs[lo] + ws[lo] < minX {
      // `lo` ends before `r`: gallop to a probe that does not, or to the line's end.
      var step = 1
      while lo + step < hi {
        let probe = lo + step
        if xs[probe] + ws[probe] < minX {
          lo = probe
          step <<= 1
        } else {
          hi = probe
          break
        }
      }
      lo = FastFlowLayout.firstRank(from: lo + 1, to: hi) { xs[$0] + ws[$0] >= minX }
    }
    let first = lo
    let maxX = r.maxX + slack
    while lo < line.upperBound, xs[lo] <= maxX { lo += 1 }
    return first..<lo
  }
}

extension FastFlowLayout {
  /// Appends the items `range` of one line of page `p` (starting at `lineStart`) whose frames meet
  /// `r` (every one when the sink tests its items), item `j` being item `base + j` of section `s`;
  /// positions added up from `firstX` when given, else read. Out of line.
  ///
  /// - Complexity: O(k) for the k items of `range`.
  @inline(never)
  fileprivate func appendLineItems<Sink: ElementSink>(
    ofPage p: Int, _ items: Range<Int>, lineStart: Int, firstX: Double?, lineTop: Double,
    lineHeight: Double, in r: Rect, section s: Int, firstItem base: Int,
    rules: LayoutRules, into result: inout Sink
  ) {
    // The page read at its place (found once: `PageList.place(_:)`).
    let q = pages.place(p)
    let transposed = rules.transposed
    @inline(__always) func emit(_ item: Int, _ frame: Rect) {
      result.appendItem(section: s, item: base + item, frame: frame, transposed: transposed)
    }
    let computed = firstX != nil
    var x = firstX ?? 0
    if rules.cross == .center, items.count >= 8, case .own = rules.sizing {
      // Long centered lines: the y of every item by the SIMD kernel, then the same frames.
      pages[place: q].items.withCenteredOffsets(
        items, lineTop: lineTop, lineHeight: lineHeight, kernels: kernels
      ) { ys in
        for j in items {
          let frame = Rect(
            x: computed
              ? x : pages[place: q].items.x(ofItem: j, lineStart: lineStart, rules: rules),
            y: ys[j - items.lowerBound],
            width: pages[place: q].items.widths[j], height: pages[place: q].items.heights[j])
          if computed { x = x + pages[place: q].items.widths[j] + rules.interitem }
          if Sink.testsItems || frame.intersects(r) { emit(j, frame) }
        }
      }
    } else {
      for j in items {
        let frame = pages[place: q].items.frame(
          ofItem: j,
          x: computed
            ? x : pages[place: q].items.x(ofItem: j, lineStart: lineStart, rules: rules),
          lineTop: lineTop, lineHeight: lineHeight, rules: rules)
        if computed { x = x + pages[place: q].items.widths[j] + rules.interitem }
        if Sink.testsItems || frame.intersects(r) { emit(j, frame) }
      }
    }
  }

  /// As `appendLineItems`, for own sizes (`rules.sizing` is `.own`); positions stored (`firstX`
  /// `nil`) or added up from `firstX`. Out of line and short: the loop keeps its state in
  /// registers.
  ///
  /// - Precondition: `range` is within the page's items; positions are stored when `firstX` is
  ///   `nil`.
  /// - Complexity: O(k) for the k items of `range`.
  @inline(never)
  fileprivate func appendOwnSizedItems<Sink: ElementSink>(
    ofPage p: Int, _ range: Range<Int>, firstX: Double?, lineTop: Double, lineHeight: Double,
    in r: Rect, section s: Int, firstItem base: Int, rules: borrowing LayoutRules,
    into result: inout Sink
  ) {
    // The page read at its place (found once: `PageList.place(_:)`).
    let q = pages.place(p)
    let transposed = rules.transposed
    let interitem = rules.interitem
    let cross = rules.cross
    var x = firstX ?? 0
    for j in range {
      // Short reads of the page in place (a copy of its columns would be retained).
      let w = pages[place: q].items.widths[j]
      let frame = Page.frame(
        width: w, height: pages[place: q].items.heights[j],
        x: firstX == nil ? pages[place: q].items.xs[j] : x,
        lineTop: lineTop, lineHeight: lineHeight, cross: cross)
      x = x + w + interitem
      if Sink.testsItems || frame.intersects(r) {
        result.appendItem(section: s, item: base + j, frame: frame, transposed: transposed)
      }
    }
  }
}
