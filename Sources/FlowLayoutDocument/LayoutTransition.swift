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

extension LayoutTransition {
  /// The entries of `transitions(from:to:by:presentation: .plain)` for the elements a viewport
  /// shows: those `before.elements(in: viewportBefore)` returns before the batch or
  /// `after.elements(in: viewportAfter)` returns after it, in the same order and with the same
  /// frames (as laid out) — what a collection view animates. The whole layouts are not read.
  ///
  /// - Precondition: `update` is valid for `before`'s content and took it to `after`'s.
  /// - Complexity: O(e log e + (k + m)(log n + log e)) for e edits, m section moves, k elements
  ///   shown in the two viewports and n items.
  public static func visibleTransitions<E: LayoutEngine>(
    from before: E, to after: E, by update: BatchUpdate, viewportBefore: Rect,
    viewportAfter: Rect
  ) -> [LayoutTransition] {
    let map = BatchPathMap(update)
    var moveSource: [ItemPath: ItemPath] = [:]
    for move in update.moveItems { moveSource[move.to] = move.from }
    func frame<Engine: LayoutEngine>(_ key: ElementKey, in engine: Engine) -> Rect? {
      switch key.kind {
      case .item: try? engine.frame(ofItemAt: key.path)
      case .header, .footer:
        (try? engine.supplementaryFrame(key.kind, inSection: key.path.section)) ?? nil
      }
    }
    func newKey(_ old: ElementKey) -> ElementKey? {
      let path: ItemPath?
      switch old.kind {
      case .item: path = map.path(after: old.path)
      case .header, .footer:
        path = map.newSection(ofOldSection: old.path.section).map { ItemPath(section: $0, item: 0) }
      }
      return path.map { ElementKey(kind: old.kind, path: $0) }
    }
    func oldKey(_ new: ElementKey) -> ElementKey? {
      let path: ItemPath?
      switch new.kind {
      case .item: path = moveSource[new.path] ?? map.path(before: new.path)
      case .header, .footer:
        path = map.oldSection(ofNewSection: new.path.section).map { ItemPath(section: $0, item: 0) }
      }
      return path.map { ElementKey(kind: new.kind, path: $0) }
    }
    func entry(
      _ kind: ElementKind, _ old: ElementKey?, _ new: ElementKey?, _ from: Rect?, _ to: Rect?
    ) -> LayoutTransition? {
      let before = old?.path
      let after = new?.path
      switch (from, to) {
      case (let f?, let t?):
        return LayoutTransition(
          kind: kind, before: before, after: after, from: f, to: t, fromAlpha: 1, toAlpha: 1)
      case (nil, let t?):
        return LayoutTransition(
          kind: kind, before: before, after: after, from: t, to: t, fromAlpha: 0, toAlpha: 1)
      case (let f?, nil):
        return LayoutTransition(
          kind: kind, before: before, after: after, from: f, to: f, fromAlpha: 1, toAlpha: 0)
      case (nil, nil):
        return nil
      }
    }

    var staying: [(ElementKey, LayoutTransition)] = []  // by after-space key
    var leaving: [(ElementKey, LayoutTransition)] = []  // by before-space key
    var covered = Set<ElementKey>()
    for element in before.elements(in: viewportBefore) {
      let old = ElementKey(kind: element.kind, path: element.path)
      if let new = newKey(old) {
        covered.insert(new)
        if let t = entry(element.kind, old, new, element.frame, frame(new, in: after)) {
          staying.append((new, t))
        }
      } else if let t = entry(element.kind, old, nil, element.frame, nil) {
        leaving.append((old, t))
      }
    }
    for element in after.elements(in: viewportAfter) {
      let new = ElementKey(kind: element.kind, path: element.path)
      guard !covered.contains(new) else { continue }
      let old = oldKey(new)
      if let t = entry(element.kind, old, new, old.flatMap { frame($0, in: before) }, element.frame)
      {
        staying.append((new, t))
      }
    }
    staying.sort { $0.0 < $1.0 }
    leaving.sort { $0.0 < $1.0 }
    return staying.map(\.1) + leaving.map(\.1)
  }
}

/// An element's kind and path (item 0 for headers and footers), ordered as the transitions list
/// their entries: by section, then header, items, footer.
private struct ElementKey: Hashable, Comparable {
  var kind: ElementKind
  var path: ItemPath

  private var rank: Int {
    switch kind {
    case .header: 0
    case .item: 1
    case .footer: 2
    }
  }

  static func < (a: ElementKey, b: ElementKey) -> Bool {
    (a.path.section, a.rank, a.path.item) < (b.path.section, b.rank, b.path.item)
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
