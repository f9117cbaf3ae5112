import FlowLayoutModel

/// A live layout driven by JSON requests, one per line (`flowlayout session`, `docs/session.md`).
///
/// Requests (each a one-key object): `{"open": DOCUMENT}`, `{"apply": BATCH}`,
/// `{"viewport": [x, y, w, h]}` (or `{"viewport": {"rect": …, "velocity": …}}`, answered with
/// prefetch ranges: `LayoutSession+Prefetch.swift`), `{"elements": [x, y, w, h]}`, `{"frame": [s, i]}`,
/// `{"hitTest": [x, y]}`, `{"contentSize": null}`, `{"transitions": BATCH}` (applies the batch
/// and answers its animation frames, `LayoutTransition`), `{"scrollTo": …}` and `{"navigate": …}`
/// (`LayoutSession+Interactions.swift`), `{"drag": …}` (`LayoutSession+Drag.swift`); `requests`
/// lists them. Every answer is one JSON line. An
/// answer to a change (`open`, `apply`, `viewport`, `scrollTo`) carries `contentSize`, `contentOffset` (when there is a
/// viewport), `cellsMeasured` (cells measured by this request) and `anchor` (the item that held
/// the offset, with its distance to the viewport's leading edge before and after, or `null`).
/// A bad request is answered `{"error": "field: reason"}` and changes nothing.
public struct LayoutSession<Engine: LayoutEngine> {
  /// The open document's layout; `nil` before the first `open`.
  public internal(set) var document: DocumentLayout<Engine>?
  /// Whether `document` is set (from the first `open` on): a request's check, since testing the
  /// optional itself (`document != nil`) copies the whole document in this generic code.
  private var isOpen = false
  /// The drag in progress (`LayoutSession+Drag.swift`); `nil` when none is.
  public internal(set) var interactiveMove: InteractiveMove?
  /// Whether `visibleTransitions` reads the frames before a batch back through the batch's
  /// inverse (`BatchJournal`) where it can, rather than from a copy of the engine: `false` makes
  /// it keep the copy always (the session fuzzer's reference session, so that the two ways
  /// check each other).
  package var journalsVisibleTransitions = true
  /// The `visibleTransitions` batches whose old frames were read back through their inverse
  /// (an element came into view), those among them that edited sections and items together,
  /// and those that changed the bounds; and the changes of the bounds journaled (their
  /// elements near the viewport read before them): the tests' count of the journal's work.
  package private(set) var journalReadBacks = (all: 0, mixed: 0, bounds: 0, boundsReadAhead: 0)

  public init() {}

  /// The answer to one request line (without its newline).
  ///
  /// - Complexity: the request's own cost (a document's decoding and layout, a batch, one rect
  ///   query, one frame) plus O(b) for b bytes of request.
  public mutating func answer(_ line: some Collection<UInt8>) -> String {
    answer(bytes: Array(line))
  }

  /// `answer(_:)` taking the line's bytes over: the request's value is cut out of them in place,
  /// so that a large request (a document) is held once, never copied.
  public mutating func answer(bytes line: consuming [UInt8]) -> String {
    var temporaries = RequestTemporaries()
    return answer(bytes: line, temporaries: &temporaries)
  }

  /// `answer(bytes:)`, the request's large temporaries handed to `temporaries` instead of freed
  /// before the answer is returned: for an `apply` line, the line's bytes, the batch as read and
  /// the batch applied (a 1M-item restore: a 5.5 MB line, 16 MB of insertions, the paths of its
  /// deletions), so that the caller frees them after it has written the answer
  /// (`flowlayout session`), not while its client waits. What `temporaries` held before is
  /// freed first; any other request leaves it empty.
  ///
  /// - Complexity: as `answer(bytes:)`.
  public mutating func answer(
    bytes line: consuming [UInt8], temporaries: inout RequestTemporaries
  ) -> String {
    temporaries = RequestTemporaries()
    do {
      return try respond(consume line, temporaries: &temporaries)
    } catch {
      var w = JSONWriter()
      w.append("{\"error\":")
      w.append(quoted: error.printable.description)
      w.append("}")
      return w.string
    }
  }

