@testable import FlowLayoutDocument
import FlowLayoutModel
import Synchronization
import Testing

@testable import FlowLayoutCore

/// A session answers `frame` and `hitTest` from its document in place: no copy of the document
/// or of its engine on the way (each copy a retain and a release of every buffer the engine
/// holds). An engine that counts the references to an object it holds tells: each copy of the
/// engine alive during its lookup is one more.
@Suite("Session copies")
struct SessionCopyTests {
  /// The references to one engine's counter that each call saw, by query.
  final class ReferenceCounts: Sendable {
    let seen = Mutex<[String: [UInt]]>([:])
    /// The elements the rect queries returned and the frame lookups (items, headers, footers).
    let work = Mutex((elements: 0, lookups: 0))

    func note(_ query: String, _ count: UInt) {
      seen.withLock { $0[query, default: []].append(count) }
    }
  }

  /// The fast engine with a counter that notes, on every lookup and rect query, how many
  /// references to it there are (the engine's own, plus one per copy alive).
  struct CountingEngine: LayoutEngine {
    var base: FastFlowLayout
    let counts = ReferenceCounts()

    init(_ input: LayoutInput) throws(LayoutError) { base = try FastFlowLayout(input) }
    static var engineName: String { "counting" }
    var input: LayoutInput { base.input }
    var contentSize: Size { base.contentSize }
    func elements(in rect: Rect, into result: inout [LayoutElement]) {
      counts.note("elements", _getRetainCount(counts))
      let start = result.count
      base.elements(in: rect, into: &result)
      counts.work.withLock { $0.elements += result.count - start }
    }
    func frame(ofItemAt path: ItemPath) throws(LayoutError) -> Rect {
      counts.note("frame", _getRetainCount(counts))
      counts.work.withLock { $0.lookups += 1 }
      return try base.frame(ofItemAt: path)
    }
    func supplementaryFrame(_ kind: ElementKind, inSection section: Int) throws(LayoutError)
      -> Rect?
    {
      counts.work.withLock { $0.lookups += 1 }
      return try base.supplementaryFrame(kind, inSection: section)
    }
    var hiddenItems: [ItemPath] { base.hiddenItems }
    var overflowingItems: [ItemPath] { base.overflowingItems }
    mutating func apply(_ update: BatchUpdate) throws(LayoutError) {
      counts.note("apply", _getRetainCount(counts))
      try base.apply(update)
    }
    mutating func prepareForEdits(nearSection s: Int) { base.prepareForEdits(nearSection: s) }
    func numberOfItems(inSection section: Int) throws(LayoutError) -> Int {
      try base.numberOfItems(inSection: section)
    }
    func showsSeeAll(inSection section: Int) throws(LayoutError) -> Bool {
      try base.showsSeeAll(inSection: section)
    }
  }

  @Test func readRequestsDoNotCopyTheEngine() throws {
    var session = LayoutSession<CountingEngine>()
    let document =
      #"{"open": {"layout": "horizontalFlow", "width": 375, "height": 812, "#
        + #""viewport": [0, 0, 375, 812], "sections": [{"items": [[100, 60], [120, 60], "#
        + #"[90, 40], [200, 80], [150, 60]]}]}}"#
    let open = session.answer(Array(document.utf8))
    #expect(!open.contains("error"), "\(open)")
    let counts = try #require(session.document?.engine.counts)
    // What the engine's queries see when called on the document in place, straight from here
    // (the references a build makes on its own for the call, 2 in a release build: the
    // engine's and `counts`): a request that copies the document or its engine on the way
    // adds one per copy alive.
    counts.seen.withLock { $0 = [:] }
    _ = try session.reading { (live) throws(LayoutError) in
      _ = try live.engine.frame(ofItemAt: ItemPath(section: 0, item: 3), field: "frame")
      _ = live.engine.elements(in: Rect(x: 120, y: 30, width: 0, height: 0))
    }
    let inPlace = counts.seen.withLock { $0 }
    counts.seen.withLock { $0 = [:] }
    for request in [#"{"frame": [0, 3]}"#, #"{"hitTest": [120, 30]}"#] {
      let answer = session.answer(Array(request.utf8))
      #expect(!answer.contains("error"), "\(request): \(answer)")
    }
    let seen = counts.seen.withLock { $0 }
    #expect(inPlace["frame"]?.count == 1 && inPlace["elements"]?.count == 1, "\(inPlace)")
    #expect(seen == inPlace, "requests \(seen), in place \(inPlace)")
  }
}

