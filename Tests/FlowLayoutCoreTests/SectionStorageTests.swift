import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// Sections at scale (`docs/storage.md`): the pages and the sections' first pages are stored with
/// a gap (`GapBuffer`, `PageList`, `SectionStarts`), so a section insert or delete near the
/// previous one moves no other page. Each structure is checked against a plain array after
/// random edits; the engine's answers against a layout from scratch; the work by counters.
@Suite("Section storage")
struct SectionStorageTests {
  /// Random splices anywhere (the gap moved both ways, grown, compacted) keep the elements
  /// equal to an array's, and every slot outside the elements holds the filler. With
  /// `swapping`, the new elements are swapped in (`splice(_:swappingIn:)`: gaps grown at the
  /// end, up to 90 elements inserted and 40 removed at once), which leaves their array holding
  /// the removed elements, then fillers.
  @Test(arguments: [(false, false), (true, false), (false, true)])
  func gapBufferMatchesAnArray(smallGap: Bool, swapping: Bool) {
    var rng = SplitMix64(seed: swapping ? 0x5a9 : 0x6a9)
    var buffer = GapBuffer([0, 1, 2].map(Marked.init))
    var model = [0, 1, 2]
    var next = 3
    for step in 0..<2_000 {
      let p = rng.nextInt(below: model.count + 1)
      let most = (removed: swapping && step % 7 == 0 ? 40 : 4, inserted: step % 50 < 25 ? 5 : 2)
      let r = min(rng.nextInt(below: most.removed), model.count - p)
      let k = rng.nextInt(below: swapping && step % 9 == 0 ? 90 : most.inserted)
      let new = (0..<k).map { next + $0 }
      next += k
      let removed = Array(model[p..<(p + r)])
      if swapping {
        var swapped = new.map(Marked.init)
        buffer.splice(p..<(p + r), swappingIn: &swapped)
        let left = removed.prefix(k) + repeatElement(-1, count: max(k - r, 0))
        #expect(swapped.map(\.value) == Array(left), "step \(step): swapped out")
      } else {
        buffer.splice(p..<(p + r), with: new.map(Marked.init), smallGap: smallGap)
      }
      model.replaceSubrange(p..<(p + r), with: new)
      #expect(buffer.map(\.value) == model, "step \(step)")
      let gap = buffer.gapStart..<(buffer.gapStart + buffer.gapLength)
      #expect(gap.allSatisfy { buffer.slots[$0] == .gapFiller }, "step \(step): gap slots")
      if buffer.map(\.value) != model { return }
    }
  }

