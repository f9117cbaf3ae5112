import FlowLayoutEquality
import FlowLayoutModel
import Testing

/// The one comparison's rect queries (`EngineComparison.compareQuery`): which elements are
/// boundary elements, exempt from the comparison.
@Suite struct EngineComparisonTests {
  /// Found by `fuzz-edits`: both engines returned a footer at x ≈ 1.5 × 10⁹ whose frames differ
  /// by 3.3 × 10⁻⁶ (within the tolerance), one just inside the band of certain intersection
  /// and one on its edge. It is a boundary element for both lists; missing from one list while
  /// certain in the other's frame, it is still a difference.
  @Test func anElementOnTheCertainBandsEdgeInOneFrameIsExemptFromBoth() {
    let rect = Rect(
      x: -1, y: 270.6666666666667, width: 1500000102.6666667, height: 270.6666666666667)
    func footer(x: Double) -> LayoutElement {
      LayoutElement(
        kind: .footer, path: ItemPath(0, 0), frame: Rect(x: x, y: 0, width: 0.5, height: 812))
    }
    let onTheEdge = footer(x: 1500000100.1666667)
    let inside = footer(x: 1500000100.1666634)
    #expect(EqualityContract.close(onTheEdge.frame, inside.frame))
    #expect(!EqualityContract.certainlyIntersects(onTheEdge.frame, rect))
    #expect(EqualityContract.certainlyIntersects(inside.frame, rect))

    var both = EngineComparison()
    both.compareQuery([onTheEdge], [inside], rect: rect)
    #expect(both.differences.isEmpty, "\(both.differences)")

    var missing = EngineComparison()
    missing.compareQuery([], [inside], rect: rect)
    #expect(missing.differences.count == 1, "\(missing.differences)")
  }
}
