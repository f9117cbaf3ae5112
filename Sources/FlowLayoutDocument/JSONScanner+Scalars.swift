import FlowLayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Booleans, null, strings and numbers.
extension JSONScanner {
  /// - Throws: `.invalidDocument` naming `field` for any other value; a syntax error for a word
  ///   that is no literal (`trueee`, `nope`).
  mutating func readBool(field: @autoclosure () -> String) throws(LayoutError) -> Bool {
    if readLiteral("true") { return true }
    if readLiteral("false") { return false }
    throw typeError(field(), expected: "true or false")
  }

  /// - Throws: `.invalidDocument` naming `field` for another value (as `readBool`); a syntax
  ///   error for a malformed word (`nul`).
  mutating func readNull(field: @autoclosure () -> String) throws(LayoutError) {
    if readLiteral("null") { return }
    throw typeError(field(), expected: "null")
  }

  /// Reads `null` items while they are separated by commas, in one pass over the bytes; stops
  /// after the last `null` (before the `,` or `]` that follows it), and before a `null` that a
  /// letter or digit follows (for `readNull` to refuse). The run of a million estimated items of
  /// a self-sizing document.
  ///
  /// - Returns: the number of items read (0: the position unchanged).
  /// - Complexity: O(b) for the b bytes read; no allocation.
  mutating func readNulls() -> Int {
    let limit = end
    var count = 0
    var i = position
    var good = position
    bytes.withUnsafeBufferPointer { b in
      while i &+ 4 <= limit, b[i] == UInt8(ascii: "n"), b[i &+ 1] == UInt8(ascii: "u"),
        b[i &+ 2] == UInt8(ascii: "l"), b[i &+ 3] == UInt8(ascii: "l")
      {
        var j = i &+ 4
        while j < limit, Self.isSpace(b[j]) { j &+= 1 }
        // What ends a literal here: a comma, the array's end, or the text's end (the array
        // reader names what is missing).
        guard j == limit || b[j] == UInt8(ascii: ",") || b[j] == UInt8(ascii: "]") else { break }
        count &+= 1
        good = i &+ 4
        guard j < limit, b[j] == UInt8(ascii: ",") else { break }
        j &+= 1
        while j < limit, Self.isSpace(b[j]) { j &+= 1 }
        i = j
      }
    }
    position = good
    return count
  }

  /// The length of the literal (`true`, `false`, `null`) at `position`, when one is there and
  /// no letter follows it.
  func literalLength() -> Int? {
    for word: StaticString in ["true", "false", "null"] where matches(word) {
      return word.utf8CodeUnitCount
    }
    return nil
  }

