import FioriCells
import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// Cells move with their items through a batch exactly as `BatchUpdate.applied` moves sizes.
@Suite struct CellCarryingTests {
  /// Item n has width n + 1 and the cell with key "n".
  static func world(_ counts: [Int]) -> ([SectionData], [[CellDescription?]]) {
    var n = 0
    var sections: [SectionData] = []
    var cells: [[CellDescription?]] = []
    for count in counts {
      var sizes: [Size] = []
      var column: [CellDescription?] = []
      for _ in 0..<count {
        sizes.append(Size(Double(n + 1), 10))
        column.append(CellDescription(type: .keyValue, key: "\(n)"))
        n += 1
      }
      sections.append(SectionData(items: sizes))
      cells.append(column)
    }
    return (sections, cells)
  }

  static let batches: [BatchUpdate] = [
    BatchUpdate(
      deleteItems: [ItemPath(0, 0)],
      insertItems: [ItemInsertion(at: ItemPath(0, 1), size: Size(500, 10))],
      moveItems: [ItemMove(from: ItemPath(1, 0), to: ItemPath(0, 0))]),
    BatchUpdate(
      deleteSections: [0],
      insertSections: [SectionInsertion(at: 1, section: SectionData(items: [Size(600, 1)]))]),
    BatchUpdate(
      moveItems: [
        ItemMove(from: ItemPath(0, 2), to: ItemPath(2, 0)),
        ItemMove(from: ItemPath(2, 1), to: ItemPath(0, 0)),
      ],
      resizeItems: [ItemResize(at: ItemPath(0, 1), size: Size(2, 99))]),
    BatchUpdate(
      deleteItems: [ItemPath(0, 0), ItemPath(0, 1), ItemPath(0, 2)], deleteSections: [1]),
    BatchUpdate(setWidth: 300),
    // More than 16 insertions and removals in a section: the one-pass merge.
    BatchUpdate(
      deleteItems: (0..<20).map { ItemPath(0, 2 * $0) },
      insertItems: (0..<25).map { ItemInsertion(at: ItemPath(0, 2 * $0 + 1), size: Size(500, 1)) }
        + (0..<18).map { ItemInsertion(at: ItemPath(2, $0 * 2), size: Size(700, 1)) },
      moveItems: [ItemMove(from: ItemPath(1, 0), to: ItemPath(0, 60))]),
  ]

  @Test(arguments: batches.indices)
  func cellsFollowTheirItems(_ index: Int) throws {
    let batch = Self.batches[index]
    let (sections, cells) = Self.world(index == Self.batches.count - 1 ? [60, 2, 30] : [3, 2, 4])
    let configuration = LayoutConfiguration(variant: .horizontalFlow)
    let after = try batch.applied(
      to: sections, configuration: configuration, bounds: Size(400, 800)
    ).sections
    let carried = batch.carrying(cells)
    #expect(carried.map(\.count) == after.map(\.count))
    for (s, column) in carried.enumerated() {
      for (i, cell) in column.enumerated() {
        let width = after[s].itemWidths[i]
        if let cell {
          // A surviving item: its cell is the one it started with (resizes keep the cell).
          let key = Int(cell.key!)!
          #expect(width == Double(key + 1) || batch.resizeItems.contains { $0.size.width == width })
        } else {
          #expect(width >= 500)  // inserted
        }
      }
    }
  }

  @Test func worked() {
    let (_, cells) = Self.world([3, 1])
    // Delete a(0,0); move d(1,0) → (0,0); insert at (0,1): d, nil, b, c.
    let carried = Self.batches[0].carrying(cells)
    #expect(carried.map { $0.map { $0?.key } } == [["3", nil, "1", "2"], []])
  }
}
