import FlowLayoutModel

/// The guideline's Vertical layout (seed 003): exactly `.horizontalFlow` with every option
/// honoured; only its default `isLayoutJustified = true` differs, and that default is already in
/// the configuration (docs/semantics.md, `vertical`).
enum VerticalLayout {
  /// - Complexity: O(n) for the section's n items.
  static func lines(
    for section: SectionData, configuration c: LayoutConfiguration, lineLength a: Double
  ) -> PlacedSection {
    HorizontalFlowLayout.lines(for: section, configuration: c, lineLength: a)
  }
}
