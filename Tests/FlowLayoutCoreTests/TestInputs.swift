import FlowLayoutCore
import FlowLayoutModel

enum TestInputs {
  /// `.horizontalFlow` with own sizes (`estimatedItemSize ≠ 0`), 375 pt wide.
  static func ownSizes(
    _ sections: [[Size]], variant: LayoutVariant = .horizontalFlow,
    configure: (inout LayoutConfiguration) -> Void = { _ in }
  ) -> LayoutInput {
    var c = LayoutConfiguration(variant: variant)
    c.estimatedItemSize = Size(100, 100)
    configure(&c)
    return LayoutInput(
      configuration: c, bounds: Size(375, 812),
      sections: sections.map { SectionData(header: 20, footer: 10, items: $0) })
  }

  /// Every frame the engine answers, by brute force: each item's `frame(ofItemAt:)` (hidden ones
  /// skipped) and each supplementary frame, in document order.
  static func allFramesByBruteForce(_ engine: FastFlowLayout) -> [LayoutElement] {
    var result: [LayoutElement] = []
    for (s, section) in engine.input.sections.enumerated() {
      if let h = try! engine.supplementaryFrame(.header, inSection: s) {
        result.append(.header(s, h))
      }
      for i in 0..<section.count {
        if let f = try? engine.frame(ofItemAt: ItemPath(s, i)) {
          result.append(.item(ItemPath(s, i), f))
        }
      }
      if let f = try! engine.supplementaryFrame(.footer, inSection: s) {
        result.append(.footer(s, f))
      }
    }
    return result
  }
}
