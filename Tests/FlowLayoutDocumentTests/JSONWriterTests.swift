import FlowLayoutDocument
import Testing

/// The writer's numbers and tokens, byte for byte: every answer and trace line is written by it.
@Suite struct JSONWriterTests {
  @Test func integersAreWrittenInFull() {
    let values = [
      0, 7, 9, 10, 11, 99, 100, 101, 12_345, 1_000_000, -1, -10, -987_654_321,
      Int.max, Int.min, 9_007_199_254_740_992,
    ]
    for value in values {
      var w = JSONWriter()
      w.append(value)
      #expect(w.string == String(value))
    }
  }

  @Test func doublesAndTokens() {
    var w = JSONWriter()
    w.append(numbers: 0, -0.0, 16, 1234.5, 0.1, 1e-7, 9_007_199_254_740_992, 1e300, separator: ",")
    w.append("[")
    w.append("{\"item\":")
    w.append(Double.nan)
    w.append(quoted: "a\"b\\c\n\u{1}")
    #expect(
      w.string
        == "[0,0,16,1234.5,0.1,1e-07,9007199254740992,1e+300][{\"item\":null\"a\\\"b\\\\c\\n\\u0001\"")
  }
}
