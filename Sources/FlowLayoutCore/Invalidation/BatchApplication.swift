import FlowLayoutModel

extension FastFlowLayout {
  /// Applies a batch (UIKit index semantics), validated as a whole first: a rejected batch leaves
  /// the engine exactly as it was.
  ///
  /// - Complexity: O(e log e + s) to validate; then per edited page O(c + k) for its c items and
  ///   the k items of re-broken lines, O(log p) per tree entry rewritten; O(p) when pages are added
  ///   or removed; section insertions and deletions as `replaceSections`. See `WorkCounters`.
  /// - Throws: what `BatchUpdate.validate(itemCounts:configuration:bounds:field:)` throws.
  public mutating func apply(_ update: BatchUpdate) throws(LayoutError) {
    try apply(update, validated: nil, map: nil)
  }

  /// `apply(_:)` without validating the batch again, and carrying the kept diagnostics with
  /// the batch's path map: the engine's own checks (section rules under new bounds) still run.
  ///
  /// - Complexity: `apply(_:)`'s, less the O(e log e) validation.
  /// - Throws: what `apply(_:)` throws past the validation; the engine is unchanged.
  public mutating func apply(validated batch: consuming ValidatedBatch) throws(LayoutError) {
    let update = batch.update
    let map = batch.map
    try apply(update, validated: batch.plan, map: map)
  }

  /// Batches this engine validated itself (`apply(_:)`); none for a batch applied through
  /// `apply(validated:)` (a session's).
  package var batchesValidated: Int { scratch.read(\.batchesValidated, none: 0) }

  /// Batch path maps this engine built itself (to carry kept diagnostics through a batch);
  /// none when the batch came with its map (`apply(validated:)`).
  package var pathMapsBuilt: Int { scratch.read(\.pathMapsBuilt, none: 0) }

  /// Item edits this engine copied into per-section lists before applying them; none for a
  /// large batch of one section's ascending deletions and insertions, applied from the
  /// batch's own lists.
  package var itemsListed: Int { scratch.read(\.itemsListed, none: 0) }

  /// Insertions a section rebuild merged from a batch's packed form (`PackedInsertions`: the
  /// mask and the sizes as sent, no list of insertions built), since the engine was made.
  package var packedInsertionsMerged: Int { scratch.read(\.packedInsertionsMerged, none: 0) }

  /// `apply(_:)` with the batch's plan when validated (`nil`: validated here) and its path map
  /// when built (`nil`: built if the diagnostics need one).
  private mutating func apply(
    _ update: BatchUpdate, validated: consuming BatchPlan?, map: BatchPathMap?
  ) throws(LayoutError) {
    guard let kept = diagnostics.take() else {
      return try applyLayout(update, validated: validated)
    }
    let rulesBefore = rules
    do { try applyLayout(update, validated: validated) } catch {
      diagnostics = consume kept
      throw error
    }
    let rebuilt = !update.moveSections.isEmpty && !update.editsSectionsOnly
    carryDiagnostics(
      kept, through: update, relaidOut: rebuilt || rules != rulesBefore, map: map)
  }

  /// The plan `validated` holds, or `update`'s validation against the engine as it is now.
  ///
  /// - Complexity: O(1) when validated; otherwise the validation's O(e log e + k log k).
  func plan(
    of update: BatchUpdate, validated: consuming BatchPlan?, scratch: inout EditScratch
  ) throws(LayoutError) -> BatchPlan {
    if let validated { return validated }
    scratch.batchesValidated += 1
    return try update.validate(
      itemCounts: validationCounts, configuration: configuration, bounds: bounds,
      scratch: &scratch.validation)
  }

  /// `apply(_:)` but for the kept diagnostics (`keepDiagnostics()`).
  private mutating func applyLayout(_ update: BatchUpdate, validated: consuming BatchPlan?)
    throws(LayoutError)
  {
    var scratch = self.scratch.take()
    defer {
      scratch.trim()
      self.scratch.restore(&scratch)
    }
    if !update.moveSections.isEmpty {
      return try applyMovingSections(update, validated: validated, scratch: &scratch)
    }
    let plan = try self.plan(of: update, validated: validated, scratch: &scratch)
    let newBounds = plan.newBounds
    let newConfiguration = plan.newConfiguration
    let newRules = LayoutRules(configuration: newConfiguration, bounds: newBounds)
    // Changed rules change every section's own ones, which must still leave a line.
    let relayoutAll = newRules != rules
    if relayoutAll {
      try validateOwnMetrics(
        configuration: newConfiguration, bounds: newBounds, sectionCount: plan.newSectionCount,
        oldSection: { plan.oldSection(ofNewSection: $0) })
    }
    // Nothing below throws.
    let changesSections = !update.insertSections.isEmpty || !update.deleteSections.isEmpty
    // Item edits per section, in the sections before the batch; a large batch of one section's
    // ascending deletions and insertions is applied from the batch's own lists.
    let listedSection =
      relayoutAll || changesSections
      ? nil
      : Self.sectionOfLargeAscendingLists(
        update, ascending: plan.deleteItemsAscending && plan.insertItemsAscending)
    if listedSection != nil {
      scratch.sections.removeAll(keepingCapacity: true)
    } else if changesSections {
      itemEdits(update, sectionBefore: { plan.oldSection(ofNewSection: $0)! }, into: &scratch)
    } else {
      itemEdits(update, sectionBefore: { $0 }, into: &scratch)
    }
    // Sections deleted (before the batch) and inserted (after it), ascending.
    let sectionEdits = (deletions: plan.deletions, insertions: plan.insertions)
    // The plan shares `itemCounts`' storage: let it go before the counts change (or they are
    // copied, O(s)).
    _ = consume plan
    var counters = workCounters
    defer { workCounters = counters }
    // Inserted sections resolve their own metrics under the options and bounds after the batch.
    bounds = newBounds
    configuration = newConfiguration
    if relayoutAll, scratch.sections.isEmpty, !changesSections, pages.count != sectionCount {
      // Only the line rules change and some section is paged: its pages are kept.
      relayOutKeepingPages(
        rules: newRules, configuration: newConfiguration, bounds: newBounds, scratch: &scratch,
        counters: &counters)
    } else if relayoutAll {
      relayOut(
        scratch: &scratch, sectionEdits: sectionEdits, rules: newRules,
        configuration: newConfiguration, bounds: newBounds, counters: &counters)
    } else {
      if let s = listedSection {
        applyBatchLists(update, inSection: s, scratch: &scratch, counters: &counters)
      } else {
        applyItemEdits(scratch: &scratch, counters: &counters)
      }
      if changesSections {
        replaceSections(
          deleting: sectionEdits.deletions, inserting: sectionEdits.insertions,
          counters: &counters)
      }
    }
  }

