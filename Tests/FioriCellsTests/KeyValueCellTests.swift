import FlowLayoutModel
import Testing

@testable import FioriCells

/// h = 20 (key) + 2 + max(1, value lines) · 22.
@Suite struct KeyValueCellTests {
  /// `fittingSize` (which counts the value's lines without building them) is the layout's size.
  @Test(arguments: [1.0, 40, 100, 139.5, 200, 375, 812])
  func fittingSizeIsTheLayoutsSize(width: Double) throws {
    let cells =
      SampleContent.keyValueForm(count: 300, seed: 7) + [
        CellDescription(type: .keyValue, key: "k"),
        CellDescription(type: .keyValue, key: "k", value: "  a  \n\n b   Walldorfinspectiontechnician "),
        CellDescription(type: .keyValue, key: "k", value: "é€𝄞 Ｗｉｄｅ"),
      ]
    for cell in cells {
      let size = try cell.fittingSize(proposedWidth: width, field: "c")
      #expect(size == (try cell.layout(proposedWidth: width, field: "c").size))
    }
  }

  @Test func shortValueOneLine() throws {
    // "Broken Plates on Pole" = 318 + 26 + 290 + 26 + 108 + 26 + 200 = 994 units · 0.17 = 168.98
    // ≤ 200 → 1 line: 20 + 2 + 22 = 44.
    let cell = CellDescription(type: .keyValue, key: "Name", value: "Broken Plates on Pole")
    #expect(try cell.fittingSize(proposedWidth: 200, field: "c") == Size(200, 44))
  }

  @Test func valueWrapsWithoutLimit() throws {
    // Width 100 = 588.2 units: "Broken Plates" 634 > → "Broken" / "Plates on" (424; + " Pole" =
    // 650 >) / "Pole" → 3 lines: 20 + 2 + 66 = 88.
    let cell = CellDescription(type: .keyValue, key: "Name", value: "Broken Plates on Pole")
    let layout = try cell.layout(proposedWidth: 100, field: "c")
    #expect(layout.size == Size(100, 88))
    guard case .text(_, let block, _, _) = layout.parts[1] else {
      Issue.record("no value")
      return
    }
    #expect(block.lines == ["Broken", "Plates on", "Pole"])
  }

  @Test func emptyValueKeepsOneLine() throws {
    #expect(
      try CellDescription(type: .keyValue, key: "Sort No.").fittingSize(
        proposedWidth: 200, field: "c") == Size(200, 44))
    #expect(
      try CellDescription(type: .keyValue, key: "Sort No.", value: "").fittingSize(
        proposedWidth: 200, field: "c") == Size(200, 44))
  }
}
