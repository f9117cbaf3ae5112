import FlowLayoutModel
import Testing

@testable import FioriCells

/// Sizes worked out by hand from seed 000's tables (docs/cells.md "Collection item cell").
/// Labeled: h = 10 + s + 8 + text + 8, s = W − 20; title 18/line, subtitle 16, attribute 16,
/// 2 between text elements, button 2 + 6 + 28.
@Suite struct CollectionItemCellTests {
  func size(_ cell: CellDescription) throws -> Size {
    try cell.fittingSize(proposedWidth: 999, field: "cell")
  }

  @Test func standardImageWithLabels110() throws {
    // 10 + 90 + 8 + 18 (title, 1 line) + 2 + 16 (subtitle) + 2 + 16 (attribute) + 8 = 170.
    let cell = CellDescription(
      type: .collectionItem, cellWidth: 110, title: "Drill", subtitle: "Tools", attribute: "₹500")
    #expect(try size(cell) == Size(110, 170))
  }

  @Test func standardImageWithLabels120TitleOnly() throws {
    // 10 + 100 + 8 + 18 + 8 = 144.
    let cell = CellDescription(type: .collectionItem, cellWidth: 120, title: "Drill")
    #expect(try size(cell) == Size(120, 144))
  }

  @Test func defaultLabeledWidthIs110() throws {
    // 10 + 90 + 8 + 16 (subtitle only) + 8 = 132.
    #expect(try size(CellDescription(type: .collectionItem, subtitle: "Tools")) == Size(110, 132))
  }

  @Test func titleWrapsToTwoLines() throws {
    // Text width 110 − 16 = 94 pt = 94 / (0.13 · 1.05) = 688.6 units. "Heavy-Duty" = 528,
    // + " Office" (26 + 272) = 826 > 688.6 → wraps; "Office Chair" = 272 + 26 + 236 = 534 fits.
    // 10 + 90 + 8 + 36 + 2 + 16 + 8 = 170.
    let cell = CellDescription(
      type: .collectionItem, title: "Heavy-Duty Office Chair", subtitle: "Furniture")
    #expect(try size(cell) == Size(110, 170))
    let layout = try cell.layout(proposedWidth: 0, field: "cell")
    guard case .text(_, let block, _, _) = layout.parts[1] else {
      Issue.record("no title")
      return
    }
    #expect(block.lines == ["Heavy-Duty", "Office Chair"])
  }

  @Test func titleIsTruncatedAtTwoLines() throws {
    // Three lines' worth of words → 2 lines: 10 + 90 + 8 + 36 + 8 = 152.
    let cell = CellDescription(
      type: .collectionItem, title: "Heavy-Duty Office Chair With Extra Wide Armrests")
    #expect(try size(cell) == Size(110, 152))
  }

  @Test func buttonActionBelowLabels() throws {
    // 10 + 100 + 8 + 18 + 2 + 16 + 2 + 16 + (2 + 6) + 28 + 8 = 216.
    let cell = CellDescription(
      type: .collectionItem, cellWidth: 120, image: CellImage(doctype: "pdf"), title: "Report",
      subtitle: "3 Mar 2026", attribute: "1.2 MB", buttonAction: ButtonAction(label: "Download"))
    #expect(try size(cell) == Size(120, 216))
  }

  @Test func buttonActionAlone() throws {
    // 10 + 90 + 8 + 28 + 8 = 144.
    let cell = CellDescription(type: .collectionItem, buttonAction: ButtonAction(label: "Follow"))
    #expect(try size(cell) == Size(110, 144))
  }

  @Test func imageOnlyRectangular() throws {
    let cell = CellDescription(
      type: .collectionItem, image: CellImage(shape: .rectangular, width: 100, height: 80))
    #expect(try size(cell) == Size(100, 80))
  }

