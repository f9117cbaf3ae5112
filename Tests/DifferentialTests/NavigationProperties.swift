import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Testing

@testable import FlowLayoutCore

/// Directional navigation (`docs/semantics.md`, "Directional navigation") on random documents
/// (the differential recipes, paged fast engines): fast ≡ reference for every direction, both
/// reading directions and random page lengths; right to left mirrors left and right; arrows
/// move to an item beyond the source's edge.
@Suite("Navigation properties")
struct NavigationProperties {
  @Test("fast ≡ reference for every direction, left to right and right to left")
  func fastMatchesReference() {
    var compared = 0
    var moved = 0
    var scratch: [LayoutElement] = []
    PresentationProperties.forEachCase { fast, reference, _, random in
      let items = reference.allElements.filter { $0.kind == .item }
      guard !items.isEmpty else { return }
      let page = random.nextDouble(in: 1...400)
      var sources = (0..<4).map { _ in items[random.nextInt(below: items.count)].path }
      sources.append(ItemPath(section: 0, item: 10_000))  // does not exist
      for source in sources {
        for direction in NavigationDirection.allCases {
          for layoutDirection in LayoutDirection.allCases {
            let a = Result { () throws(LayoutError) in
              try fast.item(
                from: source, direction: direction, layoutDirection: layoutDirection,
                pageLength: page, scratch: &scratch)
            }
            let b = Result { () throws(LayoutError) in
              try reference.item(
                from: source, direction: direction, layoutDirection: layoutDirection,
                pageLength: page)
            }
            switch (a, b) {
            case (.success(let x), .success(let y)):
              #expect(x == y, "\(direction) \(layoutDirection) from \(source) (page \(page)): fast \(String(describing: x)), reference \(String(describing: y))")
              compared += 1
              if x != nil { moved += 1 }
            case (.failure(let e), .failure(let f)):
              #expect(e == f)
            default:
              Issue.record("\(direction) from \(source): fast \(a), reference \(b)")
            }
          }
        }
      }
    }
    #expect(compared > 2000 && moved > 1000, "\(compared) compared, \(moved) moved")
  }

  @Test("right to left swaps left and right; arrows reach an item beyond the source's edge")
  func mirroringAndEdges() throws {
    PresentationProperties.forEachCase { _, reference, _, random in
      let items = reference.allElements.filter { $0.kind == .item }
      guard !items.isEmpty else { return }
      let source = items[random.nextInt(below: items.count)]
      for (direction, mirrored) in [(NavigationDirection.left, NavigationDirection.right), (.right, .left)] {
        #expect(
          (try? reference.item(from: source.path, direction: direction, layoutDirection: .rightToLeft, pageLength: 100))
            == (try? reference.item(from: source.path, direction: mirrored, pageLength: 100)))
      }
      let f = source.frame
      for direction in [NavigationDirection.up, .down, .left, .right] {
        guard let found = try? reference.item(from: source.path, direction: direction, pageLength: 100)
        else { continue }
        let c = try! reference.frame(ofItemAt: found)
        let tolerance = 1e-9 * max(1, abs(c.maxX), abs(c.maxY), abs(f.maxX), abs(f.maxY))
        switch direction {
        case .down: #expect(c.minY >= f.maxY - tolerance)
        case .up: #expect(c.maxY <= f.minY + tolerance)
        case .right: #expect(c.minX >= f.maxX - tolerance)
        default: #expect(c.maxX <= f.minX + tolerance)
        }
        #expect(found != source.path)
      }
    }
  }

  @Test("home and end are the first and last visible items; bad requests are typed errors")
  func homeEndAndErrors() throws {
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.numberOfRows = 1
    configuration.minimumInteritemSpacing = 0
    let input = LayoutInput(
      configuration: configuration, bounds: Size(100, 300),
      sections: [
        SectionData(items: []), SectionData(header: 20, items: [Size(50, 50), Size(50, 50), Size(50, 50)]),
      ])
    let fast = try FastFlowLayout(input)
    let reference = try ReferenceFlowLayout(input)
    for engine in [fast as any NavigatingLayoutEngine, reference] {
      // Item (1, 2) is hidden (numberOfRows 1: two items a line).
      #expect(try engine.item(from: ItemPath(1, 1), direction: .home, pageLength: 10) == ItemPath(1, 0))
      #expect(try engine.item(from: ItemPath(1, 0), direction: .end, pageLength: 10) == ItemPath(1, 1))
      #expect(try engine.item(from: ItemPath(1, 0), direction: .home, pageLength: 10) == nil)
      #expect(try engine.item(from: ItemPath(1, 0), direction: .right, pageLength: 10) == ItemPath(1, 1))
      #expect(try engine.item(from: ItemPath(1, 0), direction: .down, pageLength: 10) == nil)
      #expect(try engine.item(from: ItemPath(1, 0), direction: .pageDown, pageLength: 10) == ItemPath(1, 1))
      for (path, page, field) in [
        (ItemPath(1, 3), 10.0, "from"), (ItemPath(2, 0), 10, "from"), (ItemPath(1, 0), 0, "pageLength"),
        (ItemPath(1, 0), .nan, "pageLength"), (ItemPath(1, 0), -1, "pageLength"),
      ] {
        #expect(throws: LayoutError.self) {
          _ = try engine.item(from: path, direction: .down, pageLength: page)
        }
        do {
          _ = try engine.item(from: path, direction: .down, pageLength: page)
        } catch {
          #expect(error.field == field)
        }
      }
      #expect(throws: LayoutError.itemHidden(path: ItemPath(1, 2))) {
        _ = try engine.item(from: ItemPath(1, 2), direction: .up, pageLength: 10)
      }
    }
  }
}
