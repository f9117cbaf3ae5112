import FioriCells
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport

/// A difference found by `SessionLockstep`: the request (0-based line), a class (what kind of
/// promise broke, for the shrinker to keep) and a one-line message.
public struct SessionFailure: Error, CustomStringConvertible, Sendable {
  public var line: Int
  /// `answer`, `state-after-error`, `engines`, `not-json`, `stream-check`.
  public var kind: String
  public var message: String
  public var description: String { "request \(line): \(kind): \(message)" }
}

/// Everything a session holds, for "an error answer changes nothing" (bit-exact: the same
/// engine must answer the same after a refused request).
struct SessionState: Equatable {
  var engine: LayoutSnapshot?
  var viewport: Rect?
  var estimated: [ItemIndexSet] = []
  var bounds = Size(0, 0)
  var itemCounts: [Int] = []
  var cells: [[CellDescription?]] = []
  var cellsMeasured = 0
  var anchor: AnchorReport?
  /// The drag in progress: source, target, pointer, moves applied.
  var drag: [Double]?
  var velocity = Point(x: 0, y: 0)

  init<E: LayoutEngine>(_ session: LayoutSession<E>) {
    if let m = session.interactiveMove {
      drag = [
        Double(m.source.section), Double(m.source.item), Double(m.target.section),
        Double(m.target.item), m.pointer.x, m.pointer.y, Double(m.movesApplied),
      ]
    }
    guard let d = session.document else { return }
    engine = LayoutSnapshot(d.engine)
    viewport = d.layout.viewport
    estimated = d.layout.estimatedItems.array
    bounds = d.layout.bounds
    itemCounts = d.layout.itemCounts.array
    cells = d.cells.map(Array.init)
    cellsMeasured = d.cellsMeasured
    anchor = d.layout.lastAnchor
    velocity = d.velocity
  }

  func difference(from before: SessionState) -> String? {
    if (engine == nil) != (before.engine == nil) { return "the document was opened or closed" }
    if let e = engine, let b = before.engine, let d = e.difference(from: b) { return d }
    if viewport != before.viewport {
      return "viewport \(String(describing: before.viewport)) -> \(String(describing: viewport))"
    }
    if estimated != before.estimated { return "estimated items changed" }
    if bounds != before.bounds { return "bounds \(before.bounds) -> \(bounds)" }
    if itemCounts != before.itemCounts { return "item counts changed" }
    if cells != before.cells { return "cells changed" }
    if cellsMeasured != before.cellsMeasured { return "cellsMeasured changed" }
    if anchor != before.anchor { return "last anchor changed" }
    if drag != before.drag { return "the drag changed" }
    if velocity != before.velocity { return "velocity \(before.velocity) -> \(velocity)" }
    return nil
  }
}

/// One session of each engine (`LayoutSession<FastFlowLayout>` and
/// `LayoutSession<ReferenceFlowLayout>`) answering the same requests in lockstep, checking after
/// each request:
///
/// 1. each answer is one line of JSON; where `JSONStreamCheck` refuses a byte of the line (so
///    that `flowlayout session` stops reading it there), the answer to the bytes up to that
///    byte is the line's answer, an error;
/// 2. the answers are equal under the equality contract (`EqualityContract`): the same keys,
///    strings and integers (paths, counts) exactly, other numbers within
///    `1e-9 · max(1, |a|, |b|, m)` where m is the largest magnitude in the answer (a distance
///    between two coordinates of magnitude m carries their rounding); an `elements` answer's
///    boundary elements exempt as in `EngineComparison.compareQuery`; a `hitTest` may differ
///    only when the later of the two items has the point on its edge (within the tolerance) in
///    either engine's frame; errors have the same text;
/// 3. an error answer left each session exactly as it was (`SessionState`: the engine's whole
///    content, viewport, estimated items, bounds, counts, cells, counters, last anchor);
/// 4. after every request, the two sessions' engines agree (`EngineComparison`, with the
///    content's probe rects) and so do their estimated items, counts, cells, counters and
///    viewports (within the tolerance).
public struct SessionLockstep {
  public private(set) var fast = LayoutSession<FastFlowLayout>()
  public private(set) var reference = LayoutSession<ReferenceFlowLayout>()
  /// Requests answered so far, and how many with an error.
  public private(set) var requests = 0
  public private(set) var errors = 0
  /// `drag` requests answered without an error (begin, pointer moves, end, cancel).
  public private(set) var drags = 0

