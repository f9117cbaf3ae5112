import FlowLayoutModel

extension LayoutError {
  /// The same error with every control character in its texts (field, reason, layout name)
  /// written as `\u{…}`, so that `description` is one printable line whatever the document
  /// held. Errors raised outside the scanner (cell validation in `FioriCells`) can echo a
  /// document's string, newlines included; `LayoutDocument.decode` passes every error through
  /// this.
  ///
  /// - Complexity: O(m) for m characters of text.
  var printable: LayoutError {
    switch self {
    case .invalidNumber(let field, let value, let reason):
      return .invalidNumber(
        field: printableText(field), value: value, reason: printableText(reason))
    case .invalidCount(let field, let value, let reason):
      return .invalidCount(field: printableText(field), value: value, reason: printableText(reason))
    case .invalidConfiguration(let field, let reason):
      return .invalidConfiguration(field: printableText(field), reason: printableText(reason))
    case .unknownLayout(let field, let name):
      return .unknownLayout(field: printableText(field), name: printableText(name))
    case .sectionOutOfRange(let field, let section, let count):
      return .sectionOutOfRange(field: printableText(field), section: section, sectionCount: count)
    case .itemOutOfRange(let field, let path):
      return .itemOutOfRange(field: printableText(field), path: path)
    case .itemHidden:
      return self
    case .inconsistentBatch(let field, let reason):
      return .inconsistentBatch(field: printableText(field), reason: printableText(reason))
    case .invalidDocument(let field, let reason):
      return .invalidDocument(field: printableText(field), reason: printableText(reason))
    }
  }
}

/// The scanner's `printable(_:)`, under a name the property above does not shadow.
private func printableText(_ text: String) -> String { printable(text) }
