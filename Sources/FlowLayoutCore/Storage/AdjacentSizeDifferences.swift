/// The number of adjacent item pairs whose sizes differ (0 exactly when every item has one
/// size), kept per section through edits at O(1) per edited item.
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

  /// How `adjacentSizeDifferences()` changes when the items at `indices` (ascending, distinct) are
  /// removed, computed on the columns before; also the pairs compared. An insertion is the
  /// inverse, on the columns after it.
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
