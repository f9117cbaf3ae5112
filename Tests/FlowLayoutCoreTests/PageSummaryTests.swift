import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The page summaries (`SummaryTree<PageSummary>`, one record per page slot): every answer equals
/// a naive array of the same records after random updates, the tree equals a fresh build bit for
/// bit, an update writes O(32 log₃₂ p) entries (its returned work), and the engine's page
/// questions (top, page at a height, page of an item, first item, content size) equal the naive
/// answers over its pages after random section and item edits.
@Suite("Page summaries")
struct PageSummaryTests {
  /// Heights in halves (sums exact in any order), counts and extents small.
  static func record(_ rng: inout SplitMix64) -> PageSummary {
    PageSummary(
      height: (rng.nextUnit() * 400).rounded() / 2, items: Int(rng.nextUnit() * 600),
      extent: (rng.nextUnit() * 900).rounded())
  }

  /// Every answer of `tree` against the naive `model`, at `probes` random places.
  static func expectAnswers(
    _ tree: SummaryTree<PageSummary>, _ model: [PageSummary], _ rng: inout SplitMix64,
    _ note: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(tree.count == model.count, "\(note) count", sourceLocation: sourceLocation)
    #expect(tree == SummaryTree(model), "\(note): not a fresh build", sourceLocation: sourceLocation)
    var before = [PageSummary.zero]
    for v in model { before.append(before[before.count - 1] + v) }
    #expect(tree.total == before[model.count], "\(note) total", sourceLocation: sourceLocation)
    for _ in 0..<40 {
      let k = Int(rng.nextUnit() * Double(model.count + 1)) % (model.count + 1)
      #expect(tree.prefix(k) == before[k], "\(note) prefix(\(k))", sourceLocation: sourceLocation)
      if k < model.count {
        #expect(tree[k] == model[k], "\(note) value \(k)", sourceLocation: sourceLocation)
      }
      // y → slot and item → slot: the first slot whose inclusive prefix reaches the target.
      let total = before[model.count]
      let y = (rng.nextUnit() * (total.height + 10)).rounded() / 2
      let byHeight = (0..<model.count).first { before[$0 + 1].height >= y } ?? model.count
      let seekHeight = tree.seek { $0.height < y }
      #expect(seekHeight.index == byHeight, "\(note) y \(y)", sourceLocation: sourceLocation)
      #expect(seekHeight.prefix == before[byHeight], "\(note) y \(y) prefix", sourceLocation: sourceLocation)
      let item = Int(rng.nextUnit() * Double(total.items + 2))
      let byItem = (0..<model.count).first { before[$0 + 1].items > item } ?? model.count
      let seekItem = tree.seek { $0.items <= item }
      #expect(seekItem.index == byItem, "\(note) item \(item)", sourceLocation: sourceLocation)
      #expect(seekItem.prefix == before[byItem], "\(note) item \(item) prefix", sourceLocation: sourceLocation)
    }
  }

  /// The entries an update may write: the value, then per level the rest of a group and its sum.
  static func updateBound(count: Int) -> Int {
    var levels = 1
    var n = count
    while n > 32 {
      n = (n + 31) / 32
      levels += 1
    }
    return 1 + 33 * levels
  }

  @Test(arguments: [0, 1, 2, 31, 32, 33, 1_023, 1_025, 33_000])
  func randomUpdatesMatchTheNaiveArray(count: Int) {
    var rng = SplitMix64(seed: 36 &+ UInt64(count))
    var model = (0..<count).map { _ in Self.record(&rng) }
    var tree = SummaryTree(model)
    Self.expectAnswers(tree, model, &rng, "built")
    guard count > 0 else { return }
    for round in 0..<30 {
      switch round % 3 {
      case 0:
        // One slot (a page edited, or emptied into the gap).
        let q = Int(rng.nextUnit() * Double(count)) % count
        model[q] = round % 6 == 0 ? .zero : Self.record(&rng)
        let written = tree.set(q, model[q])
        #expect(written >= 1 && written <= Self.updateBound(count: count), "round \(round): \(written)")
      case 1:
        // Several slots summed again from the first (`refreshPages`).
        let qs = (0..<5).map { _ in Int(rng.nextUnit() * Double(count)) % count }
        for q in qs { model[q] = Self.record(&rng) }
        let written = tree.set(qs) { model[$0] }
        // The values, then once through the groups from the first to the last of them.
        var (bound, lo, hi, size) = (qs.count, qs.min()!, qs.max()!, count)
        while true {
          bound += hi - lo + 32
          if size <= 32 { break }
          (lo, hi, size) = (lo >> 5, hi >> 5, (size + 31) / 32)
        }
        #expect(written <= bound, "round \(round): \(written) > \(bound)")
      default:
        // The tail rebuilt in place, the count changed (the slots re-laid out).
        let kept = Int(rng.nextUnit() * Double(count)) % count
        let newCount = max(kept, count + Int(rng.nextUnit() * 8) - 4)
        model = Array(model[..<kept]) + (kept..<newCount).map { _ in Self.record(&rng) }
        tree.rebuild(count: newCount, keepingFirst: kept) { tail in
          for i in tail.indices { tail[i] = model[kept + i] }
        }
        model = Array(model[..<newCount])
      }
      Self.expectAnswers(tree, model, &rng, "round \(round)")
      if model.count != count {
        // Back to `count` slots for the next rounds.
        model = model.count > count ? Array(model[..<count]) : model + (model.count..<count).map { _ in Self.record(&rng) }
        tree = SummaryTree(model)
      }
    }
  }

