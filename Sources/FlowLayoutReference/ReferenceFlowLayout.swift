import FlowLayoutModel

/// Stub: replaced by the real engine. Conforms so that other modules can compile against it.
public struct ReferenceFlowLayout: LayoutEngine {
  public static var engineName: String { "reference" }
  public private(set) var input: LayoutInput

  public init(_ input: LayoutInput) throws(LayoutError) {
    throw .invalidConfiguration(field: "engine", reason: "the reference engine is not implemented yet")
  }

  public var contentSize: Size { .zero }
  public func elements(in rect: Rect, into result: inout [LayoutElement]) {}
  public func frame(ofItemAt path: ItemPath) throws(LayoutError) -> Rect {
    throw .itemOutOfRange(field: "path", path: path)
  }
  public func supplementaryFrame(_ kind: ElementKind, inSection section: Int) throws(LayoutError) -> Rect? { nil }
  public var hiddenItems: [ItemPath] { [] }
  public var overflowingItems: [ItemPath] { [] }
  public mutating func apply(_ update: BatchUpdate) throws(LayoutError) {}
}
