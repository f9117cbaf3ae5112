import Foundation
import FlowLayoutModel
import Testing

@testable import FlowLayoutCore
@testable import FlowLayoutDocument
@testable import FlowLayoutWorkloads

/// A filter sent as one `deleteItemsPacked` entry with a mask (the `search-filter` trace's) is
/// carried packed (`PackedDeletions`: the mask as sent) through the validation, the path map,
/// the self-sizing layer, the cells' counts and the engine's section rebuild: no list of
/// `ItemPath` is built (counted, never timed), and the answers, the layout and the errors are
/// those of the plain list.
@Suite("Packed filters")
struct PackedFilterTests {
  /// From 4 096 items the filter rebuilds its section (`FastFlowLayout.rebuildsSection`); at
  /// 3 000 its pages are edited one by one, which read the list (built once).
  @Test(arguments: [(3_000, false), (20_000, true), (540_000, true)])
  func aPackedFilterBuildsNoListOfDeletions(n: Int, rebuilds: Bool) throws {
    let text = PackedBatchTests.document([12, n], layout: "horizontalFlow", seed: 4)
    let document = try LayoutDocument.decode(Array(text.utf8))
    let (filter, restore) = PackedBatchTests.searchFilterBatches(document, section: 1, seed: 9)
    var packed = LayoutSession<FastFlowLayout>()
    var plain = LayoutSession<FastFlowLayout>()
    var temporaries = RequestTemporaries()
    let open = Array(#"{"open":\#(text)}"#.utf8)
    #expect(packed.answer(bytes: open) == plain.answer(bytes: open))
    let rebuilt = packed.document!.engine.workCounters.sectionsRebuilt
    let line = TraceRecorder.packedApplyLine(filter)
    #expect(line.count < filter.deleteItems.count * 16, "the mask form")
    let answer = packed.answer(bytes: line, temporaries: &temporaries)
    #expect(answer == plain.answer(bytes: PackedRestoreTests.plainLine(filter)))
    // Carried packed: the section rebuilt from the mask, and the list never built.
    let deletions = try #require(temporaries.applied?.packedDeletions)
    #expect(deletions.count == filter.deleteItems.count)
    #expect(deletions.materializations == (rebuilds ? 0 : 1))
    #expect(
      packed.document!.engine.workCounters.sectionsRebuilt - rebuilt == (rebuilds ? 1 : 0))
    // (Compared first: a failing `#expect` of two arrays of 540 000 elements prints both.)
    let sameAsPlain = packed.document!.engine.allElements == plain.document!.engine.allElements
    #expect(sameAsPlain)
    // The next requests answer alike (the anchor, the diagnostics, the counts carried), and
    // the restore after it.
    for request in [
      #"{"elements":[0,0,375,800]}"#, #"{"viewport":[0,4000,375,800]}"#,
      #"{"elements":[0,4000,375,800]}"#, #"{"contentSize":true}"#,
    ] {
      let bytes = Array(request.utf8)
      #expect(packed.answer(bytes: bytes) == plain.answer(bytes: bytes), "\(request)")
    }
    #expect(
      packed.answer(bytes: TraceRecorder.packedApplyLine(restore))
        == plain.answer(bytes: PackedRestoreTests.plainLine(restore)))
    let fresh = try DocumentLayout<FastFlowLayout>(document)
    let sameAsFresh = packed.document!.engine.allElements == fresh.engine.allElements
    #expect(sameAsFresh)
  }

  /// A packed mask entry's errors are the plain list's (renamed to the packed entry), and the
  /// layout is unchanged: a section out of range, an item past the section's end, a section
  /// deleted by the same batch, an item deleted and resized, deleted and moved, an
  /// inconsistent `expectedItemCounts`; and a mask entry beside plain deletions or another
  /// entry (read as a list).
  @Test func badPackedMasksAreThePlainErrors() throws {
    let text = PackedBatchTests.document([30, 20], layout: "horizontalFlow", seed: 1)
    let document = try LayoutDocument.decode(Array(text.utf8))
    func entry(section: Int, items: [Int]) -> String {
      var mask = [UInt8](repeating: 0, count: (items.max() ?? 0) / 8 + 1)
      for i in items { mask[i >> 3] |= 1 << UInt8(i & 7) }
      let m = String(decoding: Base64.encode(mask), as: UTF8.self)
      return #"{"section":\#(section),"mask":"\#(m)"}"#
    }
    /// The same entry with its items as `ranges` (read as a list, as before the packed form).
    func ranges(section: Int, items: [Int]) -> String {
      let r = PackedItemEdits.ranges(of: items).map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
      return #"{"section":\#(section),"ranges":[\#(r)]}"#
    }
    func plain(section: Int, items: [Int]) -> String {
      items.map { "[\(section),\($0)]" }.joined(separator: ",")
    }
    let cases: [(section: Int, items: [Int], extra: String)] = [
      (5, [0, 1], ""),
      (-1, [0, 1], ""),
      (1, [3, 40], ""),
      (1, [3, 20, 21], ""),
      (1, [3, 20], ""),
      (1, [0, 2], #","deleteSections":[1]"#),
      (1, [0, 2], #","resizeItems":[{"at":[1,2],"size":[5,5]}]"#),
      (1, [0, 2], #","moveItems":[{"from":[1,2],"to":[0,0]}]"#),
      (0, [2, 4], #","expectedItemCounts":[29,20]"#),
      (0, [2, 4], #","insertItems":[{"at":[0,2],"size":[1,1]},{"at":[0,2],"size":[1,1]}]"#),
    ]
    for c in cases {
      let packedJSON =
        #"{"deleteItemsPacked":[\#(entry(section: c.section, items: c.items))]\#(c.extra)}"#
      let rangesJSON =
        #"{"deleteItemsPacked":[\#(ranges(section: c.section, items: c.items))]\#(c.extra)}"#
      var packed = try DocumentLayout<FastFlowLayout>(document)
      var listed = try DocumentLayout<FastFlowLayout>(document)
      let before = packed.engine.allElements
      let counts = packed.layout.itemCounts
      var packedError: LayoutError?
      var rangesError: LayoutError?
      do { try packed.apply(json: Array(packedJSON.utf8)) } catch { packedError = error }
      do { try listed.apply(json: Array(rangesJSON.utf8)) } catch { rangesError = error }
      guard c.section >= 0 else {
        // A negative section is refused as it is read, alike.
        #expect(packedError?.description == rangesError?.description, "\(packedJSON)")
        continue
      }
      let expected = try #require(rangesError, "\(rangesJSON)")
      let got = try #require(packedError, "\(packedJSON)")
      #expect(got.field == expected.field, "\(got) / \(expected)")
      #expect(got.description == expected.description)
      #expect(packed.engine.allElements == before, "\(packedJSON)")
      #expect(packed.layout.itemCounts == counts)
    }
    // A mask entry beside plain deletions, and two mask entries: read as lists, applied as
    // their plain twins.
    let two =
      #"{"deleteItemsPacked":[\#(entry(section: 0, items: [1, 3])),\#(entry(section: 1, items: [0]))]}"#
    let twoPlain = #"{"deleteItems":[\#(plain(section: 0, items: [1, 3])),[1,0]]}"#
    let beside =
      #"{"deleteItemsPacked":[\#(entry(section: 1, items: [2, 5]))],"deleteItems":[[0,0]]}"#
    let besidePlain = #"{"deleteItems":[[0,0],\#(plain(section: 1, items: [2, 5]))]}"#
    let one = #"{"deleteItemsPacked":[\#(entry(section: 1, items: [2, 5, 19]))]}"#
    let onePlain = #"{"deleteItems":[\#(plain(section: 1, items: [2, 5, 19]))]}"#
    for (a, b, isPacked) in [(two, twoPlain, false), (beside, besidePlain, false), (one, onePlain, true)] {
      var packed = try DocumentLayout<FastFlowLayout>(document)
      var listed = try DocumentLayout<FastFlowLayout>(document)
      let applied = try packed.apply(json: Array(a.utf8))
      try listed.apply(json: Array(b.utf8))
      #expect((applied.packedDeletions != nil) == isPacked, "\(a)")
      #expect(packed.engine.allElements == listed.engine.allElements, "\(a)")
      #expect(packed.layout.itemCounts == listed.layout.itemCounts, "\(a)")
    }
  }

  /// The packed form is the list's batch: equal, hashed and coded alike.
  @Test func aPackedBatchEqualsItsList() throws {
    var list = BatchUpdate()
    for i in [0, 5, 9, 64, 65, 130] { list.deleteItems.append(ItemPath(2, i)) }
    var s = JSONScanner(Array(TraceRecorder.packedApplyLine(list).dropFirst(9).dropLast(1)))
    var raw = try RawEdit.read(&s, field: "apply")
    raw.expandPackedDeletions { _ in 200 }
    let packed = try #require(raw.update.packedDeletions)
    #expect(packed.count == 6 && packed.mask.item(3) == 64 && packed.lastItem == 130)
    #expect(raw.update.deleteItemCount == 6)
    #expect(packed.materializations == 0)
    #expect(raw.update == list)
    #expect(raw.update.hashValue == list.hashValue)
    #expect(raw.update.deleteItems == list.deleteItems)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = try encoder.encode(raw.update)
    #expect(encoded == (try encoder.encode(list)))
    #expect(try JSONDecoder().decode(BatchUpdate.self, from: encoded) == list)
    #expect(packed.materializations == 4)
    // A writer unpacks first.
    var written = raw.update
    written.deleteItems.append(ItemPath(2, 140))
    #expect(written.packedDeletions == nil && written.deleteItems.count == 7)
  }
}
