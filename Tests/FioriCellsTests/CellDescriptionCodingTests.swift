import FlowLayoutModel
import Foundation
import Testing

@testable import FioriCells

@Suite struct CellDescriptionCodingTests {
  @Test func decodesTheDocumentForm() throws {
    let json = """
      {"type": "object", "title": "Pump", "description": "Replace the bearing.",
       "descriptionLines": 0, "detailImage": {"size": 60, "shape": "circular"},
       "attributes": [{"text": "Full", "status": "positive"}], "accessory": "chevron",
       "widthClass": "regular", "orientation": "landscape"}
      """
    let cell = try JSONDecoder().decode(CellDescription.self, from: Data(json.utf8))
    #expect(cell.cellType == .object)
    #expect(cell.descriptionText == "Replace the bearing.")
    #expect(cell.detailImage == DetailImage(size: 60, shape: .circular))
    #expect(cell.attributes == [CellAttribute(text: "Full", status: .positive)])
    #expect(cell.widthClass == .regular)
    // 8 + max(22, 60 frame) + 8 = 76.
    #expect(try cell.fittingSize(proposedWidth: 600, field: "c") == Size(600, 76))
  }

  @Test func roundTrips() throws {
    for cell in SampleContent.documents(count: 3, seed: 1)
      + SampleContent.objectList(count: 3, seed: 1)
      + SampleContent.keyValueForm(count: 3, seed: 1)
    {
      let data = try JSONEncoder().encode(cell)
      #expect(try JSONDecoder().decode(CellDescription.self, from: data) == cell)
    }
  }

  @Test func unknownTypeDecodesButFailsToSize() throws {
    let cell = try JSONDecoder().decode(CellDescription.self, from: Data(#"{"type": "grid"}"#.utf8))
    #expect(cell.cellType == nil)
    do {
      _ = try cell.fittingSize(proposedWidth: 100, field: "sections[0].items[0]")
      Issue.record("no error")
    } catch {
      #expect(
        error
          == .invalidDocument(
            field: "sections[0].items[0].type",
            reason: "unknown cell type \"grid\" (expected one of: collectionItem, object, keyValue)"
          ))
    }
  }
}
