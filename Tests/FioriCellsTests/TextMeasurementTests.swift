import FlowLayoutModel
import Testing

@testable import FioriCells

@Suite struct TextMeasurementTests {
  @Test func characterClasses() {
    #expect(TextMeasurement.units(of: " " as Character) == 26)
    #expect(TextMeasurement.units(of: "i" as Character) == 26)
    #expect(TextMeasurement.units(of: "t" as Character) == 36)
    #expect(TextMeasurement.units(of: "m" as Character) == 84)
    #expect(TextMeasurement.units(of: "W" as Character) == 88)
    #expect(TextMeasurement.units(of: "7" as Character) == 60)
    #expect(TextMeasurement.units(of: "a" as Character) == 54)
    #expect(TextMeasurement.units(of: "é" as Character) == 54)
    #expect(TextMeasurement.units(of: "D" as Character) == 66)
    #expect(TextMeasurement.units(of: "…" as Character) == 78)
    #expect(TextMeasurement.units(of: "#" as Character) == 60)
    #expect(TextMeasurement.units(of: "日" as Character) == 100)
    #expect(TextMeasurement.units(of: "₹" as Character) == 100)
    // A decomposed "é" (e + combining acute) is as wide as the precomposed one.
    #expect(TextMeasurement.units(of: "e\u{301}" as Character) == 54)
    #expect(TextMeasurement.units(of: "\u{200D}" as Unicode.Scalar) == 0)
    #expect(TextMeasurement.units(of: "\t" as Unicode.Scalar) == 0)
  }

  @Test func widthScalesByPointSizeAndWeight() {
    // "Drill" = D 66 + r 36 + i 26 + l 26 + l 26 = 180 units.
    #expect(TextMeasurement.units(of: "Drill") == 180)
    // 13 pt semibold: 180 · 0.13 · 1.05 = 24.57; 12 pt regular: 180 · 0.12 = 21.6.
    #expect(abs(TextMeasurement.width(of: "Drill", in: FioriTypography.itemTitle) - 24.57) < 1e-9)
    #expect(abs(TextMeasurement.width(of: "Drill", in: FioriTypography.itemSubtitle) - 21.6) < 1e-9)
    // 17 pt: 180 · 0.17 = 30.6.
    #expect(abs(TextMeasurement.width(of: "Drill", in: FioriTypography.value) - 30.6) < 1e-9)
  }

  // 12 pt regular: "aaaa" = 216 units = 25.92 pt; "aaaa aaaa" = 458 units = 54.96 pt.
  @Test func wordJoinsLineWhenItFitsExactly() {
    let font = FioriTypography.itemSubtitle
    let fits = TextMeasurement.lines(of: "aaaa aaaa", in: font, width: 54.96, maximumLines: 0)
    #expect(fits.lines == ["aaaa aaaa"])
    let wraps = TextMeasurement.lines(of: "aaaa aaaa", in: font, width: 54.9, maximumLines: 0)
    #expect(wraps.lines == ["aaaa", "aaaa"])
    #expect(wraps.height == 32)  // 2 · 16
    #expect(!wraps.isTruncated)
  }

  @Test func spacesCollapseAndNewlinesBreak() {
    let font = FioriTypography.itemSubtitle
    #expect(
      TextMeasurement.lines(of: "ab   cd", in: font, width: 500, maximumLines: 0).lines == ["ab cd"]
    )
    #expect(
      TextMeasurement.lines(of: "ab\ncd", in: font, width: 500, maximumLines: 0).lines == [
        "ab", "cd",
      ])
    #expect(TextMeasurement.lines(of: "", in: font, width: 500, maximumLines: 2).lines.isEmpty)
    #expect(TextMeasurement.lines(of: "   ", in: font, width: 500, maximumLines: 2).height == 0)
  }

  // Width 30 at 12 pt = 250 units: "aaaa" (216) fits, a fifth "a" (270) does not.
  @Test func longWordBreaksBetweenCharacters() {
    let block = TextMeasurement.lines(
      of: "aaaaaaaaaa", in: FioriTypography.itemSubtitle, width: 30, maximumLines: 0)
    #expect(block.lines == ["aaaa", "aaaa", "aa"])
  }

  @Test func combiningMarksStayWithTheirLetter() {
    // "éé" decomposed, width 1 pt: one letter (with its mark) per line.
    let block = TextMeasurement.lines(
      of: "e\u{301}e\u{301}", in: FioriTypography.itemSubtitle, width: 1, maximumLines: 0)
    #expect(block.lines == ["e\u{301}", "e\u{301}"])
  }

  // 12 pt: each CJK character is 100 units = 12 pt; width 30 holds two.
  @Test func multiByteScalarsBreakBetweenScalars() {
    let block = TextMeasurement.lines(
      of: "日本語テキスト", in: FioriTypography.itemSubtitle, width: 30, maximumLines: 0)
    #expect(block.lines == ["日本", "語テ", "キス", "ト"])
  }

  // The truncated line continues the text across a line break (collapsed to a space).
  @Test func truncationContinuesAcrossLineBreaks() {
    let block = TextMeasurement.lines(
      of: "aaaa\naaaa   aaaa", in: FioriTypography.itemSubtitle, width: 30, maximumLines: 2)
    #expect(block.lines == ["aaaa", "aaa…"])
    let wide = TextMeasurement.lines(
      of: "ab\n\ncd   ef", in: FioriTypography.itemSubtitle, width: 500, maximumLines: 1)
    #expect(wide.lines == ["ab cd ef…"])
  }

  @Test func zeroWidthStillPlacesOneCharacterPerLine() {
    let block = TextMeasurement.lines(
      of: "abc", in: FioriTypography.itemSubtitle, width: 0, maximumLines: 0)
    #expect(block.lines == ["a", "b", "c"])
  }

  // Width 30 at 12 pt = 250 units. Lines: "aaaa" ×3. With 2 lines the second takes "aaaa aaaa"
  // (458) and is cut until text + "…" (78) ≤ 250: "aaa" (162 + 78 = 240).
  @Test func truncatesTheLastAllowedLineWithAnEllipsis() {
    let block = TextMeasurement.lines(
      of: "aaaa aaaa aaaa", in: FioriTypography.itemSubtitle, width: 30, maximumLines: 2)
    #expect(block.lines == ["aaaa", "aaa…"])
    #expect(block.isTruncated)
    let unlimited = TextMeasurement.lines(
      of: "aaaa aaaa aaaa", in: FioriTypography.itemSubtitle, width: 30, maximumLines: 0)
    #expect(unlimited.lines.count == 3)
    let exact = TextMeasurement.lines(
      of: "aaaa aaaa aaaa", in: FioriTypography.itemSubtitle, width: 30, maximumLines: 3)
    #expect(exact.lines.count == 3)
    #expect(!exact.isTruncated)
  }

  // Width 39.6 at 12 pt = 330 units: "aaaa aaaa" (458) wraps. One line allowed: the rest
  // "aaaa aaaa" is cut until it fits with "…": "aaaa a" (296 + 78 = 374 > 330), "aaaa " (242 + 78
  // = 320 ≤ 330); the trailing space is dropped: "aaaa…".
  @Test func truncationDropsTrailingSpaceBeforeTheEllipsis() {
    let block = TextMeasurement.lines(
      of: "aaaa aaaa", in: FioriTypography.itemSubtitle, width: 39.6, maximumLines: 1)
    #expect(block.lines == ["aaaa…"])
    #expect(block.isTruncated)
  }
}
