import FlowLayoutCore
import Synchronization

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
  static let cores = LayoutThreading.activeCores

  /// How many parts `count` units (items, base64 groups) are cut into: 1 below `minimumItems`,
  /// else `parts` (the cores by default), at most `count`.
  ///
  /// - Complexity: O(1).
  func parts(for count: Int) -> Int {
    guard count >= max(minimumItems, 2) else { return 1 }
    return max(1, min(parts ?? Self.cores, count))
  }

  /// Runs `body(p)` for every part `p` in `0 ..< parts` (part 0 alone when `parts` ≤ 1), each
  /// on its own task when there are several: the core's threaded loop
  /// (`LayoutThreading.perform`).
  ///
  /// - Complexity: what the parts cost, on up to `parts` threads.
  func perform(parts: Int, _ body: @Sendable (Int) -> Void) {
    if parts > 1 { counter?.add(parts) }
    LayoutThreading.perform(parts: max(parts, 1), threads: parts, body)
  }

  /// Part `p`'s share of `0 ..< count` cut into `parts` equal ranges
  /// (`LayoutThreading.run(_:of:count:)`).
  static func range(_ p: Int, of parts: Int, count: Int) -> Range<Int> {
    LayoutThreading.run(p, of: parts, count: count)
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

/// Memory the tasks of one `ParallelDecoding.perform` share, each writing a range no other task
/// reads or writes, kept alive by its owner until `perform` returns: the core's carrier
/// (`SharedPointer`), under the name the decoders use.
typealias DecodingBuffer<Element> = SharedPointer<Element>
