@testable import FlowLayoutDocument
import FlowLayoutModel
import Testing

@testable import FlowLayoutCore

/// The session's `visibleTransitions`: the `transitions` answer cut to the elements the viewport
/// shows before or after the batch, the change answer beside it, errors that change nothing, and
/// work that does not grow with the layout.
@Suite("Visible transitions")
struct VisibleTransitionsTests {
  /// `count` sized items in one `horizontalFlow` section under a header, the viewport at `y`.
  static func open(count: Int, y: Double = 2_000, viewport: Bool = true) -> String {
    let sizes = (0..<count).map { i in "[\(60 + (i * 37) % 140), \(60 + (i * 53) % 140)]" }
    return #"{"open": {"layout": "horizontalFlow", "width": 375, "height": 812, "#
      + #""estimatedItemSize": [100, 100], "#
      + (viewport ? #""viewport": [0, \#(y), 375, 812], "# : "")
      + #""sections": [{"header": 44, "items": [\#(sizes.joined(separator: ","))]}, "#
      + #"{"header": 30, "items": [[100, 100], [100, 100]]}]}}"#
  }

  static let batches = [
    #"{"insertItems": [{"at": [0, 60], "size": [120, 90]}]}"#,
    #"{"deleteItems": [[0, 61], [0, 62], [0, 900]]}"#,
    #"{"moveItems": [{"from": [0, 70], "to": [0, 3]}, {"from": [0, 5], "to": [0, 66]}]}"#,
    // Items from below and from far away come into view: their frames before are read back.
    "{\"deleteItems\": [" + (30..<50).map { "[0, \($0)]" }.joined(separator: ", ") + "]}",
    #"{"moveItems": [{"from": [0, 1500], "to": [0, 31]}], "insertItems": [{"at": [0, 29], "size": [375, 300]}], "resizeItems": [{"at": [0, 33], "size": [200, 20]}]}"#,
    #"{"insertSections": [{"at": 0, "header": 20, "items": [[50, 50], [375, 200]]}]}"#,
    #"{"moveSections": [{"from": 0, "to": 2}]}"#,
    #"{"resizeItems": [{"at": [0, 64], "size": [300, 40]}], "insertSections": [{"at": 0, "header": 20, "items": [[50, 50]]}]}"#,
    #"{"deleteSections": [0]}"#,
  ]

  /// The `"transitions":[...]` part of an answer.
  static func entries(_ answer: String) -> Substring? {
    answer.range(of: #""transitions":["#).map { answer[$0.lowerBound...].dropLast() }
  }

  @Test("the transitions answer's entries for the elements shown before or after, in its order")
  func visibleEntriesAreTheWholeAnswersShownOnes() throws {
    var visible = LayoutSession<FastFlowLayout>()
    var whole = LayoutSession<FastFlowLayout>()
    for session in [0, 1] {
      let answer =
        session == 0
        ? visible.answer(Array(Self.open(count: 2_000).utf8))
        : whole.answer(Array(Self.open(count: 2_000).utf8))
      #expect(!answer.contains("error"), "\(answer)")
    }
    for batch in Self.batches {
      // The expected answer, from the same batch applied to a copy of the document.
      let expected = try #require(try Self.expectedEntries(visible, batch), "\(batch)")
      let shown = visible.answer(Array(#"{"visibleTransitions": \#(batch)}"#.utf8))
      let all = whole.answer(Array(#"{"transitions": \#(batch)}"#.utf8))
      #expect(!shown.contains("error") && !all.contains("error"), "\(shown.prefix(300))")
      // The change answer is the one `apply` gives.
      #expect(shown.hasPrefix(#"{"contentSize":"#) && shown.contains(#""anchor":"#))
      #expect(Self.entries(shown).map(String.init) == expected, "\(batch)")
      #expect(expected != "[]" && (Self.entries(all)?.count ?? 0) > 10 * expected.count, "\(batch)")
    }
  }

  @Test("an error answers one line and changes nothing")
  func errorsChangeNothing() throws {
    var session = LayoutSession<FastFlowLayout>()
    var control = LayoutSession<FastFlowLayout>()
    _ = session.answer(Array(Self.open(count: 500, viewport: false).utf8))
    _ = control.answer(Array(Self.open(count: 500, viewport: false).utf8))
    let none = session.answer(Array(#"{"visibleTransitions": {"deleteItems": [[0, 1]]}}"#.utf8))
    #expect(
      none
        == #"{"error":"visibleTransitions: the document has no viewport (send {\"viewport\": [x, y, w, h]} first)"}"#,
      "\(none)")
    for request in [#"{"viewport": [0, 300, 375, 812]}"#, #"{"elements": [0, 300, 375, 812]}"#] {
      #expect(session.answer(Array(request.utf8)) == control.answer(Array(request.utf8)))
    }
    let bad = session.answer(Array(#"{"visibleTransitions": {"deleteItems": [[0, 500]]}}"#.utf8))
    #expect(bad.hasPrefix(#"{"error":"visibleTransitions.deleteItems[0]"#), "\(bad)")
    let unknown = session.answer(Array(#"{"visibleTransition": {}}"#.utf8))
    #expect(unknown.contains(#"did you mean \"visibleTransitions\"?"#), "\(unknown)")
    let request = #"{"elements": [0, 300, 375, 812]}"#
    #expect(session.answer(Array(request.utf8)) == control.answer(Array(request.utf8)))
  }

  /// The elements read and the lookups made by the visible transitions of `batches`, and the
  /// engine's work counters, at `count` items.
  static func work(count: Int) -> ([Int], [String: Int]) {
    var session = LayoutSession<SessionCopyTests.CountingEngine>()
    let opened = session.answer(Array(Self.open(count: count).utf8))
    #expect(!opened.contains("error"), "\(opened.prefix(200))")
    let start = session.document!.engine.base.workCounters
    var reads: [Int] = []
    for batch in Self.batches.dropLast() {
      let counts = session.document!.engine.counts
      counts.work.withLock { $0 = (0, 0) }
      let answer = session.answer(Array(#"{"visibleTransitions": \#(batch)}"#.utf8))
      #expect(!answer.contains("error"), "\(answer.prefix(200))")
      let seen = counts.work.withLock { $0 }
      reads += [seen.elements, seen.lookups]
    }
    return (
      reads,
      SessionWorkTests.difference(session.document!.engine.base.workCounters, start)
    )
  }

  @Test("2 000 and 20 000 items: the same elements read, lookups and engine work")
  func sameWorkAtTenTimesTheItems() {
    let (small, smallEngine) = Self.work(count: 2_000)
    let (large, largeEngine) = Self.work(count: 20_000)
    #expect(small == large, "2k: \(small)\n20k: \(large)")
    // A viewport's elements and a lookup per element at most, never the layout.
    #expect(small.allSatisfy { $0 < 200 } && small.contains { $0 > 10 }, "\(small)")
    // The batches' own work (the page tree's writes grow with the page slots a section insert
    // moves the gap buffer's gap across: the engine's, as under `apply`).
    var smallCore = smallEngine
    var largeCore = largeEngine
    smallCore["pageTreeNodesWritten"] = nil
    largeCore["pageTreeNodesWritten"] = nil
    #expect(smallCore == largeCore, "2k: \(smallEngine)\n20k: \(largeEngine)")
  }

  /// The entries `visibleTransitions` must answer for `batch` on `session`'s document: the
  /// `transitions` list of the batch applied to a copy of the document, cut to the elements
  /// shown before or after it; `nil` when the batch is refused.
  static func expectedEntries(_ session: LayoutSession<FastFlowLayout>, _ batch: String) throws
    -> String?
  {
    var copy = session.document!
    let before = copy.engine
    let viewportBefore = try #require(copy.shownViewport())
    guard var update = try? copy.apply(json: Array(batch.utf8)) else { return nil }
    // Measurements are resizes to the engines' lists (the transitions validate the batch
    // against the engine, which refuses measurements).
    update.resizeItems += update.measureItems
    update.measureItems = []
    let after = copy.engine
    let viewportAfter = try #require(copy.shownViewport())
    let shownBefore = Set(before.elements(in: viewportBefore).map { "\($0.kind) \($0.path)" })
    let shownAfter = Set(after.elements(in: viewportAfter).map { "\($0.kind) \($0.path)" })
    let list = try LayoutTransition.transitions(
      from: before, to: after, by: update, presentation: .plain
    ).filter { (t: LayoutTransition) -> Bool in
      t.before.map { shownBefore.contains("\(t.kind) \($0)") } == true
        || t.after.map { shownAfter.contains("\(t.kind) \($0)") } == true
    }
    var w = JSONWriter()
    LayoutTransition.appendJSON(list, to: &w)
    return w.string
  }

  /// Sends `batch` as `visibleTransitions` and checks its entries against
  /// `expectedEntries(_:_:)`, or its error when the batch is refused.
  ///
  /// - Returns: whether the batch was applied.
  static func checkAgainstTheWholeAnswer(_ session: inout LayoutSession<FastFlowLayout>, _ batch: String)
    throws -> Bool
  {
    let expected = try expectedEntries(session, batch)
    let answer = session.answer(Array(#"{"visibleTransitions": \#(batch)}"#.utf8))
    guard let expected else {
      #expect(answer.hasPrefix(#"{"error":"#), "\(batch): \(answer.prefix(300))")
      return false
    }
    #expect(entries(answer).map(String.init) == expected, "\(batch)")
    return true
  }

  /// A random batch of item edits near item `near` of section 0 (of `count` items):
  /// deletions, insertions, moves (some from far away), resizes and measurements, each kind
  /// present or not.
  static func randomItemBatch(_ g: inout SplitMix64, count: Int, near: Int) -> String {
    func around() -> Int { max(0, min(count - 1, near - 20 + g.nextInt(below: 40))) }
    var used = Set<Int>()
    func fresh(_ pick: () -> Int) -> Int? {
      let i = pick()
      return used.insert(i).inserted ? i : nil
    }
    var parts: [String] = []
    let deletions = (0..<g.nextInt(below: 12)).compactMap { _ in fresh(around) }
    if !deletions.isEmpty {
      parts.append(#""deleteItems": ["# + deletions.map { "[0, \($0)]" }.joined(separator: ", ") + "]")
    }
    let sources = (0..<g.nextInt(below: 3)).compactMap { _ in
      fresh { g.nextInt(below: 2) == 0 ? around() : g.nextInt(below: count) }
    }
    let resizes = (0..<g.nextInt(below: 4)).compactMap { _ in fresh(around) }
    let measures = (0..<g.nextInt(below: 4)).compactMap { _ in fresh(around) }
    let inserts = g.nextInt(below: 8)
    // After-space positions: distinct, below the count after the batch.
    let finalCount = count - deletions.count + inserts
    var targets = Set<Int>()
    var positions: [Int] = []
    while positions.count < inserts + sources.count {
      let t = max(0, min(finalCount - 1, near - 20 - deletions.count + g.nextInt(below: 40)))
      if targets.insert(t).inserted { positions.append(t) }
    }
    func size() -> String { "[\(20 + g.nextInt(below: 340)), \(20 + g.nextInt(below: 300))]" }
    if inserts > 0 {
      parts.append(
        #""insertItems": ["#
          + positions.prefix(inserts).map { #"{"at": [0, \#($0)], "size": \#(size())}"# }
          .joined(separator: ", ") + "]")
    }
    if !sources.isEmpty {
      parts.append(
        #""moveItems": ["#
          + zip(sources, positions.dropFirst(inserts)).map {
            #"{"from": [0, \#($0.0)], "to": [0, \#($0.1)]}"#
          }.joined(separator: ", ") + "]")
    }
    if !resizes.isEmpty {
      parts.append(
        #""resizeItems": ["# + resizes.map { #"{"at": [0, \#($0)], "size": \#(size())}"# }
          .joined(separator: ", ") + "]")
    }
    if !measures.isEmpty {
      parts.append(
        #""measureItems": ["# + measures.map { #"{"at": [0, \#($0)], "size": \#(size())}"# }
          .joined(separator: ", ") + "]")
    }
    return "{" + parts.joined(separator: ", ") + "}"
  }

  /// `count` key/value cells in one `keyValueColumnFlow` section, measured near the viewport
  /// (`"cellSizing": "visible"`): a batch's change measures the cells that come near it, more
  /// batches of the same change.
  static func openCells(count: Int, y: Double) -> String {
    let cells = (0..<count).map { i in
      #"{"type": "keyValue", "key": "Key \#(i)", "value": "\#(String(repeating: "value ", count: 1 + i % 9))"}"#
    }
    return #"{"open": {"layout": "keyValueColumnFlow", "width": 375, "height": 812, "#
      + #""estimatedItemSize": [139.5, 66], "cellSizing": "visible", "#
      + #""viewport": [0, \#(y), 375, 812], "sections": [{"items": [\#(cells.joined(separator: ","))]}]}}"#
  }

  @Test(
    "random batches of item edits: the transitions answer's entries, read back without a copy",
    arguments: [false, true])
  func randomItemBatchesMatchTheWholeAnswer(cells: Bool) throws {
    var g = SplitMix64(seed: cells ? 34 : 33)
    var session = LayoutSession<FastFlowLayout>()
    var count = 2_000
    let opened = session.answer(
      Array((cells ? Self.openCells(count: count, y: 3_000) : Self.open(count: count, y: 3_000)).utf8))
    #expect(!opened.contains("error"), "\(opened.prefix(300))")
    var checked = 0
    for _ in 0..<120 {
      let viewport = try #require(session.document!.shownViewport())
      count = try session.document!.engine.numberOfItems(inSection: 0)
      let sections = session.document!.engine.numberOfSections
      let near =
        session.document!.engine.elements(in: viewport).first {
          $0.kind == .item && $0.path.section == 0
        }?.path.item ?? 0
      // One batch in ten edits sections alone: a section inserted first or last, or the first
      // moved (journaled too).
      let batch =
        g.nextInt(below: 10) != 0
        ? Self.randomItemBatch(&g, count: count, near: near)
        : g.nextInt(below: 2) == 0
          ? #"{"insertSections": [{"at": \#(g.nextInt(below: 2) * sections), "header": 30, "items": [[375, 90], [120, 400]]}]}"#
          : #"{"moveSections": [{"from": 0, "to": \#(sections - 1)}]}"#
      if try Self.checkAgainstTheWholeAnswer(&session, batch) { checked += 1 }
    }
    #expect(checked >= 60, "batches accepted: \(checked)")
  }

  /// A session of `openSections`.
  static func sectionsSession() -> LayoutSession<FastFlowLayout> {
    var session = LayoutSession<FastFlowLayout>()
    let opened = session.answer(Array(Self.openSections.utf8))
    #expect(!opened.contains("error"), "\(opened.prefix(300))")
    return session
  }

  /// The lowest and the highest section the viewport of `session` shows.
  static func sectionsShown(_ session: LayoutSession<FastFlowLayout>) throws -> (low: Int, high: Int) {
    let viewport = try #require(session.document!.shownViewport())
    let shown = session.document!.engine.elements(in: viewport).map(\.path.section)
    return (shown.min() ?? 0, shown.max() ?? 0)
  }

  /// 300 sections of 1–9 items under headers (footers on one in four), `horizontalFlow`, the
  /// viewport at y 9 000.
  static var openSections: String {
    let sectionsJSON = (0..<300).map { s in
      let items = (0..<(1 + s % 9)).map { i in "[\(60 + (s * 31 + i * 17) % 200), \(40 + (s * 7 + i * 13) % 90)]" }
      return #"{"header": \#(20 + s % 3 * 10), "footer": \#(s % 4 == 0 ? 12 : 0), "items": [\#(items.joined(separator: ","))]}"#
    }
    return #"{"open": {"layout": "horizontalFlow", "width": 375, "height": 812, "#
      + #""estimatedItemSize": [100, 100], "viewport": [0, 9000, 375, 812], "#
      + #""sections": [\#(sectionsJSON.joined(separator: ","))]}}"#
  }

  /// A random batch that edits sections and items together near the viewport, as UIKit's
  /// `performBatchUpdates` allows: sections deleted, inserted and moved (near the sections
  /// `shown`, the lowest and highest index the viewport shows), items deleted, resized, measured and moved out of the
  /// sections that stay (before-space paths), items inserted and moved into sections not
  /// inserted (after-space paths, near their sections' starts). `counts`: items per section.
  /// Not always valid (an after-space index past its section's end is refused).
  static func randomMixedBatch(
    _ g: inout SplitMix64, counts: [Int], shown: (low: Int, high: Int)
  ) -> String {
    func near() -> Int {
      max(0, min(counts.count - 1, shown.low - 2 + g.nextInt(below: shown.high - shown.low + 5)))
    }
    var parts: [String] = []
    func list(_ key: String, _ entries: [String]) {
      if !entries.isEmpty { parts.append(#""\#(key)": [\#(entries.joined(separator: ", "))]"#) }
    }
    func size() -> String { "[\(20 + g.nextInt(below: 340)), \(20 + g.nextInt(below: 300))]" }
    var deleted: [Int] = []
    for _ in 0..<g.nextInt(below: 3) {
      let s = near()
      if !deleted.contains(s) { deleted.append(s) }
    }
    var inserted: [Int] = []
    for _ in 0..<g.nextInt(below: 3) {
      let s = near()
      if !inserted.contains(s) { inserted.append(s) }
    }
    let staying = Set(counts.indices).subtracting(deleted)
    var moves: [(Int, Int)] = []
    if g.nextInt(below: 3) == 0 {
      let from = near()
      var to = near()
      while inserted.contains(to) { to += 1 }
      if staying.contains(from), to < counts.count - deleted.count + inserted.count {
        moves.append((from, to))
      }
    }
    list("deleteSections", deleted.map(String.init))
    list(
      "insertSections",
      inserted.map { #"{"at": \#($0), "header": 25, "items": [[375, \#(50 + g.nextInt(below: 300))], \#(size())]}"# })
    list("moveSections", moves.map { #"{"from": \#($0.0), "to": \#($0.1)}"# })
    var used = Set<[Int]>()
    func oldPath() -> [Int]? {
      let s = near()
      guard staying.contains(s), counts[s] > 0 else { return nil }
      let path = [s, g.nextInt(below: counts[s])]
      return used.insert(path).inserted ? path : nil
    }
    var targets = Set<[Int]>()
    func newPath() -> [Int]? {
      let s = near()
      guard !inserted.contains(s) else { return nil }
      let path = [s, g.nextInt(below: 3)]
      return targets.insert(path).inserted ? path : nil
    }
    func text(_ path: [Int]) -> String { "[\(path[0]), \(path[1])]" }
    list("deleteItems", (0..<g.nextInt(below: 5)).compactMap { _ in oldPath().map(text) })
    list(
      "resizeItems",
      (0..<g.nextInt(below: 3)).compactMap { _ in oldPath().map { #"{"at": \#(text($0)), "size": \#(size())}"# } })
    list(
      "measureItems",
      (0..<g.nextInt(below: 3)).compactMap { _ in oldPath().map { #"{"at": \#(text($0)), "size": \#(size())}"# } })
    list(
      "moveItems",
      (0..<g.nextInt(below: 3)).compactMap { _ in
        oldPath().flatMap { from in newPath().map { #"{"from": \#(text(from)), "to": \#(text($0))}"# } }
      })
    list(
      "insertItems",
      (0..<g.nextInt(below: 4)).compactMap { _ in newPath().map { #"{"at": \#(text($0)), "size": \#(size())}"# } })
    return "{" + parts.joined(separator: ", ") + "}"
  }

  @Test(
    "random batches of section and item edits together near the viewport: the transitions answer's entries, read back without a copy"
  )
  func randomMixedBatchesMatchTheWholeAnswer() throws {
    var g = SplitMix64(seed: 38)
    var session = Self.sectionsSession()
    var mixed = 0
    for _ in 0..<150 {
      var batch = Self.randomMixedBatch(
        &g, counts: session.document!.layout.itemCounts.array, shown: try Self.sectionsShown(session))
      if g.nextInt(below: 6) == 0 { batch = Self.settingWidth(batch, &g) }
      if try Self.checkAgainstTheWholeAnswer(&session, batch), batch.contains("Sections"),
        batch.contains("Items")
      {
        mixed += 1
      }
      let layout = session.document!.layout
      #expect(layout.itemTotal == layout.itemCounts.reduce(0, +), "\(batch)")
    }
    #expect(mixed >= 50, "mixed batches accepted: \(mixed)")
    // Their old frames were read back through their inverses, not from a copy.
    #expect(session.journalReadBacks.mixed >= 20, "\(session.journalReadBacks)")
  }

  /// `batch` (an object) setting the width too, to one of 200–1 024 points.
  static func settingWidth(_ batch: String, _ g: inout SplitMix64) -> String {
    let width = g.pick([200, 320, 375, 414, 768, 1_024])
    return #"{"setWidth": \#(width)"# + (batch == "{}" ? "}" : ", " + batch.dropFirst())
  }

  @Test(
    "random width changes with item edits: the transitions answer's entries, read ahead or read back without a copy",
    arguments: [false, true])
  func randomWidthChangesMatchTheWholeAnswer(cells: Bool) throws {
    var g = SplitMix64(seed: cells ? 40 : 39)
    var session = LayoutSession<FastFlowLayout>()
    let opened = session.answer(
      Array((cells ? Self.openCells(count: 2_000, y: 3_000) : Self.open(count: 2_000, y: 3_000)).utf8))
    #expect(!opened.contains("error"), "\(opened.prefix(300))")
    // The narrowest width and then the widest: the content 5–7 times denser, read ahead.
    for width in [200, 1_024] {
      let readBack = session.journalReadBacks.bounds
      #expect(try Self.checkAgainstTheWholeAnswer(&session, #"{"setWidth": \#(width)}"#))
      #expect(session.journalReadBacks.bounds == readBack, "\(width)")
    }
    var checked = 0
    for _ in 0..<(cells ? 30 : 60) {
      let viewport = try #require(session.document!.shownViewport())
      let count = try session.document!.engine.numberOfItems(inSection: 0)
      let near =
        session.document!.engine.elements(in: viewport).first {
          $0.kind == .item && $0.path.section == 0
        }?.path.item ?? 0
      let widthAlone = g.nextInt(below: 2) == 0
      let batch = Self.settingWidth(
        widthAlone ? "{}" : Self.randomItemBatch(&g, count: count, near: near), &g)
      let readBack = session.journalReadBacks.bounds
      if try Self.checkAgainstTheWholeAnswer(&session, batch) { checked += 1 }
      // A width alone (within 200–1 024 points, at most 5.12 times denser) brings no element
      // from beyond the read-ahead (`LayoutSession.readAheadRect`).
      #expect(!widthAlone || session.journalReadBacks.bounds == readBack, "\(batch)")
    }
    #expect(checked >= (cells ? 20 : 40), "batches accepted: \(checked)")
    // Most read ahead; a width that triples shows elements from further away, read back.
    let reads = session.journalReadBacks
    #expect(reads.boundsReadAhead >= checked / 2 && reads.boundsReadAhead > reads.bounds, "\(reads)")
    if !cells { #expect(reads.bounds >= 1, "\(reads)") }
  }

  @Test(
    "random section insertions, deletions and moves near the viewport: the transitions answer's entries"
  )
  func randomSectionBatchesMatchTheWholeAnswer() throws {
    var g = SplitMix64(seed: 35)
    var session = Self.sectionsSession()
    var checked = 0
    for _ in 0..<80 {
      let sections = session.document!.engine.numberOfSections
      let (low, high) = try Self.sectionsShown(session)
      func near() -> Int { max(0, min(sections - 1, low - 2 + g.nextInt(below: high - low + 5))) }
      let batch: String
      let kind = g.nextInt(below: 3)
      if kind == 2 {
        let gone = Set((0..<(1 + g.nextInt(below: 3))).map { _ in near() }).sorted()
        batch = #"{"deleteSections": [\#(gone.map(String.init).joined(separator: ", "))]}"#
      } else if kind == 0 {
        let at = Set((0..<(1 + g.nextInt(below: 3))).map { _ in near() }).sorted()
        batch =
          #"{"insertSections": ["#
          + at.map { #"{"at": \#($0), "header": 25, "items": [[375, \#(50 + g.nextInt(below: 300))], [100, 80]]}"# }
          .joined(separator: ", ") + "]}"
      } else {
        let from = g.nextInt(below: 3) == 0 ? g.nextInt(below: sections) : near()
        var to = near()
        if to == from { to = (to + 1) % sections }
        batch = #"{"moveSections": [{"from": \#(from), "to": \#(to)}]}"#
      }
      if try Self.checkAgainstTheWholeAnswer(&session, batch) { checked += 1 }
    }
    #expect(checked >= 60, "batches accepted: \(checked)")
  }
}