  /// The batch's item edits grouped by section (before the batch), in `scratch.sections`
  /// (ascending) and `scratch.edits` (one each; entries past the sections' count are empty),
  /// each in UIKit's order: resizes and removals by index before the batch, insertions (with
  /// sizes; moved items read later) by index after it, sorted by `applyItemEdits`.
  ///
  /// - Complexity: O(e log e); no allocation when the scratch has room.
  private func itemEdits(
    _ update: BatchUpdate, sectionBefore: (Int) -> Int, into scratch: inout EditScratch
  ) {
    let transposed = rules.transposed
    func working(_ size: Size) -> Size { transposed ? size.transposed : size }
    scratch.sections.removeAll(keepingCapacity: true)
    for k in scratch.edits.indices { scratch.edits[k].removeAll() }
    // The sections named (before the batch), ascending and distinct; a run of edits in one
    // section adds it once (a filter of 500 000 deletions: one entry to sort, not 500 000).
    func name(_ s: Int) { if scratch.sections.last != s { scratch.sections.append(s) } }
    // (Read once: a packed batch's list is built when read.)
    let deletions = update.deleteItems
    for r in update.resizeItems { name(r.at.section) }
    for d in deletions { name(d.section) }
    for m in update.moveItems {
      name(m.from.section)
      name(sectionBefore(m.to.section))
    }
    for i in update.insertItems { name(sectionBefore(i.at.section)) }
    guard !scratch.sections.isEmpty else { return }
    scratch.itemsListed +=
      update.resizeItems.count + deletions.count + update.insertItemCount
      + update.moveItems.count
    scratch.sections.sortRemovingDuplicates()
    while scratch.edits.count < scratch.sections.count { scratch.edits.append(SectionEdit()) }
    // Each edit goes to its section's entry (found by binary search; no hashing).
    let sections = scratch.sections
    func entry(_ s: Int) -> Int {
      Self.countLess(than: s, in: sections)
    }
    if sections.count == 1 {
      // One section (a large filter or restore): its lists grow once, not by doubling, and are
      // filled by one bulk append each (no lookup, no uniqueness check per edit).
      var edit = SectionEdit()
      swap(&edit, &scratch.edits[0])  // uniquely referenced while filled
      edit.resizes.reserveCapacity(update.resizeItems.count)
      edit.moves.reserveCapacity(update.moveItems.count)
      for r in update.resizeItems { edit.resizes.append((r.at.item, working(r.size))) }
      update.insertItems.withUnsafeBufferPointer {
        Self.appendInsertions($0, transposed: transposed, to: &edit.insertions)
      }
      deletions.withUnsafeBufferPointer {
        edit.removals.append(mapping: $0, placeholder: 0) { $0.item }
      }
      if !update.moveItems.isEmpty {
        edit.removals.reserveCapacity(edit.removals.count + update.moveItems.count)
      }
      for m in update.moveItems {
        edit.removals.append(m.from.item)
        edit.moves.append((m.to.item, m.from))
      }
      swap(&edit, &scratch.edits[0])
      return
    }
    for r in update.resizeItems {
      scratch.edits[entry(r.at.section)].resizes.append((r.at.item, working(r.size)))
    }
    for d in deletions { scratch.edits[entry(d.section)].removals.append(d.item) }
    for m in update.moveItems {
      scratch.edits[entry(m.from.section)].removals.append(m.from.item)
      scratch.edits[entry(sectionBefore(m.to.section))].moves.append((m.to.item, m.from))
    }
    for i in update.insertItems {
      scratch.edits[entry(sectionBefore(i.at.section))].insertions.append(
        (i.at.item, working(i.size)))
    }
  }

