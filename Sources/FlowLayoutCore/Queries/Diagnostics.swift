import FlowLayoutModel

extension FastFlowLayout {
  /// Items that exist but are not laid out (`numberOfRows`, Horizontal Fit), in document order.
  ///
  /// - Complexity: O(s + h) for h hidden items.
  public var hiddenItems: [ItemPath] {
    var result: [ItemPath] = []
    for s in 0..<sectionCount {
      // Paged sections hide nothing (no line limit): their pages are not read.
      let p = firstPage[s]
      guard firstPage[s + 1] - p == 1 else { continue }
      let section = pages[p]
      for j in section.visibleEnd..<section.count { result.append(ItemPath(section: s, item: j)) }
    }
    return result
  }

  /// Items wider than the line they sit alone on, in document order.
  ///
  /// - Complexity: O(p log p + r) over the p pages and their visible lines (O(v) for v visible items of a closed-form
  ///   section whose items overflow).
  public var overflowingItems: [ItemPath] {
    guard rules.canOverflow else { return [] }
    var result: [ItemPath] = []
    for p in pages.indices {
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
}
