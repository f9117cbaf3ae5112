import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import Foundation
import Testing

/// Transitions checked by hand (`docs/semantics.md`, "Transitions"): one batch with every item
/// edit kind, one with section edits and an item that stops being hidden; both engines.
@Suite("Transitions worked out by hand")
struct LayoutTransitionTests {
  typealias T = LayoutTransition

  static func transitions<E: PresentingLayoutEngine>(_ type: E.Type, _ json: String) throws
    -> [LayoutTransition]
  {
    let document = try LayoutDocument.decode(json)
    var before = try E(document.input)
    for edit in document.edits.dropLast() { try before.apply(edit) }
    var after = before
    try after.apply(document.edits.last!)
    return try LayoutTransition.transitions(
      from: before, to: after, by: document.edits.last!, presentation: document.presentation)
  }

  static func item(_ b: [Int]?, _ a: [Int]?, _ from: [Double], _ to: [Double], _ alphas: (Int, Int))
    -> T
  {
    T(
      kind: .item, before: b.map { ItemPath($0[0], $0[1]) },
      after: a.map { ItemPath($0[0], $0[1]) },
      from: Rect(x: from[0], y: from[1], width: from[2], height: from[3]),
      to: Rect(x: to[0], y: to[1], width: to[2], height: to[3]), fromAlpha: alphas.0,
      toAlpha: alphas.1)
  }

  static func supplementary(
    _ kind: ElementKind, _ b: Int?, _ a: Int?, _ from: [Double], _ to: [Double],
    _ alphas: (Int, Int)
  ) -> T {
    T(
      kind: kind, before: b.map { ItemPath($0, 0) }, after: a.map { ItemPath($0, 0) },
      from: Rect(x: from[0], y: from[1], width: from[2], height: from[3]),
      to: Rect(x: to[0], y: to[1], width: to[2], height: to[3]), fromAlpha: alphas.0,
      toAlpha: alphas.1)
  }

  /// B = 100, insets l = r = 5 (A = 90), 40 × 40 items, I = L = 10: two per line.
  /// Before: section 0 (H 20) items at y 20: x 5, 55; y 70: x 5, 55 (height 110); section 1
  /// (H 10 at 110, F 10) items at y 120: x 5, 55; footer at 160.
  /// Batch: delete [0,1], insert [0,0], move [0,3] → [1,0], resize [1,1] (itemSize mode: the
  /// frame keeps 40 × 40). After: section 0 = [new, old 0, old 2]: lines y 20 (x 5, 55), y 70;
  /// section 1 = [old (0,3), old (1,0), old (1,1)]: y 120 (x 5, 55), y 170; footer at 210.
  @Test("insert, delete, move and resize in one batch", arguments: ["fast", "reference"])
  func itemEdits(engine: String) throws {
    let json = """
      {"layout": "horizontalFlow", "width": 100, "itemSize": [40, 40],
       "minimumInteritemSpacing": 10, "minimumLineSpacing": 10, "sectionInset": [0, 5, 0, 5],
       "sections": [{"header": 20, "items": [[1, 1], [1, 1], [1, 1], [1, 1]]},
                    {"header": 10, "footer": 10, "items": [[1, 1], [1, 1]]}],
       "edits": [{"deleteItems": [[0, 1]], "insertItems": [{"at": [0, 0], "size": [1, 1]}],
                  "moveItems": [{"from": [0, 3], "to": [1, 0]}],
                  "resizeItems": [{"at": [1, 1], "size": [2, 2]}]}]}
      """
    let expected: [T] = [
      Self.supplementary(.header, 0, 0, [0, 0, 100, 20], [0, 0, 100, 20], (1, 1)),
      Self.item(nil, [0, 0], [5, 20, 40, 40], [5, 20, 40, 40], (0, 1)),
      Self.item([0, 0], [0, 1], [5, 20, 40, 40], [55, 20, 40, 40], (1, 1)),
      Self.item([0, 2], [0, 2], [5, 70, 40, 40], [5, 70, 40, 40], (1, 1)),
      Self.supplementary(.header, 1, 1, [0, 110, 100, 10], [0, 110, 100, 10], (1, 1)),
      Self.item([0, 3], [1, 0], [55, 70, 40, 40], [5, 120, 40, 40], (1, 1)),
      Self.item([1, 0], [1, 1], [5, 120, 40, 40], [55, 120, 40, 40], (1, 1)),
      Self.item([1, 1], [1, 2], [55, 120, 40, 40], [5, 170, 40, 40], (1, 1)),
      Self.supplementary(.footer, 1, 1, [0, 160, 100, 10], [0, 210, 100, 10], (1, 1)),
      Self.item([0, 1], nil, [55, 20, 40, 40], [55, 20, 40, 40], (1, 0)),
    ]
    let actual =
      engine == "fast"
      ? try Self.transitions(FastFlowLayout.self, json)
      : try Self.transitions(ReferenceFlowLayout.self, json)
    #expect(actual == expected)
  }

