import FlowLayoutModel

/// A pull parser over the bytes of one JSON text (RFC 8259), decoding straight into the caller's
/// types so that a million-item document never becomes a tree of JSON values.
///
/// Every read names the document field it reads: a value of the wrong type is a
/// `LayoutError.invalidDocument(field:reason:)` naming that field; malformed JSON is one naming the
/// field `"document"` with the byte offset.
///
/// - Complexity: every read is O(b) in the b bytes it consumes.
struct JSONScanner {
  let bytes: [UInt8]
  var position = 0
  /// The deepest nesting `skipValue` follows before refusing the document (no stack overflow).
  static let maximumDepth = 512

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    // A UTF-8 byte order mark is allowed and ignored.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
  }

  // MARK: Errors

  /// A JSON syntax error at the current byte offset.
  func syntaxError(_ what: String) -> LayoutError {
    .invalidDocument(field: "document", reason: "invalid JSON at byte \(position): \(what)")
  }

  /// A value of the wrong type (or syntax garbage) where `field` expects `expected`.
  mutating func typeError(_ field: String, expected: String) -> LayoutError {
    skipWhitespace()
    guard position < bytes.count else { return syntaxError("unexpected end of input") }
    let found: String
    switch bytes[position] {
    case UInt8(ascii: "{"): found = "an object"
    case UInt8(ascii: "["): found = "an array"
    case UInt8(ascii: "\""): found = "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): found = "a boolean"
    case UInt8(ascii: "n"): found = "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = "a number"
    default: return syntaxError("unexpected character \(describe(bytes[position]))")
    }
    return .invalidDocument(field: field, reason: "expected \(expected), found \(found)")
  }

  func describe(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte)
      ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
  }

  // MARK: Structure

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// The next non-whitespace byte, not consumed; `nil` at the end of input.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < bytes.count ? bytes[position] : nil
  }

  mutating func expect(_ byte: UInt8) throws(LayoutError) {
    guard peek() == byte else {
      if position >= bytes.count { throw syntaxError("unexpected end of input") }
      throw syntaxError(
        "expected '\(Character(Unicode.Scalar(byte)))', found \(describe(bytes[position]))")
    }
    position += 1
  }

  /// Checks that only whitespace follows the document.
  mutating func expectEnd() throws(LayoutError) {
    if peek() != nil { throw syntaxError("unexpected data after the document") }
  }

  /// Reads an object, calling `body` with each key; `body` must consume the member's value.
  ///
  /// - Throws: `.invalidDocument` naming `field` when the value is not an object, naming
  ///   `field.key` when a key appears twice; a syntax error naming `document`.
  mutating func readObject(
    field: @autoclosure () -> String,
    _ body: (inout JSONScanner, String) throws(LayoutError) -> Void
  ) throws(LayoutError) {
    guard peek() == UInt8(ascii: "{") else { throw typeError(field(), expected: "an object") }
    position += 1
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    var seen: [String] = []
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw position < bytes.count
          ? syntaxError("expected a key in double quotes") : syntaxError("unexpected end of input")
      }
      let key = try readString(field: field())
      if seen.contains(key) {
        throw .invalidDocument(
          field: join(field(), key), reason: "the key \"\(printable(key))\" appears twice")
      }
      seen.append(key)
      try expect(UInt8(ascii: ":"))
      try body(&self, key)
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      case nil: throw syntaxError("unexpected end of input")
      default: throw syntaxError("expected ',' or '}' after an object member")
      }
    }
  }

  /// Reads an array, calling `body` with each element's index; `body` must consume the element.
  ///
  /// - Throws: `.invalidDocument` naming `field` when the value is not an array.
  mutating func readArray(
    field: @autoclosure () -> String, _ body: (inout JSONScanner, Int) throws(LayoutError) -> Void
  ) throws(LayoutError) {
    guard peek() == UInt8(ascii: "[") else { throw typeError(field(), expected: "an array") }
    position += 1
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    var index = 0
    while true {
      try body(&self, index)
      index += 1
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      case nil: throw syntaxError("unexpected end of input")
      default: throw syntaxError("expected ',' or ']' after an array element")
      }
    }
  }

  /// Reads an array of exactly `names.count` numbers (`[width, height]`, `[top, left, bottom,
  /// right]`), passing each to `body` in order; a component that is not a number is named
  /// `field.name`.
  ///
  /// - Throws: `.invalidDocument` naming `field` when the array has another length.
  mutating func readTuple(
    field: @autoclosure () -> String, names: [String], _ body: (Double) -> Void
  ) throws(LayoutError) {
    guard peek() == UInt8(ascii: "[") else {
      throw typeError(field(), expected: "[\(names.joined(separator: ", "))]")
    }
    let start = position
    position += 1
    var count = 0
    if peek() != UInt8(ascii: "]") {
      while true {
        if count < names.count {
          body(try readNumber(field: "\(field()).\(names[count])"))
        } else {
          try skipValue()
        }
        count += 1
        guard peek() == UInt8(ascii: ",") else { break }
        position += 1
      }
    }
    try expect(UInt8(ascii: "]"))
    if count != names.count {
      position = start
      throw .invalidDocument(
        field: field(),
        reason:
          "expected [\(names.joined(separator: ", "))] (\(names.count) numbers), found \(count)")
    }
  }

  /// Skips one value of any type, checking its syntax.
  ///
  /// - Throws: a syntax error naming `document`, also for nesting deeper than `maximumDepth`.
  mutating func skipValue(depth: Int = 0) throws(LayoutError) {
    guard depth < Self.maximumDepth else {
      throw syntaxError("nested deeper than \(Self.maximumDepth)")
    }
    switch peek() {
    case UInt8(ascii: "{"):
      try readObject(field: "document") { (s, _) throws(LayoutError) in
        try s.skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "["):
      try readArray(field: "document") { (s, _) throws(LayoutError) in
        try s.skipValue(depth: depth + 1)
      }
    case UInt8(ascii: "\""): _ = try readString(field: "document")
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool(field: "document")
    case UInt8(ascii: "n"): try readNull()
    case nil: throw syntaxError("unexpected end of input")
    default: _ = try readNumber(field: "document")
    }
  }

  /// The bytes of the next value, skipped (used to hand a cell object to its own `Codable`).
  mutating func readRawValue() throws(LayoutError) -> ArraySlice<UInt8> {
    _ = peek()
    let start = position
    try skipValue()
    return bytes[start..<position]
  }
}

/// The path of member `key` under `prefix`: `prefix.key` (`key` at the top level) for a key that
/// is an identifier, else `prefix["key"]` (`["key"]`), so that an empty key or one holding `.`
/// or `[` still gives a non-empty, unambiguous path.
func join(_ prefix: String, _ key: String) -> String {
  let top = prefix.isEmpty || prefix == "document"
  let isIdentifier =
    key.utf8.first.map { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? false
    && key.utf8.allSatisfy { b in
      b == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b | 0x20)
    }
  if isIdentifier { return top ? key : "\(prefix).\(key)" }
  var quoted = "[\""
  for character in key {
    if character == "\"" || character == "\\" { quoted.append("\\") }
    quoted.append(character)
  }
  quoted = printable(quoted) + "\"]"
  return top ? quoted : prefix + quoted
}

/// `text` with control characters written as `\u{…}`, so that an error message that echoes
/// document text stays on one line.
func printable(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: isControl) else { return text }
  var result = ""
  for scalar in text.unicodeScalars {
    if isControl(scalar) {
      result += "\\u{\(String(scalar.value, radix: 16))}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
    || scalar.value == 0x2029
}