  private mutating func respond(
    _ line: consuming [UInt8], temporaries: inout RequestTemporaries
  ) throws(LayoutError) -> String {
    if interactiveMove == nil, let edit = readApplyInPlace(line) {
      var applied: BatchUpdate?
      let answer = try change { (live) throws(LayoutError) in
        applied = try live.apply(edit, field: "apply")
      }
      temporaries = RequestTemporaries(line: line, edit: edit, applied: applied)
      return answer
    }
    if interactiveMove == nil, let opened = Self.readOpenInPlace(line) {
      return try open(opened)
    }
    let (key, value) = try Self.request(in: line)
    // The value alone, moved to the front of the line's own storage.
    line.removeSubrange(value.upperBound..<line.count)
    line.removeSubrange(0..<value.lowerBound)
    return try respond(to: key, consume line)
  }

  /// An `apply` line's batch, read once where it is (no skip of the value first, no copy of
  /// it): `nil` for any other line, with no document open, during a drag, or when anything in
  /// the line is wrong, which the general path then reads and answers exactly as before.
  ///
  /// - Complexity: O(b) for b bytes.
  private func readApplyInPlace(_ line: [UInt8]) -> RawEdit? {
    guard isOpen, interactiveMove == nil else { return nil }
    var s = JSONScanner(line)
    var edit: RawEdit?
    do {
      try s.readObject(field: "request") { (s, key) throws(LayoutError) in
        guard key == "apply", edit == nil else { throw .invalidDocument(field: "", reason: "") }
        edit = try RawEdit.read(&s, field: "apply")
      }
      try s.expectEnd()
    } catch {
      return nil
    }
    return edit
  }

  /// An `open` line's document, decoded once where it stands in the line (no pass over the
  /// value to find its end first, no copy of it): `nil` for any other line, or when anything in
  /// the line is wrong, which the general path then reads and answers exactly as before (a
  /// document that decodes here decodes there, from the same bytes, to the same document).
  ///
  /// - Complexity: O(b) for b bytes, plus the document's decoding.
  static func readOpenInPlace(_ line: [UInt8]) -> LayoutDocument? {
    // `{ "open" :` then the document's `{`, and the request's `}` last: anything else (an
    // escaped key, a BOM, another key) is left to the general path.
    var i = line.startIndex
    func skipSpaces() { while i < line.endIndex, JSONScanner.isSpace(line[i]) { i += 1 } }
    func consume(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard line.endIndex - i >= count else { return false }
      for k in 0..<count where line[i + k] != text.utf8Start[k] { return false }
      i += count
      return true
    }
    skipSpaces()
    guard consume("{") else { return nil }
    skipSpaces()
    guard consume("\"open\"") else { return nil }
    skipSpaces()
    guard consume(":") else { return nil }
    skipSpaces()
    var last = line.endIndex - 1
    while last > i, JSONScanner.isSpace(line[last]) { last -= 1 }
    guard i < last, line[i] == UInt8(ascii: "{"), line[last] == UInt8(ascii: "}") else {
      return nil
    }
    return try? LayoutDocument.decodeChecked(JSONScanner(line, in: i..<last))
  }

  /// Opens `decoded` (laid out, its edits applied, its cells measured by its `cellSizing`) in
  /// place of the open document, which stays when that fails.
  ///
  /// - Throws: the layout's errors, prefixed `open.`.
  private mutating func open(_ decoded: LayoutDocument) throws(LayoutError) -> String {
    var opened: DocumentLayout<Engine>
    do {
      opened = try DocumentLayout<Engine>.laidOut(decoded)
    } catch {
      throw error.prefixingField(with: "open.")
    }
    // The one-time page cut is the open's, not the first edit's (a hitch of 60-85 ms at 1M).
    opened.prepareForEdits()
    document = opened
    isOpen = true
    return changeAnswer(opened, measuredBefore: 0)
  }

