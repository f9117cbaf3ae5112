import FioriCells
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutWorkloads

/// The operations of the `selfsizing` workload (issue 9): a document of n Fiori key/value cells,
/// all estimated, measured by `"cellSizing": "visible"` near a 375 × 812 viewport.
public enum SelfSizingStep: String, Sendable, CaseIterable {
  /// Builds the layout with visible measuring: the engine over the estimates plus the cells near
  /// the viewport.
  case open
  /// The same collection with every cell measured first (`"cellSizing": "all"`): the baseline
  /// `open` is compared with.
  case openAll
  /// Moves the viewport down one screen, measures the cells that came near it, and queries it.
  case scrollStep
  /// `setWidth` 375 → 812 or back, from a viewport in the middle, with the anchor held: every
  /// cell becomes an estimate of its last size and the cells near the viewport are measured.
  case rotate
}

/// One `SelfSizingStep` on engine `E`, repeatable, with its work counter: cells measured.
public struct SelfSizingOperation<E: LayoutEngine>: TimedOperation {
  public let step: SelfSizingStep
  public private(set) var checksum = 0.0
  /// Cells measured by every run so far (`DocumentLayout.cellsMeasured`).
  public private(set) var cellsMeasured = 0
  /// Runs so far.
  public private(set) var runs = 0
  private let document: LayoutDocument
  private var layout: DocumentLayout<E>
  private var phase = 0

  /// The viewport of every step: an iPhone in portrait at the top of the content.
  public static var viewport: Rect { Rect(x: 0, y: 0, width: 375, height: 812) }

  /// The `selfsizing` document of `n` cells: every item estimated at 139.5 × 66.
  ///
  /// - Complexity: O(n) (the cells are generated, not measured).
  public static func document(itemCount n: Int, workload: Workload = .selfSizing) -> LayoutDocument
  {
    var configuration = LayoutConfiguration(variant: workload.variant)
    configuration.estimatedItemSize = Size(width: 139.5, height: 66)
    let cells = (workload.cells ?? .keyValueForm).cells(count: n, seed: workload.seed)
    let input = LayoutInput(
      configuration: configuration, bounds: Workload.bounds,
      sections: [
        SectionData(
          itemWidths: [Double](repeating: 139.5, count: n),
          itemHeights: [Double](repeating: 66, count: n))
      ])
    var document = LayoutDocument(input: input, cells: [cells.map { $0 }])
    document.estimatedItems = [ItemIndexSet(0..<n)]
    document.cellSizing = .visible
    document.cellItems = [ItemIndexSet(0..<n)]
    document.viewport = viewport
    return document
  }

  /// Prepares `step` over `document` (from `document(itemCount:)`).
  ///
  /// - Throws: what opening the document throws (a bug in the workload).
  public init(_ step: SelfSizingStep, document: LayoutDocument) throws {
    self.step = step
    self.document = document
    layout = try DocumentLayout<E>(document)
    if step == .rotate {
      let middle = layout.engine.contentSize.height / 2
      try layout.setViewport(Rect(x: 0, y: middle, width: 375, height: 812))
    }
    cellsMeasured = 0
  }

  public var needsUndo: Bool { false }
  public mutating func undo() {}

  /// Cells measured per run, on average.
  public var cellsMeasuredPerRun: Double { Double(cellsMeasured) / Double(max(runs, 1)) }

  public mutating func perform() throws {
    runs += 1
    switch step {
    case .open:
      let opened = try DocumentLayout<E>(document)
      cellsMeasured += opened.cellsMeasured
      checksum += opened.engine.contentSize.height
    case .openAll:
      var all = document
      let width = all.input.configuration.proposedCellWidth(boundsWidth: all.input.bounds.width)
      for (i, cell) in all.cells[0].enumerated() {
        let size = try cell!.fittingSize(proposedWidth: width, field: "selfsizing[\(i)]")
        all.input.sections[0].itemWidths[i] = size.width
        all.input.sections[0].itemHeights[i] = size.height
      }
      all.estimatedItems = [ItemIndexSet()]
      all.cellSizing = .all
      let opened = try DocumentLayout<E>(all)
      cellsMeasured += all.cells[0].count
      checksum += opened.engine.contentSize.height
    case .scrollStep:
      let before = layout.cellsMeasured
      phase += 1
      let travel = max(layout.engine.contentSize.height - 812, 0)
      var y = Double(phase) * 812
      if y > travel { (phase, y) = (0, 0) }
      try layout.setViewport(Rect(x: 0, y: y, width: 375, height: 812))
      checksum += Double(layout.engine.elements(in: layout.layout.viewport!).count)
      cellsMeasured += layout.cellsMeasured - before
    case .rotate:
      let before = layout.cellsMeasured
      phase += 1
      try layout.apply(BatchUpdate(setWidth: phase % 2 == 1 ? 812 : 375))
      checksum += layout.layout.contentOffset!.y
      cellsMeasured += layout.cellsMeasured - before
    }
  }
}
