import FioriCells
import FlowLayoutModel

/// A document as read, before defaults are filled in, cells sized and values validated.
struct RawDocument {
  var variant: LayoutVariant?
  var width: Double?
  var height: Double?
  var sectionInset: EdgeInsets?
  var minimumInteritemSpacing: Double?
  var minimumLineSpacing: Double?
  var itemSize: Size?
  var estimatedItemSize: Size?
  var minimumScaledItemSize: Size?
  var numberOfColumns: Int?
  var numberOfRows: Int?
  var isLayoutJustified: Bool?
  var isTopAligned: Bool?
  var scrollDirection: ScrollDirection?
  var widthClass: WidthClass?
  var sections: [RawSection]?
  var edits: [RawEdit] = []
  var viewport: Rect?
  var scrollAnchor: ScrollAnchor?
  var cellSizing: CellSizing?
  /// `"prefetch": {"unit", "ahead", "behind"}` (`PrefetchPolicy`; omitted keys take its defaults).
  var prefetch = PrefetchPolicy.standard
  /// `"verticalLayoutDirection"` (`VerticalLayoutDirection`).
  var verticalLayoutDirection = VerticalLayoutDirection.topToBottom
  /// `layoutDirection`, `displayScale` and pinning (its viewport is `viewport`).
  var presentation = Presentation()

  static let keys = [
    "layout", "width", "height", "sectionInset", "minimumInteritemSpacing", "minimumLineSpacing",
    "itemSize", "estimatedItemSize", "minimumScaledItemSize", "numberOfColumns", "numberOfRows",
    "isLayoutJustified", "isTopAligned", "scrollDirection", "widthClass", "sections", "edits",
    "viewport", "scrollAnchor", "cellSizing", "layoutDirection", "displayScale",
    "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds", "prefetch",
    "verticalLayoutDirection",
  ]
  static let sizeNames = ["width", "height"]
  static let insetNames = ["top", "left", "bottom", "right"]
  static let pathNames = ["section", "item"]
  static let rectNames = ["x", "y", "width", "height"]

  /// Reads the top-level object.
  ///
  /// - Throws: `.invalidDocument` naming a mistyped, unknown or duplicated key;
  ///   `.unknownLayout(field: "layout", …)`.
  mutating func read(_ s: inout JSONScanner) throws(LayoutError) {
    try s.readObject(field: "document") { (s, key) throws(LayoutError) in
      switch key {
      case "layout":
        let name = try s.readString(field: "layout")
        guard let variant = LayoutVariant(rawValue: name) else {
          throw .unknownLayout(field: "layout", name: printable(name))
        }
        self.variant = variant
      case "width": width = try s.readNumber(field: "width")
      case "height": height = try s.readNumber(field: "height")
      case "sectionInset":
        var v: [Double] = []
        try s.readTuple(field: "sectionInset", names: Self.insetNames) { v.append($0) }
        sectionInset = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
      case "minimumInteritemSpacing":
        minimumInteritemSpacing = try s.readNumber(field: key)
      case "minimumLineSpacing": minimumLineSpacing = try s.readNumber(field: key)
      case "itemSize": itemSize = try Self.readSize(&s, field: key)
      case "estimatedItemSize": estimatedItemSize = try Self.readSize(&s, field: key)
      case "minimumScaledItemSize": minimumScaledItemSize = try Self.readSize(&s, field: key)
      case "numberOfColumns": numberOfColumns = try s.readInt(field: key)
      case "numberOfRows": numberOfRows = try s.readInt(field: key)
      case "isLayoutJustified": isLayoutJustified = try s.readBool(field: key)
      case "isTopAligned": isTopAligned = try s.readBool(field: key)
      case "scrollDirection": scrollDirection = try Self.readEnum(&s, field: key)
      case "widthClass": widthClass = try Self.readEnum(&s, field: key)
      case "viewport":
        var v: [Double] = []
        try s.readTuple(field: "viewport", names: Self.rectNames) { v.append($0) }
        viewport = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
      case "scrollAnchor": scrollAnchor = try Self.readEnum(&s, field: key)
      case "cellSizing": cellSizing = try Self.readEnum(&s, field: key)
      case "layoutDirection": presentation.layoutDirection = try Self.readEnum(&s, field: key)
      case "displayScale": presentation.displayScale = try s.readNumber(field: key)
      case "sectionHeadersPinToVisibleBounds":
        presentation.sectionHeadersPinToVisibleBounds = try s.readBool(field: key)
      case "sectionFootersPinToVisibleBounds":
        presentation.sectionFootersPinToVisibleBounds = try s.readBool(field: key)
      case "prefetch": prefetch = try Self.readPrefetch(&s, field: key)
      case "verticalLayoutDirection": verticalLayoutDirection = try Self.readEnum(&s, field: key)
      case "sections":
        var sections: [RawSection] = []
        try s.readArray(field: "sections") { (s, i) throws(LayoutError) in
          var unused: Int?
          sections.append(
            try RawSection.read(
              &s, field: "sections[\(i)]", allowsAt: false, at: &unused,
              // The previous section's count: a section of the same count fills its columns
              // exactly (no copy to trim them, no room kept).
              expectedItems: sections.last.map { max(1, $0.section.count) }))
        }
        self.sections = sections
      case "edits":
        try s.readArray(field: "edits") { (s, k) throws(LayoutError) in
          edits.append(try RawEdit.read(&s, field: "edits[\(k)]"))
        }
      default:
        throw Self.unknownKey(key, field: "", expected: Self.keys)
      }
    }
  }

