import FioriCells
import FlowLayoutModel

/// A JSON layout document (`docs/layout-document.md`): options, bounds, sections and a list of
/// batch updates applied in order after the first layout.
///
/// A decoded document is valid: its input passes `LayoutInput.validate()` and every edit passes
/// `BatchUpdate.validate` against the content the earlier edits leave.
public struct LayoutDocument: Sendable {
  /// Options, bounds and content of the first layout. Items given as cells hold their fitting
  /// sizes.
  public var input: LayoutInput
  /// The batches, applied in order after the first layout.
  public var edits: [BatchUpdate]
  /// Per section, per item of `input`: the cell description when the item was given as a cell,
  /// else `nil` (kept as text until asked for: `CellColumn`).
  public var cells: [CellColumn]
  /// Per section of `input`: the items that are estimates (`{"estimate": …}`, `null`, and cells
  /// not measured yet under `"cellSizing": "visible"`).
  public var estimatedItems: [ItemIndexSet]
  /// Per edit, per `insertSections` entry: the inserted section's cells (`nil` for plain items).
  public var insertedCells: [[CellColumn]]
  /// The visible rect (`"viewport"`), whose origin is the content offset; `nil` when not given.
  public var viewport: Rect?
  /// How the content offset follows a change (`"scrollAnchor"`).
  public var scrollAnchor: ScrollAnchor = .firstVisibleItem
  /// When cells are measured (`"cellSizing"`).
  public var cellSizing: CellSizing = .all
  /// How far around the viewport items are prefetched, and `"visible"` cells measured
  /// (`"prefetch"`; `docs/semantics.md`, "Prefetch ranges").
  public var prefetch: PrefetchPolicy = .standard
  /// `.bottomToTop` opens at the content's end and shows content shorter than the viewport at
  /// its bottom (`"verticalLayoutDirection"`; `docs/semantics.md`, "Bottom-up layouts").
  public var verticalLayoutDirection: VerticalLayoutDirection = .topToBottom
  /// Per section of `input`: the indices of the items given as cells, when known (the decoder
  /// knows them; `nil` makes `DocumentLayout` find them in `cells` when it first needs them).
  public var cellItems: [ItemIndexSet]?
  /// Per edit: the cells its `insertItems` and `resizeItems` entries carry (kept for rendering).
  public var editCells: [EditCells] = []
  /// How the layout is shown (`layoutDirection`, `displayScale`, pinning); its `viewport` and
  /// `verticalLayoutDirection` are the document's.
  public var presentation: Presentation {
    get {
      var p = presentationOptions
      p.viewport = viewport
      p.verticalLayoutDirection = verticalLayoutDirection
      return p
    }
    set {
      presentationOptions = newValue
      viewport = newValue.viewport
      verticalLayoutDirection = newValue.verticalLayoutDirection
    }
  }
  private var presentationOptions = Presentation()

  public init(input: LayoutInput, edits: [BatchUpdate] = [], cells: [[CellDescription?]]? = nil) {
    self.input = input
    self.edits = edits
    self.cells =
      cells.map { $0.map(CellColumn.init) } ?? input.sections.map { CellColumn(plainItems: $0.count) }
    self.estimatedItems = [ItemIndexSet](repeating: ItemIndexSet(), count: input.sections.count)
    self.insertedCells = edits.map { $0.insertSections.map { _ in CellColumn(plainItems: 0) } }
  }

  /// The bounds height when the document omits `height`.
  public static let defaultHeight: Double = 812

  /// Decodes and validates a document from UTF-8 JSON.
  ///
  /// - Complexity: O(b + n + e) for b bytes, n items and e edited items, plus each cell's sizing.
  /// - Throws: `LayoutError.invalidDocument(field: "document", …)` for malformed JSON (with the
  ///   byte offset); `.invalidDocument` naming the field for a missing, unknown, duplicated or
  ///   mistyped field or a size of the wrong length; `.unknownLayout(field: "layout", …)`;
  ///   then whatever `LayoutInput.validate()`, a cell's sizing, or an edit's validation throws,
  ///   with edit fields prefixed `edits[k].`. Control characters in any text of the error
  ///   (a field, a reason, a layout name) are written `\u{…}`: the description is one line.
  public static func decode(_ bytes: some Collection<UInt8>) throws(LayoutError) -> LayoutDocument {
    do {
      return try decodeChecked(bytes)
    } catch {
      // One printable line whatever the document held (cell validation echoes its strings).
      throw error.printable
    }
  }

