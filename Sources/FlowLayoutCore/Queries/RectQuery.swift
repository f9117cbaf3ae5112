import FlowLayoutModel

/// Where a rect query puts the elements it finds, in document order: an array of them (the plain
/// query), or a presentation that transforms each one as it comes (`PresentedSink`), so that a
/// presented query does not copy the plain answer.
protocol ElementSink {
  mutating func append(_ element: LayoutElement)
  /// Whether the query announces each section it visits (`enterSection`, `leaveSection`);
  /// `false` compiles the announcements out.
  static var tracksSections: Bool { get }
  /// Section `s` is visited from page `p`, whose top is `pageTop` (working orientation); the
  /// sections visited are exactly those whose band along the stacking axis meets the query.
  mutating func enterSection(_ s: Int, page p: Int, pageTop: Double, of layout: FastFlowLayout)
  /// The section last entered has no more elements in the query.
  mutating func leaveSection()
}

extension ElementSink {
  static var tracksSections: Bool { false }
  func enterSection(_ s: Int, page p: Int, pageTop: Double, of layout: FastFlowLayout) {}
  func leaveSection() {}
}

extension Array: ElementSink where Element == LayoutElement {}

extension FastFlowLayout {
  /// Every visible element whose frame intersects `rect` (closed), in document order, appended
  /// to `result` (no allocation per element; reuse `result` across calls).
  ///
  /// Sections, then lines, are found by a descent of their offset trees to the first one whose
  /// bottom reaches `rect`; lines are then walked while their top is inside it. Each element is
  /// kept by the exact closed intersection test on its frame, so the answer equals a brute-force
  /// filter of `frame(ofItemAt:)` and the supplementary frames.
  ///
  /// - Complexity: O(log s + log r + k) for k elements in the visited lines (k = results plus
  ///   at most the items of the first and last lines visited).
  public func elements(in rect: Rect, into result: inout [LayoutElement]) {
    collectElements(in: rect, into: &result)
  }

  /// `elements(in:into:)` into any sink.
  func collectElements<Sink: ElementSink>(in rect: Rect, into result: inout Sink) {
    let r = rules.transposed ? rect.transposed : rect
    let slack = 1e-7 * max(1, abs(r.minY), abs(r.maxY))
    var p = pages.index(ofSlot: pageOffsets.firstIndex(inclusivePrefixAtLeast: r.minY - slack))
    guard p < pages.count else { return }
    var s = section(ofPage: p)
    var base = firstItem(ofPage: p, inSection: s)
    var entered = -1
    while p < pages.count {
      let top = top(ofPage: p)
      if top > r.maxY + slack { break }
      while firstPage[s + 1] <= p {
        s += 1
        base = 0
      }
      if Sink.tracksSections, s != entered {
        if entered >= 0 { result.leaveSection() }
        result.enterSection(s, page: p, pageTop: top, of: self)
        entered = s
      }
      appendElements(ofPage: p, section: s, firstItem: base, top: top, in: r, slack: slack, into: &result)
      base += pages[p].count
      p += 1
    }
    if Sink.tracksSections, entered >= 0 { result.leaveSection() }
  }

  /// Appends page `p`'s header, items and footer (those of its section `s`, whose item
  /// `firstItem` is the page's item 0) that intersect `r` (working orientation).
  func appendElements<Sink: ElementSink>(
    ofPage p: Int, section s: Int, firstItem base: Int, top pageTop: Double, in r: Rect,
    slack: Double, into result: inout Sink
  ) {
    withRules(ofPage: p) { rules in
      appendElements(
        ofPage: p, section: s, firstItem: base, top: pageTop, in: r, slack: slack, rules: rules,
        into: &result)
    }
  }

