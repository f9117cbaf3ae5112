import FlowLayoutModel

/// The fast layout engine: struct-of-arrays item columns, lines as ranges over them, a closed
/// form for uniform sections, and incremental invalidation that re-breaks only the lines an edit
/// touches and moves later lines through offset trees in O(log r).
///
/// Follows `docs/semantics.md` for every variant. Horizontal scrolling of the variants that
/// honour it is laid out as the transposed problem (the columns hold the working orientation)
/// and every answer is transposed back.
///
/// Memory at rest: 24 bytes per item (sizes and positions; 16 in closed-form sections and column
/// flows, whose grid positions are computed) plus
/// ~17 bytes per line (start, height, ~1 for the offset tree); 31.8 bytes per item measured at
/// 10⁶ mixed 60–200 pt items in 375 pt.
///
/// Where things are: `Storage/` (the only code that creates unsafe buffers), `RowBreaking`
/// and `TableLayout` (the greedy rule and the one-pass full layout), `LinePlacing` (alignment
/// rules), `Variants/` (options resolved per variant, the closed form), `Invalidation/` (batch
/// application and re-breaking until the lines re-synchronise), `Queries/`, `Kernels/` (SIMD
/// kernels beside their scalar twins), `WorkCounters`.
public struct FastFlowLayout: LayoutEngine, Sendable {
  public static var engineName: String { "fast" }

  /// The options, as given.
  public internal(set) var configuration: LayoutConfiguration
  /// The bounds, as given.
  public internal(set) var bounds: Size
  /// Which kernel implementation the layout passes use.
  public let kernels: KernelSelection
  /// The work done since creation or the last `resetWorkCounters()`.
  public internal(set) var workCounters = WorkCounters()

  var rules: LayoutRules
  var sections: [SectionLayout]
  /// Section heights; a section's top is the sum of the heights before it.
  var sectionOffsets = RowOffsetTree()
  /// `contentSize`, kept current by every change.
  var cachedContentSize = Size.zero

  /// Lays out `input` with SIMD kernels.
  ///
  /// - Complexity: O(n) to validate and lay out n items; O(c) per closed-form section after the
  ///   O(n) validation.
  /// - Throws: `LayoutError` naming the first invalid field (`LayoutInput.validate()`).
  public init(_ input: LayoutInput) throws(LayoutError) {
    try self.init(input, kernels: .simd)
  }

  /// Lays out `input` with the given kernels.
  ///
  /// - Throws: `LayoutError` naming the first invalid field (`LayoutInput.validate()`).
  public init(_ input: LayoutInput, kernels: KernelSelection) throws(LayoutError) {
    // Validation fused into the layout: the O(1) checks first, then every item length is
    // screened while it is laid out; on any doubt the model's validator throws the exact error
    // (an input it accepts, e.g. with −0, is kept as laid out).
    try input.configuration.validate(bounds: input.bounds)
    if !input.sections.allSatisfy(BulkValidation.passesShapeScreen) {
      try BulkValidation.validate(input)
    }
    configuration = input.configuration
    bounds = input.bounds
    self.kernels = kernels
    let rules = LayoutRules(configuration: input.configuration, bounds: input.bounds)
    self.rules = rules
    var counters = WorkCounters()
    var screen = LengthScreen()
    sections = input.sections.map {
      SectionLayout(
        $0, transposed: rules.transposed, rules: rules, kernels: kernels, counters: &counters,
        screen: &screen)
    }
    if !screen.passes { try BulkValidation.validate(input) }
    workCounters = counters
    refreshSectionOffsets()
  }

  /// The current input, rebuilt from the item columns.
  ///
  /// - Complexity: O(s) for s sections (the columns are shared, copy-on-write).
  public var input: LayoutInput {
    LayoutInput(
      configuration: configuration, bounds: bounds,
      sections: sections.map { $0.data(transposed: rules.transposed) })
  }

  /// - Complexity: O(1).
  public var contentSize: Size { cachedContentSize }

  /// Sets every work counter to 0.
  public mutating func resetWorkCounters() { workCounters = WorkCounters() }

