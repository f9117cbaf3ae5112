import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// The stream check's long-string path (64 bytes at a time, then 32, then 8, then 1) refuses
/// the first byte no request can hold wherever it falls in a run (every 16-byte vector of two
/// 64-byte blocks, the edges of printable ASCII included), and lets every other byte through.
@Suite("JSON stream check")
struct JSONStreamCheckTests {
  @Test func aControlByteIsFoundWhereverItFallsInALongString() {
    let opening = Array(#"{"a":""#.utf8)
    for position in 0..<160 {
      for bad: UInt8 in [0x01, 0x1F, 0x80, 0xFF] {
        let line =
          opening + [UInt8](repeating: UInt8(ascii: "A"), count: position) + [bad]
          + [UInt8](repeating: UInt8(ascii: "B"), count: 70) + Array(#""}"#.utf8)
        var check = JSONStreamCheck()
        #expect(check.check(line) == opening.count + position)
      }
      // Plain text, a quote's escape and two-byte UTF-8 at the same place: accepted whole.
      for inner in [Array("é".utf8), Array(#"\""#.utf8), Array("~".utf8), [0x7F], [0x20]] {
        let line =
          opening + [UInt8](repeating: UInt8(ascii: "A"), count: position) + inner
          + [UInt8](repeating: UInt8(ascii: "B"), count: 70) + Array(#""}"#.utf8)
        var check = JSONStreamCheck()
        #expect(check.check(line) == nil)
      }
    }
  }

  /// The 32-byte path over item lists (digits, `,:.-` and brackets) refuses exactly the byte the
  /// byte-by-byte path refuses, and lets through what it lets through: random texts of those
  /// bytes with a few others (space, a quote, a letter, `/`), nested up to and past
  /// `JSONScanner.maximumDepth`, checked whole and in random chunks against one byte a call.
  @Test func theItemListPathRefusesWhatTheBytePathRefuses() {
    var rng = SplitMix64(seed: 0x57C4_EC01)
    let alphabet = Array("0123456789,,,[[[]]]{}.-:".utf8)
    let rare = Array(" \"a/+eE\n".utf8) + [0x00, 0xFF]
    var refusals = 0
    for round in 0..<3_000 {
      var text = Array(#"{"a":"#.utf8)
      let depth = round % 5 == 0 ? JSONScanner.maximumDepth - 1 - rng.nextInt(below: 4) : rng.nextInt(below: 4)
      text += [UInt8](repeating: UInt8(ascii: "["), count: depth)
      for _ in 0..<(40 + rng.nextInt(below: 300)) {
        text.append(rng.nextInt(below: 200) == 0 ? rng.pick(rare) : rng.pick(alphabet))
      }
      var bytewise = JSONStreamCheck()
      var expected: Int?
      for (k, byte) in text.enumerated() where bytewise.check([byte]) != nil {
        expected = k
        break
      }
      var whole = JSONStreamCheck()
      #expect(whole.check(text) == expected, "round \(round)")
      var chunked = JSONStreamCheck()
      var at = 0
      var found: Int?
      while at < text.count, found == nil {
        let end = min(text.count, at + 1 + rng.nextInt(below: 100))
        if let bad = chunked.check(Array(text[at..<end])) { found = at + bad }
        at = end
      }
      #expect(found == expected, "round \(round), chunked")
      if expected != nil { refusals += 1 }
    }
    // Both outcomes are common.
    #expect(refusals > 300 && refusals < 2_700)
  }
}

