import FlowLayoutModel

/// One section's share of a validated batch, in the working orientation: resizes and removals
/// by index before the update, insertions by index after it (both ascending), as UIKit applies
/// them.
struct SectionEdit: Sendable {
  var resizes: [(index: Int, size: Size)] = []
  var removals: [Int] = []
  var insertions: [(index: Int, size: Size)] = []
  /// Moved items arriving in this section (index after the update, source before it), turned
  /// into insertions once their sizes are read (after every resize).
  var moves: [(index: Int, from: ItemPath)] = []

  var isEmpty: Bool { resizes.isEmpty && removals.isEmpty && insertions.isEmpty }

  /// Whether the edit may change item 0: it removes, resizes or inserts at index 0.
  ///
  /// - Precondition: each list ascending.
  /// - Complexity: O(1).
  var touchesFirstItem: Bool {
    removals.first == 0 || resizes.first?.index == 0 || insertions.first?.index == 0
  }

  /// Turns the moves into insertions of the sizes `size(source)` reads, then sorts the removals
  /// and insertions ascending (capacities kept).
  ///
  /// - Complexity: O(m + e log e) for m moves (plus their reads) and e edits.
  mutating func insertMovedItems(sizedBy size: (ItemPath) -> Size) {
    for (to, from) in moves { insertions.append((to, size(from))) }
    moves.removeAll(keepingCapacity: true)
    removals.sortInPlace()
    insertions.sortInPlace { $0.index < $1.index }
  }
}

extension Page {
  /// Applies resizes in place (old indices); a resize to the size an item has changes nothing.
  ///
  /// - Returns: the touched old indices' range bounds (`first`, `last`), or `nil`.
  /// - Complexity: O(e).
  mutating func applyResizes(
    _ resizes: [(index: Int, size: Size)], rules: LayoutRules, kernels: KernelSelection,
    counters: inout WorkCounters
  ) -> (first: Int, last: Int)? {
    if let admitted = equalWidthAdmits(resizes.lazy.map(\.size.width)) {
      if admitted {
        return applyEqualWidthResizes(resizes, rules: rules, counters: &counters)
      }
      // An item of another width: a table from here on (O(n), once).
      leaveEqualWidth(rules: rules, kernels: kernels, counters: &counters)
    }
    if case .uniform(var u) = lines, var sizes = u.keptSizes {
      // Sizes the closed form ignores: kept, nothing laid out again.
      lines = .uniform(Self.noLines)  // `sizes` uniquely referenced
      u.keptSizes = nil
      for (i, size) in resizes {
        sizes.value.setWidth(size.width, ofItem: i)
        counters.phaseSummaryWork += sizes.value.setHeight(size.height, ofItem: i)
      }
      u.keptSizes = sizes
      lines = .uniform(u)
      return nil
    }
    var first = Int.max
    var last = -1
    let tracks = rules.placement == .uikit
    for (i, size) in resizes {
      if items.widths[i] == size.width, items.heights[i] == size.height { continue }
      // Computed leading positions stay computed (the re-break stores them if a line grows
      // past `Page.computedLineLimit`: `place(lines:of:rules:counters:)`).
      let widthChanges = items.widths[i].bitPattern != size.width.bitPattern
      if tracks {
        adjacentDifferences -= items.sizesDiffer(i - 1, i) + items.sizesDiffer(i, i + 1)
      }
      // Written only when it changes: a write forgets that the widths are equal
      // (`ItemColumns.widthsKnownEqual`), which a height-only resize keeps.
      if widthChanges { items.widths[i] = size.width }
      items.heights[i] = size.height
      if tracks {
        adjacentDifferences += items.sizesDiffer(i - 1, i) + items.sizesDiffer(i, i + 1)
        counters.sizesCompared += 4
      }
      first = min(first, i)
      last = max(last, i)
    }
    return last < 0 ? nil : (first, last)
  }