  private func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= end else { return false }
    let same = word.withUTF8Buffer { w in
      (0..<count).allSatisfy { bytes[position + $0] == w[$0] }
    }
    guard same else { return false }
    if position + count < end {
      let next = bytes[position + count] | 0x20  // lowercased if a letter
      if next >= UInt8(ascii: "a"), next <= UInt8(ascii: "z") { return false }
    }
    return true
  }

  /// Consumes `word` if it comes next and is not followed by more letters.
  private mutating func readLiteral(_ word: StaticString) -> Bool {
    _ = peek()
    guard matches(word) else { return false }
    position += word.utf8CodeUnitCount
    return true
  }

  /// Reads a string, decoding escapes.
  ///
  /// - Complexity: O(b) for its b bytes; memory: the `String` alone when it holds no escape
  ///   (made from the bytes at once), else also an array of its bytes while decoding.
  /// - Throws: `.invalidDocument` naming `field` for another value; a syntax error for bad escapes,
  ///   control characters, invalid UTF-8 (RFC 8259 §8.1: refused, not replaced) or an
  ///   unterminated string, at the offending byte.
  mutating func readString(field: @autoclosure () -> String) throws(LayoutError) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw typeError(field(), expected: "a string") }
    let start = position + 1
    // Printable ASCII up to the closing quote (the common string) is its own bytes.
    position = start
    if let close = endOfPlainString() {
      position = close + 1
      return String(decoding: bytes[start..<close], as: UTF8.self)
    }
    position = start - 1
    if try scanString(decoding: false) {
      return String(decoding: bytes[start..<position - 1], as: UTF8.self)
    }
    position = start - 1
    var utf8: [UInt8] = []
    _ = try scanString(decoding: true, into: &utf8)
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Skips a string (at its opening quote), checking it as `readString` does, without building
  /// it: a skipped value costs no memory.
  mutating func skipString() throws(LayoutError) {
    let quote = position
    position += 1
    if let close = endOfPlainString() {
      position = close + 1
      return
    }
    position = quote
    _ = try scanString(decoding: false)
  }

  /// Checks the string at `position` (its opening quote) and moves past it; with `decoding`,
  /// appends its decoded bytes to `utf8`.
  ///
  /// - Returns: `true` when the string held no escape (its bytes are its UTF-8).
  private mutating func scanString(decoding: Bool) throws(LayoutError) -> Bool {
    var none: [UInt8] = []
    return try scanString(decoding: decoding, into: &none)
  }

  @inline(__always)
  private mutating func scanString(decoding: Bool, into utf8: inout [UInt8]) throws(LayoutError)
    -> Bool
  {
    position += 1
    var segment = position
    var escaped = false
    var scratch: [UInt8] = []
    while true {
      guard position < end else { throw syntaxError("unterminated string") }
      let b = bytes[position]
      switch b {
      case UInt8(ascii: "\""):
        if decoding { utf8.append(contentsOf: bytes[segment..<position]) }
        position += 1
        return !escaped
      case UInt8(ascii: "\\"):
        escaped = true
        if decoding { utf8.append(contentsOf: bytes[segment..<position]) }
        position += 1
        if decoding {
          try readEscape(into: &utf8)
        } else {
          scratch.removeAll(keepingCapacity: true)
          try readEscape(into: &scratch)
        }
        segment = position
      case 0..<0x20:
        throw syntaxError("control character \(describe(b)) in a string")
      case 0x80...:
        position += try utf8SequenceLength()
      default:
        position += 1
      }
    }
  }

  /// Moves `position` over printable ASCII without escapes; the closing quote's index when
  /// that is where the run ends, else `nil` (`position` at the byte that ended the run).
  ///
  /// - Complexity: O(k) for the k bytes of the run.
  private mutating func endOfPlainString() -> Int? {
    let start = position
    let limit = end
    let stop = bytes.withUnsafeBufferPointer { buffer -> Int in
      var i = start
      while i < limit {
        let b = buffer[i]
        if b < 0x20 || b >= 0x80 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
          return i
        }
        i += 1
      }
      return i
    }
    position = stop
    return stop < limit && bytes[stop] == UInt8(ascii: "\"") ? stop : nil
  }

  /// The length of the well-formed UTF-8 sequence at `position` (Unicode 15, table 3-7: no
  /// overlong forms, no surrogates, nothing beyond U+10FFFF).
  ///
  /// - Throws: a syntax error at the first byte that breaks the sequence.
  private mutating func utf8SequenceLength() throws(LayoutError) -> Int {
    let lead = bytes[position]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: throw syntaxError("invalid UTF-8 byte 0x\(String(lead, radix: 16)) in a string")
    }
    for k in 1..<length {
      guard position + k < end else {
        position += k
        throw syntaxError("unterminated string")
      }
      let b = bytes[position + k]
      guard b >= low, b <= high else {
        position += k
        throw syntaxError("invalid UTF-8 byte 0x\(String(b, radix: 16)) in a string")
      }
      (low, high) = (0x80, 0xBF)
    }
    return length
  }

  private mutating func readEscape(into utf8: inout [UInt8]) throws(LayoutError) {
    guard position < end else { throw syntaxError("unterminated string") }
    let b = bytes[position]
    position += 1
    switch b {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(b)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try readHex4()
      if (0xD800..<0xDC00).contains(scalar) {
        // A high surrogate must be followed by an escaped low surrogate.
        guard position + 1 < end, bytes[position] == UInt8(ascii: "\\"),
          bytes[position + 1] == UInt8(ascii: "u")
        else { throw syntaxError("unpaired surrogate in a \\u escape") }
        position += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw syntaxError("unpaired surrogate in a \\u escape")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw syntaxError("unpaired surrogate in a \\u escape")
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw syntaxError("invalid \\u escape") }
      utf8.append(contentsOf: String(Character(unicode)).utf8)
    default:
      position -= 1
      // A control or non-ASCII byte is named by its code: the message stays one printable line.
      let escape =
        (0x20..<0x7F).contains(b)
        ? "\\\(Character(Unicode.Scalar(b)))" : "'\\' followed by \(describe(b))"
      throw syntaxError("invalid escape \(escape)")
    }
  }

  private mutating func readHex4() throws(LayoutError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      // Digit by digit, so that the error names the first bad byte, as `JSONStreamCheck` does.
      guard position < end else { throw syntaxError("unterminated \\u escape") }
      let b = bytes[position]
      let digit: UInt8
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
      default: throw syntaxError("invalid hex digit in a \\u escape")
      }
      value = value * 16 + UInt32(digit)
      position += 1
    }
    return value
  }

  /// Reads a JSON number, correctly rounded to the nearest `Double`.
  ///
  /// Numbers of at most 15 significant digits with a decimal exponent within ±22 take Clinger's
  /// exact fast path (one correctly rounded multiplication or division); others go to `strtod`.
  /// A number too large for `Double` reads as ±infinity, which validation then names.
  ///
  /// - Throws: `.invalidDocument` naming `field` for another value; a syntax error for a
  ///   malformed number (`01`, `1.`, `-`, `1e`).
  mutating func readNumber(field: @autoclosure () -> String) throws(LayoutError) -> Double {
    guard let first = peek(), first == UInt8(ascii: "-") || isDigit(first) else {
      throw typeError(field(), expected: "a number")
    }
    let start = position
    var negative = false
    if first == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0  // significant digits accumulated into `mantissa`
    var exponent = 0  // decimal exponent applied to `mantissa`
    var exact = true  // `mantissa` holds every digit

    // Integer part: 0 or [1-9][0-9]*.
    guard position < end, isDigit(bytes[position]) else {
      throw syntaxError("a number needs a digit after '-'")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < end, isDigit(bytes[position]) {
        throw syntaxError("a number must not have a leading zero")
      }
    } else {
      while position < end, isDigit(bytes[position]) {
        accumulate(bytes[position], &mantissa, &digits, &exact, &exponent, fraction: false)
        position += 1
      }
    }
    // Fraction.
    if position < end, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < end, isDigit(bytes[position]) else {
        throw syntaxError("a number needs a digit after '.'")
      }
      while position < end, isDigit(bytes[position]) {
        accumulate(bytes[position], &mantissa, &digits, &exact, &exponent, fraction: true)
        position += 1
      }
    }
    // Exponent.
    if position < end, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      var exponentNegative = false
      if position < end,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        exponentNegative = bytes[position] == UInt8(ascii: "-")
        position += 1
      }
      guard position < end, isDigit(bytes[position]) else {
        throw syntaxError("a number needs a digit in its exponent")
      }
      var e = 0
      while position < end, isDigit(bytes[position]) {
        if e < 100_000 { e = e * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
        position += 1
      }
      exponent += exponentNegative ? -e : e
    }

    if exact, mantissa == 0 { return negative ? -0.0 : 0 }
    if exact, digits <= 15, (-22...22).contains(exponent) {
      var value = Double(mantissa)
      if exponent < 0 {
        value /= Self.powersOfTen[-exponent]
      } else {
        value *= Self.powersOfTen[exponent]
      }
      return negative ? -value : value
    }
    return slowNumber(start..<position)
  }

  private func accumulate(
    _ byte: UInt8, _ mantissa: inout UInt64, _ digits: inout Int, _ exact: inout Bool,
    _ exponent: inout Int, fraction: Bool
  ) {
    let digit = UInt64(byte - UInt8(ascii: "0"))
    if digits == 0, digit == 0 {
      // A leading zero of the fraction: only shifts the exponent.
      if fraction { exponent -= 1 }
      return
    }
    if digits < 19 {
      mantissa = mantissa * 10 + digit
      digits += 1
      if fraction { exponent -= 1 }
    } else {
      exact = false
      if !fraction { exponent += 1 }
    }
  }

  private func slowNumber(_ range: Range<Int>) -> Double {
    var text = Array(bytes[range])
    text.append(0)
    return text.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { strtod($0.baseAddress!, nil) }
    }
  }

  /// Reads a number that must be an integer (a count or an index), exactly: the decimal
  /// text's value, not a `Double`'s (`1e-400` is no integer although it reads as 0; `2.0` and
  /// `1e2` are).
  ///
  /// - Throws: `.invalidDocument` naming `field` for a fraction, a value beyond ±2⁵³ ("out of
  ///   range", with the text), or another type.
  mutating func readInt(field: @autoclosure () -> String) throws(LayoutError) -> Int {
    _ = peek()
    let start = position
    _ = try readNumber(field: field())
    let text = bytes[start..<position]
    // Plain digits (an index, a count; at most 15: below 2⁵³), read without allocating.
    if let plain = Self.plainInteger(text) { return plain }
    // The significant digits (leading zeros dropped) and the power of ten they are scaled by.
    var digits: [UInt8] = []
    var scale = 0
    var inFraction = false
    var index = text.startIndex
    while index < text.endIndex {
      let b = text[index]
      if b == UInt8(ascii: ".") {
        inFraction = true
      } else if b | 0x20 == UInt8(ascii: "e") {
        break
      } else if isDigit(b) {
        if !(digits.isEmpty && b == UInt8(ascii: "0")) { digits.append(b) }
        if inFraction { scale -= 1 }
      }
      index += 1
    }
    if index < text.endIndex {
      // The exponent, clamped (beyond ±10⁶ the answer no longer changes).
      var e = 0
      var negative = false
      for b in text[(index + 1)...] {
        if b == UInt8(ascii: "-") { negative = true }
        if isDigit(b), e < 1_000_000 { e = e * 10 + Int(b - UInt8(ascii: "0")) }
      }
      scale += negative ? -e : e
    }
    while digits.last == UInt8(ascii: "0") {
      digits.removeLast()
      scale += 1
    }
    let shown = printable(String(decoding: text, as: UTF8.self), limit: 32)
    if digits.isEmpty { return 0 }
    guard scale >= 0 else {
      throw .invalidDocument(field: field(), reason: "expected an integer, found \(shown)")
    }
    var magnitude: UInt64 = 0
    let limit: UInt64 = 1 << 53
    for k in 0..<(digits.count + scale) {
      let digit = k < digits.count ? UInt64(digits[k] - UInt8(ascii: "0")) : 0
      guard magnitude <= (limit - digit) / 10 else {
        throw .invalidDocument(
          field: field(),
          reason: "integer out of range: \(shown) (integers are within ±9007199254740992)")
      }
      magnitude = magnitude * 10 + digit
    }
    return text.first == UInt8(ascii: "-") ? -Int(magnitude) : Int(magnitude)
  }

  private func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

  /// The value of `text` when it is an optional `-` and 1 to 15 digits only, else `nil`.
  ///
  /// - Complexity: O(c) for c bytes; no allocation.
  private static func plainInteger(_ text: ArraySlice<UInt8>) -> Int? {
    var index = text.startIndex
    let negative = index < text.endIndex && text[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digits = text.endIndex - index
    guard digits >= 1, digits <= 15 else { return nil }
    var value = 0
    while index < text.endIndex {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value &* 10 &+ Int(digit)
      index += 1
    }
    return negative ? -value : value
  }

  static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }
}