  /// The request's key and the range of its value in `line`. The whole line is read before
  /// anything is done: a syntax error after the value must not follow a change.
  ///
  /// - Complexity: O(b) for b bytes.
  private static func request(in line: [UInt8]) throws(LayoutError) -> (String, Range<Int>) {
    var s = JSONScanner(line)
    guard s.peek() != nil else {
      throw .invalidDocument(field: "request", reason: "empty line (expected a JSON object)")
    }
    var request: (key: String, value: Range<Int>)?
    try s.readObject(field: "request") { (s, key) throws(LayoutError) in
      guard request == nil else {
        throw .invalidDocument(
          field: "request",
          reason: "one request per line (found \"\(printable(key))\" after another)")
      }
      let bytes = try s.readRawValue(field: key)
      request = (key, bytes.startIndex..<bytes.endIndex)
    }
    try s.expectEnd()
    guard let request else {
      throw .invalidDocument(
        field: "request",
        reason: "empty object (expected one of: \(requests.joined(separator: ", ")))")
    }
    return request
  }

  /// Every request's key, in the order `session --help` and the unknown-key error list them.
  public static var requests: [String] {
    [
      "open", "apply", "viewport", "elements", "frame", "hitTest", "contentSize", "transitions",
      "visibleTransitions", "scrollTo", "navigate", "drag",
    ]
  }

  /// - Throws: `.invalidDocument(field: "request", …)` when no document is open.
  func requireOpen() throws(LayoutError) {
    guard isOpen else {
      throw .invalidDocument(
        field: "request", reason: "no document is open (send {\"open\": DOCUMENT} first)")
    }
  }

  /// Answers request `key` whose value is `bytes` (exactly one JSON value, checked).
  private mutating func respond(to key: String, _ bytes: [UInt8]) throws(LayoutError) -> String {
    var s = JSONScanner(bytes)
    let answer = try respond(to: key, bytes, &s)
    try s.expectEnd()
    return answer
  }

  private mutating func respond(to key: String, _ bytes: [UInt8], _ s: inout JSONScanner)
    throws(LayoutError) -> String
  {
    if interactiveMove != nil, let answer = try respondDuringDrag(to: key, &s) { return answer }
    switch key {
    case "open":
      // The value is the document (read by the document's decoder, not through `s`).
      s.position = bytes.count
      let decoded: LayoutDocument
      do {
        decoded = try LayoutDocument.decode(bytes)
      } catch {
        throw error.prefixingField(with: "open.")
      }
      return try open(decoded)
    case "apply":
      try requireOpen()
      s.position = bytes.count
      return try change { (live) throws(LayoutError) in try live.apply(json: bytes, field: "apply")
      }
    case "transitions":
      // The batch is applied as by `apply`; the document before it is kept for the answer and
      // restored if the answer cannot be made (one copy of the engine's storage, O(n), which
      // `apply` avoids).
      try requireOpen()
      let saved = document!
      s.position = bytes.count
      var update = BatchUpdate()
      _ = try change { (live) throws(LayoutError) in
        update = try live.apply(json: bytes, field: "transitions")
      }
      // Measurements are resizes to an engine (those that change nothing dropped).
      let batch = update.engineBatch { path in
        (try? saved.engine.ownSize(ofItemAt: path)) ?? Size(width: -1, height: -1)
      }
      let list: [LayoutTransition]
      do {
        list = try Self.transitions(saved.engine, document!.engine, batch)
      } catch {
        document = saved
        throw error.prefixingField(with: "transitions.")
      }
      var w = JSONWriter()
      w.append("{")
      LayoutTransition.appendJSON(list, to: &w)
      w.append("}")
      return w.string
    case "visibleTransitions": return try visibleTransitions(bytes, &s)
    case "viewport": return try viewport(&s)
    case "elements":
      try requireOpen()
      let rect = try Self.readRect(&s, field: "elements")
      return reading { live in live.shownOutput(rect: rect).json() }
    case "frame":
      try requireOpen()
      let path = try RawDocument.readPath(&s, field: "frame")
      return try frameAnswer(path, documentPath: path)
    case "hitTest":
      try requireOpen()
      let p = try Self.readPoint(&s, field: "hitTest")
      guard p.x.isFinite, p.y.isFinite else {
        throw .invalidDocument(field: "hitTest", reason: "expected finite numbers")
      }
      // Later items are drawn above earlier ones: the last item containing the point is hit.
      let hit = reading { live in
        let point = Rect(x: p.x, y: p.y - live.contentShift(), width: 0, height: 0)
        return live.engine.elements(in: point).last { $0.kind == .item }
      }
      var w = JSONWriter()
      w.append("{\"item\":")
      if let hit {
        w.append("[")
        w.append(hit.path.section)
        w.append(",")
        w.append(hit.path.item)
        w.append("]")
      } else {
        w.append("null")
      }
      w.append("}")
      return w.string
    case "contentSize":
      try requireOpen()
      try s.readNull(field: "contentSize")
      var w = JSONWriter()
      reading { live in Self.appendPosition(live, to: &w) }
      w.append("}")
      return w.string
    case "scrollTo": return try scrollTo(&s)
    case "navigate": return try navigate(&s)
    case "drag": return try drag(&s)
    default:
      throw RawDocument.unknownKey(key, field: "", expected: Self.requests)
    }
  }

