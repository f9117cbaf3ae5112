import FlowLayoutModel
import Foundation
import Testing

@testable import FlowLayoutCore
@testable import FlowLayoutDocument
@testable import FlowLayoutWorkloads

/// A packed batch's large entries decoded in parts on threads (`ParallelDecoding`) are the
/// batch decoded on one thread, bit for bit, whatever the split; bad input gives the same one
/// error and changes nothing. The split is forced on small batches by a small
/// `ParallelDecoding.minimumItems`.
@Suite("Parallel decoding of packed batches")
struct ParallelDecodingTests {
  /// `body` under a split of `parts` parts from 4 items (groups) on, counting parts in `counter`.
  static func split<R>(
    _ parts: Int, counter: PartCounter = PartCounter(), _ body: () throws -> R
  ) rethrows -> R {
    try ParallelDecoding.$current.withValue(
      ParallelDecoding(minimumItems: 4, parts: parts, counter: counter), operation: body)
  }

  static func bits(_ batch: BatchUpdate) -> [[UInt64]] {
    batch.insertItems.map { [$0.size.width.bitPattern, $0.size.height.bitPattern] }
  }

  @Test func splitDecodingGivesTheSameBatch() throws {
    var rng = SplitMix64(seed: 0x5917)
    for round in 0..<30 {
      let counts = (0..<(1 + rng.nextInt(below: 3))).map { _ in 50 + rng.nextInt(below: 1_500) }
      let batch = PackedBatchTests.randomBatch(counts, &rng)
      let line = PackedBatchTests.packedLine(batch)
      let counter = PartCounter()
      let one = try ParallelDecoding.$current.withValue(ParallelDecoding(counter: counter)) {
        try PackedBatchTests.read(line, counts: counts)
      }
      // Small entries stay on the calling thread by default.
      #expect(counter.parts == 0)
      #expect(one.deleteItems == batch.deleteItems, "round \(round)")
      #expect(one.insertItems.map(\.at) == batch.insertItems.map(\.at), "round \(round)")
      #expect(Self.bits(one) == Self.bits(batch), "round \(round)")
      for parts in [2, 3, 5, 8] {
        let split = try Self.split(parts) { try PackedBatchTests.read(line, counts: counts) }
        #expect(split.deleteItems == one.deleteItems, "round \(round), \(parts) parts")
        #expect(split.insertItems.map(\.at) == one.insertItems.map(\.at), "round \(round)")
        #expect(Self.bits(split) == Self.bits(one), "round \(round), \(parts) parts")
      }
    }
  }

  /// The work counter: a filter's mask (one base64 text; its paths kept packed) and a restore's
  /// (its mask's text, then one list of insertions, their sizes decoded from their text where
  /// it stands: no text decoded on its own) each decoded in `parts` parts.
  @Test(arguments: [2, 3, 7])
  func aSearchFilterIsDecodedInParts(parts: Int) throws {
    let count = 1_000
    var rng = SplitMix64(seed: 33)
    var filter = BatchUpdate()
    var restore = BatchUpdate()
    for i in 0..<count where rng.nextInt(below: 2) == 0 {
      filter.deleteItems.append(ItemPath(0, i))
      restore.insertItems.append(
        ItemInsertion(
          at: ItemPath(0, i),
          size: Size(rng.nextPoints(in: 20...200) + 0.1, rng.nextPoints(in: 20...90))))
    }
    let filtered = PartCounter()
    let decodedFilter = try Self.split(parts, counter: filtered) {
      try PackedBatchTests.read(PackedBatchTests.packedLine(filter), counts: [count])
    }
    #expect(decodedFilter == filter)
    // The mask's text only: its paths are kept packed (`PackedDeletions`), not listed.
    #expect(decodedFilter.packedDeletions != nil)
    #expect(filtered.parts == parts)
    let restored = PartCounter()
    let decodedRestore = try Self.split(parts, counter: restored) {
      try PackedBatchTests.read(
        PackedBatchTests.packedLine(restore), counts: [count - filter.deleteItems.count])
    }
    #expect(decodedRestore.insertItems.map(\.at) == restore.insertItems.map(\.at))
    #expect(Self.bits(decodedRestore) == Self.bits(restore))
    // The mask, and the sizes (kept packed, `PackedInsertions`) with their largest bit
    // patterns found as they are decoded (`PackedItemEdits.decodeSizes`): two loops, not three.
    #expect(decodedRestore.packedInsertions != nil)
    #expect(restored.parts == 2 * parts)
  }

