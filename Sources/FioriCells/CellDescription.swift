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
///
/// Storage: one reference to shared, copy-on-write fields (`CellFields`), so that a
/// `CellDescription?` is one word (8 bytes, `nil` a null pointer) and a document's per-item
/// column of cells costs 8 B per item whether or not the item is a cell. A copy shares the
/// fields until one of the copies is changed.
public struct CellDescription: Hashable, Sendable, Codable {
  private var box: CellFieldsBox

  /// The fields, shared between copies until written (copy-on-write).
  var fields: CellFields {
    get { box.fields }
    set {
      if isKnownUniquelyReferenced(&box) {
        box.fields = newValue
      } else {
        box = CellFieldsBox(newValue)
      }
    }
  }

  /// `"collectionItem"`, `"object"` or `"keyValue"` (`CellType`'s raw values).
  public var type: String {
    get { fields.type }
    set { fields.type = newValue }
  }

  // Collection item cell (seed 000).
  /// 110 or 120 when labels are shown (default 110); must be absent without labels.
  public var cellWidth: Double? {
    get { fields.cellWidth }
    set { fields.cellWidth = newValue }
  }
  public var image: CellImage? {
    get { fields.image }
    set { fields.image = newValue }
  }
  /// Collection item: optional, 2 lines. Object cell: mandatory, 2 lines.
  public var title: String? {
    get { fields.title }
    set { fields.title = newValue }
  }
  public var subtitle: String? {
    get { fields.subtitle }
    set { fields.subtitle = newValue }
  }
  public var attribute: String? {
    get { fields.attribute }
    set { fields.attribute = newValue }
  }
  public var attributeStatus: AttributeStatus? {
    get { fields.attributeStatus }
    set { fields.attributeStatus = newValue }
  }
  public var iconActions: [IconAction]? {
    get { fields.iconActions }
    set { fields.iconActions = newValue }
  }
  public var buttonAction: ButtonAction? {
    get { fields.buttonAction }
    set { fields.buttonAction = newValue }
  }

  // Object cell (seed 002).
  /// Up to three status icons stacked at the left (names, drawn as glyphs).
  public var iconStack: [String]? {
    get { fields.iconStack }
    set { fields.iconStack = newValue }
  }
  public var detailImage: DetailImage? {
    get { fields.detailImage }
    set { fields.detailImage = newValue }
  }
  public var footnote: String? {
    get { fields.footnote }
    set { fields.footnote = newValue }
  }
  /// The description text (JSON key `description`).
  public var descriptionText: String? {
    get { fields.descriptionText }
    set { fields.descriptionText = newValue }
  }
  /// Lines the description is truncated at: default 3, 0 = full content.
  public var descriptionLines: Int? {
    get { fields.descriptionLines }
    set { fields.descriptionLines = newValue }
  }
  public var attributes: [CellAttribute]? {
    get { fields.attributes }
    set { fields.attributes = newValue }
  }
  public var accessory: Accessory? {
    get { fields.accessory }
    set { fields.accessory = newValue }
  }
  /// Default `compact`.
  public var widthClass: WidthClass? {
    get { fields.widthClass }
    set { fields.widthClass = newValue }
  }
  /// Default `portrait`.
  public var orientation: Orientation? {
    get { fields.orientation }
    set { fields.orientation = newValue }
  }
  /// Default `top`.
  public var alignment: CellAlignment? {
    get { fields.alignment }
    set { fields.alignment = newValue }
  }

  // Key/value cell (seed 004).
  public var key: String? {
    get { fields.key }
    set { fields.key = newValue }
  }
  public var value: String? {
    get { fields.value }
    set { fields.value = newValue }
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
    box = CellFieldsBox(
      CellFields(
        type: type.rawValue, cellWidth: cellWidth, image: image, title: title, subtitle: subtitle,
        attribute: attribute, attributeStatus: attributeStatus, iconActions: iconActions,
        buttonAction: buttonAction, iconStack: iconStack, detailImage: detailImage,
        footnote: footnote, descriptionText: descriptionText, descriptionLines: descriptionLines,
        attributes: attributes, accessory: accessory, widthClass: widthClass,
        orientation: orientation, alignment: alignment, key: key, value: value))
  }

  public init(from decoder: any Decoder) throws {
    box = CellFieldsBox(try CellFields(from: decoder))
  }

  public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

  public static func == (a: CellDescription, b: CellDescription) -> Bool {
    a.box === b.box || a.fields == b.fields
  }

  public func hash(into hasher: inout Hasher) { fields.hash(into: &hasher) }

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
    guard cellType == .keyValue else { return try layout(proposedWidth: proposedWidth, field: field).size }
    // The size alone: no line is built (`layout`'s size, see `KeyValueCell.size(width:)`).
    try validate(lazyField: field)
    try Self.checkProposedWidth(proposedWidth, field: field)
    return KeyValueCell(self).size(width: proposedWidth)
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

/// The stored fields of a `CellDescription` (see its properties for their meaning).
struct CellFields: Hashable, Sendable, Codable {
  var type: String
  var cellWidth: Double?
  var image: CellImage?
  var title: String?
  var subtitle: String?
  var attribute: String?
  var attributeStatus: AttributeStatus?
  var iconActions: [IconAction]?
  var buttonAction: ButtonAction?
  var iconStack: [String]?
  var detailImage: DetailImage?
  var footnote: String?
  var descriptionText: String?
  var descriptionLines: Int?
  var attributes: [CellAttribute]?
  var accessory: Accessory?
  var widthClass: WidthClass?
  var orientation: Orientation?
  var alignment: CellAlignment?
  var key: String?
  var value: String?

  enum CodingKeys: String, CodingKey {
    case type, cellWidth, image, title, subtitle, attribute, attributeStatus, iconActions
    case buttonAction, iconStack, detailImage, footnote
    case descriptionText = "description"
    case descriptionLines, attributes, accessory, widthClass, orientation, alignment, key, value
  }
}

/// The shared, copy-on-write home of one cell's fields. Written only through
/// `CellDescription.fields`'s setter, and only when uniquely referenced: a box other values
/// can see is never mutated, which is what makes the `@unchecked Sendable` sound.
final class CellFieldsBox: @unchecked Sendable {
  var fields: CellFields

  init(_ fields: CellFields) { self.fields = fields }
}