  /// The reference session keeps a copy of its engine for `visibleTransitions` where the fast
  /// one undoes the batch (`BatchJournal`): their answers check each other.
  public init() {
    reference.journalsVisibleTransitions = false
  }

  /// What the generator sees: the fast session's counts, content, viewport and a few frames.
  public var view: SessionView {
    var v = SessionView()
    guard let d = fast.document else { return v }
    v.itemCounts = d.layout.itemCounts.array
    v.contentSize = d.engine.contentSize
    v.viewport = d.layout.viewport
    v.boundsWidth = d.layout.bounds.width
    v.dragging = fast.interactiveMove != nil
    var frames: [Rect] = []
    for (s, count) in v.itemCounts!.enumerated() where count > 0 {
      for i in [0, count / 2, count - 1] {
        if let f = try? d.engine.frame(ofItemAt: ItemPath(s, i)) { frames.append(f) }
      }
      if frames.count > 12 { break }
    }
    v.frames = frames
    return v
  }

  /// Sends `line` (request number `index`) to both sessions and checks the answers and states.
  ///
  /// - Returns: the first broken promise, `nil` when none.
  public mutating func step(_ line: String, index: Int) -> SessionFailure? {
    func failure(_ kind: String, _ message: String) -> SessionFailure {
      SessionFailure(line: index, kind: kind, message: message)
    }
    // Copies (O(1) until a request changes the session): the states are compared only after
    // an error answer.
    let fastBefore = fast
    let referenceBefore = reference
    let bytes = Array(line.utf8)
    let a = fast.answer(bytes)
    let b = reference.answer(bytes)
    requests += 1
    for answer in [a, b] where answer.contains(where: \.isNewline) {
      return failure("not-json", "an answer spans lines: \(answer)")
    }
    guard let x = JSONValue.parse(a), let y = JSONValue.parse(b) else {
      return failure("not-json", "fast \(a) / reference \(b)")
    }
    let aFailed = x["error"] != nil
    let bFailed = y["error"] != nil
    // `flowlayout session` stops reading a line at the first byte `JSONStreamCheck` refuses and
    // answers the bytes up to it: that answer must be the whole line's (an error, which
    // changes nothing, so asking again after the whole line is the same as asking instead).
    var check = JSONStreamCheck()
    if let bad = check.check(bytes) {
      let prefixAnswer = fast.answer(bytes: Array(bytes[...bad]))
      guard aFailed, prefixAnswer == a else {
        return failure("stream-check", "the bytes up to byte \(bad) answer \(prefixAnswer), the line \(a)")
      }
    }
    if aFailed || bFailed {
      guard a == b else { return failure("answer", "fast \(a) vs reference \(b)") }
      errors += 1
      if let d = SessionState(fast).difference(from: SessionState(fastBefore)) {
        return failure("state-after-error", "fast: \(d) after \(a)")
      }
      if let d = SessionState(reference).difference(from: SessionState(referenceBefore)) {
        return failure("state-after-error", "reference: \(d) after \(a)")
      }
      return nil
    }
    let key: String? = {
      if case .object(let members) = JSONValue.parse(line), members.count == 1 {
        return members[0].0
      }
      return nil
    }()
    if let d = compareAnswers(
      x, y, key: key, line: line, viewportBefore: fastBefore.document?.shownViewport())
    {
      return failure("answer", "\(d): fast \(a) vs reference \(b)")
    }
    if key == "drag" { drags += 1 }
    // Queries change nothing (an error answer's check covers the refused ones).
    if ["open", "apply", "transitions", "visibleTransitions", "viewport", "drag"].contains(
      key ?? ""),
      let d = compareSessions()
    {
      return failure("engines", d)
    }
    return nil
  }

  // MARK: Answers

  static let exactKeys: Set<String> = [
    "item", "section", "cellsMeasured", "before", "after", "kind", "estimated", "pinned",
    "seeAll", "hiddenItems", "overflowingItems", "fromAlpha", "toAlpha", "target", "moved",
    "prefetch",
  ]