  /// Appends every insertion of `insertions` as (item index, size in the working orientation)
  /// to `edits` (`Array.append(mapping:placeholder:_:)`).
  ///
  /// - Complexity: O(k) for k insertions.
  @inline(__always)
  static func appendInsertions(
    _ insertions: UnsafeBufferPointer<ItemInsertion>, minus base: Int = 0, transposed: Bool,
    to edits: inout [(index: Int, size: Size)]
  ) {
    let zero = (index: 0, size: Size(width: 0, height: 0))
    if transposed {
      edits.append(mapping: insertions, placeholder: zero) {
        ($0.at.item &- base, $0.size.transposed)
      }
    } else {
      edits.append(mapping: insertions, placeholder: zero) { ($0.at.item &- base, $0.size) }
    }
  }

  /// The size (working orientation) of item `j` of section `s`.
  ///
  /// - Complexity: O(log p).
  func itemSize(_ j: Int, inSection s: Int) -> Size {
    let (p, i) = locate(item: j, inSection: s)
    return pages[p].size(ofItem: i)
  }

  /// Stores every long section as edits need it (pages, equal-width lines, or a closed form keeping
  /// its sizes in leaves; a long closed form of one own size becomes equal-width lines), so that the
  /// first edit does the work of the tenth, with the room for section edits at section `s`
  /// (`moveEditRoom(toSection:)`). Changes no answer. Starts the layout's worker threads.
  ///
  /// - Complexity: O(n·k) once for n items of long sections (k items a line); O(s) when they
  ///   are stored so.
  public mutating func prepareForEdits(nearSection s: Int) {
    var counters = workCounters
    var pageCountChanged = false
    for s in 0..<sectionCount
    where storeForEdits(section: s, closedForms: true, counters: &counters) {
      pageCountChanged = true
    }
    if pageCountChanged { rebuildPageDirectory() }
    moveEditRoom(toSection: s)
    workCounters = counters
    threading.startWorkers()  // the first width change finds the workers running
  }

  /// Stores section `s` as edits need it when it is long and still one page (`prepareForEdits()`);
  /// returns whether the page count changed (the caller rebuilds the page directory).
  ///
  /// - Complexity: O(m·k) for the m items of a long one-page section; O(1) otherwise.
  private mutating func storeForEdits(
    section s: Int, closedForms: Bool = false, counters: inout WorkCounters
  ) -> Bool {
    var p = firstPage[s]
    var cutIntoPages = false
    if EqualWidthLines.isPossible(under: rules), pages(ofSection: s).count == 1,
      pages[p].count >= pageCapacity.maximum,
      pages[p].hasLineTable || (closedForms && pages[p].isOwnSizeClosedForm)
    {
      // Equal widths never re-synchronise across pages: lines of k items by phase instead.
      if let lines = EqualWidthLines(
        pages[p].items, rules: rules(ofPage: p), leafTarget: pageCapacity.target)
      {
        counters.itemsPaged += pages[p].count
        pages[p].items = ItemColumns(widths: [], heights: [])
        pages[p].lines = .equalWidth(lines)
      } else if Page.isPaged(under: rules) {
        let cut = pages[p].pages(target: pageCapacity.target, rules: rules(ofPage: p))
        counters.itemsPaged += pages[p].count
        if cut.count > 1 {
          replacePages(p..<(p + 1), with: cut, section: s)
          cutIntoPages = true
          p = firstPage[s]
        }
      }
    }
    // A long closed form whose sizes are ignored keeps them in leaves (once: O(n)).
    let n = pages[p].count
    if UniformLines.ignoresSizes(under: rules), n >= pageCapacity.maximum,
      pages[p].keepSizesInLeaves(rules: rules(ofPage: p), leafTarget: pageCapacity.target)
    {
      counters.itemsPaged += n
    }
    return cutIntoPages
  }

  /// Applies the item edits in `scratch` to the sections they name (the line rules unchanged).
  ///
  /// - Complexity: per edited section, what `applySectionEdit` costs.
  private mutating func applyItemEdits(scratch: inout EditScratch, counters: inout WorkCounters) {
    guard !scratch.sections.isEmpty else { return }
    var sections = scratch.sections
    var edits = scratch.edits
    scratch.sections = []  // uniquely referenced while edited
    scratch.edits = []
    defer {
      scratch.sections = sections
      scratch.edits = edits
    }
    // A long greedy section is cut into pages (or kept as equal-width lines) before its first
    // insertion or removal.
    var pageCountChanged = false
    for (k, s) in sections.enumerated() {
      let edit = edits[k]
      guard !edit.removals.isEmpty || !edit.moves.isEmpty || !edit.insertions.isEmpty else {
        continue
      }
      if storeForEdits(section: s, counters: &counters) { pageCountChanged = true }
    }
    if pageCountChanged { rebuildPageDirectory() }
    // Moves read their sizes before any resize is applied (the validation refuses a moved item
    // resized).
    for k in edits.indices where !edits[k].isEmpty || !edits[k].moves.isEmpty {
      edits[k].resizes.sortInPlace { $0.index < $1.index }
      edits[k].insertMovedItems { itemSize($0.item, inSection: $0.section) }
    }
    for (k, s) in sections.enumerated() {
      itemCounts[s] += edits[k].insertions.count - edits[k].removals.count
      // The next section's edits are located through the page summaries: current before each.
      if applySectionEdit(edits[k], inSection: s, scratch: &scratch, counters: &counters) {
        rebuildPageDirectory()
      }
    }
    sections.removeAll(keepingCapacity: true)
  }

