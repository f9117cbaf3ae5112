/// Memory shared by the tasks of one threaded loop (`LayoutThreading.perform`, `forEachRun`; the
/// document's `ParallelDecoding.perform`): every task reads it or writes a part of it that no
/// other task reads or writes meanwhile (disjoint ranges, or one task after another in an order
/// that publishes the writes: `CommitTurn`), and its owner keeps the memory alive and leaves it
/// alone until the loop returns. Each use states why its accesses do not overlap.
///
/// The project's one carrier of a pointer across a task boundary: the one unchecked `Sendable`
/// of the threaded loops (the core's others are `CommitTurn`'s flags and `CopyOnWrite`'s box).
package struct SharedPointer<Element>: @unchecked Sendable {
  package let base: UnsafeMutablePointer<Element>

  package init(_ base: UnsafeMutablePointer<Element>) { self.base = base }
  package init(_ base: UnsafePointer<Element>) { self.base = UnsafeMutablePointer(mutating: base) }
}

/// A buffer shared by the tasks of one threaded loop (`SharedPointer`'s rules), with its count.
/// A loop over runs of indices takes it from `LayoutThreading.forEachRun`, not built by hand.
struct SharedBuffer<Element>: Sendable {
  private let start: SharedPointer<Element>?
  let count: Int

  init(_ base: UnsafeMutableBufferPointer<Element>) {
    start = base.baseAddress.map { SharedPointer($0) }
    count = base.count
  }
  init(_ base: UnsafeBufferPointer<Element>) {
    start = base.baseAddress.map { SharedPointer($0) }
    count = base.count
  }

  /// The buffer.
  @inline(__always)
  var base: UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(start: start?.base, count: count)
  }

  var readOnly: UnsafeBufferPointer<Element> { UnsafeBufferPointer(base) }
}
