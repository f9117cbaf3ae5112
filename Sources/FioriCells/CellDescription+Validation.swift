import FlowLayoutModel

extension CellDescription {
  /// Checks the seeds' design rules for this cell (rules and rulings in `docs/cells.md`).
  ///
  /// - Parameter field: the cell's place in the document; errors name `"\(field).<key>"`.
  /// - Complexity: O(a + s) for a actions/attributes/icons and s characters of initials.
  /// - Throws: `LayoutError.invalidDocument(field:reason:)` naming the first offending field.
  public func validate(field: String) throws(LayoutError) {
    try validate(lazyField: field)
  }

  /// `validate(field:)` building the field's text only when it throws.
  func validate(lazyField field: @autoclosure () -> String) throws(LayoutError) {
    guard let cellType else {
      let names = CellType.allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalidDocument(
        field: "\(field()).type",
        reason: "unknown cell type \"\(type)\" (expected one of: \(names))")
    }
    if let key = foreignKey(for: cellType) {
      throw .invalidDocument(
        field: "\(field()).\(key)", reason: "\"\(key)\" does not apply to a \(type) cell")
    }
    switch cellType {
    case .collectionItem: try validateCollectionItem(field: field())
    case .object: try validateObject(field: field())
    case .keyValue:
      guard key.isPresent else {
        throw .invalidDocument(field: "\(field()).key", reason: "a key/value cell needs a key")
      }
    }
  }

  /// Validates every cell, then the rules that span a collection: the number of icon actions is
  /// the same on every collection item cell (seed 000 "Icon Actions").
  ///
  /// - Parameters:
  ///   - cells: the collection's cells, in order.
  ///   - field: the collection's place, e.g. `"sections[0].items"`; cell `i` is `field[i]`.
  /// - Complexity: O(n + c) for n cells and c characters.
  /// - Throws: `LayoutError.invalidDocument` naming the first offending cell's field.
  public static func validateCollection(_ cells: [CellDescription], field: String)
    throws(LayoutError)
  {
    try validateCollection(cells.enumerated().map { ("\(field)[\($0.offset)]", $0.element) })
  }

  /// Validates every cell, then the rules that span a collection, for cells that stand at
  /// arbitrary places.
  ///
  /// - Parameter cells: each cell with its field, in document order.
  /// - Complexity: O(n + c) for n cells and c characters.
  /// - Throws: `LayoutError.invalidDocument` naming the first offending cell's field.
  public static func validateCollection(_ cells: [(field: String, cell: CellDescription)])
    throws(LayoutError)
  {
    try checkCollection(cells, validatingEachCell: true)
  }

  /// Only the rules that span a collection (seed 000 "Icon Actions": one count for all), for
  /// cells already validated one by one — e.g. by `fittingSize(proposedWidth:field:)`, as the
  /// layout document's decoder does for the cells among its items, over every section.
  ///
  /// - Parameter cells: each cell with its field, in document order.
  /// - Complexity: O(n) for n cells.
  /// - Throws: `LayoutError.invalidDocument` naming the first cell that breaks the count.
  public static func validateCollectionRules(_ cells: [(field: String, cell: CellDescription)])
    throws(LayoutError)
  {
    try checkCollection(cells, validatingEachCell: false)
  }

  /// `validateCollectionRules` for collection item cells given by their icon action counts
  /// (`iconActions?.count ?? 0`), each with its field, in document order.
  ///
  /// - Complexity: O(n) for n cells.
  /// - Throws: `LayoutError.invalidDocument` naming the first cell that breaks the count.
  public static func validateIconActionCounts(_ items: [(field: String, count: Int)])
    throws(LayoutError)
  {
    var first: (field: String, count: Int)?
    for item in items {
      try checkIconActionCount(item.count, field: item.field, against: &first)
    }
  }