  private static func decodeChecked(_ bytes: some Collection<UInt8>) throws(LayoutError)
    -> LayoutDocument
  {
    // An array is read where it is (its cells are kept as text there: no copy).
    try decodeChecked(JSONScanner((bytes as? [UInt8]) ?? Array(bytes)))
  }

  static func decodeChecked(_ scanner: JSONScanner) throws(LayoutError) -> LayoutDocument {
    var scanner = scanner
    if scanner.peek() == nil {
      throw .invalidDocument(field: "document", reason: "the document is empty")
    }
    var raw = RawDocument()
    try raw.read(&scanner)
    try scanner.expectEnd()
    return try raw.resolve()
  }

  /// Decodes and validates a document from a JSON string. See `decode(_:)` on bytes.
  public static func decode(_ text: String) throws(LayoutError) -> LayoutDocument {
    try decode(Array(text.utf8))
  }

  /// The cell of an item of `input`, if it was given as a cell.
  public func cell(at path: ItemPath) -> CellDescription? {
    guard cells.indices.contains(path.section), cells[path.section].indices.contains(path.item)
    else { return nil }
    return cells[path.section][path.item]
  }
}

/// When a document's Fiori cells are measured (`"cellSizing"`).
public enum CellSizing: String, Hashable, Sendable, CaseIterable {
  /// Every cell when the document is read, and again after a width change (the default).
  case all
  /// Only the cells within one viewport of the visible rect; the others keep the layout's
  /// `estimatedItemSize` (or their last measured size after a width change) as estimates.
  case visible
}

extension LayoutConfiguration {
  /// The width a table-style cell is proposed in this layout: the column width
  /// `(A − (n−1)·I)/n` for the column flows (n = `columnFlowColumnCount`), else
  /// the line length `A = width − left − right`.
  ///
  /// - Complexity: O(1).
  public func proposedCellWidth(boundsWidth: Double) -> Double {
    let available = boundsWidth - sectionInset.left - sectionInset.right
    guard let columns = columnFlowColumnCount else { return available }
    let n = max(columns, 1)
    return (available - Double(n - 1) * minimumInteritemSpacing) / Double(n)
  }
}

/// The cells one batch brings: inserted items by after-space path, resized items by
/// before-space path.
public struct EditCells: Sendable {
  public var inserted: [ItemPath: CellDescription] = [:]
  public var resized: [ItemPath: CellDescription] = [:]

  public init() {}
}

extension LayoutDocument {
  /// One line for the user when the document gives items sizes that its layout ignores: a
  /// `horizontalFlow` or `vertical` layout with no `estimatedItemSize`, `numberOfColumns` or
  /// `minimumScaledItemSize` gives every item `itemSize` (`semantics.md`, "Item-size priority",
  /// rule 4), so an item sized otherwise (`[w, h]` or a measured cell) is laid out at `itemSize`.
  /// `nil` when no item of the first layout is sized otherwise. The edits are not read.
  ///
  /// - Complexity: O(n) for n items.
  public var ignoredItemSizesNote: String? {
    let c = input.configuration
    guard c.variant == .horizontalFlow || c.variant == .vertical, c.estimatedItemSize.isZero,
      c.numberOfColumns == 0, c.minimumScaledItemSize.isZero
    else { return nil }
    let w = c.itemSize.width
    let h = c.itemSize.height
    var ignored = 0
    for section in input.sections {
      for j in 0..<section.count
      where section.itemWidths[j] != w || section.itemHeights[j] != h {
        ignored += 1
      }
    }
    guard ignored > 0 else { return nil }
    return "\(ignored) item size\(ignored == 1 ? "" : "s") ignored: \(c.variant.rawValue) "
      + "without estimatedItemSize lays every item out at itemSize [\(w), \(h)]; "
      + "set estimatedItemSize to use each item's own size"
  }
}