  /// The section of `update`'s item deletions and insertions when the batch is large (at least
  /// `EditScratch.retainedCapacity` of them), names nothing else per item (no moves, no
  /// resizes) and names one section only, each list strictly ascending: a filter and its
  /// restore, which `applyBatchLists` applies from the batch's own lists. `nil` otherwise.
  /// `ascending` is what the batch's validation found (`BatchPlan.deleteItemsAscending` and
  /// `insertItemsAscending`): both lists strictly ascending.
  ///
  /// - Complexity: O(1).
  static func sectionOfLargeAscendingLists(_ update: BatchUpdate, ascending: Bool) -> Int? {
    guard ascending, update.moveItems.isEmpty, update.resizeItems.isEmpty,
      update.deleteItemCount + update.insertItemCount >= EditScratch.retainedCapacity
    else { return nil }
    // Strictly ascending: every path lies between the first and the last of its list, so all
    // are in one section when those are (a packed list names one section).
    var first = Int.max
    var last = Int.min
    func name(_ s: Int?) {
      guard let s else { return }
      (first, last) = (min(first, s), max(last, s))
    }
    if let packed = update.packedDeletions {
      name(packed.count > 0 ? packed.section : nil)
    } else {
      let deletions = update.deleteItems
      name(deletions.first?.section)
      name(deletions.last?.section)
    }
    if let packed = update.packedInsertions {
      name(packed.count > 0 ? packed.section : nil)
    } else {
      let insertions = update.insertItems
      name(insertions.first?.at.section)
      name(insertions.last?.at.section)
    }
    return first == last ? first : nil
  }

  /// Applies `update`'s deletions and insertions, all of section `s` and each ascending
  /// (`sectionOfLargeAscendingLists`), read where they are in the batch: what
  /// `applyItemEdits` does with the same edits, without listing them per section first.
  ///
  /// - Complexity: what `applySectionEdit` costs for the edits.
  private mutating func applyBatchLists(
    _ update: BatchUpdate, inSection s: Int, scratch: inout EditScratch,
    counters: inout WorkCounters
  ) {
    // Dense edits of most of a long section's pages: the section rebuilt from its old pages
    // and the lists (one merge and one layout per page), not its pages edited one by one.
    let oldCount = itemCounts[s]
    let deletionCount = update.deleteItemCount
    let insertionCount = update.insertItemCount
    let rebuilds = rebuildsSection(
      s, edits: insertionCount + deletionCount, oldCount: oldCount,
      newCount: oldCount + insertionCount - deletionCount)
    // Else, as `applyItemEdits`: a long section is stored as edits need it first.
    if !rebuilds, storeForEdits(section: s, counters: &counters) { rebuildPageDirectory() }
    itemCounts[s] += insertionCount - deletionCount
    let transposed = rules.transposed
    var pageCountChanged = false
    if rebuilds, insertionCount == 0, let packed = update.packedDeletions {
      // Packed deletions alone (a filter): the kept items merged from the mask.
      packed.mask.words.withUnsafeBufferPointer { words in
        packed.mask.ranks.withUnsafeBufferPointer { ranks in
          let lists = BatchItemLists(
            deletions: UnsafeBufferPointer(start: nil, count: 0),
            insertions: UnsafeBufferPointer(start: nil, count: 0), transposed: transposed,
            packedDeletions: PackedMask(words: words, ranks: ranks))
          rebuildSection(
            s, with: lists, oldCount: oldCount, scratch: &scratch, counters: &counters)
        }
      }
      return
    }
    if rebuilds, deletionCount == 0, let packed = update.packedInsertions,
      packed.count > 0
    {
      // Packed insertions alone (a restore): merged from the mask and the sizes as sent.
      packed.words.withUnsafeBufferPointer { words in
        packed.ranks.withUnsafeBufferPointer { ranks in
          packed.sizeBits.withUnsafeBufferPointer { bits in
            let lists = BatchItemLists(
              deletions: UnsafeBufferPointer(start: nil, count: 0),
              insertions: UnsafeBufferPointer(start: nil, count: 0), transposed: transposed,
              packed: PackedLists(words: words, ranks: ranks, sizeBits: bits, wide: packed.wide))
            rebuildSection(
              s, with: lists, oldCount: oldCount, scratch: &scratch, counters: &counters)
          }
        }
      }
      scratch.packedInsertionsMerged += packed.count
      return
    }
    update.deleteItems.withUnsafeBufferPointer { deletions in
      update.insertItems.withUnsafeBufferPointer { insertions in
        let lists = BatchItemLists(
          deletions: deletions, insertions: insertions, transposed: transposed)
        if rebuilds {
          rebuildSection(
            s, with: lists, oldCount: oldCount, scratch: &scratch, counters: &counters)
        } else {
          pageCountChanged = applySectionEdit(
            lists, inSection: s, scratch: &scratch, counters: &counters)
        }
      }
    }
    if pageCountChanged { rebuildPageDirectory() }
  }

