extension BatchUpdate {
  /// The sections after this batch: the plain data transformation, with no layout.
  ///
  /// Order (UIKit's): resizes, then deletions and move sources leave (before-space), sections are
  /// deleted, then inserted at their after-space indices, then insertions and move destinations
  /// enter each section in ascending after-space order.
  ///
  /// - Complexity: O(n + s + e log e + k log k) for n items, s sections, e item edits and k
  ///   inserted sections (plus copying the inserted sections' items), plus O(m) per inserted or
  ///   moved-in item for the m items of its section (each enters by a positional insert).
  /// - Throws: what `validate(itemCounts:configuration:bounds:field:)` throws; nothing changes.
  public func applied(
    to sections: [SectionData], configuration: LayoutConfiguration, bounds: Size,
    field prefix: String = ""
  ) throws(LayoutError) -> (
    sections: [SectionData], bounds: Size, configuration: LayoutConfiguration
  ) {
    let plan = try validate(
      itemCounts: sections.map(\.count), configuration: configuration, bounds: bounds, field: prefix)

    // Resizes in before-space.
    var old = sections
    for resize in resizeItems {
      old[resize.at.section].itemWidths[resize.at.item] = resize.size.width
      old[resize.at.section].itemHeights[resize.at.item] = resize.size.height
    }
    // The sizes that travel with moved items.
    var movedSize: [ItemPath: Size] = [:]
    for move in moveItems { movedSize[move.to] = old[move.from.section].itemSize(at: move.from.item) }
    // Deletions and move sources leave.
    var leaving = [Set<Int>](repeating: [], count: old.count)
    for path in deleteItems { leaving[path.section].insert(path.item) }
    for move in moveItems { leaving[move.from.section].insert(move.from.item) }
    for s in old.indices where !leaving[s].isEmpty {
      var widths: [Double] = []
      var heights: [Double] = []
      widths.reserveCapacity(old[s].count - leaving[s].count)
      heights.reserveCapacity(old[s].count - leaving[s].count)
      for i in 0..<old[s].count where !leaving[s].contains(i) {
        widths.append(old[s].itemWidths[i])
        heights.append(old[s].itemHeights[i])
      }
      old[s].itemWidths = widths
      old[s].itemHeights = heights
    }
    // Sections in after-space: the kept ones in order, merged with the inserted ones sorted by
    // index. `validate` made every inserted index unique and in range, so the j-th slot without
    // an old section holds the j-th inserted section in ascending order (O(k log k), where a
    // search per slot was O(k²) for k inserted sections).
    let inserted = insertSections.sorted { $0.at < $1.at }
    var nextInserted = inserted.startIndex
    var new: [SectionData] = []
    new.reserveCapacity(plan.oldSectionOfNewSection.count)
    for o in plan.oldSectionOfNewSection {
      if let o {
        new.append(old[o])
      } else {
        new.append(inserted[nextInserted].section)
        nextInserted += 1
      }
    }
    // Insertions and move destinations, ascending per section.
    var entering: [ItemPath: Size] = movedSize
    for insertion in insertItems { entering[insertion.at] = insertion.size }
    for path in entering.keys.sorted() {
      let size = entering[path]!
      new[path.section].itemWidths.insert(size.width, at: path.item)
      new[path.section].itemHeights.insert(size.height, at: path.item)
    }
    return (new, plan.newBounds, plan.newConfiguration)
  }
}

extension LayoutInput {
  /// This input after `update`. See `BatchUpdate.applied(to:configuration:bounds:field:)`.
  ///
  /// - Throws: the batch's validation error; `self` is unchanged.
  public func applying(_ update: BatchUpdate, field prefix: String = "") throws(LayoutError) -> LayoutInput {
    let (sections, bounds, configuration) = try update.applied(
      to: self.sections, configuration: configuration, bounds: self.bounds, field: prefix)
    return LayoutInput(configuration: configuration, bounds: bounds, sections: sections)
  }
}
