import FlowLayoutDocument
import FlowLayoutModel

/// Collects a trace's frames: each request is written as one JSON line of `docs/session.md`
/// by the document layer's `JSONWriter` (numbers as `flowlayout` writes them), and `endFrame`
/// closes the frame.
struct TraceRecorder {
  private(set) var frames: [TraceFrame] = []
  private var lines: [[UInt8]] = []

  /// `{"viewport": [x, y, w, h]}`.
  mutating func viewport(_ r: Rect) { lines.append(Self.rectRequest("viewport", r)) }

  /// `{"elements": [x, y, w, h]}`.
  mutating func elements(_ r: Rect) { lines.append(Self.rectRequest("elements", r)) }

  /// `{"apply": BATCH}` in the document's edit format; nothing when the batch is empty.
  mutating func apply(_ batch: BatchUpdate) { request("apply", batch) }

  /// `{"visibleTransitions": BATCH}` in the document's edit format: the batch applied as `apply`
  /// does and the animation of the elements shown before or after it answered (an app's
  /// animated batch); nothing when the batch is empty.
  mutating func visibleTransitions(_ batch: BatchUpdate) { request("visibleTransitions", batch) }

  /// `{"key": BATCH}`; nothing when the batch is empty.
  private mutating func request(_ key: StaticString, _ batch: BatchUpdate) {
    guard !batch.isEmpty else { return }
    var w = JSONWriter()
    w.append("{\"")
    w.append(key)
    w.append("\":")
    Self.append(batch, to: &w)
    w.append("}")
    lines.append(w.bytes)
  }

  /// `{"apply": BATCH}` with the batch's item deletions and insertions in their packed forms
  /// (`deleteItemsPacked`, `insertItemsPacked`: `docs/layout-document.md`, "Packed item
  /// edits"), the same batch as `apply(_:)` writes; nothing when the batch is empty.
  ///
  /// - Precondition: the batch holds only item deletions and insertions, each list ascending.
  mutating func applyPacked(_ batch: BatchUpdate) {
    guard !batch.isEmpty else { return }
    lines.append(Self.packedApplyLine(batch))
  }

  /// The `apply` line `applyPacked(_:)` writes.
  static func packedApplyLine(_ batch: BatchUpdate) -> [UInt8] {
    var plain = batch
    plain.deleteItems = []
    plain.insertItems = []
    precondition(plain.isEmpty, "packed: item deletions and insertions only")
    var w = JSONWriter()
    w.append("{\"apply\":{")
    if !batch.deleteItems.isEmpty {
      w.append("\"deleteItemsPacked\":")
      PackedItemEdits.appendDeletions(batch.deleteItems, to: &w)
    }
    if !batch.insertItems.isEmpty {
      w.append(batch.deleteItems.isEmpty ? "\"insertItemsPacked\":" : ",\"insertItemsPacked\":")
      PackedItemEdits.appendInsertions(batch.insertItems, to: &w)
    }
    w.append("}}")
    return w.bytes
  }

  /// Ends the frame (a frame without requests is dropped).
  mutating func endFrame(_ tag: TraceTag) {
    guard !lines.isEmpty else { return }
    frames.append(TraceFrame(tag: tag, lines: lines))
    lines = []
  }

  static func rectRequest(_ key: StaticString, _ r: Rect) -> [UInt8] {
    var w = JSONWriter()
    w.append("{\"")
    w.append(key)
    w.append("\":")
    w.append(numbers: r.minX, r.minY, r.width, r.height, separator: ",")
    w.append("}")
    return w.bytes
  }

  /// `[a,b]` (whole numbers without a fraction, as `JSONWriter` writes them).
  static func appendPair(_ a: Double, _ b: Double, to w: inout JSONWriter) {
    w.append("[")
    w.append(a)
    w.append(",")
    w.append(b)
    w.append("]")
  }

  static func append(_ path: ItemPath, to w: inout JSONWriter) {
    appendPair(Double(path.section), Double(path.item), to: &w)
  }

