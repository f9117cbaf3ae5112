import FlowLayoutModel
import FlowLayoutTestSupport
import Testing

@testable import FlowLayoutCore

/// The engine keeps its edit buffers (`EditScratch`) behind one reference (`EditScratchBox`),
/// made by the first batch: a copy of the engine (what a query on an engine held in a class
/// property makes) retains one reference for them, the buffers and the counters they carry
/// survive from batch to batch, a rejected batch leaves them in place, and engine copies do
/// not share what either does afterwards.
@Suite("Edit scratch box")
struct EditScratchBoxTests {
  static func engine() throws -> FastFlowLayout {
    var sizes = SplitMix64(seed: 51)
    var engine = try FastFlowLayout(TestInputs.ownSizes([sizes.mixedSizes(6_000)]))
    engine.pageCapacity = PageCapacity(target: 64)
    engine.prepareForEdits()
    return engine
  }

  static func insertion(at item: Int) -> BatchUpdate {
    var batch = BatchUpdate()
    batch.insertItems = [ItemInsertion(at: ItemPath(0, item), size: Size(width: 33, height: 21))]
    return batch
  }

  @Test func theScratchIsOneReferenceMadeByTheFirstBatch() throws {
    #expect(MemoryLayout<EditScratchBox>.size == MemoryLayout<Int>.size)
    var engine = try Self.engine()
    #expect(!engine.scratch.holdsScratch)
    for k in 1...3 {
      try engine.apply(Self.insertion(at: 100 * k))
      #expect(engine.scratch.holdsScratch)
      // The counters the scratch carries, kept from batch to batch.
      #expect(engine.batchesValidated == k)
      // Its buffers kept too (emptied, their capacity kept): the pages a batch touched.
      #expect(engine.scratch.read(\.touched.capacity, none: 0) > 0)
    }
    // A rejected batch: the engine and its scratch as they were.
    var bad = BatchUpdate()
    bad.deleteItems = [ItemPath(0, 1_000_000)]
    let before = engine.allElements
    #expect(throws: LayoutError.self) { try engine.apply(bad) }
    #expect(engine.allElements == before)
    #expect(engine.scratch.holdsScratch)
    #expect(engine.batchesValidated == 4)
    try engine.apply(Self.insertion(at: 7))
    #expect(engine.batchesValidated == 5)
  }

  @Test func copiesShareTheScratchUntilEitherEdits() throws {
    var original = try Self.engine()
    try original.apply(Self.insertion(at: 10))
    var copy = original
    for k in 0..<3 { try copy.apply(Self.insertion(at: 500 + 200 * k)) }
    try original.apply(Self.insertion(at: 3_000))
    #expect(original.batchesValidated == 2)
    #expect(copy.batchesValidated == 4)
    for engine in [original, copy] {
      let fresh = try FastFlowLayout(engine.input)
      #expect(EngineComparison.elementDifference(engine.allElements, fresh.allElements) == nil)
      #expect(engine.contentSize == fresh.contentSize)
    }
    #expect(try copy.numberOfItems(inSection: 0) == 6_004)
    #expect(try original.numberOfItems(inSection: 0) == 6_002)
  }
}
