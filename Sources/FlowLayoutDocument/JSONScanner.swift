import FlowLayoutModel

/// A pull parser over the bytes of one JSON text (RFC 8259), decoding straight into the caller's
/// types so that a million-item document never becomes a tree of JSON values.
///
/// Every read names the document field it reads: a value of the wrong type is a
/// `LayoutError.invalidDocument(field:reason:)` naming that field; malformed JSON (an invalid
/// literal such as `trueee`, invalid UTF-8, a control character in a string, nesting deeper than
/// `maximumDepth`) is one naming the field `"document"` with the byte offset. This is the one
/// decoder of the project's JSON inputs: documents, their cells, edits and session requests.
///
/// - Complexity: every read is O(b) in the b bytes it consumes (objects of k keys: O(k) set
///   insertions for the duplicate check).
struct JSONScanner {
  let bytes: [UInt8]
  var position = 0
  /// Where the text starts in `bytes` (byte offsets in errors count from here).
  let origin: Int
  /// Where the text ends in `bytes`.
  let end: Int
  /// Arrays and objects open at `position`, counted from the root of the text.
  private(set) var depth = 0
  /// The deepest nesting of arrays and objects, counted from the root of the text, before the
  /// text is refused (no stack overflow, whatever reads the value).
  static let maximumDepth = 512
  /// The text as a `CellSource`, made when the first cell is kept as text (`keptCellSource()`).
  private var cellSource: CellSource?

  init(_ bytes: [UInt8]) {
    self.init(bytes, in: 0..<bytes.count)
  }

  /// The text `bytes[range]`, read where it is: the same reads and errors as over a copy of it.
  init(_ bytes: [UInt8], in range: Range<Int>) {
    self.bytes = bytes
    origin = range.lowerBound
    end = range.upperBound
    position = origin
    // A UTF-8 byte order mark is allowed and ignored.
    if bytes[range].starts(with: [0xEF, 0xBB, 0xBF]) { position += 3 }
  }

  /// The text as a `CellSource` (the same one for every cell of the text).
  mutating func keptCellSource() -> CellSource {
    if let cellSource { return cellSource }
    let source = CellSource(bytes)
    cellSource = source
    return source
  }

  // MARK: Errors

  /// A JSON syntax error at the current byte offset.
  func syntaxError(_ what: String) -> LayoutError {
    .invalidDocument(
      field: "document", reason: "invalid JSON at byte \(position - origin): \(what)")
  }

  /// A value of the wrong type (or syntax garbage) where `field` expects `expected`.
  mutating func typeError(_ field: String, expected: String) -> LayoutError {
    skipWhitespace()
    guard position < end else { return syntaxError("unexpected end of input") }
    let found: String
    switch bytes[position] {
    case UInt8(ascii: "{"): found = "an object"
    case UInt8(ascii: "["): found = "an array"
    case UInt8(ascii: "\""): found = "a string"
    // At the top level the fail-fast reader (`JSONStreamCheck`) refuses a literal's first
    // letter: the message names that letter alone, so that the bytes up to it give it too.
    case let b where depth == 0 && (b == 0x74 || b == 0x66 || b == 0x6E):  // t, f, n
      found = describe(b)
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      guard literalLength() != nil else { return invalidLiteral() }
      found = "a boolean"
    case UInt8(ascii: "n"):
      guard literalLength() != nil else { return invalidLiteral() }
      found = "null"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = "a number"
    case let b where (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z"):
      return invalidLiteral()
    default: return syntaxError("unexpected character \(describe(bytes[position]))")
    }
    return .invalidDocument(field: field, reason: "expected \(expected), found \(found)")
  }

  /// The syntax error for a word at `position` that is not `true`, `false` or `null`.
  ///
  /// The word is not echoed: the message depends only on the bytes up to `position`, so that a
  /// reader stopping at a later byte of the word (`JSONStreamCheck`) reports the same error.
  func invalidLiteral() -> LayoutError {
    syntaxError("invalid literal (expected true, false or null)")
  }

  func describe(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte)
      ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
  }

  // MARK: Structure

  mutating func skipWhitespace() {
    while position < end, Self.isSpace(bytes[position]) { position += 1 }
  }