  /// The heights of a tree of records are bit for bit those of a `PrefixSumTree` of the heights
  /// (the same additions in the same order): page tops did not move by an ulp.
  @Test func heightsAreThePrefixSumTreesBitForBit() {
    var rng = SplitMix64(seed: 3_636)
    let model = (0..<5_000).map { _ in
      PageSummary(height: rng.nextUnit() * 3_000, items: 1, extent: 0)
    }
    let tree = SummaryTree(model)
    let heights = PrefixSumTree(model.map(\.height))
    for k in stride(from: 0, through: 5_000, by: 7) {
      #expect(tree.prefix(k).height.bitPattern == heights.prefix(k).bitPattern, "prefix \(k)")
    }
    #expect(tree.total.height.bitPattern == heights.total.bitPattern)
  }

  /// The engine's page questions against a naive walk of its pages, after random section
  /// inserts and deletes and item edits in pages of ~32 items; each edit's page tree work is
  /// O(log p) (`pageTreeNodesWritten`).
  @Test(arguments: [false, true])
  func enginePageAnswersMatchANaiveWalk(horizontal: Bool) throws {
    var rng = SplitMix64(seed: horizontal ? 37 : 36)
    var sections = (0..<24).map { s in rng.mixedSizes(s % 5 == 0 ? 300 : 1 + s % 7) }
    sections[3] = rng.mixedSizes(700)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes(sections, variant: horizontal ? .horizontalScroll : .horizontalFlow),
      kernels: .simd, threads: 1)
    engine.pageCapacity = PageCapacity(target: 32, smallGap: true)
    try engine.apply(BatchUpdate(resizeItems: [ItemResize(at: ItemPath(3, 0), size: Size(90, 60))]))
    for step in 0..<60 {
      var batch = BatchUpdate()
      let s = Int(rng.nextUnit() * Double(engine.sectionCount)) % engine.sectionCount
      switch step % 4 {
      case 0:
        batch.insertSections = [
          SectionInsertion(at: s, section: SectionData(header: 8, items: rng.mixedSizes(step % 8 == 0 ? 200 : 3)))
        ]
      case 1 where engine.sectionCount > 4: batch.deleteSections = [s]
      default:
        let count = engine.itemCounts[s]
        let j = Int(rng.nextUnit() * Double(count + 1)) % (count + 1)
        batch.insertItems = [ItemInsertion(at: ItemPath(s, j), size: Size(80 + Double(step), 50))]
      }
      engine.resetWorkCounters()
      try engine.apply(batch)
      let written = engine.workCounters.pageTreeNodesWritten
      let slots = engine.pages.slotCount
      // A splice near the gap writes a few paths; a far one rebuilds (one entry per slot).
      #expect(written <= max(slots, 64 * Self.updateBound(count: slots)), "step \(step): \(written)")
      PagingTests.expectPageTreesExact(engine, "step \(step)")
      Self.expectEngineAnswers(engine, &rng, "step \(step)")
    }
  }

  /// `top(ofPage:)`, `page(reaching:)`, `locate`, `firstItem(ofPage:inSection:)` and the content
  /// size against sums over `engine.pages`.
  static func expectEngineAnswers(
    _ engine: FastFlowLayout, _ rng: inout SplitMix64, _ note: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var top = 0.0
    var widest = 0.0
    var tops: [Double] = []
    for p in 0..<engine.pages.count {
      tops.append(top)
      let expected = engine.top(ofPage: p)
      #expect(abs(expected - top) <= 1e-9 * max(1, top), "\(note) top of page \(p)", sourceLocation: sourceLocation)
      top += engine.pages[p].height
      widest = max(widest, engine.pages[p].extent)
    }
    let size = engine.rules.transposed ? engine.contentSize.transposed : engine.contentSize
    #expect(abs(size.height - top) <= 1e-9 * max(1, top), "\(note) content height", sourceLocation: sourceLocation)
    if engine.rules.breaking == .noWrap {
      #expect(size.width == widest, "\(note) content width", sourceLocation: sourceLocation)
    }
    for _ in 0..<20 {
      let y = rng.nextUnit() * (top + 20) - 10
      // The first page whose bottom reaches y (pages of height 0 skipped before it).
      let naive = (0..<engine.pages.count).first { tops[$0] + engine.pages[$0].height >= y }
      let p = engine.page(reaching: y)
      if let naive, abs(tops[naive] + engine.pages[naive].height - y) > 1e-6 {
        #expect(p == naive, "\(note) y \(y)", sourceLocation: sourceLocation)
      }
    }
    for s in 0..<engine.sectionCount {
      var first = 0
      for p in engine.pages(ofSection: s) {
        #expect(engine.firstItem(ofPage: p, inSection: s) == first, "\(note) page \(p)", sourceLocation: sourceLocation)
        let count = engine.pages[p].count
        for j in [first, first + count / 2, first + count - 1] where count > 0 {
          let found = engine.locate(item: j, inSection: s)
          #expect(found.page == p && found.index == j - first, "\(note) item \(j) of \(s)", sourceLocation: sourceLocation)
        }
        first += count
      }
    }
  }
}