/// The counting engine answers the interactions too, noting the references to it as its
/// lookups do: a session reaching them through a cast (`as? any NavigatingLayoutEngine`) would
/// box a copy of the engine, one reference more.
extension SessionCopyTests.CountingEngine: NavigatingLayoutEngine, PrefetchingLayoutEngine,
  InteractivelyMovingLayoutEngine, ScrollTargetingLayoutEngine
{
  func item(
    from path: ItemPath, direction: NavigationDirection, layoutDirection: LayoutDirection,
    pageLength: Double, scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath? {
    counts.note("navigate", _getRetainCount(counts))
    return try base.item(
      from: path, direction: direction, layoutDirection: layoutDirection, pageLength: pageLength,
      scratch: &scratch)
  }

  func prefetchRanges(
    viewport: Rect, velocity: Point, policy: PrefetchPolicy, into result: inout [PrefetchRange],
    scratch: inout [LayoutElement]
  ) throws(LayoutError) {
    counts.note("prefetch", _getRetainCount(counts))
    try base.prefetchRanges(
      viewport: viewport, velocity: velocity, policy: policy, into: &result, scratch: &scratch)
  }

  var mirrorWidth: Double { base.mirrorWidth }

  func interactiveMoveTarget(
    for pointer: Point, lifting lifted: ItemPath, layoutDirection: LayoutDirection,
    scratch: inout [LayoutElement]
  ) throws(LayoutError) -> ItemPath {
    counts.note("drag", _getRetainCount(counts))
    return try base.interactiveMoveTarget(
      for: pointer, lifting: lifted, layoutDirection: layoutDirection, scratch: &scratch)
  }

  func scrollTarget(
    for path: ItemPath, position: ScrollPosition, insets: EdgeInsets, viewport: Rect
  ) throws(LayoutError) -> Point {
    counts.note("scrollTo", _getRetainCount(counts))
    return try base.scrollTarget(for: path, position: position, insets: insets, viewport: viewport)
  }
}

extension SessionCopyTests {
  /// `navigate`, a viewport with a velocity (prefetch ranges), `scrollTo` and a drag step reach
  /// the engine's interactions in place, as its lookups are (`LayoutEngine.navigation` and its
  /// siblings, no cast), and an engine without them is still told so.
  @Test func interactionsDoNotCopyTheEngine() throws {
    #expect(FastFlowLayout.navigation != nil && FastFlowLayout.prefetching != nil)
    #expect(FastFlowLayout.interactiveMoving != nil && FastFlowLayout.scrollTargeting != nil)
    var session = LayoutSession<CountingEngine>()
    let document =
      #"{"open": {"layout": "horizontalFlow", "width": 375, "height": 812, "#
        + #""viewport": [0, 0, 375, 812], "sections": [{"items": [[100, 60], [120, 60], "#
        + #"[90, 40], [200, 80], [150, 60]]}]}}"#
    #expect(!session.answer(Array(document.utf8)).contains("error"))
    let counts = try #require(session.document?.engine.counts)
    counts.seen.withLock { $0 = [:] }
    _ = try session.reading { (live) throws(LayoutError) in
      _ = try live.engine.frame(ofItemAt: ItemPath(section: 0, item: 3), field: "frame")
    }
    let inPlace = try #require(counts.seen.withLock { $0["frame"]?.first })
    counts.seen.withLock { $0 = [:] }
    for request in [
      #"{"navigate": {"from": [0, 1], "direction": "right"}}"#,
      #"{"viewport": {"rect": [0, 10, 375, 812], "velocity": [0, 500]}}"#,
      #"{"scrollTo": {"item": [0, 4], "position": "top"}}"#,
      #"{"drag": {"begin": [0, 0]}}"#, #"{"drag": {"to": [200, 70]}}"#, #"{"drag": "end"}"#,
    ] {
      let answer = session.answer(Array(request.utf8))
      #expect(!answer.contains("error"), "\(request): \(answer)")
    }
    let seen = counts.seen.withLock { $0 }
    for query in ["navigate", "prefetch", "scrollTo", "drag"] {
      #expect(seen[query]?.isEmpty == false, "\(query) not asked: \(seen)")
      #expect(seen[query]?.allSatisfy { $0 == inPlace } == true, "\(query): \(seen), in place \(inPlace)")
    }
  }
}

extension SessionCopyTests {
  /// A `visibleTransitions` batch of item edits reads the frames before it from the engine
  /// itself (undone and done again, `BatchJournal`): no copy of the engine is alive while it
  /// takes a batch, where keeping the layout before the batch made every one of them write a
  /// shared engine (a copy of its page list: 9.7 ms at 10M items); so does one that edits
  /// sections and items together. A batch that holds more edits than the engine has pages
  /// still keeps its copy (one reference more), which the test also sees. A change of the
  /// bounds keeps none either.
  @Test func visibleTransitionsOfItemEditsKeepNoCopy() throws {
    var session = LayoutSession<CountingEngine>()
    let open = session.answer(Array(VisibleTransitionsTests.open(count: 2_000).utf8))
    #expect(!open.contains("error"), "\(open.prefix(200))")
    let baseline = try Self.applySeen(&session)
    var undone = 0
    // Item edits; sections and items edited together; changes of the bounds.
    for batch in VisibleTransitionsTests.batches.prefix(7) + [
      #"{"measureItems": [{"at": [0, 61], "size": [110, 95]}], "deleteItems": [[0, 70]]}"#,
      #"{"resizeItems": [{"at": [0, 3], "size": [300, 40]}], "insertSections": [{"at": 0, "items": [[50, 50]]}]}"#,
      #"{"deleteSections": [0], "insertItems": [{"at": [1, 0], "size": [80, 80]}], "moveItems": [{"from": [1, 40], "to": [1, 2]}]}"#,
      #"{"setWidth": 400}"#, #"{"setWidth": 375, "deleteItems": [[1, 0]]}"#,
    ] {
      let seen = try Self.appliesSeen(&session, batch)
      // The batch, then its inverse and the batch again when an element came into view (no
      // measurements of cells here).
      #expect(
        (seen.count == 1 || seen.count == 3) && seen.allSatisfy { $0 == baseline },
        "\(batch): \(seen) against \(baseline)")
      if seen.count == 3 { undone += 1 }
    }
    #expect(undone >= 2, "batches read back: \(undone)")
    // A batch that holds more edits than the engine has pages keeps its copy (one reference
    // more while the engine takes it).
    let deletions = "[" + (100..<200).map { "[0, \($0)]" }.joined(separator: ", ") + "]"
    let seen = try Self.appliesSeen(&session, #"{"deleteItems": \#(deletions)}"#)
    #expect(seen == [baseline + 1], "\(seen)")
  }

  /// The references to the engine's counter an `apply` request's batch sees (the engine's own,
  /// no copy alive): the baseline of `appliesSeen(_:_:)`.
  static func applySeen(_ session: inout LayoutSession<CountingEngine>) throws -> UInt {
    let counts = try #require(session.document?.engine.counts)
    counts.seen.withLock { $0 = [:] }
    let applied = session.answer(
      Array(#"{"apply": {"insertItems": [{"at": [0, 0], "size": [120, 90]}]}}"#.utf8))
    #expect(!applied.contains("error"), "\(applied)")
    let seen = try #require(counts.seen.withLock { $0["apply"] })
    #expect(seen.count == 1, "\(seen)")
    return seen[0]
  }

  /// The references to the engine's counter each `apply` of the engine saw while `session`
  /// answered `{"visibleTransitions": batch}`, which it answers with a list.
  static func appliesSeen(_ session: inout LayoutSession<CountingEngine>, _ batch: String) throws
    -> [UInt]
  {
    let counts = try #require(session.document?.engine.counts)
    counts.seen.withLock { $0 = [:] }
    let answer = session.answer(Array(#"{"visibleTransitions": \#(batch)}"#.utf8))
    #expect(answer.contains(#""transitions":[{"#), "\(answer.prefix(200))")
    return try #require(counts.seen.withLock { $0["apply"] })
  }

  /// The most edits journaled follows the engine's size, a page per section included: the 100
  /// deletions that a document of 2 000 items in 2 sections copies for are journaled in one of
  /// ~1 500 items in 300 sections.
  @Test func theJournaledEditsFollowTheEnginesPages() throws {
    #expect(LayoutSession<FastFlowLayout>.journaledEditLimit(items: 2_000, sections: 2) < 100)
    #expect(LayoutSession<FastFlowLayout>.journaledEditLimit(items: 1_500, sections: 300) >= 100)
    #expect(
      LayoutSession<FastFlowLayout>.journaledEditLimit(items: 10_000_000, sections: 1)
        > 9 * LayoutSession<FastFlowLayout>.journaledEditLimit(items: 1_000_000, sections: 1))
    var session = LayoutSession<CountingEngine>()
    #expect(!session.answer(Array(VisibleTransitionsTests.openSections.utf8)).contains("error"))
    let baseline = try Self.applySeen(&session)
    // The first item of each of 100 sections, those shown among them.
    let deletions = "[" + (20..<120).map { "[\($0), 0]" }.joined(separator: ", ") + "]"
    let seen = try Self.appliesSeen(&session, #"{"deleteItems": \#(deletions)}"#)
    #expect(
      (seen.count == 1 || seen.count == 3) && seen.allSatisfy { $0 == baseline }, "\(seen)")
  }
}
