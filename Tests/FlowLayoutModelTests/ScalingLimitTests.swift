import FlowLayoutModel
import Testing

@Suite("Scaling references below LayoutLimits.minimumScalingLength are rejected")
struct ScalingLimitTests {
  @Test func tinyMinimumScaledItemSizeIsRejected() {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.minimumScaledItemSize = Size(0.001, 10)
    #expect(throws: LayoutError.self) { try c.validate(bounds: Size(375, 812)) }
    do {
      try c.validate(bounds: Size(375, 812))
    } catch {
      #expect(error.field == "minimumScaledItemSize.width")
    }
    c.minimumScaledItemSize = Size(0.01, 10)
    #expect(throws: Never.self) { try c.validate(bounds: Size(375, 812)) }
  }

  @Test func tinyItemSizeWithColumnsIsRejected() {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.numberOfColumns = 3
    c.itemSize = Size(Double.leastNonzeroMagnitude, 10)
    do {
      try c.validate(bounds: Size(375, 812))
      Issue.record("a 5e-324 wide itemSize was accepted as a scaling reference")
    } catch {
      #expect(error.field == "itemSize.width")
    }
  }
}
