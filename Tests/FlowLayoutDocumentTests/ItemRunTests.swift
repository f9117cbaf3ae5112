import FlowLayoutDocument
import FlowLayoutModel
import Testing

/// A section's runs of `null` items (`JSONScanner.readNulls`) and `{"estimate": [w, h]}` items
/// (`readPlainEstimate`) read at once decode as each item read alone: the same sizes, the same
/// estimated items, and the same errors at the same place.
@Suite struct ItemRunTests {
  static func document(_ items: String) -> String {
    #"{"layout": "horizontalFlow", "width": 375, "estimatedItemSize": [50, 40], "sections": [{"items": \#(items)}]}"#
  }

  static func decoded(_ items: String) throws -> (widths: [Double], heights: [Double], estimated: ItemIndexSet) {
    let document = try LayoutDocument.decode(Self.document(items))
    let section = document.input.sections[0]
    return (section.itemWidths, section.itemHeights, document.estimatedItems[0])
  }

  @Test func runsDecodeAsSingleItems() throws {
    // Spacing of every kind between the items of a run, runs broken by other items, and the
    // estimate objects in their plain and spaced forms.
    let runs = try Self.decoded(
      "[null, null ,null,\n\tnull,[5,6],null,{\"estimate\":[7,8]}, { \"estimate\" : [ 9 , 10 ] },null]")
    #expect(runs.widths == [50, 50, 50, 50, 5, 50, 7, 9, 50])
    #expect(runs.heights == [40, 40, 40, 40, 6, 40, 8, 10, 40])
    #expect(runs.estimated == ItemIndexSet([0, 1, 2, 3, 5, 6, 7, 8]))
    let one = try Self.decoded("[null]")
    #expect(one.widths == [50] && one.estimated == ItemIndexSet([0]))
  }

  @Test(arguments: [
    ("[null,nullx]", "document"), ("[null,nul]", "document"), ("[null null]", "document"),
    ("[null,null", "document"), ("[null,]", "document"), ("[null,true]", "sections[0].items[1]"),
    (#"[null,{"estimate":[1,2],"x":1}]"#, "sections[0].items[1].x"),
    (#"[null,{"estimate":[1,-2]}]"#, "sections[0].items[1].height"),
    (#"[null,{"estimate":[1]}]"#, "sections[0].items[1].estimate"),
  ])
  func badRunsNameTheirItem(items: String, field: String) {
    #expect(throws: LayoutError.self) { try LayoutDocument.decode(Self.document(items)) }
    do {
      _ = try LayoutDocument.decode(Self.document(items))
    } catch {
      #expect(error.field == field, "\(items): \(error.description)")
    }
  }
}
