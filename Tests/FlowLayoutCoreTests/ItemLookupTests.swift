import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// `frame(ofItemAt:)` (`Queries/ItemLookup.swift`): while every section is one page, an item's
/// page is its section's and its index is its own, found without the page trees; once a section
/// is cut into pages, by their descent. Both give every item the frame the rect query gives.
@Suite("Item lookup")
struct ItemLookupTests {
  /// Sections of 0–300 mixed items (one with its own metrics, one hiding items by
  /// `numberOfRows`), every variant and both directions.
  static func input(variant: LayoutVariant, direction: ScrollDirection) -> LayoutInput {
    var sizes = SplitMix64(seed: 41)
    var input = TestInputs.ownSizes(
      [sizes.mixedSizes(300), [], sizes.mixedSizes(7), sizes.mixedSizes(90)], variant: variant
    ) { $0.scrollDirection = direction }
    input.sections[3].metrics = SectionMetrics(
      sectionInset: EdgeInsets(top: 5, left: 20, bottom: 5, right: 0), minimumInteritemSpacing: 0,
      minimumLineSpacing: 4)
    return input
  }

  /// Every item's `frame(ofItemAt:)` (or its error) against the rect query's frames, and its
  /// page against the page trees' descent (`locate`).
  static func expectLookupsMatchTheRectQuery(_ engine: FastFlowLayout, _ note: String) {
    var expected: [ItemPath: Rect] = [:]
    for e in engine.allElements where e.kind == .item { expected[e.path] = e.frame }
    for s in 0..<engine.itemCounts.count {
      for j in 0..<engine.itemCounts[s] {
        let path = ItemPath(s, j)
        #expect(
          engine.page(holdingItem: j, inSection: s) == engine.locate(item: j, inSection: s),
          "\(note) \(path)")
        if let frame = expected[path] {
          #expect((try? engine.frame(ofItemAt: path)) == frame, "\(note) \(path)")
        } else {
          #expect(throws: LayoutError.itemHidden(path: path), "\(note) \(path)") {
            try engine.frame(ofItemAt: path)
          }
        }
      }
    }
    let counts = engine.itemCounts
    var missing = [
      ItemPath(0, -1), ItemPath(-1, 0), ItemPath(0, counts[0]), ItemPath(counts.count, 0),
    ]
    for s in counts.indices where counts[s] == 0 { missing.append(ItemPath(s, 0)) }
    for path in missing {
      #expect(throws: LayoutError.itemOutOfRange(field: "path", path: path), "\(note) \(path)") {
        try engine.frame(ofItemAt: path)
      }
    }
  }

  /// A fresh layout keeps every section as one page (`pagesAreSections`): each lookup's page is
  /// its section. After an insertion cuts the long section into pages (capacity 32), lookups
  /// go through the page trees; the frames stay the rect query's throughout.
  @Test(arguments: LayoutVariant.allCases)
  func lookupsEqualTheRectQueryWithAndWithoutPages(variant: LayoutVariant) throws {
    for direction in ScrollDirection.allCases {
      var engine = try FastFlowLayout(Self.input(variant: variant, direction: direction))
      let note = "\(variant) \(direction)"
      #expect(engine.pagesAreSections, "\(note): a fresh layout is one page a section")
      for s in 0..<engine.itemCounts.count {
        #expect(engine.pages(ofSection: s) == s..<(s + 1), "\(note) section \(s)")
      }
      Self.expectLookupsMatchTheRectQuery(engine, "\(note), one page a section")
      engine.pageCapacity = PageCapacity(target: 32)
      try engine.apply(
        BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 150), size: Size(90, 70))]))
      if engine.pages.count > engine.itemCounts.count {
        #expect(!engine.pagesAreSections, "\(note)")
      }
      Self.expectLookupsMatchTheRectQuery(engine, "\(note), paged")
    }
  }

  /// A long greedy section is cut into pages by an insertion; every lookup still answers.
  @Test func aPagedSectionIsNotTakenForItsFirstPage() throws {
    var sizes = SplitMix64(seed: 43)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([sizes.mixedSizes(400), sizes.mixedSizes(30)]))
    engine.pageCapacity = PageCapacity(target: 32)
    try engine.apply(
      BatchUpdate(insertItems: [ItemInsertion(at: ItemPath(0, 200), size: Size(90, 70))]))
    #expect(engine.pages.count > 2)
    #expect(!engine.pagesAreSections)
    Self.expectLookupsMatchTheRectQuery(engine, "paged")
  }
}
