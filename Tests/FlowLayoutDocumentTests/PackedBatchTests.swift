import FlowLayoutEquality
import FlowLayoutModel
import FlowLayoutReference
import Testing

@testable import FlowLayoutCore
@testable import FlowLayoutDocument
@testable import FlowLayoutWorkloads

/// The packed item edits (`deleteItemsPacked`, `insertItemsPacked`) are the plain lists in
/// another spelling: the same batch decoded (every size the same `Double`, bit for bit), the
/// same engines after applying it (fast and reference), and bad input refused with one error
/// naming the packed field, the layout unchanged.
@Suite("Packed batches")
struct PackedBatchTests {
  /// A document of `counts.count` sections of seeded sizes (some fractional, some not a
  /// `Float` exactly) under `layout`.
  static func document(_ counts: [Int], layout: String, seed: UInt64) -> String {
    var rng = SplitMix64(seed: seed)
    // A non-zero estimated size: the items' own sizes are laid out (self-sizing), not `itemSize`.
    var text = #"{"layout":"\#(layout)","width":375,"estimatedItemSize":[100,100],"sections":["#
    for (s, count) in counts.enumerated() {
      text += (s == 0 ? "" : ",") + #"{"header":20,"items":["#
      for i in 0..<count {
        text +=
          (i == 0 ? "" : ",") + "[\(rng.nextPoints(in: 40...180)),\(rng.nextPoints(in: 30...90))]"
      }
      text += "]}"
    }
    return text + "]}"
  }

  /// A seeded batch of deletions (a random fraction of each section, dense or sparse) and
  /// insertions (random after-space indices) with sizes: integers and halves, `Float`s that
  /// are no `f16` numbers, and values no `Float` holds exactly.
  static func randomBatch(_ counts: [Int], _ rng: inout SplitMix64) -> BatchUpdate {
    var batch = BatchUpdate()
    var after: [Int] = []
    for (s, count) in counts.enumerated() {
      let keep = rng.nextInt(below: 4)  // 0: none deleted … 3: most
      var deleted = 0
      for i in 0..<count where keep > 0 && rng.nextInt(below: 4) < keep {
        batch.deleteItems.append(ItemPath(s, i))
        deleted += 1
      }
      after.append(count - deleted)
    }
    for (s, kept) in after.enumerated() {
      let inserted = rng.nextInt(below: 3) == 0 ? 0 : rng.nextInt(below: kept + 40)
      var slots = Array(0..<(kept + inserted))
      for k in 0..<inserted {
        slots.swapAt(k, k + rng.nextInt(below: slots.count - k))
      }
      let chosen = slots.prefix(inserted).sorted()
      // Sizes each encoding holds: halves (`f16`), `Float`s that are no halves (`f32`), and
      // neither (`f64`).
      let encoding = rng.nextInt(below: 3)
      for i in chosen {
        var w = rng.nextPoints(in: 20...200)
        var h = rng.nextPoints(in: 20...100) + 0.5
        if encoding == 1 {
          w += 0x1p-12
          h += 0x1p-12
        } else if encoding == 2 {
          w += 0.1
          h += 1.0 / 3
        }
        batch.insertItems.append(ItemInsertion(at: ItemPath(s, i), size: Size(w, h)))
      }
    }
    return batch
  }

  static func plainLine(_ batch: BatchUpdate) -> [UInt8] {
    var w = JSONWriter()
    TraceRecorder.append(batch, to: &w)
    return w.bytes
  }

  /// The packed line's batch (the value of its `apply`).
  static func packedLine(_ batch: BatchUpdate) -> [UInt8] {
    let line = TraceRecorder.packedApplyLine(batch)
    // `{"apply":` … `}`
    return Array(line[9..<(line.count - 1)])
  }

  /// The batch of `bytes` for sections of `counts` items.
  static func read(_ bytes: [UInt8], counts: [Int]) throws(LayoutError) -> BatchUpdate {
    var s = JSONScanner(bytes)
    var raw = try RawEdit.read(&s, field: "apply")
    try s.expectEnd()
    raw.expandPackedDeletions { counts.indices.contains($0) ? counts[$0] : nil }
    return raw.update
  }

