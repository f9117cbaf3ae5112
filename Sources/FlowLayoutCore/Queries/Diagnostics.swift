import FlowLayoutModel

/// The sections whose items a whole-layout diagnostic can name (`hiddenItems`,
/// `overflowingItems`), kept through batches once asked for (`FastFlowLayout.keepDiagnostics()`):
/// an entry per section, ascending, that has *wide* items (wider than its line: the only items
/// that can overflow) or hides items; none for the others.
struct DiagnosticSections: Sendable, Equatable {
  /// A section with wide items or hidden ones.
  struct Entry: Sendable, Equatable {
    var section: Int
    var wide: ItemIndexSet
    var hides: Bool
  }
  /// The entries, by ascending section.
  var entries: [Entry] = []
  /// At least every item's own width (working orientation) under `.own` sizing, so that a width
  /// change that leaves every item within its line needs no pass over the items.
  var widestBound = 0.0
  /// Whether some section was read with its own metrics (its line length then differs).
  var sectionsHaveOwnMetrics = false

  /// The entry of section `s`, or where it would go.
  ///
  /// - Complexity: O(log E) for E entries.
  func position(of s: Int) -> (index: Int, found: Bool) {
    let k = FastFlowLayout.countLess(than: s, in: entries.lazy.map(\.section))
    return (k, k < entries.count && entries[k].section == s)
  }

  /// The wide items of section `s`.
  func wideItems(ofSection s: Int) -> ItemIndexSet {
    let (k, found) = position(of: s)
    return found ? entries[k].wide : ItemIndexSet()
  }

  /// Applies `body` to section `s`'s entry (created empty when missing; removed when left
  /// empty).
  ///
  /// - Complexity: O(log E) plus `body`, O(E) when an entry is created or removed.
  mutating func update(_ s: Int, _ body: (inout ItemIndexSet, inout Bool) -> Void) {
    let (k, found) = position(of: s)
    var entry = found ? entries[k] : Entry(section: s, wide: ItemIndexSet(), hides: false)
    if found { entries[k].wide = ItemIndexSet() }  // `entry.wide` uniquely referenced
    body(&entry.wide, &entry.hides)
    let empty = entry.wide.isEmpty && !entry.hides
    switch (found, empty) {
    case (true, true): entries.remove(at: k)
    case (true, false): entries[k] = entry
    case (false, false): entries.insert(entry, at: k)
    case (false, true): break
    }
  }

  /// Every entry's section renumbered by `newSection` (`nil`: the entry leaves), in order.
  ///
  /// - Complexity: O(E log E).
  mutating func renumber(_ newSection: (Int) -> Int?) {
    entries = entries.compactMap { entry in
      newSection(entry.section).map { Entry(section: $0, wide: entry.wide, hides: entry.hides) }
    }
    entries.sort { $0.section < $1.section }
  }
}

extension FastFlowLayout {
  /// From now on keeps what `hiddenItems` and `overflowingItems` read current through every
  /// batch: each answer then costs O(E + w log n + h) for the E sections with wide or hidden items,
  /// the w wide items and the h hidden ones; a batch O(e log n + E) more (O(m) for the m items of
  /// inserted sections; O(n) for one that lays everything out again).
  ///
  /// - Complexity: O(s + n) once (O(s) when no item can overflow).
  public mutating func keepDiagnostics() {
    guard diagnostics == nil else { return }
    diagnostics = foundDiagnostics(after: nil)
  }

  /// Whether `keepDiagnostics()` was called.
  public var keepsDiagnostics: Bool { diagnostics != nil }

  /// `DiagnosticSections` from the pages, or from `previous` (kept for the same items) alone when
  /// every item stays within its line and nothing hides.
  ///
  /// - Complexity: O(1) from `previous`; else O(s), plus O(n) when an item can overflow.
  func foundDiagnostics(after previous: DiagnosticSections?) -> DiagnosticSections {
    var found = DiagnosticSections()
    let limited = rules.lineLimit < Int.max
    guard rules.canOverflow || limited else { return found }
    if let previous, !limited, !previous.sectionsHaveOwnMetrics {
      found.widestBound = previous.widestBound
      switch rules.sizing {
      case .own where previous.widestBound <= rules.available + rules.epsilon: return found
      case .fixed(let size) where size.width <= rules.available + rules.epsilon: return found
      default: break
      }
    }
    found.widestBound = 0
    for s in 0..<sectionCount {
      let wide = wideItems(inSection: s, noting: &found)
      let hides = limited && sectionHides(s)
      if !wide.isEmpty || hides {
        found.entries.append(DiagnosticSections.Entry(section: s, wide: wide, hides: hides))
      }
    }
    return found
  }

