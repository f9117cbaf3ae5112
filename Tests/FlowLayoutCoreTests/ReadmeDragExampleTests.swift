import FlowLayoutCore
import FlowLayoutModel
import Foundation
import Testing

/// The README's drag-to-reorder example (section "In Swift"), compiled and run here; the lines
/// between the markers must be the README's code block, line for line, less the imports
/// (checked by `theREADMEShowsThisExample`).
@Suite struct ReadmeDragExampleTests {
  @Test func theExampleRuns() throws {
    // README drag example: begin
    // A grid of 1 000 items, 100 × 100 pt, three a line (10 pt apart) in a 320 pt wide view.
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.itemSize = Size(width: 100, height: 100)
    configuration.minimumInteritemSpacing = 10
    configuration.minimumLineSpacing = 10
    let input = LayoutInput(
      configuration: configuration, bounds: Size(width: 320, height: 812),
      sections: [SectionData(items: Array(repeating: Size(width: 100, height: 100), count: 1_000))])
    var layout = try FastFlowLayout(input)

    // Lift item 0 and drag it across the screen: each pointer move lays the item out at the
    // insertion slot nearest to the pointer (UIKit's updateInteractiveMovementTargetPosition).
    var drag = try InteractiveMove(beginningAt: ItemPath(0, 0), in: layout)
    for step in 1...20 {
      try drag.update(to: Point(x: 50 + Double(step) * 6.25, y: 50 + Double(step) * 16.5), in: &layout)
    }
    print(drag.target, drag.liftedFrame)  // [0, 10] (line 3, middle) [125.0, 330.0, 100.0, 100.0]
    let moved = drag.end()  // the one batch for the data source: moveItems [0, 0] → [0, 10]
    print(moved.moveItems, try layout.frame(ofItemAt: ItemPath(0, 10)))
    // README drag example: end

    #expect(drag.target == ItemPath(0, 10))
    #expect(moved.moveItems == [ItemMove(from: ItemPath(0, 0), to: ItemPath(0, 10))])
    #expect(drag.liftedFrame == Rect(x: 125, y: 330, width: 100, height: 100))
    // The layout equals the one batch applied to the layout before the drag.
    var batched = try FastFlowLayout(input)
    try batched.apply(moved)
    #expect(layout.allElements == batched.allElements)
    #expect(try layout.frame(ofItemAt: ItemPath(0, 10)) == Rect(x: 110, y: 330, width: 100, height: 100))
  }

  @Test func theREADMEShowsThisExample() throws {
    let (block, found) = try ReadmeBlock.check(marker: "README drag example")
    #expect(found, "README.md must hold, verbatim:\n\(block)")
  }
}
