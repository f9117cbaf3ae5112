import FlowLayoutModel

/// The session's interaction requests (`docs/session.md`): `scrollTo`.
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
    _ = try open()
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
        throw RawDocument.unknownKey(key, field: "scrollTo", expected: ["item", "position", "insets"])
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
}