  /// `appendElements(ofPage:…)` under `rules` (the page's).
  private func appendElements<Sink: ElementSink>(
    ofPage p: Int, section s: Int, firstItem base: Int, top pageTop: Double, in r: Rect,
    slack: Double, rules: LayoutRules, into result: inout Sink
  ) {
    let transposed = rules.transposed
    @inline(__always) func emit(_ kind: ElementKind, _ item: Int, _ frame: Rect) {
      result.append(
        LayoutElement(
          kind: kind, path: ItemPath(section: s, item: kind == .item ? base + item : 0),
          frame: transposed ? frame.transposed : frame))
    }
    let top = pageTop
    let section = pages[p]
    if section.opensSection, let header = headerFrame(s, top: top), header.intersects(r) {
      emit(.header, 0, header)
    }
    let linesTop = linesTop(ofPage: p, top: top)
    switch section.lines {
    case .uniform(let u):
      let step = u.lineHeight + rules.lineSpacing
      var k = 0
      if step > 0 {
        let estimate = ((r.minY - slack - linesTop - u.lineHeight) / step).rounded(.down) - 1
        k = Int(min(max(estimate, 0), Double(u.visibleLines)))
      }
      let end = u.visibleEnd(count: section.count)
      while k < u.visibleLines {
        let lineTop = linesTop + u.top(ofLine: k, lineSpacing: rules.lineSpacing)
        if lineTop > r.maxY + slack { break }
        let first = k * u.perLine
        for j in first..<min(first + u.perLine, end) {
          let frame = section.frame(
            ofItem: j, x: u.x(ofItem: j), lineTop: lineTop, lineHeight: u.lineHeight, rules: rules)
          if frame.intersects(r) { emit(.item, j, frame) }
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
          let frame = SectionLayout.frame(
            width: e.width, height: e.heights.height(ofItem: j), x: e.positions.x(ofItem: j),
            lineTop: lineTop, lineHeight: lineHeight, rules: rules)
          if frame.intersects(r) { emit(.item, j, frame) }
        }
        lineTop += lineHeight + spacing
        k += 1
      }
    case .table(let t):
      var k = t.firstLine(bottomAtLeast: r.minY - slack - linesTop, lineSpacing: rules.lineSpacing)
      while k < t.lineCount {
        let lineTop = linesTop + t.top(ofLine: k, lineSpacing: rules.lineSpacing)
        if lineTop > r.maxY + slack { break }
        var items = t.range(ofLine: k)
        if rules.breaking == .noWrap {
          items = section.itemsAlongLine(items, within: r, slack: slack)
        }
        if rules.cross == .center, items.count >= 8, case .own = rules.sizing {
          // Long centered lines: the y of every item by the SIMD kernel, then the same frames.
          let lineHeight = t.heights[k]
          section.items.withCenteredOffsets(
            items, lineTop: lineTop, lineHeight: lineHeight, kernels: kernels
          ) { ys in
            for j in items {
              let frame = Rect(
                x: section.x(ofItem: j, lineStart: t.starts[k], rules: rules),
                y: ys[j - items.lowerBound],
                width: section.items.widths[j], height: section.items.heights[j])
              if frame.intersects(r) { emit(.item, j, frame) }
            }
          }
        } else {
          for j in items {
            let frame = section.frame(
              ofItem: j, x: section.x(ofItem: j, lineStart: t.starts[k], rules: rules),
              lineTop: lineTop, lineHeight: t.heights[k], rules: rules)
            if frame.intersects(r) { emit(.item, j, frame) }
          }
        }
        k += 1
      }
    }
    if let footer = footerFrame(ofPage: p, top: top), footer.intersects(r) {
      emit(.footer, 0, footer)
    }
  }
}

extension SectionLayout {
  /// The items of a leading-aligned line (positions and right edges non-decreasing) that can
  /// reach `r` along the line, by two binary searches.
  ///
  /// - Complexity: O(log k).
  func itemsAlongLine(_ line: Range<Int>, within r: Rect, slack: Double) -> Range<Int> {
    let xs = items.xs
    let ws = items.widths
    var lo = line.lowerBound
    var hi = line.upperBound
    while lo < hi {
      let mid = (lo + hi) >> 1
      if xs[mid] + ws[mid] < r.minX - slack { lo = mid + 1 } else { hi = mid }
    }
    let first = lo
    hi = line.upperBound
    while lo < hi {
      let mid = (lo + hi) >> 1
      if xs[mid] <= r.maxX + slack { lo = mid + 1 } else { hi = mid }
    }
    return first..<lo
  }
}
