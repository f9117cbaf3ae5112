/// Counts per section (section → count, counts not 0), for the few sections a batch names:
/// up to four sections are held inline, so a small batch's tally allocates nothing; more go to a
/// dictionary.
struct SectionTally: Hashable, Sendable {
  private var s0 = 0, c0 = 0, s1 = 0, c1 = 0, s2 = 0, c2 = 0, s3 = 0, c3 = 0
  private var inlineCount = 0
  private var overflow: [Int: Int] = [:]

  /// Adds `amount` to section `s`'s count.
  ///
  /// - Complexity: O(1) expected.
  mutating func add(_ amount: Int, toSection s: Int) {
    switch s {
    case s0 where inlineCount > 0: c0 += amount
    case s1 where inlineCount > 1: c1 += amount
    case s2 where inlineCount > 2: c2 += amount
    case s3 where inlineCount > 3: c3 += amount
    default:
      switch inlineCount {
      case 0: (s0, c0) = (s, amount)
      case 1: (s1, c1) = (s, amount)
      case 2: (s2, c2) = (s, amount)
      case 3: (s3, c3) = (s, amount)
      default:
        overflow[s, default: 0] += amount
        return
      }
      inlineCount += 1
    }
  }

  /// Section `s`'s count (0 when never added to).
  ///
  /// - Complexity: O(1) expected.
  subscript(s: Int) -> Int {
    if inlineCount > 0, s0 == s { return c0 }
    if inlineCount > 1, s1 == s { return c1 }
    if inlineCount > 2, s2 == s { return c2 }
    if inlineCount > 3, s3 == s { return c3 }
    return overflow[s] ?? 0
  }
}