  /// Random splices of a page list (pages copied in or swapped in, anywhere: the gap moved both
  /// ways and grown, places freed and reused, the storage compacted) keep the pages equal to an
  /// array's; every slot outside the gap reads its page; the places are distinct, and
  /// a page outside a splice keeps its place (its 160 bytes not moved) unless the storage was
  /// compacted, which happens only once more than half of the places (and at least 64) are free.
  /// 3 000 splices, 1 200 under a sanitizer (`Sanitizers`).
  @Test(arguments: [false, true])
  func pageListMatchesAnArray(swapping: Bool) {
    var rng = SplitMix64(seed: swapping ? 0x9a6e : 0x9a6f)
    func page(_ id: Int) -> Page {
      var page = Page()
      page.header = Double(id)
      return page
    }
    var list = PageList((0..<100).map(page))
    var model = Array(0..<100)
    var next = 100
    var compactions = 0
    for step in 0..<Sanitizers.sanitized(1_200, else: 3_000) {
      let p = rng.nextInt(below: model.count + 1)
      // Long runs of removals, then of insertions, so that places are freed and reused.
      let removing = (step / 300) % 2 == 0
      let r = min(rng.nextInt(below: removing ? 12 : 3), model.count - p)
      let k = rng.nextInt(below: removing ? 3 : 12)
      let new = (0..<k).map { next + $0 }
      next += k
      let removed = Array(model[p..<(p + r)])
      let placesBefore = list.indices.map { list.place($0) }
      let freeBefore = list.freePlaceCount
      if swapping {
        var swapped = new.map(page)
        list.splice(p..<(p + r), swappingIn: &swapped)
        let left = removed.prefix(k).map(Double.init) + repeatElement(0, count: max(k - r, 0))
        #expect(swapped.map(\.header) == left, "step \(step): swapped out")
      } else {
        list.splice(p..<(p + r), with: new.map(page))
      }
      model.replaceSubrange(p..<(p + r), with: new)
      #expect(list.map { Int($0.header) } == model, "step \(step)")
      for q in 0..<list.slotCount {
        let inGap = q >= list.gapStart && q < list.gapStart + list.gapLength
        #expect(list.holdsPage(slot: q) == !inGap, "step \(step) slot \(q)")
        if !inGap {
          let expected = Double(model[list.index(ofSlot: q)])
          #expect(list[slot: q].header == expected, "step \(step) slot \(q)")
        }
      }
      let places = list.indices.map { list.place($0) }
      #expect(Set(places).count == places.count, "step \(step): distinct places")
      #expect(list.placeCount == list.count + list.freePlaceCount, "step \(step): free places")
      // The free places and places the splice leaves, before any compaction.
      let free = r >= k ? freeBefore + r - k : max(0, freeBefore - (k - r))
      let stored = placesBefore.count + freeBefore + max(0, k - r - freeBefore)
      if free >= 64, 2 * free > stored {
        compactions += 1
        #expect(list.freePlaceCount == 0, "step \(step): compacted")
        #expect(places == Array(0..<model.count), "step \(step): stored in order")
      } else {
        #expect(list.freePlaceCount == free, "step \(step): places freed and reused")
        let kept = Array(placesBefore[..<p]) + Array(placesBefore[(p + r)...])
        let now = Array(places[..<p]) + Array(places[(p + k)...])
        #expect(kept == now, "step \(step): pages outside the splice kept their places")
      }
      #expect(
        list.freePlaceCount < 64 || 2 * list.freePlaceCount <= list.placeCount,
        "step \(step): at most half the places free")
      if list.map({ Int($0.header) }) != model { return }
    }
    #expect(compactions > 0, "the storage was compacted")
  }

  /// An element whose gap filler (−1) no element of the test equals.
  struct Marked: GapFilling, Equatable {
    var value: Int
    static var gapFiller: Marked { Marked(value: -1) }
  }

  /// Random section inserts, removals and shifts keep every first page equal to an array's
  /// (the entries after the gap are stored relative to the end).
  @Test func sectionStartsMatchAnArray() {
    var rng = SplitMix64(seed: 0x57a)
    var model = [0, 2, 3, 7]
    var starts = SectionStarts(model)
    for step in 0..<2_000 {
      let sections = model.count - 1
      switch rng.nextInt(below: 3) {
      case 0:
        // Insert a section of k pages before section s.
        let s = rng.nextInt(below: sections + 1)
        let k = 1 + rng.nextInt(below: 3)
        let p = model[s]
        starts.insert(p, at: s)
        starts.shift(after: s, by: k)
        model.insert(p, at: s)
        for t in (s + 1)..<model.count { model[t] += k }
      case 1 where sections > 0:
        let s = rng.nextInt(below: sections)
        let r = model[s + 1] - model[s]
        starts.shift(after: s, by: -r)
        starts.remove(at: s)
        for t in (s + 1)..<model.count { model[t] -= r }
        model.remove(at: s + 1)
      default:
        // A section's pages split or joined.
        guard sections > 0 else { continue }
        let s = rng.nextInt(below: sections)
        let delta = rng.nextInt(below: 3) - (model[s + 1] - model[s] > 1 ? 1 : 0)
        starts.shift(after: s, by: delta)
        for t in (s + 1)..<model.count { model[t] += delta }
      }
      let read = (0..<starts.count).map { starts[$0] }
      #expect(read == model, "step \(step)")
      if read != model { return }
      // Sections of at least one page: the section holding each page.
      if model.count > 1, zip(model, model.dropFirst()).allSatisfy({ $0 < $1 }) {
        for p in 0..<model[model.count - 1] {
          let s = model.lastIndex { $0 <= p }!
          #expect(starts.section(ofPage: p) == s, "step \(step) page \(p)")
        }
      }
    }
  }

  /// `sections` sections of 20 items with 44 pt headers (the `sections` workload's shape).
  static func sections(_ count: Int, seed: UInt64 = 20) -> LayoutInput {
    var sizes = SplitMix64(seed: seed)
    var input = TestInputs.ownSizes((0..<count).map { _ in sizes.mixedSizes(20) })
    for s in input.sections.indices { input.sections[s].header = 44 }
    return input
  }

  /// Random section inserts and deletes (single, near each other and far apart, and batches of
  /// a few) on 1 200 sections: after each, the page trees equal a rebuild and every answer equals
  /// a fresh layout's; with the page list re-laid out with a gap of 1 and of the standard size.
  @Test(arguments: [false, true])
  func sectionEditsKeepTheStorageExact(smallGap: Bool) throws {
    var engine = try FastFlowLayout(Self.sections(1_200))
    engine.pageCapacity = PageCapacity(target: 8, smallGap: smallGap)
    var rng = SplitMix64(seed: smallGap ? 11 : 12)
    var sizes = SplitMix64(seed: 13)
    var anchor = 600
    for step in 0..<60 {
      let count = engine.sectionCount
      var batch = BatchUpdate()
      // Near the previous edit, or anywhere.
      func place(_ bound: Int) -> Int {
        let s = step % 3 == 0 ? rng.nextInt(below: bound) : anchor + rng.nextInt(below: 5) - 2
        return min(max(s, 0), bound - 1)
      }
      if step % 4 == 3 {
        var deleted = Set<Int>()
        for _ in 0..<3 { deleted.insert(place(count)) }
        batch.deleteSections = Array(deleted)
        let after = count - deleted.count
        var at = Set<Int>()
        for _ in 0..<2 { at.insert(place(after + 2)) }
        batch.insertSections = at.sorted().map {
          SectionInsertion(at: $0, section: SectionData(header: 44, items: sizes.mixedSizes(30)))
        }
        // And an item edit, so that pages are split and joined around the sections.
        let s = rng.nextInt(below: after + at.count)
        if !at.contains(s) {
          batch.insertItems = [ItemInsertion(at: ItemPath(s, 0), size: Size(90, 60))]
        }
      } else if rng.nextInt(below: 2) == 0 || count < 2 {
        batch.insertSections = [
          SectionInsertion(
            at: place(count + 1),
            section: SectionData(header: 44, items: sizes.mixedSizes(rng.nextInt(below: 60))))
        ]
      } else {
        batch.deleteSections = [place(count)]
      }
      anchor = batch.insertSections.first?.at ?? batch.deleteSections.first ?? anchor
      try engine.apply(batch)
      PagingTests.expectPageInvariants(engine, "step \(step) \(batch)")
      if step % 6 == 5 {
        let fresh = try FastFlowLayout(engine.input)
        #expect(abs(engine.contentSize.height - fresh.contentSize.height) < 1e-6, "step \(step)")
        #expect(
          EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil,
          "step \(step) \(batch)")
        #expect(
          EngineComparison.elementDifference(
            TestInputs.allFramesByBruteForce(engine), TestInputs.allFramesByBruteForce(fresh))
            == nil, "step \(step)")
      }
    }
  }

  /// The page-tree nodes written by one section insert (and its delete) in the middle, after an
  /// earlier one there made room: at 100 000 sections at most twice those at 1 000 (O(log p),
  /// not O(s)).
  @Test func oneSectionInsertsWorkDoesNotGrowWithTheSections() throws {
    func work(_ count: Int) throws -> (insert: Int, delete: Int) {
      var engine = try FastFlowLayout(Self.sections(count, seed: 3), kernels: .simd, threads: 1)
      let insertion = BatchUpdate(
        insertSections: [
          SectionInsertion(at: count / 2, section: SectionData(header: 44, items: [Size(90, 60)]))
        ])
      let deletion = BatchUpdate(deleteSections: [count / 2])
      try engine.apply(insertion)
      try engine.apply(deletion)
      engine.resetWorkCounters()
      try engine.apply(insertion)
      let insert = engine.workCounters.pageTreeNodesWritten
      engine.resetWorkCounters()
      try engine.apply(deletion)
      return (insert, engine.workCounters.pageTreeNodesWritten)
    }
    let small = try work(1_000)
    let large = try work(100_000)
    #expect(small.insert > 0 && small.delete > 0)
    #expect(large.insert <= 2 * small.insert, "\(small) → \(large)")
    #expect(large.delete <= 2 * small.delete, "\(small) → \(large)")
  }
}
