import FlowLayoutModel
import FlowLayoutReference

/// Everything an engine answers, to check that a rejected mutation changed nothing.
struct EngineSnapshot: Equatable {
  var input: LayoutInput
  var contentSize: Size
  var elements: [LayoutElement]
  var hiddenItems: [ItemPath]
  var overflowingItems: [ItemPath]

  init(_ engine: some LayoutEngine) {
    input = engine.input
    contentSize = engine.contentSize
    elements = engine.allElements
    hiddenItems = engine.hiddenItems
    overflowingItems = engine.overflowingItems
  }
}
