/// The number of adjacent item pairs whose sizes differ: 0 exactly when every item has one size
/// (`uikitFlow`'s last line reuses the grid's columns then). Kept per section through edits, so
/// deciding "one size?" after an edit costs O(1) per edited item instead of a scan: an edit only
/// changes the pairs next to the items it touches.
extension ItemColumns {
  /// 1 when items `a` and `b` both exist and differ in width or height, else 0.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func sizesDiffer(_ a: Int, _ b: Int) -> Int {
    guard a >= 0, b < count, a != b else { return 0 }
    return widths[a] != widths[b] || heights[a] != heights[b] ? 1 : 0
  }

  /// The number of `j` with item `j`'s size ≠ item `j + 1`'s.
  ///
  /// - Complexity: O(n), one branch-free pass.
  func adjacentSizeDifferences() -> Int {
    withSizes { ws, hs in
      var count = 0
      if ws.count < 2 { return 0 }
      for j in 1..<ws.count { count &+= ws[j] != ws[j - 1] || hs[j] != hs[j - 1] ? 1 : 0 }
      return count
    }
  }

  /// How `adjacentSizeDifferences()` changes when the items at `indices` (ascending, distinct)
  /// are removed, computed on the columns before the removal; the pairs compared are returned
  /// too. Removing them one by one from the last: each removal drops the pairs with its
  /// neighbours (the item before it, and the first later item that stays) and joins those two.
  /// An insertion is the inverse: on the columns after it, the change is the negation.
  ///
  /// - Complexity: O(e) for e indices.
  func sizeDifferenceChange(removing indices: [Int]) -> (change: Int, compared: Int) {
    var change = 0
    var compared = 0
    var nextKept = 0
    var k = indices.count - 1
    while k >= 0 {
      let i = indices[k]
      if k == indices.count - 1 || indices[k + 1] != i + 1 { nextKept = i + 1 }
      change += sizesDiffer(i - 1, nextKept) - sizesDiffer(i - 1, i) - sizesDiffer(i, nextKept)
      compared += 3
      k -= 1
    }
    return (change, compared)
  }
}
