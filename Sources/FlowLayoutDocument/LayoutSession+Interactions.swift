import FlowLayoutModel

/// The session's interaction requests (`docs/session.md`): `scrollTo`, `navigate`.
extension LayoutSession {
  /// `{"scrollTo": {"item": [s, i], "position": "top"|"center"|"bottom"|"nearest",
  /// "insets": [top, left, bottom, right]}}` (`position` defaults to `top`, `insets` to 0):
  /// scrolls as `DocumentLayout.scroll(to:position:insets:)` and answers the change answer
  /// (its `contentOffset` is the target) plus `"estimated"`: the items in the viewport at the
  /// destination that are still estimates (plain items, which only a `measureItems` measures).
  ///
  /// - Throws: `.invalidDocument` naming `scrollTo.<key>` for a malformed request, a missing
  ///   `item`; `scrollTo.item` for a path that does not exist; `.itemHidden`; `scrollTo.insets.<side>`
  ///   for a bad inset. Nothing changes.
  mutating func scrollTo(_ s: inout JSONScanner) throws(LayoutError) -> String {
    try requireOpen()
    var path: ItemPath?
    var position = ScrollPosition.top
    var insets = EdgeInsets.zero
    try s.readObject(field: "scrollTo") { (s, key) throws(LayoutError) in
      switch key {
      case "item": path = try RawDocument.readPath(&s, field: "scrollTo.item")
      case "position": position = try RawDocument.readEnum(&s, field: "scrollTo.position")
      case "insets":
        var v: [Double] = []
        try s.readTuple(field: "scrollTo.insets", names: RawDocument.insetNames) { v.append($0) }
        insets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
      default:
        throw RawDocument.unknownKey(
          key, field: "scrollTo", expected: ["item", "position", "insets"])
      }
    }
    guard let path else {
      throw .invalidDocument(field: "scrollTo.item", reason: "missing (required)")
    }
    var estimated: [ItemPath] = []
    let answer = try change { (live) throws(LayoutError) in
      do throws(LayoutError) {
        try live.scroll(to: path, position: position, insets: insets)
      } catch {
        throw error.prefixingField(with: "scrollTo.")
      }
      estimated = live.estimatedItemsInViewport
    }
    var text = String(answer.dropLast())
    text += ",\"estimated\":["
    text += estimated.map { "[\($0.section),\($0.item)]" }.joined(separator: ",")
    text += "]}"
    return text
  }

  /// `{"navigate": {"from": [s, i], "direction": D, "layoutDirection": "leftToRight"|"rightToLeft"}}`
  /// (`D` one of `NavigationDirection`'s names; `layoutDirection` defaults to left to right):
  /// answers `{"item": [s, i]}`, or `{"item": null}` at an edge. Page moves go one viewport
  /// length (the bounds' without a viewport) along the scroll axis. Changes nothing.
  ///
  /// - Throws: `.invalidDocument` naming `navigate.<key>` for a malformed request or a missing
  ///   `from` or `direction`; `navigate.from` for a path that does not exist; `.itemHidden`.
  mutating func navigate(_ s: inout JSONScanner) throws(LayoutError) -> String {
    try requireOpen()
    var from: ItemPath?
    var direction: NavigationDirection?
    var layoutDirection = LayoutDirection.leftToRight
    try s.readObject(field: "navigate") { (s, key) throws(LayoutError) in
      switch key {
      case "from": from = try RawDocument.readPath(&s, field: "navigate.from")
      case "direction": direction = try RawDocument.readEnum(&s, field: "navigate.direction")
      case "layoutDirection":
        layoutDirection = try RawDocument.readEnum(&s, field: "navigate.layoutDirection")
      default:
        throw RawDocument.unknownKey(
          key, field: "navigate", expected: ["from", "direction", "layoutDirection"])
      }
    }
    guard let from else {
      throw .invalidDocument(field: "navigate.from", reason: "missing (required)")
    }
    guard let direction else {
      throw .invalidDocument(field: "navigate.direction", reason: "missing (required)")
    }
    // The engine's own function, over the engine in place (no cast: a cast boxes a copy).
    guard let navigation = Engine.navigation else {
      throw .invalidDocument(
        field: "navigate", reason: "the \(Engine.engineName) engine does not navigate")
    }
    var scratch: [LayoutElement] = []
    let found: ItemPath? = try reading { (live) throws(LayoutError) in
      let viewport =
        live.layout.viewport
        ?? Rect(x: 0, y: 0, width: live.layout.bounds.width, height: live.layout.bounds.height)
      let page = live.layout.scrollsAlongX ? viewport.width : viewport.height
      do throws(LayoutError) {
        return try navigation(
          live.engine, from, direction, layoutDirection,
          max(page, Double.leastNonzeroMagnitude), &scratch)
      } catch {
        throw error.prefixingField(with: "navigate.")
      }
    }
    guard let found else { return #"{"item":null}"# }
    return "{\"item\":[\(found.section),\(found.item)]}"
  }
}