  /// Whether `b` is JSON whitespace (RFC 8259: space, tab, line feed, carriage return); the
  /// one test every reader of the document and the session uses.
  ///
  /// - Complexity: O(1).
  @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
  }

  /// The next non-whitespace byte, not consumed; `nil` at the end of input.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < end ? bytes[position] : nil
  }

  mutating func expect(_ byte: UInt8) throws(LayoutError) {
    guard peek() == byte else {
      if position >= end { throw syntaxError("unexpected end of input") }
      throw syntaxError(
        "expected '\(Character(Unicode.Scalar(byte)))', found \(describe(bytes[position]))")
    }
    position += 1
  }

  /// Checks that only whitespace follows the document.
  mutating func expectEnd() throws(LayoutError) {
    if peek() != nil { throw syntaxError("unexpected data after the document") }
  }

  /// Enters an array or object at `position` (consuming its bracket).
  ///
  /// - Throws: a syntax error when that nests deeper than `maximumDepth` from the root.
  private mutating func enter() throws(LayoutError) {
    guard depth < Self.maximumDepth else {
      throw syntaxError("nested deeper than \(Self.maximumDepth)")
    }
    depth += 1
    position += 1
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
    try enter()
    defer { depth -= 1 }
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    // Keys seen so far: a short list, then a set (a hostile object of 10⁵ keys stays O(k)).
    var seen: [String] = []
    var seenSet: Set<String> = []
    while true {
      guard peek() == UInt8(ascii: "\"") else {
        throw position < end
          ? syntaxError("expected a key in double quotes") : syntaxError("unexpected end of input")
      }
      let key = try readString(field: field())
      let repeated: Bool
      if seen.count < 8 {
        repeated = seen.contains(key)
        seen.append(key)
      } else {
        if seenSet.isEmpty { seenSet = Set(seen) }
        repeated = !seenSet.insert(key).inserted
      }
      if repeated {
        throw .invalidDocument(
          field: join(field(), key), reason: "the key \"\(printable(key))\" appears twice")
      }
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
    try enter()
    defer { depth -= 1 }
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
    try readTuple(field: field(), names: names) { (s, k) throws(LayoutError) in
      body(try s.readNumber(field: "\(field()).\(names[k])"))
    }
  }

  /// Reads an array of exactly `names.count` values, calling `body` with each one's index to
  /// read it (naming it `field.names[k]`).
  ///
  /// - Throws: `.invalidDocument` naming `field` when the array has another length; what
  ///   `body` throws.
  mutating func readTuple(
    field: @autoclosure () -> String, names: [String],
    _ body: (inout JSONScanner, Int) throws(LayoutError) -> Void
  ) throws(LayoutError) {
    guard peek() == UInt8(ascii: "[") else {
      throw typeError(field(), expected: "[\(names.joined(separator: ", "))]")
    }
    let start = position
    try enter()
    defer { depth -= 1 }
    var count = 0
    if peek() != UInt8(ascii: "]") {
      while true {
        if count < names.count {
          try body(&self, count)
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
  /// - Parameter field: the value's path, for a key repeated in an object inside it (built
  ///   only when that throws).
  /// - Throws: a syntax error naming `document`, also for nesting deeper than `maximumDepth`
  ///   (counted from the root of the text); a repeated key naming its path under `field`.
  mutating func skipValue(field: @autoclosure () -> String = "document") throws(LayoutError) {
    switch peek() {
    case UInt8(ascii: "{"):
      if skipFlatObject() { return }
      try readObject(field: field()) { (s, key) throws(LayoutError) in
        try s.skipValue(field: join(field(), key))
      }
    case UInt8(ascii: "["):
      if readPlainPair() != nil { return }
      try readArray(field: field()) { (s, i) throws(LayoutError) in
        try s.skipValue(field: "\(field())[\(i)]")
      }
    case UInt8(ascii: "\""): try skipString()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool(field: "document")
    case UInt8(ascii: "n"): try readNull(field: "document")
    case nil: throw syntaxError("unexpected end of input")
    default: _ = try readNumber(field: "document")
    }
  }

  /// The bytes of the next value, skipped (a session request's value, read again by the
  /// request's own reader); a key repeated inside it is named by its path under `field`.
  mutating func readRawValue(field: @autoclosure () -> String = "document") throws(LayoutError)
    -> ArraySlice<UInt8>
  {
    bytes[try readRawRange(field: field())]
  }

  /// Where the next value is in `bytes`, skipped; a key repeated inside it is named by its path
  /// under `field`.
  mutating func readRawRange(field: @autoclosure () -> String = "document") throws(LayoutError)
    -> Range<Int>
  {
    _ = peek()
    let start = position
    try skipValue(field: field())
    return start..<position
  }
}

/// The path of member `key` under `prefix`: `prefix.key` (`key` at the top level) for a key that
/// is an identifier, else `prefix["key"]` (`["key"]`), so that an empty key or one holding `.`
/// or `[` still gives a non-empty, unambiguous path.
///
/// A key longer than 64 bytes is cut (`…` marking the cut, which makes it quoted).
func join(_ prefix: String, _ key: String) -> String {
  let key = key.utf8.count > 64 ? String(key.prefix(48)) + "…" : key
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

/// `text` with control characters written as `\u{…}` and cut after `limit` Unicode scalars
/// (the cut marked `…`), so that an error message that echoes document text stays one short
/// line, whatever the document held (a 50 MB key gives a 64-character echo).
///
/// - Complexity: O(min(c, limit)) for c scalars of `text`.
func printable(_ text: String, limit: Int = 64) -> String {
  var result = ""
  var count = 0
  for scalar in text.unicodeScalars {
    if count == limit {
      result += "…"
      break
    }
    count += 1
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
