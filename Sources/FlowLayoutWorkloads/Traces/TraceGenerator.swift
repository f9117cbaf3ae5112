import FlowLayoutDocument
import FlowLayoutModel

/// Draws the traces of `TraceKind`: the open document and the frames, from one seed.
///
/// Every trace is on an iPhone in portrait (375 × 812 pt, `Workload.bounds`), insets 16 and
/// spacings 8 as the workloads; the grids take their item sizes from the workloads' own
/// generators (`Workload.fioriGrid`, `.sections`, `.mixed`). Lists (feed, chat) are one item per
/// line and the generator knows every item's top (`ColumnPlacement`), so they scroll, measure,
/// append and anchor exactly as the app would; grids are placed roughly (`GridPlacement`).
struct TraceGenerator {
  let n: Int
  let frameCount: Int
  var rng: SplitMix64
  var recorder = TraceRecorder()

  static let width = Workload.bounds.width
  static let height = Workload.bounds.height
  /// Line length at width 375 with insets 16.
  static let lineLength = width - 32

  init(itemCount: Int, frames: Int, seed: UInt64) {
    n = itemCount
    frameCount = frames
    rng = SplitMix64(seed: seed)
  }

  /// `{"open": {OPTIONS, "sections": [...]}}` with `options` (JSON members, no braces) and
  /// `sections` writing the sections' array.
  static func openLine(
    options: StaticString, viewport: Rect, capacity: Int, sections: (inout JSONWriter) -> Void
  ) -> [UInt8] {
    var w = JSONWriter(capacity: capacity)
    w.append("{\"open\":{")
    w.append(options)
    w.append(",\"viewport\":")
    w.append(numbers: viewport.minX, viewport.minY, viewport.width, viewport.height, separator: ",")
    w.append(",\"sections\":[")
    sections(&w)
    w.append("]}}")
    return w.bytes
  }

  static func appendItems(
    _ widths: ArraySlice<Double>, _ heights: ArraySlice<Double>,
    to w: inout JSONWriter
  ) {
    w.append("[")
    for (k, (width, height)) in zip(widths, heights).enumerated() {
      if k > 0 { w.append(",") }
      TraceRecorder.appendPair(width, height, to: &w)
    }
    w.append("]")
  }

  static func rect(y: Double, width: Double = width, height: Double = height) -> Rect {
    Rect(x: 0, y: y, width: width, height: height)
  }

  // MARK: - Lists

