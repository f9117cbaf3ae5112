import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads
import Testing

@testable import FlowLayoutBench

/// `dragStep` drags for real: over its pointer sweep the item moves on a good share of the
/// steps (each a target query plus a single-item move), in both engines alike.
@Suite struct DragStepTests {
  @Test(arguments: [Workload.mixed, .sections])
  func theSweepMovesTheItem(_ workload: Workload) throws {
    let input = workload.input(itemCount: 3_000)
    let middle = workload.itemsPerSection.map { ItemPath(1_500 / $0, 0) } ?? ItemPath(0, 1_500)
    let fast = try #require(
      DragStepQuery(try FastFlowLayout(input), lifting: middle, viewport: input.bounds))
    let reference = try #require(
      DragStepQuery(try ReferenceFlowLayout(input), lifting: middle, viewport: input.bounds))
    var steps = 0
    for run in 1...512 {
      #expect(fast.step(run) == reference.step(run))
      steps += 1
    }
    print("dragStep \(workload.name): \(fast.movesApplied()) of \(steps) steps moved the item")
    #expect(fast.movesApplied() > steps / 8)
  }
}
