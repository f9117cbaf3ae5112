import FlowLayoutModel

/// The answer of `flowlayout layout`: content size, item frames, hidden and overflowing items,
/// and header/footer frames (`docs/layout-document.md`, "Output").
///
/// Its `Codable` form is exactly what `json()` writes, so a golden file decodes with
/// `JSONDecoder` (or `LayoutOutput.decode(_:)`) and compares with `==`.
public struct LayoutOutput: Codable, Hashable, Sendable {
  /// One laid-out item.
  public struct Item: Codable, Hashable, Sendable {
    public var section: Int
    public var item: Int
    public var frame: Rect
    /// The item's size is an estimate, not a measurement (`"estimated": true`; omitted when
    /// `false`).
    public var estimated: Bool

    public init(section: Int, item: Int, frame: Rect, estimated: Bool = false) {
      self.section = section
      self.item = item
      self.frame = frame
      self.estimated = estimated
    }
  }

  /// One section header or footer.
  public struct Supplementary: Codable, Hashable, Sendable {
    /// `.header` or `.footer`.
    public var kind: ElementKind
    public var section: Int
    public var frame: Rect
    /// `"See All (N)"` on the header of a section with `seeAll: true`, N = the section's item
    /// count, hidden items included; otherwise `nil` (omitted from the JSON).
    public var seeAll: String?
    /// `true` when pinning moved it away from its natural place (`"pinned": true`; omitted
    /// from the JSON when `false`).
    public var pinned: Bool

    public init(
      kind: ElementKind, section: Int, frame: Rect, seeAll: String? = nil, pinned: Bool = false
    ) {
      self.kind = kind
      self.section = section
      self.frame = frame
      self.seeAll = seeAll
      self.pinned = pinned
    }
  }

  public var contentSize: Size
  /// The viewport's origin after the last change, when the layout has a viewport (omitted
  /// otherwise).
  public var contentOffset: Point?
  /// Visible items (intersecting the rect, if one was given), in document order.
  public var items: [Item]
  /// Every hidden item, in document order (not filtered by the rect).
  public var hiddenItems: [ItemPath]
  /// Every item wider than its line, in document order (not filtered by the rect).
  public var overflowingItems: [ItemPath]
  /// Headers and footers (intersecting the rect, if one was given), in document order.
  public var supplementary: [Supplementary]
  /// The last batch's animations (`--transitions`), `nil` when not asked for (omitted from the
  /// JSON).
  public var transitions: [LayoutTransition]?

  public init(
    contentSize: Size, items: [Item], hiddenItems: [ItemPath] = [],
    overflowingItems: [ItemPath] = [], supplementary: [Supplementary] = [],
    contentOffset: Point? = nil
  ) {
    self.contentSize = contentSize
    self.contentOffset = contentOffset
    self.items = items
    self.hiddenItems = hiddenItems
    self.overflowingItems = overflowingItems
    self.supplementary = supplementary
  }

  /// The output of `engine`'s current layout: the elements intersecting `rect` (closed
  /// intersection), or all of them when `rect` is `nil`.
  ///
  /// - Complexity: the engine's query cost for its k results, plus O(k + h + o) for h hidden and
  ///   o overflowing items.
  public init<E: LayoutEngine>(engine: E, rect: Rect?) {
    let elements = rect.map { engine.elements(in: $0) } ?? engine.allElements
    self.init(
      engine: engine, contentSize: engine.contentSize,
      elements: elements.map { PresentedElement($0) })
  }

  /// The output of `engine`'s current layout as `presentation` shows it: the elements whose
  /// presented frame intersects `rect`, or all of them when `rect` is `nil`; pinned headers and
  /// footers at their pinned frames, marked `pinned`; the content size rounded up when snapping.
  ///
  /// - Complexity: the engine's presented query cost for its k results, plus O(k + h + o).
  public init<E: PresentingLayoutEngine>(engine: E, rect: Rect?, presentation: Presentation) {
    let elements =
      rect.map { engine.presentedElements(in: $0, presentation: presentation) }
      ?? engine.allPresentedElements(presentation)
    self.init(
      engine: engine, contentSize: engine.presentedContentSize(presentation), elements: elements)
  }

