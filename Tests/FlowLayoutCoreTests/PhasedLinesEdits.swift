@testable import FlowLayoutCore
import FlowLayoutModel

/// One-item edits of `PhasedLines`, as `splice(removing:inserting:)` of one item (the engine
/// splices whole batches).
extension PhasedLines {
  /// Inserts an item of `height` (and `width`, kept when `keepsWidths`) before item `g`
  /// (`g = count` appends); returns the summary work (`setHeight`).
  @discardableResult
  mutating func insert(_ height: Double, width: Double = 0, at g: Int) -> Int {
    splice(
      removing: EmptyCollection<Int>(),
      inserting: CollectionOfOne((index: g, size: Size(width: width, height: height))))
  }

  /// Removes item `g`; returns the summary work (`setHeight`).
  @discardableResult
  mutating func remove(at g: Int) -> Int {
    splice(
      removing: CollectionOfOne(g), inserting: EmptyCollection<(index: Int, size: Size)>())
  }
}
