import FlowLayoutModel

/// The session's interactive reordering (`docs/session.md`, "Drag to reorder";
/// `docs/semantics.md`, "Interactive reordering"): `{"drag": {"begin": [s, i]}}`,
/// `{"drag": {"to": [x, y]}}`, `{"drag": "end"}`, `{"drag": "cancel"}`.
///
/// During a drag the engine holds the live layout (the dragged item at its target) while the
/// document's cells and estimated items stay where they were: every read answers the live
/// layout in live indices and maps a live path to the document's in O(1)
/// (`InteractiveMove.documentPath(ofLive:)`); `end` moves the item back and applies the one
/// `moveItems` batch to the document, cells included; `cancel` moves it back.
extension LayoutSession {
  /// `{"drag": {"begin": [s, i], "layoutDirection": "leftToRight"|"rightToLeft"}}`,
  /// `{"drag": {"to": [x, y]}}`, `{"drag": "end"}` or `{"drag": "cancel"}`. `begin` and `to`
  /// answer the change answer (`anchor` `null`: a drag step never moves the viewport) plus
  /// `"target": [s, i]` and `"lifted": [x, y, w, h]`; `end` answers the change answer of the
  /// batch plus `"moved": [[s, i], [s, i]]` (`null` when the item is back where it was);
  /// `cancel` the change answer.
  ///
  /// - Complexity: `begin` one frame lookup; `to` the engine's target query plus one
  ///   single-item move (O(log n) in the fast engine); `end` the batch's cost; `cancel` one
  ///   single-item move (plus, under `"cellSizing": "visible"`, the cells a viewport moved
  ///   during the drag shows).
  /// - Throws: `.invalidDocument` naming `drag` (a malformed request, no drag in progress, a
  ///   drag in progress at `begin`), `drag.begin` (a path that does not exist), `.itemHidden`,
  ///   `.invalidNumber` naming `drag.to.x` or `drag.to.y` (not finite). Nothing changes.
  mutating func drag(_ s: inout JSONScanner) throws(LayoutError) -> String {
    try requireOpen()
    if s.peek() == UInt8(ascii: "\"") {
      let word = try s.readString(field: "drag")
      guard word == "end" || word == "cancel" else {
        throw .invalidDocument(
          field: "drag",
          reason: "unknown value \"\(printable(word))\" (expected \"end\", \"cancel\" or an object)")
      }
      guard let move = interactiveMove else { throw Self.noDrag }
      return word == "end" ? try endDrag(move) : try cancelDrag(move)
    }
    var begin: ItemPath?
    var to: Point?
    var layoutDirection: LayoutDirection?
    try s.readObject(field: "drag") { (s, key) throws(LayoutError) in
      switch key {
      case "begin": begin = try RawDocument.readPath(&s, field: "drag.begin")
      case "to": to = try Self.readPoint(&s, field: "drag.to")
      case "layoutDirection":
        layoutDirection = try RawDocument.readEnum(&s, field: "drag.layoutDirection")
      default:
        throw RawDocument.unknownKey(
          key, field: "drag", expected: ["begin", "to", "layoutDirection"])
      }
    }
    switch (begin, to) {
    case (let path?, nil):
      guard interactiveMove == nil else {
        throw .invalidDocument(
          field: "drag.begin",
          reason: "a drag is in progress (send {\"drag\": \"end\"} or {\"drag\": \"cancel\"} first)")
      }
      let move: InteractiveMove
      do throws(LayoutError) {
        move = try reading { (live) throws(LayoutError) in
          try Self.begin(path, in: live.engine, layoutDirection: layoutDirection ?? .leftToRight)
        }
      } catch {
        throw error.prefixingField(with: "drag.")
      }
      interactiveMove = move
      return dragAnswer(move, shift: reading { $0.contentShift() })
    case (nil, var pointer?):
      guard layoutDirection == nil else {
        throw .invalidDocument(
          field: "drag.layoutDirection", reason: "only with \"begin\" (a drag keeps its own)")
      }
      guard var move = interactiveMove else { throw Self.noDrag }
      try InteractiveMoveRequest.validate(pointer: pointer, field: "drag.to")
      // Shown coordinates (bottom to top: short content moved down) to laid-out ones.
      let shift = reading { $0.contentShift() }
      pointer.y -= shift
      let next: ItemPath
      do throws(LayoutError) {
        next = try reading { (live) throws(LayoutError) in
          try Self.target(for: pointer, of: &move, in: live.engine)
        }
      } catch {
        throw error.prefixingField(with: "drag.")
      }
      // The engine, uniquely referenced, takes the one-item move in place.
      try document!.withLayout { (layout) throws(LayoutError) in
        try layout.withEngine { (engine) throws(LayoutError) in
          _ = try move.update(to: pointer, target: next, in: &engine)
        }
      }
      interactiveMove = move
      return dragAnswer(move, shift: shift)
    default:
      throw .invalidDocument(
        field: "drag", reason: "expected one of \"begin\" or \"to\" (or \"end\", \"cancel\")")
    }
  }

  static var noDrag: LayoutError {
    .invalidDocument(
      field: "drag",
      reason: "no drag in progress (send {\"drag\": {\"begin\": [s, i]}} first)")
  }

