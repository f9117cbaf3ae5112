import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads
import Foundation
import Testing

@testable import FlowLayoutCore

/// Issue 11, item 6: many random batches on one engine keep its storage bounded and its answers
/// equal to the reference's; a large layout is bit-exact against integer arithmetic.
@Suite struct SoakTests {
  /// Elements of the fast engine's storage: pages, and the capacity of every item column.
  /// A leak of storage through batches (pages never merged, columns never shrunk) makes it
  /// grow with the number of batches; at rest it must follow the item count only.
  static func storedElements(_ engine: FastFlowLayout) -> Int {
    engine.pages.reduce(engine.pages.count) { total, page in
      total + page.items.widths.capacity + page.items.heights.capacity + page.items.xs.capacity
    }
  }

  /// 800 batches of 8 mixed edits (deletions and insertions in pairs, resizes: item counts are
  /// kept) on 2 000 items (workload `mixed`), pages of 64 items so that pages split and merge.
  @Test func thousandsOfBatchesKeepStorageBoundedAndEnginesEqual() throws {
    let script = EditScript(workload: .mixed, itemCount: 2_000)
    let input = script.workload.input(itemCount: 2_000)
    var fast = try FastFlowLayout(input)
    fast.pageCapacity = PageCapacity(target: 64)
    var reference = try ReferenceFlowLayout(input)
    let batches = script.mixedBatches(count: 800, editsPerBatch: 8, seed: 0x50A4_0001)
    var atRest: [Int] = []
    for (k, batch) in batches.enumerated() {
      try fast.apply(batch)
      try reference.apply(batch)
      if k % 100 == 99 { atRest.append(Self.storedElements(fast)) }
    }
    // Storage after 100, 200, … 800 batches: no growth with the number of batches.
    let first = try #require(atRest.first)
    #expect(atRest.allSatisfy { $0 <= first + first / 4 }, "\(atRest)")
    #expect(fast.input.itemCount == 2_000)
    // fast ≡ reference, and incremental ≡ from scratch, at the end.
    #expect(fast.input == reference.input)
    let fresh = try FastFlowLayout(fast.input)
    for (a, b) in [(fast.allElements, reference.allElements), (fast.allElements, fresh.allElements)] {
      #expect(a.count == b.count)
      let differing = zip(a, b).filter { x, y in
        x.kind != y.kind || x.path != y.path
          || !EqualityContract.close(x.frame.minX, y.frame.minX)
          || !EqualityContract.close(x.frame.minY, y.frame.minY)
          || x.frame.size != y.frame.size
      }
      #expect(differing.isEmpty, "\(differing.prefix(3))")
    }
    #expect(fast.contentSize == fresh.contentSize)
  }

  /// `horizontalFlow`, left-aligned lines of one height, item widths in quarter points: every
  /// frame computed by the engine equals the integer arithmetic of quarter points exactly
  /// (sums of quarters are exact in binary up to 2⁵¹ quarters).
  static func checkBitExact(itemCount n: Int) throws -> Int {
    let width = 1_000.0
    var configuration = LayoutConfiguration(variant: .horizontalFlow)
    configuration.minimumInteritemSpacing = 8
    configuration.minimumLineSpacing = 4
    configuration.sectionInset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    configuration.isTopAligned = true
    // Items keep their own sizes (a non-zero estimatedItemSize, as in workload `mixed`).
    configuration.estimatedItemSize = Size(width: 50, height: 50)
    // 10 … 59.75 points, hashed (not periodic: two greedy streams started apart meet).
    let quarterWidths = (0..<n).map { 40 + Int((UInt64($0) &* 0x9E37_79B9_7F4A_7C15) >> 40) % 200 }
    let height = 12.25
    let section = SectionData(
      itemWidths: quarterWidths.map { Double($0) / 4 },
      itemHeights: [Double](repeating: height, count: n))
    let engine = try FastFlowLayout(
      LayoutInput(
        configuration: configuration, bounds: Size(width: width, height: 800), sections: [section]))
    // Greedy lines in quarter points: an item starts a new line when it does not fit.
    let lineLength = Int(width) * 4
    var x = 0
    var line = 0
    var checked = 0
    for (i, w) in quarterWidths.enumerated() {
      if x > 0, x + 32 + w > lineLength {
        line += 1
        x = 0
      } else if x > 0 {
        x += 32
      }
      let frame = try engine.frame(ofItemAt: ItemPath(section: 0, item: i))
      let expected = Rect(
        x: Double(x) / 4, y: Double(line * (49 + 16)) / 4, width: Double(w) / 4, height: height)
      if frame != expected {
        Issue.record("item \(i): \(frame) != \(expected)")
        return checked
      }
      checked += 1
      x += w
    }
    return checked
  }

  /// 70 000 items: past `LineEndPrediction.branchFreeItems` (6 144). Their hashed
  /// widths (~30 a line) have line ends a predictor learns, so the fused loop lays out what the
  /// paired form's first lines leave (`lineEndsLearnable`); the branch-free forms are checked
  /// against it by `KernelTests` and `ChunkedLineBreakingTests`.
  @Test func framesAreBitExactAgainstIntegerArithmetic() throws {
    #expect(LineEndPrediction.branchFreeItems < 70_000)
    #expect(try Self.checkBitExact(itemCount: 70_000) == 70_000)
  }

  /// The same at 10 million items: opt-in (`FLOWLAYOUT_SCALE_CHECK=1`, best in a release
  /// build: `FLOWLAYOUT_SCALE_CHECK=1 swift test -c release --filter SoakTests`).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["FLOWLAYOUT_SCALE_CHECK"] == "1"))
  func tenMillionFramesAreBitExact() throws {
    #expect(try Self.checkBitExact(itemCount: 10_000_000) == 10_000_000)
  }
}
