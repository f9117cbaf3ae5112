/// Every way a layout request can be refused. Each case names the offending field, as a path into
/// the input (`"sections[2].items[7].width"`, `"minimumInteritemSpacing"`,
/// `"edits[0].insertItems[1].at"`).
///
/// A throwing mutation that throws leaves the engine exactly as it was.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A number that must be finite, non-negative and at most `LayoutLimits.maximumLength` is not.
  case invalidNumber(field: String, value: Double, reason: String)
  /// An integer option outside its allowed range (e.g. `numberOfColumns` < 1 for a column flow).
  case invalidCount(field: String, value: Int, reason: String)
  /// Options that are each valid but cannot be combined (e.g. insets wider than the bounds).
  case invalidConfiguration(field: String, reason: String)
  /// A layout name that is not one of `LayoutVariant`'s.
  case unknownLayout(field: String, name: String)
  /// A section index outside the sections that exist.
  case sectionOutOfRange(field: String, section: Int, sectionCount: Int)
  /// An item index path outside the items that exist.
  case itemOutOfRange(field: String, path: ItemPath)
  /// The item exists but the layout hides it (`numberOfRows`, Horizontal Fit overflow).
  case itemHidden(path: ItemPath)
  /// A batch update whose parts contradict each other or the data's counts (UIKit's
  /// "invalid number of items in section" and friends).
  case inconsistentBatch(field: String, reason: String)
  /// A malformed layout document (JSON syntax, missing or mistyped fields).
  case invalidDocument(field: String, reason: String)

  /// The input field the error is about.
  public var field: String {
    switch self {
    case .invalidNumber(let field, _, _), .invalidCount(let field, _, _),
      .invalidConfiguration(let field, _), .unknownLayout(let field, _),
      .sectionOutOfRange(let field, _, _), .itemOutOfRange(let field, _),
      .inconsistentBatch(let field, _), .invalidDocument(let field, _):
      return field
    case .itemHidden(let path):
      return "items\(path)"
    }
  }

  /// A one-line message naming the field.
  public var description: String {
    switch self {
    case .invalidNumber(let field, let value, let reason):
      return "\(field): \(value) is not a valid value: \(reason)"
    case .invalidCount(let field, let value, let reason):
      return "\(field): \(value) is not a valid count: \(reason)"
    case .invalidConfiguration(let field, let reason):
      return "\(field): \(reason)"
    case .unknownLayout(let field, let name):
      let names = LayoutVariant.allCases.map(\.rawValue).joined(separator: ", ")
      return "\(field): unknown layout \"\(name)\" (expected one of: \(names))"
    case .sectionOutOfRange(let field, let section, let count):
      return "\(field): section \(section) does not exist (there are \(count) sections)"
    case .itemOutOfRange(let field, let path):
      return "\(field): item \(path) does not exist"
    case .itemHidden(let path):
      return "item \(path) is hidden by the layout"
    case .inconsistentBatch(let field, let reason):
      return "\(field): inconsistent batch update: \(reason)"
    case .invalidDocument(let field, let reason):
      return "\(field): \(reason)"
    }
  }
}

/// Bounds on input values, so that every offset stays exact enough in `Double`.
public enum LayoutLimits {
  /// The largest accepted length (size, spacing, inset, bounds), in points. 10⁷ pt is ~2 000
  /// screen heights; ten million items of that size still sum below 2⁵³ ulp-scale error.
  public static let maximumLength: Double = 10_000_000
  /// The largest accepted `numberOfColumns` / `numberOfRows`.
  public static let maximumCount: Int = 1_000_000
  /// The smallest accepted extent of a scaling reference (`minimumScaledItemSize`, or `itemSize`
  /// when `numberOfColumns` scales by its aspect ratio), in points: below it the column count or
  /// the aspect ratio leaves `Double`'s range (ruling).
  public static let minimumScalingLength: Double = 0.01
}

extension LayoutError {
  /// The same error with `prefix` put before its field, unless the field already starts with
  /// it (an engine may name `deleteItems[0]` where the document says `edits[2].deleteItems[0]`).
  public func prefixingField(with prefix: String) -> LayoutError {
    mappingField { $0.hasPrefix(prefix) ? $0 : prefix + $0 }
  }

  /// The same error with its field `p(field)` (an error naming no field, as it is).
  public func mappingField(_ p: (String) -> String) -> LayoutError {
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