  /// The feed: `n` estimated items (343 × 120) in one column; scrolled down from the top with
  /// flings measuring every item that appears (heights 60–360), then from 1.5 screens before the
  /// end where a page
  /// of 50 estimated items is appended whenever the viewport comes within half a screen of the
  /// end, then at the top where a refresh prepends 20 items and the reader scrolls up through
  /// them, measuring them.
  mutating func feed() -> [UInt8] {
    let estimate = 120.0
    var column = ColumnPlacement(
      heights: [Double](repeating: estimate, count: n), front: 64, back: 50 * (frameCount / 4 + 2),
      spacing: 8, top: 16, bottom: 16)
    let h = Self.height
    let open = Self.openLine(
      options:
        "\"layout\":\"horizontalFlow\",\"width\":375,\"height\":812,\"sectionInset\":[16,16,16,16],\"minimumInteritemSpacing\":8,\"minimumLineSpacing\":8,\"isTopAligned\":true,\"estimatedItemSize\":[343,120]",
      viewport: Self.rect(y: 0), capacity: 200 + 5 * n
    ) { w in
      w.append("{\"items\":[")
      for k in 0..<n { w.append(k == 0 ? "null" : ",null") }
      w.append("]}")
    }
    var y = 0.0
    var fling = Fling()
    /// Viewport, elements, and the measurements of the visible items not yet measured.
    func frame(
      _ column: inout ColumnPlacement, _ rng: inout SplitMix64, edit: BatchUpdate?,
      tag: TraceTag, recorder: inout TraceRecorder
    ) {
      recorder.viewport(Self.rect(y: y))
      recorder.elements(Self.rect(y: y))
      // Measured in one batch, in rounds until no visible item is left unmeasured (items that
      // shrink bring more into view): the first visible item is the anchor and keeps its top,
      // so the offset does not move.
      var batch = BatchUpdate()
      var measuring = true
      while measuring {
        measuring = false
        for i in column.visible(y: y, height: h) where !column.flag(i) {
          let size = Size(width: 343, height: rng.nextPoints(in: 60...360))
          batch.measureItems.append(ItemResize(at: ItemPath(section: 0, item: i), size: size))
          column.setHeight(i, size.height)
          column.setFlag(i)
          measuring = true
        }
      }
      recorder.apply(batch)
      if let edit { recorder.apply(edit) }
      y = min(y, max(0, column.contentHeight - h))
      recorder.endFrame(edit == nil ? (batch.measureItems.isEmpty ? .scroll : .measure) : tag)
    }
    // 1. From the top, down.
    let first = frameCount / 2
    let second = frameCount * 3 / 10
    for _ in 0..<first {
      frame(&column, &rng, edit: nil, tag: .scroll, recorder: &recorder)
      y = min(y + fling.step(using: &rng, speeds: 12...60), column.contentHeight - h)
    }
    // 2. Near the end (jumped there), down, appending a page whenever the viewport is within
    // half a screen of the end.
    y = max(0, column.contentHeight - 1.5 * h)
    fling = Fling()
    for _ in 0..<second {
      var edit: BatchUpdate?
      if y + h >= column.contentHeight - h / 2 {
        let start = column.count
        var page = BatchUpdate()
        for k in 0..<50 {
          page.insertItems.append(
            ItemInsertion(
              at: ItemPath(section: 0, item: start + k), size: Size(width: 343, height: estimate)))
          column.append(estimate)
        }
        edit = page
      }
      frame(&column, &rng, edit: edit, tag: .append, recorder: &recorder)
      y = min(y + fling.step(using: &rng, speeds: 8...40), column.contentHeight - h)
    }
    // 3. At the top: a refresh prepends 20 estimated items above the first; the first visible
    // item anchors, so the offset moves down by their height; the reader scrolls up to them.
    y = 0
    frame(&column, &rng, edit: nil, tag: .scroll, recorder: &recorder)
    let fresh = [Double](repeating: estimate, count: 20)
    var refresh = BatchUpdate()
    for k in 0..<20 {
      refresh.insertItems.append(
        ItemInsertion(at: ItemPath(section: 0, item: k), size: Size(width: 343, height: estimate)))
    }
    frame(&column, &rng, edit: refresh, tag: .prepend, recorder: &recorder)
    column.prepend(fresh)
    y += 20 * (estimate + column.spacing)
    fling = Fling()
    for _ in 0..<max(0, frameCount - first - second - 2) {
      y = max(0, y - fling.step(using: &rng, speeds: 8...30))
      frame(&column, &rng, edit: nil, tag: .scroll, recorder: &recorder)
    }
    return open
  }

