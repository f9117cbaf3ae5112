import FlowLayoutModel

extension LayoutError {
  /// The same error with `prefix` put before its field, unless the field already starts with
  /// it (an engine may name `deleteItems[0]` where the document says `edits[2].deleteItems[0]`).
  public func prefixingField(with prefix: String) -> LayoutError {
    func p(_ field: String) -> String { field.hasPrefix(prefix) ? field : prefix + field }
    switch self {
    case .invalidNumber(let field, let value, let reason):
      return .invalidNumber(field: p(field), value: value, reason: reason)
    case .invalidCount(let field, let value, let reason):
      return .invalidCount(field: p(field), value: value, reason: reason)
    case .invalidConfiguration(let field, let reason):
      return .invalidConfiguration(field: p(field), reason: reason)
    case .unknownLayout(let field, let name): return .unknownLayout(field: p(field), name: name)
    case .sectionOutOfRange(let field, let section, let count):
      return .sectionOutOfRange(field: p(field), section: section, sectionCount: count)
    case .itemOutOfRange(let field, let path): return .itemOutOfRange(field: p(field), path: path)
    case .itemHidden: return self
    case .inconsistentBatch(let field, let reason):
      return .inconsistentBatch(field: p(field), reason: reason)
    case .invalidDocument(let field, let reason):
      return .invalidDocument(field: p(field), reason: reason)
    }
  }
}
