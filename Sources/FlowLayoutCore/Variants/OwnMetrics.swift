import FlowLayoutModel

/// A section's own metrics (`SectionData.metrics`, `docs/semantics.md`, "Per-section metrics")
/// and the rules they resolve to; immutable, shared by the pages of its section. A section without
/// metrics has none and is laid out under the layout's rules.
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

extension Page {
  /// The rules this section (or page) is laid out under: its own metrics' when it has them,
  /// else `layout`'s (the layout's rules).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func rules(_ layout: LayoutRules) -> LayoutRules { ownMetrics?.rules ?? layout }
}

extension FastFlowLayout {
  /// The rules page `p` is laid out under (its section's: `Page.rules(_:)`).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func rules(ofPage p: Int) -> LayoutRules { pages[p].ownMetrics?.rules ?? rules }

  /// `body` applied to the rules page `p` is laid out under, without copying them.
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

  /// Checks that every section with its own metrics (new order; `oldSection` maps each to its old
  /// index, `nil` for an inserted one) still has a line under the batch's options and bounds, as
  /// `LayoutInput.validate()` does.
  ///
  /// - Complexity: O(s) for s sections.
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
