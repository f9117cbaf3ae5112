/// A deterministic model of the system font's advance widths and of `UILabel`'s line breaking.
///
/// **Approximation** (documented in `docs/cells.md`): every Unicode scalar belongs to a class with
/// an average advance in hundredths of an em, chosen to approximate SF Pro Text's regular weight;
/// semibold is 5 % wider. A string's width is `Σ units · pointSize / 100 · (1.05 if semibold)`.
/// Kerning, ligatures and optical sizes are ignored. The numbers are not Apple's; they make sizes
/// reproducible and roughly right (an average lowercase letter at 17 pt is 9.2 pt wide).
public enum TextMeasurement {
  /// Advance of one Unicode scalar, in hundredths of an em, at regular weight.
  ///
  /// | class | units | scalars |
  /// | --- | --- | --- |
  /// | narrow | 26 | space, `i j l I . , : ; ' ! \|` and the backtick |
  /// | semi-narrow | 36 | `f t r ( ) [ ] { } / \ - "` |
  /// | wide lowercase | 84 | `m w` |
  /// | wide uppercase | 88 | `M W @ %` |
  /// | digit | 60 | `0`–`9` |
  /// | lowercase | 54 | other lowercase letters (any script) |
  /// | uppercase | 66 | other uppercase and titlecase letters |
  /// | ellipsis | 78 | `…` |
  /// | other ASCII | 60 | other printable ASCII (`# $ & * + = ? …`) |
  /// | zero width | 0 | ASCII controls, combining marks, format characters (ZWJ, variation selectors) |
  /// | other | 100 | everything else (CJK, emoji, symbols such as `₹`) |
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func units(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x80 {
      switch UInt8(value) {
      case 0x20, 0x69, 0x6A, 0x6C, 0x49, 0x2E, 0x2C, 0x3A, 0x3B, 0x27, 0x21, 0x7C, 0x60: return 26
      case 0x66, 0x74, 0x72, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x5C, 0x2D, 0x22: return 36
      case 0x6D, 0x77: return 84
      case 0x4D, 0x57, 0x40, 0x25: return 88
      case 0x30...0x39: return 60
      case 0x61...0x7A: return 54
      case 0x41...0x5A: return 66
      case 0x00..<0x20, 0x7F: return 0
      default: return 60
      }
    }
    if value == 0x2026 { return 78 }
    return unitsOutsideASCII(scalar)
  }

  /// `units(of:)` of each ASCII scalar, by its value (0…127): the same rule read from a table.
  static let asciiUnits: [Int] = (0..<128).map { units(of: Unicode.Scalar(UInt8($0))) }

  @usableFromInline
  static func unitsOutsideASCII(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    case .lowercaseLetter: return 54
    case .uppercaseLetter, .titlecaseLetter: return 66
    default: return 100
    }
  }

  /// The advance of a character: the sum over its scalars.
  ///
  /// - Complexity: O(s) for s scalars.
  public static func units(of character: Character) -> Int {
    character.unicodeScalars.reduce(0) { $0 + units(of: $1) }
  }

  /// The summed advance units of `text` (hundredths of an em, regular weight).
  ///
  /// - Complexity: O(s) for s scalars.
  public static func units<S: StringProtocol>(of text: S) -> Int {
    var total = 0
    for scalar in text.unicodeScalars { total += units(of: scalar) }
    return total
  }

  /// Points per unit in `font`: `pointSize / 100`, times 1.05 for semibold.
  public static func scale(of font: FontStyle) -> Double {
    font.pointSize / 100 * (font.weight == .semibold ? 1.05 : 1)
  }

  /// The width of `text` on one line in `font`, in points.
  ///
  /// - Complexity: O(s) for s scalars.
  public static func width<S: StringProtocol>(of text: S, in font: FontStyle) -> Double {
    Double(units(of: text)) * scale(of: font)
  }

  /// The number of lines of `lines(of: text, in: font, width: width, maximumLines: 0)`,
  /// without building them.
  ///
  /// - Complexity: O(b) for b UTF-8 bytes.
  public static func lineCount(of text: String, in font: FontStyle, width: Double) -> Int {
    let unitWidth = max(0, width) / scale(of: font) + 1e-9
    return LineBreaker(bytes: Array(text.utf8), unitWidth: unitWidth).lineRanges().count
  }

  /// Breaks `text` into lines of at most `width` points, as a label with
  /// `lineBreakMode = .byWordWrapping` and then `.byTruncatingTail` on the last allowed line.
  ///
  /// Rules: `\n` starts a new line (empty lines are dropped); runs of spaces separate words and
  /// collapse to one; a word joins the line iff the line with one space and the word fits
  /// (`≤ width + 1e-9`); a word wider than a whole line is broken between scalars (at least one
  /// per line, never before a zero-width scalar). With `maximumLines > 0` and more lines than
  /// that, the last kept line takes the rest of the text (from its own start; spaces and line
  /// breaks collapsed to one space) and is cut from the end until it fits with "…" (a trailing
  /// space is dropped). `maximumLines == 0` means no limit. An empty or all-space text has no
  /// lines.
  ///
  /// - Complexity: O(b) for b UTF-8 bytes; strings are built only for the lines returned.
  public static func lines(
    of text: String, in font: FontStyle, width: Double, maximumLines: Int
  ) -> TextBlock {
    let unitWidth = max(0, width) / scale(of: font) + 1e-9
    let bytes = Array(text.utf8)
    let ranges = LineBreaker(bytes: bytes, unitWidth: unitWidth).lineRanges()
    guard maximumLines > 0, ranges.count > maximumLines else {
      return TextBlock(lines: ranges.map { $0.text(in: bytes) }, font: font, isTruncated: false)
    }
    var kept = ranges.prefix(maximumLines - 1).map { $0.text(in: bytes) }
    // The last allowed line holds the rest of the text, cut to fit with an ellipsis.
    let rest = LineRange(start: ranges[maximumLines - 1].start, end: bytes.count, collapses: true)
      .collapsedBytes(in: bytes)
    let ellipsis = units(of: "…" as Unicode.Scalar)
    var total = 0
    var end = 0
    var i = 0
    while i < rest.count {
      let (scalar, length) = UTF8Scalars.decode(rest, at: i)
      let u = units(of: scalar)
      if Double(total + u + ellipsis) > unitWidth { break }
      total += u
      i += length
      end = i
    }
    while end > 0, rest[end - 1] == 0x20 { end -= 1 }
    kept.append(String(decoding: rest[..<end], as: UTF8.self) + "…")
    return TextBlock(lines: kept, font: font, isTruncated: true)
  }
}