  func compareAnswers(
    _ x: JSONValue, _ y: JSONValue, key: String?, line: String, viewportBefore: Rect? = nil
  ) -> String? {
    let scale = Self.largestMagnitude(x)
    if let d = Self.difference(x, y, scale: scale, path: "") {
      switch key {
      case "elements": return elementsDifference(x, y, line: line, scale: scale)
      case "hitTest": return hitTestDifference(x, y, line: line)
      case "visibleTransitions":
        return visibleTransitionsDifference(x, y, scale: scale, before: viewportBefore)
      default: return d
      }
    }
    return nil
  }

  static func largestMagnitude(_ v: JSONValue) -> Double {
    switch v {
    case .number(let x): return abs(x)
    case .array(let values): return values.map(largestMagnitude).max() ?? 0
    case .object(let members): return members.map { largestMagnitude($0.1) }.max() ?? 0
    default: return 0
    }
  }

  /// The first difference between two answers (keys, strings, integers at `exactKeys` exactly;
  /// numbers within the tolerance), `nil` when none.
  static func difference(_ x: JSONValue, _ y: JSONValue, scale: Double, path: String, exact: Bool = false)
    -> String?
  {
    switch (x, y) {
    case (.number(let a), .number(let b)):
      if exact { return a == b ? nil : "\(path): \(a) vs \(b)" }
      return EqualityContract.close(a, b) || abs(a - b) <= 1e-9 * scale ? nil : "\(path): \(a) vs \(b)"
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return "\(path): \(a.count) vs \(b.count) entries" }
      for (k, (u, v)) in zip(a, b).enumerated() {
        if let d = difference(u, v, scale: scale, path: "\(path)[\(k)]", exact: exact) { return d }
      }
      return nil
    case (.object(let a), .object(let b)):
      guard a.map(\.0) == b.map(\.0) else { return "\(path): keys \(a.map(\.0)) vs \(b.map(\.0))" }
      for ((k, u), (_, v)) in zip(a, b) {
        if let d = difference(
          u, v, scale: scale, path: "\(path).\(k)", exact: exact || exactKeys.contains(k))
        {
          return d
        }
      }
      return nil
    default:
      return x == y ? nil : "\(path): \(x.text) vs \(y.text)"
    }
  }

  static func elements(_ answer: JSONValue) -> [(LayoutElement, JSONValue)] {
    var result: [(LayoutElement, JSONValue)] = []
    if case .array(let items)? = answer["items"] {
      for item in items {
        guard case .number(let s)? = item["section"], case .number(let i)? = item["item"],
          let f = item["frame"]?.numbers, f.count == 4
        else { continue }
        result.append(
          (.item(ItemPath(Int(s), Int(i)), Rect(x: f[0], y: f[1], width: f[2], height: f[3])), item))
      }
    }
    if case .array(let supplementary)? = answer["supplementary"] {
      for element in supplementary {
        guard case .string(let kind)? = element["kind"], let kind = ElementKind(rawValue: kind),
          case .number(let s)? = element["section"], let f = element["frame"]?.numbers, f.count == 4
        else { continue }
        let frame = Rect(x: f[0], y: f[1], width: f[2], height: f[3])
        result.append((LayoutElement(kind: kind, path: ItemPath(Int(s), 0), frame: frame), element))
      }
    }
    return result
  }

  /// An `elements` answer: everything but the lists as `difference`; the lists as
  /// `EngineComparison.compareQuery` (boundary elements exempt), and each element both return
  /// with the same flags.
  func elementsDifference(_ x: JSONValue, _ y: JSONValue, line: String, scale: Double) -> String? {
    guard case .object(let a) = x, case .object(let b) = y else { return "not objects" }
    let strip: ([(String, JSONValue)]) -> JSONValue = { members in
      .object(members.filter { $0.0 != "items" && $0.0 != "supplementary" })
    }
    if let d = Self.difference(strip(a), strip(b), scale: scale, path: "") { return d }
    guard case .object(let request)? = JSONValue.parse(line), let r = request.first?.1.numbers,
      r.count == 4
    else { return "elements: no rect in the request" }
    let rect = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
    let ex = Self.elements(x)
    let ey = Self.elements(y)
    var comparison = EngineComparison(limit: 1)
    comparison.compareQuery(ex.map(\.0), ey.map(\.0), rect: rect, an: "fast", bn: "reference")
    if let d = comparison.differences.first { return d }
    for (e, u) in ex {
      guard let v = ey.first(where: { $0.0.kind == e.kind && $0.0.path == e.path })?.1 else { continue }
      for flag in ["estimated", "pinned", "seeAll"] where u[flag] != v[flag] {
        return "\(e): \(flag) differs"
      }
    }
    return nil
  }

  /// A `visibleTransitions` answer: everything but the list as `difference`; the entries both
  /// answers hold (by kind, before and after) as `difference`, in the same order; an entry only
  /// one holds is exempt when it is on a viewport's edge: its old frame (`from` when it was shown
  /// before) not certainly in the viewport before (`before`), its new frame (`to` when shown
  /// after) not certainly in the viewport after (the fast session's, now).
  func visibleTransitionsDifference(
    _ x: JSONValue, _ y: JSONValue, scale: Double, before: Rect?
  ) -> String? {
    guard case .object(let a) = x, case .object(let b) = y else { return "not objects" }
    let strip: ([(String, JSONValue)]) -> JSONValue = { .object($0.filter { $0.0 != "transitions" }) }
    if let d = Self.difference(strip(a), strip(b), scale: scale, path: "") { return d }
    guard case .array(let ex)? = x["transitions"], case .array(let ey)? = y["transitions"],
      let before, let after = fast.document?.shownViewport()
    else { return "visibleTransitions: no list or no viewport" }
    func key(_ e: JSONValue) -> String {
      "\(e["kind"]?.text ?? "") \(e["before"]?.text ?? "") \(e["after"]?.text ?? "")"
    }
    func rect(_ v: JSONValue?) -> Rect? {
      guard let n = v?.numbers, n.count == 4 else { return nil }
      return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    func onEdge(_ e: JSONValue) -> Bool {
      let shownBefore = e["before"] != .null && e["fromAlpha"] == .number(1)
      let shownAfter = e["after"] != .null && e["toAlpha"] == .number(1)
      if shownBefore, let f = rect(e["from"]), EqualityContract.certainlyIntersects(f, before) {
        return false
      }
      if shownAfter, let t = rect(e["to"]), EqualityContract.certainlyIntersects(t, after) {
        return false
      }
      return true
    }
    let kx = Set(ex.map(key))
    let ky = Set(ey.map(key))
    for e in ex where !ky.contains(key(e)) && !onEdge(e) { return "fast only: \(e.text)" }
    for e in ey where !kx.contains(key(e)) && !onEdge(e) { return "reference only: \(e.text)" }
    let cx = ex.filter { ky.contains(key($0)) }
    let cy = ey.filter { kx.contains(key($0)) }
    return Self.difference(.array(cx), .array(cy), scale: scale, path: ".transitions")
  }

  /// A `hitTest` whose answers differ: allowed only when the later item (in document order) of
  /// the two has the point on its edge within the tolerance in either engine's frame.
  func hitTestDifference(_ x: JSONValue, _ y: JSONValue, line: String) -> String? {
    guard case .object(let request)? = JSONValue.parse(line), let p = request.first?.1.numbers,
      p.count == 2
    else { return "hitTest: no point in the request" }
    func path(_ v: JSONValue) -> ItemPath? {
      guard let n = v["item"]?.numbers, n.count == 2 else { return nil }
      return ItemPath(Int(n[0]), Int(n[1]))
    }
    let paths = [path(x), path(y)].compactMap { $0 }
    guard let later = paths.max(by: { ($0.section, $0.item) < ($1.section, $1.item) }) else {
      return "hitTest differs"
    }
    let point = Rect(x: p[0], y: p[1], width: 0, height: 0)
    let frames = [
      try? fast.document?.engine.frame(ofItemAt: later),
      try? reference.document?.engine.frame(ofItemAt: later),
    ]
    let onEdge = frames.contains { frame in
      frame.map { !EqualityContract.certainlyIntersects($0, point) } ?? false
    }
    return onEdge ? nil : "hitTest differs and item \(later) holds the point inside its frame"
  }

  // MARK: Sessions

  /// The two sessions' states compared: engines by `EngineComparison` (probe rects over the
  /// content), the rest exactly, viewports within the tolerance.
  func compareSessions() -> String? {
    switch (fast.document, reference.document) {
    case (nil, nil): return nil
    case (let f?, let r?):
      let rects = EngineComparison.probeRects(contentSize: f.engine.contentSize)
      if let d = EngineComparison.difference(f.engine, r.engine, rects: rects) { return d }
      if f.layout.estimatedItems != r.layout.estimatedItems { return "estimated items differ" }
      if f.layout.itemCounts != r.layout.itemCounts { return "item counts differ" }
      // The total the journal's limit reads (`LayoutSession.journaledEditLimit`).
      if f.layout.itemTotal != f.layout.itemCounts.reduce(0, +) {
        return "item total \(f.layout.itemTotal) of \(f.layout.itemCounts.reduce(0, +)) items"
      }
      if f.cells.map(Array.init) != r.cells.map(Array.init) { return "cells differ" }
      if f.cellsMeasured != r.cellsMeasured {
        return "cellsMeasured \(f.cellsMeasured) vs \(r.cellsMeasured)"
      }
      switch (f.layout.viewport, r.layout.viewport) {
      case (nil, nil): break
      case (let u?, let v?):
        if !EqualityContract.close(u, v) { return "viewport \(u) vs \(v)" }
      default: return "one session has a viewport"
      }
      if fast.interactiveMove?.target != reference.interactiveMove?.target
        || fast.interactiveMove?.source != reference.interactiveMove?.source
      {
        return "drag targets differ"
      }
      if f.layout.lastAnchor?.path != r.layout.lastAnchor?.path {
        return "anchor \(String(describing: f.layout.lastAnchor)) vs \(String(describing: r.layout.lastAnchor))"
      }
      return nil
    default: return "one session has a document open"
    }
  }
}

