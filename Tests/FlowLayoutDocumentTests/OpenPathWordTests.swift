import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// The open path's eight-bytes-at-a-time readers (issue 33, item 5) read exactly what their
/// byte-by-byte definitions read: `JSONScanner.eightByteInteger` (a sized item's numbers) and
/// the stream check's word path over plain bytes and brackets.
@Suite("Open path, eight bytes at a time")
struct OpenPathWordTests {
  /// The definition: the maximal run of ASCII digits at the start, when it has 1–7 digits, no
  /// leading zero (but `0` itself), and the byte after it is none of `.`, `e`, `E`.
  static func expected(_ bytes: [UInt8]) -> (value: Double, count: Int)? {
    let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
    guard (1...7).contains(count), count == 1 || bytes[0] != UInt8(ascii: "0") else { return nil }
    let next = bytes[count]
    guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") else {
      return nil
    }
    return (Double(String(decoding: bytes[..<count], as: UTF8.self))!, count)
  }

  /// Seeded 8-byte windows: runs of digits followed by every kind of byte (the digits' ASCII
  /// neighbours `/` and `:`, `.`, `e`, `E`, bytes ≥ 0xFA whose carry crosses into the next
  /// byte, NUL), and fully random ones.
  @Test func eightByteIntegerIsTheDigitRun() {
    var random = SplitMix64(seed: 33)
    let others: [UInt8] = [
      0x2F, 0x3A, 0x2E, 0x65, 0x45, 0x2C, 0x5D, 0x20, 0x00, 0xFA, 0xFF, 0x7F, 0x80, 0x39 &+ 0x80,
    ]
    var windows: [[UInt8]] = []
    for digits in 0...8 {
      for other in others {
        for _ in 0..<40 {
          var w = (0..<digits).map { _ in UInt8(ascii: "0") + UInt8(random.next() % 10) }
          w.append(other)
          while w.count < 9 { w.append(UInt8(truncatingIfNeeded: random.next())) }
          windows.append(Array(w.prefix(9)))
        }
      }
    }
    for _ in 0..<20_000 {
      windows.append((0..<9).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }
    windows += ["0,", "00,", "05]", "0.5", "7e1", "1234567,", "9999999]", "10000000"].map {
      Array(($0 + "xxxxxxxx").utf8.prefix(9))
    }
    var fast = 0
    for w in windows {
      let got = w.withUnsafeBytes { JSONScanner.eightByteInteger($0.baseAddress!) }
      let want = Self.expected(w)
      #expect(got?.value == want?.value && got?.count == want?.count, "\(w)")
      if got != nil { fast += 1 }
    }
    #expect(fast > 1_000)
  }

  /// Sized items read by the pair reader equal `Double(String)` of each number, whatever the
  /// number's form (integers of every length, fractions, negatives, spaces), up to the first
  /// exponent.
  @Test func sizedPairsReadAsWritten() {
    var random = SplitMix64(seed: 34)
    let forms = [
      "0", "7", "60", "200", "1234567", "12345678", "123456789012", "0.5", "12.25", "1e2",
      "2E1", "-3", "-0", "99.0", "1.5e1",
    ]
    for round in 0..<50 {
      let count = 1 + Int(random.next() % 40)
      var texts: [(String, String)] = []
      for _ in 0..<count {
        texts.append(
          (
            forms[Int(random.next() % UInt64(forms.count))],
            forms[Int(random.next() % UInt64(forms.count))]
          ))
      }
      let spaced = round % 3 == 0
      let body = texts.map { spaced ? "[ \($0.0) , \($0.1) ]" : "[\($0.0),\($0.1)]" }
        .joined(separator: spaced ? ", " : ",")
      var scanner = JSONScanner(Array((body + "]").utf8))
      var widths: [Double] = []
      var heights: [Double] = []
      let read = scanner.readPlainPairs(widths: &widths, heights: &heights)
      // The pair reader leaves a number with an exponent (and all after it) to the exact
      // reader.
      let plain = texts.prefix { !($0.0 + $0.1).contains { $0 == "e" || $0 == "E" } }
      #expect(read == plain.count, "\(body)")
      #expect(widths == plain.map { Double($0.0)! }, "\(body)")
      #expect(heights == plain.map { Double($0.1)! }, "\(body)")
    }
  }

  /// The stream check fed a text whole (its word path takes 8 plain bytes and brackets at a
  /// time) and one byte at a time refuses the same byte: nesting that reaches the depth limit
  /// or closes the top level inside a word, and garbage inside a run of numbers.
  @Test func streamCheckWordPathRefusesAsByteByByte() {
    let limit = JSONScanner.maximumDepth
    var texts: [String] = []
    for extra in -3...3 {
      let depth = limit - 1 + extra
      texts.append(
        #"{"a":"# + String(repeating: "[1,", count: depth) + "2"
          + String(repeating: "]", count: depth) + "}")
      texts.append(
        #"{"a":"# + String(repeating: "[[1,2],", count: 10)
          + String(repeating: "]", count: 12 + extra))
    }
    texts.append(#"{"a":[[12,34],[56,78],[90,12],[34,x6],[1,2]]}"#)
    texts.append(#"{"a":[[12,34],[56,78]]]]]]]]]]]]]}"#)
    texts.append(#"{"a":[[12,34],[56,78]]}  ,  "#)
    texts.append(#"{"a":[[12,34],[56,78]] ,"b":[1.5,-2,3e4,[[]]]}"#)
    var random = SplitMix64(seed: 35)
    let alphabet = Array("0123456789,[]{} :.-".utf8)
    for _ in 0..<300 {
      var text = Array(#"{"a":["#.utf8)
      for _ in 0..<Int(random.next() % 200) {
        text.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
      }
      texts.append(String(decoding: text, as: UTF8.self))
    }
    // Strings: runs of plain text ending (or not) at a quote, an escape, a control character
    // or a non-ASCII byte at every offset of an 8-byte word.
    let pieces = [
      "abcdefgh", "a", "xy z", "\"", "\\n", "\\u00e9", "\\q", "é", "\u{1}", "\u{7F}", ":",
      ",", "\"k\":",
    ]
    for _ in 0..<300 {
      var text = #"{"a":[{"b":""#
      for _ in 0..<Int(random.next() % 30) {
        text += pieces[Int(random.next() % UInt64(pieces.count))]
      }
      texts.append(text + #""}]}"#)
    }
    // The comparison of `PlainBatchListTests`, whole against byte by byte.
    for text in texts { PlainBatchListTests().streamCheckFastPathRefusesAsByteByByte(text: text) }
  }

  /// The pair reader's in-line path for `[W,H]` (two integers of 1–7 digits, no spaces) reads
  /// the `Double` the exact number reader (`readNumber`) reads for every number, stops where
  /// the general steps stop (a leading zero, a fraction, an exponent, a negative, eight digits
  /// or more, a space, the text's end), and leaves the same count: 200 000 random pairs of
  /// every digit length, mixed with the forms it must leave to the general steps.
  @Test func inlinePairsReadAsTheExactReader() {
    var random = SplitMix64(seed: 35)
    func number() -> String {
      switch random.next() % 16 {
      case 0: return "0"
      case 1: return String(random.next() % 10_000_000)  // up to 7 digits
      case 2: return String(1_000_000 + random.next() % 9_000_000)  // exactly 7
      case 3: return String(10_000_000 + random.next() % 90_000_000)  // 8: general
      case 4: return "\(random.next() % 1000).\(random.next() % 100)"
      case 5: return "-\(random.next() % 1000)"
      case 6: return "0\(random.next() % 10)"  // a leading zero: refused
      case 7: return "\(random.next() % 100)e1"  // an exponent: the exact reader's
      default:
        let digits = 1 + Int(random.next() % 7)
        var value = 1 + random.next() % 9
        for _ in 1..<digits { value = value * 10 + random.next() % 10 }
        return String(value)
      }
    }
    var pairs: [(String, String)] = []
    for _ in 0..<200_000 { pairs.append((number(), number())) }
    // Runs of plain pairs, each run cut by what the reader must stop at.
    var k = 0
    var runs = 0
    while k < pairs.count {
      let length = 1 + Int(random.next() % 64)
      let run = pairs[k..<min(k + length, pairs.count)]
      k += length
      let spaced = random.next() % 8 == 0
      let body = run.map { spaced ? "[\($0.0), \($0.1)]" : "[\($0.0),\($0.1)]" }
        .joined(separator: ",")
      // Sometimes the text ends right after the run (the in-line path needs 19 bytes ahead).
      let tail = random.next() % 4 == 0 ? "]" : "],[1,2]]"
      let text = Array((body + tail).utf8)
      var scanner = JSONScanner(text)
      var widths: [Double] = []
      var heights: [Double] = []
      let read = scanner.readPlainPairs(widths: &widths, heights: &heights)
      // The exact reader over the same text: pair by pair, while both numbers are of the
      // plain form (no exponent: the pair reader leaves those).
      var exact = JSONScanner(text)
      var want: [(Double, Double)] = []
      for (w, h) in run {
        if (w + h).contains("e") { break }
        exact.position += 1  // [
        guard let width = try? exact.readNumber(field: "w") else { break }
        exact.position += spaced ? 2 : 1  // , (and a space)
        guard let height = try? exact.readNumber(field: "h") else { break }
        exact.position += 2  // ] and , or the end
        want.append((width, height))
      }
      #expect(read == want.count, "\(String(decoding: text.prefix(200), as: UTF8.self))")
      #expect(widths.map(\.bitPattern) == want.map(\.0.bitPattern))
      #expect(heights.map(\.bitPattern) == want.map(\.1.bitPattern))
      runs += 1
    }
    #expect(runs > 5_000)
  }
}