  private init<E: LayoutEngine>(engine: E, contentSize: Size, elements: [PresentedElement]) {
    var items: [Item] = []
    items.reserveCapacity(elements.count)
    var supplementary: [Supplementary] = []
    for presented in elements {
      let element = presented.element
      switch element.kind {
      case .item:
        items.append(
          Item(section: element.path.section, item: element.path.item, frame: element.frame))
      case .header:
        let section = element.path.section
        supplementary.append(
          Supplementary(
            kind: .header, section: section, frame: element.frame,
            seeAll: engine.seeAllLabel(inSection: section),
            pinned: presented.isPinned))
      case .footer:
        supplementary.append(
          Supplementary(
            kind: .footer, section: element.path.section, frame: element.frame,
            pinned: presented.isPinned))
      }
    }
    self.init(
      contentSize: contentSize, items: items, hiddenItems: engine.hiddenItems,
      overflowingItems: engine.overflowingItems, supplementary: supplementary)
  }
}

extension LayoutOutput {
  /// The output of a self-sizing layout: `init(engine:rect:)`, with estimated items marked and
  /// the content offset when it has a viewport.
  ///
  /// - Complexity: as `init(engine:rect:)`, plus O(k log R) for the k items written.
  public init<E: LayoutEngine>(layout: SelfSizingLayout<E>, rect: Rect?) {
    self.init(engine: layout.engine, rect: rect)
    mark(layout)
  }

  /// `init(layout:rect:)` where the layout's estimated items are named by other paths than the
  /// engine's (during a drag: the engine's item at `p` is the layout's `documentPath(p)`).
  ///
  /// - Complexity: as `init(layout:rect:)`, plus k calls of `documentPath`.
  init<E: LayoutEngine>(
    layout: SelfSizingLayout<E>, rect: Rect?, documentPath: (ItemPath) -> ItemPath
  ) {
    self.init(engine: layout.engine, rect: rect)
    mark(layout, documentPath: documentPath)
  }

  /// The output of a self-sizing layout as `presentation` shows it
  /// (`init(engine:rect:presentation:)`), with estimated items marked and the content offset.
  ///
  /// - Complexity: as `init(engine:rect:presentation:)`, plus O(k log R) for the k items.
  public init<E: PresentingLayoutEngine>(
    layout: SelfSizingLayout<E>, rect: Rect?, presentation: Presentation
  ) {
    self.init(engine: layout.engine, rect: rect, presentation: presentation)
    mark(layout)
  }

  /// Marks the estimated items (the engine's item at `p` being the layout's `documentPath(p)`)
  /// and sets the content offset of `layout`.
  private mutating func mark<E: LayoutEngine>(
    _ layout: SelfSizingLayout<E>, documentPath: (ItemPath) -> ItemPath = { $0 }
  ) {
    for k in items.indices
    where layout.isEstimated(
      documentPath(ItemPath(section: items[k].section, item: items[k].item)))
    {
      items[k].estimated = true
    }
    contentOffset = layout.contentOffset
  }
}

// MARK: Codable, in the document's array shapes

extension LayoutOutput {
  private enum CodingKeys: String, CodingKey {
    case contentSize, contentOffset, items, hiddenItems, overflowingItems, supplementary,
      transitions
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let size = try c.decode([Double].self, forKey: .contentSize)
    guard size.count == 2 else {
      throw DecodingError.dataCorruptedError(
        forKey: .contentSize, in: c, debugDescription: "expected [width, height]")
    }
    contentSize = Size(width: size[0], height: size[1])
    if let offset = try c.decodeIfPresent([Double].self, forKey: .contentOffset) {
      guard offset.count == 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: .contentOffset, in: c, debugDescription: "expected [x, y]")
      }
      contentOffset = Point(x: offset[0], y: offset[1])
    }
    items = try c.decode([Item].self, forKey: .items)
    hiddenItems = try Self.decodePaths(c, .hiddenItems)
    overflowingItems = try Self.decodePaths(c, .overflowingItems)
    supplementary = try c.decode([Supplementary].self, forKey: .supplementary)
    transitions = try c.decodeIfPresent([LayoutTransition].self, forKey: .transitions)
  }

  private static func decodePaths(
    _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
  ) throws -> [ItemPath] {
    try c.decode([[Int]].self, forKey: key).map { pair in
      guard pair.count == 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "expected [section, item]")
      }
      return ItemPath(section: pair[0], item: pair[1])
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode([contentSize.width, contentSize.height], forKey: .contentSize)
    try c.encodeIfPresent(contentOffset.map { [$0.x, $0.y] }, forKey: .contentOffset)
    try c.encode(items, forKey: .items)
    try c.encode(hiddenItems.map { [$0.section, $0.item] }, forKey: .hiddenItems)
    try c.encode(overflowingItems.map { [$0.section, $0.item] }, forKey: .overflowingItems)
    try c.encode(supplementary, forKey: .supplementary)
    try c.encodeIfPresent(transitions, forKey: .transitions)
  }
}