  static func append(_ size: Size, to w: inout JSONWriter) {
    appendPair(size.width, size.height, to: &w)
  }

  /// `[e₀,e₁,…]` with `element` writing each.
  static func appendList<T>(
    _ list: [T], to w: inout JSONWriter, _ element: (T, inout JSONWriter) -> Void
  ) {
    w.append("[")
    for (k, e) in list.enumerated() {
      if k > 0 { w.append(",") }
      element(e, &w)
    }
    w.append("]")
  }

  /// A batch as the document's `edits` entries and the session's `apply` spell it
  /// (`docs/layout-document.md`, "Edits"): only its non-empty keys. Inserted sections are
  /// written with their items' sizes (`null` for the estimated ones); section metrics and
  /// `setWidthClass`, which no trace uses, are not written.
  ///
  /// - Complexity: O(k) for k entries.
  static func append(_ b: BatchUpdate, to w: inout JSONWriter) {
    precondition(
      b.setWidthClass == nil && b.insertSections.allSatisfy { $0.section.metrics == nil },
      "the trace writer does not write width classes or section metrics")
    var first = true
    func key(_ name: StaticString) {
      w.append(first ? "{\"" : ",\"")
      first = false
      w.append(name)
      w.append("\":")
    }
    func at(_ path: ItemPath, size: Size, _ w: inout JSONWriter) {
      w.append("{\"at\":")
      append(path, to: &w)
      w.append(",\"size\":")
      append(size, to: &w)
      w.append("}")
    }
    if !b.deleteSections.isEmpty {
      key("deleteSections")
      appendList(b.deleteSections, to: &w) { s, w in w.append(s) }
    }
    if !b.insertSections.isEmpty {
      key("insertSections")
      appendList(b.insertSections, to: &w) { s, w in
        w.append("{\"at\":")
        w.append(s.at)
        w.append(",\"header\":")
        w.append(s.section.header)
        w.append(",\"footer\":")
        w.append(s.section.footer)
        w.append(",\"items\":")
        appendList(Array(s.section.items.enumerated()), to: &w) { item, w in
          if s.estimatedItems.contains(item.offset) {
            w.append("{\"estimate\":")
            append(item.element, to: &w)
            w.append("}")
          } else {
            append(item.element, to: &w)
          }
        }
        w.append("}")
      }
    }
    if !b.moveSections.isEmpty {
      key("moveSections")
      appendList(b.moveSections, to: &w) { m, w in
        w.append("{\"from\":")
        w.append(m.from)
        w.append(",\"to\":")
        w.append(m.to)
        w.append("}")
      }
    }
    if !b.deleteItems.isEmpty {
      key("deleteItems")
      appendList(b.deleteItems, to: &w) { p, w in append(p, to: &w) }
    }
    if !b.insertItems.isEmpty {
      key("insertItems")
      appendList(b.insertItems, to: &w) { e, w in at(e.at, size: e.size, &w) }
    }
    if !b.moveItems.isEmpty {
      key("moveItems")
      appendList(b.moveItems, to: &w) { m, w in
        w.append("{\"from\":")
        append(m.from, to: &w)
        w.append(",\"to\":")
        append(m.to, to: &w)
        w.append("}")
      }
    }
    if !b.resizeItems.isEmpty {
      key("resizeItems")
      appendList(b.resizeItems, to: &w) { e, w in at(e.at, size: e.size, &w) }
    }
    if !b.measureItems.isEmpty {
      key("measureItems")
      appendList(b.measureItems, to: &w) { e, w in at(e.at, size: e.size, &w) }
    }
    if let width = b.setWidth {
      key("setWidth")
      w.append(width)
    }
    if let height = b.setHeight {
      key("setHeight")
      w.append(height)
    }
    if let counts = b.expectedItemCounts {
      key("expectedItemCounts")
      appendList(counts, to: &w) { c, w in w.append(c) }
    }
    w.append(first ? "{}" : "}")
  }
}
