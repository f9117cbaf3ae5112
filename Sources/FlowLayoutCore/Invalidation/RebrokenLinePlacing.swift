// Placing the lines an edit re-broke (`catchUpLines`, the page repair): their items' positions
// along the line, and the last two lines, whose alignment depends on being last.

extension SectionLayout {
  /// The lines to place again after a re-break beside the re-broken ones: the last two of
  /// `lineCount` (the last one's alignment depends on being last, and the one before it may
  /// have been last), or none in a page that does not close its section under rules where
  /// every line depends only on its own items and on being the section's last
  /// (`isPaged(under:)`): there no kept line's place changes.
  ///
  /// - Complexity: O(1).
  func lastLinesToPlace(lineCount m: Int, rules: LayoutRules) -> Range<Int> {
    closesSection || !Self.isPaged(under: rules) ? max(m - 2, 0)..<m : m..<m
  }

  /// Places the items of the given lines (ranges of line indices, clamped to the table; a line
  /// named twice is placed once). `ranges` is sorted and merged in place (no allocation).
  ///
  /// Leading positions that are computed, not stored, stay so while every line named holds at
  /// most `SectionLayout.computedLineLimit` items (the lines not named are not new,
  /// and held at most that many before): then nothing is written. A longer line stores every
  /// position (`storePositions(of:rules:)`, O(n), once) and records it
  /// (`ItemColumns.hasLongLines`, so the next full layout writes them as it goes).
  ///
  /// - Complexity: O(k + g²) for the k items of those lines and g ranges (g is small: a few per
  ///   re-broken region); O(g) when the positions are computed (one length per line).
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

  /// Stores every position (`storePositions(of:rules:)`) when line `k` of `table` holds more
  /// than `SectionLayout.computedLineLimit` items, and records that the section has
  /// a long line (`ItemColumns.noteLongLines`).
  ///
  /// - Precondition: the positions are computed (`computesLeadingPositions(rules:)`).
  /// - Returns: the number of positions stored, or `nil` when the line is not longer.
  /// - Complexity: O(1), or O(n) when it stores them.
  private mutating func storePositionsForLongLine(
    _ k: Int, of table: LineTable, rules: LayoutRules
  ) -> Int? {
    guard table.range(ofLine: k).count > SectionLayout.computedLineLimit
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
