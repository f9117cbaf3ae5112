extension Array {
  /// Sorts the elements in place by `areInIncreasingOrder` without allocating (the standard
  /// library's `sort` allocates a buffer of half the elements past 20). Not stable: for keys
  /// that are distinct, or where equal elements are interchangeable.
  ///
  /// - Complexity: O(k) for k elements already in order (no write: shared storage stays
  ///   shared), else O(k log k) (insertion sort up to 16 elements, Shellsort up to 256, else
  ///   heapsort).
  @inlinable package mutating func sortInPlace(
    by areInIncreasingOrder: (Element, Element) -> Bool
  ) {
    guard count > 1 else { return }
    // Edits usually arrive in order: checked without writing, so that an array in order that
    // shares its storage (a batch's own list) is not copied.
    let ordered = withUnsafeBufferPointer { b in
      for k in 1..<b.count where areInIncreasingOrder(b[k], b[k - 1]) { return false }
      return true
    }
    if ordered { return }
    // On the buffer: `Array.swapAt` checks uniqueness and bounds per swap.
    withUnsafeMutableBufferPointer { Self.sort($0, by: areInIncreasingOrder) }
  }

  /// `sortInPlace(by:)` on the elements of `b`.
  @inlinable package static func sort(
    _ b: UnsafeMutableBufferPointer<Element>, by areInIncreasingOrder: (Element, Element) -> Bool
  ) {
    let n = b.count
    guard n > 1 else { return }
    // Edits usually arrive in order (appends, prepends, UIKit's index paths): one pass then.
    var ordered = true
    for k in 1..<n where areInIncreasingOrder(b[k], b[k - 1]) {
      ordered = false
      break
    }
    if ordered { return }
    if n <= 16 {
      for k in 1..<n {
        let value = b[k]
        var j = k
        while j > 0, areInIncreasingOrder(value, b[j - 1]) {
          b[j] = b[j - 1]
          j -= 1
        }
        b[j] = value
      }
      return
    }
    if n <= 256 {
      // Shellsort (Ciura's gaps): insertion sorts over elements `gap` apart, the last one
      // plain; about half heapsort's comparisons at a batch's sizes (tens to hundreds).
      // (No array literal: it could allocate.)
      for step in 0..<6 {
        let gap =
          step == 0 ? 132 : step == 1 ? 57 : step == 2 ? 23 : step == 3 ? 10 : step == 4 ? 4 : 1
        guard gap < n else { continue }
        for k in gap..<n {
          let value = b[k]
          var j = k
          while j >= gap, areInIncreasingOrder(value, b[j &- gap]) {
            b[j] = b[j &- gap]
            j &-= gap
          }
          b[j] = value
        }
      }
      return
    }
    // Heapsort: a max-heap over 0..<end, its root swapped to the end one by one. Each sift
    // moves the hole down and writes the value once.
    func siftDown(_ start: Int, _ end: Int) {
      let value = b[start]
      var root = start
      while true {
        var child = 2 &* root &+ 1
        guard child < end else { break }
        if child &+ 1 < end, areInIncreasingOrder(b[child], b[child &+ 1]) {
          child &+= 1
        }
        guard areInIncreasingOrder(value, b[child]) else { break }
        b[root] = b[child]
        root = child
      }
      b[root] = value
    }
    for start in stride(from: n / 2 - 1, through: 0, by: -1) { siftDown(start, n) }
    for end in stride(from: n - 1, to: 0, by: -1) {
      b.swapAt(0, end)
      siftDown(0, end)
    }
  }
}

extension Array where Element: Comparable {
  /// Sorts the elements ascending in place without allocating (`sortInPlace(by:)`).
  ///
  /// - Complexity: O(k log k).
  @inlinable package mutating func sortInPlace() { sortInPlace(by: <) }
}

extension Array {
  /// This array and `other`, both ascending by `areInIncreasingOrder`, merged into one
  /// ascending array (stable: of equal elements, this array's first).
  ///
  /// - Complexity: O(a + b); no copy when either is empty.
  package func mergingAscending(_ other: [Element], by areInIncreasingOrder: (Element, Element) -> Bool)
    -> [Element]
  {
    if other.isEmpty { return self }
    if isEmpty { return other }
    var result: [Element] = []
    result.reserveCapacity(count + other.count)
    var i = 0
    var j = 0
    while i < count, j < other.count {
      if areInIncreasingOrder(other[j], self[i]) {
        result.append(other[j])
        j += 1
      } else {
        result.append(self[i])
        i += 1
      }
    }
    result.append(contentsOf: self[i...])
    result.append(contentsOf: other[j...])
    return result
  }
}