  /// Runs `body` on the open document, moved out of `self` so that the engine's storage is
  /// uniquely referenced (no copy-on-write copy of a million items), and answers the change.
  /// A throwing `body` changes nothing when it fails validation (every `DocumentLayout` call
  /// validates first).
  mutating func change(
    _ body: (inout DocumentLayout<Engine>) throws(LayoutError) -> Void
  ) throws(LayoutError) -> String {
    // Taken out and put back whole: reading `live!` as a value would copy the document (this
    // code is generic: the copy is the runtime's, field by field).
    var live = document.take()!
    let before = live.cellsMeasured
    do {
      try body(&live)
    } catch {
      document = consume live
      throw error
    }
    let answer = changeAnswer(live, measuredBefore: before)
    document = consume live
    return answer
  }

  /// `{"frame": [x, y, w, h], "estimated": …}`: the engine's item at `path` as shown, its
  /// estimated flag that of the document's item at `documentPath` (the same path but during a
  /// drag).
  ///
  /// - Complexity: one frame lookup plus O(log R).
  /// - Throws: `.itemOutOfRange` naming `frame`, `.itemHidden`.
  mutating func frameAnswer(
    _ path: ItemPath, documentPath: ItemPath
  ) throws(LayoutError) -> String {
    try reading { (live) throws(LayoutError) in
      var frame = try live.engine.frame(ofItemAt: path, field: "frame")
      frame.origin.y += live.contentShift()
      var w = JSONWriter()
      w.append("{\"frame\":")
      w.append(numbers: frame.minX, frame.minY, frame.width, frame.height, separator: ",")
      w.append(",\"estimated\":")
      w.append(live.layout.isEstimated(documentPath) ? "true" : "false")
      w.append("}")
      return w.string
    }
  }

  /// `body` of the open document, read in place (after `requireOpen()`): a read through
  /// `document!` copies the whole document first (its engine's every buffer a retain and a
  /// release: ~60 of each per copy, several copies per request).
  ///
  /// - Complexity: O(1) besides `body`.
  mutating func reading<R, Failure: Error>(
    _ body: (inout DocumentLayout<Engine>) throws(Failure) -> R
  ) throws(Failure) -> R {
    try body(&document!)
  }

  /// `{"contentSize": [w, h], "contentOffset": [x, y]` (when there is a viewport) — unclosed.
  static func appendPosition(_ live: DocumentLayout<Engine>, to w: inout JSONWriter) {
    var size = live.engine.contentSize
    size.height += live.contentShift()
    w.append("{\"contentSize\":")
    w.append(numbers: size.width, size.height, separator: ",")
    if let offset = live.layout.contentOffset {
      w.append(",\"contentOffset\":")
      w.append(numbers: offset.x, offset.y, separator: ",")
    }
  }

