import FlowLayoutCore
import FlowLayoutModel

/// Seeded inputs for the core's tests.
struct SeededSizes {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> Double {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(state >> 11) / Double(1 << 53)
  }

  /// `count` sizes with widths and heights in 60…200 pt, whole points.
  mutating func mixed(_ count: Int) -> [Size] {
    (0..<count).map { _ in Size((60 + 140 * next()).rounded(), (60 + 140 * next()).rounded()) }
  }
}

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

  static func close(_ a: [LayoutElement], _ b: [LayoutElement]) -> Bool {
    guard a.count == b.count else { return false }
    func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
    return zip(a, b).allSatisfy { e, f in
      e.kind == f.kind && e.path == f.path && near(e.frame.minX, f.frame.minX)
        && near(e.frame.minY, f.frame.minY) && near(e.frame.width, f.frame.width)
        && near(e.frame.height, f.frame.height)
    }
  }
}
