import FlowLayoutModel

/// The reference engine's interactive reordering (`docs/semantics.md`, "Interactive
/// reordering"), written straight from the ruling: every visible item other than the dragged
/// one is measured against the pointer, one by one in document order. Shares nothing with the
/// fast core's search.
extension ReferenceFlowLayout: InteractivelyMovingLayoutEngine {
  /// - Complexity: O(1).
  public var mirrorWidth: Double { max(input.bounds.width, layout.contentSize.width) }

  /// - Complexity: O(n) for n items.
  public func interactiveMoveTarget(
    for pointer: Point, lifting lifted: ItemPath, layoutDirection: LayoutDirection,
    scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath {
    try InteractiveMoveRequest.validate(pointer: pointer)
    guard layout.sections.indices.contains(lifted.section),
      layout.sections[lifted.section].items.indices.contains(lifted.item)
    else { throw .itemOutOfRange(field: "lifted", path: lifted) }

    // Rule 1: the pointer as laid out (unmirrored), then clamped into the content rect.
    let size = layout.contentSize
    let x0 = layoutDirection == .rightToLeft ? mirrorWidth - pointer.x : pointer.x
    let px = Swift.min(Swift.max(x0, 0), size.width)
    let py = Swift.min(Swift.max(pointer.y, 0), size.height)

    // Rule 2: the nearest visible item other than the lifted one (distance from the point to
    // the closed frame); within the tolerance, the first in document order. The tolerance
    // scales with the pointer's coordinates too: frames an ulp apart there (far out in the
    // content) put the pointer an ulp inside one and outside the other.
    let scale = Swift.max(1, abs(px), abs(py))
    var best: (path: ItemPath, frame: Rect, distance: Double)?
    for section in layout.sections {
      for item in section.items where item.path != lifted {
        guard let f = item.frame else { continue }
        let dx = Swift.max(0, f.minX - px, px - f.maxX)
        let dy = Swift.max(0, f.minY - py, py - f.maxY)
        let d = (dx * dx + dy * dy).squareRoot()
        if let current = best,
          d >= current.distance - 2e-9 * Swift.max(scale, d, current.distance)
        {
          continue
        }
        best = (item.path, f, d)
      }
    }
    guard let best else { return lifted }

    // Rule 3: before the nearest item when the pointer is on its leading half along the line
    // (x, or y when lines run down: a horizontally scrolling layout that honours it).
    let linesRunDown = input.configuration.scrollsAlongX
    let along = linesRunDown ? py : px
    let middle = linesRunDown ? ((best.frame.minY + best.frame.maxY) / 2) : ((best.frame.minX + best.frame.maxX) / 2)
    let leadingHalf = along < middle - 1e-9 * Swift.max(1, abs(along), abs(middle))
    let slot = leadingHalf ? best.path.item : best.path.item + 1

    // Rule 4: the slot counts the lifted item when it lies before it in its section; the
    // target is an index after the move.
    let target =
      best.path.section == lifted.section && slot > lifted.item ? slot - 1 : slot
    return ItemPath(best.path.section, target)
  }
}