  /// Whether an item `width` wide (working orientation, as laid out) is wider than the line
  /// under `rules`.
  @inline(__always)
  static func isWide(_ width: Double, rules: borrowing LayoutRules) -> Bool {
    width > wideLimit(rules: rules)
  }

  /// The width (working orientation) past which an item is wider than the line under `rules`:
  /// +∞ when none can be, −∞ when every one is (a fixed size wider than the line).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  static func wideLimit(rules: borrowing LayoutRules) -> Double {
    guard rules.canOverflow else { return .infinity }
    switch rules.sizing {
    case .own: return rules.available + rules.epsilon
    case .fixed(let size):
      return size.width > rules.available + rules.epsilon ? -.infinity : .infinity
    default: return .infinity
    }
  }

  /// Whether item `j` of section `s` is wide, and its width (working orientation).
  ///
  /// - Complexity: O(log p).
  func isWide(item j: Int, inSection s: Int) -> (wide: Bool, width: Double) {
    let (p, i) = page(holdingItem: j, inSection: s)
    let width = pages[p].size(ofItem: i).width
    return (withRules(ofPage: p) { Self.isWide(width, rules: $0) }, width)
  }

  /// The wide items of section `s` (none when the layout's rules let no item overflow); raises
  /// `kept.widestBound` to its widest item's width (`.own` sizing) and sets
  /// `kept.sectionsHaveOwnMetrics` when it has its own metrics.
  ///
  /// - Complexity: O(m) for its m items, O(pages) when its items have one width; O(1) when none
  ///   can overflow.
  func wideItems(inSection s: Int, noting kept: inout DiagnosticSections) -> ItemIndexSet {
    guard rules.canOverflow else { return ItemIndexSet() }
    var widest = kept.widestBound
    var indices: [Int] = []
    var all = ItemIndexSet()
    var base = 0
    for p in pages(ofSection: s) {
      let count = pages[p].count
      defer { base += count }
      let (canOverflow, limit, sizing) = withRules(ofPage: p) {
        ($0.canOverflow, $0.available + $0.epsilon, $0.sizing)
      }
      // Noted for empty pages too: an item inserted later is laid out under their metrics,
      // which a width change must not judge by the layout's.
      if pages[p].ownMetrics != nil { kept.sectionsHaveOwnMetrics = true }
      guard canOverflow, count > 0 else { continue }
      switch sizing {
      case .fixed(let size):
        if size.width > limit { all.formUnion(ItemIndexSet(base..<(base + count))) }
      case .own:
        if case .equalWidth(let e) = pages[p].lines, !e.heights.keepsWidths {
          widest = max(widest, e.width)
          if e.width > limit { all.formUnion(ItemIndexSet(base..<(base + count))) }
        } else if pages[p].readsSizesFromColumns {
          pages[p].items.withSizes { widths, _ in
            // The page's widest item first (SIMD): most pages have no wide item.
            let pageWidest = LineMaxKernel.maximum(widths, widths.indices, using: kernels)
            widest = max(widest, pageWidest)
            guard pageWidest > limit else { return }
            for i in widths.indices where widths[i] > limit { indices.append(base + i) }
          }
        } else {
          for i in 0..<count {
            let width = pages[p].size(ofItem: i).width
            widest = max(widest, width)
            if width > limit { indices.append(base + i) }
          }
        }
      default: continue
      }
    }
    if !indices.isEmpty { all.formUnion(ItemIndexSet(ascending: indices)) }
    kept.widestBound = widest
    return all
  }

  /// Whether section `s` hides items (one page past its line limit; paged sections have none).
  ///
  /// - Complexity: O(1).
  func sectionHides(_ s: Int) -> Bool {
    let p = firstPage[s]
    return firstPage[s + 1] - p == 1 && pages[p].visibleEnd < pages[p].count
  }

  /// Carries the kept diagnostics (`kept`, taken out before the batch) through `update`, just
  /// applied; found again when the batch laid everything out again (`relaidOut`). `built` is
  /// `BatchPathMap(update)` when the caller has it.
  ///
  /// - Complexity: O(e log e + (e + E) log n) for e edits and E entries, plus O(m) for the m items
  ///   of inserted sections; when `relaidOut`, what `foundDiagnostics(after:)` costs.
  mutating func carryDiagnostics(
    _ kept: consuming DiagnosticSections, through update: BatchUpdate, relaidOut: Bool,
    map built: BatchPathMap? = nil
  ) {
    guard !relaidOut else {
      let sameItems =
        (update.insertItemCount == 0) && update.resizeItems.isEmpty && update.moveItems.isEmpty
        && update.insertSections.isEmpty
      diagnostics = foundDiagnostics(after: sameItems ? kept : nil)
      return
    }
    var kept = kept
    if kept.entries.isEmpty, rules.lineLimit == Int.max, update.resizeItems.isEmpty,
      update.moveItems.isEmpty, update.insertSections.isEmpty, update.deleteSections.isEmpty,
      update.moveSections.isEmpty
    {
      // No entry to renumber and nothing hidden: only the inserted items are decided (a
      // large filter or restore builds no path map).
      decideInsertedItems(of: update, into: &kept)
      diagnostics = kept
      return
    }
    let map = built ?? BatchPathMap(update)
    if built == nil { scratch.pathMapsBuilt += 1 }
    // Before the batch's indices: resized items' state re-decided below, the leaving items'
    // gaps closed.
    for r in update.resizeItems { kept.update(r.at.section) { wide, _ in wide.remove(r.at.item) } }
    for o in map.oldSectionsLosingItems {
      let leaving = map.itemsLeaving(oldSection: o)
      kept.update(o) { wide, _ in wide = wide.closingGaps(at: leaving) }
    }
    if !(update.deleteSections.isEmpty && update.insertSections.isEmpty
      && update.moveSections.isEmpty)
    {
      kept.renumber { map.newSection(ofOldSection: $0) }
    }
    // After it: entering items' gaps opened, then every inserted, moved or resized item's state
    // decided by its size as laid out (a moved item may enter a section of other metrics).
    var touched = Set<Int>()
    for n in map.newSectionsGainingItems {
      let entering = map.itemsEntering(newSection: n)
      kept.update(n) { wide, _ in wide = wide.openingGaps(at: entering) }
      touched.insert(n)
    }
    decideInsertedItems(of: update, into: &kept)
    var decided: [ItemPath] = update.moveItems.map(\.to)
    for r in update.resizeItems {
      if let path = map.path(after: r.at) {
        decided.append(path)
        touched.insert(path.section)
      }
    }
    for o in map.oldSectionsLosingItems {
      if let n = map.newSection(ofOldSection: o) { touched.insert(n) }
    }
    for path in decided {
      let (wide, width) = isWide(item: path.item, inSection: path.section)
      kept.widestBound = max(kept.widestBound, width)
      if wide { kept.update(path.section) { wide, _ in wide.insert(path.item) } }
    }
    for insertion in update.insertSections {
      let wide = wideItems(inSection: insertion.at, noting: &kept)
      kept.update(insertion.at) { set, _ in set = wide }
      touched.insert(insertion.at)
    }
    if rules.lineLimit < Int.max {
      for n in touched {
        let hides = sectionHides(n)
        kept.update(n) { _, hiding in hiding = hides }
      }
    }
    diagnostics = kept
  }

  /// Adds `update`'s inserted items that are wide to `kept` (new indices) and raises its widest
  /// bound; their widths read from the batch.
  ///
  /// - Complexity: O(e) for e insertions, plus O(E) per wide one.
  private func decideInsertedItems(of update: BatchUpdate, into kept: inout DiagnosticSections) {
    let transposed = rules.transposed
    if let packed = update.packedInsertions {
      // Packed: one section's, its line read once; the sizes read as sent.
      guard packed.count > 0 else { return }
      let limit = withRules(ofPage: firstPage[packed.section]) { Self.wideLimit(rules: $0) }
      // The widest inserted item (lengths ≥ 0: the largest bit pattern is the largest).
      let largest = Double(
        bitPattern: transposed ? packed.largestBits.height : packed.largestBits.width)
      guard largest > limit else {
        kept.widestBound = max(kept.widestBound, largest)
        return
      }
      var widest = kept.widestBound
      var wideItems: [Int] = []
      packed.forEach { _, item, size in
        let width = transposed ? size.height : size.width
        widest = max(widest, width)
        if width > limit { wideItems.append(item) }
      }
      kept.widestBound = widest
      if !wideItems.isEmpty {
        kept.update(packed.section) { wide, _ in for item in wideItems { wide.insert(item) } }
      }
      return
    }
    var section = -1
    var limit = Double.infinity
    for insertion in update.insertItems {
      let width = transposed ? insertion.size.height : insertion.size.width
      kept.widestBound = max(kept.widestBound, width)
      let path = insertion.at
      if path.section != section {
        section = path.section
        limit = withRules(ofPage: firstPage[section]) { Self.wideLimit(rules: $0) }
      }
      if width > limit { kept.update(path.section) { wide, _ in wide.insert(path.item) } }
    }
  }

  /// Items that exist but are not laid out (`numberOfRows`, Horizontal Fit), in document order.
  ///
  /// - Complexity: O(1) without a line limit; else O(E + h) for h hidden items when kept
  ///   (`keepDiagnostics()`), O(s + h) otherwise.
  public var hiddenItems: [ItemPath] {
    guard rules.lineLimit < Int.max else { return [] }
    var result: [ItemPath] = []
    func appendHidden(_ s: Int) {
      let section = pages[firstPage[s]]
      for j in section.visibleEnd..<section.count { result.append(ItemPath(section: s, item: j)) }
    }
    if let kept = diagnostics {
      for entry in kept.entries where entry.hides { appendHidden(entry.section) }
      return result
    }
    // Paged sections hide nothing (no line limit): their pages are not read.
    for s in 0..<sectionCount where sectionHides(s) { appendHidden(s) }
    return result
  }

  /// Items wider than the line they sit alone on, in document order.
  ///
  /// - Complexity: O(E + w log n) for the w wide items when kept (`keepDiagnostics()`); O(p log p
  ///   + r) otherwise, over the p pages and their visible lines.
  public var overflowingItems: [ItemPath] {
    var probes = 0
    return overflowingItems(probes: &probes)
  }

  /// `overflowingItems`, counting in `probes` the items (kept) or pages (otherwise) read.
  func overflowingItems(probes: inout Int) -> [ItemPath] {
    guard rules.canOverflow else { return [] }
    var result: [ItemPath] = []
    if let kept = diagnostics {
      for entry in kept.entries {
        let s = entry.section
        for range in entry.wide.ranges {
          for j in range {
            probes += 1
            let (p, i) = page(holdingItem: j, inSection: s)
            let overflows =
              i < pages[p].visibleEnd && withRules(ofPage: p) { pages[p].overflows(i, rules: $0) }
            if overflows { result.append(ItemPath(section: s, item: j)) }
          }
        }
      }
      return result
    }
    for p in pages.indices {
      probes += 1
      let section = pages[p]
      let rules = section.rules(self.rules)
      let limit = rules.available + rules.epsilon
      let s = self.section(ofPage: p)
      let base = firstItem(ofPage: p, inSection: s)
      switch section.lines {
      case .uniform(let u):
        if u.perLine == 1, u.itemSize.width > limit {
          for j in 0..<section.visibleEnd { result.append(ItemPath(section: s, item: base + j)) }
        }
      case .equalWidth(let e):
        if e.perLine == 1, e.width > limit {
          for j in 0..<section.visibleEnd { result.append(ItemPath(section: s, item: base + j)) }
        }
      case .table(let t):
        for k in 0..<t.lineCount where t.range(ofLine: k).count == 1 {
          let j = t.start(ofLine: k)
          if section.items.widths[j] > limit {
            result.append(ItemPath(section: s, item: base + j))
          }
        }
      case .taken: break
      }
    }
    return result
  }

  /// - Complexity: O(1).
  public var numberOfSections: Int { sectionCount }

  /// - Complexity: O(1).
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  public func numberOfItems(inSection section: Int) throws(LayoutError) -> Int {
    try checkSection(section)
    return itemCounts[section]
  }

  /// - Complexity: O(1).
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  public func showsSeeAll(inSection section: Int) throws(LayoutError) -> Bool {
    try checkSection(section)
    return pages[firstPage[section]].showsSeeAll
  }

  private func checkSection(_ section: Int) throws(LayoutError) {
    guard section >= 0, section < sectionCount else {
      throw .sectionOutOfRange(field: "section", section: section, sectionCount: sectionCount)
    }
  }
}

