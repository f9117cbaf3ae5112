import FlowLayoutDocument
import FlowLayoutModel
import Testing

@testable import FlowLayoutCore

/// A session's requests do the work of what they answer, not of the layout: the same request
/// sequence over 10× the sections (or items) does the same work (work counters, never a clock).
@Suite("Session work")
struct SessionWorkTests {
  /// `sections` sections of 20 estimated items under 44-pt headers with "See All", pinned, a
  /// wide item in each 10th section, a viewport near the middle.
  static func groupedDocument(sections: Int) -> String {
    let section =
      #"{"header": 44, "seeAll": true, "items": [null, null, null, [120, 60], null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null]}"#
    let wide =
      #"{"header": 44, "items": [null, [420, 60], null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null]}"#
    let body = (0..<sections).map { $0 % 10 == 3 ? wide : section }.joined(separator: ",")
    return #"{"open": {"layout": "horizontalFlow", "width": 375, "height": 812, "#
      + #""estimatedItemSize": [100, 60], "sectionHeadersPinToVisibleBounds": true, "#
      + #""viewport": [0, 0, 375, 812], "sections": [\#(body)]}}"#
  }

  /// Each counter of `after` minus its value in `before`, by name.
  static func difference(_ after: WorkCounters, _ before: WorkCounters) -> [String: Int] {
    var result: [String: Int] = [:]
    for (a, b) in zip(Mirror(reflecting: after).children, Mirror(reflecting: before).children) {
      if let label = a.label, let x = a.value as? Int, let y = b.value as? Int {
        result[label] = x - y
      }
    }
    return result
  }

  struct Work: Equatable, CustomStringConvertible {
    var engine: [String: Int]
    var sectionStates: Int
    var overflowProbes: Int
    var description: String {
      "\(engine) sectionStates=\(sectionStates) overflowProbes=\(overflowProbes)"
    }
  }