  /// Applies the removals and insertions of `edit` (after `applyResizes`, which returned
  /// `resized`), then lays out only what changed: the closed form again, or the touched regions
  /// re-broken until their lines catch up (`catchUpLines`; column flows: `rebuildGridLines`;
  /// `.horizontalScroll`: `rebuildScrollLine`). `scratch.lastLineKept` tells whether the last line
  /// holds the same items as before.
  ///
  /// - Complexity: O(c) closed form; else O(e log e + k + log r) for e edits and k items in
  ///   re-broken lines, plus O(n − f) memory move and O(r) renumbering when the count changes.
  mutating func applySplice(
    _ edit: SectionEdit, resized: (first: Int, last: Int)?, rules: LayoutRules,
    kernels: KernelSelection, scratch: inout LineScratch,
    counters: inout WorkCounters
  ) {
    scratch.lastLineKept = false  // set by the greedy re-breaks below only
    if let admitted = equalWidthAdmits(edit.insertions.lazy.map(\.size.width)) {
      if admitted {
        applyEqualWidthSplice(edit, rules: rules, kernels: kernels, counters: &counters)
        return
      }
      // An item of another width: a table from here on (O(n), once), spliced below.
      leaveEqualWidth(rules: rules, kernels: kernels, counters: &counters)
    }
    if keepsSizes {
      applyKeptSizesSplice(edit, rules: rules, kernels: kernels, counters: &counters)
      return
    }
    var first = resized?.first ?? Int.max
    if let r = edit.removals.first { first = min(first, r) }
    if let i = edit.insertions.first { first = min(first, i.index) }
    guard first != Int.max else { return }
    let delta = edit.insertions.count - edit.removals.count
    if !edit.removals.isEmpty || !edit.insertions.isEmpty {
      let tracks = rules.placement == .uikit
      if tracks {
        let (change, compared) = items.sizeDifferenceChange(removing: edit.removals)
        adjacentDifferences += change
        counters.sizesCompared += compared
      }
      // Computed leading positions stay computed, as for resizes: no column to move here.
      // Every item from the first touched one on moves in memory (one `memmove` per column).
      counters.itemsSpliced += count - min(first, count)
      items.splice(removing: edit.removals, inserting: edit.insertions)
      if tracks {
        // An insertion undoes a removal from the columns as they are now.
        let (change, compared) = items.sizeDifferenceChange(
          removing: edit.insertions.map(\.index))
        adjacentDifferences -= change
        counters.sizesCompared += compared
      }
    }

    switch lines {
    case .equalWidth, .taken:
      return  // applied above (never taken here)
    case .uniform:
      // No binding of the closed form held here: `recountClosedForm` rewrites its tables in
      // place only while they are uniquely referenced.
      if case .own = rules.sizing, let size = closedFormItemSize {
        let keeps =
          count > 0
          && edit.resizes.allSatisfy { $0.size == size }
          && edit.insertions.allSatisfy { $0.size == size }
        guard keeps else {
          layOut(rules: rules, kernels: kernels, counters: &counters)
          return
        }
      }
      if recountClosedForm(rules: rules) {
        counters.itemsPositioned += closedFormPositions
        updateHeight(rules: rules)
      } else {
        layOut(rules: rules, kernels: kernels, counters: &counters)
      }
    case .table:
      if case .fixedCount(let c) = rules.breaking {
        let shifted = !edit.removals.isEmpty || !edit.insertions.isEmpty
        if !shifted { Self.sortedIndices(of: edit.resizes, into: &scratch.indices) }
        rebuildGridLines(
          columns: c, first: first, shifted: shifted, resized: shifted ? [] : scratch.indices,
          rules: rules, kernels: kernels, counters: &counters)
        return
      }
      if rules.breaking == .noWrap {
        rebuildScrollLine(first: first, rules: rules, kernels: kernels, counters: &counters)
        return
      }
      if rules.placement == .uikit { sameSize = adjacentDifferences == 0 }
      let edits = edit.removals.count + edit.insertions.count + edit.resizes.count
      if Self.relaysOutWhole(edits: edits, itemCount: count), rules.breaking == .greedy {
        // Edits so dense that nearly every line is touched: the page's table is laid out once by the
        // full-layout pass.
        counters.sectionsLaidOut += 1
        layOutTable(rules: rules, kernels: kernels, counters: &counters)
        updateHeight(rules: rules)
        scratch.lastLineKept = false
        return
      }
      // Each touched region re-broken until its lines catch up with the old ones, the lines
      // between regions copied: one pass, whatever the number of edits.
      scratch.lastLineKept = true  // cleared by the catch-up unless it kept the last line
      if edits == 1 {
        // One edit at `first`: the items after it are kept (`KeptRun.runs`' last run).
        let tail = first + max(delta, 0) + (edit.resizes.isEmpty ? 0 : 1)
        catchUpLines(
          fromLine: lineBefore(first),
          keeping: tail < count
            ? KeptRun(newStart: tail, oldStart: tail - delta, count: count - tail) : nil,
          oldItemCount: count - delta, rules: rules, kernels: kernels, scratch: &scratch,
          counters: &counters)
        return
      }
      Self.sortedIndices(of: edit.resizes, into: &scratch.indices)
      KeptRun.runs(
        oldCount: count - delta, removals: edit.removals, resized: scratch.indices,
        insertions: edit.insertions, into: &scratch.runs)
      catchUpLines(
        fromLine: lineBefore(first), oldItemCount: count - delta, rules: rules,
        kernels: kernels, scratch: &scratch, counters: &counters)
    }
  }

