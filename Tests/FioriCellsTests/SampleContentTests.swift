import FlowLayoutModel
import Testing

@testable import FioriCells

@Suite struct SampleContentTests {
  @Test(arguments: FioriWorkload.allCases)
  func generatesValidDeterministicCells(_ workload: FioriWorkload) throws {
    let name = workload.rawValue
    let cells = workload.cells(count: 200, seed: 42)
    #expect(cells.count == 200)
    try CellDescription.validateCollection(cells, field: name)
    let same = workload.cells(count: 200, seed: 42) == cells
    let differs = workload.cells(count: 200, seed: 43) != cells
    #expect(same)
    #expect(differs)
    #expect(workload.cells(count: 0, seed: 42).isEmpty)
    #expect(workload.cells(count: -3, seed: 42).isEmpty)
    for (i, cell) in cells.enumerated() {
      let size = try cell.fittingSize(proposedWidth: 320, field: "\(name)[\(i)]")
      #expect(size.width >= 60 && size.height >= 44)
      #expect(workload.isWidthDependent == !cell.hasIntrinsicWidth)
    }
  }

  @Test func sizesMatchTheCells() throws {
    let cells = FioriWorkload.objectList.cells(count: 20, seed: 5)
    let sizes = try FioriWorkload.objectList.sizes(count: 20, seed: 5, proposedWidth: 343)
    #expect(sizes == cells.map { try! $0.fittingSize(proposedWidth: 343, field: "x") })
    #expect(sizes.allSatisfy { $0.width == 343 && $0.height >= 44 })
    #expect(throws: LayoutError.self) {
      try FioriWorkload.keyValueForm.sizes(count: 3, seed: 1, proposedWidth: .nan)
    }
    // Collection items ignore the width.
    #expect(
      try FioriWorkload.people.sizes(count: 3, seed: 1, proposedWidth: 1).allSatisfy {
        $0.width == 110
      })
  }

  @Test func splitMixIsStable() {
    // SplitMix64 reference output for seed 0 (Vigna's splitmix64.c): 0xE220A8397B1DCDAF.
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
  }
}
