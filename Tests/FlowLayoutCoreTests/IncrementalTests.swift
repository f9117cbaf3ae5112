import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

/// After any sequence of edits, the incrementally updated engine answers what a fresh layout of
/// its input answers.
@Suite("Incremental ≡ from scratch")
struct IncrementalTests {
  static let variants: [LayoutVariant] = LayoutVariant.allCases

  @Test(arguments: variants)
  func randomEditScripts(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: UInt64(variant.rawValue.count))
    for justified in [false, true] {
      for rows in [0, 3] {
        let input = TestInputs.ownSizes([sizes.mixedSizes(120), sizes.mixedSizes(7), []], variant: variant) {
          $0.isLayoutJustified = justified
          $0.numberOfRows = rows
        }
        var engine = try FastFlowLayout(input)
        for step in 0..<60 {
          let section = Int(sizes.nextUnit() * 3)
          let count = engine.input.sections[section].count
          let item = Int(sizes.nextUnit() * Double(max(count, 1)))
          let size = Size((sizes.nextUnit() * 220).rounded(), (sizes.nextUnit() * 150).rounded())
          var batch = BatchUpdate()
          switch step % 5 {
          case 0 where count > 0:
            batch.resizeItems = [ItemResize(at: ItemPath(section, item), size: size)]
          case 1 where count > 0: batch.deleteItems = [ItemPath(section, item)]
          case 2 where count > 1:
            batch.moveItems = [
              ItemMove(from: ItemPath(section, item), to: ItemPath(section, (item + 5) % count))
            ]
          case 3: batch.setWidth = [375, 320, 414][step % 3]
          default:
            batch.insertItems = [ItemInsertion(at: ItemPath(section, min(item, count)), size: size)]
          }
          try engine.apply(batch)
          let fresh = try FastFlowLayout(engine.input)
          #expect(
            EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
            "\(variant) justified \(justified) rows \(rows) step \(step) \(batch)")
          #expect(engine.hiddenItems == fresh.hiddenItems)
          #expect(engine.overflowingItems == fresh.overflowingItems)
          #expect(
            engine.contentSize == fresh.contentSize
              || abs(engine.contentSize.height - fresh.contentSize.height) < 1e-6)
        }
      }
    }
  }
}

/// Sections long enough for many offset-tree blocks (32 lines each), with multi-edit batches.
@Suite("Incremental ≡ from scratch, long sections")
struct LongSectionIncrementalTests {
  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical, .uikitFlow, .autosizingColumnFlow])
  func multiEditBatches(variant: LayoutVariant) throws {
    var sizes = SplitMix64(seed: 77)
    var engine = try FastFlowLayout(
      TestInputs.ownSizes([sizes.mixedSizes(4_000), sizes.mixedSizes(900)], variant: variant))
    for step in 0..<40 {
      let counts = engine.input.sections.map(\.count)
      let s = step % 2
      let a = Int(sizes.nextUnit() * Double(counts[s] - 10))
      var batch = BatchUpdate(
        deleteItems: [ItemPath(s, a), ItemPath(s, a + 7)],
        insertItems: [ItemInsertion(at: ItemPath(s, a + 2), size: Size(61, 90))],
        resizeItems: [ItemResize(at: ItemPath(s, a + 3), size: Size(140, 199))])
      if step % 7 == 3 {
        batch = BatchUpdate(
          moveItems: [ItemMove(from: ItemPath(0, a), to: ItemPath(1, 0))])
      }
      try engine.apply(batch)
      let fresh = try FastFlowLayout(engine.input)
      #expect(
        EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
        "\(variant) step \(step)")
      #expect(abs(engine.contentSize.height - fresh.contentSize.height) < 1e-6)
    }
  }
}

/// Batches of ~100 edits spread over many sections (the bench's `batch` over `sections` and
/// `scroll`): grouped per section, each section's items spliced in place.
@Suite("Incremental ≡ from scratch, batches over many sections")
struct ManySectionBatchTests {
  @Test(arguments: [LayoutVariant.horizontalFlow, .vertical, .uikitFlow, .horizontalScroll])
  func largeBatches(variant: LayoutVariant) throws {
    var rng = SplitMix64(seed: 4242)
    // 30 short sections and two long ones (paged by the greedy flows).
    var sections = (0..<30).map { _ in rng.mixedSizes(25) }
    sections.insert(rng.mixedSizes(3_000), at: 7)
    sections.append(rng.mixedSizes(2_500))
    var engine = try FastFlowLayout(TestInputs.ownSizes(sections, variant: variant))
    for step in 0..<12 {
      let input = engine.input
      let counts = input.sections.map(\.count)
      var batch = BatchUpdate()
      var removed = Set<ItemPath>()
      var entered = Set<ItemPath>()
      func path(_ s: Int, _ count: Int) -> ItemPath {
        ItemPath(s, Int(rng.nextUnit() * Double(count)) % max(count, 1))
      }
      // Deletions and insertions in pairs per section (counts kept), moves across sections,
      // resizes: 100 edits over up to 32 sections.
      while batch.deleteItems.count < 30 {
        let s = Int(rng.nextUnit() * Double(counts.count)) % counts.count
        let p = path(s, counts[s])
        let q = path(s, counts[s])
        guard removed.insert(p).inserted, entered.insert(q).inserted else { continue }
        batch.deleteItems.append(p)
        batch.insertItems.append(ItemInsertion(at: q, size: rng.mixedSizes(1)[0]))
      }
      // Moves in pairs between two sections (counts kept), to after-space indices 0, 1, …
      // that no insertion takes.
      var next = [Int: Int]()
      func destination(_ t: Int) -> ItemPath {
        var i = next[t, default: 0]
        while entered.contains(ItemPath(t, i)) { i += 1 }
        entered.insert(ItemPath(t, i))
        next[t] = i + 1
        return ItemPath(t, i)
      }
      while batch.moveItems.count < 6 {
        let a = Int(rng.nextUnit() * Double(counts.count)) % counts.count
        let b = (a + 1 + step) % counts.count
        let x = path(a, counts[a])
        let y = path(b, counts[b])
        guard a != b, x != y, !removed.contains(x), !removed.contains(y) else { continue }
        removed.insert(x)
        removed.insert(y)
        batch.moveItems.append(ItemMove(from: x, to: destination(b)))
        batch.moveItems.append(ItemMove(from: y, to: destination(a)))
      }
      while batch.resizeItems.count < 28 {
        let s = Int(rng.nextUnit() * Double(counts.count)) % counts.count
        let p = path(s, counts[s])
        guard !removed.contains(p), !batch.resizeItems.contains(where: { $0.at == p }) else {
          continue
        }
        batch.resizeItems.append(ItemResize(at: p, size: rng.mixedSizes(1)[0]))
      }
      let expected = try batch.applied(
        to: input.sections, configuration: input.configuration, bounds: input.bounds)
      try engine.apply(batch)
      #expect(engine.input.sections == expected.sections, "\(variant) step \(step)")
      let fresh = try FastFlowLayout(engine.input)
      #expect(
        EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
        "\(variant) step \(step) \(batch)")
      #expect(abs(engine.contentSize.height - fresh.contentSize.height) < 1e-6)
    }
  }
}
