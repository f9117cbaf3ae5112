/// Where every item and section of a batch goes, with UIKit's `performBatchUpdates` index
/// semantics: deletions and move sources name before-space paths, insertions and move
/// destinations after-space paths; the items that stay keep their order and fill the
/// after-space positions that no insertion or move destination takes.
///
/// The plain data transformation (`BatchUpdate.applied(to:…)`) moves sizes the same way; the
/// tests check the two against each other.
public struct BatchIndexMapping: Hashable, Sendable {
  /// Per before-space section: its after-space index, `nil` when deleted.
  public var newSectionOfOldSection: [Int?]
  /// Per after-space section: its before-space index, `nil` when inserted.
  public var oldSectionOfNewSection: [Int?]
  /// Per before-space item: its after-space path, `nil` when deleted (or in a deleted section).
  public var newPathOfOldItem: [[ItemPath?]]
  /// Per after-space item: its before-space path, `nil` when inserted (or in an inserted section).
  public var oldPathOfNewItem: [[ItemPath?]]
}

extension BatchUpdate {
  /// The index mapping of this batch applied to sections holding `itemCounts` items.
  ///
  /// - Complexity: O(n + e log e) for n items and e edits.
  /// - Throws: what `validate(itemCounts:configuration:bounds:field:)` throws.
  public func indexMapping(
    itemCounts: [Int], configuration: LayoutConfiguration, bounds: Size
  ) throws(LayoutError) -> BatchIndexMapping {
    let plan = try validate(itemCounts: itemCounts, configuration: configuration, bounds: bounds)
    var newOfOld = itemCounts.map { [ItemPath?](repeating: nil, count: $0) }
    var oldOfNew = plan.newItemCounts.map { [ItemPath?](repeating: nil, count: $0) }
    // Moves go straight to their destinations.
    for move in moveItems {
      newOfOld[move.from.section][move.from.item] = move.to
      oldOfNew[move.to.section][move.to.item] = move.from
    }
    var leaving = itemCounts.map { [Bool](repeating: false, count: $0) }
    for path in deleteItems { leaving[path.section][path.item] = true }
    for move in moveItems { leaving[move.from.section][move.from.item] = true }
    var entering = plan.newItemCounts.map { [Bool](repeating: false, count: $0) }
    for insertion in insertItems { entering[insertion.at.section][insertion.at.item] = true }
    for move in moveItems { entering[move.to.section][move.to.item] = true }
    // The staying items of a kept section fill the free after-space positions in order.
    for (o, n) in plan.newSectionOfOldSection.enumerated() {
      guard let n else { continue }
      var target = 0
      for i in 0..<itemCounts[o] where !leaving[o][i] {
        while entering[n][target] { target += 1 }
        newOfOld[o][i] = ItemPath(section: n, item: target)
        oldOfNew[n][target] = ItemPath(section: o, item: i)
        target += 1
      }
    }
    return BatchIndexMapping(
      newSectionOfOldSection: plan.newSectionOfOldSection,
      oldSectionOfNewSection: plan.oldSectionOfNewSection, newPathOfOldItem: newOfOld,
      oldPathOfNewItem: oldOfNew)
  }
}
