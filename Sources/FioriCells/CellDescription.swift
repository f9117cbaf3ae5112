import FlowLayoutModel

/// The kinds of Fiori cell a `CellDescription` can describe.
public enum CellType: String, Hashable, Sendable, Codable, CaseIterable {
  /// Seed 000/001: `FUICollectionItemCell` — image, optional labels, icon or button actions.
  case collectionItem
  /// Seed 002: `FUIObjectTableViewCell` used in a multi-column collection view.
  case object
  /// Seed 004: `FUIKeyValueCollectionViewCell` — a key above its value.
  case keyValue
}

/// A Fiori cell described by its type and content; its size follows from the seeds' rules.
///
/// One flat JSON object (the layout document's item form, `docs/cells.md`): `type` plus the
/// fields of that type. A field that belongs to another type is an error. Collection item cells
/// have an intrinsic size; object and key/value cells take the proposed width and compute their
/// height.
public struct CellDescription: Hashable, Sendable, Codable {
  /// `"collectionItem"`, `"object"` or `"keyValue"` (`CellType`'s raw values).
  public var type: String

  // Collection item cell (seed 000).
  /// 110 or 120 when labels are shown (default 110); must be absent without labels.
  public var cellWidth: Double?
  public var image: CellImage?
  /// Collection item: optional, 2 lines. Object cell: mandatory, 2 lines.
  public var title: String?
  public var subtitle: String?
  public var attribute: String?
  public var attributeStatus: AttributeStatus?
  public var iconActions: [IconAction]?
  public var buttonAction: ButtonAction?

  // Object cell (seed 002).
  /// Up to three status icons stacked at the left (names, drawn as glyphs).
  public var iconStack: [String]?
  public var detailImage: DetailImage?
  public var footnote: String?
  /// The description text (JSON key `description`).
  public var descriptionText: String?
  /// Lines the description is truncated at: default 3, 0 = full content.
  public var descriptionLines: Int?
  public var attributes: [CellAttribute]?
  public var accessory: Accessory?
  /// Default `compact`.
  public var widthClass: WidthClass?
  /// Default `portrait`.
  public var orientation: Orientation?
  /// Default `top`.
  public var alignment: CellAlignment?

  // Key/value cell (seed 004).
  public var key: String?
  public var value: String?

  enum CodingKeys: String, CodingKey {
    case type, cellWidth, image, title, subtitle, attribute, attributeStatus, iconActions
    case buttonAction, iconStack, detailImage, footnote
    case descriptionText = "description"
    case descriptionLines, attributes, accessory, widthClass, orientation, alignment, key, value
  }

  public init(
    type: CellType, cellWidth: Double? = nil, image: CellImage? = nil, title: String? = nil,
    subtitle: String? = nil, attribute: String? = nil, attributeStatus: AttributeStatus? = nil,
    iconActions: [IconAction]? = nil, buttonAction: ButtonAction? = nil,
    iconStack: [String]? = nil, detailImage: DetailImage? = nil, footnote: String? = nil,
    descriptionText: String? = nil, descriptionLines: Int? = nil,
    attributes: [CellAttribute]? = nil, accessory: Accessory? = nil,
    widthClass: WidthClass? = nil, orientation: Orientation? = nil,
    alignment: CellAlignment? = nil, key: String? = nil, value: String? = nil
  ) {
    self.type = type.rawValue
    self.cellWidth = cellWidth
    self.image = image
    self.title = title
    self.subtitle = subtitle
    self.attribute = attribute
    self.attributeStatus = attributeStatus
    self.iconActions = iconActions
    self.buttonAction = buttonAction
    self.iconStack = iconStack
    self.detailImage = detailImage
    self.footnote = footnote
    self.descriptionText = descriptionText
    self.descriptionLines = descriptionLines
    self.attributes = attributes
    self.accessory = accessory
    self.widthClass = widthClass
    self.orientation = orientation
    self.alignment = alignment
    self.key = key
    self.value = value
  }

  /// The cell type, or `nil` when `type` names none.
  public var cellType: CellType? { CellType(rawValue: type) }

  /// `true` for cells whose size does not depend on the proposed width (collection items).
  public var hasIntrinsicWidth: Bool { cellType == .collectionItem }

  /// The cell's fitting size. Cells with an intrinsic width (collection item cells) ignore
  /// `proposedWidth`; table-style cells (object, key/value) take it as their width.
  ///
  /// - Parameters:
  ///   - proposedWidth: the width the layout proposes (the column or line width).
  ///   - field: the cell's place in the document, e.g. `"sections[0].items[4]"`.
  /// - Complexity: O(c) for c characters of text.
  /// - Throws: `LayoutError.invalidDocument` naming the field that breaks a design rule
  ///   (`validate(field:)`), or `LayoutError.invalidNumber` / `.invalidConfiguration` for a
  ///   proposed width that is not finite and positive or leaves no room for the text.
  public func fittingSize(proposedWidth: Double, field: String) throws(LayoutError) -> Size {
    try layout(proposedWidth: proposedWidth, field: field).size
  }

  /// The cell's parts (image, text lines, actions) in its own coordinates, and its size.
  ///
  /// - Complexity: O(c) for c characters of text.
  /// - Throws: as `fittingSize(proposedWidth:field:)`.
  public func layout(proposedWidth: Double, field: String) throws(LayoutError) -> CellLayout {
    try validate(lazyField: field)
    switch cellType! {
    case .collectionItem:
      return CollectionItemCell(self).layout()
    case .object:
      try Self.checkProposedWidth(proposedWidth, field: field)
      return try ObjectCell(self).layout(width: proposedWidth, field: field)
    case .keyValue:
      try Self.checkProposedWidth(proposedWidth, field: field)
      return KeyValueCell(self).layout(width: proposedWidth)
    }
  }

  /// - Throws: `LayoutValidation.positiveLength`'s error on `<field>.proposedWidth`.
  static func checkProposedWidth(_ width: Double, field: String) throws(LayoutError) {
    guard width.isFinite, width > 0, width <= LayoutLimits.maximumLength else {
      try LayoutValidation.positiveLength(width, field: "\(field).proposedWidth")
      return
    }
  }
}