  /// Whether `edits` edits in `itemCount` items re-break faster by a full layout than region by
  /// region (at least one edit per `denseEditSpacing` items).
  ///
  /// - Complexity: O(1).
  static func relaysOutWhole(edits: Int, itemCount: Int) -> Bool {
    edits > 1 && edits * denseEditSpacing >= itemCount
  }

  /// Items per edit at or below which a batch lays a greedy page out whole
  /// (`relaysOutWhole(edits:itemCount:)`).
  static let denseEditSpacing = 16

  /// The distinct indices of `resizes`, ascending, in `indices` (emptied first, capacity kept).
  ///
  /// - Complexity: O(e log e).
  static func sortedIndices(of resizes: [(index: Int, size: Size)], into indices: inout [Int]) {
    indices.removeAll(keepingCapacity: true)
    for r in resizes { indices.append(r.index) }
    indices.sortRemovingDuplicates()
  }

  /// The line where re-breaking for an edit at item `i` starts: the line holding item `i − 1`
  /// (clamped to the visible items).
  ///
  /// - Complexity: O(log r).
  func lineBefore(_ i: Int) -> Int {
    guard case .table(let table) = lines, table.lineCount > 0 else { return 0 }
    return table.line(containing: min(max(i - 1, 0), max(table.visibleEnd - 1, 0)))
  }
}

extension Page {
  /// Whether equal-width lines admit every width of `widths`; `nil` when the lines are not
  /// equal-width. (No binding of the lines outlives it: the edits that follow need them unique.)
  ///
  /// - Complexity: O(e) for e widths.
  func equalWidthAdmits(_ widths: some Sequence<Double>) -> Bool? {
    guard case .equalWidth(let e) = lines else { return nil }
    return widths.allSatisfy { e.admits(width: $0) }
  }

  /// Whether the lines are a closed form that keeps the sizes it ignores
  /// (`UniformLines.keptSizes`).
  ///
  /// - Complexity: O(1).
  var keepsSizes: Bool {
    if case .uniform(let u) = lines { return u.keptSizes != nil }
    return false
  }

  /// Resizes in equal-width lines (every new width admitted, `EqualWidthLines.admits`): each
  /// sets one height (and a column flow's kept width).
  ///
  /// - Returns: the range bounds of the indices whose height changed, or `nil`.
  /// - Complexity: O(e · (c·k + log p · k)).
  private mutating func applyEqualWidthResizes(
    _ resizes: [(index: Int, size: Size)], rules: LayoutRules, counters: inout WorkCounters
  ) -> (first: Int, last: Int)? {
    guard case .equalWidth(var e) = lines else { return nil }
    lines = .uniform(Self.noLines)  // `e` uniquely referenced
    var first = Int.max
    var last = -1
    for (i, size) in resizes {
      if e.heights.keepsWidths { e.heights.setWidth(size.width, ofItem: i) }
      guard e.heights.height(ofItem: i) != size.height else { continue }
      counters.phaseSummaryWork += e.heights.setHeight(size.height, ofItem: i)
      first = min(first, i)
      last = max(last, i)
    }
    lines = .equalWidth(e)
    updateHeight(rules: rules)
    return last < 0 ? nil : (first, last)
  }