  /// Applies one section's sorted resizes, removals and insertions to its pages in order, repairs
  /// the page boundaries and keeps the page sizes within `pageCapacity`.
  ///
  /// - Returns: whether pages were added or removed (the page summaries need a rebuild).
  /// - Complexity: O(c + k) per touched page (c items, k re-broken), O(log p) per edit located
  ///   and per tree entry written.
  private mutating func applySectionEdit<Edit: SectionEditSource>(
    _ edit: Edit, inSection s: Int, scratch: inout EditScratch,
    counters: inout WorkCounters
  ) -> Bool {
    let range = pages(ofSection: s)
    if range.count == 1 {
      let p = range.lowerBound
      edit.withSectionEdit { edit in
        let resized = applyResizes(edit.resizes, toPage: p, counters: &counters)
        pages[p].applySplice(
          edit, resized: resized, rules: rules(ofPage: p), kernels: kernels,
          scratch: &scratch.lines, counters: &counters)
      }
      counters.pageTreeNodesWritten += refreshPages(CollectionOfOne(p))
      return false
    }
    var local = scratch.page
    var touched = scratch.touched
    var boundaries = scratch.boundaries
    scratch.page = SectionEdit()  // all three uniquely referenced
    scratch.touched = []
    scratch.boundaries = []
    local.removeAll()
    touched.removeAll(keepingCapacity: true)
    boundaries.removeAll(keepingCapacity: true)
    defer {
      scratch.touched = touched
      scratch.boundaries = boundaries
    }
    let oldCount = itemCounts[s] - edit.insertionCount + edit.removalCount
    // Cursors: x resizes, r removals, i insertions (k: the removals before insertion i's old
    // survivor).
    var x = 0
    var r = 0
    var i = 0
    var k = 0
    // The page summaries answer in the old indices until the pages are repaired.
    func located(_ j: Int, _ fl: inout Self) -> (page: Int, base: Int) {
      let (p, local) = fl.locate(item: j, inSection: s)
      return (p, j - local)
    }
    // The page, its first item and the old index of insertion i; `within` is searched first.
    var insertionPlace: (page: Int, base: Int, old: Int)? = nil
    // The last page's first item (insertions after the last survivor go there), found once.
    var lastPageBase: Int? = nil
    func placeInsertion(
      _ fl: inout Self, within page: (page: Int, base: Int, end: Int)? = nil
    ) -> (page: Int, base: Int, old: Int)? {
      guard i < edit.insertionCount else { return nil }
      var o = edit.insertion(i).index - i + k
      while k < edit.removalCount, edit.removal(k) <= o {
        k += 1
        o += 1
      }
      if o < oldCount {
        if let page, o >= page.base, o < page.end { return (page.page, page.base, o) }
        let at = located(o, &fl)
        return (at.page, at.base, o)
      }
      let last = range.upperBound - 1
      if lastPageBase == nil { lastPageBase = fl.firstItem(ofPage: last, inSection: s) }
      return (last, lastPageBase!, o)
    }
    insertionPlace = placeInsertion(&self)
    var resizeAt = x < edit.resizes.count ? located(edit.resizes[x].index, &self) : nil
    var removalAt = r < edit.removalCount ? located(edit.removal(r), &self) : nil
    while resizeAt != nil || removalAt != nil || insertionPlace != nil {
      var (p, base) = (Int.max, 0)
      if let at = resizeAt, at.page < p { (p, base) = at }
      if let at = removalAt, at.page < p { (p, base) = at }
      if let place = insertionPlace, place.page < p { (p, base) = (place.page, place.base) }
      let end = base + pages[p].count
      if resizeAt?.page == p {
        while x < edit.resizes.count, edit.resizes[x].index < end {
          local.resizes.append((edit.resizes[x].index - base, edit.resizes[x].size))
          x += 1
        }
        resizeAt = x < edit.resizes.count ? located(edit.resizes[x].index, &self) : nil
      }
      if removalAt?.page == p {
        // The page's removals in one append (a dense filter's page holds thousands).
        let stop = edit.removalsBelow(end, from: r)
        edit.appendRemovals(r..<stop, minus: base, to: &local.removals)
        r = stop
        removalAt = r < edit.removalCount ? located(edit.removal(r), &self) : nil
      }
      var earlier = 0
      if edit.removalCount == 0, let place = insertionPlace, place.page == p {
        // No removals (a restore): the insertions before old item `end` are appended together.
        let stop = edit.insertionsBefore(old: min(end, oldCount), from: i)
        edit.appendInsertions(i..<stop, minus: base &+ i, to: &local.insertions)
        earlier = stop &- i
        i = stop
        insertionPlace = placeInsertion(&self, within: (p, base, end))
      }
      while let place = insertionPlace, place.page == p {
        let survivorsBefore: Int
        if place.old < oldCount {
          let j = place.old - base
          survivorsBefore = j - Self.countLess(than: j, in: local.removals)
        } else {
          survivorsBefore = pages[p].count - local.removals.count
        }
        local.insertions.append((survivorsBefore + earlier, edit.insertion(i).size))
        earlier += 1
        i += 1
        insertionPlace = placeInsertion(&self, within: (p, base, end))
      }
      // A boundary can break only where an edit changed the first item of the page after it or the
      // last line of the page before it.
      if p > range.lowerBound, local.touchesFirstItem { boundaries.append(p - 1) }
      let resized = applyResizes(local.resizes, toPage: p, counters: &counters)
      pages[p].applySplice(
        local, resized: resized, rules: rules(ofPage: p), kernels: kernels,
        scratch: &scratch.lines, counters: &counters)
      if !scratch.lines.lastLineKept { boundaries.append(p) }
      touched.append(p)
      local.removeAll()
    }
    // Given back before the repair, which fills it again (`moveItems`): else it would allocate.
    scratch.page = consume local
    return repairPages(
      ofSection: s, touched: touched, boundaries: boundaries, scratch: &scratch,
      counters: &counters)
  }