  /// One pass in document order, so the first offending cell is reported whichever rule it breaks.
  private static func checkCollection(
    _ cells: [(field: String, cell: CellDescription)], validatingEachCell: Bool
  ) throws(LayoutError) {
    var first: (field: String, count: Int)?
    for (field, cell) in cells {
      if validatingEachCell { try cell.validate(lazyField: field) }
      guard cell.cellType == .collectionItem else { continue }
      try checkIconActionCount(cell.iconActions?.count ?? 0, field: field, against: &first)
    }
  }

  /// Seed 000 "Icon Actions": `count` must be the first collection item's (kept in `first`).
  private static func checkIconActionCount(
    _ count: Int, field: String, against first: inout (field: String, count: Int)?
  ) throws(LayoutError) {
    if let first, first.count != count {
      throw .invalidDocument(
        field: "\(field).iconActions",
        reason:
          "\(count) icon actions, but \(first.field) has \(first.count): the number of "
          + "icon actions must be consistent across all collection view items")
    }
    if first == nil { first = (field, count) }
  }

  /// The first JSON key set on this description (in declaration order) that does not belong to
  /// a cell of `type`, if any. O(1), no allocation.
  func foreignKey(for type: CellType) -> String? {
    let item = type == .collectionItem
    let object = type == .object
    let keyValue = type == .keyValue
    if cellWidth != nil, !item { return "cellWidth" }
    if image != nil, !item { return "image" }
    if title != nil, keyValue { return "title" }
    if subtitle != nil, keyValue { return "subtitle" }
    if attribute != nil, !item { return "attribute" }
    if attributeStatus != nil, !item { return "attributeStatus" }
    if iconActions != nil, !item { return "iconActions" }
    if buttonAction != nil, !item { return "buttonAction" }
    if iconStack != nil, !object { return "iconStack" }
    if detailImage != nil, !object { return "detailImage" }
    if footnote != nil, !object { return "footnote" }
    if descriptionText != nil, !object { return "description" }
    if descriptionLines != nil, !object { return "descriptionLines" }
    if attributes != nil, !object { return "attributes" }
    if accessory != nil, !object { return "accessory" }
    if widthClass != nil, !object { return "widthClass" }
    if orientation != nil, !object { return "orientation" }
    if alignment != nil, !object { return "alignment" }
    if key != nil, !keyValue { return "key" }
    if value != nil, !keyValue { return "value" }
    return nil
  }

