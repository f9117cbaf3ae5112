import FlowLayoutDocument
import FlowLayoutModel

/// What the request generator sees of the live session (from the fast engine's session), so
/// that most indices it draws exist and most rects fall on the content.
public struct SessionView {
  /// Item counts per section; `nil` before a document is open.
  public var itemCounts: [Int]?
  public var contentSize = Size(0, 0)
  public var viewport: Rect?
  public var boundsWidth: Double = 375
  /// A few item frames (to aim hit tests and viewports at edges).
  public var frames: [Rect] = []
  /// A drag is in progress (`{"drag": …}`).
  public var dragging = false

  public init() {}
}

/// Seeded random sessions (`docs/fuzzing.md`, "Session fuzzer"): a document over every variant
/// and option, then requests of every kind, valid most of the time and hostile the rest.
///
/// The same seed and the same sequence of `SessionView`s give the same lines on every machine
/// (`SplitMix64`).
public struct SessionGenerator {
  public var rng: SplitMix64
  /// Whether the open document has a non-zero `estimatedItemSize` (`null` items allowed).
  var hasEstimate = false
  /// Whether the last document generated has a long section (`section(at:long:)`).
  public private(set) var opensLongSection = false

  public init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  static let variants = [
    "horizontalFlow", "horizontalScroll", "autosizingColumnFlow", "keyValueColumnFlow",
    "timeline", "horizontalFit", "vertical", "multiColumn", "uikitFlow",
  ]
  /// Lengths: round, fractional (0.1 and 0.3 sum differently in different orders), zero.
  static let lengths: [Double] = [0, 0.1, 0.3, 1, 10, 20.5, 33.3, 40, 50, 50, 60, 99.5, 100, 120, 200.9]
  static let spacings: [Double] = [0, 0.1, 0.3, 1, 8, 10, 10.5, 24]
  static let widths: [Double] = [50, 100, 120, 200.5, 300, 320, 333.3, 375, 812, 1000]
  static let estimates: [[Double]] = [[50, 50], [100, 50], [40.5, 33.3], [139.5, 66], [30, 20.1]]
  static let cells: [String] = [
    #"{"type":"keyValue","key":"Name","value":"Pump 4711 is broken and leaks oil"}"#,
    #"{"type":"keyValue","key":"Plant"}"#,
    #"{"type":"object","title":"Pump"}"#,
    #"{"type":"object","title":"Work order 4711","subtitle":"Acme Corp","description":"Replace the bearing of the main pump","detailImage":{"size":44},"accessory":"chevron"}"#,
    #"{"type":"object","title":"Valve","attributes":[{"text":"High","status":"negative"}],"widthClass":"regular","orientation":"landscape"}"#,
    #"{"type":"collectionItem","cellWidth":120,"title":"Invoice_42.pdf","subtitle":"220 KB"}"#,
    #"{"type":"collectionItem","image":{"shape":"circular","width":80,"height":80}}"#,
  ]

