import FlowLayoutBench
import FlowLayoutModel
import FlowLayoutWorkloads
import Testing

@Suite struct BenchWorkloadTests {
  @Test func splitMixMatchesTheReferenceSequence() {
    // SplitMix64 with seed 0: the published first outputs (Vigna's splitmix64.c).
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func boundedDrawsStayInRange() {
    var rng = SplitMix64(seed: 42)
    for _ in 0..<10_000 {
      let points = rng.nextPoints(in: 60...200)
      #expect(points >= 60 && points <= 200 && points == points.rounded())
      let unit = rng.nextDouble(in: 0...1)
      #expect(unit >= 0 && unit < 1)
    }
  }

  @Test(arguments: Workload.all)
  func workloadsAreDeterministicAndValid(_ workload: Workload) throws {
    let a = workload.input(itemCount: 1234)
    let b = workload.input(itemCount: 1234)
    #expect(a == b)
    #expect(a.itemCount == 1234)
    try a.validate()
    if let per = workload.itemsPerSection {
      #expect(a.sections.count == (1234 + per - 1) / per)
      #expect(a.sections.dropLast().allSatisfy { $0.count == per })
    } else {
      #expect(a.sections.count == 1)
    }
  }

  @Test func sectionsAreTwentyItemsWithHeadersSizedLikeMixed() throws {
    let input = Workload.sections.input(itemCount: 1000)
    #expect(input.sections.count == 50)
    #expect(input.sections.allSatisfy { $0.count == 20 && $0.header == 44 && $0.footer == 0 })
    #expect(input.configuration.variant == .horizontalFlow)
    #expect(input.configuration.estimatedItemSize != .zero)
    let sizes = input.sections.flatMap { $0.itemWidths + $0.itemHeights }
    #expect(sizes.allSatisfy { $0 >= 60 && $0 <= 200 && $0 == $0.rounded() })
    #expect(1_000_000 / Workload.sections.itemsPerSection! == 50_000)
    // Its own seed: not `mixed`'s items.
    #expect(
      Workload.sections.itemSizes(count: 3).widths != Workload.mixed.itemSizes(count: 3).widths)
  }

  @Test(arguments: Workload.all)
  func userEditsAreValidAndUndoneExactly(_ workload: Workload) throws {
    for n in [1, 2, 45, 101] {
      let input = workload.input(itemCount: n)
      let script = EditScript(workload: workload, itemCounts: input.sections.map(\.count))
      let deletion = script.middleSectionDeletion(sections: input.sections)
      var prepared = input
      if let preparation = deletion.preparation { prepared = try input.applying(preparation) }
      for (edit, start) in [
        (script.quarterMove(), input), (script.pageAppend(), input), (script.pagePrepend(), input),
        (script.middleSectionInsertion(), input), (deletion.deletion, prepared),
      ] {
        let edited = try start.applying(edit.edit)
        // A move among equal sizes (`uniform`, one item) leaves an equal input: not checked.
        if edit.edit.moveItems.isEmpty {
          #expect(edited != start, "\(workload.name) n=\(n) \(edit.edit)")
        }
        #expect(try edited.applying(edit.undo) == start, "\(workload.name) n=\(n) \(edit.edit)")
      }
    }
  }

  @Test func mixedSizesAreUniformIn60To200() {
    let sizes = Workload.mixed.itemSizes(count: 20_000)
    let all = sizes.widths + sizes.heights
    #expect(all.allSatisfy { $0 >= 60 && $0 <= 200 })
    #expect(all.min() == 60 && all.max() == 200)
    let mean = all.reduce(0, +) / Double(all.count)
    #expect(abs(mean - 130) < 2)
    // The first items are pinned: the Python peer (Benchmarks/peers/taffy_flow.py) draws these.
    #expect(
      Array(zip(sizes.widths, sizes.heights).prefix(3)).map { [$0.0, $0.1] }
        == [[137, 88], [123, 195], [171, 64]])
  }

  @Test(arguments: Workload.all)
  func batchesAreValidAndKeepEveryCount(_ workload: Workload) throws {
    var input = workload.input(itemCount: 730)
    let counts = input.sections.map(\.count)
    let script = EditScript(workload: workload, itemCount: 730)
    #expect(script.itemCounts == counts)
    let batches = script.mixedBatches(count: 8)
    #expect(batches.count == 8)
    for batch in batches {
      #expect(batch.deleteItems.count + batch.insertItems.count + batch.resizeItems.count == 100)
      #expect(batch.deleteItems.count == batch.insertItems.count)
      input = try input.applying(batch)
      #expect(input.sections.map(\.count) == counts)
    }
    #expect(script.mixedBatches(count: 8) == batches)
  }

  @Test(arguments: Workload.all)
  func singleEditsAreValidAndInsertThenDeleteRestores(_ workload: Workload) throws {
    let input = workload.input(itemCount: 101)
    let script = EditScript(workload: workload, itemCount: 101)
    _ = try input.applying(script.middleResize(phase: 0))
    _ = try input.applying(script.middleResize(phase: 1))
    let inserted = try input.applying(script.middleInsertion())
    #expect(inserted.itemCount == 102)
    let restored = try inserted.applying(script.middleDeletion())
    #expect(restored.sections.map(\.count) == input.sections.map(\.count))
    #expect(script.lookupPaths(count: 64).count == 64)
    for path in script.lookupPaths(count: 64) {
      #expect(path.item < input.sections[path.section].count)
    }
  }

  @Test func tinyWorkloadsStillMakeValidEdits() throws {
    for n in 1...5 {
      let input = Workload.scroll.input(itemCount: n)
      for batch in EditScript(workload: .scroll, itemCount: n).mixedBatches(count: 3) {
        _ = try input.applying(batch)
      }
    }
  }
}
