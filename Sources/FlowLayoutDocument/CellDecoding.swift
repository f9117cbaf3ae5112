import FioriCells
import FlowLayoutModel

/// Cell objects (`docs/cells.md`), read by the document's own scanner: the same rules as every
/// other field (unknown keys, duplicated keys, `null` and mistyped values are errors naming the
/// full path, e.g. `sections[1].items[0].image.width`; invalid JSON is "invalid JSON at byte N").
extension JSONScanner {
  static let cellKeys = [
    "type", "cellWidth", "image", "title", "subtitle", "attribute", "attributeStatus",
    "iconActions", "buttonAction", "iconStack", "detailImage", "footnote", "description",
    "descriptionLines", "attributes", "accessory", "widthClass", "orientation", "alignment", "key",
    "value",
  ]

  /// Reads one cell object; `type` is required, its value is checked later by the cell's
  /// validation (which names `field.type`).
  ///
  /// - Parameter field: the cell's path, e.g. `sections[0].items[3]`.
  /// - Complexity: O(b) for the b bytes of the cell.
  /// - Throws: `.invalidDocument` naming `field.key…` for a mistyped, unknown, duplicated or
  ///   missing field; a syntax error naming `document`.
  mutating func readCell(field: String) throws(LayoutError) -> CellDescription {
    var cell = CellDescription(type: .keyValue)
    var type: String?
    try readObject(field: field) { (s, key) throws(LayoutError) in
      let path = { join(field, key) }
      switch key {
      case "type": type = try s.readString(field: path())
      case "cellWidth": cell.cellWidth = try s.readNumber(field: path())
      case "image": cell.image = try s.readImage(field: path())
      case "title": cell.title = try s.readString(field: path())
      case "subtitle": cell.subtitle = try s.readString(field: path())
      case "attribute": cell.attribute = try s.readString(field: path())
      case "attributeStatus": cell.attributeStatus = try RawDocument.readEnum(&s, field: path())
      case "iconActions":
        var actions: [IconAction] = []
        try s.readArray(field: path()) { (s, i) throws(LayoutError) in
          actions.append(try s.readIconAction(field: "\(path())[\(i)]"))
        }
        cell.iconActions = actions
      case "buttonAction":
        var label: String?
        try s.readObject(field: path()) { (s, key) throws(LayoutError) in
          guard key == "label" else {
            throw RawDocument.unknownKey(key, field: path(), expected: ["label"])
          }
          label = try s.readString(field: "\(path()).label")
        }
        guard let label else {
          throw .invalidDocument(field: "\(path()).label", reason: "missing (required)")
        }
        cell.buttonAction = ButtonAction(label: label)
      case "iconStack":
        var names: [String] = []
        try s.readArray(field: path()) { (s, i) throws(LayoutError) in
          names.append(try s.readString(field: "\(path())[\(i)]"))
        }
        cell.iconStack = names
      case "detailImage": cell.detailImage = try s.readDetailImage(field: path())
      case "footnote": cell.footnote = try s.readString(field: path())
      case "description": cell.descriptionText = try s.readString(field: path())
      case "descriptionLines": cell.descriptionLines = try s.readInt(field: path())
      case "attributes":
        var attributes: [CellAttribute] = []
        try s.readArray(field: path()) { (s, i) throws(LayoutError) in
          attributes.append(try s.readAttribute(field: "\(path())[\(i)]"))
        }
        cell.attributes = attributes
      case "accessory": cell.accessory = try RawDocument.readEnum(&s, field: path())
      case "widthClass": cell.widthClass = try RawDocument.readEnum(&s, field: path())
      case "orientation": cell.orientation = try RawDocument.readEnum(&s, field: path())
      case "alignment": cell.alignment = try RawDocument.readEnum(&s, field: path())
      case "key": cell.key = try s.readString(field: path())
      case "value": cell.value = try s.readString(field: path())
      default: throw RawDocument.unknownKey(key, field: field, expected: Self.cellKeys)
      }
    }
    guard let type else {
      throw .invalidDocument(field: "\(field).type", reason: "missing (required)")
    }
    cell.type = type
    return cell
  }

  /// `{shape, width, height, initials, doctype}`, all optional.
  private mutating func readImage(field: String) throws(LayoutError) -> CellImage {
    var image = CellImage()
    try readObject(field: field) { (s, key) throws(LayoutError) in
      let path = { "\(field).\(key)" }
      switch key {
      case "shape": image.shape = try RawDocument.readEnum(&s, field: path())
      case "width": image.width = try s.readNumber(field: path())
      case "height": image.height = try s.readNumber(field: path())
      case "initials": image.initials = try s.readString(field: path())
      case "doctype": image.doctype = try s.readString(field: path())
      default:
        throw RawDocument.unknownKey(
          key, field: field, expected: ["shape", "width", "height", "initials", "doctype"])
      }
    }
    return image
  }

  /// `{size, shape, initials}`, all optional.
  private mutating func readDetailImage(field: String) throws(LayoutError) -> DetailImage {
    var image = DetailImage()
    try readObject(field: field) { (s, key) throws(LayoutError) in
      let path = { "\(field).\(key)" }
      switch key {
      case "size": image.size = try s.readNumber(field: path())
      case "shape": image.shape = try RawDocument.readEnum(&s, field: path())
      case "initials": image.initials = try s.readString(field: path())
      default:
        throw RawDocument.unknownKey(key, field: field, expected: ["size", "shape", "initials"])
      }
    }
    return image
  }

  /// `{icon, destructive}`, `icon` required.
  private mutating func readIconAction(field: String) throws(LayoutError) -> IconAction {
    var icon: String?
    var destructive: Bool?
    try readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "icon": icon = try s.readString(field: "\(field).icon")
      case "destructive": destructive = try s.readBool(field: "\(field).destructive")
      default: throw RawDocument.unknownKey(key, field: field, expected: ["icon", "destructive"])
      }
    }
    guard let icon else {
      throw .invalidDocument(field: "\(field).icon", reason: "missing (required)")
    }
    return IconAction(icon: icon, destructive: destructive)
  }

  /// `{text, status}`, `text` required.
  private mutating func readAttribute(field: String) throws(LayoutError) -> CellAttribute {
    var text: String?
    var status: AttributeStatus?
    try readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "text": text = try s.readString(field: "\(field).text")
      case "status": status = try RawDocument.readEnum(&s, field: "\(field).status")
      default: throw RawDocument.unknownKey(key, field: field, expected: ["text", "status"])
      }
    }
    guard let text else {
      throw .invalidDocument(field: "\(field).text", reason: "missing (required)")
    }
    return CellAttribute(text: text, status: status)
  }
}
