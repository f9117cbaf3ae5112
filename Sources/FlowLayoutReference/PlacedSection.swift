import FlowLayoutModel

/// An item a variant has placed in a line: `x` in content coordinates, `y` relative to the
/// line's top.
struct PlacedItem: Hashable, Sendable {
  /// The item's index in its section.
  var item: Int
  var x: Double
  var yInLine: Double
  var size: Size
  var isOverflowing: Bool
}

/// One line of a section: its items, left to right, and its height (the tallest item).
struct PlacedLine: Hashable, Sendable {
  var items: [PlacedItem]
  var height: Double
}

/// What a variant makes of one section: its visible lines, top to bottom, and the items it hides.
///
/// The orchestrator (`ReferenceLayoutPass`) stacks these lines under the header
/// (docs/semantics.md, "Line stacking", "Sections").
struct PlacedSection: Hashable, Sendable {
  var lines: [PlacedLine]
  /// Indices of the section's hidden items, ascending.
  var hiddenItems: [Int]

  static let empty = PlacedSection(lines: [], hiddenItems: [])
}
