import FlowLayoutBench
import FlowLayoutModel
import FlowLayoutWorkloads
import Testing

/// `flowlayout soak`'s run (issue 11, item 6): its batches keep the items at rest, it compares
/// the engines at the end, and its memory verdict fails when memory keeps growing.
@Suite struct SoakRunTests {
  /// An allocator that sees an engine of 1 MB built after its first reading, growing by `leak`
  /// bytes at every later reading up to reading `cap`.
  final class LeakingAllocator: AllocatorStatistics, @unchecked Sendable {
    // Only read on the test's own thread.
    var readings = 0
    let leak: Int
    let cap: Int
    init(leak: Int, cap: Int = .max) {
      self.leak = leak
      self.cap = cap
    }
    var name: String { "test allocator" }
    var method: String { "live bytes grow by a fixed amount per reading" }
    func snapshot() -> AllocationSnapshot? {
      defer { readings += 1 }
      return AllocationSnapshot(
        liveBytes: readings == 0 ? 0 : 1_000_000 + min(readings, cap) * leak, allocations: 0)
    }
    func exactly<T>(_ body: () throws -> T) rethrows -> T { try body() }
  }

  @Test(arguments: [Workload.mixed, .sections, .fioriGrid, .columns])
  func batchesKeepTheItemsAndTheEnginesAgree(_ workload: Workload) throws {
    let plan = SoakPlan(workload: workload, itemCount: 600, batches: 40, checkpointEvery: 10)
    let updates = plan.updates()
    // 40 mixed batches, and after batches 0, 10, 20, 30 a user edit and its undo.
    #expect(updates.count == 40)
    #expect(updates.map(\.count) == (0..<40).map { $0 % 10 == 0 ? 3 : 1 })
    let report = plan.run(allocator: UnmeasuredAllocator())
    #expect(report.refusal == nil)
    #expect(report.updatesApplied == updates.joined().count)
    #expect(report.referenceCompared)
    #expect(report.referenceDifference == nil)
    #expect(report.freshDifference == nil)
    #expect(report.checkpoints.map(\.batch) == [10, 20, 30, 40])
    #expect(report.growth == nil)
    #expect(report.passed)
  }

  @Test func memoryThatKeepsGrowingFails() {
    let plan = SoakPlan(
      workload: .mixed, itemCount: 300, batches: 20, checkpointEvery: 5, withReference: false)
    // Live bytes read at batches 10 and 20 differ by 4 readings' leak: growth 2.0 / 1.6 MB.
    let leaking = plan.run(allocator: LeakingAllocator(leak: 100_000))
    #expect(leaking.growth.map { $0 > 1.05 } == true)
    // The same bytes per batch in both halves: a leak's pace.
    #expect(leaking.slowdown == 1)
    #expect(!leaking.memoryStoppedGrowing)
    #expect(!leaking.passed)
    // A rise that levels off (readings at batches 5, 10, 20: 4, 6, 8 steps, capped at 8): more
    // than 5 % over the second half, but at half the first half's pace per batch.
    let levelling = plan.run(allocator: LeakingAllocator(leak: 100_000, cap: 8))
    #expect(levelling.growth.map { $0 > 1.05 } == true)
    #expect(levelling.slowdown == 0.5)
    #expect(levelling.passed)
    let steady = plan.run(allocator: LeakingAllocator(leak: 0))
    #expect(steady.growth == 1)
    #expect(steady.passed)
    #expect(steady.checkpoints.map(\.allocationsPerBatch) == [0, 0, 0, 0])
  }
}
