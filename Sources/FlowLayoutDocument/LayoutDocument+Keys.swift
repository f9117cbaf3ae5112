import FlowLayoutModel

extension LayoutDocument {
  /// The names a document's `"layout"` accepts (`LayoutVariant`'s raw values), in declaration
  /// order: what `flowlayout layout --help` lists.
  public static var layoutNames: [String] { LayoutVariant.allCases.map(\.rawValue) }

  /// The keys an entry of `"edits"` (one batch update) accepts, in the order the format lists
  /// them (docs/layout-document.md, "Edits").
  public static var editKeys: [String] { RawEdit.keys }
}
