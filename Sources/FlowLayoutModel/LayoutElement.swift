/// The kind of a laid-out element.
public enum ElementKind: String, Sendable, Codable, CaseIterable {
  case header
  case item
  case footer
}

/// One laid-out element: an item, or a section's header or footer.
///
/// For headers and footers `path.item` is 0. Queries return elements in document order:
/// by section, then header, items in order, footer.
public struct LayoutElement: Hashable, Sendable, Codable, CustomStringConvertible {
  public var kind: ElementKind
  public var path: ItemPath
  public var frame: Rect

  public init(kind: ElementKind, path: ItemPath, frame: Rect) {
    self.kind = kind
    self.path = path
    self.frame = frame
  }

  public static func item(_ path: ItemPath, _ frame: Rect) -> LayoutElement {
    LayoutElement(kind: .item, path: path, frame: frame)
  }

  public static func header(_ section: Int, _ frame: Rect) -> LayoutElement {
    LayoutElement(kind: .header, path: ItemPath(section: section, item: 0), frame: frame)
  }

  public static func footer(_ section: Int, _ frame: Rect) -> LayoutElement {
    LayoutElement(kind: .footer, path: ItemPath(section: section, item: 0), frame: frame)
  }

  public var description: String { "\(kind)\(path) \(frame)" }
}
