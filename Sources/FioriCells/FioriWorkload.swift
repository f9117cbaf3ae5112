import FlowLayoutModel

/// The Fiori workloads by name, for runners that iterate over them.
public enum FioriWorkload: String, Hashable, Sendable, CaseIterable, Codable {
  case productGrid, attachments, people, documents, imageGallery, objectList, keyValueForm

  /// `true` for the table-style cells (object, key/value), whose height depends on the width.
  public var isWidthDependent: Bool { self == .objectList || self == .keyValueForm }

  /// The workload's cells. See `SampleContent`.
  ///
  /// - Complexity: O(count).
  public func cells(count: Int, seed: UInt64) -> [CellDescription] {
    switch self {
    case .productGrid: return SampleContent.productGrid(count: count, seed: seed)
    case .attachments: return SampleContent.attachments(count: count, seed: seed)
    case .people: return SampleContent.people(count: count, seed: seed)
    case .documents: return SampleContent.documents(count: count, seed: seed)
    case .imageGallery: return SampleContent.imageGallery(count: count, seed: seed)
    case .objectList: return SampleContent.objectList(count: count, seed: seed)
    case .keyValueForm: return SampleContent.keyValueForm(count: count, seed: seed)
    }
  }

  /// The fitting sizes of `cells(count:seed:)` for `proposedWidth` (the column width of a
  /// column flow; collection item cells ignore it): a workload's `[Size]` column for an engine.
  ///
  /// - Complexity: O(count · c) for c characters per cell.
  /// - Throws: `LayoutError.invalidNumber` on `<workload>[i].proposedWidth` for a width that is not
  ///   finite and positive, `.invalidConfiguration` for one too narrow for an object cell.
  public func sizes(count: Int, seed: UInt64, proposedWidth: Double) throws(LayoutError) -> [Size] {
    var sizes: [Size] = []
    sizes.reserveCapacity(max(0, count))
    for (i, cell) in cells(count: count, seed: seed).enumerated() {
      sizes.append(try cell.fittingSize(proposedWidth: proposedWidth, field: "\(rawValue)[\(i)]"))
    }
    return sizes
  }
}