  /// Applies `resizes` (local indices, ascending) to page `p` (`Page.applyResizes`).
  ///
  /// - Returns: the range bounds of the items whose size changed, or `nil`.
  /// - Complexity: O(e) for e resizes.
  private mutating func applyResizes(
    _ resizes: [(index: Int, size: Size)], toPage p: Int, counters: inout WorkCounters
  ) -> (first: Int, last: Int)? {
    guard !resizes.isEmpty else { return nil }
    return pages[p].applyResizes(
      resizes, rules: rules(ofPage: p), kernels: kernels, counters: &counters)
  }

  /// The number of values in `sorted` (ascending) below `value`.
  ///
  /// - Complexity: O(log k).
  @inline(__always)
  static func countLess<Sorted: RandomAccessCollection<Int>>(than value: Int, in sorted: Sorted)
    -> Int where Sorted.Index == Int
  {
    firstRank(from: sorted.startIndex, to: sorted.endIndex) { sorted[$0] >= value }
      - sorted.startIndex
  }

  /// Replaces `range` of the pages (all of section `s`) with `new`, moving the later sections'
  /// first pages. The page summaries are stale until `rebuildPageDirectory()`.
  ///
  /// - Complexity: O(d + r + k) for the d pages and sections between the gaps and `range`, r
  ///   pages removed and k inserted (`PageList`, `SectionStarts`).
  mutating func replacePages(
    _ range: Range<Int>, with new: some Collection<Page>, section s: Int
  ) {
    pages.replaceSubrange(range, with: new)
    let delta = new.count - range.count
    guard delta != 0 else { return }
    firstPage.shift(after: s, by: delta)
  }

  /// `replacePages(_:with:section:)` with `new`'s pages swapped in
  /// (`PageList.splice(_:swappingIn:)`: no page copied, so no buffer retained and released);
  /// `new` is left holding the pages removed and empty pages.
  ///
  /// - Complexity: as `replacePages(_:with:section:)`, in swaps.
  mutating func replacePages(
    _ range: Range<Int>, swappingIn new: inout [Page], section s: Int
  ) {
    let delta = new.count - range.count
    pages.splice(range, swappingIn: &new)
    guard delta != 0 else { return }
    firstPage.shift(after: s, by: delta)
  }

  /// A batch whose bounds change the line length: every section joined into one page, edited and
  /// laid out again under `rules`, in place.
  ///
  /// - Complexity: O(n + e log e) for n items.
  private mutating func relayOut(
    scratch: inout EditScratch, sectionEdits: (deletions: [Int], insertions: [SectionInsertion]),
    rules newRules: LayoutRules,
    configuration newConfiguration: LayoutConfiguration, bounds newBounds: Size,
    counters: inout WorkCounters
  ) {
    // Item columns back from equal-width lines where items are edited or pages joined (a
    // section laid out again below keeps equal-width lines that still hold: `layOut`).
    if !scratch.sections.isEmpty || pages.count != sectionCount {
      for p in pages.indices { pages[p].restoreColumns() }
    }
    // One page per section, resizes applied before move sources are read.
    if pages.count != sectionCount {
      var joined: [Page] = []
      joined.reserveCapacity(sectionCount)
      for s in 0..<sectionCount {
        let range = pages(ofSection: s)
        if range.count == 1 {
          var page = Page()
          swap(&page, &pages[range.lowerBound])
          joined.append(page)
        } else {
          counters.itemsPaged += itemCounts[s]
          joined.append(Page.joined(pages[range], rules: rules(ofPage: range.lowerBound)))
        }
      }
      pages = PageList(joined)
      firstPage = SectionStarts(Array(0...sectionCount))
    }
    let sections = scratch.sections
    for (k, s) in sections.enumerated() {
      pages[s].opensSection = true
      pages[s].closesSection = true
      for (i, size) in scratch.edits[k].resizes {
        pages[s].items.widths[i] = size.width
        pages[s].items.heights[i] = size.height
      }
    }
    for k in sections.indices {
      scratch.edits[k].insertMovedItems { pages[$0.section].size(ofItem: $0.item) }
    }
    for (k, s) in sections.enumerated()
    where !scratch.edits[k].removals.isEmpty || !scratch.edits[k].insertions.isEmpty {
      pages[s].items.splice(
        removing: scratch.edits[k].removals, inserting: scratch.edits[k].insertions)
      itemCounts[s] += scratch.edits[k].insertions.count - scratch.edits[k].removals.count
    }
    // Sections out and in (inserted ones are laid out under the new rules as they are built).
    rules = newRules
    let inserted = sectionEdits.insertions
    if !sectionEdits.deletions.isEmpty || !inserted.isEmpty {
      mergeSections(deleting: sectionEdits.deletions, inserting: inserted, counters: &counters)
    }
    var i = 0
    var short: [Int] = []
    for s in pages.indices {
      if i < inserted.count, inserted[i].at == s {
        i += 1
        continue
      }
      if let own = pages[s].ownMetrics {
        pages[s].ownMetrics = OwnMetrics(
          own.metrics, configuration: newConfiguration, bounds: newBounds)
      }
      if threading.runsWholePages(pages[s].count) {
        short.append(s)
        continue
      }
      pages[s].layOut(
        rules: pages[s].rules(newRules), kernels: kernels, threading: threading,
        counters: &counters)
    }
    layOutWholePages(short, rules: newRules, counters: &counters)
    rebuildPageDirectory()
  }

