import FlowLayoutModel
import Testing

@testable import FlowLayoutCore
@testable import FlowLayoutDocument
@testable import FlowLayoutWorkloads

/// A session hands an `apply` line's large temporaries (the line, the batch's lists) to its
/// caller with the answer (`answer(bytes:temporaries:)`), to be freed after the answer is
/// written; the answers are those of `answer(bytes:)`.
@Suite("Request temporaries")
struct RequestTemporariesTests {
  @Test func aPackedFilterAndRestoreHandTheirListsToTheCaller() throws {
    let text = PackedBatchTests.document([12, 3000], layout: "horizontalFlow", seed: 3)
    let document = try LayoutDocument.decode(Array(text.utf8))
    let (filter, restore) = PackedBatchTests.searchFilterBatches(document, section: 1, seed: 7)
    var kept = LayoutSession<FastFlowLayout>()
    var plain = LayoutSession<FastFlowLayout>()
    var temporaries = RequestTemporaries()
    let open = Array(#"{"open":\#(text)}"#.utf8)
    #expect(kept.answer(bytes: open, temporaries: &temporaries) == plain.answer(bytes: open))
    #expect(temporaries.bytesHeld == 0)
    for batch in [filter, restore] {
      let line = TraceRecorder.packedApplyLine(batch)
      #expect(kept.answer(bytes: line, temporaries: &temporaries) == plain.answer(bytes: line))
      // The line, and the batch as read and as applied (one buffer, shared): held packed, its
      // mask (and sizes) counted, not lists that reading their counts would build.
      let applied = try #require(temporaries.applied)
      let built = (
        applied.packedDeletions?.materializations, applied.packedInsertions?.materializations
      )
      let mask = try #require(applied.packedDeletions?.mask ?? applied.packedInsertions?.mask)
      #expect(temporaries.bytesHeld >= line.count + RequestTemporaries.bytes(of: mask))
      #expect(applied.packedDeletions?.materializations == built.0)
      #expect(applied.packedInsertions?.materializations == built.1)
    }
    #expect(kept.document?.engine.allElements == plain.document?.engine.allElements)
    // Any other request frees them.
    let elements = Array(#"{"elements":[0,0,375,800]}"#.utf8)
    #expect(
      kept.answer(bytes: elements, temporaries: &temporaries) == plain.answer(bytes: elements))
    #expect(temporaries.bytesHeld == 0)
    // A refused batch hands nothing over and changes nothing.
    let bad = Array(#"{"apply":{"deleteItems":[[1,99999]]}}"#.utf8)
    #expect(kept.answer(bytes: bad, temporaries: &temporaries) == plain.answer(bytes: bad))
    #expect(temporaries.bytesHeld == 0)
  }
}