  /// Removals and insertions in equal-width lines, which admit every inserted item's width; a
  /// section left without items becomes an empty table.
  ///
  /// - Complexity: O(e log p + d·(c·k + log p · k)) for e edits in d leaves (`PhasedLines`).
  private mutating func applyEqualWidthSplice(
    _ edit: SectionEdit, rules: LayoutRules, kernels: KernelSelection,
    counters: inout WorkCounters
  ) {
    guard case .equalWidth(var e) = lines else { return }
    guard !edit.removals.isEmpty || !edit.insertions.isEmpty else {
      updateHeight(rules: rules)
      return
    }
    lines = .uniform(Self.noLines)  // `e` uniquely referenced
    counters.phaseSummaryWork += e.heights.splice(
      removing: edit.removals, inserting: edit.insertions)
    if e.count == 0 {
      items = ItemColumns(widths: [], heights: [])
      layOut(rules: rules, kernels: kernels, counters: &counters)
      return
    }
    e.updatePositions(rules: rules)
    counters.itemsPositioned += e.positions.fullLineX.count + e.positions.lastLineX.count
    lines = .equalWidth(e)
    updateHeight(rules: rules)
  }
}

extension Page {
  /// A long closed-form section whose own sizes the layout ignores keeps them in leaves from here
  /// on (`UniformLines.keptSizes`), so that its edits cost O(c + log p).
  ///
  /// - Returns: whether the sizes moved to leaves here.
  /// - Complexity: O(n).
  mutating func keepSizesInLeaves(rules: LayoutRules, leafTarget: Int) -> Bool {
    guard UniformLines.ignoresSizes(under: rules), case .uniform(var u) = lines,
      u.keptSizes == nil, items.count > 0
    else { return false }
    u.keptSizes = CopyOnWrite(
      PhasedLines(heights: items.heights, widths: items.widths, perLine: 1, leafTarget: leafTarget))
    items = ItemColumns(widths: [], heights: [])
    lines = .uniform(u)
    return true
  }

  /// Removals and insertions in a closed form whose sizes are kept in leaves; a section left
  /// without items gets empty columns.
  ///
  /// - Complexity: O(e log p + d·c + c') for e edits in d leaves and the c' positions of a line.
  private mutating func applyKeptSizesSplice(
    _ edit: SectionEdit, rules: LayoutRules, kernels: KernelSelection,
    counters: inout WorkCounters
  ) {
    guard case .uniform(var u) = lines, var sizes = u.keptSizes else { return }
    guard !edit.removals.isEmpty || !edit.insertions.isEmpty else { return }
    lines = .uniform(Self.noLines)  // `sizes` uniquely referenced
    u.keptSizes = nil
    counters.phaseSummaryWork += sizes.value.splice(
      removing: edit.removals, inserting: edit.insertions)
    if sizes.value.count == 0 {
      items = ItemColumns(widths: [], heights: [])
      layOut(rules: rules, kernels: kernels, counters: &counters)
      return
    }
    u.keptSizes = sizes
    lines = .uniform(Self.noLines)  // `u` uniquely referenced
    // `closedForm`'s shape for the new count; its tables rewritten in place (no allocation).
    if let (size, perLine) = Self.closedFormShape(
      count: sizes.value.count, rules: rules, sameOwnSize: nil)
    {
      u.recount(sizes.value.count, size: size, perLine: perLine, rules: rules, sameSizeGrid: true)
    }
    lines = .uniform(u)
    counters.itemsPositioned += u.fullLineX.count + u.lastLineX.count
    updateHeight(rules: rules)
  }
}

extension [Int] {
  /// Sorts the values ascending and keeps one of each (capacity kept, no allocation).
  ///
  /// - Complexity: O(k log k).
  mutating func sortRemovingDuplicates() {
    sortInPlace()
    var kept = 0
    for k in indices where kept == 0 || self[k] != self[kept - 1] {
      self[kept] = self[k]
      kept += 1
    }
    removeLast(count - kept)
  }
}
