import FlowLayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Booleans, null, strings and numbers.
extension JSONScanner {
  /// - Throws: `.invalidDocument` naming `field` for any other value.
  mutating func readBool(field: @autoclosure () -> String) throws(LayoutError) -> Bool {
    if readLiteral("true") { return true }
    if readLiteral("false") { return false }
    throw typeError(field(), expected: "true or false")
  }

  mutating func readNull() throws(LayoutError) {
    if !readLiteral("null") { throw syntaxError("invalid literal") }
  }

  /// Consumes `word` if it comes next and is not followed by more letters.
  private mutating func readLiteral(_ word: StaticString) -> Bool {
    _ = peek()
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let matches = word.withUTF8Buffer { w in
      (0..<count).allSatisfy { bytes[position + $0] == w[$0] }
    }
    guard matches else { return false }
    if position + count < bytes.count {
      let next = bytes[position + count] | 0x20  // lowercased if a letter
      if next >= UInt8(ascii: "a"), next <= UInt8(ascii: "z") { return false }
    }
    position += count
    return true
  }

  /// Reads a string, decoding escapes.
  ///
  /// - Throws: `.invalidDocument` naming `field` for another value; a syntax error for bad escapes,
  ///   control characters or an unterminated string.
  mutating func readString(field: @autoclosure () -> String) throws(LayoutError) -> String {
    guard peek() == UInt8(ascii: "\"") else { throw typeError(field(), expected: "a string") }
    position += 1
    var utf8: [UInt8] = []
    while true {
      guard position < bytes.count else { throw syntaxError("unterminated string") }
      let b = bytes[position]
      switch b {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        try readEscape(into: &utf8)
      case 0..<0x20:
        throw syntaxError("control character \(describe(b)) in a string")
      default:
        utf8.append(b)
        position += 1
      }
    }
  }

  private mutating func readEscape(into utf8: inout [UInt8]) throws(LayoutError) {
    guard position < bytes.count else { throw syntaxError("unterminated string") }
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
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
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
    guard position + 4 <= bytes.count else { throw syntaxError("unterminated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
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
    guard position < bytes.count, isDigit(bytes[position]) else {
      throw syntaxError("a number needs a digit after '-'")
    }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
      if position < bytes.count, isDigit(bytes[position]) {
        throw syntaxError("a number must not have a leading zero")
      }
    } else {
      while position < bytes.count, isDigit(bytes[position]) {
        accumulate(bytes[position], &mantissa, &digits, &exact, &exponent, fraction: false)
        position += 1
      }
    }
    // Fraction.
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw syntaxError("a number needs a digit after '.'")
      }
      while position < bytes.count, isDigit(bytes[position]) {
        accumulate(bytes[position], &mantissa, &digits, &exact, &exponent, fraction: true)
        position += 1
      }
    }
    // Exponent.
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      var exponentNegative = false
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        exponentNegative = bytes[position] == UInt8(ascii: "-")
        position += 1
      }
      guard position < bytes.count, isDigit(bytes[position]) else {
        throw syntaxError("a number needs a digit in its exponent")
      }
      var e = 0
      while position < bytes.count, isDigit(bytes[position]) {
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

  /// Reads a number that must be an integer (a count or an index).
  ///
  /// - Throws: `.invalidDocument` naming `field` for a fraction, a value beyond ±2⁵³, or
  ///   another type.
  mutating func readInt(field: @autoclosure () -> String) throws(LayoutError) -> Int {
    let value = try readNumber(field: field())
    guard value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else {
      throw .invalidDocument(field: field(), reason: "expected an integer, found \(value)")
    }
    return Int(value)
  }

  private func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

  static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }
}
