import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The closed form's line capacity equals what the greedy accumulation gives, around every
/// boundary: widths that fill the line exactly, by one ulp more or less, and at `A + ε`.
@Suite("Closed form ≡ greedy rule")
struct ClosedFormTests {
  /// The greedy rule written out plainly: the items per line for identical widths `w`.
  static func greedyLineCounts(width w: Double, count: Int, a: Double, i: Double) -> [Int] {
    let epsilon = 1e-9 * max(1, a)
    var counts: [Int] = []
    var j = 0
    while j < count {
      var used = w
      var k = 1
      while j + k < count, used + i + w <= a + epsilon {
        used = used + i + w
        k += 1
      }
      counts.append(k)
      j += k
    }
    return counts
  }

  static let lineLengths = [375.0, 320, 100, 77.7]
  static let spacings = [0.0, 10, 3.25]

  /// Every width at (and one ulp or one tolerance around) `k` items filling a line exactly.
  static var boundaryWidths: [Double] {
    var widths: [Double] = []
    withEveryCombination(lineLengths, spacings, 1...7) { a, i, k in
      let exact = (a - Double(k - 1) * i) / Double(k)
      guard exact > 0 else { return }
      let epsilon = 1e-9 * max(1, a) / Double(k)
      widths += [
        exact, exact.nextUp, exact.nextDown, exact + epsilon * 0.999, exact + epsilon * 1.001,
      ]
    }
    return widths
  }

  @Test func capacityMatchesTheAccumulationAtBoundaries() {
    withEveryCombination(Self.lineLengths, Self.spacings, Self.boundaryWidths) { a, i, w in
      let expected = Self.greedyLineCounts(width: w, count: 40, a: a, i: i).first ?? 0
      let c = LineBreaker.uniformCapacity(
        width: w, count: 40, limit: a + 1e-9 * max(1, a), interitem: i)
      #expect(c == expected, "w \(w), A \(a), I \(i)")
    }
  }

  /// The same items laid out by the closed form (`itemSize` mode) and as a line table (own
  /// sizes, the last item a different height so the section is not uniform) break identically.
  @Test(arguments: [0.0, 10, 3.25])
  func closedFormAndTableBreakAlike(interitem: Double) throws {
    for w in Self.boundaryWidths where w <= 375 {
      var grid = LayoutConfiguration(variant: .horizontalFlow)
      grid.itemSize = Size(w, 40)
      grid.minimumInteritemSpacing = interitem
      var own = grid
      own.estimatedItemSize = Size(1, 1)
      var items = [Size](repeating: Size(w, 40), count: 30)
      let closed = try FastFlowLayout(
        LayoutInput(
          configuration: grid, bounds: Size(375, 812), sections: [SectionData(items: items)]))
      items[29].height = 39
      let table = try FastFlowLayout(
        LayoutInput(
          configuration: own, bounds: Size(375, 812), sections: [SectionData(items: items)]))
      guard case .uniform = closed.pages[0].lines, case .table = table.pages[0].lines else {
        Issue.record("expected one closed-form and one table section")
        return
      }
      for j in 0..<29 {
        let a = try closed.frame(ofItemAt: ItemPath(0, j))
        let b = try table.frame(ofItemAt: ItemPath(0, j))
        #expect(a.minX == b.minX && abs(a.minY - b.minY) < 1e-9, "w \(w), item \(j)")
      }
    }
  }

  @Test func equalOwnSizesTakeTheClosedForm() throws {
    let items = [Size](repeating: Size(100, 50), count: 1_000)
    let engine = try FastFlowLayout(TestInputs.ownSizes([items]))
    guard case .uniform(let u) = engine.pages[0].lines else {
      Issue.record("expected the closed form")
      return
    }
    #expect(u.perLine == 3)
    let expected: Double = 20 + 334 * 50 + 333 * 10 + 10
    #expect(engine.contentSize.height == expected)
  }

  /// A resize under `itemSize` (sizes ignored: the closed form stays) rewrites the position
  /// tables in their own storage (the engine allocates nothing for it); the frames stay the
  /// closed form's.
  @Test func aResizeRecountsTheClosedFormInPlace() throws {
    let items = [Size](repeating: Size(100, 50), count: 1_000)
    let input = TestInputs.ownSizes([items]) {
      $0.estimatedItemSize = Size(0, 0)
      $0.itemSize = Size(100, 50)
    }
    var engine = try FastFlowLayout(input)
    func tables() -> [UnsafeRawPointer?] {
      guard case .uniform(let u) = engine.pages[0].lines else { return [] }
      return [u.fullLineX, u.lastLineX].map { $0.withUnsafeBytes { $0.baseAddress } }
    }
    func resize(_ i: Int, _ width: Double) throws {
      try engine.apply(
        BatchUpdate(resizeItems: [ItemResize(at: ItemPath(0, i), size: Size(width, 50))]))
    }
    // The first edit may give the tables room; every later one must reuse it.
    try resize(7, 30)
    let before = tables()
    #expect(before.count == 2)
    for (i, width) in [(0, 40.0), (998, 300), (999, 10), (500, 60)] {
      let counters = engine.workCounters
      try resize(i, width)
      #expect(engine.workCounters.itemsPositioned > counters.itemsPositioned, "item \(i)")
      #expect(tables() == before, "item \(i)")
    }
    let reference = try FastFlowLayout(input)
    #expect(
      TestInputs.allFramesByBruteForce(engine) == TestInputs.allFramesByBruteForce(reference))
  }

}
