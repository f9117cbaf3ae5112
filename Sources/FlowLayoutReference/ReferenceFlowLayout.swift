import FlowLayoutModel

/// The naive reference engine: the oracle the fast core is checked against.
///
/// Every change validates the new input, then lays out everything again from scratch
/// (`ReferenceLayoutPass`); nothing is cached. See `ReferenceLayoutPass` for the design notes and
/// `docs/semantics.md` for the rules.
public struct ReferenceFlowLayout: LayoutEngine, Sendable {
  public static var engineName: String { "reference" }

  public private(set) var input: LayoutInput
  /// The attributes of every section and item, computed from `input`.
  private(set) var layout: ReferenceLayout

  /// Lays out `input`.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  /// - Throws: `LayoutError` naming the first invalid field (`LayoutInput.validate()`).
  public init(_ input: LayoutInput) throws(LayoutError) {
    try input.validate()
    self.input = input
    self.layout = ReferenceLayoutPass.layOut(input)
  }

  /// Applies `update` to the data (`LayoutInput.applying(_:)`) and lays out everything again.
  ///
  /// - Complexity: O(n + s + e log e) for n items, s sections and e edits.
  /// - Throws: the batch's `LayoutError` (naming the offending edit); the engine is unchanged.
  public mutating func apply(_ update: BatchUpdate) throws(LayoutError) {
    let updated = try input.applying(update)
    try updated.validate()
    let relaid = ReferenceLayoutPass.layOut(updated)
    input = updated
    layout = relaid
  }

  /// - Complexity: O(1).
  public var contentSize: Size { layout.contentSize }

  /// A brute-force filter of every frame, in document order (section by section: header, items
  /// ascending, footer), with closed intersection.
  ///
  /// - Complexity: O(n + s) for n items and s sections.
  public func elements(in rect: Rect, into result: inout [LayoutElement]) {
    for (s, section) in layout.sections.enumerated() {
      if let header = section.header, header.intersects(rect) {
        result.append(.header(s, header))
      }
      for item in section.items {
        if let frame = item.frame, frame.intersects(rect) {
          result.append(.item(item.path, frame))
        }
      }
      if let footer = section.footer, footer.intersects(rect) {
        result.append(.footer(s, footer))
      }
    }
  }

  /// - Complexity: O(1).
  /// - Throws: `LayoutError.itemOutOfRange` (field `path`) for a path that does not exist,
  ///   `LayoutError.itemHidden` for a hidden item.
  public func frame(ofItemAt path: ItemPath) throws(LayoutError) -> Rect {
    guard path.section >= 0, path.section < layout.sections.count, path.item >= 0,
      path.item < layout.sections[path.section].items.count
    else { throw .itemOutOfRange(field: "path", path: path) }
    guard let frame = layout.sections[path.section].items[path.item].frame else {
      throw .itemHidden(path: path)
    }
    return frame
  }

  /// The header or footer frame; `nil` when its height is 0, and for `.item`.
  ///
  /// - Complexity: O(1).
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  public func supplementaryFrame(_ kind: ElementKind, inSection section: Int) throws(LayoutError)
    -> Rect?
  {
    guard section >= 0, section < layout.sections.count else {
      throw .sectionOutOfRange(
        field: "section", section: section, sectionCount: layout.sections.count)
    }
    switch kind {
    case .header: return layout.sections[section].header
    case .footer: return layout.sections[section].footer
    case .item: return nil
    }
  }

  /// - Complexity: O(n) for n items.
  public var hiddenItems: [ItemPath] {
    layout.sections.flatMap { $0.items.filter { $0.frame == nil }.map(\.path) }
  }

  /// Visible items wider than the line they sit alone on, in document order.
  ///
  /// - Complexity: O(n) for n items.
  public var overflowingItems: [ItemPath] {
    layout.sections.flatMap { $0.items.filter(\.isOverflowing).map(\.path) }
  }
}
