import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// Prefetch ranges (`docs/semantics.md`, "Prefetch ranges") on random documents (the
/// differential recipes, paged fast engines), random viewports, velocities and policies:
/// fast ≡ reference; the ranges are the ruling's (sorted, disjoint, maximal, the viewport's
/// items among them, widening with the margins); bad requests are refused alike, appending
/// nothing.
@Suite("Prefetch properties")
struct PrefetchProperties {
  static func randomRequest(_ engine: some LayoutEngine, _ random: inout SplitMix64)
    -> (Rect, Point, PrefetchPolicy)
  {
    let content = engine.contentSize
    let bounds = engine.input.bounds
    let viewport = Rect(
      x: random.nextDouble(in: -50...(max(content.width, bounds.width) + 50)),
      y: random.nextDouble(in: -50...(content.height + 50)),
      width: random.nextDouble(in: 0...(bounds.width * 1.2)),
      height: random.nextDouble(in: 0...(max(bounds.height, 100) * 1.2)))
    func speed(_ random: inout SplitMix64) -> Double {
      [0, 0, 1e-300, -1e-300, 800, -800, 12_000, -3][random.nextInt(below: 8)]
    }
    let velocity = Point(x: speed(&random), y: speed(&random))
    let policy =
      random.nextInt(below: 3) == 0
      ? PrefetchPolicy.standard
      : PrefetchPolicy(
        unit: random.nextInt(below: 2) == 0 ? .screens : .points,
        ahead: random.nextDouble(in: 0...3) * (random.nextInt(below: 2) == 0 ? 1 : 100),
        behind: random.nextDouble(in: 0...1) * (random.nextInt(below: 2) == 0 ? 1 : 100))
    return (viewport, velocity, policy)
  }

