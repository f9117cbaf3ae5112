/// A batch of edits applied atomically, with UIKit's `performBatchUpdates` index semantics:
///
/// - `deleteItems`, `resizeItems`, `moveItems[].from`, `deleteSections` and `moveSections[].from`
///   use indices **before** the update;
/// - `insertItems`, `moveItems[].to`, `insertSections` and `moveSections[].to` use indices
///   **after** it;
/// - `setWidth` / `setHeight` / `setWidthClass` change the bounds and the width class after the
///   content change.
///
/// A batch is validated as a whole before anything changes (`validate(against:)`): a rejected
/// batch leaves the engine exactly as it was.
public struct BatchUpdate: Hashable, Sendable, Codable {
  /// Items deleted, by index **before** the update. A batch read from the packed edit format
  /// may hold them packed (`packedDeletions`): reading this list then builds it (O(k)),
  /// writing it unpacks them first.
  public var deleteItems: [ItemPath] {
    @inlinable get {
      guard deletionList.packed == nil else { return deletionList.items }
      return deletionList.list
    }
    @inlinable _modify {
      if deletionList.packed != nil { deletionList.unpack() }
      yield &deletionList.list
    }
  }
  /// `deleteItems`, as a list or packed.
  @usableFromInline var deletionList: PackableList<PackedDeletions>
  /// Items inserted, by index **after** the update, with their sizes. A batch read from the
  /// packed edit format may hold them packed (`packedInsertions`): reading this list then
  /// builds it (O(k)), writing it unpacks them first.
  public var insertItems: [ItemInsertion] {
    @inlinable get {
      guard insertionList.packed == nil else { return insertionList.items }
      return insertionList.list
    }
    @inlinable _modify {
      if insertionList.packed != nil { insertionList.unpack() }
      yield &insertionList.list
    }
  }
  /// `insertItems`, as a list or packed.
  @usableFromInline var insertionList: InsertionList
  public var moveItems: [ItemMove]
  /// Items measured again (UIKit's reload followed by self-sizing), by their index before the update.
  public var resizeItems: [ItemResize]
  /// Self-sizing measurements, by index **before** the update: each sets the item's size and
  /// marks it measured. Applied by `SelfSizingLayout` (an engine's own `apply` refuses them).
  public var measureItems: [ItemResize]
  public var deleteSections: [Int]
  public var insertSections: [SectionInsertion]
  public var setWidth: Double?
  public var setHeight: Double?
  /// The data source's item counts per section after the update, if the caller states them.
  /// When present they must match what the edits produce (UIKit's consistency check).
  public var expectedItemCounts: [Int]?
  /// Sections moved: `from` in before-space, `to` in after-space (UIKit's
  /// `moveSection(_:toSection:)`); a moved section's items go with it.
  public var moveSections: [SectionMove]
  /// A new width class, applied with the bounds after the content change.
  public var setWidthClass: WidthClass?

  public init(
    deleteItems: [ItemPath] = [], insertItems: [ItemInsertion] = [], moveItems: [ItemMove] = [],
    resizeItems: [ItemResize] = [], deleteSections: [Int] = [],
    insertSections: [SectionInsertion] = [], setWidth: Double? = nil, setHeight: Double? = nil,
    expectedItemCounts: [Int]? = nil, measureItems: [ItemResize] = [],
    moveSections: [SectionMove] = [], setWidthClass: WidthClass? = nil
  ) {
    self.deletionList = PackableList(deleteItems)
    self.insertionList = InsertionList(insertItems)
    self.moveItems = moveItems
    self.resizeItems = resizeItems
    self.deleteSections = deleteSections
    self.insertSections = insertSections
    self.setWidth = setWidth
    self.setHeight = setHeight
    self.expectedItemCounts = expectedItemCounts
    self.measureItems = measureItems
    self.moveSections = moveSections
    self.setWidthClass = setWidthClass
  }

  private enum CodingKeys: String, CodingKey {
    case deletionList = "deleteItems"
    case insertionList = "insertItems"
    case moveItems, resizeItems, measureItems, deleteSections, insertSections, setWidth,
      setHeight, expectedItemCounts, moveSections, setWidthClass
  }

  /// The insertions when they are packed (one section's, by mask: a batch read from
  /// `insertItemsPacked`), else `nil`; setting them replaces `insertItems`.
  package var packedInsertions: PackedInsertions? {
    get { insertionList.packed }
    set {
      insertionList.list = []
      insertionList.packed = newValue
    }
  }

  /// The deletions when they are packed (one section's, by mask: a batch read from
  /// `deleteItemsPacked`), else `nil`; setting them replaces `deleteItems`.
  package var packedDeletions: PackedDeletions? {
    get { deletionList.packed }
    set {
      deletionList.list = []
      deletionList.packed = newValue
    }
  }

  /// How many items the batch deletes (`deleteItems.count`, without building the list).
  ///
  /// - Complexity: O(1).
  @inlinable public var deleteItemCount: Int {
    guard deletionList.packed == nil else { return deletionList.count }
    return deletionList.list.count
  }

  /// How many items the batch inserts (`insertItems.count`, without building the list).
  ///
  /// - Complexity: O(1).
  @inlinable public var insertItemCount: Int {
    guard insertionList.packed == nil else { return insertionList.count }
    return insertionList.list.count
  }

  /// `true` when the batch changes nothing.
  public var isEmpty: Bool {
    deleteItemCount == 0 && insertItemCount == 0 && moveItems.isEmpty && resizeItems.isEmpty
      && deleteSections.isEmpty && insertSections.isEmpty && setWidth == nil && setHeight == nil
      && measureItems.isEmpty && moveSections.isEmpty && setWidthClass == nil
  }

  /// `true` when the batch edits items or sections (not only the bounds).
  public var changesContent: Bool {
    !(deleteItemCount == 0 && insertItemCount == 0 && moveItems.isEmpty && resizeItems.isEmpty
      && deleteSections.isEmpty && insertSections.isEmpty && measureItems.isEmpty
      && moveSections.isEmpty)
  }
}

/// A new item at an index path **after** the update, with its own size.
public struct ItemInsertion: Hashable, Sendable, Codable {
  public var at: ItemPath
  public var size: Size
  public init(at: ItemPath, size: Size) {
    self.at = at
    self.size = size
  }
}

/// An item moved from an index path **before** the update to one **after** it. It keeps its size
/// (or takes the size of a `resizeItems` entry naming its source).
/// A section moved from a before-space index to an after-space index; its items go with it.
public struct SectionMove: Hashable, Sendable, Codable {
  public var from: Int
  public var to: Int
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }
}

public struct ItemMove: Hashable, Sendable, Codable {
  public var from: ItemPath
  public var to: ItemPath
  public init(from: ItemPath, to: ItemPath) {
    self.from = from
    self.to = to
  }
}

/// An item's new own size, by its index path **before** the update.
public struct ItemResize: Hashable, Sendable, Codable {
  public var at: ItemPath
  public var size: Size
  public init(at: ItemPath, size: Size) {
    self.at = at
    self.size = size
  }
}

/// A new section at a section index **after** the update, with its content.
public struct SectionInsertion: Hashable, Sendable, Codable {
  public var at: Int
  public var section: SectionData
  /// The section's items that are estimates, not measurements (`SelfSizingLayout`); an engine
  /// lays every item out at its size either way.
  public var estimatedItems: ItemIndexSet
  public init(at: Int, section: SectionData, estimatedItems: ItemIndexSet = ItemIndexSet()) {
    self.at = at
    self.section = section
    self.estimatedItems = estimatedItems
  }
}
