/// The layouts of the SAP Fiori for iOS design system (seed 004, seed 003) and a UIKit preset.
///
/// The raw values are the names used by the JSON layout document.
public enum LayoutVariant: String, Sendable, Codable, CaseIterable {
  /// `FUICollectionViewLayout.horizontalFlow`: wrapping lines, exact spacings, scaling options.
  case horizontalFlow
  /// `FUICollectionViewLayout.horizontalScroll`: one line per section that never wraps.
  case horizontalScroll
  /// `FUICollectionViewLayout.autosizingColumnFlow`: `numberOfColumns` equal columns, own heights.
  case autosizingColumnFlow
  /// `FUICollectionViewLayout.keyValueColumnFlow`: the column flow with key/value defaults.
  case keyValueColumnFlow
  /// `FUITimelineCollectionViewHorizontalFlowLayout`: horizontal flow, items stretched to the line.
  case timeline
  /// Guideline "Horizontal Fit": one justified line that does not scroll; overflow is hidden.
  case horizontalFit
  /// Guideline "Vertical": wrapping horizontal flow without a row limit.
  case vertical
  /// Guideline "Multi-column": the column flow, one column in compact width.
  case multiColumn
  /// A `UICollectionViewFlowLayout`-compatible preset (justified lines, lone-item centering).
  case uikitFlow
}

/// The direction the content scrolls in. Horizontal scrolling lays out the transposed problem.
public enum ScrollDirection: String, Sendable, Codable, CaseIterable {
  case vertical
  case horizontal
}

/// The horizontal size class of the container (seed 003, "Compact and Regular").
public enum WidthClass: String, Sendable, Codable, CaseIterable {
  case compact
  case regular
  /// Regular width with the readable content width (seed 003): `multiColumn` shows one column,
  /// as in compact width.
  case regularReadable

  /// `true` for compact and readable-width regular: the Multi-column layout stacks its content
  /// in a single column (seed 003, "Multi-column").
  public var stacksMultiColumn: Bool { self != .regular }
}
