import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import SessionFuzzing
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The session fuzzer, bounded (docs/fuzzing.md, "Session fuzzer"): random sessions of both
/// engines in lockstep. `SESSION_FUZZ_SESSIONS` (total, default 520; 260 under a sanitizer,
/// `Sanitizers`) and `SESSION_FUZZ_REQUESTS` (per session, default 30) raise it;
/// `SESSION_FUZZ_BASE` picks other seeds. A failure is shrunk and printed as lines to paste
/// into `SessionFuzzSeeds.swift`.
@Suite struct SessionFuzzTests {
  static func setting(_ name: String, _ fallback: Int) -> Int {
    guard let text = getenv(name).map({ String(cString: $0) }), let value = Int(text) else {
      return fallback
    }
    return value
  }

  /// Four shards run in parallel (Swift Testing runs tests concurrently).
  static let shards = 4

  @Test(arguments: 0..<shards)
  func randomSessionsAgree(shard: Int) {
    let total = Self.setting("SESSION_FUZZ_SESSIONS", Sanitizers.sanitized(260, else: 520))
    let requests = Self.setting("SESSION_FUZZ_REQUESTS", 30)
    let base = UInt64(Self.setting("SESSION_FUZZ_BASE", 34))
    let per = (total + Self.shards - 1) / Self.shards
    let indices = (shard * per)..<min(total, (shard + 1) * per)
    let (counts, found) = SessionFuzzer.run(base: base, indices: indices, requests: requests)
    print(
      "session fuzz shard \(shard): \(counts.sessions) sessions, \(counts.requests) requests, "
        + "\(counts.errors) error answers, \(counts.drags) drag answers, \(counts.mismatches) mismatches")
    if let found {
      var shrinker = SessionShrinker(lines: found.lines, failure: found.failure, budget: 2_000)
      shrinker.shrink()
      let literal = shrinker.lines.map { "  #\"\($0)\"#," }.joined(separator: "\n")
      Issue.record(
        """
        session \(found.index) (base \(base)): \(found.failure)
        shrunk to \(shrinker.lines.count) requests: \(shrinker.failure)
        \(literal)
        """)
    }
    #expect(counts.sessions == indices.count)
  }

  /// Sessions the long fuzzer crashed on (no mismatch to shrink), run again whole: session
  /// 905 of base 450001 wrote past a spare column that a section rebuild had shrunk while an
  /// engine copy still shared it (a heap overflow: `malloc(): invalid size`; AddressSanitizer
  /// names it in CI's sanitizer run).
  @Test func crashedSessionsRunThrough() {
    let (counts, found) = SessionFuzzer.run(base: 450_001, indices: 905..<906, requests: 200)
    #expect(counts.sessions == 1 && found == nil)
  }

  /// Every session the fuzzer found (shrunk), replayed: both engines agree and every error
  /// answer changed nothing.
  @Test(arguments: SessionFuzzSeeds.all.indices)
  func foundSessionsAgree(index: Int) {
    let seed = SessionFuzzSeeds.all[index]
    let failure = SessionFuzzer.replay(seed.lines)
    #expect(failure == nil, "\(seed.name): \(failure.map(String.init(describing:)) ?? "")")
  }
}

/// Issue 34's rulings, in both engines.
@Suite struct SessionRulingTests {
  /// The golden fixture `anchor-one-ulp-edge-band` (`docs/semantics.md`, "The scroll anchor",
  /// the band rule) laid out by both engines: item 3 only touches the viewport (at
  /// 200.89999999999998 in the fast engine, 200.9 in the reference), so both anchor item 4
  /// and end at offset 251.2. Before the rule the fast engine answered 251.2 and the
  /// reference 200.9.
  @Test func anchorBandRuleInBothEngines() throws {
    let document = try LayoutDocument.decode(
      #"{"layout": "horizontalFlow", "width": 50, "minimumLineSpacing": 0.3, "viewport": [0, 200.9, 50, 100], "sections": [{"items": [[50,50],[50,50],[50,50],[50,50],[50,50],[50,50],[50,50],[50,50]]}], "edits": [{"insertItems": [{"at": [0, 4], "size": [50, 50]}]}]}"#
    )
    let fast = try DocumentLayout<FastFlowLayout>.laidOut(document)
    let reference = try DocumentLayout<ReferenceFlowLayout>.laidOut(document)
    for (offset, anchor) in [
      (fast.layout.contentOffset, fast.layout.lastAnchor),
      (reference.layout.contentOffset, reference.layout.lastAnchor),
    ] {
      let y = try #require(offset?.y)
      #expect(abs(y - 251.2) <= 1e-9 * 251.2)
      #expect(anchor?.path == ItemPath(0, 5))
    }
  }