  @Test func packedAndPlainDecodeToTheSameBatch() throws {
    var rng = SplitMix64(seed: 0xFAC7)
    for round in 0..<40 {
      let counts = (0..<(1 + rng.nextInt(below: 3))).map { _ in rng.nextInt(below: 300) }
      let batch = Self.randomBatch(counts, &rng)
      let plain = try Self.read(Self.plainLine(batch), counts: counts)
      let packed = try Self.read(Self.packedLine(batch), counts: counts)
      #expect(plain == batch, "round \(round)")
      #expect(packed.deleteItems == batch.deleteItems, "round \(round)")
      #expect(packed.insertItems.map(\.at) == batch.insertItems.map(\.at), "round \(round)")
      // Bit for bit (not only `==`, which takes −0 for 0).
      #expect(
        packed.insertItems.map { [$0.size.width.bitPattern, $0.size.height.bitPattern] }
          == batch.insertItems.map { [$0.size.width.bitPattern, $0.size.height.bitPattern] },
        "round \(round)")
    }
  }

  /// Both forms of a random batch applied to one document: fast ≡ fast and reference ≡
  /// reference exactly (the same batch), fast ≈ reference under the equality contract.
  @Test(arguments: ["horizontalFlow", "vertical", "uikitFlow"])
  func packedAndPlainGiveIdenticalEngines(layout: String) throws {
    var rng = SplitMix64(seed: 0xB17)
    for round in 0..<8 {
      let counts = (0..<(1 + rng.nextInt(below: 3))).map { _ in 50 + rng.nextInt(below: 900) }
      let document = try LayoutDocument.decode(
        Self.document(counts, layout: layout, seed: UInt64(round)))
      let batch = Self.randomBatch(counts, &rng)
      var fastPlain = try DocumentLayout<FastFlowLayout>(document)
      var fastPacked = fastPlain
      var referencePlain = try DocumentLayout<ReferenceFlowLayout>(document)
      var referencePacked = referencePlain
      try fastPlain.apply(json: Self.plainLine(batch))
      try fastPacked.apply(json: Self.packedLine(batch))
      try referencePlain.apply(json: Self.plainLine(batch))
      try referencePacked.apply(json: Self.packedLine(batch))
      #expect(fastPacked.engine.allElements == fastPlain.engine.allElements, "round \(round)")
      #expect(fastPacked.engine.contentSize == fastPlain.engine.contentSize)
      #expect(
        referencePacked.engine.allElements == referencePlain.engine.allElements, "round \(round)")
      #expect(
        EngineComparison.elementDifference(
          fastPacked.engine.allElements, referencePacked.engine.allElements) == nil,
        "round \(round)")
    }
  }

  /// The search-filter trace's two batches for `document`: a seeded half of the items of its
  /// section `section` deleted, then inserted again with their sizes.
  static func searchFilterBatches(
    _ document: LayoutDocument, section: Int, seed: UInt64
  ) -> (filter: BatchUpdate, restore: BatchUpdate) {
    var rng = SplitMix64(seed: seed)
    var filter = BatchUpdate()
    var restore = BatchUpdate()
    let items = document.input.sections[section]
    for i in 0..<items.count where rng.next() & 1 == 0 {
      filter.deleteItems.append(ItemPath(section, i))
      restore.insertItems.append(
        ItemInsertion(at: ItemPath(section, i), size: items.itemSize(at: i)))
    }
    return (filter, restore)
  }

  /// The search-filter trace's two batches at a small size, both forms, through a session's
  /// document: the same layout after each.
  @Test func searchFilterBatchesInBothForms() throws {
    let counts = [12, 3000]
    let document = try LayoutDocument.decode(
      Self.document(counts, layout: "horizontalFlow", seed: 9))
    let (filter, restore) = Self.searchFilterBatches(document, section: 1, seed: 5)
    var plain = try DocumentLayout<FastFlowLayout>(document)
    var packed = plain
    for batch in [filter, restore] {
      try plain.apply(json: Self.plainLine(batch))
      try packed.apply(json: Self.packedLine(batch))
      #expect(packed.engine.allElements == plain.engine.allElements)
    }
    let fresh = try DocumentLayout<FastFlowLayout>(document)
    #expect(packed.engine.allElements == fresh.engine.allElements)
  }

  /// A packed batch costs what its plain twin costs past the decoding: validated once (by the
  /// self-sizing layer, not again by the engine), one path map, each dense page laid out once
  /// (work counters, never a clock).
  @Test func aPackedBatchIsValidatedOnceAndLaysEachPageOutOnce() throws {
    let counts = [12, 100_000]
    let document = try LayoutDocument.decode(
      Self.document(counts, layout: "horizontalFlow", seed: 3))
    var rng = SplitMix64(seed: 11)
    var filter = BatchUpdate()
    for i in 0..<counts[1] where rng.next() & 1 == 0 { filter.deleteItems.append(ItemPath(1, i)) }
    var plain = try DocumentLayout<FastFlowLayout>(document)
    var packed = plain
    let validated = packed.layout.batchesValidated
    let maps = packed.layout.pathMapsBuilt
    let laidOut = packed.engine.workCounters.sectionsLaidOut
    try plain.apply(json: Self.plainLine(filter))
    try packed.apply(json: Self.packedLine(filter))
    #expect(packed.layout.batchesValidated == validated + 1)
    #expect(packed.layout.pathMapsBuilt == maps + 1)
    #expect(packed.engine.batchesValidated == 0 && packed.engine.pathMapsBuilt == 0)
    // Applied from the batch's own list: no per-section copy of its 50 000 paths.
    #expect(packed.engine.itemsListed == 0 && plain.engine.itemsListed == 0)
    #expect(packed.engine.workCounters == plain.engine.workCounters)
    // Every page of the section is touched: each laid out once (never re-broken region by
    // region).
    let pages = packed.engine.pages.count
    #expect(pages > 4)
    let pagesLaidOut = packed.engine.workCounters.sectionsLaidOut - laidOut
    #expect(pagesLaidOut >= pages / 2 && pagesLaidOut <= pages + 2, "\(packed.engine.workCounters)")
    #expect(packed.engine.allElements == plain.engine.allElements)
  }

  /// A packed filter of half a section and its restore, at n and 10n items: each validated
  /// once, one path map, nothing listed per section in the engine (`itemsListed`) at either
  /// size, and the pages laid out again ~10× (the O(k) work grows with the edits, nothing else
  /// is paid per item).
  @Test func aPackedFilterAndRestoreScaleWithTheirEdits() throws {
    var pagesLaidOut: [Int] = []
    for n in [20_000, 200_000] {
      let document = try LayoutDocument.decode(
        Self.document([12, n], layout: "horizontalFlow", seed: 4))
      var rng = SplitMix64(seed: 21)
      var filter = BatchUpdate()
      var restore = BatchUpdate()
      for i in 0..<n where rng.next() & 1 == 0 {
        filter.deleteItems.append(ItemPath(1, i))
        restore.insertItems.append(
          ItemInsertion(at: ItemPath(1, i), size: document.input.sections[1].itemSize(at: i)))
      }
      var live = try DocumentLayout<FastFlowLayout>(document)
      live.prepareForEdits()
      let validated = live.layout.batchesValidated
      let maps = live.layout.pathMapsBuilt
      let laidOut = live.engine.workCounters.sectionsLaidOut
      try live.apply(json: Self.packedLine(filter))
      try live.apply(json: Self.packedLine(restore))
      #expect(live.layout.batchesValidated == validated + 2, "n \(n)")
      #expect(live.layout.pathMapsBuilt == maps + 2, "n \(n)")
      #expect(live.engine.batchesValidated == 0 && live.engine.pathMapsBuilt == 0)
      #expect(live.engine.itemsListed == 0, "n \(n)")
      pagesLaidOut.append(live.engine.workCounters.sectionsLaidOut - laidOut)
      let fresh = try DocumentLayout<FastFlowLayout>(document)
      let same = live.engine.allElements == fresh.engine.allElements
      #expect(same, "n \(n)")
    }
    let ratio = Double(pagesLaidOut[1]) / Double(max(1, pagesLaidOut[0]))
    #expect(ratio > 8 && ratio < 12, "\(pagesLaidOut)")
  }

  /// `{"deleteItemsPacked": …}` or `{"insertItemsPacked": …}` with the given value.
  static let badBatches: [(json: String, field: String)] = [
    (#"{"deleteItemsPacked":[{"section":0,"mask":"A"}]}"#, "apply.deleteItemsPacked[0].mask"),
    (#"{"deleteItemsPacked":[{"section":0,"mask":"AB*="}]}"#, "apply.deleteItemsPacked[0].mask"),
    (#"{"deleteItemsPacked":[{"section":0,"mask":"AB=="}]}"#, "apply.deleteItemsPacked[0].mask"),
    (#"{"deleteItemsPacked":[{"section":0,"mask":7}]}"#, "apply.deleteItemsPacked[0].mask"),
    (#"{"deleteItemsPacked":[{"mask":"AQ=="}]}"#, "apply.deleteItemsPacked[0].section"),
    (#"{"deleteItemsPacked":[{"section":0}]}"#, "apply.deleteItemsPacked[0].mask"),
    (
      #"{"deleteItemsPacked":[{"section":-1,"mask":"AQ=="}]}"#, "apply.deleteItemsPacked[0].section"
    ),
    (
      #"{"deleteItemsPacked":[{"section":0,"mask":"AQ==","ranges":[[0,1]]}]}"#,
      "apply.deleteItemsPacked[0].ranges"
    ),
    (
      #"{"deleteItemsPacked":[{"section":0,"ranges":[[3,2]]}]}"#,
      "apply.deleteItemsPacked[0].ranges[0]"
    ),
    (
      #"{"deleteItemsPacked":[{"section":0,"ranges":[[0,2],[2,3]]}]}"#,
      "apply.deleteItemsPacked[0].ranges[1]"
    ),
    (
      #"{"deleteItemsPacked":[{"section":0,"ranges":[[0]]}]}"#,
      "apply.deleteItemsPacked[0].ranges[0]"
    ),
    (#"{"deleteItemsPacked":[{"section":0,"rangez":[]}]}"#, "apply.deleteItemsPacked[0].rangez"),
    // Out of range: item 40 of a section of 30; section 5 of 2.
    (
      #"{"deleteItemsPacked":[{"section":0,"ranges":[[29,41]]}]}"#,
      "apply.deleteItemsPacked[0].items[1]"
    ),
    (
      #"{"deleteItemsPacked":[{"section":5,"ranges":[[0,1]]}]}"#,
      "apply.deleteItemsPacked[0].items[0]"
    ),
    // Ranges wider than any section: named at their first missing item, never listed whole
    // (listing [0, 10¹¹) took minutes and 1.6 TB of paths).
    (
      #"{"deleteItemsPacked":[{"section":0,"ranges":[[0,99999999999]]}]}"#,
      "apply.deleteItemsPacked[0].items[30]"
    ),
    (
      #"{"deleteItemsPacked":[{"section":1,"ranges":[[5,6],[8,999999999999999]]}]}"#,
      "apply.deleteItemsPacked[0].items[13]"
    ),
    (
      #"{"deleteItemsPacked":[{"section":7,"ranges":[[0,999999999999999]]}]}"#,
      "apply.deleteItemsPacked[0].items[0]"
    ),
    // A plain deletion and a packed one of the same item.
    (
      #"{"deleteItems":[[0,3]],"deleteItemsPacked":[{"section":0,"ranges":[[3,4]]}]}"#,
      "apply.deleteItemsPacked[0].items[0]"
    ),
    // Sizes: too few bytes, not base64, an unknown encoding, NaN, negative.
    (
      #"{"insertItemsPacked":[{"section":0,"ranges":[[0,1]],"sizes":"AAAAAA=="}]}"#,
      "apply.insertItemsPacked[0].sizes"
    ),
    (
      #"{"insertItemsPacked":[{"section":0,"ranges":[[0,1]],"sizes":"!!!!"}]}"#,
      "apply.insertItemsPacked[0].sizes"
    ),
    (
      #"{"insertItemsPacked":[{"section":0,"ranges":[[0,1]],"sizes":"AAAAAAAAAAA=","sizeEncoding":"bf16"}]}"#,
      "apply.insertItemsPacked[0].sizeEncoding"
    ),
    (
      #"{"insertItemsPacked":[{"section":0,"ranges":[[0,1]]}]}"#, "apply.insertItemsPacked[0].sizes"
    ),
    // An insertion past the section's end after the batch (30 items + 1).
    (
      #"{"insertItemsPacked":[{"section":0,"ranges":[[31,32]],"sizes":"AADIQgAASEI=","sizeEncoding":"f32"}]}"#,
      "apply.insertItemsPacked[0].items[0]"
    ),
  ]

  static func sizes(_ values: [Double]) -> String {
    var bytes: [UInt8] = []
    for v in values {
      withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }
    return String(decoding: Base64.encode(bytes), as: UTF8.self)
  }

  @Test func badPackedEditsAreOneTypedErrorAndChangeNothing() throws {
    let document = try LayoutDocument.decode(
      Self.document([30, 20], layout: "horizontalFlow", seed: 1))
    var cases = Self.badBatches
    for (values, k) in [([100, .nan], 1), ([100, 50, -3, 40], 2), ([.infinity, 1], 0)] {
      let count = values.count / 2
      cases.append(
        (
          #"{"insertItemsPacked":[{"section":1,"ranges":[[0,\#(count)]],"sizes":"\#(Self.sizes(values))"}]}"#,
          "apply.insertItemsPacked[0].sizes[\(k / 2)]." + (k % 2 == 0 ? "width" : "height")
        ))
    }
    // The same as halves (`f16`): a NaN, a negative and an infinite one (0x7E00, 0xC200, 0x7C00).
    for (halves, k) in [([0x5640, 0x7E00], 1), ([0x5640, 0x5240, 0xC200, 0x5100], 2), ([0x7C00, 0x3C00], 0)] {
      var bytes: [UInt8] = []
      for h in halves { withUnsafeBytes(of: UInt16(h).littleEndian) { bytes.append(contentsOf: $0) } }
      let text = String(decoding: Base64.encode(bytes), as: UTF8.self)
      cases.append(
        (
          #"{"insertItemsPacked":[{"section":1,"ranges":[[0,\#(halves.count / 2)]],"sizes":"\#(text)","sizeEncoding":"f16"}]}"#,
          "apply.insertItemsPacked[0].sizes[\(k / 2)]." + (k % 2 == 0 ? "width" : "height")
        ))
      cases.append(
        (
          #"{"insertItemsPacked":[{"section":1,"mask":"\#(String(decoding: Base64.encode(PackedItemEdits.mask(of: Array(0..<(halves.count / 2)))), as: UTF8.self))","sizes":"\#(text)","sizeEncoding":"f16"}]}"#,
          "apply.insertItemsPacked[0].sizes[\(k / 2)]." + (k % 2 == 0 ? "width" : "height")
        ))
    }
    for (json, field) in cases {
      var live = try DocumentLayout<FastFlowLayout>(document)
      let before = live.engine.allElements
      do {
        try live.apply(json: Array(json.utf8))
        Issue.record("accepted: \(json)")
      } catch {
        #expect(error.field == field, "\(json): \(error)")
        #expect(!error.description.contains("\n"))
      }
      #expect(live.engine.allElements == before, "\(json)")
    }
  }

  /// A document's `edits` take the packed forms too, their errors named under `edits[k].`.
  @Test func documentEditsTakeThePackedForms() throws {
    let base = Self.document([30, 20], layout: "horizontalFlow", seed: 4).dropLast()
    let packed = try LayoutDocument.decode(
      base + #","edits":[{"deleteItemsPacked":[{"section":0,"ranges":[[3,9]]}]}]}"#)
    let plain = try LayoutDocument.decode(
      base + #","edits":[{"deleteItems":[[0,3],[0,4],[0,5],[0,6],[0,7],[0,8]]}]}"#)
    #expect(packed.edits == plain.edits)
    do {
      _ = try LayoutDocument.decode(
        base + #","edits":[{"deleteItemsPacked":[{"section":0,"ranges":[[29,41]]}]}]}"#)
      Issue.record("accepted an item past the section's end")
    } catch {
      #expect(error.field == "edits[0].deleteItemsPacked[0].items[1]", "\(error)")
    }
    do {
      _ = try LayoutDocument.decode(
        base + #","edits":[{"deleteItemsPacked":[{"section":1,"ranges":[[0,99999999999]]}]}]}"#)
      Issue.record("accepted a range past the section's end")
    } catch {
      #expect(error.field == "edits[0].deleteItemsPacked[0].items[20]", "\(error)")
    }
  }

  @Test func base64RoundTripsAndRefusesNonCanonicalText() {
    var rng = SplitMix64(seed: 64)
    for n in 0..<40 {
      let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      let text = Base64.encode(bytes)
      #expect(text.count == (n + 2) / 3 * 4)
      #expect(text.withUnsafeBufferPointer { Base64.decode($0) } == bytes)
    }
    for bad in ["A", "AB", "ABC", "A===", "AB=C", "ABC\"", "AB\u{7F}=", "QR==", "QUJ=", "=AAA"] {
      let utf8 = Array(bad.utf8)
      #expect(utf8.withUnsafeBufferPointer { Base64.decode($0) } == nil, "\(bad)")
    }
    // `\/` (a JSON writer escaping slashes) is read as `/`.
    var s = JSONScanner(Array(#""\/w==""#.utf8))
    #expect((try? s.readBase64(field: "f")) == [0xFF])
  }
}