/// Random sessions run in lockstep (`SessionLockstep`), replayed and shrunk.
public enum SessionFuzzer {
  /// Totals over many sessions.
  public struct Counts: Sendable {
    public var sessions = 0
    public var requests = 0
    public var errors = 0
    public var mismatches = 0
    /// `drag` requests answered without an error.
    public var drags = 0
    public init() {}
  }

  /// Generates and runs session `seed` of `requests` requests; returns its lines and the
  /// first failure. A session stops early once its content holds more than `maximumItems`
  /// (20 000 after a document with a long section, for its batches of packed edits).
  public static func run(seed: UInt64, requests: Int, maximumItems: Int = 600)
    -> (lines: [String], failure: SessionFailure?, errors: Int, drags: Int)
  {
    var generator = SessionGenerator(seed: seed)
    var lockstep = SessionLockstep()
    var lines: [String] = []
    for k in 0..<requests {
      let view = lockstep.view
      let limit = generator.opensLongSection ? max(maximumItems, 20_000) : maximumItems
      if let counts = view.itemCounts, counts.reduce(0, +) > limit { break }
      let line = generator.request(view)
      lines.append(line)
      if let failure = lockstep.step(line, index: k) {
        return (lines, failure, lockstep.errors, lockstep.drags)
      }
    }
    return (lines, nil, lockstep.errors, lockstep.drags)
  }

  /// Replays recorded lines; the first failure, `nil` when none.
  public static func replay(_ lines: [String]) -> SessionFailure? {
    var lockstep = SessionLockstep()
    for (k, line) in lines.enumerated() {
      if let failure = lockstep.step(line, index: k) { return failure }
    }
    return nil
  }

  /// The seed of session `index` of a run started at `first` (one SplitMix64 step apart, so
  /// that neighbouring sessions share nothing).
  public static func seed(_ first: UInt64, _ index: Int) -> UInt64 {
    var mixer = SplitMix64(seed: first &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    return mixer.next()
  }

  /// Runs sessions `first..<first+count` (seeds from `seed(base, index)`), stopping at the
  /// first failure (with its lines).
  public static func run(
    base: UInt64, indices: Range<Int>, requests: Int
  ) -> (Counts, (index: Int, lines: [String], failure: SessionFailure)?) {
    var counts = Counts()
    for index in indices {
      let (lines, failure, errors, drags) = run(seed: seed(base, index), requests: requests)
      counts.sessions += 1
      counts.drags += drags
      counts.requests += lines.count
      counts.errors += errors
      if let failure {
        counts.mismatches += 1
        return (counts, (index, lines, failure))
      }
    }
    return (counts, nil)
  }
}
