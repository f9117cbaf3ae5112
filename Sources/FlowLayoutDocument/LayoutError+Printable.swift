import FlowLayoutModel

extension LayoutError {
  /// The same error with every control character in its texts (field, reason, layout name)
  /// written as `\u{…}` and each text cut to a bounded length (`…` marking the cut), so that
  /// `description` is one short printable line whatever the document held. Errors raised outside the scanner (cell validation in `FioriCells`) can echo a
  /// document's string, newlines included; `LayoutDocument.decode` passes every error through
  /// this.
  ///
  /// - Complexity: O(m) for m characters of text.
  var printable: LayoutError {
    switch self {
    case .invalidNumber(let field, let value, let reason):
      return .invalidNumber(
        field: printableText(field, limit: 80), value: value, reason: printableText(reason))
    case .invalidCount(let field, let value, let reason):
      return .invalidCount(
        field: printableText(field, limit: 80), value: value, reason: printableText(reason))
    case .invalidConfiguration(let field, let reason):
      return .invalidConfiguration(
        field: printableText(field, limit: 80), reason: printableText(reason))
    case .unknownLayout(let field, let name):
      return .unknownLayout(
        field: printableText(field, limit: 80), name: printableText(name, limit: 64))
    case .sectionOutOfRange(let field, let section, let count):
      return .sectionOutOfRange(
        field: printableText(field, limit: 80), section: section, sectionCount: count)
    case .itemOutOfRange(let field, let path):
      return .itemOutOfRange(field: printableText(field, limit: 80), path: path)
    case .itemHidden:
      return self
    case .inconsistentBatch(let field, let reason):
      return .inconsistentBatch(
        field: printableText(field, limit: 80), reason: printableText(reason))
    case .invalidDocument(let field, let reason):
      return .invalidDocument(
        field: printableText(field, limit: 80), reason: printableText(reason))
    }
  }
}

/// The scanner's `printable(_:limit:)`, under a name the property above does not shadow: fields
/// are cut at 80 scalars, reasons at 200, names at 64: with `flowlayout: error: ` a line is
/// at most ~300 characters.
private func printableText(_ text: String, limit: Int = 200) -> String {
  printable(text, limit: limit)
}