  mutating func chance(_ p: Double) -> Bool { rng.nextUnit() < p }
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + rng.nextInt(below: range.count)
  }
  mutating func length() -> JSONValue { .number(rng.pick(Self.lengths)) }
  mutating func size() -> JSONValue { .array([length(), length()]) }
  mutating func cell() -> JSONValue { JSONValue.parse(rng.pick(Self.cells))! }

  // MARK: Documents

  /// A random document (the value of an `open` request).
  public mutating func document() -> JSONValue {
    var d: [(String, JSONValue)] = []
    let variant = rng.pick(Self.variants)
    let columnFlow = ["autosizingColumnFlow", "keyValueColumnFlow", "multiColumn"].contains(variant)
    d.append(("layout", .string(variant)))
    let width = rng.pick(Self.widths)
    d.append(("width", .number(width)))
    if chance(0.4) { d.append(("height", .number(rng.pick([100, 300, 812, 77.7, 500])))) }
    hasEstimate = chance(0.55)
    if hasEstimate { d.append(("estimatedItemSize", .array(rng.pick(Self.estimates).map(JSONValue.number)))) }
    if hasEstimate, chance(0.5) {
      d.append(("cellSizing", .string(chance(0.6) ? "visible" : "all")))
    }
    if chance(0.4) { d.append(("minimumInteritemSpacing", .number(rng.pick(Self.spacings)))) }
    if chance(0.5) { d.append(("minimumLineSpacing", .number(rng.pick(Self.spacings)))) }
    if chance(0.3) {
      d.append(("sectionInset", .array((0..<4).map { _ in .number(rng.pick([0, 1, 8, 16, 0.7])) })))
    }
    if chance(0.3) { d.append(("itemSize", .array([.number(rng.pick([30, 50, 110, 0.3])), length()]))) }
    if chance(0.12) { d.append(("minimumScaledItemSize", .array([.number(rng.pick([40, 90.5])), .number(rng.pick([40, 60]))]))) }
    if columnFlow ? chance(0.8) : chance(0.12) {
      d.append(("numberOfColumns", .number(Double(int(columnFlow ? 1...3 : 0...3)))))
    }
    if chance(0.12) { d.append(("numberOfRows", .number(Double(int(0...2))))) }
    if chance(0.25) { d.append(("isLayoutJustified", .bool(chance(0.5)))) }
    if chance(0.25) { d.append(("isTopAligned", .bool(chance(0.5)))) }
    if chance(0.25) { d.append(("scrollDirection", .string(chance(0.7) ? "horizontal" : "vertical"))) }
    if chance(0.2) { d.append(("widthClass", .string(rng.pick(["compact", "regular", "regularReadable"])))) }
    if chance(0.65) {
      let y = rng.pick([0, 50, 120, 200.9, 1000, 0.3])
      let x = chance(0.7) ? 0 : rng.pick([0.3, 50, 200.9])
      d.append(("viewport", .array([.number(x), .number(y), .number(rng.pick([50, 100, width])), .number(rng.pick([50, 100, 300]))])))
    }
    if chance(0.5) { d.append(("scrollAnchor", .string(rng.pick(["firstVisibleItem", "none", "bottom"])))) }
    if chance(0.15) { d.append(("sectionHeadersPinToVisibleBounds", .bool(true))) }
    if chance(0.1) { d.append(("sectionFootersPinToVisibleBounds", .bool(true))) }
    if chance(0.15) { d.append(("layoutDirection", .string("rightToLeft"))) }
    if chance(0.15) { d.append(("displayScale", .number(rng.pick([1, 2, 3])))) }
    if chance(0.15) { d.append(("prefetch", prefetchPolicy())) }
    if chance(0.2) {
      d.append(("verticalLayoutDirection", .string(chance(0.8) ? "bottomToTop" : "topToBottom")))
    }
    let sectionCount = rng.pick([0, 1, 1, 1, 2, 2, 3, 4])
    // Now and then one long section, for the batches of thousands of packed edits that the
    // engine applies from their own lists (`packedEntries`).
    let long = sectionCount > 0 && chance(0.04) ? rng.nextInt(below: sectionCount) : nil
    opensLongSection = long != nil
    d.append(("sections", .array((0..<sectionCount).map { section(at: nil, long: $0 == long) })))
    if chance(0.08) {
      // An edit in the document: inserting at the front of section 0 (an error when there is none).
      d.append(("edits", .array([.object([("insertItems", .array([.object([("at", .array([0, 0].map(JSONValue.number))), ("size", size())])]))])])))
    }
    return .object(d)
  }

  /// A section (of a document, or of `insertSections` with `at`); a `long` one holds 4 500–7 000
  /// items, most of them plain sizes.
  mutating func section(at: Int?, long: Bool = false) -> JSONValue {
    var s: [(String, JSONValue)] = []
    if let at { s.append(("at", .number(Double(at)))) }
    if chance(0.3) { s.append(("header", .number(rng.pick([0, 44, 20.5, 0.3])))) }
    if chance(0.2) { s.append(("footer", .number(rng.pick([0, 30, 10.1])))) }
    if chance(0.08) { s.append(("seeAll", .bool(true))) }
    if chance(0.12) {
      s.append(("sectionInset", .array((0..<4).map { _ in .number(rng.pick([0, 2, 8, 0.3])) })))
    }
    if chance(0.1) { s.append(("minimumInteritemSpacing", .number(rng.pick(Self.spacings)))) }
    if chance(0.1) { s.append(("minimumLineSpacing", .number(rng.pick(Self.spacings)))) }
    if long {
      s.append(("items", .array((0..<int(4_500...7_000)).map { _ in chance(0.9) ? size() : item() })))
      return .object(s)
    }
    let count = chance(0.1) ? int(20...90) : int(0...12)
    s.append(("items", .array((0..<count).map { _ in item() })))
    return .object(s)
  }

  mutating func item() -> JSONValue {
    let r = rng.nextUnit()
    if r < 0.15, hasEstimate { return .null }
    if r < 0.25 { return .object([("estimate", size())]) }
    if r < 0.4 { return cell() }
    return size()
  }

  // MARK: Requests

  /// One request line for the session as `view` shows it.
  public mutating func request(_ view: SessionView) -> String {
    guard let counts = view.itemCounts else {
      return chance(0.9) ? open() : hostile(view)
    }
    if view.dragging, chance(0.6) { return drag(view) }
    let r = rng.nextUnit()
    switch r {
    case ..<0.015: return open()
    case ..<0.24: return one("apply", batch(counts, view))
    case ..<0.33: return one("apply", .object([("measureItems", measurements(counts))]))
    case ..<0.38: return one("apply", boundsChange(view))
    case ..<0.41: return one("transitions", chance(0.3) ? .object([("measureItems", measurements(counts))]) : batch(counts, view))
    case ..<0.44: return one("visibleTransitions", chance(0.3) ? .object([("measureItems", measurements(counts))]) : batch(counts, view))
    case ..<0.56:
      return one("viewport", chance(0.35) ? movingViewport(view) : rect(view, viewport: true))
    case ..<0.65: return one("elements", rect(view, viewport: false))
    case ..<0.72: return one("frame", path(counts))
    case ..<0.80: return one("hitTest", point(view))
    case ..<0.82: return one("contentSize", .null)
    case ..<0.85: return one("scrollTo", scrollTo(counts))
    case ..<0.87: return one("navigate", navigate(counts))
    case ..<0.90: return one("drag", .object(dragBegin(counts)))
    default: return hostile(view)
    }
  }

  func one(_ key: String, _ value: JSONValue) -> String { JSONValue.object([(key, value)]).text }

  /// `{"item": …, "position": …, "insets": …}`, the position and insets sometimes left out.
  mutating func scrollTo(_ counts: [Int]) -> JSONValue {
    var fields: [(String, JSONValue)] = [("item", path(counts))]
    if chance(0.8) {
      fields.append(("position", .string(rng.pick(["top", "center", "bottom", "nearest"]))))
    }
    if chance(0.3) {
      fields.append(("insets", .array((0..<4).map { _ in .number(Double(int(0...60))) })))
    }
    return .object(fields)
  }

  /// `{"from": …, "direction": …, "layoutDirection": …}`, the layout direction sometimes left out.
  mutating func navigate(_ counts: [Int]) -> JSONValue {
    let directions = ["up", "down", "left", "right", "pageUp", "pageDown", "home", "end"]
    var fields: [(String, JSONValue)] = [
      ("from", path(counts)), ("direction", .string(rng.pick(directions))),
    ]
    if chance(0.3) {
      fields.append(("layoutDirection", .string(rng.pick(["leftToRight", "rightToLeft"]))))
    }
    return .object(fields)
  }

  /// `{"begin": …}`, with a layout direction now and then.
  mutating func dragBegin(_ counts: [Int]) -> [(String, JSONValue)] {
    var fields: [(String, JSONValue)] = [("begin", path(counts))]
    if chance(0.3) {
      fields.append(("layoutDirection", .string(rng.pick(["leftToRight", "rightToLeft"]))))
    }
    return fields
  }

  /// A request during a drag: mostly pointer moves (at item corners and edge middles, or
  /// anywhere over the content), then `end` or `cancel`; now and then a second `begin`, a
  /// non-finite coordinate or an unknown word.
  mutating func drag(_ view: SessionView) -> String {
    let r = rng.nextUnit()
    switch r {
    case ..<0.78: return one("drag", .object([("to", point(view))]))
    case ..<0.87: return one("drag", .string("end"))
    case ..<0.95: return one("drag", .string("cancel"))
    case ..<0.97: return one("drag", .object(dragBegin(view.itemCounts ?? [])))
    default:
      return rng.pick([
        #"{"drag": {"to": [1e999, 0]}}"#, #"{"drag": {"to": [0, -1e400]}}"#, #"{"drag": "drop"}"#,
        #"{"drag": {"to": [0]}}"#, #"{"drag": {"begin": [0, 0], "to": [0, 0]}}"#, #"{"drag": {}}"#,
      ])
    }
  }

  mutating func open() -> String { one("open", document()) }

  /// `{"unit", "ahead", "behind"}` (a document's `prefetch`), keys sometimes left out.
  mutating func prefetchPolicy() -> JSONValue {
    var fields: [(String, JSONValue)] = []
    let points = chance(0.4)
    if points || chance(0.3) { fields.append(("unit", .string(points ? "points" : "screens"))) }
    if chance(0.8) { fields.append(("ahead", .number(points ? rng.pick([0, 50, 400, 1200.5]) : rng.pick([0, 0.5, 1, 2.5])))) }
    if chance(0.8) { fields.append(("behind", .number(points ? rng.pick([0, 20, 300]) : rng.pick([0, 0.25, 1])))) }
    return .object(fields)
  }

  /// `{"rect": …, "velocity": [vx, vy]}` (a fling, a drag, at rest), the velocity sometimes
  /// left out.
  mutating func movingViewport(_ view: SessionView) -> JSONValue {
    var fields: [(String, JSONValue)] = [("rect", rect(view, viewport: true))]
    if chance(0.85) {
      let speeds: [Double] = [0, 0, 800, -800, 4000.5, -12000, 1e-300, 3]
      fields.append(("velocity", .array([.number(rng.pick(speeds)), .number(rng.pick(speeds))])))
    }
    return .object(fields)
  }

  mutating func path(_ counts: [Int]) -> JSONValue {
    if counts.isEmpty || chance(0.05) {
      return .array([.number(Double(int(-1...2))), .number(Double(int(-1...3)))])
    }
    let s = rng.nextInt(below: counts.count)
    let i = counts[s] == 0 || chance(0.04) ? int(-1...counts[s]) : rng.nextInt(below: counts[s])
    return .array([.number(Double(s)), .number(Double(i))])
  }

  /// Distinct existing paths (fewer when the content is small).
  mutating func existingPaths(_ counts: [Int], _ n: Int) -> [JSONValue] {
    var seen = Set<[Int]>()
    var result: [JSONValue] = []
    for _ in 0..<n {
      guard case .array(let p) = path(counts), let s = p[0].double, let i = p[1].double else { continue }
      if chance(0.9), seen.contains([Int(s), Int(i)]) { continue }
      seen.insert([Int(s), Int(i)])
      result.append(.array(p))
    }
    return result
  }

  mutating func measurements(_ counts: [Int]) -> JSONValue {
    .array(existingPaths(counts, int(1...4)).map { at in
      .object([("at", at), ("size", chance(0.3) ? .array([50, 50].map(JSONValue.number)) : size())])
    })
  }

  mutating func boundsChange(_ view: SessionView) -> JSONValue {
    var b: [(String, JSONValue)] = []
    let r = rng.nextUnit()
    if r < 0.6 || r >= 0.9 { b.append(("setWidth", .number(rng.pick(Self.widths + [20, view.boundsWidth])))) }
    if r >= 0.6 && r < 0.8 || chance(0.2) { b.append(("setHeight", .number(rng.pick([100, 300, 812, 77.7])))) }
    if r >= 0.75 || chance(0.15) {
      b.append(("setWidthClass", .string(rng.pick(["compact", "regular", "regularReadable"]))))
    }
    return .object(b)
  }

  /// A batch of 1–4 kinds of edit, consistent most of the time.
  mutating func batch(_ counts: [Int], _ view: SessionView) -> JSONValue {
    var b: [(String, JSONValue)] = []
    var after = counts
    if let long = counts.indices.first(where: { counts[$0] >= 4_500 }), chance(0.3) {
      // Thousands of packed edits in one long section, nothing else per item: the engine's
      // batch from its own lists (at least 4 096 edits) against the reference's plain lists.
      if chance(0.8) {
        b.append(("deleteItemsPacked", .array([packedDeletion(long, counts[long], share: rng.pick([0.3, 0.5, 0.7]))])))
        after[long] = counts[long] - deletedCount
      }
      if b.isEmpty || chance(0.6) {
        let k = int(2_000...max(2_000, after[long]))
        b.append(("insertItemsPacked", .array([packedInsertion(long, finalCount: after[long] + k, inserted: k)])))
      }
      return .object(b)
    }
    let kinds = int(1...3)
    var used = Set<String>()
    for _ in 0..<kinds {
      let kind = rng.pick([
        "deleteItems", "insertItems", "insertItems", "moveItems", "resizeItems", "measureItems",
        "deleteSections", "insertSections", "moveSections", "setWidth", "expectedItemCounts",
        "deleteItemsPacked", "insertItemsPacked",
      ])
      guard used.insert(kind).inserted else { continue }
      switch kind {
      case "deleteItems":
        let paths = existingPaths(counts, int(1...3))
        for p in paths { if case .array(let v) = p, let s = v[0].double.map(Int.init), after.indices.contains(s) { after[s] -= 1 } }
        b.append((kind, .array(paths)))
      case "insertItems":
        var entries: [JSONValue] = []
        for _ in 0..<int(1...3) where !after.isEmpty {
          let s = rng.nextInt(below: after.count)
          let i = chance(0.95) ? int(0...max(0, after[s])) : after[s] + 1
          after[s] += 1
          let payload: (String, JSONValue) = chance(0.2) ? ("cell", cell()) : ("size", size())
          entries.append(.object([("at", .array([.number(Double(s)), .number(Double(i))])), payload]))
        }
        b.append((kind, .array(entries)))
      case "moveItems":
        var entries: [JSONValue] = []
        for from in existingPaths(counts, int(1...2)) {
          let to = path(counts)
          entries.append(.object([("from", from), ("to", to)]))
        }
        b.append((kind, .array(entries)))
      case "resizeItems":
        b.append((kind, .array(existingPaths(counts, int(1...3)).map { at in
          .object([("at", at), chance(0.15) ? ("cell", cell()) : ("size", size())])
        })))
      case "measureItems":
        b.append((kind, measurements(counts)))
      case "deleteSections":
        guard !counts.isEmpty else { continue }
        let s = rng.nextInt(below: counts.count + (chance(0.05) ? 1 : 0))
        b.append((kind, .array([.number(Double(s))])))
        if b.contains(where: { $0.0 == "deleteSections" }) { after = [] }
      case "insertSections":
        b.append((kind, .array([section(at: int(0...counts.count))])))
        after = []
      case "moveSections":
        guard counts.count >= 2 else { continue }
        b.append((kind, .array([.object([("from", .number(Double(rng.nextInt(below: counts.count)))), ("to", .number(Double(rng.nextInt(below: counts.count))))])])))
      case "deleteItemsPacked":
        guard !counts.isEmpty else { continue }
        var entries: [JSONValue] = []
        for s in Set((0..<int(1...2)).map { _ in rng.nextInt(below: counts.count) }).sorted() {
          entries.append(packedDeletion(s, counts[s], share: rng.pick([0.1, 0.5, 1])))
          if after.indices.contains(s) { after[s] -= deletedCount }
        }
        b.append((kind, .array(entries)))
      case "insertItemsPacked":
        guard !after.isEmpty else { continue }
        let s = rng.nextInt(below: after.count)
        let k = int(1...4)
        b.append((kind, .array([packedInsertion(s, finalCount: after[s] + k, inserted: k)])))
        after[s] += k
      case "setWidth":
        b.append((kind, .number(rng.pick(Self.widths))))
      default:
        // Right when no section was inserted or deleted, else usually wrong.
        b.append((kind, .array(after.map { .number(Double($0 + (chance(0.1) ? 1 : 0))) })))
      }
    }
    if b.isEmpty { b.append(("measureItems", measurements(counts))) }
    return .object(b)
  }

  /// How many items the last `packedDeletion` names.
  var deletedCount = 0

  /// A `deleteItemsPacked` entry (`docs/layout-document.md`, "Packed item edits") naming each of
  /// section `s`'s `count` items with probability `share`, as a mask or as ranges; now and then
  /// broken: an item past the end, ranges that touch or run backwards, a character outside
  /// base64, both forms or neither, a section that does not exist.
  mutating func packedDeletion(_ s: Int, _ count: Int, share: Double) -> JSONValue {
    var items = (0..<count).filter { _ in chance(share) }
    if items.isEmpty, count > 0 { items = [rng.nextInt(below: count)] }
    deletedCount = items.count
    var section = s
    if chance(0.04) { section = chance(0.5) ? s + 1 + int(0...2) : -1 }
    if chance(0.04) { items.append(count + int(0...3)) }
    return packedEntry(section: section, items: items, forms: true)
  }

  /// An `insertItemsPacked` entry: `inserted` distinct places among the section's
  /// `finalCount` items after the batch, with their sizes in `f64`, `f32` or `f16` (lengths
  /// that are `f16` numbers exactly); now and then broken: a place past the end, sizes one item
  /// short, a NaN, negative or infinite size, an unknown encoding, no sizes.
  mutating func packedInsertion(_ s: Int, finalCount: Int, inserted: Int) -> JSONValue {
    var places = Set<Int>()
    let k = min(inserted, finalCount)
    while places.count < k {
      places.insert(k * 3 > finalCount ? rng.nextInt(below: finalCount) : finalCount - 1 - rng.nextInt(below: min(finalCount, 4 * k + 8)))
    }
    var items = places.sorted()
    if chance(0.03) { items.append(finalCount + int(0...2)) }
    guard case .object(var fields) = packedEntry(section: s, items: items, forms: false) else { return .null }
    let encoding = rng.pick(["f64", "f32", "f16"])
    let choices = encoding == "f16" ? Self.lengths.filter { HalfFloat.bits(exactly: $0) != nil } : Self.lengths
    var lengths = (0..<(2 * items.count)).map { _ in rng.pick(choices) }
    if chance(0.04), !lengths.isEmpty {
      lengths[rng.nextInt(below: lengths.count)] = rng.pick([.nan, -1, .infinity, 1e300])
    }
    var bytes: [UInt8] = []
    for v in lengths {
      switch encoding {
      case "f64": withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
      case "f32": withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
      default:
        // A broken size as a half: NaN, −1 or infinity (1e300 has no half: infinity).
        let half = HalfFloat.bits(exactly: v) ?? (v.isNaN ? 0x7E00 : v < 0 ? 0xBC00 : 0x7C00)
        withUnsafeBytes(of: half.littleEndian) { bytes.append(contentsOf: $0) }
      }
    }
    let pairBytes = encoding == "f64" ? 16 : encoding == "f32" ? 8 : 4
    if chance(0.03) { bytes.removeLast(min(bytes.count, pairBytes)) }
    if chance(0.98) { fields.append(("sizes", .string(String(decoding: Base64.encode(bytes), as: UTF8.self)))) }
    if encoding != "f64" || chance(0.3) {
      fields.append(("sizeEncoding", .string(chance(0.97) ? encoding : rng.pick(["f8", "bf16", "F32"]))))
    }
    return .object(fields)
  }

  /// `{"section": s, "mask": …}` or `{"section": s, "ranges": …}` for `items` (ascending),
  /// sometimes with trailing zero bytes in the mask; with `forms`, sometimes broken ranges, a
  /// broken mask, both forms or neither.
  mutating func packedEntry(section: Int, items: [Int], forms: Bool) -> JSONValue {
    var fields: [(String, JSONValue)] = [("section", .number(Double(section)))]
    var mask = PackedItemEdits.mask(of: items.filter { $0 >= 0 })
    if chance(0.1) { mask += [UInt8](repeating: 0, count: int(1...3)) }
    var ranges = PackedItemEdits.ranges(of: items).map { [$0.lowerBound, $0.upperBound] }
    let broken = forms && chance(0.05)
    let byMask = chance(0.6)
    if byMask || (broken && chance(0.3)) {
      var text = String(decoding: Base64.encode(mask), as: UTF8.self)
      if broken, chance(0.5), !text.isEmpty { text.removeLast(); text += rng.pick(["!", "", "A"]) }
      fields.append(("mask", .string(text)))
    }
    if !byMask || (broken && chance(0.3)) {
      if broken, let last = ranges.last {
        // Touching, backwards or empty ranges.
        switch int(0...2) {
        case 0: ranges.append([last[1], last[1] + 1])
        case 1: ranges.insert([5, 2], at: 0)
        default: ranges.append([1_000_000, 1_000_000])
        }
      }
      fields.append(("ranges", .array(ranges.map { .array($0.map { .number(Double($0)) }) })))
    }
    if broken, chance(0.2) { fields.removeAll { $0.0 == "mask" || $0.0 == "ranges" } }
    return .object(fields)
  }

  mutating func rect(_ view: SessionView, viewport: Bool) -> JSONValue {
    let c = view.contentSize
    if let frame = view.frames.isEmpty ? nil : rng.pick(view.frames), chance(0.4) {
      // On an item's edge: one viewport exactly touching it, at the fast engine's value or, as
      // a client would write it, rounded to 6 decimals (the reference's sum may round the
      // other way: issue 34's 200.9 against 200.89999999999998).
      var edge = rng.pick([frame.maxY, frame.minY, frame.maxX, frame.minX])
      if chance(0.5) { edge = (edge * 1e6).rounded() / 1e6 }
      let h = rng.pick([50, 100, 300.0])
      return .array([0, edge, rng.pick([c.width, 100, 50]), h].map(JSONValue.number))
    }
    if chance(0.1) { return .array([0, 0, c.width, c.height].map(JSONValue.number)) }
    let x = chance(0.7) ? 0 : rng.nextPoints(in: -20...Int(max(1, c.width)))
    let y = rng.nextPoints(in: -20...Int(max(1, c.height)) + 20) + (chance(0.3) ? 0.9 : 0)
    let w = rng.pick([view.boundsWidth, 50, 100, 0])
    let h = rng.pick([50, 100, 300.0, 0, 812])
    return .array([x, y, w, h].map(JSONValue.number))
  }

  mutating func point(_ view: SessionView) -> JSONValue {
    if let frame = view.frames.isEmpty ? nil : rng.pick(view.frames), chance(0.6) {
      // A corner or an edge's middle: where two engines' frames may differ by one ulp.
      let x = rng.pick([frame.minX, frame.maxX, frame.minX + frame.width / 2])
      let y = rng.pick([frame.minY, frame.maxY, frame.minY + frame.height / 2])
      return .array([.number(x), .number(y)])
    }
    return .array([
      .number(rng.nextDouble(in: -10...(view.contentSize.width + 10))),
      .number(rng.nextDouble(in: -10...(view.contentSize.height + 10))),
    ])
  }

  // MARK: Hostile requests

  /// A request that must be refused (or, for a few, that a careless client may send): broken
  /// JSON, unknown or repeated keys, bad numbers, wrong types, out-of-range indices, a valid
  /// request cut or corrupted at a random byte.
  mutating func hostile(_ view: SessionView) -> String {
    let counts = view.itemCounts ?? [1]
    let templates: [String] = [
      "", " ", "{}", "[]", "null", "{\"apply\"", "{\"apply\": {}", "{\"apply\": {}} x",
      "{\"frobnicate\": 1}", "{\"apply\": {}, \"viewport\": [0,0,1,1]}",
      "{\"viewport\": [0, 0, 100]}", "{\"viewport\": [0, 1e999, 100, 100]}",
      "{\"viewport\": [0, 0, -1, 100]}", "{\"viewport\": [0, 0, 1e8, 100]}",
      "{\"viewport\": {\"rect\": [0, 0, 100, 100], \"velocity\": [0, 1e999]}}",
      "{\"viewport\": {\"rect\": [0, 0, 100, 100], \"velocity\": [0]}}",
      "{\"open\": {\"layout\": \"horizontalFlow\", \"width\": 100, \"verticalLayoutDirection\": \"sideways\", \"sections\": []}}",
      "{\"viewport\": {\"velocity\": [0, 1]}}", "{\"viewport\": {\"rect\": [0, 0, 100, 100], \"speed\": 1}}",
      "{\"viewport\": {\"rect\": [0, 0, -1, 100], \"velocity\": [0, 1]}}",
      "{\"open\": {\"layout\": \"horizontalFlow\", \"width\": 100, \"prefetch\": {\"ahead\": -1}, \"sections\": []}}",
      "{\"open\": {\"layout\": \"horizontalFlow\", \"width\": 100, \"prefetch\": {\"unit\": \"miles\"}, \"sections\": []}}",
      "{\"elements\": [0, 0, 100, \"a\"]}", "{\"frame\": [0]}", "{\"frame\": [0, 1.5]}",
      "{\"frame\": [0, 9007199254740993]}", "{\"hitTest\": [1e999, 0]}", "{\"contentSize\": 1}",
      "{\"apply\": {\"setWidth\": -5}}", "{\"apply\": {\"setWidth\": 0}}",
      "{\"apply\": {\"setWidth\": 1e999}}", "{\"apply\": {\"setHeight\": 1e8}}",
      "{\"apply\": {\"setWidthClass\": \"huge\"}}",
      "{\"apply\": {\"measureItems\": [{\"at\": [0, 0], \"size\": [50, 50], \"size\": [50, 50]}]}}",
      "{\"transitions\": {\"measureItems\": [{\"at\": [0, 0], \"size\": [50, 50], \"size\": [1, 1]}]}}",
      "{\"apply\": {\"insertItems\": [{\"at\": [0, 0], \"size\": [-1, 5]}]}}",
      "{\"apply\": {\"insertItems\": [{\"at\": [0, 0]}]}}",
      "{\"apply\": {\"insertItems\": [{\"at\": [0, 0], \"size\": [1, 1], \"cell\": {\"type\": \"object\", \"title\": \"x\"}}]}}",
      "{\"apply\": {\"insertItems\": [{\"at\": [0, 0], \"cell\": {\"type\": \"object\"}}]}}",
      "{\"apply\": {\"deleteItems\": [[0, 0], [0, 0]]}}",
      "{\"apply\": {\"measureItems\": [{\"at\": [0, 0], \"size\": [1, 1]}], \"deleteItems\": [[0, 0]]}}",
      "{\"apply\": {\"measureItems\": [{\"at\": [0, 0], \"size\": [1, 1]}, {\"at\": [0, 0], \"size\": [2, 2]}]}}",
      "{\"apply\": {\"expectedItemCounts\": [\(counts.map { String($0 + 1) }.joined(separator: ","))]}}",
      "{\"apply\": {\"deleteSections\": [\(counts.count)]}}",
      "{\"apply\": {\"moveSections\": [{\"from\": 0, \"to\": \(counts.count + 1)}]}}",
      "{\"apply\": {\"insertSections\": [{\"at\": 0, \"items\": [null, [1, 1]]}]}}",
      "{\"apply\": {\"insertSections\": [{\"at\": 0, \"items\": [{\"type\": \"keyValue\"}]}]}}",
      "{\"transitions\": {\"deleteItems\": [[0, 99999]]}}",
      "{\"transitions\": {\"setWidth\": 20}}", "{\"apply\": {\"setWidth\": 20}}",
      "{\"transitions\": {\"measureItems\": [{\"at\": [0, 0], \"size\": [1e999, 1]}]}}",
      "{\"open\": {\"layout\": \"grid\", \"width\": 100, \"sections\": []}}",
      "{\"open\": {\"layout\": \"horizontalFlow\", \"width\": 100, \"sections\": [{\"items\": [null]}]}}",
      "{\"open\": {\"layout\": \"horizontalFlow\", \"width\": 100, \"width\": 100, \"sections\": []}}",
      "{\"open\": {\"layout\": \"horizontalFlow\", \"width\": 100, \"cellSizing\": \"visible\", \"sections\": []}}",
      "{\"apply\": {\"deleteItems\": [[0, 0]]}}\u{0}", "{\"apply\": \"\u{FF}\"}",
      "{\"elements\": [0, 0, 1, 1], }", "{\"elements\": [-1e15, -1e15, 1e7, 1e7]}",
      "{\"hitTest\": [0, 0, 0]}", "{\"frame\": [-9007199254740992, 0]}",
      "{\"apply\": {\"resizeItems\": [{\"at\": [0, 0], \"size\": [1, 1]}], \"measureItems\": [{\"at\": [0, 0], \"size\": [1, 1]}]}}",
    ]
    if chance(0.6) { return rng.pick(templates) }
    // A valid request, corrupted.
    var bytes = Array(request(SessionView(itemCounts: view.itemCounts, view)).utf8)
    guard !bytes.isEmpty else { return "{" }
    switch int(0...4) {
    case 0: bytes.removeLast(int(1...bytes.count))
    case 1: bytes.insert(rng.pick(Array("{}[],:\"x0-e\\ ".utf8) + [0xFF, 0x00]), at: rng.nextInt(below: bytes.count))
    case 2: bytes[rng.nextInt(below: bytes.count)] = rng.pick(Array("]}9\",.".utf8))
    case 3: return "{\"apply\": {\"setWidth\": \(rng.pick(["-0", "1e-400", "1e7", "10000001", "\"375\"", "null", "[375]"]))}}"
    default:
      // A member repeated inside the batch or document.
      let text = String(decoding: bytes, as: UTF8.self)
      if text.contains("\"size\":") {
        return text.replacing("\"size\":", with: "\"size\":[1,1],\"size\":", maxReplacements: 1)
      }
      return text.replacing("{\"layout\":", with: "{\"width\":1,\"width\":1,\"layout\":")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension SessionView {
  init(itemCounts: [Int]?, _ other: SessionView) {
    self = other
    self.itemCounts = itemCounts
  }
}