  /// Fills in defaults, sizes cells, and validates the input and then each edit in order.
  ///
  /// - Throws: `.invalidDocument` for a missing `layout`, `width` or `sections`; then what
  ///   validation and cell sizing throw.
  func resolve() throws(LayoutError) -> LayoutDocument {
    guard let variant else { throw .invalidDocument(field: "layout", reason: "missing (required)") }
    guard let width else { throw .invalidDocument(field: "width", reason: "missing (required)") }
    guard let sections else {
      throw .invalidDocument(field: "sections", reason: "missing (required)")
    }
    var configuration = LayoutConfiguration(variant: variant)
    if let sectionInset { configuration.sectionInset = sectionInset }
    if let minimumInteritemSpacing {
      configuration.minimumInteritemSpacing = minimumInteritemSpacing
    }
    if let minimumLineSpacing { configuration.minimumLineSpacing = minimumLineSpacing }
    if let itemSize { configuration.itemSize = itemSize }
    if let estimatedItemSize { configuration.estimatedItemSize = estimatedItemSize }
    if let minimumScaledItemSize { configuration.minimumScaledItemSize = minimumScaledItemSize }
    if let numberOfColumns { configuration.numberOfColumns = numberOfColumns }
    if let numberOfRows { configuration.numberOfRows = numberOfRows }
    if let isLayoutJustified { configuration.isLayoutJustified = isLayoutJustified }
    if let isTopAligned { configuration.isTopAligned = isTopAligned }
    if let scrollDirection { configuration.scrollDirection = scrollDirection }
    if let widthClass { configuration.widthClass = widthClass }
    let bounds = Size(width: width, height: height ?? LayoutDocument.defaultHeight)

    // 1. Options first: cells are sized for the columns they define.
    try configuration.validate(bounds: bounds)
    // 2. Cells, then every item.
    let cellSizing = cellSizing ?? .all
    let measuresCells = cellSizing == .all
    if !measuresCells, configuration.estimatedItemSize.isZero {
      throw .invalidDocument(
        field: "cellSizing", reason: "\"visible\" needs a non-zero estimatedItemSize")
    }
    var sectionData: [SectionData] = []
    var estimatedItems: [ItemIndexSet] = []
    sectionData.reserveCapacity(sections.count)
    estimatedItems.reserveCapacity(sections.count)
    var iconActionCounts: [(field: String, count: Int)] = []
    // Each section's cells (as text) and which items are cells, gathered here: a `map` over
    // `sections` copies every section (each of its columns retained and released).
    var cellColumns: [CellColumn] = []
    var cellItems: [ItemIndexSet] = []
    cellColumns.reserveCapacity(sections.count)
    cellItems.reserveCapacity(sections.count)
    // Each section read in place, through the buffer (an array's element read by index is
    // copied, each of its columns retained and released), its field built only for an error.
    try sections.withUnsafeBufferPointer { (sections) throws(LayoutError) in
      for s in sections.indices {
        // A section with its own metrics: checked first, its cells proposed its own columns.
        try sections[s].section.validateMetrics(
          configuration: configuration, bounds: bounds, field: "sections[\(s)]")
        let proposedWidth = configuration.applying(sections[s].section.metrics)
          .proposedCellWidth(boundsWidth: bounds.width)
        let (data, estimated) = try sections[s].sized(
          proposedWidth: proposedWidth, estimatedItemSize: configuration.estimatedItemSize,
          measuresCells: measuresCells, field: "sections[\(s)]")
        sectionData.append(data)
        estimatedItems.append(estimated)
        if !sections[s].collectionItems.isEmpty {
          iconActionCounts += sections[s].iconActionCounts(field: "sections[\(s)]")
        }
        cellColumns.append(sections[s].cellColumn)
        cellItems.append(sections[s].cellColumn.cellIndices)
      }
    }
    // The design rules that span the collection; each cell was validated by its sizing above.
    try CellDescription.validateIconActionCounts(iconActionCounts)
    let input = LayoutInput(configuration: configuration, bounds: bounds, sections: sectionData)
    try input.validate()
    // 3. Each edit against the content the earlier ones leave.
    // Closures, not key paths: a key path's element is copied (each column retained).
    var counts = sectionData.map { $0.count }
    var metrics = sectionData.map { $0.metrics }
    var current = bounds
    var currentConfiguration = configuration
    var updates: [BatchUpdate] = []
    updates.reserveCapacity(edits.count)
    for (k, read) in edits.enumerated() {
      var edit = read
      edit.expandPackedDeletions { [counts] in counts.indices.contains($0) ? counts[$0] : nil }
      // Cells of inserted sections are sized for the width (and width class) after the batch.
      var after = currentConfiguration
      if let widthClass = edit.update.setWidthClass { after.widthClass = widthClass }
      let update = try edit.sized(
        configuration: after, boundsWidth: edit.update.setWidth ?? current.width,
        estimatedItemSize: configuration.estimatedItemSize, measuresCells: measuresCells,
        field: "edits[\(k)]")
      let plan: BatchPlan
      do {
        plan = try update.validateWithMeasurements(
          itemCounts: counts, configuration: currentConfiguration, bounds: current,
          field: "edits[\(k)].")
      } catch {
        throw edit.namingPackedEntries(error, prefix: "edits[\(k)].")
      }
      counts = plan.newItemCounts
      current = plan.newBounds
      currentConfiguration = plan.newConfiguration
      // Sections' own metrics must still leave a line in the new bounds (the engines re-check).
      let inserted = Dictionary(
        update.insertSections.map { ($0.at, $0.section.metrics) }, uniquingKeysWith: { a, _ in a })
      metrics = plan.oldSectionOfNewSection.enumerated().map { n, o in
        o.map { metrics[$0] } ?? inserted[n] ?? nil
      }
      for (s, m) in metrics.enumerated() where m != nil {
        try SectionData(itemWidths: [], itemHeights: [], metrics: m).validateMetrics(
          configuration: currentConfiguration, bounds: current,
          field: "edits[\(k)].sections[\(s)]")
      }
      updates.append(update)
    }
    if let viewport { try LayoutValidation.viewport(viewport, field: "viewport") }
    var presentation = self.presentation
    presentation.viewport = viewport
    try presentation.validate()
    try prefetch.validate()
    var document = LayoutDocument(input: input, edits: updates)
    document.cells = cellColumns
    document.estimatedItems = estimatedItems
    document.insertedCells = edits.map { $0.insertedSections.map(\.cellColumn) }
    document.viewport = viewport
    document.presentation = presentation
    document.editCells = edits.map(\.cells)
    document.scrollAnchor = scrollAnchor ?? .firstVisibleItem
    document.cellSizing = cellSizing
    document.prefetch = prefetch
    document.verticalLayoutDirection = verticalLayoutDirection
    document.cellItems = cellItems
    return document
  }

