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

  /// Appends `transform(e)` for each element `e` of `source`, in order, in one pass over the
  /// buffers with no capacity check per element (a filter's or a restore's 500 000 edits): a
  /// few (< 16) appended one by one, the first fill of an array without room written once, else
  /// `placeholder`s appended and overwritten.
  ///
  /// - Complexity: O(k) for k elements.
  @inline(__always)
  mutating func append<Source>(
    mapping source: UnsafeBufferPointer<Source>, placeholder: Element,
    _ transform: (Source) -> Element
  ) {
    let start = count
    let k = source.count
    guard k > 0 else { return }
    if k < 16 {
      reserveCapacity(start &+ k)
      for e in source { append(transform(e)) }
      return
    }
    if start == 0, capacity < k {
      self = Array(unsafeUninitializedCapacity: k) { out, count in
        for j in 0..<k { (out.baseAddress! + j).initialize(to: transform(source[j])) }
        count = k
      }
      return
    }
    reserveCapacity(start &+ k)
    append(contentsOf: repeatElement(placeholder, count: k))
    withUnsafeMutableBufferPointer { out in
      let o = out.baseAddress! + start
      for j in 0..<k { o[j] = transform(source[j]) }
    }
  }

  /// `count` elements like `resize(to:)`, except that the new elements are not zeroed: they
  /// hold what the storage held (within the capacity: the elements last removed there) or what
  /// the allocator gives when it must grow (fresh pages are zero, reused memory is not), to be
  /// overwritten by the caller before they are read. The storage grows at least twofold, so
  /// that growing by small steps stays O(1) amortized per element.
  ///
  /// For buffers a layout pass writes in place: their memory is first touched by the pass
  /// itself, not by a fill ahead of it (a re-layout with more lines than the last one writes
  /// each added entry once, not zeroed and then written).
  ///
  /// - Complexity: O(self.count) when the storage grows (one copy); O(1) when it holds `count`
  ///   elements and the array is uniquely referenced; O(|count − self.count|) when shrinking.
  package mutating func resizeUninitialized(to count: Int)
  where Element: BitwiseCopyable & Numeric {
    guard count > capacity else {
      guard count > self.count else { return resize(to: count) }
      // (Never 0 elements appended: see `ItemColumns.allocatePositions`.)
      return append(contentsOf: UnwrittenElements(count: count - self.count))
    }
    let old = self
    // `count > capacity ≥ 0`: never 0 entries (see `ItemColumns.allocatePositions`).
    self = Array(unsafeUninitializedCapacity: Swift.max(count, 2 * old.capacity)) {
      buffer, initialized in
      old.withUnsafeBufferPointer { source in
        if let from = source.baseAddress, !source.isEmpty {
          buffer.baseAddress!.initialize(from: from, count: source.count)
        }
      }
      initialized = count
    }
  }

  /// Gives back the storage beyond the count when more than an eighth of it (and more than 8
  /// elements) is spare, compared with the storage an array of exactly `count` elements gets
  /// (the allocator rounds sizes up to its size classes, by up to a quarter: a copy into
  /// storage that is no smaller gives nothing back).
  ///
  /// - Complexity: O(count) when it copies, else O(1).
  mutating func trimCapacity() {
    guard capacity - count > Swift.max(8, count / 8) else { return }
    var exact: [Element] = []
    exact.reserveCapacity(count)
    // (Allocated, not yet touched: dropped at no cost when it saves too little.)
    guard capacity - exact.capacity > Swift.max(8, count / 8) else { return }
    exact.append(contentsOf: self)
    self = exact
  }
}

/// `count` elements that appending to an array (`Array.append(contentsOf:)`, which lets the
/// sequence initialize the spare capacity it reserved) adds to its count without writing them:
/// for `resizeUninitialized(to:)` only, whose caller overwrites them before they are read. As a
/// sequence it is empty (nothing to iterate); only `_copyContents` claims the elements.
private struct UnwrittenElements<Element: BitwiseCopyable & Numeric>: Sequence {
  let count: Int

  var underestimatedCount: Int { count }

  func makeIterator() -> EmptyCollection<Element>.Iterator { EmptyCollection.Iterator() }

  /// Claims the first `count` elements of `buffer` as initialized, writing none: their bits are
  /// what the memory held (the elements here are integers and floating-point numbers, for which
  /// any bits are a value, and bitwise-copyable: nothing to release or retain).
  ///
  /// - Precondition: `count ≤ buffer.count` (the array reserved `underestimatedCount`).
  func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<Element>
  ) -> (EmptyCollection<Element>.Iterator, Int) {
    precondition(count <= buffer.count, "reserved fewer elements than claimed")
    return (EmptyCollection.Iterator(), count)
  }
}
