import FlowLayoutModel

extension FastFlowLayout {
  /// The fast engine does not lay out per-section metrics yet (`SectionData.metrics`, UIKit's
  /// per-section delegate metrics; the reference engine does, `docs/semantics.md`, "Per-section
  /// metrics"): an input carrying them is refused rather than laid out with the layout's values.
  ///
  /// - Complexity: O(s) for s sections.
  /// - Throws: `LayoutError.invalidConfiguration` naming the first section field set
  ///   (`field(s)` + `.sectionInset`, `.minimumInteritemSpacing` or `.minimumLineSpacing`).
  static func refuseSectionMetrics(
    _ sections: [SectionData], field: (Int) -> String
  ) throws(LayoutError) {
    for (s, section) in sections.enumerated() {
      guard let metrics = section.metrics, !metrics.isEmpty else { continue }
      let key =
        metrics.sectionInset != nil
        ? "sectionInset"
        : metrics.minimumInteritemSpacing != nil ? "minimumInteritemSpacing" : "minimumLineSpacing"
      throw .invalidConfiguration(
        field: "\(field(s)).\(key)",
        reason:
          "per-section metrics are not supported by the fast engine yet (use the reference engine)")
    }
  }
}
