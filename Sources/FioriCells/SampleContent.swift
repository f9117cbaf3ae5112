import FlowLayoutModel

/// Seeded, realistic Fiori cell content for workloads (the benchmark runner) and examples.
///
/// Every generator is a pure function of `(count, seed)`: the same arguments give the same cells
/// on every platform (SplitMix64, no `SystemRandomNumberGenerator`). Every generated cell passes
/// `CellDescription.validate(field:)`, and each collection passes `validateCollection`.
public enum SampleContent {
  /// Product grid (seed 000 "Product/Item Grid"): 110 pt labeled cells, title, category, price.
  ///
  /// - Complexity: O(count).
  public static func productGrid(count: Int, seed: UInt64) -> [CellDescription] {
    var rng = SplitMix64(seed: seed)
    return (0..<max(0, count)).map { _ in
      CellDescription(
        type: .collectionItem, cellWidth: 110, image: CellImage(shape: .rectangular),
        title: rng.pick(adjectives) + " " + rng.pick(products),
        subtitle: rng.pick(categories),
        attribute: "₹\(rng.nextInt(below: 9_000) + 100)",
        attributeStatus: rng.pick(AttributeStatus.allCases))
    }
  }

  /// Attachments (seed 000 "Invoice Attachments"): 120 pt cells with share and delete actions.
  ///
  /// - Complexity: O(count).
  public static func attachments(count: Int, seed: UInt64) -> [CellDescription] {
    var rng = SplitMix64(seed: seed)
    return (0..<max(0, count)).map { i in
      CellDescription(
        type: .collectionItem, cellWidth: 120, image: CellImage(shape: .rectangular),
        title: "\(rng.pick(documentNames))_\(i + 1).\(rng.pick(extensions))",
        subtitle: "\(rng.nextInt(below: 990) + 10) KB",
        iconActions: [
          IconAction(icon: "share"), IconAction(icon: "delete", destructive: true),
        ])
    }
  }

  /// People (seed 000 "Customer/User Grid"): circular profile images with initials.
  ///
  /// - Complexity: O(count).
  public static func people(count: Int, seed: UInt64) -> [CellDescription] {
    var rng = SplitMix64(seed: seed)
    return (0..<max(0, count)).map { _ in
      let first = rng.pick(firstNames)
      let last = rng.pick(lastNames)
      return CellDescription(
        type: .collectionItem, cellWidth: 110,
        image: CellImage(shape: .circular, initials: "\(first.first!)\(last.first!)"),
        title: "\(first) \(last)", subtitle: rng.pick(companies))
    }
  }

  /// Documents (seed 000 "Document Types"): doctype icons, date, size and a Download button.
  ///
  /// - Complexity: O(count).
  public static func documents(count: Int, seed: UInt64) -> [CellDescription] {
    var rng = SplitMix64(seed: seed)
    return (0..<max(0, count)).map { _ in
      let kind = rng.pick(doctypes)
      return CellDescription(
        type: .collectionItem, cellWidth: 120, image: CellImage(shape: .rectangular, doctype: kind),
        title: "\(rng.pick(documentNames)) \(rng.pick(months))",
        subtitle: "\(rng.nextInt(below: 28) + 1) \(rng.pick(months)) 2026",
        attribute: "\(rng.nextInt(below: 9) + 1).\(rng.nextInt(below: 10)) MB",
        buttonAction: ButtonAction(label: "Download"))
    }
  }

  /// Image gallery (seed 000 "GRN Image Gallery"): image-only cells, 60–110 pt, one delete action.
  ///
  /// - Complexity: O(count).
  public static func imageGallery(count: Int, seed: UInt64) -> [CellDescription] {
    var rng = SplitMix64(seed: seed)
    return (0..<max(0, count)).map { _ in
      let height = Double(60 + rng.nextInt(below: 51))
      let width = min(110, height + Double(rng.nextInt(below: 31)))
      return CellDescription(
        type: .collectionItem, image: CellImage(shape: .rectangular, width: width, height: height),
        iconActions: [IconAction(icon: "delete", destructive: true)])
    }
  }

  /// Object list (seed 002): object cells with images, subtitles, footnotes, descriptions of
  /// varying length, status attributes and a chevron.
  ///
  /// - Complexity: O(count).
  public static func objectList(count: Int, seed: UInt64) -> [CellDescription] {
    var rng = SplitMix64(seed: seed)
    return (0..<max(0, count)).map { i in
      let words = (0..<(rng.nextInt(below: 40) + 4)).map { _ in rng.pick(descriptionWords) }
      let status = rng.pick(AttributeStatus.allCases)
      return CellDescription(
        type: .object,
        title: "\(rng.pick(adjectives)) \(rng.pick(products)) \(1000 + i)",
        subtitle: rng.pick(companies),
        iconStack: rng.nextInt(below: 3) == 0 ? ["unread"] : nil,
        detailImage: DetailImage(size: 44, shape: .rectangular), footnote: rng.pick(categories),
        descriptionText: words.joined(separator: " ").capitalizedFirst + ".",
        attributes: [CellAttribute(text: statusText[status]!, status: status)],
        accessory: .chevron)
    }
  }

  /// Key/value form (seed 004 keyValueColumnFlow): keys with short and long values.
  ///
  /// - Complexity: O(count).
  public static func keyValueForm(count: Int, seed: UInt64) -> [CellDescription] {
    var rng = SplitMix64(seed: seed)
    return (0..<max(0, count)).map { _ in
      let long = rng.nextInt(below: 4) == 0
      let value =
        long
        ? (0..<(rng.nextInt(below: 20) + 6)).map { _ in rng.pick(descriptionWords) }.joined(
          separator: " ")
        : "\(rng.pick(adjectives)) \(rng.pick(products))"
      return CellDescription(type: .keyValue, key: rng.pick(keys), value: value)
    }
  }

  static let adjectives = [
    "Compact", "Heavy-Duty", "Wireless", "Ergonomic", "Stainless", "Portable", "Industrial",
    "Smart", "Classic", "Premium",
  ]
  static let products = [
    "Drill", "Notebook", "Pump Valve", "Office Chair", "Water Filter", "Headset", "Pallet Jack",
    "Sensor", "Printer", "Generator",
  ]
  static let categories = ["Tools", "Office", "Electronics", "Furniture", "Spare Parts", "Safety"]
  static let firstNames = ["Franck", "Asha", "Maria", "Kenji", "Lena", "Omar", "Priya", "Tom"]
  static let lastNames = ["Syren", "Rao", "Garcia", "Sato", "Berg", "Haddad", "Nair", "Miller"]
  static let companies = ["SAP SE", "Acme Corp", "Globex", "Initech", "Umbrella", "Stark Ltd"]
  static let documentNames = ["Invoice", "Report", "Contract", "Delivery Note", "Photo", "Quote"]
  static let extensions = ["pdf", "jpg", "xlsx", "docx"]
  static let doctypes = ["pdf", "excel", "word", "image"]
  static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct"]
  static let keys = ["Name", "Sort No.", "Plant", "Storage Location", "Material", "Description"]
  static let descriptionWords = [
    "pole", "broken", "plates", "replace", "inspection", "due", "before", "the", "next", "shift",
    "technician", "reported", "minor", "wear", "on", "bearing", "housing", "order", "parts",
  ]
  static let statusText: [AttributeStatus: String] = [
    .positive: "Full", .critical: "Partial", .negative: "Empty", .neutral: "N/A",
  ]
}

extension String {
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
