/// A buffer shared by the tasks of one `DispatchQueue.concurrentPerform`: every task reads it or
/// writes a range of it that no other task reads or writes meanwhile (disjoint ranges, or one
/// task after another in an order that publishes the writes: `CommitTurn`), and its owner keeps
/// the memory alive and leaves it alone until `concurrentPerform` returns. (One of the core's
/// three unchecked `Sendable`s, with `CommitTurn` and `CopyOnWrite`'s box: it carries the
/// pointer across the task boundary; each use states why its accesses do not overlap.) A loop
/// over runs of indices takes it from `LayoutThreading.forEachRun`, not built by hand.
struct SharedBuffer<Element>: @unchecked Sendable {
  let base: UnsafeMutableBufferPointer<Element>

  init(_ base: UnsafeMutableBufferPointer<Element>) { self.base = base }
  init(_ base: UnsafeBufferPointer<Element>) {
    self.base = UnsafeMutableBufferPointer(mutating: base)
  }

  var readOnly: UnsafeBufferPointer<Element> { UnsafeBufferPointer(base) }
}
