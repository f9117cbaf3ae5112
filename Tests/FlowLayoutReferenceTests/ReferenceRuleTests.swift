import FlowLayoutModel
import FlowLayoutReference
import Testing

/// Rules that need numbers a JSON fixture cannot state exactly (rounding), or that are about
/// counts rather than frames.
@Suite("Reference engine: rules at the rounding edge")
struct ReferenceRuleTests {
  static func ownSizes(_ widths: [Double], width: Double, spacing: Double) -> LayoutInput {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.estimatedItemSize = Size(1, 1)
    c.minimumInteritemSpacing = spacing
    return LayoutInput(
      configuration: c, bounds: Size(width, 100),
      sections: [SectionData(items: widths.map { Size($0, 10) })])
  }

  @Test("greedy line filling: a sum that rounds past A by less than ε still fits")
  func lineFitTolerance() throws {
    // 0.1 + 0.2 = 0.30000000000000004 > 0.3, but within ε = 1e-9.
    #expect(0.1 + 0.2 > 0.3)
    let fits = try ReferenceFlowLayout(Self.ownSizes([0.1, 0.2], width: 0.3, spacing: 0))
    #expect(try fits.frame(ofItemAt: ItemPath(0, 1)).minY == 0)
    // Past the tolerance: a new line.
    let wraps = try ReferenceFlowLayout(Self.ownSizes([0.1, 0.2 + 1e-8], width: 0.3, spacing: 0))
    #expect(try wraps.frame(ofItemAt: ItemPath(0, 1)).minY == 10 + 10)
  }

  @Test("an item wider than A by less than ε does not overflow; by more, it does")
  func overflowTolerance() throws {
    let within = try ReferenceFlowLayout(Self.ownSizes([100 + 1e-8], width: 100, spacing: 10))
    #expect(within.overflowingItems.isEmpty)
    let beyond = try ReferenceFlowLayout(Self.ownSizes([100 + 1e-6], width: 100, spacing: 10))
    #expect(beyond.overflowingItems == [ItemPath(0, 0)])
  }

  @Test("scaled modes put exactly c items per line even when c·w + (c−1)·I rounds past A")
  func scaledLinesByConstruction() throws {
    for (columns, spacing, width) in [(3, 0.1, 100.0), (7, 0.3, 99.7), (10, 1.1, 333.3)] {
      var c = LayoutConfiguration(variant: .horizontalFlow)
      c.numberOfColumns = columns
      c.minimumInteritemSpacing = spacing
      let engine = try ReferenceFlowLayout(
        LayoutInput(
          configuration: c, bounds: Size(width, 100),
          sections: [SectionData(items: Array(repeating: Size(1, 1), count: 2 * columns))]))
      let frames = try (0..<(2 * columns)).map { try engine.frame(ofItemAt: ItemPath(0, $0)) }
      #expect(Set(frames.prefix(columns).map(\.minY)).count == 1)
      #expect(Set(frames.suffix(columns).map(\.minY)).count == 1)
      #expect(frames[columns].minY > frames[0].minY)
    }
  }

  @Test("minimumScaledItemSize: c is computed as ⌊(A + I)/(m.w + I)⌋ in Double")
  func scaledColumnCount() throws {
    // A = 300, I = 10, m.w = 90: (300 + 10)/(90 + 10) = 3.1 -> 3 columns of (300 - 20)/3.
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.minimumScaledItemSize = Size(90, 45)
    let engine = try ReferenceFlowLayout(
      LayoutInput(
        configuration: c, bounds: Size(300, 100),
        sections: [SectionData(items: Array(repeating: Size(1, 1), count: 4))]))
    let w = 280.0 / 3
    #expect(
      try engine.frame(ofItemAt: ItemPath(0, 2))
        == Rect(x: 2 * (w + 10), y: 0, width: w, height: w / 2))
    #expect(try engine.frame(ofItemAt: ItemPath(0, 3)).minX == 0)
  }

  @Test("a huge scaled column count does not trap: every item on one line")
  func hugeColumnCount() throws {
    var c = LayoutConfiguration(variant: .horizontalFlow)
    c.minimumScaledItemSize = Size(0.01, 0.01)  // LayoutLimits.minimumScalingLength
    c.minimumInteritemSpacing = 0
    let engine = try ReferenceFlowLayout(
      LayoutInput(
        configuration: c, bounds: Size(1e7, 100),
        sections: [SectionData(items: Array(repeating: Size(1, 1), count: 3))]))
    // c = ⌊1e7 / 0.01⌋ = 1e9 columns of width 0.01.
    let frames = try (0..<3).map { try engine.frame(ofItemAt: ItemPath(0, $0)) }
    #expect(frames.allSatisfy { $0.minY == 0 && abs($0.width - 0.01) < 1e-12 })
  }

  @Test("numberOfItems(inSection:) counts hidden items (See All (N))")
  func seeAllCount() throws {
    var c = LayoutConfiguration(variant: .horizontalFit)
    c.minimumInteritemSpacing = 10
    let engine = try ReferenceFlowLayout(
      LayoutInput(
        configuration: c, bounds: Size(100, 100),
        sections: [
          SectionData(
            header: 20, items: Array(repeating: Size(60, 10), count: 5), showsSeeAll: true)
        ]))
    #expect(engine.hiddenItems.count == 4)
    #expect(try engine.numberOfItems(inSection: 0) == 5)
  }

  @Test("horizontal scrolling in the variants that ignore it changes nothing")
  func ignoredScrollDirection() throws {
    for variant in LayoutVariant.allCases where !variant.honoursScrollDirection {
      var input = baseInput(variant)
      let vertical = try ReferenceFlowLayout(input)
      input.configuration.scrollDirection = .horizontal
      let horizontal = try ReferenceFlowLayout(input)
      #expect(horizontal.allElements == vertical.allElements, "\(variant)")
      #expect(horizontal.contentSize == vertical.contentSize, "\(variant)")
    }
  }

  @Test("the engine's name is reference")
  func name() { #expect(ReferenceFlowLayout.engineName == "reference") }
}
