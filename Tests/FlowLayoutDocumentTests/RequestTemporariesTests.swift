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
    var rng = SplitMix64(seed: 7)
    let counts = [12, 3000]
    let text = PackedBatchTests.document(counts, layout: "horizontalFlow", seed: 3)
    let document = try LayoutDocument.decode(Array(text.utf8))
    var filter = BatchUpdate()
    var restore = BatchUpdate()
    for i in 0..<counts[1] where rng.next() & 1 == 0 {
      filter.deleteItems.append(ItemPath(1, i))
      restore.insertItems.append(
        ItemInsertion(at: ItemPath(1, i), size: document.input.sections[1].itemSize(at: i)))
    }
    var kept = LayoutSession<FastFlowLayout>()
    var plain = LayoutSession<FastFlowLayout>()
    var temporaries = RequestTemporaries()
    let open = Array(#"{"open":\#(text)}"#.utf8)
    #expect(kept.answer(bytes: open, temporaries: &temporaries) == plain.answer(bytes: open))
    #expect(temporaries.bytesHeld == 0)
    for batch in [filter, restore] {
      let line = TraceRecorder.packedApplyLine(batch)
      #expect(kept.answer(bytes: line, temporaries: &temporaries) == plain.answer(bytes: line))
      // The line, and the batch's list twice (as read and as applied: one buffer, shared).
      let listBytes =
        batch.deleteItems.count * MemoryLayout<ItemPath>.stride
        + batch.insertItems.count * MemoryLayout<ItemInsertion>.stride
      #expect(temporaries.bytesHeld >= line.count + listBytes)
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
