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
  ///
  /// - Complexity: O(s) for s scalars.
  public var width: Double {
    lines.map { TextMeasurement.width(of: $0, in: font) }.max() ?? 0
  }
}
