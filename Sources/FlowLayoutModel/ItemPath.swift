/// The position of an item: its section and its index within the section (UIKit's `IndexPath`).
///
/// Ordered as in a document: by section, then by item.
public struct ItemPath: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  public var section: Int
  public var item: Int

  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  public init(_ section: Int, _ item: Int) { self.init(section: section, item: item) }

  public static func < (a: ItemPath, b: ItemPath) -> Bool {
    (a.section, a.item) < (b.section, b.item)
  }

  public var description: String { "[\(section), \(item)]" }
}
