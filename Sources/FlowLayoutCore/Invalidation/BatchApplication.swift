import FlowLayoutModel

extension FastFlowLayout {
  /// Applies a batch (UIKit index semantics): validated as a whole first, so a rejected batch
  /// leaves the engine exactly as it was; then resizes, removals and insertions are applied to
  /// the item columns, and each edited section is laid out again from its first touched line
  /// only (closed form when uniform). A bounds change that changes the line length lays every
  /// section out again.
  ///
  /// - Complexity: O(e log e + s) to validate, then per edited section O(k + log r) for the k
  ///   items of re-broken lines, plus O(n − f + r) when its item count changes (memory move and
  ///   line renumbering). See `WorkCounters`.
  /// - Throws: what `BatchUpdate.validate(itemCounts:configuration:bounds:field:)` throws.
  public mutating func apply(_ update: BatchUpdate) throws(LayoutError) {
    let plan = try update.validate(
      itemCounts: sections.map(\.count), configuration: configuration, bounds: bounds)
    // Nothing below throws.
    let newRules = LayoutRules(configuration: plan.newConfiguration, bounds: plan.newBounds)
    let relayoutAll = newRules != rules
    let transposed = rules.transposed
    func working(_ size: Size) -> Size { transposed ? size.transposed : size }
    var counters = workCounters

    // The common case — no section inserted or deleted, the line rules unchanged — touches only
    // the edited sections, in place: O(e log e) here instead of O(s).
    if !relayoutAll && update.insertSections.isEmpty && update.deleteSections.isEmpty
      && update.moveSections.isEmpty
    {
      applyInPlace(update, working: working, counters: &counters)
      rules = newRules
      bounds = plan.newBounds
      configuration = plan.newConfiguration
      workCounters = counters
      refreshSectionOffsets()
      return
    }

    // Before-space edits per old section.
    let oldCount = sections.count
    var edits = [SectionEdit](repeating: SectionEdit(), count: oldCount)
    for r in update.resizeItems { edits[r.at.section].resizes.append((r.at.item, working(r.size))) }
    for d in update.deleteItems { edits[d.section].removals.append(d.item) }
    for m in update.moveItems { edits[m.from.section].removals.append(m.from.item) }

    // Resizes first (a moved item takes its new size along).
    var resized = [(first: Int, last: Int)?](repeating: nil, count: oldCount)
    for s in 0..<oldCount where !edits[s].resizes.isEmpty {
      resized[s] = sections[s].applyResizes(edits[s].resizes, rules: rules, counters: &counters)
    }

    // After-space insertions per new section.
    let newCount = plan.oldSectionOfNewSection.count
    var insertions = [[(index: Int, size: Size)]](repeating: [], count: newCount)
    for m in update.moveItems {
      let source = sections[m.from.section].items
      let size = Size(width: source.widths[m.from.item], height: source.heights[m.from.item])
      insertions[m.to.section].append((m.to.item, size))
    }
    for i in update.insertItems { insertions[i.at.section].append((i.at.item, working(i.size))) }

    // The new section list; surviving sections are moved out, not copied.
    var old = sections
    sections = []
    var new: [SectionLayout] = []
    new.reserveCapacity(newCount)
    for (n, o) in plan.oldSectionOfNewSection.enumerated() {
      guard let o else {
        let data = update.insertSections.first(where: { $0.at == n })!.section
        new.append(
          SectionLayout(
            data, transposed: transposed, rules: newRules, kernels: kernels, counters: &counters))
        continue
      }
      var section = SectionLayout.placeholder
      swap(&section, &old[o])
      var edit = edits[o]
      edit.removals.sort()
      edit.insertions = insertions[n].sorted { $0.index < $1.index }
      if relayoutAll {
        if !edit.removals.isEmpty || !edit.insertions.isEmpty {
          section.items.splice(removing: edit.removals, inserting: edit.insertions)
        }
        section.layOut(rules: newRules, kernels: kernels, counters: &counters)
      } else {
        section.applySplice(
          edit, resized: resized[o], rules: newRules, kernels: kernels, counters: &counters)
      }
      new.append(section)
    }
    sections = new
    rules = newRules
    bounds = plan.newBounds
    configuration = plan.newConfiguration
    workCounters = counters
    refreshSectionOffsets()
  }

  /// `apply(_:)` for a validated batch that keeps every section and the line rules: each edited
  /// section is spliced and re-broken in place, in the same order as the general path (resizes,
  /// then move sources read, then removals and insertions).
  ///
  /// - Complexity: O(e log e) plus, per edited section, what `applySplice` costs.
  private mutating func applyInPlace(
    _ update: BatchUpdate, working: (Size) -> Size, counters: inout WorkCounters
  ) {
    var edits: [Int: SectionEdit] = [:]
    for r in update.resizeItems {
      edits[r.at.section, default: SectionEdit()].resizes.append((r.at.item, working(r.size)))
    }
    for d in update.deleteItems { edits[d.section, default: SectionEdit()].removals.append(d.item) }
    for m in update.moveItems {
      edits[m.from.section, default: SectionEdit()].removals.append(m.from.item)
    }
    // Resizes first (a moved item takes its new size along).
    var resized: [Int: (first: Int, last: Int)] = [:]
    for (s, edit) in edits where !edit.resizes.isEmpty {
      resized[s] = sections[s].applyResizes(edit.resizes, rules: rules, counters: &counters)
    }
    for m in update.moveItems {
      let size = Size(
        width: sections[m.from.section].items.widths[m.from.item],
        height: sections[m.from.section].items.heights[m.from.item])
      edits[m.to.section, default: SectionEdit()].insertions.append((m.to.item, size))
    }
    for i in update.insertItems {
      edits[i.at.section, default: SectionEdit()].insertions.append((i.at.item, working(i.size)))
    }
    for s in edits.keys.sorted() {
      var edit = edits[s]!
      edit.removals.sort()
      edit.insertions.sort { $0.index < $1.index }
      sections[s].applySplice(
        edit, resized: resized[s], rules: rules, kernels: kernels, counters: &counters)
    }
  }
}
