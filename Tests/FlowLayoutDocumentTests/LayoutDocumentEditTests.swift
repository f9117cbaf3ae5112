import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import Testing

/// Edits added with issue 10: cells in `insertItems`/`resizeItems`, `moveSections`,
/// `setWidthClass`, and the presentation fields.
@Suite struct LayoutDocumentEditTests {
  static let cell = #"{"type": "object", "title": "Pump 1000", "subtitle": "Acme Corp"}"#

  static func output(_ json: String) throws -> LayoutOutput {
    let document = try LayoutDocument.decode(json)
    var engine = try FastFlowLayout(document.input)
    for edit in document.edits { try engine.apply(edit) }
    return LayoutOutput(engine: engine, rect: nil, presentation: document.presentation)
  }

  /// An inserted or resized item given as a cell is sized as a document cell is.
  @Test func cellsInInsertAndResizeAreSizedAsDocumentCells() throws {
    let head = #"{"layout": "multiColumn", "width": 600, "numberOfColumns": 2, "#
    let inSections = try Self.output(head + #""sections": [{"items": [\#(Self.cell)]}]}"#)
    let inserted = try Self.output(
      head
        + #""sections": [{"items": []}], "edits": [{"insertItems": [{"at": [0, 0], "cell": \#(Self.cell)}]}]}"#
    )
    let resized = try Self.output(
      head
        + #""sections": [{"items": [[5, 5]]}], "edits": [{"resizeItems": [{"at": [0, 0], "cell": \#(Self.cell)}]}]}"#
    )
    #expect(inSections.items[0].frame.height > 5)
    #expect(inserted == inSections)
    #expect(resized == inSections)
    let document = try LayoutDocument.decode(
      head
        + #""sections": [{"items": []}], "edits": [{"insertItems": [{"at": [0, 0], "cell": \#(Self.cell)}]}]}"#
    )
    #expect(document.editCells[0].inserted[ItemPath(0, 0)] != nil)
  }

  @Test(arguments: [
    (
      #"{"insertItems": [{"at": [0, 0], "size": [1, 1], "cell": {"type": "object", "title": "A"}}]}"#,
      "edits[0].insertItems[0].cell"
    ),
    (#"{"insertItems": [{"at": [0, 0]}]}"#, "edits[0].insertItems[0].size"),
    (#"{"resizeItems": [{"at": [0, 0], "cell": 3}]}"#, "edits[0].resizeItems[0].cell"),
    (#"{"resizeItems": [{"at": [0, 0], "cel": {}}]}"#, "edits[0].resizeItems[0].cel"),
    (#"{"moveSections": [{"from": 0}]}"#, "edits[0].moveSections[0].to"),
    (#"{"moveSections": [{"from": 0, "to": 5}]}"#, "edits[0].moveSections[0].to"),
    (#"{"moveSections": [{"from": 0, "to": 0, "at": 1}]}"#, "edits[0].moveSections[0].at"),
    (#"{"setWidthClass": "wide"}"#, "edits[0].setWidthClass"),
    (
      #"{"moveItems": [{"from": [0, 0], "to": [0, 0]}], "resizeItems": [{"at": [0, 0], "size": [2, 2]}]}"#,
      "edits[0].resizeItems[0].at"
    ),
  ])
  func badEditsNameTheField(edit: String, field: String) {
    let json =
      #"{"layout": "vertical", "width": 375, "sections": [{"items": [[1, 1]]}], "edits": [\#(edit)]}"#
    #expect(throws: LayoutError.self) { try LayoutDocument.decode(json) }
    do {
      _ = try LayoutDocument.decode(json)
    } catch {
      #expect(error.field == field, "\(error)")
    }
  }

  @Test(arguments: [
    (#""displayScale": -1"#, "displayScale"),
    (#""displayScale": 5000"#, "displayScale"),
    (#""viewport": [0, 0, -1, 5]"#, "viewport.width"),
    (#""viewport": [0, 0, 1]"#, "viewport"),
    (#""layoutDirection": "upsideDown""#, "layoutDirection"),
    (#""sectionHeadersPinToVisibleBounds": 1"#, "sectionHeadersPinToVisibleBounds"),
  ])
  func badPresentationFieldsNameTheField(member: String, field: String) {
    let json = #"{"layout": "vertical", "width": 375, \#(member), "sections": []}"#
    do {
      _ = try LayoutDocument.decode(json)
      Issue.record("accepted \(member)")
    } catch {
      #expect(error.field == field, "\(error)")
    }
  }

  /// A section's own insets are checked against every later width; sections keep their metrics
  /// through moves.
  @Test func sectionMetricsAreValidatedAgainstLaterWidths() throws {
    let json =
      #"{"layout": "vertical", "width": 200, "sections": [{"items": []}, {"sectionInset": [0, 60, 0, 60], "items": [[10, 10]]}], "edits": [{"moveSections": [{"from": 1, "to": 0}]}, {"setWidth": 100}]}"#
    do {
      _ = try LayoutDocument.decode(json)
      Issue.record("accepted")
    } catch {
      #expect(error.field == "edits[1].sections[0].sectionInset", "\(error)")
    }
    let fine = try LayoutDocument.decode(json.replacingOccurrences(of: "100", with: "130"))
    var engine = try ReferenceFlowLayout(fine.input)
    for edit in fine.edits { try engine.apply(edit) }
    // Section 0 is the moved one: its item at its own left inset 60.
    #expect(try engine.frame(ofItemAt: ItemPath(0, 0)).minX == 60)
  }

  @Test func moveSectionsAndWidthClassInADocument() throws {
    let output = try Self.output(
      #"{"layout": "multiColumn", "width": 300, "numberOfColumns": 2, "sections": [{"header": 10, "items": [[1, 30], [1, 40]]}, {"header": 20, "items": []}], "edits": [{"moveSections": [{"from": 0, "to": 1}], "setWidthClass": "compact"}]}"#
    )
    // Section 0 is the old section 1 (H 20, no items): the old section 0 starts at 20.
    #expect(output.supplementary.map(\.frame.minY) == [0, 20])
    // One column in compact width: full-width items stacked.
    #expect(output.items.map(\.frame.width) == [300, 300])
  }
}
