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
    let pending = VisibleTransitions(
      shownBefore: before.elements(in: viewportBefore), after: after, by: update,
      viewportAfter: viewportAfter)
    return pending.finished(oldFrames: pending.oldFramesNeeded.map { before.frame(of: $0) })
  }
}

/// `LayoutTransition.visibleTransitions` in two steps, for a caller that reads the layout
/// before the batch after it was applied (`BatchJournal`): the elements shown before and the
/// layout after give the list but for the old frames of the elements that came into view;
/// `finished(oldFrames:)` takes those.
struct VisibleTransitions {
  /// Entries by after-space key (kept or inserted), and by before-space key (deleted).
  private var staying: [(ElementKey, LayoutTransition)] = []
  private var leaving: [(ElementKey, LayoutTransition)] = []
  /// The elements shown after that were not shown before: key after, key before (`nil` when
  /// inserted), frame after.
  private var entering: [(new: ElementKey, old: ElementKey?, to: Rect)] = []

  /// The before-space elements whose frames before the batch `finished(oldFrames:)` needs, in
  /// its order.
  var oldFramesNeeded: [(kind: ElementKind, path: ItemPath)] {
    entering.compactMap { $0.old.map { ($0.kind, $0.path) } }
  }

  /// - Parameters:
  ///   - shownBefore: `before.elements(in: viewportBefore)`, read before the batch.
  ///   - after: the layout after it.
  /// - Complexity: O(e log e + (k + m)(log n + log e)), as `visibleTransitions`.
  init<E: LayoutEngine>(
    shownBefore: [LayoutElement], after: E, by update: BatchUpdate, viewportAfter: Rect
  ) {
    let map = BatchPathMap(update)
    var moveSource: [ItemPath: ItemPath] = [:]
    for move in update.moveItems { moveSource[move.to] = move.from }
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
    var covered = Set<ElementKey>()
    for element in shownBefore {
      let old = ElementKey(kind: element.kind, path: element.path)
      if let new = newKey(old) {
        covered.insert(new)
        if let t = Self.entry(
          element.kind, old, new, element.frame, after.frame(of: (new.kind, new.path)))
        {
          staying.append((new, t))
        }
      } else if let t = Self.entry(element.kind, old, nil, element.frame, nil) {
        leaving.append((old, t))
      }
    }
    for element in after.elements(in: viewportAfter) {
      let new = ElementKey(kind: element.kind, path: element.path)
      guard !covered.contains(new) else { continue }
      entering.append((new, oldKey(new), element.frame))
    }
  }

  /// The frames before the batch of `oldFramesNeeded`, in its order, when each is among
  /// `known` (elements read before the batch); `nil` when one is not.
  ///
  /// - Complexity: O(j + k) for j elements known and k needed.
  func oldFrames(among known: [LayoutElement]) -> [Rect?]? {
    let needed = oldFramesNeeded
    guard !needed.isEmpty else { return [] }
    var frames: [ElementKey: Rect] = [:]
    frames.reserveCapacity(known.count)
    for element in known { frames[ElementKey(kind: element.kind, path: element.path)] = element.frame }
    var result: [Rect?] = []
    result.reserveCapacity(needed.count)
    for (kind, path) in needed {
      guard let frame = frames[ElementKey(kind: kind, path: path)] else { return nil }
      result.append(frame)
    }
    return result
  }

  /// The list, given the frames before the batch of `oldFramesNeeded` (in its order; `nil`
  /// for an element without one).
  ///
  /// - Complexity: O(k log k) for the k entries.
  func finished(oldFrames: [Rect?]) -> [LayoutTransition] {
    var staying = staying
    var leaving = leaving
    var next = 0
    for (new, old, to) in entering {
      var from: Rect?
      if old != nil {
        from = oldFrames[next]
        next += 1
      }
      if let t = Self.entry(new.kind, old, new, from, to) { staying.append((new, t)) }
    }
    staying.sort { $0.0 < $1.0 }
    leaving.sort { $0.0 < $1.0 }
    return staying.map(\.1) + leaving.map(\.1)
  }

  /// The entry of an element with frames `from` before and `to` after (`nil`: none).
  private static func entry(
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
}

extension LayoutEngine {
  /// The frame of an item, header or footer (laid out), `nil` when it has none or does not
  /// exist.
  ///
  /// - Complexity: one frame lookup.
  func frame(of element: (kind: ElementKind, path: ItemPath)) -> Rect? {
    switch element.kind {
    case .item: try? frame(ofItemAt: element.path)
    case .header, .footer:
      (try? supplementaryFrame(element.kind, inSection: element.path.section)) ?? nil
    }
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