  private func changeAnswer(_ live: DocumentLayout<Engine>, measuredBefore: Int) -> String {
    var w = JSONWriter()
    Self.appendPosition(live, to: &w)
    w.append(",\"cellsMeasured\":")
    w.append(live.cellsMeasured - measuredBefore)
    w.append(",\"anchor\":")
    if let anchor = live.layout.lastAnchor {
      w.append("{\"item\":[")
      w.append(anchor.path.section)
      w.append(",")
      w.append(anchor.path.item)
      w.append("],\"distanceBefore\":")
      w.append(anchor.distanceBefore)
      w.append(",\"distanceAfter\":")
      w.append(anchor.distanceAfter)
      w.append("}")
    } else {
      w.append("null")
    }
    w.append("}")
    return w.string
  }

  /// The transitions of `update` from `before` to `after` (frames as laid out); none when the
  /// engine does not present (`PresentingLayoutEngine`).
  ///
  /// - Throws: the batch's validation error against `before` (not expected: it was applied).
  static func transitions(_ before: Engine, _ after: Engine, _ update: BatchUpdate)
    throws(LayoutError) -> [LayoutTransition]
  {
    guard let presenting = before as? any PresentingLayoutEngine else { return [] }
    return try transitions(opened: presenting, after, update)
  }

  private static func transitions<P: PresentingLayoutEngine>(
    opened before: P, _ after: Engine, _ update: BatchUpdate
  ) throws(LayoutError) -> [LayoutTransition] {
    guard let after = after as? P else { return [] }
    return try LayoutTransition.transitions(
      from: before, to: after, by: update, presentation: .plain)
  }

  /// `{"visibleTransitions": BATCH}`: applies the batch as `apply` does and answers its change
  /// answer plus `"transitions"`: the entries of the `transitions` request's answer for the
  /// elements shown in the viewport before the batch or in the viewport after it
  /// (`LayoutTransition.visibleTransitions`).
  ///
  /// The frames before the batch of the elements that come into view are read from the layout
  /// itself: the batch (item and section edits, measurements, the bounds and the width class,
  /// in any mix) is recorded with its inverse as the engine takes it (`BatchJournal`), undone
  /// for those reads and applied again, when its edits cost less than a copy of the engine would
  /// (`journaledEditLimit(items:sections:)`; otherwise the copy is kept: O(p) retains for p
  /// pages, and a copy of each page the batch writes). For a batch that changes the bounds,
  /// whose undoing would lay everything out twice more, the elements near the viewport are
  /// read before it (`readAheadRect`), and the batch is undone only when an element that came
  /// into view is not among them.
  ///
  /// - Complexity: the batch's, three times for a journaled batch, plus O(k (log n + log e)) for
  ///   the k elements the two viewports show (and the elements near the viewport, for a change
  ///   of the bounds).
  /// - Throws: `.invalidDocument(field: "visibleTransitions", …)` when the document has no
  ///   viewport; the batch's errors under `visibleTransitions.`. Nothing changes.
  private mutating func visibleTransitions(_ bytes: [UInt8], _ s: inout JSONScanner)
    throws(LayoutError) -> String
  {
    try requireOpen()
    guard
      let (shownBefore, viewportBefore) = reading({ live in
        live.shownViewport().map { (live.engine.elements(in: $0), $0) }
      })
    else {
      throw .invalidDocument(
        field: "visibleTransitions",
        reason: "the document has no viewport (send {\"viewport\": [x, y, w, h]} first)")
    }
    s.position = bytes.count
    let raw = try RawEdit.read(json: bytes, field: "visibleTransitions")
    let (items, sections) = reading { live in (live.layout.itemTotal, live.layout.itemCounts.count) }
    let limit = Self.journaledEditLimit(items: items, sections: sections)
    // Packed deletions join the batch's list once the item counts are known (a range may be
    // as wide as an `Int` until then: each count capped past the limit).
    let packed = raw.packedDeletionEntries.reduce(0) { $0 + min($1.items.count, limit + 1) }
    let edits =
      packed + raw.update.deleteItemCount + raw.update.insertItemCount
      + raw.update.moveItems.count + raw.update.resizeItems.count + raw.update.measureItems.count
      + raw.update.moveSections.count
      + raw.update.insertSections.reduce(0) { $0 + 1 + $1.section.count }
      + (raw.update.deleteSections.isEmpty ? 0 : deletedItems(raw.update.deleteSections))
    let journaled = journalsVisibleTransitions && edits <= limit
    let before = journaled ? nil : reading { live in live.engine }
    // A change of the bounds lays every item out again, and so would its undoing: the elements
    // near the viewport before it are read now, where those that come into view after it
    // almost always were (`readAheadRect`).
    let changesBounds =
      raw.update.setWidth != nil || raw.update.setHeight != nil || raw.update.setWidthClass != nil
    let nearBefore =
      journaled && changesBounds
      ? reading { live in
        live.engine.elements(
          in: Self.readAheadRect(
            viewportBefore, bounds: live.layout.bounds,
            newBounds: Size(
              raw.update.setWidth ?? live.layout.bounds.width,
              raw.update.setHeight ?? live.layout.bounds.height)))
      } : []
    var update = BatchUpdate()
    let answer = try change { (live) throws(LayoutError) in
      live.journal = journaled ? BatchJournal() : nil
      do throws(LayoutError) {
        update = try live.apply(raw, field: "visibleTransitions")
      } catch {
        live.journal = nil
        throw error
      }
    }
    if !nearBefore.isEmpty { journalReadBacks.boundsReadAhead += 1 }
    let (list, readBack) = reading { live in
      let viewportAfter = live.shownViewport() ?? viewportBefore
      if let before {
        return (
          LayoutTransition.visibleTransitions(
            from: before, to: live.engine, by: update, viewportBefore: viewportBefore,
            viewportAfter: viewportAfter), false
        )
      }
      let pending = VisibleTransitions(
        shownBefore: shownBefore, after: live.engine, by: update, viewportAfter: viewportAfter)
      if !nearBefore.isEmpty, let frames = pending.oldFrames(among: nearBefore) {
        live.journal = nil
        return (pending.finished(oldFrames: frames), false)
      }
      let needed = pending.oldFramesNeeded
      return (pending.finished(oldFrames: live.framesBeforeLastChange(needed)), !needed.isEmpty)
    }
    if readBack {
      journalReadBacks.all += 1
      if !nearBefore.isEmpty { journalReadBacks.bounds += 1 }
      let editsSections =
        !(update.insertSections.isEmpty && update.deleteSections.isEmpty
          && update.moveSections.isEmpty)
      let itemEdits =
        update.deleteItemCount + update.insertItemCount + update.moveItems.count
        + update.resizeItems.count + update.measureItems.count
      if editsSections, itemEdits > 0 { journalReadBacks.mixed += 1 }
    }
    var w = JSONWriter()
    w.append(",")
    LayoutTransition.appendJSON(list, to: &w)
    w.append("}")
    return String(answer.dropLast()) + w.string
  }

