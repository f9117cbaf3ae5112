import FlowLayoutModel

/// One element's animation for a batch (`flowlayout layout --transitions`), with UIKit's
/// defaults (`docs/semantics.md`, "Transitions"):
/// - kept or moved, visible before and after: from its old frame to its new one, alpha 1 → 1;
/// - inserted, or kept and no longer hidden: appears at its new frame (`from = to`), 0 → 1;
/// - deleted, or kept and now hidden: disappears at its old frame (`from = to`), 1 → 0.
/// A resized item is kept. Headers and footers follow their sections the same way.
public struct LayoutTransition: Hashable, Sendable {
  public var kind: ElementKind
  /// The before-space path (`item` 0 for headers and footers); `nil` when inserted.
  public var before: ItemPath?
  /// The after-space path; `nil` when deleted.
  public var after: ItemPath?
  public var from: Rect
  public var to: Rect
  public var fromAlpha: Int
  public var toAlpha: Int

  public init(
    kind: ElementKind, before: ItemPath?, after: ItemPath?, from: Rect, to: Rect,
    fromAlpha: Int, toAlpha: Int
  ) {
    self.kind = kind
    self.before = before
    self.after = after
    self.from = from
    self.to = to
    self.fromAlpha = fromAlpha
    self.toAlpha = toAlpha
  }

  /// The transitions of `update`, which took the layout from `before` to `after`, with frames as
  /// `presentation` shows them. One entry per item, header and footer with a frame before or
  /// after the batch: first in the after layout's document order (section by section: header,
  /// items, footer), then the deleted ones in the before layout's document order.
  ///
  /// - Complexity: O(n + s + e log e) for n items, s sections and e edits (plus both engines'
  ///   whole presented layouts).
  /// - Throws: the batch's validation error against `before`'s content.
  public static func transitions<E: PresentingLayoutEngine>(
    from before: E, to after: E, by update: BatchUpdate, presentation: Presentation
  ) throws(LayoutError) -> [LayoutTransition] {
    let mapping = try update.indexMapping(
      itemCounts: before.input.sections.map(\.count),
      configuration: before.input.configuration, bounds: before.input.bounds)
    let old = FrameTable(before.allPresentedElements(presentation), before.input.sections)
    let new = FrameTable(after.allPresentedElements(presentation), after.input.sections)
    var result: [LayoutTransition] = []

    func add(_ kind: ElementKind, _ oldPath: ItemPath?, _ newPath: ItemPath?) {
      let from = oldPath.flatMap { old.frame(kind, $0) }
      let to = newPath.flatMap { new.frame(kind, $0) }
      switch (from, to) {
      case (let f?, let t?):
        result.append(
          LayoutTransition(
            kind: kind, before: oldPath, after: newPath, from: f, to: t, fromAlpha: 1, toAlpha: 1))
      case (nil, let t?):
        result.append(
          LayoutTransition(
            kind: kind, before: oldPath, after: newPath, from: t, to: t, fromAlpha: 0, toAlpha: 1))
      case (let f?, nil):
        result.append(
          LayoutTransition(
            kind: kind, before: oldPath, after: newPath, from: f, to: f, fromAlpha: 1, toAlpha: 0))
      case (nil, nil):
        break
      }
    }
    func sectionPath(_ s: Int?) -> ItemPath? { s.map { ItemPath(section: $0, item: 0) } }

    for (n, o) in mapping.oldSectionOfNewSection.enumerated() {
      add(.header, sectionPath(o), sectionPath(n))
      for (i, oldPath) in mapping.oldPathOfNewItem[n].enumerated() {
        add(.item, oldPath, ItemPath(section: n, item: i))
      }
      add(.footer, sectionPath(o), sectionPath(n))
    }
    for (o, n) in mapping.newSectionOfOldSection.enumerated() {
      if n == nil { add(.header, sectionPath(o), nil) }
      for (i, newPath) in mapping.newPathOfOldItem[o].enumerated() where newPath == nil {
        add(.item, ItemPath(section: o, item: i), nil)
      }
      if n == nil { add(.footer, sectionPath(o), nil) }
    }
    return result
  }
}

/// Presented frames by kind and path, `nil` for elements without one (hidden items, absent
/// headers and footers).
private struct FrameTable {
  var headers: [Rect?]
  var footers: [Rect?]
  var items: [[Rect?]]

  init(_ elements: [PresentedElement], _ sections: [SectionData]) {
    headers = [Rect?](repeating: nil, count: sections.count)
    footers = headers
    items = sections.map { [Rect?](repeating: nil, count: $0.count) }
    for e in elements {
      let p = e.element.path
      switch e.element.kind {
      case .header: headers[p.section] = e.element.frame
      case .footer: footers[p.section] = e.element.frame
      case .item: items[p.section][p.item] = e.element.frame
      }
    }
  }

  func frame(_ kind: ElementKind, _ path: ItemPath) -> Rect? {
    switch kind {
    case .header: return headers[path.section]
    case .footer: return footers[path.section]
    case .item: return items[path.section][path.item]
    }
  }
}