  @Test("fast ≡ reference for random viewports, velocities and policies")
  func fastMatchesReference() {
    var compared = 0
    var nonEmpty = 0
    var result: [PrefetchRange] = []
    var scratch: [LayoutElement] = []
    PresentationProperties.forEachCase { fast, reference, _, random in
      for _ in 0..<4 {
        let (viewport, velocity, policy) = Self.randomRequest(reference, &random)
        result.removeAll()
        do {
          try fast.prefetchRanges(
            viewport: viewport, velocity: velocity, policy: policy, into: &result,
            scratch: &scratch)
        } catch {
          Issue.record("fast threw \(error)")
        }
        let expected = try? reference.prefetchRanges(
          viewport: viewport, velocity: velocity, policy: policy)
        #expect(
          result == expected,
          "\(viewport) at \(velocity), \(policy): fast \(result), reference \(String(describing: expected))"
        )
        compared += 1
        if !result.isEmpty { nonEmpty += 1 }
      }
    }
    #expect(compared > 1000 && nonEmpty > 500, "\(compared) compared, \(nonEmpty) non-empty")
  }

  @Test("sorted, disjoint, maximal; the viewport's items among them; wider margins, more items")
  func rangesFollowTheRuling() throws {
    var checked = 0
    PresentationProperties.forEachCase { _, reference, _, random in
      let (viewport, velocity, policy) = Self.randomRequest(reference, &random)
      guard let ranges = try? reference.prefetchRanges(
        viewport: viewport, velocity: velocity, policy: policy)
      else {
        Issue.record("refused a valid request")
        return
      }
      for (a, b) in zip(ranges, ranges.dropFirst()) {
        #expect(!a.items.isEmpty && !b.items.isEmpty)
        #expect(
          a.section < b.section
            || (a.section == b.section && a.items.upperBound < b.items.lowerBound),
          "not sorted, disjoint and maximal: \(ranges)")
      }
      func covers(_ path: ItemPath, _ ranges: [PrefetchRange]) -> Bool {
        ranges.contains { $0.section == path.section && $0.items.contains(path.item) }
      }
      let items = reference.allElements.filter { $0.kind == .item }
      for item in items where item.frame.certainlyIntersects(viewport) {
        #expect(covers(item.path, ranges), "\(item.path) is in the viewport, not in \(ranges)")
      }
      var wider = policy
      wider.ahead += 10
      wider.behind += 10
      let more = try! reference.prefetchRanges(
        viewport: viewport, velocity: velocity, policy: wider)
      for range in ranges {
        for i in range.items {
          #expect(covers(ItemPath(section: range.section, item: i), more))
        }
      }
      // Along the direction of travel the region reaches `ahead`, against it `behind`: an item
      // wholly behind the viewport by more than `behind` is not prefetched.
      let alongX =
        reference.input.configuration.scrollDirection == .horizontal
        && reference.input.configuration.variant.honoursScrollDirection
      let speed = alongX ? velocity.x : velocity.y
      if speed > 0 {
        let screen = policy.unit == .screens ? (alongX ? viewport.width : viewport.height) : 1
        let limit = (alongX ? viewport.minX : viewport.minY) - policy.behind * screen
        for item in items where (alongX ? item.frame.maxX : item.frame.maxY) < limit - 1e-6 {
          #expect(!covers(item.path, ranges), "\(item.path) is behind the margin: \(ranges)")
        }
      }
      checked += 1
    }
    #expect(checked > 200)
  }

  @Test("at rest, the standard region is the viewport extended by one length each way")
  func restingRegion() {
    let v = Rect(x: 3, y: 200.5, width: 375, height: 812)
    #expect(
      PrefetchRequest.region(viewport: v, velocity: Point(x: 0, y: 0), policy: .standard, alongX: false)
        == Rect(x: 3, y: 200.5 - 812, width: 375, height: 3 * 812))
    #expect(
      PrefetchRequest.region(viewport: v, velocity: Point(x: 9, y: 0), policy: .standard, alongX: true)
        == Rect(x: 3 - 187.5, y: 200.5, width: 375 + 187.5 + 375, height: 812))
  }

  @Test("bad requests: one typed error, alike in both engines, nothing appended")
  func badRequests() throws {
    let input = LayoutInput(
      configuration: LayoutConfiguration(variant: .horizontalFlow),
      bounds: Size(width: 100, height: 100),
      sections: [SectionData(itemWidths: [50, 50, 50], itemHeights: [50, 50, 50])])
    let fast = try FastFlowLayout(input)
    let reference = try ReferenceFlowLayout(input)
    let good = Rect(x: 0, y: 0, width: 100, height: 100)
    let cases: [(Rect, Point, PrefetchPolicy, String)] = [
      (good, Point(x: 0, y: .nan), .standard, "velocity.y"),
      (good, Point(x: .infinity, y: 0), .standard, "velocity.x"),
      (Rect(x: .nan, y: 0, width: 1, height: 1), Point(x: 0, y: 0), .standard, "viewport.x"),
      (good, Point(x: 0, y: 0), PrefetchPolicy(ahead: -1), "prefetch.ahead"),
      (good, Point(x: 0, y: 0), PrefetchPolicy(behind: .nan), "prefetch.behind"),
      (good, Point(x: 0, y: 0), PrefetchPolicy(unit: .screens, ahead: 1001), "prefetch.ahead"),
    ]
    for (viewport, velocity, policy, field) in cases {
      var a: [PrefetchRange] = [PrefetchRange(section: 9, items: 0..<1)]
      var b = a
      var scratch: [LayoutElement] = []
      var errors: [LayoutError] = []
      for (engine, result) in [(fast as any PrefetchingLayoutEngine, 0), (reference, 1)] {
        do {
          if result == 0 {
            try engine.prefetchRanges(
              viewport: viewport, velocity: velocity, policy: policy, into: &a, scratch: &scratch)
          } else {
            try engine.prefetchRanges(
              viewport: viewport, velocity: velocity, policy: policy, into: &b, scratch: &scratch)
          }
          Issue.record("\(field): accepted")
        } catch {
          errors.append(error)
          guard case .invalidNumber(let named, _, _) = error else {
            Issue.record("\(field): \(error)")
            continue
          }
          #expect(named == field)
        }
      }
      #expect(errors.count == 2 && "\(errors[0])" == "\(errors[1])")  // (NaN ≠ NaN)
      #expect(a == [PrefetchRange(section: 9, items: 0..<1)] && a == b)
    }
    // 1000 screens is accepted, points up to the length limit.
    #expect(
      (try? fast.prefetchRanges(
        viewport: good, velocity: Point(x: 0, y: 1), policy: PrefetchPolicy(ahead: 1000)))
        == [PrefetchRange(section: 0, items: 0..<3)])
  }
}
