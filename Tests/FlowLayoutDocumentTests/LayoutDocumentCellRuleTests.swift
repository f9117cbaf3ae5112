import FlowLayoutDocument
import FlowLayoutModel
import Testing

@Suite("Documents enforce the design rules that span a collection")
struct LayoutDocumentCellRuleTests {
  static func document(_ secondItemActions: String) -> String {
    """
    { "layout": "horizontalFlow", "width": 375, "estimatedItemSize": [1, 1],
      "sections": [
        { "items": [
          { "type": "collectionItem", "title": "A", "iconActions": [{"icon": "share"}] } ] },
        { "items": [ [50, 50],
          { "type": "collectionItem", "title": "B", "iconActions": \(secondItemActions) } ] } ] }
    """
  }

  @Test func iconActionCountsMustMatchAcrossSections() throws {
    #expect(throws: Never.self) {
      try LayoutDocument.decode(Self.document(#"[{"icon": "share"}]"#))
    }
    do {
      _ = try LayoutDocument.decode(Self.document(#"[{"icon": "share"}, {"icon": "delete"}]"#))
      Issue.record("a collection with 1 and 2 icon actions was accepted")
    } catch {
      #expect(error.field == "sections[1].items[1].iconActions")
    }
  }
}