  /// B = 100, no insets, 40 × 40 items, I = L = 10, `numberOfRows` 1: two items per line, the
  /// rest hidden. Before: section 0 (H 10) shows items 0, 1 at y 10 (x 0, 50), item 2 hidden;
  /// section 1 (no header) at 50 shows items 0, 1 at y 50.
  /// Batch: delete [0,0], delete section 1, insert a section at 1 (H 5, one item).
  /// After: section 0 = [old 1, old 2]: old 1 moves from x 50 to 0; old 2 stops being hidden and
  /// appears at x 50; the new section's header appears at y 50 and its item at y 55; old [0,0]
  /// disappears at x 0; old section 1's items disappear where they were.
  @Test("section edits, and an item that stops being hidden", arguments: ["fast", "reference"])
  func sectionEdits(engine: String) throws {
    let json = """
      {"layout": "horizontalFlow", "width": 100, "itemSize": [40, 40], "numberOfRows": 1,
       "minimumInteritemSpacing": 10, "minimumLineSpacing": 10,
       "sections": [{"header": 10, "items": [[1, 1], [1, 1], [1, 1]]},
                    {"items": [[1, 1], [1, 1]]}],
       "edits": [{"deleteItems": [[0, 0]], "deleteSections": [1],
                  "insertSections": [{"at": 1, "header": 5, "items": [[1, 1]]}]}]}
      """
    let expected: [T] = [
      Self.supplementary(.header, 0, 0, [0, 0, 100, 10], [0, 0, 100, 10], (1, 1)),
      Self.item([0, 1], [0, 0], [50, 10, 40, 40], [0, 10, 40, 40], (1, 1)),
      Self.item([0, 2], [0, 1], [50, 10, 40, 40], [50, 10, 40, 40], (0, 1)),
      Self.supplementary(.header, nil, 1, [0, 50, 100, 5], [0, 50, 100, 5], (0, 1)),
      Self.item(nil, [1, 0], [0, 55, 40, 40], [0, 55, 40, 40], (0, 1)),
      Self.item([0, 0], nil, [0, 10, 40, 40], [0, 10, 40, 40], (1, 0)),
      Self.item([1, 0], nil, [0, 50, 40, 40], [0, 50, 40, 40], (1, 0)),
      Self.item([1, 1], nil, [50, 50, 40, 40], [50, 50, 40, 40], (1, 0)),
    ]
    let actual =
      engine == "fast"
      ? try Self.transitions(FastFlowLayout.self, json)
      : try Self.transitions(ReferenceFlowLayout.self, json)
    #expect(actual == expected)
  }

  /// multiColumn, B = 300, 2 columns of (300 − 20)/2 = 140, I = 20, L = 10. Before: section 0
  /// (H 10) items at y 10: x 0 (h 30), x 160 (h 40); section 1 (H 20) at 50, its item at 70.
  /// Batch: section 1 moves to 0 and the width class becomes readable (one column of 300).
  /// After: old section 1 at the top (header 0, item y 20); old section 0 at 70 (header), items
  /// at 80 and 80 + 30 + 10 = 120, full width. Every element is kept: alpha 1 → 1.
  @Test("a section move with a width-class change", arguments: ["fast", "reference"])
  func sectionMove(engine: String) throws {
    let json = """
      {"layout": "multiColumn", "width": 300, "numberOfColumns": 2, "minimumInteritemSpacing": 20,
       "minimumLineSpacing": 10, "sectionInset": [0, 0, 0, 0],
       "sections": [{"header": 10, "items": [[1, 30], [1, 40]]}, {"header": 20, "items": [[1, 50]]}],
       "edits": [{"moveSections": [{"from": 1, "to": 0}], "setWidthClass": "regularReadable"}]}
      """
    let expected: [T] = [
      Self.supplementary(.header, 1, 0, [0, 50, 300, 20], [0, 0, 300, 20], (1, 1)),
      Self.item([1, 0], [0, 0], [0, 70, 140, 50], [0, 20, 300, 50], (1, 1)),
      Self.supplementary(.header, 0, 1, [0, 0, 300, 10], [0, 70, 300, 10], (1, 1)),
      Self.item([0, 0], [1, 0], [0, 10, 140, 30], [0, 80, 300, 30], (1, 1)),
      Self.item([0, 1], [1, 1], [160, 10, 140, 40], [0, 120, 300, 40], (1, 1)),
    ]
    let actual =
      engine == "fast"
      ? try Self.transitions(FastFlowLayout.self, json)
      : try Self.transitions(ReferenceFlowLayout.self, json)
    #expect(actual == expected)
  }

