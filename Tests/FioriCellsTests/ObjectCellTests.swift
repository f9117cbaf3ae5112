import FlowLayoutModel
import Testing

@testable import FioriCells

/// Sizes worked out by hand (docs/cells.md "Object cell"): h = max(44, 8 + tallest column + 8);
/// main column: title 22/line, subtitle 20, footnote 18, description 20/line, 2 between elements.
@Suite struct ObjectCellTests {
  /// 40 words "aaaa": 216 units each, 242 with the space.
  let longDescription = Array(repeating: "aaaa", count: 40).joined(separator: " ")

  @Test func titleOnlyTakesTheMinimumHeight() throws {
    // 8 + 22 + 8 = 38 < 44 → 44.
    let cell = CellDescription(type: .object, title: "Pump")
    #expect(try cell.fittingSize(proposedWidth: 375, field: "c") == Size(375, 44))
  }

  @Test func titleSubtitleFootnote() throws {
    // 8 + 22 + 2 + 20 + 2 + 18 + 8 = 80.
    let cell = CellDescription(type: .object, title: "Pump", subtitle: "Acme", footnote: "Tools")
    #expect(try cell.fittingSize(proposedWidth: 375, field: "c") == Size(375, 80))
  }

  @Test func detailImageFrame() throws {
    // Default 44 frame: 8 + 44 + 8 = 60.
    let plain = CellDescription(type: .object, title: "Pump", detailImage: DetailImage())
    #expect(try plain.fittingSize(proposedWidth: 375, field: "c") == Size(375, 60))
    // 60 pt image grows the frame: 8 + 60 + 8 = 76.
    let large = CellDescription(type: .object, title: "Pump", detailImage: DetailImage(size: 60))
    #expect(try large.fittingSize(proposedWidth: 375, field: "c") == Size(375, 76))
    // 16 pt image: centered in the 44 frame at (16 + 14, 8 + 14); title at 16 + 44 + 12 = 72.
    let small = CellDescription(
      type: .object, title: "Pump", detailImage: DetailImage(size: 16, shape: .circular))
    let layout = try small.layout(proposedWidth: 375, field: "c")
    #expect(layout.size == Size(375, 60))
    #expect(
      layout.parts[0]
        == .image(
          frame: Rect(x: 30, y: 22, width: 16, height: 16), shape: .circular, content: .placeholder)
    )
    guard case .text(let frame, _, _, _) = layout.parts[1] else {
      Issue.record("no title")
      return
    }
    #expect(frame == Rect(x: 72, y: 8, width: 375 - 16 - 72, height: 22))
  }

  @Test func iconStackOfThree() throws {
    // 3 · 16 + 2 · 4 = 56 → 8 + 56 + 8 = 72; title moves to 16 + 16 + 8 = 40.
    let cell = CellDescription(
      type: .object, title: "Pump", iconStack: ["unread", "attachment", "flag"])
    let layout = try cell.layout(proposedWidth: 375, field: "c")
    #expect(layout.size == Size(375, 72))
    #expect(
      layout.parts[2] == .stackIcon(frame: Rect(x: 16, y: 48, width: 16, height: 16), name: "flag"))
    guard case .text(let frame, _, _, _) = layout.parts[3] else {
      Issue.record("no title")
      return
    }
    #expect(frame.minX == 40)
  }

  // Compact, width 375: main width 375 − 2·16 = 343 pt = 2286.7 units at 15 pt; n words fit iff
  // 242n − 26 ≤ 2286.7 → 9 per line; 40 words → 5 lines.
  @Test func descriptionTruncatedAtThreeLinesByDefault() throws {
    // 8 + 22 + 2 + 3·20 + 8 = 100.
    let cell = CellDescription(type: .object, title: "Pump", descriptionText: longDescription)
    #expect(try cell.fittingSize(proposedWidth: 375, field: "c") == Size(375, 100))
  }

  @Test func descriptionLineCountIsConfigurable() throws {
    // Full: 8 + 22 + 2 + 5·20 + 8 = 140. One line: 8 + 22 + 2 + 20 + 8 = 60.
    var cell = CellDescription(
      type: .object, title: "Pump", descriptionText: longDescription, descriptionLines: 0)
    #expect(try cell.fittingSize(proposedWidth: 375, field: "c") == Size(375, 140))
    cell.descriptionLines = 1
    #expect(try cell.fittingSize(proposedWidth: 375, field: "c") == Size(375, 60))
  }

  @Test func descriptionColumnInRegularLandscape() throws {
    // Regular, 700: margins 20, space 660, main = description column = (660 − 16)/2 = 322 pt =
    // 2146.7 units: 8 words per line (242·9 − 26 = 2152 > 2146.7) → 5 lines → 3 shown = 60.
    // Height 8 + max(22, 60) + 8 = 76.
    let cell = CellDescription(
      type: .object, title: "Pump", descriptionText: longDescription, widthClass: .regular,
      orientation: .landscape)
    let layout = try cell.layout(proposedWidth: 700, field: "c")
    #expect(layout.size == Size(700, 76))
    guard case .text(let frame, let block, _, _) = layout.parts[1] else {
      Issue.record("no description")
      return
    }
    #expect(frame == Rect(x: 20 + 322 + 16, y: 8, width: 322, height: 60))
    #expect(block.lines.first == Array(repeating: "aaaa", count: 8).joined(separator: " "))
  }

  @Test func descriptionAtTheBottomInPortraitOrCompact() throws {
    // Regular portrait, 700: main width 660 = 4400 units → 18 words per line → 3 lines (18, 18, 4).
    // 8 + 22 + 2 + 60 + 8 = 100.
    let portrait = CellDescription(
      type: .object, title: "Pump", descriptionText: longDescription, widthClass: .regular,
      orientation: .portrait)
    #expect(try portrait.fittingSize(proposedWidth: 700, field: "c") == Size(700, 100))
    // Compact landscape keeps it at the bottom: main width 700 − 32 = 668 → 4453 units → 18 per
    // line → 3 lines → 100.
    let compact = CellDescription(
      type: .object, title: "Pump", descriptionText: longDescription, widthClass: .compact,
      orientation: .landscape)
    #expect(try compact.fittingSize(proposedWidth: 700, field: "c") == Size(700, 100))
  }

  @Test func attributesColumn() throws {
    // "Full" at 13 pt = (66 + 54 + 26 + 26) · 0.13 = 22.36, "N/A" = (66 + 36 + 66) · 0.13 = 21.84
    // → column ⌈22.36⌉ = 23 at 375 − 16 − 23 = 336.
    // Two attributes: 18 + 2 + 18 = 38 → 8 + 38 + 8 = 54.
    let cell = CellDescription(
      type: .object, title: "Pump",
      attributes: [CellAttribute(text: "Full", status: .positive), CellAttribute(text: "N/A")])
    let layout = try cell.layout(proposedWidth: 375, field: "c")
    #expect(layout.size == Size(375, 54))
    guard case .text(let frame, _, let color, true) = layout.parts[0] else {
      Issue.record("no attribute")
      return
    }
    #expect(frame == Rect(x: 336, y: 8, width: 23, height: 18))
    #expect(color == FioriPalette.positive)
    // Title width: 336 − 8 − 16 = 312.
    guard case .text(let title, _, _, false) = layout.parts[2] else {
      Issue.record("no title")
      return
    }
    #expect(title.width == 312)
  }

  @Test func accessoryIsCentered() throws {
    // Accessory 24 > title 22: 8 + 24 + 8 = 40 → 44; frame (375 − 16 − 24, (44 − 24)/2).
    let cell = CellDescription(type: .object, title: "Pump", accessory: .chevron)
    let layout = try cell.layout(proposedWidth: 375, field: "c")
    #expect(layout.size == Size(375, 44))
    #expect(
      layout.parts.last
        == .accessory(frame: Rect(x: 335, y: 10, width: 24, height: 24), kind: .chevron))
  }

  @Test func centeredAlignmentMovesColumnsNotTheSize() throws {
    // Content height 44 (image); the title (22) moves down by (44 − 22)/2 = 11 → y = 19.
    let cell = CellDescription(
      type: .object, title: "Pump", detailImage: DetailImage(), alignment: .center)
    let layout = try cell.layout(proposedWidth: 375, field: "c")
    #expect(layout.size == Size(375, 60))
    guard case .text(let frame, _, _, _) = layout.parts[1] else {
      Issue.record("no title")
      return
    }
    #expect(frame.minY == 19)
  }

  @Test func regularWidthUsesWiderMargins() throws {
    let cell = CellDescription(type: .object, title: "Pump", widthClass: .regular)
    guard case .text(let frame, _, _, _) = try cell.layout(proposedWidth: 375, field: "c").parts[0]
    else {
      Issue.record("no title")
      return
    }
    #expect(frame == Rect(x: 20, y: 8, width: 335, height: 22))
  }

  @Test func tooNarrowAWidthIsAnError() {
    // 16 + 44 + 12 = 72 > 40 − 16: no room for the title.
    let cell = CellDescription(type: .object, title: "Pump", detailImage: DetailImage())
    #expect(throws: LayoutError.self) { try cell.fittingSize(proposedWidth: 40, field: "c") }
    do {
      _ = try cell.fittingSize(proposedWidth: 40, field: "s[0].items[1]")
    } catch {
      #expect(error.field == "s[0].items[1].proposedWidth")
    }
  }

  @Test(arguments: [Double.nan, .infinity, -1, 0])
  func badProposedWidth(_ width: Double) {
    let cell = CellDescription(type: .object, title: "Pump")
    #expect(throws: LayoutError.self) { try cell.fittingSize(proposedWidth: width, field: "c") }
  }
}
