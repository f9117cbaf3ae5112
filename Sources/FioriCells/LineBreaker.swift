/// Decoding Unicode scalars from valid UTF-8 (a `String`'s bytes).
enum UTF8Scalars {
  /// The scalar starting at byte `i`, and its length in bytes.
  @inline(__always)
  static func decode(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar, Int) {
    let b0 = UInt32(bytes[i])
    if b0 < 0x80 { return (Unicode.Scalar(UInt8(b0)), 1) }
    let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 2
    var value = b0 & (0x7F >> UInt32(length))
    for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }
}

/// One line as a byte range of the source text. `collapses` is set when the range holds a run
/// of more than one space (or a line break) that the line shows as a single space.
struct LineRange {
  var start: Int
  var end: Int
  var collapses: Bool

  func text(in bytes: [UInt8]) -> String {
    collapses
      ? String(decoding: collapsedBytes(in: bytes), as: UTF8.self)
      : String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The bytes with every run of spaces and line breaks as one space, leading and trailing
  /// ones removed.
  func collapsedBytes(in bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(end - start)
    var pendingSpace = false
    for byte in bytes[start..<end] {
      if byte == 0x20 || byte == 0x0A {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(0x20) }
        pendingSpace = false
        result.append(byte)
      }
    }
    return result
  }
}

/// The greedy word-wrapping pass of `TextMeasurement.lines`, on UTF-8 bytes.
struct LineBreaker {
  let bytes: [UInt8]
  let unitWidth: Double
  private var ranges: [LineRange] = []
  private var current: LineRange?
  private var lineUnits = 0

  init(bytes: [UInt8], unitWidth: Double) {
    self.bytes = bytes
    self.unitWidth = unitWidth
  }

  private mutating func flush() {
    if let line = current { ranges.append(line) }
    current = nil
    lineUnits = 0
  }

  /// - Complexity: O(b) for b bytes.
  func lineRanges() -> [LineRange] {
    var pass = self
    pass.run()
    return pass.ranges
  }

  private mutating func run() {
    let space = TextMeasurement.units(of: " " as Unicode.Scalar)
    let ascii = TextMeasurement.asciiUnits
    let count = bytes.count
    var i = 0
    while i < count {
      let byte = bytes[i]
      if byte == 0x0A {
        flush()
        i += 1
        continue
      }
      if byte == 0x20 {
        i += 1
        continue
      }
      // The word [i, end).
      var end = i
      var wordUnits = 0
      while end < count {
        let b = bytes[end]
        if b == 0x20 || b == 0x0A { break }
        if b < 0x80 {
          wordUnits += ascii[Int(b)]
          end += 1
          continue
        }
        let (scalar, length) = UTF8Scalars.decode(bytes, at: end)
        wordUnits += TextMeasurement.units(of: scalar)
        end += length
      }
      let start = i
      i = end
      if var line = current, Double(lineUnits + space + wordUnits) <= unitWidth {
        if start - line.end != 1 { line.collapses = true }
        line.end = end
        current = line
        lineUnits += space + wordUnits
        continue
      }
      flush()
      if Double(wordUnits) <= unitWidth {
        current = LineRange(start: start, end: end, collapses: false)
        lineUnits = wordUnits
        continue
      }
      // A word wider than the line: break it between scalars.
      var k = start
      while k < end {
        let (scalar, length) = UTF8Scalars.decode(bytes, at: k)
        let u = TextMeasurement.units(of: scalar)
        if current != nil, u > 0, Double(lineUnits + u) > unitWidth { flush() }
        if current == nil { current = LineRange(start: k, end: k, collapses: false) }
        current!.end = k + length
        lineUnits += u
        k += length
      }
    }
    flush()
  }
}