  /// The chat: `n` sized messages (343 × 36–180) in one column, `"scrollAnchor": "bottom"`,
  /// opened at the end. At the bottom a message arrives every 5 frames and the keyboard comes
  /// up and goes down (the viewport's height animates 812 ↔ 476 over 24 frames, its bottom at
  /// the content's end); then the reader scrolls up while messages keep arriving; then at the
  /// top 50 older messages are prepended (the first visible message anchors) and the reader
  /// scrolls up through them. (The keyboard's animation is shorter when the first phase is
  /// under 96 frames.)
  mutating func chat() -> [UInt8] {
    var heights = [Double](repeating: 0, count: n)
    for k in 0..<n { heights[k] = rng.nextPoints(in: 36...180) }
    var column = ColumnPlacement(
      heights: heights, front: 64, back: frameCount / 5 + 2, spacing: 8, top: 16, bottom: 16)
    var h = Self.height
    var y = max(0, column.contentHeight - h)
    let open = Self.openLine(
      options:
        "\"layout\":\"horizontalFlow\",\"width\":375,\"height\":812,\"sectionInset\":[16,16,16,16],\"minimumInteritemSpacing\":8,\"minimumLineSpacing\":8,\"isTopAligned\":true,\"estimatedItemSize\":[343,60],\"scrollAnchor\":\"bottom\"",
      viewport: Self.rect(y: y), capacity: 200 + 10 * n
    ) { w in
      w.append("{\"items\":")
      Self.appendItems(
        ArraySlice(repeatElement(343.0, count: n)), heights[...], to: &w)
      w.append("}")
    }
    let keyboard = 336.0
    var frameIndex = 0
    var fling = Fling()
    /// Viewport, elements, and every fifth frame a new message; at the bottom the bottom
    /// anchor keeps the viewport's end at the content's end.
    func frame(tag: TraceTag) {
      let r = Self.rect(y: y, height: h)
      recorder.viewport(r)
      recorder.elements(r)
      var tag = tag
      if frameIndex % 5 == 4 {
        let atBottom = y + h >= column.contentHeight - 1e-9 * max(1, column.contentHeight)
        let message = rng.nextPoints(in: 36...180)
        recorder.apply(
          BatchUpdate(insertItems: [
            ItemInsertion(
              at: ItemPath(section: 0, item: column.count), size: Size(width: 343, height: message))
          ]))
        column.append(message)
        if atBottom { y = max(0, column.contentHeight - h) }
        tag = .append
      }
      recorder.endFrame(tag)
      frameIndex += 1
    }
    // 1. At the bottom: messages, keyboard up, keyboard down.
    let first = frameCount * 2 / 5
    let animation = min(24, first / 4)
    let up = first / 8
    let down = first - animation - first / 8
    for k in 0..<first {
      var tag = TraceTag.scroll
      if (up..<up + animation).contains(k) || (down..<down + animation).contains(k) {
        let t = Double((k - (k < down ? up : down)) + 1) / Double(animation)
        let eased = t * t * (3 - 2 * t)
        h = k < down ? Self.height - keyboard * eased : Self.height - keyboard * (1 - eased)
        h = h.rounded()
        y = max(0, column.contentHeight - h)
        tag = .keyboard
      }
      frame(tag: tag)
    }
    h = Self.height
    y = max(0, column.contentHeight - h)
    // 2. Reading history: up.
    let second = frameCount * 7 / 20
    for _ in 0..<second {
      y = max(0, y - fling.step(using: &rng, speeds: 6...40))
      frame(tag: .scroll)
    }
    // 3. At the top: 50 older messages prepended; the first visible message anchors.
    y = 0
    frame(tag: .scroll)
    var older: [Double] = []
    var batch = BatchUpdate()
    for k in 0..<50 {
      let message = rng.nextPoints(in: 36...180)
      older.append(message)
      batch.insertItems.append(
        ItemInsertion(at: ItemPath(section: 0, item: k), size: Size(width: 343, height: message)))
    }
    let r = Self.rect(y: y, height: h)
    recorder.viewport(r)
    recorder.elements(r)
    recorder.apply(batch)
    recorder.endFrame(.prepend)
    frameIndex += 1
    column.prepend(older)
    y += older.reduce(0) { $0 + $1 + column.spacing }
    fling = Fling()
    for _ in 0..<max(0, frameCount - first - second - 2) {
      y = max(0, y - fling.step(using: &rng, speeds: 6...30))
      frame(tag: .scroll)
    }
    return open
  }

  // MARK: - Grids

  /// Options shared by the grids: the workloads' (insets 16, spacings 8, own sizes).
  static let gridOptions: StaticString =
    "\"layout\":\"horizontalFlow\",\"width\":375,\"height\":812,\"sectionInset\":[16,16,16,16],\"minimumInteritemSpacing\":8,\"minimumLineSpacing\":8,\"estimatedItemSize\":[130,130]"