  /// `transitions` with a measurement works like `apply` (the answer lists the measured
  /// item's frames), and with a bad measurement names `transitions.` and changes nothing.
  @Test func transitionsMeasureLikeApply() throws {
    var session = LayoutSession<FastFlowLayout>()
    _ = session.answer(
      #"{"open": {"layout": "horizontalFlow", "width": 100, "estimatedItemSize": [100, 50], "sections": [{"items": [null, null]}]}}"#
        .utf8)
    let answer = session.answer(
      #"{"transitions": {"measureItems": [{"at": [0, 0], "size": [100, 80]}]}}"#.utf8)
    #expect(answer.hasPrefix(#"{"transitions":[{"kind":"item""#), "\(answer)")
    #expect(session.document?.engine.contentSize == Size(100, 140))
    #expect(session.document?.layout.isEstimated(ItemPath(0, 0)) == false)
    let refused = session.answer(
      #"{"transitions": {"measureItems": [{"at": [0, 1], "size": [-1, 80]}]}}"#.utf8)
    #expect(refused == #"{"error":"transitions.measureItems[0].size.width: -1.0 is not a valid value: negative"}"#)
    #expect(session.document?.layout.isEstimated(ItemPath(0, 1)) == true)
  }

  /// Under `"cellSizing": "visible"` a `setWidth` too narrow for the object cell near the
  /// viewport is refused and changes nothing (it changed the width before), as under `"all"`.
  @Test(arguments: ["visible", "all"])
  func tooNarrowWidthChangesNothing(cellSizing: String) {
    var session = LayoutSession<FastFlowLayout>()
    _ = session.answer(
      #"{"open": {"layout": "horizontalFlow", "width": 300, "estimatedItemSize": [50, 50], "cellSizing": "\#(cellSizing)", "sections": [{"items": [{"type": "object", "title": "Pump"}]}]}}"#
        .utf8)
    let before = session.answer(#"{"elements": [0, 0, 300, 812]}"#.utf8)
    let refused = session.answer(#"{"apply": {"setWidth": 20}}"#.utf8)
    #expect(refused.hasPrefix(#"{"error":"apply.sections[0].items[0].proposedWidth: "#), "\(refused)")
    #expect(session.document?.layout.bounds.width == 300)
    #expect(session.answer(#"{"elements": [0, 0, 300, 812]}"#.utf8) == before)
  }

  /// A repeated key inside a request names its path.
  @Test(arguments: [
    (
      #"{"apply": {"measureItems": [{"at": [0, 0], "size": [1, 1], "size": [1, 1]}]}}"#,
      #"{"error":"apply.measureItems[0].size: the key \"size\" appears twice"}"#
    ),
    (
      #"{"open": {"layout": "horizontalFlow", "width": 1, "width": 2}}"#,
      #"{"error":"open.width: the key \"width\" appears twice"}"#
    ),
    (
      #"{"transitions": {"insertSections": [{"at": 0, "items": [], "items": []}]}}"#,
      #"{"error":"transitions.insertSections[0].items: the key \"items\" appears twice"}"#
    ),
  ])
  func repeatedKeyNamesItsPath(request: String, error: String) {
    var session = LayoutSession<ReferenceFlowLayout>()
    _ = session.answer(
      #"{"open": {"layout": "horizontalFlow", "width": 100, "sections": [{"items": [[1, 1]]}]}}"#
        .utf8)
    #expect(session.answer(request.utf8) == error)
  }
}