  private func validateCollectionItem(field: @autoclosure () -> String) throws(LayoutError) {
    typealias Cell = CollectionItemCell
    let item = Cell(self)
    let shape = image?.resolvedShape ?? .rectangular
    if let initials = image?.initials {
      guard shape == .circular else {
        throw .invalidDocument(
          field: "\(field()).image.initials",
          reason: "initials are shown in a circular profile image (set image.shape to \"circular\")"
        )
      }
      guard (1...3).contains(initials.count) else {
        throw .invalidDocument(
          field: "\(field()).image.initials", reason: "initials must be 1 to 3 characters")
      }
    }
    if image?.doctype != nil {
      // (Initials need a circular image, so a doctype can never meet initials here.)
      guard shape == .rectangular else {
        throw .invalidDocument(
          field: "\(field()).image.doctype", reason: "doctype icons live within a rectangular image"
        )
      }
    }
    let imageWidth: Double
    if item.hasLabels {
      let width = cellWidth ?? Cell.defaultLabeledWidth
      guard Cell.labeledWidths.contains(width) else {
        throw .invalidDocument(
          field: "\(field()).cellWidth",
          reason: "a cell with labels is 110 or 120 pt wide, not \(width)")
      }
      for (name, value) in [("width", image?.width), ("height", image?.height)] where value != nil {
        throw .invalidDocument(
          field: "\(field()).image.\(name)",
          reason: "with labels the image size follows from cellWidth (110 → 90, 120 → 100)")
      }
      imageWidth = width - 2 * Cell.imageInset
    } else {
      if cellWidth != nil {
        throw .invalidDocument(
          field: "\(field()).cellWidth",
          reason: "without labels the cell's size is its image's size (set image.width/height)")
      }
      let size = item.imageOnlySize
      for (name, value) in [("width", size.width), ("height", size.height)] {
        guard value.isFinite, Cell.imageRange.contains(value) else {
          throw .invalidDocument(
            field: "\(field()).image.\(name)",
            reason: "an image without labels is 60 to 110 pt, not \(value)")
        }
      }
      if shape == .rectangular, size.width < size.height {
        throw .invalidDocument(
          field: "\(field()).image.width",
          reason:
            "a rectangular image's width (\(size.width)) cannot be smaller than its height (\(size.height))"
        )
      }
      if shape == .circular, size.width != size.height {
        throw .invalidDocument(
          field: "\(field()).image.height",
          reason: "a circular image has equal width and height (\(size.width) ≠ \(size.height))")
      }
      imageWidth = size.width
    }
    let actions = iconActions ?? []
    if actions.count > Cell.maximumIconActions {
      throw .invalidDocument(
        field: "\(field()).iconActions", reason: "at most two icon actions, not \(actions.count)")
    }
    for (i, action) in actions.enumerated() where action.icon.isEmpty {
      throw .invalidDocument(
        field: "\(field()).iconActions[\(i)].icon", reason: "an icon action needs an icon")
    }
    if Cell.actionsWidth(actions.count) > imageWidth {
      throw .invalidDocument(
        field: "\(field()).iconActions",
        reason:
          "\(actions.count) icon actions need \(Cell.actionsWidth(actions.count)) pt, the image is \(imageWidth) pt wide"
      )
    }
    if let button = buttonAction {
      if !actions.isEmpty {
        throw .invalidDocument(
          field: "\(field()).buttonAction",
          reason: "only one action is allowed with a button action: no icon actions")
      }
      if button.label.isEmpty {
        throw .invalidDocument(
          field: "\(field()).buttonAction.label", reason: "a button action needs a label")
      }
    }
  }

  private func validateObject(field: @autoclosure () -> String) throws(LayoutError) {
    guard title.isPresent else {
      throw .invalidDocument(
        field: "\(field()).title",
        reason: "the title is the only mandatory content of an object cell"
      )
    }
    if let icons = iconStack {
      if icons.count > ObjectCell.maximumStackIcons {
        throw .invalidDocument(
          field: "\(field()).iconStack", reason: "up to three stacked icons, not \(icons.count)")
      }
      for (i, icon) in icons.enumerated() where icon.isEmpty {
        throw .invalidDocument(field: "\(field()).iconStack[\(i)]", reason: "an icon needs a name")
      }
    }
    if let size = detailImage?.size {
      guard size.isFinite, ObjectCell.imageRange.contains(size) else {
        throw .invalidDocument(
          field: "\(field()).detailImage.size", reason: "a detail image is 16 to 60 pt, not \(size)"
        )
      }
    }
    if let initials = detailImage?.initials, !(1...3).contains(initials.count) {
      throw .invalidDocument(
        field: "\(field()).detailImage.initials", reason: "initials must be 1 to 3 characters")
    }
    if let lines = descriptionLines, !(0...1000).contains(lines) {
      throw .invalidDocument(
        field: "\(field()).descriptionLines",
        reason: "\(lines) lines: use 1 to 1000, or 0 for the full description")
    }
    if let attributes {
      if attributes.count > ObjectCell.maximumAttributes {
        throw .invalidDocument(
          field: "\(field()).attributes", reason: "up to three attributes, not \(attributes.count)")
      }
      for (i, attribute) in attributes.enumerated() where attribute.text.isEmpty {
        throw .invalidDocument(
          field: "\(field()).attributes[\(i)].text", reason: "an attribute needs a text")
      }
    }
  }
}
