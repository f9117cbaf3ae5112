import FlowLayoutModel

/// One engine's whole answer, for checking that a rejected batch or mutation left it exactly as
/// it was (the fuzz targets, the reference's bad-input tests).
///
/// Compared with `==` (bit-exact: the same engine must answer the same after a no-op).
public struct LayoutSnapshot: Equatable {
  public var input: LayoutInput
  public var contentSize: Size
  public var elements: [LayoutElement]
  public var hiddenItems: [ItemPath]
  public var overflowingItems: [ItemPath]

  /// - Complexity: O(n) for n items.
  public init(_ engine: some LayoutEngine) {
    input = engine.input
    contentSize = engine.contentSize
    elements = engine.allElements
    hiddenItems = engine.hiddenItems
    overflowingItems = engine.overflowingItems
  }

  /// The first difference from `other`, as a message; `nil` when equal.
  public func difference(from other: LayoutSnapshot) -> String? {
    if input != other.input { return "input changed" }
    if contentSize != other.contentSize {
      return "contentSize \(other.contentSize) -> \(contentSize)"
    }
    if hiddenItems != other.hiddenItems { return "hiddenItems changed" }
    if overflowingItems != other.overflowingItems { return "overflowingItems changed" }
    if elements != other.elements {
      let i = zip(elements.indices, other.elements.indices).first {
        elements[$0.0] != other.elements[$0.1]
      }
      return "elements changed (\(other.elements.count) -> \(elements.count) elements, first at "
        + "\(i.map { String($0.0) } ?? "the end"))"
    }
    return nil
  }
}