  /// The rect around `viewport` whose elements a change of the bounds from `bounds` to
  /// `newBounds` reads before it: the viewport extended on every side by 1 + r viewport lengths
  /// (r the larger ratio of a new bound to the old, within 1...8), so that the items a viewport
  /// shows after the content is reflowed up to r times denser were among them.
  ///
  /// - Complexity: O(1).
  static func readAheadRect(_ viewport: Rect, bounds: Size, newBounds: Size) -> Rect {
    func ratio(_ new: Double, _ old: Double) -> Double { old > 0 ? new / old : 1 }
    let r = min(8, max(1, ratio(newBounds.width, bounds.width), ratio(newBounds.height, bounds.height)))
    let dx = (1 + r) * viewport.width
    let dy = (1 + r) * viewport.height
    return Rect(
      x: viewport.minX - dx, y: viewport.minY - dy, width: viewport.width + 2 * dx,
      height: viewport.height + 2 * dy)
  }

  /// How many sections and items the deleted `sections` hold in the open document, each
  /// section counted once besides its items (one that does not exist counts 1: the batch will
  /// be refused).
  ///
  /// - Complexity: O(d) for d sections.
  private mutating func deletedItems(_ sections: [Int]) -> Int {
    reading { live in
      let counts = live.layout.itemCounts
      return sections.reduce(0) { $0 + 1 + (counts.indices.contains($1) ? counts[$1] : 0) }
    }
  }

