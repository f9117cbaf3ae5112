import FlowLayoutModel

/// One item as the reference engine stores it after a layout pass.
///
/// A plain struct per item, recomputed from scratch on every change (no caching).
struct ItemAttributes: Hashable, Sendable {
  /// The item's position in the document.
  var path: ItemPath
  /// The item's frame, or `nil` when the layout hides it (`numberOfRows`, Horizontal Fit).
  var frame: Rect?
  /// `true` when the item is wider than the line it sits alone on.
  var isOverflowing: Bool
}

/// One section as the reference engine stores it after a layout pass.
struct SectionAttributes: Hashable, Sendable {
  /// The header frame, `nil` when the header height is 0.
  var header: Rect?
  /// The footer frame, `nil` when the footer height is 0.
  var footer: Rect?
  /// Every item of the section, hidden ones included, in item order.
  var items: [ItemAttributes]
  /// The section's top along the axis sections stack on (`y`; `x` when transposed).
  var top: Double = 0
  /// The footer's natural top along that axis, `top + H + t + linesHeight + b` (also without a
  /// footer), for pinning.
  var footerTop: Double = 0
}

/// The complete result of one layout pass: every section's attributes and the content size.
struct ReferenceLayout: Hashable, Sendable {
  var sections: [SectionAttributes]
  var contentSize: Size
}