  /// Deletes and inserts sections (item edits already applied), keeping the surviving sections'
  /// pages: a few by splices with the page summaries kept current, many in one merge pass.
  /// `deletions` (old indices) and `insertions` (new indices) are ascending.
  ///
  /// - Complexity: for k ≤ 8 sections, O((k + d) log p) for the d pages and sections between the
  ///   gaps and the edits; else O(p + s + k). Plus O(m) for the m items of inserted sections.
  private mutating func replaceSections(
    deleting deletions: [Int], inserting insertions: [SectionInsertion],
    counters: inout WorkCounters
  ) {
    if deletions.count + insertions.count > 8 {
      mergeSections(deleting: deletions, inserting: insertions, counters: &counters)
      rebuildPageDirectory()
      return
    }
    for s in deletions.reversed() {
      let range = pages(ofSection: s)
      counters.pageTreeNodesWritten += splicePages(range, with: EmptyCollection())
      firstPage.shift(after: s, by: -range.count)
      firstPage.remove(at: s)
      itemCounts.remove(at: s)
    }
    for insertion in insertions {
      let s = insertion.at
      let p = firstPage[s]
      let own = OwnMetrics.resolving(
        insertion.section.metrics, configuration: configuration, bounds: bounds)
      let page = Page(
        insertion.section, transposed: rules.transposed, rules: own?.rules ?? rules,
        ownMetrics: own, kernels: kernels, threading: threading, counters: &counters)
      counters.pageTreeNodesWritten += splicePages(p..<p, with: CollectionOfOne(page))
      firstPage.insert(p, at: s)
      firstPage.shift(after: s, by: 1)
      itemCounts.insert(insertion.section.count, at: s)
    }
  }

  /// The sections after `deletions` and `insertions`, in one pass (`assembleSections`). The page
  /// summaries are stale until `rebuildPageDirectory()`.
  ///
  /// - Complexity: O(p + s + m) for the m items of inserted sections.
  private mutating func mergeSections(
    deleting deletions: [Int], inserting insertions: [SectionInsertion],
    counters: inout WorkCounters
  ) {
    var old = 0
    var d = 0
    var i = 0
    assembleSections(
      count: sectionCount - deletions.count + insertions.count,
      reserving: pages.count - deletions.count + insertions.count, threading: threading,
      counters: &counters,
      oldSection: { n in
        if i < insertions.count, insertions[i].at == n { return nil }
        while d < deletions.count, deletions[d] == old {
          d += 1
          old += 1
        }
        old += 1
        return old - 1
      },
      inserted: { _ in
        i += 1
        return insertions[i - 1].section
      })
  }

  /// The sections rebuilt in one pass: new section `n` is old section `oldSection(n)`, its pages
  /// moved (not copied), or, where that is `nil`, `inserted(n)` laid out (on `threading`). The
  /// page summaries are stale until `rebuildPageDirectory()`.
  ///
  /// - Precondition: `oldSection` names each old section at most once, in any order.
  /// - Complexity: O(p + s + m) for the m items of inserted sections.
  mutating func assembleSections(
    count newSectionCount: Int, reserving pageCount: Int, threading: LayoutThreading,
    counters: inout WorkCounters, oldSection: (Int) -> Int?, inserted: (Int) -> SectionData
  ) {
    var newPages: [Page] = []
    var newFirstPage: [Int] = [0]
    var newCounts: [Int] = []
    newPages.reserveCapacity(pageCount)
    newFirstPage.reserveCapacity(newSectionCount + 1)
    newCounts.reserveCapacity(newSectionCount)
    for n in 0..<newSectionCount {
      if let old = oldSection(n) {
        // Moved out (a swap with an empty page each: no reference counting), not copied.
        for p in pages(ofSection: old) {
          var page = Page()
          swap(&page, &pages[p])
          newPages.append(page)
        }
        newCounts.append(itemCounts[old])
      } else {
        let section = inserted(n)
        let own = OwnMetrics.resolving(section.metrics, configuration: configuration, bounds: bounds)
        newPages.append(
          Page(
            section, transposed: rules.transposed, rules: own?.rules ?? rules, ownMetrics: own,
            kernels: kernels, threading: threading, counters: &counters))
        newCounts.append(section.count)
      }
      newFirstPage.append(newPages.count)
    }
    pages = PageList(newPages)
    firstPage = SectionStarts(newFirstPage)
    itemCounts = GapBuffer(newCounts, filler: 0)
  }
}