  /// Recomputes the section tree and the content size.
  ///
  /// - Complexity: O(s) for s sections.
  mutating func refreshSectionOffsets() {
    // Index-based reads borrow each section; iterating `sections` by value would copy every
    // `SectionLayout` (a retain and release per column) — O(s) atomic operations per edit. A
    // local copy of the array (one retain) lets the lazy view read it without a temporary array.
    let sections = self.sections
    sectionOffsets = RowOffsetTree(sections.indices.lazy.map { sections[$0].height })
    var size = Size(width: rules.boundsWidth, height: sectionOffsets.total)
    if rules.breaking == .noWrap {
      var widest = 0.0
      for s in sections.indices where sections[s].extent > widest { widest = sections[s].extent }
      size.width = sections.isEmpty ? 0 : widest
    }
    if sections.isEmpty { size.height = 0 }
    cachedContentSize = rules.transposed ? size.transposed : size
  }

  /// A section's top (working orientation).
  ///
  /// - Complexity: O(log s).
  func top(ofSection s: Int) -> Double { sectionOffsets.prefix(s) }

  /// The top of a section's first line.
  func linesTop(ofSection s: Int) -> Double {
    top(ofSection: s) + sections[s].header + rules.inset.top
  }

  /// - Complexity: O(log s + log r).
  /// - Throws: `LayoutError.itemOutOfRange` for a path that does not exist, `.itemHidden` for an
  ///   item the layout hides.
  public func frame(ofItemAt path: ItemPath) throws(LayoutError) -> Rect {
    guard path.section >= 0, path.section < sections.count, path.item >= 0,
      path.item < sections[path.section].count
    else { throw .itemOutOfRange(field: "path", path: path) }
    let section = sections[path.section]
    guard
      let frame = section.frame(
        ofItem: path.item, linesTop: linesTop(ofSection: path.section), rules: rules)
    else { throw .itemHidden(path: path) }
    return rules.transposed ? frame.transposed : frame
  }

  /// - Complexity: O(log s + log r).
  /// - Throws: `LayoutError.sectionOutOfRange`.
  public func supplementaryFrame(_ kind: ElementKind, inSection section: Int) throws(LayoutError)
    -> Rect?
  {
    guard section >= 0, section < sections.count else {
      throw .sectionOutOfRange(field: "section", section: section, sectionCount: sections.count)
    }
    let frame: Rect?
    switch kind {
    case .header: frame = headerFrame(section)
    case .footer: frame = footerFrame(section)
    case .item: frame = nil
    }
    guard let frame else { return nil }
    return rules.transposed ? frame.transposed : frame
  }

  /// `(0, sectionTop, B, H)`, `nil` when `H = 0` (working orientation).
  func headerFrame(_ s: Int, top: Double? = nil) -> Rect? {
    let h = sections[s].header
    guard h > 0 else { return nil }
    return Rect(x: 0, y: top ?? self.top(ofSection: s), width: rules.boundsWidth, height: h)
  }

  /// `(0, sectionTop + H + t + linesHeight + b, B, F)`, `nil` when `F = 0`.
  func footerFrame(_ s: Int, top: Double? = nil) -> Rect? {
    let section = sections[s]
    guard section.footer > 0 else { return nil }
    let sectionTop = top ?? self.top(ofSection: s)
    let y =
      sectionTop + section.header + rules.inset.top + section.linesHeight(rules: rules)
      + rules.inset.bottom
    return Rect(x: 0, y: y, width: rules.boundsWidth, height: section.footer)
  }
}

extension SectionLayout {
  /// `Σ lineHeight + (lines − 1)·L` over the visible lines.
  func linesHeight(rules: LayoutRules) -> Double {
    switch lines {
    case .uniform(let u): return u.linesHeight(lineSpacing: rules.lineSpacing)
    case .table(let t): return t.linesHeight(lineSpacing: rules.lineSpacing)
    }
  }

  /// A placeholder used while a section is moved between arrays (no storage).
  static var placeholder: SectionLayout {
    SectionLayout()
  }
}
