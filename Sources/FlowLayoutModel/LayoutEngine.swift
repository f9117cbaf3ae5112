/// The questions a collection view asks of a layout, and the edits it makes.
///
/// Both engines (the naive reference and the fast core) conform; the differential tests hold
/// them to the same answers. Every throwing mutation is atomic: when it throws, the engine is
/// exactly as it was.
public protocol LayoutEngine {
  /// Lays out `input`.
  ///
  /// - Throws: `LayoutError` naming the first invalid field (`LayoutInput.validate()`).
  init(_ input: LayoutInput) throws(LayoutError)

  /// The engine's name as the CLI spells it (`"reference"`, `"fast"`).
  static var engineName: String { get }

  /// The current input (options, bounds and content), after every applied batch.
  var input: LayoutInput { get }

  /// The size of the whole content.
  var contentSize: Size { get }

  /// Every visible element whose frame intersects `rect` (closed intersection), in document
  /// order, appended to `result` (which is not cleared).
  func elements(in rect: Rect, into result: inout [LayoutElement])

  /// The frame of one item.
  ///
  /// - Throws: `LayoutError.itemOutOfRange` for a path that does not exist,
  ///   `LayoutError.itemHidden` for an item the layout hides.
  func frame(ofItemAt path: ItemPath) throws(LayoutError) -> Rect

  /// A section's header (or footer) frame; `nil` when it has none (height 0).
  ///
  /// - Throws: `LayoutError.sectionOutOfRange`.
  func supplementaryFrame(_ kind: ElementKind, inSection section: Int) throws(LayoutError) -> Rect?

  /// Items that exist but are not laid out (`numberOfRows`, Horizontal Fit), in document order.
  var hiddenItems: [ItemPath] { get }

  /// Items wider than the line they sit alone on (they overflow the section inset), in document order.
  var overflowingItems: [ItemPath] { get }

  /// An item's own size (the size it was given or measured with, before any variant rule such
  /// as a column width applies), hidden items included.
  ///
  /// - Throws: `LayoutError.itemOutOfRange` (field `path`) for a path that does not exist.
  func ownSize(ofItemAt path: ItemPath) throws(LayoutError) -> Size

  /// Stores the layout as edits need it, so that the first edit costs what later ones do (the
  /// fast engine cuts its long sections into pages, O(n) once, instead of in the first edit),
  /// and edits near section `s` (where the user looks) cost no more than later ones there.
  /// Changes no answer. A live session calls it after opening a document; a one-off layout need
  /// not. The default does nothing.
  mutating func prepareForEdits(nearSection s: Int)

  /// Applies a batch of edits (UIKit index semantics) and lays out what changed.
  ///
  /// - Throws: `LayoutError` naming the offending edit; the engine is unchanged.
  mutating func apply(_ update: BatchUpdate) throws(LayoutError)

  /// `apply(_:)` for a batch this package already validated (`ValidatedBatch`): an engine may
  /// skip its own validation and reuse the batch's path map. The default applies
  /// `batch.update` through `apply(_:)`.
  ///
  /// - Throws: what `apply(_:)` throws for an error its validation does not see (the engine's
  ///   own checks); the engine is unchanged.
  mutating func apply(validated batch: consuming ValidatedBatch) throws(LayoutError)

  /// The number of sections.
  var numberOfSections: Int { get }

  /// A section's items, hidden ones included (the N of "See All (N)").
  ///
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  func numberOfItems(inSection section: Int) throws(LayoutError) -> Int

  /// Whether a section's header shows "See All (N)" (`SectionData.showsSeeAll`).
  ///
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  func showsSeeAll(inSection section: Int) throws(LayoutError) -> Bool

  /// One section of `input`: what inserting it back would restore.
  ///
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  func section(_ section: Int) throws(LayoutError) -> SectionData

  /// From now on keeps `hiddenItems` and `overflowingItems` cheap to answer (about the cost of
  /// their answer, not of the layout) through every later batch, for a caller that asks for
  /// them often (a session). Changes no answer.
  mutating func keepDiagnostics()