extension BatchUpdate {
  /// Whether the batch edits sections only (no item edit, no bounds or options change).
  var editsSectionsOnly: Bool {
    deleteItemCount == 0 && insertItemCount == 0 && moveItems.isEmpty && resizeItems.isEmpty
      && measureItems.isEmpty && setWidth == nil && setHeight == nil && setWidthClass == nil
  }
}

extension Page {
  /// Whether `size(ofItem:)` reads the item columns (not equal-width lines or a closed form's
  /// kept sizes).
  var readsSizesFromColumns: Bool {
    switch lines {
    case .table, .taken: return true
    case .uniform(let u): return u.keptSizes == nil
    case .equalWidth: return false
    }
  }
}

extension Page {
  /// Whether item `j` (visible) overflows: wide (`FastFlowLayout.isWide`) and alone on its
  /// line.
  func overflows(_ j: Int, rules: LayoutRules) -> Bool {
    let width = rules.sizing == .own ? size(ofItem: j).width : 0  // (else not read)
    guard FastFlowLayout.isWide(width, rules: rules) else { return false }
    switch lines {
    case .uniform(let u): return u.perLine == 1
    case .equalWidth(let e): return e.perLine == 1
    case .table(let t):
      return t.range(ofLine: t.line(containing: j)).count == 1
    case .taken: return false
    }
  }
}