/// `[x, y, width, height]`.
private func decodeFrame<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> Rect {
  let v = try c.decode([Double].self, forKey: key)
  guard v.count == 4 else {
    throw DecodingError.dataCorruptedError(
      forKey: key, in: c, debugDescription: "expected [x, y, width, height]")
  }
  return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
}

private func frameArray(_ r: Rect) -> [Double] { [r.minX, r.minY, r.width, r.height] }

extension LayoutOutput.Item {
  private enum CodingKeys: String, CodingKey { case section, item, frame, estimated }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    section = try c.decode(Int.self, forKey: .section)
    item = try c.decode(Int.self, forKey: .item)
    frame = try decodeFrame(c, .frame)
    estimated = try c.decodeIfPresent(Bool.self, forKey: .estimated) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(section, forKey: .section)
    try c.encode(item, forKey: .item)
    try c.encode(frameArray(frame), forKey: .frame)
    if estimated { try c.encode(true, forKey: .estimated) }
  }
}

extension LayoutOutput.Supplementary {
  private enum CodingKeys: String, CodingKey { case kind, section, frame, seeAll, pinned }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    kind = try c.decode(ElementKind.self, forKey: .kind)
    section = try c.decode(Int.self, forKey: .section)
    frame = try decodeFrame(c, .frame)
    seeAll = try c.decodeIfPresent(String.self, forKey: .seeAll)
    pinned = try c.decodeIfPresent(Bool.self, forKey: .pinned) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encode(section, forKey: .section)
    try c.encode(frameArray(frame), forKey: .frame)
    try c.encodeIfPresent(seeAll, forKey: .seeAll)
    if pinned { try c.encode(true, forKey: .pinned) }
  }
}

extension LayoutTransition: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, before, after, from, to, fromAlpha, toAlpha
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try c.decode(ElementKind.self, forKey: .kind)
    self.kind = kind
    func path(_ key: CodingKeys) throws -> ItemPath? {
      if kind == .item {
        guard let v = try c.decodeIfPresent([Int].self, forKey: key) else { return nil }
        guard v.count == 2 else {
          throw DecodingError.dataCorruptedError(
            forKey: key, in: c, debugDescription: "expected [section, item]")
        }
        return ItemPath(section: v[0], item: v[1])
      }
      return try c.decodeIfPresent(Int.self, forKey: key).map { ItemPath(section: $0, item: 0) }
    }
    before = try path(.before)
    after = try path(.after)
    from = try decodeFrame(c, .from)
    to = try decodeFrame(c, .to)
    fromAlpha = try c.decode(Int.self, forKey: .fromAlpha)
    toAlpha = try c.decode(Int.self, forKey: .toAlpha)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    for (path, key) in [(before, CodingKeys.before), (after, .after)] {
      if let path {
        if kind == .item {
          try c.encode([path.section, path.item], forKey: key)
        } else {
          try c.encode(path.section, forKey: key)
        }
      } else {
        try c.encodeNil(forKey: key)
      }
    }
    try c.encode(frameArray(from), forKey: .from)
    try c.encode(frameArray(to), forKey: .to)
    try c.encode(fromAlpha, forKey: .fromAlpha)
    try c.encode(toAlpha, forKey: .toAlpha)
  }
}