  /// The engine's drag (`LayoutEngine.interactiveMoving`: over the engine in place, no cast,
  /// which would box a copy of it).
  private static func moving() throws(LayoutError) -> InteractiveMoveFunctions<Engine> {
    guard let moving = Engine.interactiveMoving else {
      throw .invalidDocument(
        field: "drag", reason: "the \(Engine.engineName) engine does not reorder interactively")
    }
    return moving
  }

  private static func begin(
    _ path: ItemPath, in engine: Engine, layoutDirection: LayoutDirection
  ) throws(LayoutError) -> InteractiveMove {
    try moving().begin(engine, path, layoutDirection)
  }

  /// The ruling's target for `pointer` in the engine as it is (read in place).
  private static func target(
    for pointer: Point, of move: inout InteractiveMove, in engine: Engine
  ) throws(LayoutError) -> ItemPath {
    try moving().target(engine, &move, pointer)
  }

  /// Moves the item back, then applies the drag's batch to the document (cells, estimated
  /// items) as an `apply` of it would, except that the offset only clamps (scroll anchor
  /// `none` for this batch: a drop does not scroll).
  private mutating func endDrag(_ move: InteractiveMove) throws(LayoutError) -> String {
    let batch = move.batch
    try document!.withLayout { (layout) throws(LayoutError) in
      try layout.withEngine { (engine) throws(LayoutError) in try move.cancel(in: &engine) }
    }
    interactiveMove = nil
    // A drop never scrolls (UIKit's): the offset only clamps, whatever the anchor rule.
    let rule = reading { live in live.layout.scrollAnchor }
    try document!.withLayout { (layout) throws(LayoutError) in layout.scrollAnchor = .none }
    defer { try? document!.withLayout { (layout) throws(LayoutError) in layout.scrollAnchor = rule } }
    let answer: String
    do throws(LayoutError) {
      answer = try change { (live) throws(LayoutError) in try live.apply(batch) }
    } catch {
      // Not expected (the batch is the engine's own move): the live layout again.
      try? document!.withLayout { (layout) throws(LayoutError) in
        try layout.withEngine { (engine) throws(LayoutError) in try engine.apply(batch) }
      }
      interactiveMove = move
      throw error.prefixingField(with: "drag.")
    }
    var text = String(answer.dropLast())
    if let moved = batch.moveItems.first {
      text += ",\"moved\":[[\(moved.from.section),\(moved.from.item)],"
      text += "[\(moved.to.section),\(moved.to.item)]]}"
    } else {
      text += ",\"moved\":null}"
    }
    return text
  }

  /// Moves the item back; then measures what a viewport moved during the drag shows.
  private mutating func cancelDrag(_ move: InteractiveMove) throws(LayoutError) -> String {
    try document!.withLayout { (layout) throws(LayoutError) in
      try layout.withEngine { (engine) throws(LayoutError) in try move.cancel(in: &engine) }
    }
    interactiveMove = nil
    return try change { (live) throws(LayoutError) in
      try live.setViewport(live.layout.viewport)
    }
  }

  /// The change answer of a drag step: position, nothing measured, no anchor, the target and
  /// the lifted frame, shown `shift` lower (`DocumentLayout.contentShift()` when the pointer was
  /// read: centred on the pointer as sent).
  private mutating func dragAnswer(_ move: InteractiveMove, shift: Double) -> String {
    var w = JSONWriter()
    reading { live in Self.appendPosition(live, to: &w) }
    w.append(",\"cellsMeasured\":0,\"anchor\":null,\"target\":[")
    w.append(move.target.section)
    w.append(",")
    w.append(move.target.item)
    w.append("],\"lifted\":")
    let f = move.liftedFrame.offsetBy(dy: shift)
    w.append(numbers: f.minX, f.minY, f.width, f.height, separator: ",")
    w.append("}")
    return w.string
  }

  /// The requests a drag changes: those that edit the document are refused; `viewport` moves
  /// the viewport without measuring; `elements` and `frame` answer the live layout with the
  /// document's estimated items mapped to it. `nil`: the request as without a drag (it reads
  /// the live engine).
  mutating func respondDuringDrag(to key: String, _ s: inout JSONScanner) throws(LayoutError)
    -> String?
  {
    guard let move = interactiveMove else { return nil }
    switch key {
    case "open", "apply", "transitions", "visibleTransitions", "scrollTo":
      throw .invalidDocument(
        field: key,
        reason: "a drag is in progress (send {\"drag\": \"end\"} or {\"drag\": \"cancel\"} first)")
    case "viewport":
      guard s.peek() != UInt8(ascii: "{") else {
        throw .invalidDocument(
          field: "viewport",
          reason: "a drag is in progress: only the rect form [x, y, w, h] (prefetch waits for the drop)")
      }
      let rect = try Self.readRect(&s, field: "viewport")
      try document!.withLayout { (layout) throws(LayoutError) in try layout.setViewport(rect) }
      var w = JSONWriter()
      reading { live in Self.appendPosition(live, to: &w) }
      w.append(",\"cellsMeasured\":0,\"anchor\":null}")
      return w.string
    case "elements":
      let rect = try Self.readRect(&s, field: "elements")
      return reading { live in
        live.shownOutput(rect: rect, documentPath: move.documentPath(ofLive:)).json()
      }
    case "frame":
      let path = try RawDocument.readPath(&s, field: "frame")
      return try frameAnswer(path, documentPath: move.documentPath(ofLive: path))
    default:
      return nil
    }
  }
}
