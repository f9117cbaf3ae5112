import FlowLayoutModel

extension FastFlowLayout {
  /// An item's own size, read from the page that holds it (self-sizing compares a measurement
  /// with it: the same size does no work). `input` would join every page of the section.
  ///
  /// - Complexity: O(log p) for p pages.
  /// - Throws: `LayoutError.itemOutOfRange` (field `path`) for a path that does not exist.
  public func ownSize(ofItemAt path: ItemPath) throws(LayoutError) -> Size {
    guard path.section >= 0, path.section < itemCounts.count, path.item >= 0,
      path.item < itemCounts[path.section]
    else { throw .itemOutOfRange(field: "path", path: path) }
    let (p, j) = locate(item: path.item, inSection: path.section)
    let size = pages[p].size(ofItem: j)
    return rules.transposed ? size.transposed : size
  }
}