  /// One section of `workload`'s first `n` items in the grid options: its rough placement, its
  /// content height, a viewport 30 % of the way down, and the open line with that viewport.
  ///
  /// - Complexity: O(n).
  static func oneSectionGrid(_ workload: Workload, itemCount n: Int) -> (
    grid: GridPlacement, content: Double, y: Double, open: [UInt8]
  ) {
    let sizes = workload.itemSizes(count: n)
    let grid = GridPlacement(
      widths: sizes.widths, heights: sizes.heights, lineLength: lineLength, spacing: 8,
      lineSpacing: 8)
    let content = 32 + grid.linesHeight(items: n)
    let y = (content * 0.3).rounded()
    let open = openLine(options: gridOptions, viewport: rect(y: y), capacity: 200 + 12 * n) { w in
      w.append("{\"items\":")
      appendItems(sizes.widths[...], sizes.heights[...], to: &w)
      w.append("}")
    }
    return (grid, content, y, open)
  }

  /// The grid options with `"sectionHeadersPinToVisibleBounds": true`.
  static let pinnedGridOptions: StaticString =
    "\"layout\":\"horizontalFlow\",\"width\":375,\"height\":812,\"sectionInset\":[16,16,16,16],\"minimumInteritemSpacing\":8,\"minimumLineSpacing\":8,\"estimatedItemSize\":[130,130],\"sectionHeadersPinToVisibleBounds\":true"

  /// The Fiori product grid (`Workload.fioriGrid`'s cells): scrolled with flings, rotated to
  /// landscape (812 × 375) and back four times in all, one item inserted and one deleted near
  /// the viewport.
  mutating func galleryRotation() -> [UInt8] {
    var (grid, content, y, open) = Self.oneSectionGrid(.fioriGrid, itemCount: n)
    var width = Self.width
    var h = Self.height
    var count = n
    var fling = Fling()
    var direction = 1.0
    let rotations = Set((1...4).map { $0 * frameCount / 5 })
    for k in 0..<frameCount {
      if rotations.contains(k) {
        let portrait = width != Self.width
        let (newWidth, newHeight) = portrait ? (Self.width, Self.height) : (Self.height, Self.width)
        recorder.apply(BatchUpdate(setWidth: newWidth, setHeight: newHeight))
        let newGrid = grid.scaled(lineLength: newWidth - 32, from: width - 32)
        let newContent = 32 + newGrid.linesHeight(items: count)
        y = (y * newContent / content).rounded()
        (width, h, grid, content) = (newWidth, newHeight, newGrid, newContent)
        let r = Self.rect(y: y, width: width, height: h)
        recorder.viewport(r)
        recorder.elements(r)
        recorder.endFrame(.rotate)
        continue
      }
      let step = fling.step(using: &rng, speeds: 10...50)
      if fling.velocity < 1 { direction = rng.nextInt(below: 3) == 0 ? -1 : 1 }
      y = min(max(0, y + direction * step), max(0, content - h))
      let r = Self.rect(y: y, width: width, height: h)
      recorder.viewport(r)
      recorder.elements(r)
      var tag = TraceTag.scroll
      if k == frameCount / 2 - 7 || k == frameCount / 2 + 9 {
        let at = min(grid.item(atY: y + h / 2), count - 1)
        if k < frameCount / 2 {
          recorder.apply(
            BatchUpdate(insertItems: [
              ItemInsertion(
                at: ItemPath(section: 0, item: at), size: Workload.fioriGrid.editSize(using: &rng))
            ]))
          count += 1
        } else {
          recorder.apply(BatchUpdate(deleteItems: [ItemPath(section: 0, item: at)]))
          count -= 1
        }
        tag = .edit
      }
      recorder.endFrame(tag)
    }
    return open
  }

