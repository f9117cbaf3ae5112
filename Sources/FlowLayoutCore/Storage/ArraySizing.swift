/// Sizing the arrays a layout pass writes in place: set a count without giving memory back, and
/// give back what an estimate over-reserved.
extension Array {
  /// `count` elements: surplus ones removed, missing ones appended as zeros (the caller
  /// overwrites them), the memory reused.
  ///
  /// - Complexity: O(|count − self.count|).
  mutating func resize(to count: Int) where Element: Numeric {
    if self.count > count {
      removeSubrange(count...)
    } else if self.count < count {
      append(contentsOf: repeatElement(0, count: count - self.count))
    }
  }

  /// Gives back the storage beyond the count when more than an eighth of it (and more than 8
  /// elements) is spare.
  ///
  /// - Complexity: O(count) when it copies, else O(1).
  mutating func trimCapacity() {
    guard capacity - count > Swift.max(8, count / 8) else { return }
    var exact: [Element] = []
    exact.reserveCapacity(count)
    exact.append(contentsOf: self)
    self = exact
  }
}