  // MARK: Shared readers

  /// `{"unit": "screens"|"points", "ahead": A, "behind": B}`, each key optional (the default
  /// policy's value); not validated (`PrefetchPolicy.validate`).
  ///
  /// - Throws: `.invalidDocument` naming `<field>.<key>` for a mistyped or unknown key.
  static func readPrefetch(_ s: inout JSONScanner, field: String) throws(LayoutError)
    -> PrefetchPolicy
  {
    var policy = PrefetchPolicy.standard
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "unit": policy.unit = try readEnum(&s, field: "\(field).unit")
      case "ahead": policy.ahead = try s.readNumber(field: "\(field).ahead")
      case "behind": policy.behind = try s.readNumber(field: "\(field).behind")
      default: throw unknownKey(key, field: field, expected: ["unit", "ahead", "behind"])
      }
    }
    return policy
  }

  /// - Throws: `.invalidDocument` naming `field` unless the value is `[width, height]`.
  static func readSize(_ s: inout JSONScanner, field: @autoclosure () -> String) throws(LayoutError)
    -> Size
  {
    var width = 0.0
    var height = 0.0
    var index = 0
    try s.readTuple(field: field(), names: sizeNames) { value in
      if index == 0 { width = value } else { height = value }
      index += 1
    }
    return Size(width: width, height: height)
  }

  /// - Throws: `.invalidDocument` naming `field` unless the value is `[section, item]` integers
  ///   (`readInt`'s rules, naming `field.section` or `field.item`).
  static func readPath(_ s: inout JSONScanner, field: @autoclosure () -> String) throws(LayoutError)
    -> ItemPath
  {
    var path = ItemPath(section: 0, item: 0)
    try s.readTuple(field: field(), names: pathNames) { (s, k) throws(LayoutError) in
      let value = try s.readInt(field: "\(field()).\(pathNames[k])")
      if k == 0 { path.section = value } else { path.item = value }
    }
    return path
  }

  /// - Throws: `.invalidDocument` naming `field` unless the value is one of `E`'s raw names.
  static func readEnum<E: RawRepresentable & CaseIterable>(
    _ s: inout JSONScanner, field: String
  ) throws(LayoutError) -> E where E.RawValue == String {
    let name = try s.readString(field: field)
    guard let value = E(rawValue: name) else {
      let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw .invalidDocument(
        field: field, reason: "unknown value \"\(printable(name))\" (expected one of: \(names))")
    }
    return value
  }

  /// The error for `key`, unknown under `field`: the nearest expected key when one is at most
  /// two edits away (a typo), else the expected keys, the list cut after ~140 characters so
  /// that the line stays short.
  static func unknownKey(_ key: String, field: String, expected: [String]) -> LayoutError {
    let path = join(field, key)
    if key.utf8.count <= 64,
      let nearest = expected.map({ ($0, editDistance(key, $0)) }).min(by: { $0.1 < $1.1 }),
      nearest.1 <= 2
    {
      return .invalidDocument(field: path, reason: "unknown key (did you mean \"\(nearest.0)\"?)")
    }
    var list = ""
    for name in expected {
      if list.count + name.count > 140 {
        list += ", …"
        break
      }
      list += list.isEmpty ? name : ", \(name)"
    }
    return .invalidDocument(field: path, reason: "unknown key (expected one of: \(list))")
  }

  /// Levenshtein distance over Unicode scalars.
  ///
  /// - Complexity: O(a·b) for scalar counts a and b.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + [Int](repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = Swift.min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
