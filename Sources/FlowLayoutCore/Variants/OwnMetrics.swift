import FlowLayoutModel

/// A section's own metrics (`SectionData.metrics`: UIKit's per-section delegate inset and
/// spacings, `docs/semantics.md`, "Per-section metrics") and the rules they resolve to under the
/// layout's options and bounds.
///
/// Immutable, shared by the pages of its section (`SectionLayout.ownMetrics`). A section without
/// metrics has none and is laid out under the layout's rules (`FastFlowLayout.rules`), so the
/// engine holds O(m) of these for m sections with metrics, plus one reference per page.
final class OwnMetrics: Sendable, Equatable {
  /// The metrics as given (the input's orientation).
  let metrics: SectionMetrics
  /// The layout's options with the metrics applied (`LayoutConfiguration.applying(_:)`),
  /// resolved for the bounds: exactly what the section would get as a layout of its own.
  let rules: LayoutRules

  /// Resolves `metrics` under `configuration` and `bounds` (both as given, untransposed).
  ///
  /// - Precondition: `configuration.applying(metrics)` passed `validate(bounds:)`
  ///   (`SectionData.validateMetrics`).
  /// - Complexity: O(1).
  init(_ metrics: SectionMetrics, configuration: LayoutConfiguration, bounds: Size) {
    self.metrics = metrics
    rules = LayoutRules(configuration: configuration.applying(metrics), bounds: bounds)
  }

  /// The section's metrics resolved under `configuration` and `bounds`, or `nil` for a section
  /// without metrics.
  ///
  /// - Complexity: O(1).
  static func resolving(
    _ metrics: SectionMetrics?, configuration: LayoutConfiguration, bounds: Size
  ) -> OwnMetrics? {
    metrics.map { OwnMetrics($0, configuration: configuration, bounds: bounds) }
  }

  static func == (a: OwnMetrics, b: OwnMetrics) -> Bool {
    a === b || (a.metrics == b.metrics && a.rules == b.rules)
  }
}

extension SectionLayout {
  /// The rules this section (or page) is laid out under: its own metrics' when it has them,
  /// else `layout`'s (the layout's rules).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func rules(_ layout: LayoutRules) -> LayoutRules { ownMetrics?.rules ?? layout }
}

extension FastFlowLayout {
  /// The rules page `p` is laid out under (its section's: `SectionLayout.rules(_:)`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func rules(ofPage p: Int) -> LayoutRules { pages[p].ownMetrics?.rules ?? rules }

  /// `body` applied to the rules page `p` is laid out under, without copying them (the hot
  /// paths: queries and lookups read a page's rules once per page).
  ///
  /// - Complexity: O(1) plus `body`.
  @inline(__always)
  func withRules<R>(ofPage p: Int, _ body: (borrowing LayoutRules) -> R) -> R {
    if let own = pages[p].ownMetrics { return body(own.rules) }
    return body(rules)
  }

  /// The rules section `s` is laid out under.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func rules(ofSection s: Int) -> LayoutRules { rules(ofPage: firstPage[s]) }

  /// Checks that every section with its own metrics (in the order after the batch, `oldSection`
  /// mapping each to its index before it, `nil` for an inserted one, which the batch validation
  /// checked) still has a line under the batch's options and bounds, as
  /// `LayoutInput.validate()` does for the reference engine.
  ///
  /// - Complexity: O(s) for s sections (only for a batch that changes the rules, which lays
  ///   everything out again).
  /// - Throws: `LayoutError.invalidConfiguration` (or the option's error) naming
  ///   `sections[n].<option>` for the first section whose metrics leave no line.
  func validateOwnMetrics(
    configuration: LayoutConfiguration, bounds: Size, sectionCount newCount: Int,
    oldSection: (Int) -> Int?
  ) throws(LayoutError) {
    for n in 0..<newCount {
      guard let o = oldSection(n), let own = pages[firstPage[o]].ownMetrics else { continue }
      try SectionData(itemWidths: [], itemHeights: [], metrics: own.metrics).validateMetrics(
        configuration: configuration, bounds: bounds, field: "sections[\(n)]")
    }
  }
}
