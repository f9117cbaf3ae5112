import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The frame lookup's work (`lookupWork(_:_:)`): the page summary entries
/// and line entries it reads are O(log p) and O(1 + log r); ten times the items add at most one
/// tree level's entries. The page and index it finds are checked against a naive walk of the
/// pages.
@Suite("Item lookup work")
struct ItemLookupWorkTests {
  /// The levels of a fanout-32 tree over `count` values (0 for at most one).
  static func levels(_ count: Int) -> Int {
    var levels = count > 1 ? 1 : 0
    var size = count
    while size > 32 {
      size = (size + 31) / 32
      levels += 1
    }
    return levels
  }

  /// The most summary entries a lookup reads in a tree of `slots` slots: a prefix (one entry a
  /// level) for the section's first page, a descent (the total, ≤ 5 probes and the chosen
  /// entry a level) and the page's top (one entry a level).
  static func summaryBound(slots: Int) -> Int { 1 + 8 * levels(slots) }

  /// The work of `engine.frame(ofItemAt: path)`: the page summary entries its descent reads
  /// (`FastFlowLayout.locate(item:inSection:)`'s: a prefix's one entry a level, and the
  /// descent's total, probes and chosen entry a level, counted by the same descent with a
  /// counting test, which must find the lookup's page) and the page's top (one entry a level);
  /// the line starts and block sums it reads (`LineTable.probedLine(containing:)`, and the
  /// line's block top, one entry a level); lines that are not a table read none.
  static func lookupWork(_ engine: FastFlowLayout, _ path: ItemPath)
    -> (summaryEntries: Int, lineEntries: Int)
  {
    let (s, j) = (path.section, path.item)
    let (p, index) = engine.page(holdingItem: j, inSection: s)
    var summaryEntries = engine.pageSummaries.levels
    let first = engine.firstPage[s]
    if !engine.pagesAreSections && engine.firstPage[s + 1] - first > 1 {
      let tree = engine.pageSummaries
      let base = first == 0 ? 0 : tree.prefix(engine.pages.slot(first)).items
      summaryEntries += (first == 0 ? 0 : tree.levels) + tree.levels
      let (q, _) = tree.seek {
        summaryEntries += 1
        return $0.itemCount <= Double(base + j)
      }
      #expect(engine.pages.index(ofSlot: q) == p, "the counted descent finds the lookup's page")
    }
    guard case .table(let t) = engine.pages[p].lines, index < t.visibleEnd else {
      return (summaryEntries, 0)
    }
    return (summaryEntries, t.probedLine(containing: index).probes + t.blocks.levels)
  }

  /// The page and index in it of item `j` of section `s`, by walking the pages.
  static func naivePage(_ engine: FastFlowLayout, item j: Int, inSection s: Int) -> (Int, Int) {
    var before = 0
    for p in engine.pages(ofSection: s) {
      let count = engine.pages[p].count
      if j < before + count { return (p, j - before) }
      before += count
    }
    return (-1, -1)
  }

  /// Every `stride`-th item of `engine`: its frame exists, its page and index are the naive
  /// walk's, and its work is within the bounds. Returns the worst work seen.
  static func expectBoundedLookups(
    _ engine: FastFlowLayout, stride step: Int, _ note: String
  ) throws -> (summaryEntries: Int, lineEntries: Int) {
    var worst = (summaryEntries: 0, lineEntries: 0)
    let slots = engine.pages.slotCount
    for s in 0..<engine.sectionCount {
      for j in stride(from: s % step, to: engine.itemCounts[s], by: step) {
        let path = ItemPath(section: s, item: j)
        _ = try engine.frame(ofItemAt: path)
        let found = engine.page(holdingItem: j, inSection: s)
        let naive = naivePage(engine, item: j, inSection: s)
        #expect(found == naive, "\(note): item \(path)")
        let work = lookupWork(engine, path)
        #expect(work.summaryEntries <= summaryBound(slots: slots), "\(note): \(path) \(work)")
        // ≤ 3 starts between two index entries (≤ 8 lines) or ≤ 5 in one block, plus the
        // block tree's levels.
        let lines = engine.pages[found.page].visibleLineCount
        #expect(work.lineEntries <= 5 + levels((lines + 31) / 32), "\(note): \(path) \(work)")
        worst.summaryEntries = max(worst.summaryEntries, work.summaryEntries)
        worst.lineEntries = max(worst.lineEntries, work.lineEntries)
      }
    }
    return worst
  }

  /// One section of 10 000 and of 100 000 mixed items, as laid out (one page) and cut into
  /// pages for edits: ten times the items add at most one level's entries to a lookup.
  @Test func aLookupReadsLogarithmicallyManyEntries() throws {
    var rng = SplitMix64(seed: 41)
    var worst: [(summaryEntries: Int, lineEntries: Int)] = []
    for n in [10_000, 100_000] {
      var engine = try FastFlowLayout(TestInputs.ownSizes([rng.mixedSizes(n)]), threads: 1)
      let laidOut = try Self.expectBoundedLookups(engine, stride: n / 1_000 + 7, "\(n) laid out")
      #expect(laidOut.summaryEntries == 0)
      engine.pageCapacity = PageCapacity(target: 256)
      engine.prepareForEdits()
      #expect(engine.pages.count >= n / 512)
      worst.append(try Self.expectBoundedLookups(engine, stride: n / 1_000 + 7, "\(n) in pages"))
    }
    #expect(worst[0].summaryEntries > 0)
    #expect(worst[1].summaryEntries <= worst[0].summaryEntries + 8)
    #expect(worst[1].lineEntries <= worst[0].lineEntries + 1)
  }

  /// Many short sections (one page each: no descent) and long paged sections among them.
  @Test func sectionsReadOnlyThePageTopsOrOneDescent() throws {
    var rng = SplitMix64(seed: 42)
    let sections = (0..<400).map { s in rng.mixedSizes(s % 50 == 7 ? 3_000 : 20) }
    var engine = try FastFlowLayout(TestInputs.ownSizes(sections), threads: 1)
    let short = try Self.expectBoundedLookups(engine, stride: 3, "one page a section")
    #expect(short.summaryEntries <= Self.levels(engine.pages.slotCount))
    engine.pageCapacity = PageCapacity(target: 128)
    engine.prepareForEdits()
    #expect(engine.pages.count > engine.sectionCount)
    _ = try Self.expectBoundedLookups(engine, stride: 11, "paged sections")
  }
}