/// One section's resizes, removals and insertions as `applySectionEdit` reads them, each
/// ascending, sizes in the working orientation: removals by index before the batch, insertions
/// by index after it.
protocol SectionEditSource {
  var resizes: [(index: Int, size: Size)] { get }
  var removalCount: Int { get }
  var insertionCount: Int { get }
  /// Removal `k`'s index.
  func removal(_ k: Int) -> Int
  /// Insertion `k`'s index and size.
  func insertion(_ k: Int) -> (index: Int, size: Size)
  /// `r` plus the number of removals from `r` on whose index is below `end`.
  ///
  /// - Complexity: O(log k).
  func removalsBelow(_ end: Int, from r: Int) -> Int
  /// Appends removals `range`, each index minus `base`, to `list`.
  ///
  /// - Complexity: O(range.count).
  func appendRemovals(_ range: Range<Int>, minus base: Int, to list: inout [Int])
  /// `i` plus the number of insertions from `i` on whose index minus their rank (the old item
  /// each goes before, in a section without removals) is below `end`.
  ///
  /// - Complexity: O(log k).
  func insertionsBefore(old end: Int, from i: Int) -> Int
  /// Appends insertions `range`, each index minus `base`, to `list`.
  ///
  /// - Complexity: O(range.count).
  func appendInsertions(
    _ range: Range<Int>, minus base: Int, to list: inout [(index: Int, size: Size)])
  /// `body` of the same edits as a `SectionEdit` (a `SectionEdit` itself, not copied: a
  /// one-item edit retains none of its lists).
  func withSectionEdit<R>(_ body: (SectionEdit) -> R) -> R
}

extension SectionEdit: SectionEditSource {
  var removalCount: Int { removals.count }
  var insertionCount: Int { insertions.count }
  func removal(_ k: Int) -> Int { removals[k] }
  func insertion(_ k: Int) -> (index: Int, size: Size) { insertions[k] }
  func removalsBelow(_ end: Int, from r: Int) -> Int {
    r + FastFlowLayout.countLess(than: end, in: removals[r...])
  }
  func appendRemovals(_ range: Range<Int>, minus base: Int, to list: inout [Int]) {
    removals.withUnsafeBufferPointer {
      list.append(mapping: .init(rebasing: $0[range]), placeholder: 0) { $0 &- base }
    }
  }
  func insertionsBefore(old end: Int, from i: Int) -> Int {
    FastFlowLayout.firstRank(from: i, to: insertions.count) { insertions[$0].index &- $0 >= end }
  }
  func appendInsertions(
    _ range: Range<Int>, minus base: Int, to list: inout [(index: Int, size: Size)]
  ) {
    for k in range { list.append((insertions[k].index &- base, insertions[k].size)) }
  }
  @inline(__always) func withSectionEdit<R>(_ body: (SectionEdit) -> R) -> R { body(self) }
}

extension FastFlowLayout {
  /// The first `k` in `lo ..< hi` for which `isAtOrPast(k)` holds (`hi` if none), for a
  /// predicate false then true over the range.
  ///
  /// - Complexity: O(log(hi − lo)) calls of `isAtOrPast`.
  @inline(__always)
  static func firstRank(from lo: Int, to hi: Int, where isAtOrPast: (Int) -> Bool) -> Int {
    var lo = lo
    var hi = hi
    while lo < hi {
      let mid = (lo &+ hi) >> 1
      if isAtOrPast(mid) { hi = mid } else { lo = mid &+ 1 }
    }
    return lo
  }
}

/// A batch's own deletion and insertion lists of one section, each strictly ascending
/// (`FastFlowLayout.sectionOfLargeAscendingLists`), read in place as a section's edit: no
/// resizes; sizes transposed when the layout scrolls along x.
struct BatchItemLists: SectionEditSource {
  let deletions: UnsafeBufferPointer<ItemPath>
  let insertions: UnsafeBufferPointer<ItemInsertion>
  let transposed: Bool
  /// The insertions when packed (`insertions` then empty): read by a section rebuild only.
  var packed: PackedLists? = nil
  /// The deletions when packed (`deletions` then empty, and no insertions): read by a section
  /// rebuild only.
  var packedDeletions: PackedMask? = nil

  var resizes: [(index: Int, size: Size)] { [] }
  var removalCount: Int { deletions.count }
  var insertionCount: Int { insertions.count }
  @inline(__always) func removal(_ k: Int) -> Int { deletions[k].item }
  @inline(__always) func insertion(_ k: Int) -> (index: Int, size: Size) {
    let size = insertions[k].size
    return (insertions[k].at.item, transposed ? size.transposed : size)
  }
  func removalsBelow(_ end: Int, from r: Int) -> Int {
    FastFlowLayout.firstRank(from: r, to: deletions.count) { deletions[$0].item >= end }
  }
  func appendRemovals(_ range: Range<Int>, minus base: Int, to list: inout [Int]) {
    list.append(mapping: .init(rebasing: deletions[range]), placeholder: 0) { $0.item &- base }
  }
  func insertionsBefore(old end: Int, from i: Int) -> Int {
    FastFlowLayout.firstRank(from: i, to: insertions.count) { insertions[$0].at.item &- $0 >= end }
  }
  func appendInsertions(
    _ range: Range<Int>, minus base: Int, to list: inout [(index: Int, size: Size)]
  ) {
    FastFlowLayout.appendInsertions(
      .init(rebasing: insertions[range]), minus: base, transposed: transposed, to: &list)
  }
  func withSectionEdit<R>(_ body: (SectionEdit) -> R) -> R {
    var edit = SectionEdit()
    edit.removals = deletions.map(\.item)
    edit.insertions = (0..<insertions.count).map { insertion($0) }
    return body(edit)
  }
}