  /// The interactions this engine answers beyond the layout, each a function of the engine
  /// read in place (`EngineInteractions`): code generic over `LayoutEngine` reaches them
  /// without casting the engine to `any NavigatingLayoutEngine` (or another interaction
  /// protocol), a cast that boxes a copy of the whole engine. Each is `nil` unless the engine
  /// conforms to its protocol in the module that declares its `LayoutEngine` conformance (the
  /// protocols' extensions provide them, chosen when that conformance is compiled).
  static var navigation: NavigationFunction<Self>? { get }
  /// See `navigation`: the `PrefetchingLayoutEngine` answer.
  static var prefetching: PrefetchFunction<Self>? { get }
  /// See `navigation`: the `InteractivelyMovingLayoutEngine` answers.
  static var interactiveMoving: InteractiveMoveFunctions<Self>? { get }
  /// See `navigation`: the `ScrollTargetingLayoutEngine` answer.
  static var scrollTargeting: ScrollTargetFunction<Self>? { get }
}

extension LayoutEngine {
  /// Nothing: an engine whose first edit costs what later ones do.
  public mutating func prepareForEdits(nearSection s: Int) {}

  /// `prepareForEdits(nearSection:)` for edits at the end (appends).
  public mutating func prepareForEdits() { prepareForEdits(nearSection: numberOfSections) }

  /// `apply(batch.update)`: validated again.
  public mutating func apply(validated batch: consuming ValidatedBatch) throws(LayoutError) {
    try apply(batch.update)
  }

  /// The default: read from `input`. O(1) for an engine that stores its input, O(n) for one that
  /// rebuilds it (an engine should then provide its own).
  ///
  /// - Throws: `LayoutError.itemOutOfRange` (field `path`) for a path that does not exist.
  public func ownSize(ofItemAt path: ItemPath) throws(LayoutError) -> Size {
    let sections = input.sections
    guard sections.indices.contains(path.section), path.item >= 0,
      path.item < sections[path.section].count
    else { throw .itemOutOfRange(field: "path", path: path) }
    return sections[path.section].itemSize(at: path.item)
  }

  /// Every visible element whose frame intersects `rect`, in document order.
  public func elements(in rect: Rect) -> [LayoutElement] {
    var result: [LayoutElement] = []
    elements(in: rect, into: &result)
    return result
  }

  /// Every visible element, in document order.
  public var allElements: [LayoutElement] {
    elements(
      in: Rect(
        x: -Double.greatestFiniteMagnitude / 4, y: -Double.greatestFiniteMagnitude / 4,
        width: Double.greatestFiniteMagnitude / 2, height: Double.greatestFiniteMagnitude / 2))
  }

  /// Changes the bounds width (rotation, split view) and lays out again.
  ///
  /// - Throws: `LayoutError.invalidNumber` for a bad width; the engine is unchanged.
  public mutating func setWidth(_ width: Double) throws(LayoutError) {
    try apply(BatchUpdate(setWidth: width))
  }

  /// The default: nothing (an engine whose diagnostics cost what they cost).
  public mutating func keepDiagnostics() {}

  /// The default: read from `input` (O(1) for an engine that stores its input, O(n) for one
  /// that rebuilds it: an engine should then provide its own).
  public var numberOfSections: Int { input.sections.count }

  /// The default: read from `input` (see `numberOfSections`).
  ///
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  public func numberOfItems(inSection section: Int) throws(LayoutError) -> Int {
    try sectionData(section).count
  }

  /// The default: read from `input` (see `numberOfSections`).
  ///
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  public func showsSeeAll(inSection section: Int) throws(LayoutError) -> Bool {
    try sectionData(section).showsSeeAll
  }

  /// The default: read from `input` (see `numberOfSections`).
  ///
  /// - Throws: `LayoutError.sectionOutOfRange` (field `section`).
  public func section(_ section: Int) throws(LayoutError) -> SectionData {
    try sectionData(section)
  }

  /// Section `section` of `input`.
  private func sectionData(_ section: Int) throws(LayoutError) -> SectionData {
    let sections = input.sections
    guard section >= 0, section < sections.count else {
      throw .sectionOutOfRange(field: "section", section: section, sectionCount: sections.count)
    }
    return sections[section]
  }

  /// The "See All (N)" label of a section's header, `nil` when the section does not show one
  /// (or does not exist).
  ///
  /// - Complexity: `showsSeeAll(inSection:)` and `numberOfItems(inSection:)`.
  public func seeAllLabel(inSection section: Int) -> String? {
    guard (try? showsSeeAll(inSection: section)) == true,
      let count = try? numberOfItems(inSection: section)
    else { return nil }
    return "See All (\(count))"
  }
}
