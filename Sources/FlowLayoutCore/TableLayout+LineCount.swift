extension Page {
  /// The lines to add to a full table after `lines` lines of `done` items, for the `remaining`
  /// items left: about as many as they make at the rate so far, with 5 % and 16 lines of
  /// slack.
  static func moreLines(items remaining: Int, after lines: Int, lines done: Int) -> Int {
    let rate = Double(lines) / Double(max(done, 1))
    return min(remaining, Int(Double(remaining) * rate * 1.05) + 16)
  }

  /// The most lines a layout pass adds to its line buffers at a time, so that a re-layout outgrows
  /// its storage by at most this many lines.
  static let growthStep = 4_096

  /// Up to how many items `expectedLineCount` counts greedy lines exactly.
  static let exactLineCountLimit = 64

  /// About how many lines a full layout makes (exactly for at most `exactLineCountLimit` items or
  /// widths known equal, `equalWidthCapacity`; else from the first 1 024 items), so that the line
  /// buffers are allocated once.
  static func expectedLineCount(
    _ items: ItemColumns, rules: LayoutRules, equalWidthCapacity: Int?
  ) -> Int {
    let n = items.count
    switch rules.breaking {
    case .noWrap, .firstLineOnly: return min(n, 1)
    case .fixedCount(let c): return c >= n ? min(n, 1) : (n + c - 1) / c
    case .greedy:
      // Widths known equal: every line but the last holds k, exact.
      if let k = equalWidthCapacity {
        return (n + k - 1) / k
      }
      // Lines counted by the greedy rule over the first `sample` items: exact for a short section,
      // else the rate scaled to `n` with 5 % and up to 16 lines of slack.
      let limit = rules.available + rules.epsilon
      let sample = n <= exactLineCountLimit ? n : min(n, 1_024)
      let lines = items.withSizes { ws, _ in
        var lines = 0
        var s = 0
        while s < sample {
          s = LineBreaker.lineEnd(ws, from: s, to: sample, limit: limit, interitem: rules.interitem)
          lines += 1
        }
        return lines
      }
      if sample == n { return lines }
      let rate = Double(lines) / Double(sample)
      return min(n, Int(Double(n) * rate * 1.05) + min(16, 1 + n / 64))
    }
  }

  /// The items per line of greedy lines whose widths are all the first's, when at most
  /// `exactLineCountLimit` (else `nil`: the count is then estimated).
  ///
  /// - Precondition: every width is the first one's (`ItemColumns.widthsKnownEqual`), n > 0.
  /// - Complexity: O(`exactLineCountLimit`).
  static func exactEqualWidthCapacity(_ items: ItemColumns, rules: LayoutRules) -> Int? {
    let n = items.count
    guard n > 0 else { return nil }
    let asked = min(n, exactLineCountLimit + 1)
    let k = LineBreaker.uniformCapacity(
      width: items.widths[0], count: asked, limit: rules.available + rules.epsilon,
      interitem: rules.interitem)
    // Fewer than asked: the accumulation stopped at the limit, so k is the capacity at every
    // count (n items make ⌈n / k⌉ lines); all n asked: they fit on one line.
    return k < asked || asked == n ? k : nil
  }
}
