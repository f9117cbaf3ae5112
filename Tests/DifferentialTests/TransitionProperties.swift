import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import PropertyBased
import Testing

/// Transitions (`docs/semantics.md`, "Transitions") for random batches: the index mapping agrees
/// with the data transformation run on items that carry their identity in their size, and the
/// entries cover every element with a frame before or after, with UIKit's alphas.
@Suite("Transition properties")
struct TransitionProperties {
  /// `input` with every item's width replaced by a unique identity (1, 2, …) and every section's
  /// header by its identity (1, 2, …); heights 0.
  static func tagged(_ input: LayoutInput) -> (LayoutInput, [Double: ItemPath]) {
    var ids: [Double: ItemPath] = [:]
    var next = 1.0
    var copy = input
    for s in copy.sections.indices {
      copy.sections[s].header = Double(s + 1)
      for i in 0..<copy.sections[s].count {
        copy.sections[s].itemWidths[i] = next
        copy.sections[s].itemHeights[i] = 0
        ids[next] = ItemPath(s, i)
        next += 1
      }
    }
    return (copy, ids)
  }

  /// `batch` with inserted items and sections tagged ≥ 10⁶ and resizes keeping the identity.
  static func tagged(_ batch: BatchUpdate, _ input: LayoutInput) -> BatchUpdate {
    var b = batch
    var next = 1_000_000.0
    for k in b.insertItems.indices {
      b.insertItems[k].size = Size(next, 0)
      next += 1
    }
    for k in b.resizeItems.indices {
      let p = b.resizeItems[k].at
      if input.sections.indices.contains(p.section), p.item >= 0,
        p.item < input.sections[p.section].count
      {
        b.resizeItems[k].size = Size(input.sections[p.section].itemWidths[p.item], 0)
      }
    }
    for k in b.insertSections.indices {
      b.insertSections[k].section.header = next
      next += 1
      for i in 0..<b.insertSections[k].section.count {
        b.insertSections[k].section.itemWidths[i] = next
        b.insertSections[k].section.itemHeights[i] = 0
        next += 1
      }
    }
    return b
  }

  @Test("the index mapping agrees with the data transformation; entries and alphas as UIKit's")
  func randomBatches() {
    var rng = Xoshiro(seed: (0x7a25, 0x1710, 0x0b5e, 0x4e11))
    let generator = ScenarioRecipe.generator(maxSections: 4, maxItems: 20, maxEdits: 10)
    var viewports = Xoshiro(seed: (0x7a25, 0x1710, 0x0b5e, 0x4e12))
    var checked = 0
    var strictSubsets = 0
    for _ in 0..<max(DifferentialCorpus.propertyCount / 5, 100) {
      let recipe = generator.run(using: &rng)
      guard var engine = try? ReferenceFlowLayout(recipe.input),
        var fast = try? FastFlowLayout(recipe.input)
      else { continue }
      _ = recipe.batches(startingFrom: recipe.input) { batch in
        let before = engine
        let fastBefore = fast
        guard (try? engine.apply(batch)) != nil, (try? fast.apply(batch)) != nil else {
          return nil
        }
        check(before: before, after: engine, batch: batch)
        // The fast engine's transitions equal the reference's (frames within the contract).
        let a = try? LayoutTransition.transitions(
          from: fastBefore, to: fast, by: batch, presentation: .plain)
        let b = try? LayoutTransition.transitions(
          from: before, to: engine, by: batch, presentation: .plain)
        if let a, let b {
          let same =
            a.count == b.count
            && zip(a, b).allSatisfy { x, y in
              x.kind == y.kind && x.before == y.before && x.after == y.after
                && x.fromAlpha == y.fromAlpha && x.toAlpha == y.toAlpha
                && EqualityContract.close(x.from, y.from) && EqualityContract.close(x.to, y.to)
            }
          if !same { Issue.record("fast and reference transitions differ for \(batch)") }
        } else {
          Issue.record("transitions refused for \(batch)")
        }
        if Self.checkVisible(before: before, after: engine, batch: batch, &viewports) {
          strictSubsets += 1
        }
        if Self.checkVisible(before: fastBefore, after: fast, batch: batch, &viewports) {
          strictSubsets += 1
        }
        checked += 1
        return engine.input
      }
    }
    #expect(checked > 100)
    // The viewports show some elements but not all, often enough to tell.
    #expect(strictSubsets > checked / 4, "\(strictSubsets) of \(checked)")
  }

