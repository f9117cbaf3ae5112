import FlowLayoutModel

extension DocumentLayout {
  /// The items to prefetch around the viewport at its last velocity
  /// (`PrefetchingLayoutEngine.prefetchRanges`, the document's `prefetch` policy); the same
  /// region `"visible"` measures in. Without a viewport, the bounds at offset 0.
  ///
  /// - Complexity: one rect query, O(log n + k) in the fast engine.
  /// - Throws: `.invalidDocument` (field `viewport`) when the engine does not answer prefetch
  ///   ranges.
  public func prefetchRanges() throws(LayoutError) -> [PrefetchRange] {
    // The engine's own function, over the engine in place (no cast: a cast boxes a copy).
    guard let prefetching = Engine.prefetching else {
      throw .invalidDocument(
        field: "viewport", reason: "the \(Engine.engineName) engine does not answer prefetch ranges")
    }
    let viewport =
      layout.viewport ?? Rect(x: 0, y: 0, width: layout.bounds.width, height: layout.bounds.height)
    var ranges: [PrefetchRange] = []
    var scratch: [LayoutElement] = []
    try prefetching(layout.engine, viewport, velocity, prefetch, &ranges, &scratch)
    return ranges
  }
}

/// The session's `viewport` request in both forms (`docs/session.md`).
extension LayoutSession {
  /// `{"viewport": [x, y, w, h]}` moves the viewport at rest and answers the change answer, as
  /// it always has; `{"viewport": {"rect": [x, y, w, h], "velocity": [vx, vy]}}` (`velocity`
  /// in points per second, default `[0, 0]`) moves it at that velocity (which orients the
  /// `"visible"` measuring rect) and adds `"prefetch": [[s, first, end], …]` to the answer: the
  /// half-open item ranges of `DocumentLayout.prefetchRanges()` after the move.
  ///
  /// - Throws: `.invalidDocument` naming `viewport.<key>` for a malformed request or a missing
  ///   `rect`; `.invalidNumber` naming `viewport.<field>` or `viewport.velocity.x|y`. Nothing
  ///   changes.
  mutating func viewport(_ s: inout JSONScanner) throws(LayoutError) -> String {
    try requireOpen()
    guard s.peek() == UInt8(ascii: "{") else {
      let rect = try Self.readRect(&s, field: "viewport")
      return try change { (live) throws(LayoutError) in try live.setViewport(rect) }
    }
    var rect: Rect?
    var velocity = Point(x: 0, y: 0)
    try s.readObject(field: "viewport") { (s, key) throws(LayoutError) in
      switch key {
      case "rect": rect = try Self.readRect(&s, field: "viewport.rect")
      case "velocity": velocity = try Self.readPoint(&s, field: "viewport.velocity")
      default:
        throw RawDocument.unknownKey(key, field: "viewport", expected: ["rect", "velocity"])
      }
    }
    guard let rect else {
      throw .invalidDocument(field: "viewport.rect", reason: "missing (required)")
    }
    var ranges: [PrefetchRange] = []
    let answer = try change { (live) throws(LayoutError) in
      do throws(LayoutError) {
        try live.setViewport(rect, velocity: velocity)
      } catch {
        throw error.prefixingField(with: "viewport.")
      }
      ranges = try live.prefetchRanges()
    }
    var w = JSONWriter()
    w.append(",\"prefetch\":[")
    for (k, range) in ranges.enumerated() {
      if k > 0 { w.append(",") }
      w.append("[")
      w.append(range.section)
      w.append(",")
      w.append(range.items.lowerBound)
      w.append(",")
      w.append(range.items.upperBound)
      w.append("]")
    }
    w.append("]}")
    return String(answer.dropLast()) + w.string
  }
}