  /// A grouped list (`Workload.sections`: sections of 20 items, 44 pt headers) with pinned
  /// headers: scrolled with flings; every 25 frames the section at the viewport's top is
  /// collapsed (its items deleted), a collapsed one expanded (inserted back), or the section
  /// moved 2 places down, in turn, each animated as an app animates it (`visibleTransitions`:
  /// the batch and the frames of the elements it moves in and out of view).
  mutating func groupedPinned() -> [UInt8] {
    let workload = Workload.sections
    let per = workload.itemsPerSection ?? 20
    let sizes = workload.itemSizes(count: n)
    let grid = GridPlacement(
      widths: sizes.widths, heights: sizes.heights, lineLength: Self.lineLength, spacing: 8,
      lineSpacing: 8)
    let sectionCount = (n + per - 1) / per
    // Sections' item ranges in the document; `order[s]` is the content shown at index s.
    var order = Array(0..<sectionCount)
    var collapsed: [Int: Bool] = [:]
    let sectionHeight = 44 + 32 + grid.linesHeight(items: per)
    let content = Double(sectionCount) * sectionHeight
    var y = (content * 0.3).rounded()
    let open = Self.openLine(
      options: Self.pinnedGridOptions, viewport: Self.rect(y: y),
      capacity: 200 + 12 * n + 30 * sectionCount
    ) { w in
      for s in 0..<sectionCount {
        w.append(s == 0 ? "{\"header\":44,\"items\":" : ",{\"header\":44,\"items\":")
        let range = (s * per)..<min(n, (s + 1) * per)
        Self.appendItems(sizes.widths[range], sizes.heights[range], to: &w)
        w.append("}")
      }
    }
    var fling = Fling()
    var direction = 1.0
    var action = 0
    var lastCollapsed: [Int] = []
    for k in 0..<frameCount {
      let step = fling.step(using: &rng, speeds: 8...50)
      if fling.velocity < 1 { direction = rng.nextInt(below: 3) == 0 ? -1 : 1 }
      y = min(max(0, y + direction * step), max(0, content - Self.height))
      recorder.viewport(Self.rect(y: y))
      recorder.elements(Self.rect(y: y))
      guard k % 25 == 24 else {
        recorder.endFrame(.scroll)
        continue
      }
      let s = min(Int(y / sectionHeight), sectionCount - 3)
      let content = order[s]
      let range = (content * per)..<min(n, (content + 1) * per)
      switch action % 3 {
      case 0 where collapsed[content] != true:
        recorder.visibleTransitions(
          BatchUpdate(deleteItems: range.map { ItemPath(section: s, item: $0 - range.lowerBound) }))
        collapsed[content] = true
        lastCollapsed.append(content)
        recorder.endFrame(.collapse)
      case 1 where !lastCollapsed.isEmpty:
        let back = lastCollapsed.removeLast()
        let at = order.firstIndex(of: back)!
        let backRange = (back * per)..<min(n, (back + 1) * per)
        recorder.visibleTransitions(
          BatchUpdate(
            insertItems: backRange.map {
              ItemInsertion(
                at: ItemPath(section: at, item: $0 - backRange.lowerBound),
                size: Size(width: sizes.widths[$0], height: sizes.heights[$0]))
            }))
        collapsed[back] = false
        recorder.endFrame(.expand)
      default:
        recorder.visibleTransitions(BatchUpdate(moveSections: [SectionMove(from: s, to: s + 2)]))
        order.insert(order.remove(at: s), at: s + 2)
        recorder.endFrame(.moveSection)
      }
      action += 1
    }
    return open
  }

  /// Drag to reorder in a grid of `Workload.mixed` items: a drag moves its item one place a
  /// frame (`moveItems`) for 40–80 frames while the viewport auto-scrolls 2 pt a frame with it;
  /// between drags, 10–20 frames of flings.
  mutating func reorder() -> [UInt8] {
    let (grid, content, start, open) = Self.oneSectionGrid(.mixed, itemCount: n)
    var y = start
    var fling = Fling()
    var k = 0
    while k < frameCount {
      // Flings between drags.
      for _ in 0..<(10 + rng.nextInt(below: 11)) where k < frameCount {
        y = min(max(0, y + fling.step(using: &rng, speeds: 8...40)), content - Self.height)
        recorder.viewport(Self.rect(y: y))
        recorder.elements(Self.rect(y: y))
        recorder.endFrame(.scroll)
        k += 1
      }
      fling = Fling()
      // A drag, down or up.
      let down = rng.nextInt(below: 2) == 0
      var at = min(max(1, grid.item(atY: y - 16 + Self.height / 3)), n - 2)
      for _ in 0..<(40 + rng.nextInt(below: 41)) where k < frameCount {
        let to = down ? min(at + 1, n - 1) : max(at - 1, 0)
        y = min(max(0, y + (down ? 2 : -2)), content - Self.height)
        recorder.viewport(Self.rect(y: y))
        recorder.elements(Self.rect(y: y))
        if to != at {
          recorder.apply(
            BatchUpdate(moveItems: [
              ItemMove(from: ItemPath(section: 0, item: at), to: ItemPath(section: 0, item: to))
            ]))
        }
        recorder.endFrame(.move)
        at = to
        k += 1
      }
    }
    return open
  }