  /// The work of one scroll-measure-edit sequence in the middle of `sections` sections.
  static func work(sections: Int) throws -> (Work, [String]) {
    var session = LayoutSession<FastFlowLayout>()
    let opened = session.answer(Array(groupedDocument(sections: sections).utf8))
    #expect(!opened.contains("error"), "\(opened)")
    let start = session.document!.engine.workCounters
    let statesBefore = session.document!.layout.sectionStatesRewritten
    let middle = sections / 2
    let top = try session.document!.engine.supplementaryFrame(.header, inSection: middle)!.minY
    var answers: [String] = []
    func ask(_ request: String) {
      let answer = session.answer(Array(request.utf8))
      #expect(!answer.contains("error"), "\(request) → \(answer)")
      answers.append(answer)
    }
    for step in 0..<3 {
      let y = top + Double(step) * 300
      ask(#"{"viewport": [0, \#(y), 375, 812]}"#)
      ask(#"{"elements": [0, \#(y), 375, 812]}"#)
      ask(#"{"apply": {"measureItems": [{"at": [\#(middle), \#(step)], "size": [110, 70]}]}}"#)
      ask(#"{"frame": [\#(middle), 3]}"#)
      ask(#"{"hitTest": [50, \#(y + 100)]}"#)
      ask(#"{"apply": {"insertItems": [{"at": [\#(middle), 2], "size": [90, 50]}]}}"#)
      ask(#"{"apply": {"deleteItems": [[\#(middle + 1), 4]]}}"#)
      ask(#"{"apply": {"resizeItems": [{"at": [\#(middle), 5], "size": [130, 40]}]}}"#)
      ask(#"{"contentSize": null}"#)
    }
    let engine = session.document!.engine
    let counters = Self.difference(engine.workCounters, start)
    var probes = 0
    _ = engine.overflowingItems(probes: &probes)
    return (
      Work(
        engine: counters,
        sectionStates: session.document!.layout.sectionStatesRewritten - statesBefore,
        overflowProbes: probes), answers
    )
  }

  @Test("1 000 and 10 000 sections: the same work for the same requests")
  func sameWorkAtTenTimesTheSections() throws {
    let (small, smallAnswers) = try Self.work(sections: 1_000)
    let (large, largeAnswers) = try Self.work(sections: 10_000)
    // A page summary rewritten writes at most 32 partial sums a level of the page tree (how many
    // depends on the page's slot in its group, which the room for edits shifts): ≤ 12 pages
    // rewritten × 3 levels over 10 000 slots. An O(p) pass would write ≥ 10 000.
    var smallCore = small.engine
    var largeCore = large.engine
    #expect(smallCore.count == 16 && smallCore.values.contains { $0 > 0 })
    #expect(largeCore["pageTreeNodesWritten"]! <= 12 * (3 * 32 + 1), "\(large)")
    #expect(smallCore["pageTreeNodesWritten"]! <= 12 * (2 * 32 + 1), "\(small)")
    smallCore["pageTreeNodesWritten"] = nil
    largeCore["pageTreeNodesWritten"] = nil
    #expect(smallCore == largeCore, "1k: \(small)\n10k: \(large)")
    // An insertion and a deletion per step rewrite one section each; a measurement none.
    #expect(small.sectionStates == large.sectionStates && small.sectionStates == 3 * 2)
    // The wide items of every 10th section are read, not every page or line.
    #expect(small.overflowProbes == 100 && large.overflowProbes == 1_000)
    #expect(smallAnswers.count == largeAnswers.count)
    // The answers hold the whole layout's overflowing items (byte-identical output kept).
    let elements = largeAnswers[1]
    #expect(elements.contains(#""overflowingItems":[[3,1],[13,1]"#), "\(elements.prefix(300))")
    #expect(elements.contains(#""seeAll":"See All (20)""#), "\(elements.prefix(600))")
  }

  /// The engine's work and the session's section states for one batch of 400 deletions, then
  /// one inserting them back (the search filter's two batches, in small), at items 2 000–2 799
  /// of a sized section of `items` items (a small section before it).
  static func filterWork(items: Int) throws -> ([String: Int], Int) {
    let sizes = (0..<items).map { i in "[\(60 + (i * 37) % 140), \(60 + (i * 53) % 140)]" }
    let open =
      #"{"open": {"layout": "horizontalFlow", "width": 375, "height": 812, "#
      + #""estimatedItemSize": [100, 100], "viewport": [0, 0, 375, 812], "sections": ["#
      + #"{"header": 44, "items": [[100, 100], [100, 100]]}, {"header": 44, "items": ["#
      + sizes.joined(separator: ",") + "]}]}}"
    var session = LayoutSession<FastFlowLayout>()
    let opened = session.answer(Array(open.utf8))
    #expect(!opened.contains("error"), "\(opened.prefix(200))")
    let start = session.document!.engine.workCounters
    let statesBefore = session.document!.layout.sectionStatesRewritten
    let gone = stride(from: 2_000, to: 2_800, by: 2)
    let delete = gone.map { "[1, \($0)]" }.joined(separator: ",")
    let insert = gone.map { #"{"at": [1, \#($0)], "size": [70, 80]}"# }.joined(separator: ",")
    for request in [
      #"{"apply": {"deleteItems": [\#(delete)]}}"#, #"{"apply": {"insertItems": [\#(insert)]}}"#,
    ] {
      let answer = session.answer(Array(request.utf8))
      #expect(!answer.contains("error"), "\(answer)")
    }
    return (
      Self.difference(session.document!.engine.workCounters, start),
      session.document!.layout.sectionStatesRewritten - statesBefore
    )
  }

  @Test("a batch of 400 edits: the same work over 10× the items")
  func largeBatchesDoTheSameWorkAtTenTimesTheItems() throws {
    let (small, smallStates) = try Self.filterWork(items: 10_000)
    let (large, largeStates) = try Self.filterWork(items: 100_000)
    var smallCore = small
    var largeCore = large
    #expect(smallCore["itemsSpliced"]! >= 800, "\(small)")
    // The page tree is a level deeper over 10× the items (225 slots: two levels of groups of
    // 32; 20 pages: one): a page summary rewritten writes up to 32 partial sums more (measured
    // 34 at 10k items, 66 at 100k, the room for edits at the viewport's section). An O(p) pass
    // would write ≥ 225.
    #expect(largeCore["pageTreeNodesWritten"]! <= smallCore["pageTreeNodesWritten"]! + 2 * 32)
    smallCore["pageTreeNodesWritten"] = nil
    largeCore["pageTreeNodesWritten"] = nil
    #expect(smallCore == largeCore, "10k: \(small)\n100k: \(large)")
    #expect(smallStates == largeStates && smallStates == 2)
  }
}
