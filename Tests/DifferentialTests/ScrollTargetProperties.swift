import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// Scroll to an item (`docs/semantics.md`, "Scroll to an item") on random documents (the
/// differential recipes, paged fast engines), viewports, insets and items: fast ≡ reference,
/// a second scroll to the target moves 0, and the ruling's placements, checked on the
/// reference's frames.
@Suite("Scroll target properties")
struct ScrollTargetProperties {
  /// Points, or the error, of one engine for every position.
  static func targets<E: ScrollTargetingLayoutEngine>(
    _ engine: E, _ path: ItemPath, _ insets: EdgeInsets, _ viewport: Rect
  ) -> [Result<Point, LayoutError>] {
    ScrollPosition.allCases.map { position in
      Result { () throws(LayoutError) in
        try engine.scrollTarget(for: path, position: position, insets: insets, viewport: viewport)
      }
    }
  }

  static func randomInsets(_ viewport: Rect, _ random: inout SplitMix64) -> EdgeInsets {
    guard random.nextInt(below: 3) != 0 else { return .zero }
    return EdgeInsets(
      top: random.nextDouble(in: 0...(viewport.height / 2)),
      left: random.nextDouble(in: 0...(viewport.width / 2)),
      bottom: random.nextDouble(in: 0...(viewport.height / 2)),
      right: random.nextDouble(in: 0...(viewport.width / 2)))
  }

  /// Random paths: existing items (hidden ones included), and a few that do not exist.
  static func randomPaths(_ counts: [Int], _ random: inout SplitMix64) -> [ItemPath] {
    var paths: [ItemPath] = []
    for _ in 0..<6 {
      let s = random.nextInt(below: counts.count + 1) - (random.nextInt(below: 8) == 0 ? 1 : 0)
      let count = counts.indices.contains(s) ? counts[s] : 3
      paths.append(ItemPath(section: s, item: random.nextInt(below: count + 1)))
    }
    return paths
  }

