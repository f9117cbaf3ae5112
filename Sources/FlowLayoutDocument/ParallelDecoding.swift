import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a packed batch's large entries are decoded on several threads (`Base64.decode`,
/// `PackedItemEdits.fillInsertions`, `PackedItemEdits.appendDeletion`): the output is cut into
/// parts, each written by one task and read by no other, so the result does not depend on the
/// split. A restore of 500 000 items (a 5.5 MB line) decodes 8 MB of base64 and writes 16 MB
/// of insertions, most of that time the kernel clearing fresh pages: split, each core clears
/// the pages it writes.
///
/// The setting in force is `current` (a task-local value: the tests give small entries several
/// parts; production code never sets it).
package struct ParallelDecoding: Sendable {
  /// Entries of fewer items (base64 texts of fewer 4-character groups) are decoded on the
  /// calling thread.
  package var minimumItems = 1 << 16
  /// Parts a large entry is cut into; `nil`: the machine's online cores.
  package var parts: Int? = nil
  /// Counts the parts decoded on threads, when given (tests).
  package var counter: PartCounter? = nil

  package init(minimumItems: Int = 1 << 16, parts: Int? = nil, counter: PartCounter? = nil) {
    self.minimumItems = minimumItems
    self.parts = parts
    self.counter = counter
  }

  /// The setting in force.
  @TaskLocal package static var current = ParallelDecoding()

  /// The machine's online cores (at least 1).
  static let cores = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)

  /// How many parts `count` units (items, base64 groups) are cut into: 1 below `minimumItems`,
  /// else `parts` (the cores by default), at most `count`.
  ///
  /// - Complexity: O(1).
  func parts(for count: Int) -> Int {
    guard count >= max(minimumItems, 2) else { return 1 }
    return max(1, min(parts ?? Self.cores, count))
  }

  /// Runs `body(p)` for every part `p` in `0 ..< parts`, each on its own task when there are
  /// several.
  ///
  /// - Complexity: what the parts cost, on up to `parts` threads.
  func perform(parts: Int, _ body: @Sendable (Int) -> Void) {
    guard parts > 1 else {
      body(0)
      return
    }
    counter?.add(parts)
    DispatchQueue.concurrentPerform(iterations: parts, execute: body)
  }

  /// Part `p`'s share of `0 ..< count` cut into `parts` equal ranges.
  static func range(_ p: Int, of parts: Int, count: Int) -> Range<Int> {
    (p * count / parts)..<((p + 1) * count / parts)
  }
}

/// Parts decoded on threads (`ParallelDecoding.counter`): a test's work counter.
package final class PartCounter: Sendable {
  private let value = Atomic<Int>(0)

  package init() {}

  /// Parts counted so far.
  package var parts: Int { value.load(ordering: .relaxed) }

  func add(_ parts: Int) { value.add(parts, ordering: .relaxed) }
}

/// A buffer written by the tasks of one `ParallelDecoding.perform`, each a range no other task
/// reads or writes; its owner keeps the memory alive until `perform` returns. (Carries the
/// pointer across the task boundary.)
struct DecodingBuffer<Element>: @unchecked Sendable {
  let base: UnsafeMutablePointer<Element>

  init(_ base: UnsafeMutablePointer<Element>) { self.base = base }
  init(_ base: UnsafePointer<Element>) { self.base = UnsafeMutablePointer(mutating: base) }
}
