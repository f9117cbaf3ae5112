import FlowLayoutBench
import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads
import Foundation
import Testing

/// Every operation of `flowlayout bench` on both engines at small sizes: it runs, it changes the
/// item count by what it says, and `perform()` + `undo()` leaves every section's item count as
/// it was (the user edits: the whole input), so it can run forever.
@Suite struct BenchOperationTests {
  /// Item-count change of one `perform()` before its undo, for `workload` (0: count kept).
  static func countChange(_ operation: BenchOperation, _ workload: Workload) -> Int {
    switch operation {
    case .insert, .firstEdit, .firstEditAfterWidth: 1
    case .delete: -1
    case .append: 50
    case .prepend: 20
    case .insertSection: workload.itemsPerSection ?? 20
    case .deleteSection: -(workload.itemsPerSection ?? 20)
    case .layout, .layoutAfterEdit, .coldStart, .resize, .move, .batch, .scroll, .lookup, .memory,
      .scrollPinned,
      .scrollRightToLeft, .scrollSnapped, .scrollTo, .navigate, .prefetch, .dragStep:
      0
    }
  }

  static let operations = BenchOperation.allCases.filter { $0 != .memory }

  func check<E: LayoutEngine>(_ type: E.Type, _ workload: Workload, n: Int) throws {
    let engine = try E(workload.input(itemCount: n))
    for operation in Self.operations {
      var op = try EngineOperation(operation, engine: engine, workload: workload)
      let before = op.engine.input
      #expect(op.needsUndo == operation.needsUndo)
      for run in 0..<3 {
        try op.perform()
        let during = op.engine.input
        #expect(
          during.itemCount == before.itemCount + Self.countChange(operation, workload),
          "\(E.engineName) \(workload.name) \(operation) n=\(n) run \(run)")
        // A move among equal sizes (`uniform`, one item) leaves an equal input: not checked.
        if operation.needsUndo && operation != .move {
          let changed = during != before
          #expect(changed, "\(E.engineName) \(workload.name) \(operation) n=\(n)")
        }
        try op.undo()
        let after = op.engine.input
        #expect(
          after.sections.map(\.count) == before.sections.map(\.count),
          "\(E.engineName) \(workload.name) \(operation) n=\(n) run \(run)")
        if BenchOperation.userEdits.contains(operation) {
          // Their undo restores everything: sections, headers, counts and every size (`delete`'s
          // inserts an item of a fixed size in place of the deleted one).
          let restored = after == before
          #expect(restored, "\(E.engineName) \(workload.name) \(operation) n=\(n)")
        }
      }
      #expect(op.checksum.isFinite)
    }
  }

  @Test(arguments: Workload.all.filter { $0.cells == nil }, [1, 7, 101, 250])
  func everyOperationRunsAndUndoesOnBothEngines(_ workload: Workload, n: Int) throws {
    try check(FastFlowLayout.self, workload, n: n)
    try check(ReferenceFlowLayout.self, workload, n: n)
  }

  /// The Fiori workloads size their cells with FioriCells (slower): one size.
  @Test(arguments: Workload.all.filter { $0.cells != nil })
  func everyOperationRunsAndUndoesOnTheFioriWorkloads(_ workload: Workload) throws {
    try check(FastFlowLayout.self, workload, n: 130)
    try check(ReferenceFlowLayout.self, workload, n: 130)
  }

  @Test func deleteSectionOnOneSectionDeletesASmallSectionInsertedFirst() throws {
    let engine = try FastFlowLayout(Workload.mixed.input(itemCount: 100))
    var op = try EngineOperation(.deleteSection, engine: engine, workload: .mixed)
    #expect(op.engine.input.sections.map(\.count) == [20, 100])
    try op.perform()
    #expect(op.engine.input.sections.map(\.count) == [100])
    try op.undo()
    #expect(op.engine.input.sections.map(\.count) == [20, 100])
  }

  @Test func userEditsTouchTheDocumentedPlaces() throws {
    // `sections`, 100 items: 5 sections of 20; the middle section is index 2.
    let script = EditScript(workload: .sections, itemCount: 100)
    #expect(script.itemCounts == [20, 20, 20, 20, 20])
    let move = script.quarterMove()
    #expect(move.edit.moveItems == [ItemMove(from: ItemPath(1, 5), to: ItemPath(3, 15))])
    #expect(move.undo.moveItems == [ItemMove(from: ItemPath(3, 15), to: ItemPath(1, 5))])
    let append = script.pageAppend()
    #expect(append.edit.insertItems.map(\.at) == (20..<70).map { ItemPath(4, $0) })
    #expect(append.undo.deleteItems == (20..<70).map { ItemPath(4, $0) })
    let prepend = script.pagePrepend()
    #expect(prepend.edit.insertItems.map(\.at) == (0..<20).map { ItemPath(0, $0) })
    let insertion = script.middleSectionInsertion()
    #expect(insertion.edit.insertSections.map(\.at) == [2])
    #expect(insertion.edit.insertSections.first?.section.header == 44)
    #expect(insertion.edit.insertSections.first?.section.count == 20)
    #expect(insertion.undo.deleteSections == [2])
    let sections = Workload.sections.input(itemCount: 100).sections
    let deletion = script.middleSectionDeletion(sections: sections)
    #expect(deletion.preparation == nil)
    #expect(deletion.deletion.edit.deleteSections == [2])
    #expect(
      deletion.deletion.undo.insertSections == [SectionInsertion(at: 2, section: sections[2])])
    // One section: the new section goes before all items, at index 0.
    #expect(EditScript(workload: .mixed, itemCount: 100).middleSectionIndex == 0)
  }

  @Test func theDefaultScopeKeepsUserEditsOnThreeWorkloadsAndReferenceEditsTo10k() {
    let selection = BenchSelection(
      workloads: Workload.all, operations: BenchOperation.defaultCases,
      engines: BenchEngine.allCases, sizes: [1000, 100_000], scope: .defaultRun)
    for workload in Workload.all {
      let fast = selection.operations(for: workload, engine: .fast, n: 100_000)
      let userEdits = ["mixed", "fiori-grid", "sections"].contains(workload.name)
      #expect(fast.contains(.move) == userEdits, "\(workload.name)")
      #expect(fast.contains(.layout) && fast.contains(.insert) && fast.contains(.memory))
      let reference = selection.operations(for: workload, engine: .reference, n: 100_000)
      #expect(reference == [.layout, .scroll, .lookup, .memory], "\(workload.name)")
      let small = selection.operations(for: workload, engine: .reference, n: 1000)
      #expect(small == fast)
      let cLoop = selection.operations(for: workload, engine: .cLoop, n: 1000)
      #expect(
        cLoop == (["uniform", "mixed", "fiori-grid"].contains(workload.name) ? [.layout] : []))
    }
    var everything = selection
    everything.scope = nil
    #expect(
      everything.operations(for: .uniform, engine: .reference, n: 100_000)
        == BenchOperation.defaultCases)
    #expect(everything.cellCount == 7 * 2 * 2 * 13 + 3 * 2)
    #expect(selection.cellCount < everything.cellCount)
  }

  @Test func runnerMeasuresTheUserEditsOnBothEngines() {
    var plan = SamplingPlan.quick
    plan.minimumSeconds = 0
    plan.warmupSeconds = 0
    let selection = BenchSelection(
      workloads: [.sections], operations: BenchOperation.userEdits,
      engines: [.fast, .reference, .cLoop], sizes: [60, 200])
    #expect(selection.cellCount == 2 * 2 * 5)
    let runner = BenchRunner(
      selection: selection, sampler: Sampler(plan: plan, clock: MonotonicClock()),
      allocator: UnmeasuredAllocator())
    let rows = runner.run()
    #expect(rows.count == 20)
    #expect(rows.allSatisfy { $0.status == "ok" && $0.medianNs != nil }, "\(rows)")
    #expect(Set(rows.map(\.operation)) == Set(BenchOperation.userEdits.map(\.rawValue)))
  }

  @Test func runnerMeasuresTheFastEngineOncePerThreadCount() throws {
    var plan = SamplingPlan.quick
    plan.minimumSeconds = 0
    plan.warmupSeconds = 0
    let selection = BenchSelection(
      workloads: [.mixed], operations: [.layout, .coldStart], engines: [.fast, .cLoop],
      sizes: [300], threads: [1, 2])
    #expect(selection.cellCount == 2 * 2 + 2)
    let runner = BenchRunner(
      selection: selection, sampler: Sampler(plan: plan, clock: MonotonicClock()),
      allocator: UnmeasuredAllocator())
    let rows = runner.run()
    #expect(rows.allSatisfy { $0.status == "ok" }, "\(rows)")
    let fast = rows.filter { $0.engine == "fast" }
    #expect(fast.map(\.threads) == [1, 1, 2, 2])
    #expect(rows.filter { $0.engine == "c-loop" }.allSatisfy { $0.threads == nil })
    // One thread keeps the key of runs made before `threads`; more threads get their own.
    #expect(fast[0].key == "mixed/layout/fast/300")
    #expect(fast[2].key == "mixed/layout/fast 2 threads/300")
    #expect(Set(rows.map(\.key)).count == rows.count)
    let table = ResultTable(rows: rows).lines().joined(separator: "\n")
    #expect(table.contains("fast/fast 2 threads"))
    // Every fast row was sampled beside a C loop; the C-loop rows are those beside 1 thread.
    #expect(fast.allSatisfy { $0.sideBySideCLoopMedianNs != nil && $0.sideBySideRatio != nil })
    #expect(fast.allSatisfy { $0.note == BenchRunner.sideBySideNote })
    let loops = rows.filter { $0.engine == "c-loop" }
    #expect(loops.map(\.operation) == ["layout", "init"])
    #expect(loops.map(\.medianNs) == fast.prefix(2).map(\.sideBySideCLoopMedianNs))
    #expect(table.contains("fast 2 threads/c-loop"))
    // Rows round-trip with their thread count; rows written before it decode without one.
    let json = try JSONEncoder().encode(rows)
    #expect(try JSONDecoder().decode([BenchRow].self, from: json) == rows)
    let old = Data(
      #"{"workload":"mixed","operation":"layout","engine":"fast","n":1,"status":"ok"}"#.utf8)
    #expect(try JSONDecoder().decode(BenchRow.self, from: old).threads == nil)
  }
}