  @Test func imageOnlyCircularMinimum() throws {
    let cell = CellDescription(
      type: .collectionItem, image: CellImage(shape: .circular, width: 60, height: 60))
    #expect(try size(cell) == Size(60, 60))
    #expect(try cell.layout(proposedWidth: 1, field: "c").cornerRadius == 30)
  }

  @Test func imageOnlyDefaults() throws {
    #expect(try size(CellDescription(type: .collectionItem)) == Size(110, 110))
    #expect(
      try size(CellDescription(type: .collectionItem, image: CellImage(height: 80))) == Size(80, 80)
    )
    #expect(
      try size(CellDescription(type: .collectionItem, image: CellImage(width: 70))) == Size(70, 70))
  }

  @Test func profileImageWithInitials() throws {
    // Same metrics as the rectangular image: 10 + 90 + 8 + 18 + 2 + 16 + 8 = 152.
    let cell = CellDescription(
      type: .collectionItem, image: CellImage(shape: .circular, initials: "FS"),
      title: "Franck Syren", subtitle: "SAP SE")
    #expect(try size(cell) == Size(110, 152))
    let layout = try cell.layout(proposedWidth: 0, field: "c")
    #expect(
      layout.parts[0]
        == .image(
          frame: Rect(x: 10, y: 10, width: 90, height: 90), shape: .circular,
          content: .initials("FS")))
  }

  @Test func doctypeIcon() throws {
    // 10 + 100 + 8 + 18 + 8 = 144.
    let cell = CellDescription(
      type: .collectionItem, cellWidth: 120, image: CellImage(doctype: "excel"), title: "Q3.xlsx")
    #expect(try size(cell) == Size(120, 144))
    guard
      case .image(_, .rectangular, .doctype("excel")) = try cell.layout(
        proposedWidth: 0, field: "c"
      ).parts[0]
    else {
      Issue.record("doctype image missing")
      return
    }
  }

  @Test func iconActionsDoNotChangeTheSizeAndSitTopRight() throws {
    let plain = CellDescription(type: .collectionItem, title: "Photo_1.jpg", subtitle: "120 KB")
    var actions = plain
    actions.iconActions = [
      IconAction(icon: "share"), IconAction(icon: "delete", destructive: true),
    ]
    #expect(try size(actions) == size(plain))
    // Image (10, 10, 90, 90); row width 4 + 28 + 4 + 28 + 4 = 68 → first at 100 − 68 + 4 = 36.
    let parts = try actions.layout(proposedWidth: 0, field: "c").parts
    #expect(
      parts.contains(
        .iconAction(
          frame: Rect(x: 36, y: 14, width: 28, height: 28), icon: "share", destructive: false)))
    #expect(
      parts.contains(
        .iconAction(
          frame: Rect(x: 68, y: 14, width: 28, height: 28), icon: "delete", destructive: true)))
  }

  @Test func oneIconActionOnImageOnlyCell() throws {
    // Image 60 × 60: one action 4 + 28 + 4 = 36 ≤ 60, at x = 60 − 36 + 4 = 28, y = 4.
    let cell = CellDescription(
      type: .collectionItem, image: CellImage(width: 60, height: 60),
      iconActions: [IconAction(icon: "delete", destructive: true)])
    #expect(try size(cell) == Size(60, 60))
    #expect(
      try cell.layout(proposedWidth: 0, field: "c").parts.last
        == .iconAction(
          frame: Rect(x: 28, y: 4, width: 28, height: 28), icon: "delete", destructive: true))
  }

  @Test func proposedWidthIsIgnored() throws {
    let cell = CellDescription(type: .collectionItem, title: "Drill")
    #expect(
      try cell.fittingSize(proposedWidth: 10, field: "c")
        == cell.fittingSize(proposedWidth: 500, field: "c"))
    // 10 + 90 + 8 + 18 + 8 = 134, whatever the proposed width.
    #expect(try cell.fittingSize(proposedWidth: .nan, field: "c") == Size(110, 134))
  }
}