  @Test("fast ≡ reference, and a second scroll to the target moves 0, in both engines")
  func fastMatchesReference() {
    var compared = 0
    var idempotent = 0
    PresentationProperties.forEachCase { fast, reference, _, random in
      let counts = reference.input.sections.map(\.count)
      let content = reference.contentSize
      let bounds = reference.input.bounds
      let viewport = Rect(
        x: random.nextDouble(in: -30...(content.width + 30)),
        y: random.nextDouble(in: -30...(content.height + 30)),
        width: random.nextDouble(in: 0...(bounds.width * 1.2)),
        height: random.nextDouble(in: 1...(max(bounds.height, 2) * 1.2)))
      let insets = Self.randomInsets(viewport, &random)
      // Within the engines' equality (their frames agree within 1e-9 relative): the target is a
      // difference of coordinates of the content's magnitude.
      let scale = max(1, content.width, content.height, abs(viewport.minX), abs(viewport.minY))
      for path in Self.randomPaths(counts, &random) {
        let a = Self.targets(fast, path, insets, viewport)
        let b = Self.targets(reference, path, insets, viewport)
        for (k, (x, y)) in zip(a, b).enumerated() {
          switch (x, y) {
          case (.success(let p), .success(let q)):
            #expect(
              abs(p.x - q.x) <= 1e-9 * scale && abs(p.y - q.y) <= 1e-9 * scale,
              "\(ScrollPosition.allCases[k]) to \(path): fast \(p), reference \(q)")
            compared += 1
          case (.failure(let e), .failure(let f)):
            #expect(e == f)
          default:
            Issue.record("\(ScrollPosition.allCases[k]) to \(path): fast \(x), reference \(y)")
          }
        }
        // Scrolling again to the target does not move (in each engine, on its own frames).
        for position in ScrollPosition.allCases {
          func again<E: ScrollTargetingLayoutEngine>(_ engine: E) {
            guard
              let first = try? engine.scrollTarget(
                for: path, position: position, insets: insets, viewport: viewport)
            else { return }
            var moved = viewport
            moved.origin = first
            let second = try? engine.scrollTarget(
              for: path, position: position, insets: insets, viewport: moved)
            #expect(second == first, "\(E.engineName) \(position) to \(path) moved again")
            idempotent += 1
          }
          again(fast)
          again(reference)
        }
      }
    }
    #expect(compared > 1000 && idempotent > 1000, "\(compared) compared, \(idempotent) repeated")
  }

  @Test("the ruling's placements, on the reference's frames")
  func placements() throws {
    var checked = 0
    PresentationProperties.forEachCase { _, reference, _, random in
      let configuration = reference.input.configuration
      let alongX =
        configuration.scrollDirection == .horizontal && configuration.variant.honoursScrollDirection
      let content = reference.contentSize
      let contentLength = alongX ? content.width : content.height
      let viewport = Rect(
        x: random.nextDouble(in: 0...max(0, content.width)),
        y: random.nextDouble(in: 0...max(0, content.height)),
        width: random.nextDouble(in: 1...300), height: random.nextDouble(in: 1...300))
      let insets = Self.randomInsets(viewport, &random)
      let length = alongX ? viewport.width : viewport.height
      let (before, after) = alongX ? (insets.left, insets.right) : (insets.top, insets.bottom)
      let start = alongX ? viewport.minX : viewport.minY
      let limit = max(0, contentLength - length)
      for element in reference.allElements where element.kind == .item {
        guard random.nextInt(below: 4) == 0 else { continue }
        let f = element.frame
        let (lo, hi) = alongX ? (f.minX, f.maxX) : (f.minY, f.maxY)
        func along(_ p: Point) -> Double { alongX ? p.x : p.y }
        func target(_ position: ScrollPosition) -> Double {
          along(
            try! reference.scrollTarget(
              for: element.path, position: position, insets: insets, viewport: viewport))
        }
        let tolerance = 1e-9 * max(1, abs(hi), contentLength)
        // top: the leading edge at the band's start, unless clamped.
        let top = target(.top)
        #expect(abs(top - min(max(lo - before, 0), limit)) <= tolerance)
        // bottom: the trailing edge at the band's end, unless clamped.
        #expect(abs(target(.bottom) - min(max(hi - length + after, 0), limit)) <= tolerance)
        // center: the middles meet, unless clamped.
        let center = target(.center)
        if center > tolerance, center < limit - tolerance {
          #expect(abs((lo + hi) / 2 - (center + before + (length - before - after) / 2)) <= tolerance)
        }
        // nearest: no move when fully visible within a viewport inside the content; otherwise
        // the top or the bottom placement.
        let nearest = target(.nearest)
        if lo >= start + before, hi <= start + length - after, start <= limit {
          #expect(nearest == start)
        } else if nearest != start {
          #expect(nearest == top || nearest == target(.bottom))
        }
        checked += 1
      }
    }
    #expect(checked > 1000)
  }

  @Test("bad requests are typed errors naming the field, in both engines")
  func badRequests() throws {
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.numberOfRows = 1
    configuration.minimumInteritemSpacing = 0
    let input = LayoutInput(
      configuration: configuration,
      bounds: Size(100, 300),
      sections: [SectionData(items: [Size(50, 50), Size(50, 50), Size(50, 50)])])
    let fast = try FastFlowLayout(input)
    let reference = try ReferenceFlowLayout(input)
    let viewport = Rect(x: 0, y: 0, width: 100, height: 100)
    let ok = EdgeInsets.zero
    let cases: [(ItemPath, EdgeInsets, Rect, String)] = [
      (ItemPath(section: 0, item: 3), ok, viewport, "item"),
      (ItemPath(section: 1, item: 0), ok, viewport, "item"),
      (ItemPath(section: -1, item: 0), ok, viewport, "item"),
      (ItemPath(section: 0, item: 2), ok, viewport, "item"),  // hidden (numberOfRows 1)
      (ItemPath(section: 0, item: 0), EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0), viewport,
       "insets.top"),
      (ItemPath(section: 0, item: 0), EdgeInsets(top: 0, left: 0, bottom: -1, right: 0), viewport,
       "insets.bottom"),
      (ItemPath(section: 0, item: 0), EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0),
       viewport, "insets.left"),
      (ItemPath(section: 0, item: 0), ok, Rect(x: .nan, y: 0, width: 1, height: 1), "viewport.x"),
      (ItemPath(section: 0, item: 0), ok, Rect(x: 0, y: 0, width: 1, height: -1),
       "viewport.height"),
    ]
    for (path, insets, rect, field) in cases {
      for position in ScrollPosition.allCases {
        var errors: [LayoutError] = []
        for engine in [fast as any ScrollTargetingLayoutEngine, reference] {
          do {
            _ = try engine.scrollTarget(for: path, position: position, insets: insets, viewport: rect)
            Issue.record("\(path) \(insets) \(rect) was accepted")
          } catch {
            errors.append(error)
          }
        }
        // (Compared as text: a NaN value is not equal to itself.)
        #expect(errors.count == 2 && errors[0].description == errors[1].description, "\(errors)")
        if case .itemHidden(let hidden) = errors.first {
          #expect(hidden == path && field == "item")
        } else {
          #expect(errors.first?.field == field, "\(errors)")
        }
      }
    }
  }
}