  /// A search over a grid of `Workload.mixed` items: a section of 12 recent items and one of
  /// the other `n − 12`, 44 pt headers. Scrolled from the top for a sixth of the frames; then one
  /// batch deletes a seeded half of the large section (the filter) and the results are scrolled
  /// from the top for another sixth; then one batch inserts them back (the search cleared) and
  /// the list is scrolled for the remaining frames. Both batches are written in the packed
  /// forms (`deleteItemsPacked`, `insertItemsPacked`), as a client sending half a million edits
  /// would; `TraceRecorder.apply(_:)` writes the same batches as plain lists.
  mutating func searchFilter() -> [UInt8] {
    let recent = 12
    let sizes = Workload.mixed.itemSizes(count: n)
    let grid = GridPlacement(
      widths: sizes.widths, heights: sizes.heights, lineLength: Self.lineLength, spacing: 8,
      lineSpacing: 8)
    let large = n - recent
    let open = Self.openLine(
      options: Self.gridOptions, viewport: Self.rect(y: 0), capacity: 200 + 12 * n
    ) { w in
      w.append("{\"header\":44,\"items\":")
      Self.appendItems(sizes.widths[0..<recent], sizes.heights[0..<recent], to: &w)
      w.append("},{\"header\":44,\"items\":")
      Self.appendItems(sizes.widths[recent...], sizes.heights[recent...], to: &w)
      w.append("}")
    }
    var y = 0.0
    var contentItems = n
    func scroll(frames: Int, _ rng: inout SplitMix64, _ recorder: inout TraceRecorder) {
      var fling = Fling()
      for _ in 0..<frames {
        let limit = 2 * 76 + grid.linesHeight(items: contentItems) - Self.height
        y = min(max(0, y + fling.step(using: &rng, speeds: 8...50)), max(0, limit))
        recorder.viewport(Self.rect(y: y))
        recorder.elements(Self.rect(y: y))
        recorder.endFrame(.scroll)
      }
    }
    // The filter and the restore come early (after a sixth and a third of the frames), so that
    // a replay cut by its time limit still has them.
    let sixth = max(1, (frameCount - 2) / 6)
    scroll(frames: sixth, &rng, &recorder)
    // The filter: a seeded half of the large section.
    var kept: [Bool] = []
    kept.reserveCapacity(large)
    var filter = BatchUpdate()
    for i in 0..<large {
      let keep = rng.next() & 1 == 0
      kept.append(keep)
      if !keep { filter.deleteItems.append(ItemPath(section: 1, item: i)) }
    }
    y = 0
    recorder.viewport(Self.rect(y: y))
    recorder.elements(Self.rect(y: y))
    recorder.applyPacked(filter)
    recorder.endFrame(.filter)
    contentItems -= filter.deleteItems.count
    scroll(frames: sixth, &rng, &recorder)
    // Cleared: every deleted item back at its place.
    var restore = BatchUpdate()
    restore.insertItems.reserveCapacity(filter.deleteItems.count)
    for (i, keep) in kept.enumerated() where !keep {
      restore.insertItems.append(
        ItemInsertion(
          at: ItemPath(section: 1, item: i),
          size: Size(width: sizes.widths[recent + i], height: sizes.heights[recent + i])))
    }
    y = 0
    recorder.viewport(Self.rect(y: y))
    recorder.elements(Self.rect(y: y))
    recorder.applyPacked(restore)
    recorder.endFrame(.restore)
    contentItems = n
    scroll(frames: max(0, frameCount - 2 - 2 * sixth), &rng, &recorder)
    return open
  }
}
