import FlowLayoutModel

/// A Fiori cell described by its type and content; its size follows from the seeds' rules.
/// (Stub: the cell-sizing work fills this in.)
public struct CellDescription: Hashable, Sendable, Codable {
  public var type: String

  /// The cell's fitting size. Cells with an intrinsic width (collection item cells) ignore
  /// `proposedWidth`; table-style cells (object, key/value) take it as their width.
  ///
  /// - Throws: `LayoutError.invalidDocument` naming the field that breaks a design rule.
  public func fittingSize(proposedWidth: Double, field: String) throws(LayoutError) -> Size {
    throw .invalidDocument(field: "\(field).type", reason: "cell type \"\(type)\" is not supported yet")
  }
}