  func check(before: ReferenceFlowLayout, after: ReferenceFlowLayout, batch: BatchUpdate) {
    let input = before.input
    guard
      let mapping = try? batch.indexMapping(
        itemCounts: input.sections.map(\.count), configuration: input.configuration,
        bounds: input.bounds)
    else {
      Issue.record("a batch the engine applied has no mapping: \(batch)")
      return
    }
    // 1. The oracle: identities through `LayoutInput.applying`.
    let (taggedInput, ids) = Self.tagged(input)
    guard let moved = try? taggedInput.applying(Self.tagged(batch, taggedInput)) else {
      Issue.record("the tagged batch is refused: \(batch)")
      return
    }
    for (n, section) in moved.sections.enumerated() {
      let oldSection = section.header < 1_000_000 ? Int(section.header) - 1 : nil
      if mapping.oldSectionOfNewSection[n] != oldSection {
        Issue.record(
          "section \(n): mapping \(String(describing: mapping.oldSectionOfNewSection[n])) vs data \(String(describing: oldSection)) in \(batch)"
        )
        return
      }
      for i in 0..<section.count {
        let expected = ids[section.itemWidths[i]]
        if mapping.oldPathOfNewItem[n][i] != expected {
          Issue.record(
            "item [\(n), \(i)]: mapping \(String(describing: mapping.oldPathOfNewItem[n][i])) vs data \(String(describing: expected)) in \(batch)"
          )
          return
        }
        if let expected, mapping.newPathOfOldItem[expected.section][expected.item] != ItemPath(n, i)
        {
          Issue.record("inverse mapping of \(expected) in \(batch)")
          return
        }
      }
    }
    // The batch's path map inverts as the mapping does.
    let map = BatchPathMap(batch)
    let moveSources = Set(batch.moveItems.map(\.to))
    for (n, o) in mapping.oldSectionOfNewSection.enumerated()
    where map.oldSection(ofNewSection: n) != o {
      Issue.record("oldSection(ofNewSection: \(n)) != \(String(describing: o)) in \(batch)")
      return
    }
    for (n, items) in mapping.oldPathOfNewItem.enumerated() {
      for (i, expected) in items.enumerated() {
        let path = ItemPath(n, i)
        let got = map.path(before: path)
        if got != (moveSources.contains(path) ? nil : expected) {
          Issue.record("path(before: \(path)) = \(String(describing: got)) in \(batch)")
          return
        }
      }
    }
    // 2. The entries: one per element with a frame before or after, alphas by visibility.
    guard
      let transitions = try? LayoutTransition.transitions(
        from: before, to: after, by: batch, presentation: .plain)
    else {
      Issue.record("transitions refused \(batch)")
      return
    }
    let beforeItems = Set(before.allElements.filter { $0.kind == .item }.map(\.path))
    let afterItems = Set(after.allElements.filter { $0.kind == .item }.map(\.path))
    let items = transitions.filter { $0.kind == .item }
    if Set(items.compactMap(\.before)).isSuperset(of: beforeItems) == false
      || Set(items.compactMap(\.after)).isSuperset(of: afterItems) == false
      || items.count
        != Set(items.map { "\(String(describing: $0.before))\(String(describing: $0.after))" })
        .count
    {
      Issue.record("entries do not cover the items exactly once: \(batch)")
    }
    for t in items {
      let had = t.before.map(beforeItems.contains) ?? false
      let has = t.after.map(afterItems.contains) ?? false
      let expected = (had ? 1 : 0, has ? 1 : 0)
      if (t.fromAlpha, t.toAlpha) != expected || !(had || has) {
        Issue.record("\(t) alphas vs visibility \(had) → \(has) in \(batch)")
        return
      }
      if t.fromAlpha != t.toAlpha, t.from != t.to {
        Issue.record("\(t) appears or disappears but moves")
        return
      }
      if let a = t.after, let b = t.before, mapping.oldPathOfNewItem[a.section][a.item] != b {
        Issue.record("\(t) does not follow the mapping")
        return
      }
    }
  }

  /// `LayoutTransition.visibleTransitions` for two random viewports is exactly the whole
  /// answer's entries whose element the before layout's rect query returns for the first
  /// viewport or the after layout's returns for the second, in the same order.
  ///
  /// - Returns: whether the visible entries are some but not all of the whole answer's.
  static func checkVisible<E: PresentingLayoutEngine>(
    before: E, after: E, batch: BatchUpdate, _ rng: inout Xoshiro
  ) -> Bool {
    guard
      let all = try? LayoutTransition.transitions(
        from: before, to: after, by: batch, presentation: .plain)
    else { return false }
    func viewport(_ engine: E) -> Rect {
      let size = engine.contentSize
      let bounds = engine.input.bounds
      let x = Double(rng.next() % 5) / 4 * max(0, size.width - bounds.width)
      let y = Double(rng.next() % 9) / 8 * max(0, size.height - bounds.height / 2)
      return Rect(x: x - 20, y: y - 20, width: bounds.width / 2, height: bounds.height / 3)
    }
    let v0 = viewport(before)
    let v1 = viewport(after)
    func key(_ kind: ElementKind, _ path: ItemPath) -> String {
      "\(kind.rawValue) \(path.section) \(path.item)"
    }
    let shownBefore = Set(before.elements(in: v0).map { key($0.kind, $0.path) })
    let shownAfter = Set(after.elements(in: v1).map { key($0.kind, $0.path) })
    let expected = all.filter { (t: LayoutTransition) -> Bool in
      t.before.map { shownBefore.contains(key(t.kind, $0)) } == true
        || t.after.map { shownAfter.contains(key(t.kind, $0)) } == true
    }
    let visible = LayoutTransition.visibleTransitions(
      from: before, to: after, by: batch, viewportBefore: v0, viewportAfter: v1)
    if visible != expected {
      Issue.record(
        "\(E.engineName): visible transitions in \(v0) → \(v1) differ from the filtered whole answer for \(batch):\n\(visible)\nexpected \(expected)"
      )
    }
    return !visible.isEmpty && visible.count < all.count
  }
}