  @Test("the JSON form: paths as [s, i] for items and s for headers, null when absent")
  func json() throws {
    var output = LayoutOutput(contentSize: Size(1, 1), items: [])
    output.transitions = [
      Self.item(nil, [0, 1], [1, 2, 3, 4], [1, 2, 3, 4], (0, 1)),
      Self.supplementary(.header, 2, nil, [0, 0, 9, 9], [0, 0, 9, 9], (1, 0)),
    ]
    let text = output.json()
    #expect(
      text.hasSuffix(
        #""transitions":[{"kind":"item","before":null,"after":[0,1],"from":[1,2,3,4],"to":[1,2,3,4],"fromAlpha":0,"toAlpha":1},{"kind":"header","before":2,"after":null,"from":[0,0,9,9],"to":[0,0,9,9],"fromAlpha":1,"toAlpha":0}]}"#
      ), "\(text)")
    #expect(try LayoutOutput.decode(text) == output)
  }
}

/// `flowlayout layout --transitions` as a subprocess.
@Suite(
  .enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build` first"))
struct TransitionsCommandTests {
  @Test(arguments: ["fast", "reference"])
  func transitionsKeyFollowsTheOutput(engine: String) throws {
    let withEdit =
      #"{"layout": "vertical", "width": 100, "itemSize": [40, 40], "sections": [{"items": [[1, 1]]}], "edits": [{"deleteItems": [[0, 0]]}]}"#
    let run = try FlowLayoutBinary.run(
      ["layout", "--engine", engine, "--transitions"], stdin: withEdit)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasSuffix(
        #","supplementary":[],"transitions":[{"kind":"item","before":[0,0],"after":null,"from":[0,0,40,40],"to":[0,0,40,40],"fromAlpha":1,"toAlpha":0}]}"#
          + "\n"), "\(run.stdout)")
    let noEdits = #"{"layout": "vertical", "width": 100, "sections": []}"#
    let empty = try FlowLayoutBinary.run(
      ["layout", "--engine", engine, "--transitions"], stdin: noEdits)
    #expect(empty.stdout.hasSuffix(#""transitions":[]}"# + "\n"), "\(empty.stdout)")
    let plain = try FlowLayoutBinary.run(["layout", "--engine", engine], stdin: withEdit)
    #expect(!plain.stdout.contains("transitions"))
  }
}

/// `{"transitions": BATCH}` in a session: the batch is applied and its transitions answered.
@Suite struct SessionTransitionsTests {
  @Test func transitionsRequestAppliesTheBatchAndAnswersItsFrames() {
    var session = LayoutSession<FastFlowLayout>()
    _ = session.answer(
      Array(
        #"{"open": {"layout": "vertical", "width": 100, "itemSize": [40, 40], "sections": [{"items": [[1, 1], [1, 1]]}]}}"#
          .utf8))
    // One line (the last: leading, gaps I = 10): x 0 and 50; deleting item 0 moves item 1 to 0.
    let answer = session.answer(Array(#"{"transitions": {"deleteItems": [[0, 0]]}}"#.utf8))
    #expect(
      answer
        == #"{"transitions":[{"kind":"item","before":[0,1],"after":[0,0],"from":[50,0,40,40],"to":[0,0,40,40],"fromAlpha":1,"toAlpha":1},{"kind":"item","before":[0,0],"after":null,"from":[0,0,40,40],"to":[0,0,40,40],"fromAlpha":1,"toAlpha":0}]}"#
    )
    #expect(session.document?.engine.input.sections[0].count == 1)
    // A refused batch answers an error and changes nothing.
    let refused = session.answer(Array(#"{"transitions": {"deleteItems": [[0, 5]]}}"#.utf8))
    #expect(refused.hasPrefix(#"{"error":"transitions.deleteItems[0]"#), "\(refused)")
    #expect(session.document?.engine.input.sections[0].count == 1)
  }
}
