/// A deterministic model of the system font's advance widths and of `UILabel`'s line breaking.
///
/// **Approximation** (documented in `docs/cells.md`): every character belongs to a class with an
/// average advance in hundredths of an em, measured off SF Pro Text's regular weight; semibold is
/// 5 % wider. A string's width is `Σ units · pointSize / 100 · (1.05 if semibold)`. Kerning,
/// ligatures and optical sizes are ignored. The numbers are not Apple's; they make sizes
/// reproducible and roughly right (an average lowercase letter at 17 pt is 9.2 pt wide).
public enum TextMeasurement {
  /// Advance of one character, in hundredths of an em, at regular weight.
  ///
  /// | class | units | characters |
  /// | --- | --- | --- |
  /// | narrow | 26 | space, `i j l I . , : ; ' ! \|` and the backtick |
  /// | semi-narrow | 36 | `f t r ( ) [ ] { } / \ - "` |
  /// | wide lowercase | 84 | `m w` |
  /// | wide uppercase | 88 | `M W @ %` |
  /// | digit | 60 | `0`–`9` |
  /// | lowercase | 54 | other lowercase letters |
  /// | uppercase | 66 | other uppercase letters |
  /// | ellipsis | 78 | `…` |
  /// | other ASCII | 60 | other printable ASCII (`# $ & * + = ? …`) |
  /// | other | 100 | everything else (CJK, emoji, symbols) |
  public static func units(of character: Character) -> Int {
    switch character {
    case " ", "i", "j", "l", "I", ".", ",", ":", ";", "'", "!", "|", "`": return 26
    case "f", "t", "r", "(", ")", "[", "]", "{", "}", "/", "\\", "-", "\"": return 36
    case "m", "w": return 84
    case "M", "W", "@", "%": return 88
    case "…": return 78
    default: break
    }
    if character.isNumber, character.isASCII { return 60 }
    if character.isLetter {
      if character.isLowercase { return 54 }
      if character.isUppercase { return 66 }
    }
    if character.isASCII { return 60 }
    return 100
  }

  /// The summed advance units of `text` (hundredths of an em, regular weight).
  ///
  /// - Complexity: O(c) for c characters.
  public static func units<S: StringProtocol>(of text: S) -> Int {
    var total = 0
    for character in text { total += units(of: character) }
    return total
  }

  /// Points per unit in `font`: `pointSize / 100`, times 1.05 for semibold.
  public static func scale(of font: FontStyle) -> Double {
    font.pointSize / 100 * (font.weight == .semibold ? 1.05 : 1)
  }

  /// The width of `text` on one line in `font`, in points.
  ///
  /// - Complexity: O(c) for c characters.
  public static func width<S: StringProtocol>(of text: S, in font: FontStyle) -> Double {
    Double(units(of: text)) * scale(of: font)
  }

  /// Breaks `text` into lines of at most `width` points, as a label with
  /// `lineBreakMode = .byWordWrapping` and then `.byTruncatingTail` on the last allowed line.
  ///
  /// Rules: `\n` starts a new line; runs of spaces separate words and collapse to one; a word joins
  /// the line iff the line with one space and the word fits (`≤ width + 1e-9`); a word wider than
  /// a whole line is broken between characters (at least one character per line). With
  /// `maximumLines > 0` and more lines than that, the last kept line takes the rest of the text and
  /// is cut from the end until it fits with "…". `maximumLines == 0` means no limit. An empty or
  /// all-space text has no lines.
  ///
  /// - Complexity: O(c) for c characters (each character is measured a bounded number of times).
  public static func lines(
    of text: String, in font: FontStyle, width: Double, maximumLines: Int
  ) -> TextBlock {
    let unitWidth = max(0, width) / scale(of: font) + 1e-9
    let space = units(of: " " as Character)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineUnits = 0
      for word in paragraph.split(separator: " ") {
        let wordUnits = units(of: word)
        if !line.isEmpty, Double(lineUnits + space + wordUnits) <= unitWidth {
          line += " " + word
          lineUnits += space + wordUnits
          continue
        }
        if !line.isEmpty { lines.append(line) }
        line = ""
        lineUnits = 0
        if Double(wordUnits) <= unitWidth {
          line = String(word)
          lineUnits = wordUnits
          continue
        }
        // A word wider than the line: break it between characters.
        for character in word {
          let u = units(of: character)
          if !line.isEmpty, Double(lineUnits + u) > unitWidth {
            lines.append(line)
            line = ""
            lineUnits = 0
          }
          line.append(character)
          lineUnits += u
        }
      }
      if !line.isEmpty { lines.append(line) }
    }
    guard maximumLines > 0, lines.count > maximumLines else {
      return TextBlock(lines: lines, font: font, isTruncated: false)
    }
    var kept = Array(lines.prefix(maximumLines - 1))
    // The last allowed line holds the rest of the text, cut to fit with an ellipsis.
    var rest = lines[(maximumLines - 1)...].joined(separator: " ")
    let ellipsis = units(of: "…" as Character)
    var restUnits = units(of: rest)
    while !rest.isEmpty, Double(restUnits + ellipsis) > unitWidth {
      restUnits -= units(of: rest.removeLast())
    }
    while rest.last == " " { rest.removeLast() }
    kept.append(rest + "…")
    return TextBlock(lines: kept, font: font, isTruncated: true)
  }
}

/// Text broken into lines in one font.
public struct TextBlock: Hashable, Sendable {
  public var lines: [String]
  public var font: FontStyle
  /// `true` when the text was cut to its maximum number of lines (the last line ends in "…").
  public var isTruncated: Bool

  public init(lines: [String], font: FontStyle, isTruncated: Bool) {
    self.lines = lines
    self.font = font
    self.isTruncated = isTruncated
  }

  /// `lines.count · font.lineHeight`.
  public var height: Double { Double(lines.count) * font.lineHeight }

  /// The widest line's width.
  public var width: Double {
    lines.map { TextMeasurement.width(of: $0, in: font) }.max() ?? 0
  }
}
