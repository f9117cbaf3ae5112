// Placing the lines an edit re-broke (`catchUpLines`, the page repair): their items' positions
// along the line, and the last two lines, whose alignment depends on being last.

extension Page {
  /// The lines to place again beside the re-broken ones: the last two of `lineCount`, or none in a
  /// page that does not close its section under paged rules (`isPaged(under:)`).
  ///
  /// - Complexity: O(1).
  func lastLinesToPlace(lineCount m: Int, rules: LayoutRules) -> Range<Int> {
    closesSection || !Self.isPaged(under: rules) ? max(m - 2, 0)..<m : m..<m
  }

  /// Places the items of the given lines (ranges of line indices, clamped; `ranges` sorted and
  /// merged in place). Computed leading positions stay so while every line holds at most
  /// `Page.computedLineLimit` items; a longer line stores every position, once.
  ///
  /// - Complexity: O(k + g²) for the k items of those lines and g ranges; O(g) when the positions
  ///   are computed.
  mutating func place(
    lines ranges: inout [Range<Int>], of table: LineTable, rules: LayoutRules,
    counters: inout WorkCounters
  ) {
    // Computed on demand: grid columns, and leading positions not stored.
    if case .grid = rules.placement { return }
    let m = table.lineCount
    if computesLeadingPositions(rules: rules) {
      for range in ranges {
        for k in min(range.lowerBound, m)..<min(range.upperBound, m) {
          guard let long = storePositionsForLongLine(k, of: table, rules: rules) else { continue }
          counters.itemsPositioned += long
          return
        }
      }
      return
    }
    // Clamp, then sort by lower bound (insertion sort: the ranges arrive nearly sorted).
    for i in ranges.indices {
      ranges[i] = min(ranges[i].lowerBound, m)..<min(ranges[i].upperBound, m)
      var j = i
      while j > 0, ranges[j - 1].lowerBound > ranges[j].lowerBound {
        ranges.swapAt(j - 1, j)
        j -= 1
      }
    }
    var positioned = 0
    let n = count
    let sameSize = self.sameSize
    let closes = closesSection
    items.withPlacement { ws, _, xs in
      var placedEnd = 0  // lines before this are placed
      for range in ranges where !range.isEmpty {
        for k in max(range.lowerBound, placedEnd)..<max(range.upperBound, placedEnd) {
          let r = table.range(ofLine: k)
          LinePlacing.place(
            ws, r, into: xs, at: r.lowerBound, rules: rules,
            context: Self.context(
              ofLine: k, in: table, count: n, sameSize: sameSize, closesSection: closes))
          positioned += r.count
        }
        placedEnd = max(placedEnd, range.upperBound)
      }
    }
    counters.itemsPositioned += positioned
  }

  /// Stores every position when line `k` of `table` holds more than
  /// `Page.computedLineLimit` items, and notes the long line.
  ///
  /// - Precondition: the positions are computed (`computesLeadingPositions(rules:)`).
  /// - Returns: the number of positions stored, or `nil` when the line is not longer.
  /// - Complexity: O(1), or O(n) when it stores them.
  private mutating func storePositionsForLongLine(
    _ k: Int, of table: LineTable, rules: LayoutRules
  ) -> Int? {
    guard table.range(ofLine: k).count > Page.computedLineLimit
    else { return nil }
    storePositions(of: table, rules: rules)
    items.noteLongLines(true)
    return count
  }

  /// Places line `k` of `table` again.
  ///
  /// - Complexity: O(k) for its k items.
  mutating func place(
    line k: Int, of table: LineTable, rules: LayoutRules, counters: inout WorkCounters
  ) {
    if case .grid = rules.placement { return }
    if computesLeadingPositions(rules: rules) {
      counters.itemsPositioned += storePositionsForLongLine(k, of: table, rules: rules) ?? 0
      return
    }
    let n = count
    let sameSize = self.sameSize
    let closes = closesSection
    let r = table.range(ofLine: k)
    let context = Self.context(
      ofLine: k, in: table, count: n, sameSize: sameSize, closesSection: closes)
    items.withPlacement { ws, _, xs in
      LinePlacing.place(ws, r, into: xs, at: r.lowerBound, rules: rules, context: context)
    }
    counters.itemsPositioned += r.count
  }
}