  /// The most edits (item deletions, insertions, moves, resizes and measurements; section
  /// moves; inserted and deleted sections and their items) a `visibleTransitions` batch may
  /// hold to be journaled rather than copied, in a layout of `items` items in `sections`
  /// sections: past it, building the inverse and applying the batch twice more costs more than
  /// the copy of the engine's page list (about one page per `itemsPerPage` items, and one per
  /// section), `editsPerPage` edits a page, and at least `journaledEditFloor`.
  ///
  /// - Complexity: O(1).
  static func journaledEditLimit(items: Int, sections: Int) -> Int {
    max(journaledEditFloor, (items / itemsPerPage + sections) * editsPerPage)
  }

  /// The edits every layout journals, however small (a copy of its engine costs little too).
  static var journaledEditFloor: Int { 64 }
  /// The fast engine's items a page (its target: pages hold 128 to 1 024 items).
  static var itemsPerPage: Int { 512 }
  /// The edits a journal applies (twice more, after building their inverse) in the time a copy
  /// of the engine takes per page: measured through the pipe (03a9a84, release, one section,
  /// contiguous deletions in view and their insertion back, medians of 6–10), a journal of 1 800
  /// edits at 1M items 0.36 / 0.60 ms against a copy with 2 100 0.64 / 1.46 ms, and of 18 000 at
  /// 10M 3.6 / 5.2 ms against 13.3 / 17.1 ms; 42c4816's journal of 4 000 at 1M 0.57 / 1.08 ms
  /// against its copy with 4 200 0.51 / 1.26 ms: even at about two edits a page.
  static var editsPerPage: Int { 2 }

  /// `[x, y]` (two numbers, not otherwise checked: each request checks its own).
  static func readPoint(_ s: inout JSONScanner, field: String) throws(LayoutError) -> Point {
    var v: [Double] = []
    try s.readTuple(field: field, names: ["x", "y"]) { v.append($0) }
    return Point(x: v[0], y: v[1])
  }

  /// `[x, y, w, h]`, validated as a viewport.
  static func readRect(_ s: inout JSONScanner, field: String) throws(LayoutError) -> Rect {
    var v: [Double] = []
    try s.readTuple(field: field, names: RawDocument.rectNames) { v.append($0) }
    let rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    try LayoutValidation.viewport(rect, field: field)
    return rect
  }
}

extension LayoutSession: Sendable where Engine: Sendable {}

/// A request's large temporaries, kept by `LayoutSession.answer(bytes:temporaries:)` for the
/// caller to free once it has written the answer (by dropping or replacing this value).
public struct RequestTemporaries {
  /// The request's line.
  var line: [UInt8] = []
  /// The batch as read (`apply`).
  var edit: RawEdit?
  /// The batch applied, its packed deletions listed (`apply`).
  var applied: BatchUpdate?

  /// Holds nothing.
  public init() {}

  init(line: [UInt8], edit: RawEdit?, applied: BatchUpdate?) {
    self.line = line
    self.edit = edit
    self.applied = applied
  }

  /// The bytes of the buffers held (their elements): what freeing this value gives back.
  ///
  /// - Complexity: O(1).
  public var bytesHeld: Int {
    var total = line.count
    for update in [edit?.update, applied].compactMap({ $0 }) {
      // A packed batch holds its mask (and sizes), not its lists: reading `insertItems` or
      // `deleteItems` would build them.
      if let packed = update.packedInsertions {
        total += Self.bytes(of: packed.mask) + packed.sizeBits.count * MemoryLayout<UInt64>.stride
      } else {
        total += update.insertItemCount * MemoryLayout<ItemInsertion>.stride
      }
      if let packed = update.packedDeletions {
        total += Self.bytes(of: packed.mask)
      } else {
        total += update.deleteItemCount * MemoryLayout<ItemPath>.stride
      }
    }
    return total
  }

  /// The bytes `mask`'s words and ranks hold.
  ///
  /// - Complexity: O(1).
  static func bytes(of mask: ItemMask) -> Int {
    mask.words.count * MemoryLayout<UInt64>.stride + mask.ranks.count * MemoryLayout<Int>.stride
  }
}
