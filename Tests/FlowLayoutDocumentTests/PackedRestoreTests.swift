import FlowLayoutModel
import Testing

@testable import FlowLayoutCore
@testable import FlowLayoutDocument
@testable import FlowLayoutWorkloads

/// A restore sent as one `insertItemsPacked` entry with a mask (the `search-filter` trace's)
/// is carried packed (`PackedInsertions`: the mask and the sizes as sent) through the
/// validation, the path map, the self-sizing layer, the engine's section rebuild and the kept
/// diagnostics: no list of `ItemInsertion` is built (counted, never timed), and the answers,
/// the layout and the errors are those of the plain list.
@Suite("Packed restores")
struct PackedRestoreTests {
  /// At 20 000 and 540 000 items the restore (10 000 and 270 000 items before it) rebuilds its
  /// section (`FastFlowLayout.rebuildsSection`); at 6 000 (fewer insertions than a batch
  /// applied from its own lists) its pages are edited one by one, which read the list.
  @Test(arguments: [(6_000, false), (20_000, true), (540_000, true)])
  func aPackedRestoreBuildsNoListOfInsertions(n: Int, rebuilds: Bool) throws {
    let text = PackedBatchTests.document([12, n], layout: "horizontalFlow", seed: 3)
    let document = try LayoutDocument.decode(Array(text.utf8))
    let (filter, restore) = PackedBatchTests.searchFilterBatches(document, section: 1, seed: 7)
    var packed = LayoutSession<FastFlowLayout>()
    var plain = LayoutSession<FastFlowLayout>()
    var temporaries = RequestTemporaries()
    let open = Array(#"{"open":\#(text)}"#.utf8)
    #expect(packed.answer(bytes: open) == plain.answer(bytes: open))
    #expect(
      packed.answer(bytes: TraceRecorder.packedApplyLine(filter))
        == plain.answer(bytes: Self.plainLine(filter)))
    let merged = packed.document!.engine.packedInsertionsMerged
    let line = TraceRecorder.packedApplyLine(restore)
    #expect(line.count < restore.insertItems.count * 32, "the mask form")
    let answer = packed.answer(bytes: line, temporaries: &temporaries)
    #expect(answer == plain.answer(bytes: Self.plainLine(restore)))
    // Carried packed: every insertion merged from the mask, and the list never built.
    let insertions = try #require(temporaries.applied?.packedInsertions)
    #expect(insertions.count == restore.insertItems.count)
    #expect(rebuilds ? insertions.materializations == 0 : insertions.materializations > 0)
    #expect(
      packed.document!.engine.packedInsertionsMerged - merged
        == (rebuilds ? restore.insertItems.count : 0))
    // (Compared first: a failing `#expect` of two arrays of 540 000 elements prints both.)
    let sameAsPlain = packed.document!.engine.allElements == plain.document!.engine.allElements
    #expect(sameAsPlain)
    #expect(packed.document!.engine.contentSize == plain.document!.engine.contentSize)
    let fresh = try DocumentLayout<FastFlowLayout>(document)
    let sameAsFresh = packed.document!.engine.allElements == fresh.engine.allElements
    #expect(sameAsFresh)
    // The next requests answer alike (the anchor, the diagnostics, the counts carried).
    for request in [
      #"{"elements":[0,0,375,800]}"#, #"{"viewport":[0,4000,375,800]}"#,
      #"{"elements":[0,4000,375,800]}"#, #"{"contentSize":true}"#,
    ] {
      let bytes = Array(request.utf8)
      #expect(packed.answer(bytes: bytes) == plain.answer(bytes: bytes), "\(request)")
    }
  }

  /// `{"apply": batch}` with the batch's plain lists.
  static func plainLine(_ batch: BatchUpdate) -> [UInt8] {
    Array(#"{"apply":"#.utf8) + PackedBatchTests.plainLine(batch) + Array("}".utf8)
  }

  /// A packed mask entry's errors are the plain list's (renamed to the packed entry), and
  /// the layout is unchanged: a section out of range, an item past the section's end, a
  /// section inserted by the same batch, sizes that are no lengths; and a mask entry beside
  /// plain insertions or another entry (read as a list).
  @Test func badPackedMasksAreThePlainErrors() throws {
    let text = PackedBatchTests.document([30, 20], layout: "horizontalFlow", seed: 1)
    let document = try LayoutDocument.decode(Array(text.utf8))
    func entry(section: Int, items: [Int], sizes: [Double]) -> String {
      var mask = [UInt8](repeating: 0, count: (items.max() ?? 0) / 8 + 1)
      for i in items { mask[i >> 3] |= 1 << UInt8(i & 7) }
      let m = String(decoding: Base64.encode(mask), as: UTF8.self)
      return #"{"section":\#(section),"mask":"\#(m)","sizes":"\#(PackedBatchTests.sizes(sizes))"}"#
    }
    /// The same entry with its items as `ranges` (read as a list, as before the packed form).
    func ranges(section: Int, items: [Int], sizes: [Double]) -> String {
      let r = PackedItemEdits.ranges(of: items).map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
      return #"{"section":\#(section),"ranges":[\#(r)],"sizes":"\#(PackedBatchTests.sizes(sizes))"}"#
    }
    func plain(section: Int, items: [Int], sizes: [Double]) -> String {
      items.enumerated().map { k, i in
        #"{"at":[\#(section),\#(i)],"size":[\#(sizes[2 * k]),\#(sizes[2 * k + 1])]}"#
      }.joined(separator: ",")
    }
    let cases: [(section: Int, items: [Int], sizes: [Double], extra: String)] = [
      (5, [0, 1], [10, 10, 20, 20], ""),
      (1, [3, 40], [10, 10, 20, 20], ""),
      (0, [0, 40], [10, 10, 20, 20], ""),
      (1, [0, 2], [10, 10, 20, 20], #","insertSections":[{"at":1,"items":[[5,5]]}]"#),
      (1, [0, 1], [10, -1, 20, 20], ""),
      (1, [0, 1], [10, 10, .nan, 20], ""),
      (0, [2, 4], [10, 10, 20, 20], #","expectedItemCounts":[31,20]"#),
    ]
    for c in cases {
      let packedJSON =
        #"{"insertItemsPacked":[\#(entry(section: c.section, items: c.items, sizes: c.sizes))]\#(c.extra)}"#
      let rangesJSON =
        #"{"insertItemsPacked":[\#(ranges(section: c.section, items: c.items, sizes: c.sizes))]\#(c.extra)}"#
      var packed = try DocumentLayout<FastFlowLayout>(document)
      var listed = try DocumentLayout<FastFlowLayout>(document)
      let before = packed.engine.allElements
      var packedError: LayoutError?
      var rangesError: LayoutError?
      do { try packed.apply(json: Array(packedJSON.utf8)) } catch { packedError = error }
      do { try listed.apply(json: Array(rangesJSON.utf8)) } catch { rangesError = error }
      let expected = try #require(rangesError, "\(rangesJSON)")
      let got = try #require(packedError, "\(packedJSON)")
      #expect(got.field == expected.field, "\(got) / \(expected)")
      #expect(got.description == expected.description)
      #expect(packed.engine.allElements == before, "\(packedJSON)")
    }
    // A mask entry beside plain insertions, and two mask entries: read as lists, applied as
    // their plain twins.
    let two =
      #"{"insertItemsPacked":[\#(entry(section: 0, items: [1, 3], sizes: [10, 10, 20, 20])),\#(entry(section: 1, items: [0], sizes: [30, 30]))]}"#
    let twoPlain =
      #"{"insertItems":[\#(plain(section: 0, items: [1, 3], sizes: [10, 10, 20, 20])),\#(plain(section: 1, items: [0], sizes: [30, 30]))]}"#
    let beside =
      #"{"insertItemsPacked":[\#(entry(section: 1, items: [2, 5], sizes: [10, 10, 20, 20]))],"insertItems":[{"at":[0,0],"size":[7,7]}]}"#
    let besidePlain =
      #"{"insertItems":[{"at":[0,0],"size":[7,7]},\#(plain(section: 1, items: [2, 5], sizes: [10, 10, 20, 20]))]}"#
    for (a, b) in [(two, twoPlain), (beside, besidePlain)] {
      var packed = try DocumentLayout<FastFlowLayout>(document)
      var listed = try DocumentLayout<FastFlowLayout>(document)
      let applied = try packed.apply(json: Array(a.utf8))
      try listed.apply(json: Array(b.utf8))
      #expect(applied.packedInsertions == nil, "\(a)")
      #expect(packed.engine.allElements == listed.engine.allElements, "\(a)")
    }
  }

  /// The packed form is the list's batch: equal, hashed and coded alike.
  @Test func aPackedBatchEqualsItsList() throws {
    var list = BatchUpdate()
    for (k, i) in [0, 5, 9, 64, 65, 130].enumerated() {
      list.insertItems.append(
        ItemInsertion(at: ItemPath(2, i), size: Size(width: 10 + Double(k), height: 0.5)))
    }
    var s = JSONScanner(Array(TraceRecorder.packedApplyLine(list).dropFirst(9).dropLast(1)))
    let raw = try RawEdit.read(&s, field: "apply")
    let packed = try #require(raw.update.packedInsertions)
    #expect(packed.count == 6 && packed.item(3) == 64 && packed.lastItem == 130)
    #expect(packed.rank(below: 64) == 3 && packed.rank(below: 200) == 6)
    #expect(raw.update == list)
    #expect(raw.update.hashValue == list.hashValue)
    #expect(raw.update.insertItems == list.insertItems)
    #expect(packed.materializations == 3)
  }
}