  /// Sizes written with escapes (`\/`) are read as a JSON string, as before; a text that is
  /// not base64 is refused with the sizes' error even when a later key is bad too (the entry
  /// read again the plain way).
  @Test func escapedOrBadSizesReadAsBefore() throws {
    var rng = SplitMix64(seed: 77)
    var values: [Double] = []
    for _ in 0..<600 {
      values += [rng.nextPoints(in: 20...200) + 0.1, rng.nextPoints(in: 20...90)]
    }
    let text = PackedBatchTests.sizes(values)
    #expect(text.contains("/"))
    let escaped = text.replacingOccurrences(of: "/", with: "\\/")
    func read(_ sizes: String, after: String = "") throws -> BatchUpdate {
      let line =
        #"{"insertItemsPacked":[{"section":0,"ranges":[[0,600]],"sizes":"\#(sizes)"\#(after)}]}"#
      return try PackedBatchTests.read(Array(line.utf8), counts: [0])
    }
    for parts in [1, 3] {
      try Self.split(parts) {
        let plain = try read(text)
        let fromEscaped = try read(escaped)
        #expect(plain.insertItems.count == 600)
        #expect(Self.bits(fromEscaped) == Self.bits(plain))
        #expect(
          plain.insertItems.map(\.size.width)
            == stride(from: 0, to: 1_200, by: 2).map { values[$0] })
        var bad = Array(text.utf8)
        bad[bad.count / 2] = UInt8(ascii: "*")
        do {
          _ = try read(String(decoding: bad, as: UTF8.self), after: #","bogus":1"#)
          Issue.record("accepted")
        } catch let error as LayoutError {
          #expect(error.field == "apply.insertItemsPacked[0].sizes", "\(error)")
        }
      }
    }
  }

  /// A bad character or a bad size in any part: the error decoding on one thread gives, the
  /// layout unchanged.
  @Test func badInputInAnyPartIsTheSameError() throws {
    let count = 400
    let document = try LayoutDocument.decode(
      PackedBatchTests.document([count], layout: "horizontalFlow", seed: 9))
    var values: [Double] = []
    for i in 0..<count { values += [Double(20 + i % 50), Double(30 + i % 40)] }
    var cases: [String] = []
    let good = Array(PackedBatchTests.sizes(values).utf8)
    for at in [0, 5, good.count / 3, good.count / 2 + 1, good.count - 6] {
      var bad = good
      bad[at] = UInt8(ascii: "*")
      cases.append(
        #"{"insertItemsPacked":[{"section":0,"ranges":[[0,\#(count)]],"sizes":"\#(String(decoding: bad, as: UTF8.self))"}]}"#
      )
    }
    for k in [1, values.count / 2, values.count - 2] {
      var bad = values
      bad[k] = k % 3 == 0 ? .nan : -1
      let mask = String(
        decoding: Base64.encode([UInt8](repeating: 0xFF, count: count / 8)), as: UTF8.self)
      cases.append(
        #"{"insertItemsPacked":[{"section":0,"mask":"\#(mask)","sizes":"\#(PackedBatchTests.sizes(bad))"}]}"#
      )
    }
    for json in cases {
      func attempt() throws -> (LayoutError?, [LayoutElement]) {
        var live = try DocumentLayout<FastFlowLayout>(document)
        do {
          try live.apply(json: Array(json.utf8))
          return (nil, live.engine.allElements)
        } catch {
          return (error, live.engine.allElements)
        }
      }
      let (expected, unchanged) = try attempt()
      #expect(expected != nil, "accepted: \(json.prefix(80))")
      for parts in [2, 5] {
        let (error, after) = try Self.split(parts) { try attempt() }
        #expect(error?.description == expected?.description)
        #expect(after == unchanged)
      }
    }
  }
}
