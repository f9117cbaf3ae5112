import Testing

@testable import FlowLayoutDocument

/// The stream check's long-string path (32 bytes at a time, then 8, then 1) refuses the first
/// byte no request can hold wherever it falls in a run, and lets every other byte through.
@Suite("JSON stream check")
struct JSONStreamCheckTests {
  @Test func aControlByteIsFoundWhereverItFallsInALongString() {
    let opening = Array(#"{"a":""#.utf8)
    for position in 0..<100 {
      for bad: UInt8 in [0x01, 0x1F, 0xFF] {
        let line =
          opening + [UInt8](repeating: UInt8(ascii: "A"), count: position) + [bad]
          + [UInt8](repeating: UInt8(ascii: "B"), count: 70) + Array(#""}"#.utf8)
        var check = JSONStreamCheck()
        #expect(check.check(line) == opening.count + position)
      }
      // Plain text, a quote's escape and two-byte UTF-8 at the same place: accepted whole.
      for inner in [Array("é".utf8), Array(#"\""#.utf8), Array("~".utf8)] {
        let line =
          opening + [UInt8](repeating: UInt8(ascii: "A"), count: position) + inner
          + [UInt8](repeating: UInt8(ascii: "B"), count: 70) + Array(#""}"#.utf8)
        var check = JSONStreamCheck()
        #expect(check.check(line) == nil)
      }
    }
  }
}
