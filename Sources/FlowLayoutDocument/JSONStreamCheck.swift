/// Checks a JSON text (RFC 8259) as its bytes arrive, for the first byte that no continuation can
/// make valid, so that a reader stops at once on garbage (`/dev/zero`, `/dev/urandom`, a binary
/// file) instead of reading it all before `JSONScanner` refuses it.
///
/// The text must be an object, as layout documents and session requests are. What it refuses
/// (at the offending byte): before the object, anything but whitespace, a byte order mark and
/// `{`; outside strings, a byte that cannot appear in JSON there (anything but whitespace, `{}[],:"`, digits, `+-.eE` and the letters of `true`,
/// `false`, `null`); a closing bracket without an opening one; nesting deeper than
/// `JSONScanner.maximumDepth`; anything but whitespace after the top-level value closed; inside
/// strings, a control character, an escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`, and
/// invalid UTF-8. A UTF-8 byte order mark at the start is allowed. Everything it lets through
/// is left to `JSONScanner`, which gives the exact error: a reader that stops at byte N hands
/// the bytes up to and including N to the decoder, whose error is then the error of the whole
/// text (the decoder reads in order and fails at or before byte N).
///
/// - Complexity: O(b) for b bytes, O(1) memory.
public struct JSONStreamCheck: Sendable {
  /// Bytes checked so far.
  public private(set) var offset = 0
  private var depth = 0
  private var closed = false
  private var inString = false
  /// After a backslash in a string: 1 for the escape letter, 2…5 for `\u`'s hex digits.
  private var escape = 0
  /// UTF-8 continuation bytes still expected, and the range the next one must fall in.
  private var continuations = 0
  private var low: UInt8 = 0x80
  private var high: UInt8 = 0xBF

  public init() {}

  /// Checks the next bytes of the text.
  ///
  /// - Returns: the index in `chunk` of the first byte no JSON text can hold there, or `nil`
  ///   when every byte may still belong to a valid text. After a non-`nil` answer the check
  ///   stays where it stopped (`offset` is the refused byte's offset in the text).
  public mutating func check(_ chunk: UnsafeRawBufferPointer) -> Int? {
    let base = offset
    var index = 0
    while index < chunk.count {
      // Fast path: a run of printable ASCII inside a string, 8 bytes at a time.
      if inString, escape == 0, continuations == 0 {
        index = Self.endOfPlainText(chunk, from: index)
        guard index < chunk.count else { break }
      }
      // Fast path: numbers, separators, whitespace, nested arrays and objects, and strings of
      // printable ASCII that close in this chunk (keys), inside the object: one table lookup
      // a byte.
      if !inString, depth > 0 {
        var d = depth
        index = Self.byteClasses.withUnsafeBufferPointer { classes in
          Self.wordClasses.withUnsafeBufferPointer { counts in
            guard let bytes = chunk.baseAddress else { return index }
            let count = chunk.count
            var i = index
            while i < count {
              // 32 bytes at a time while they are digits, `,:.-` and brackets whose nesting
              // stays inside (1, maximumDepth] whatever their order (minified item lists).
              while i + 32 <= count {
                let counts = Self.bracketCounts(chunk, at: i)
                guard let counts, d - counts.closes >= 1,
                  d + counts.opens <= JSONScanner.maximumDepth
                else { break }
                d += counts.opens - counts.closes
                i += 32
              }
              // Eight bytes at a time while they are plain bytes and brackets whose nesting
              // stays inside (1, maximumDepth] whatever their order: a sized item list
              // (`[12,34],[56,78]`) is that throughout. Anything else goes byte by byte below.
              while i + 8 <= count {
                var sum: UInt32 = 0
                for k in 0..<8 {
                  sum &+= counts[Int(bytes.load(fromByteOffset: i + k, as: UInt8.self))]
                }
                let opens = Int(sum & 0xFF)
                let closes = Int((sum >> 8) & 0xFF)
                guard sum >> 16 == 0, d - closes >= 1, d + opens <= JSONScanner.maximumDepth else {
                  break
                }
                d += opens - closes
                i += 8
              }
              guard i < count else { return i }
              // A run of plain bytes (digits and separators: most of a batch) in a tight loop.
              var c = classes[Int(bytes.load(fromByteOffset: i, as: UInt8.self))]
              while c == Self.plain {
                i += 1
                guard i < count else { return i }
                c = classes[Int(bytes.load(fromByteOffset: i, as: UInt8.self))]
              }
              switch c {
              case Self.opening where d < JSONScanner.maximumDepth:
                d += 1
                i += 1
              case Self.closing where d > 1:
                d -= 1
                i += 1
              case Self.quote:
                let close = Self.endOfPlainText(chunk, from: i + 1)
                guard close < chunk.count, chunk[close] == UInt8(ascii: "\"") else { return i }
                i = close + 1
              default: return i
              }
            }
            return i
          }
        }
        depth = d
        guard index < chunk.count else { break }
      }
      let byte = chunk[index]
      offset = base + index
      guard accepts(byte) else { return index }
      index += 1
    }
    offset = base + chunk.count
    return nil
  }

  /// The opening and closing brackets among the 32 bytes of `chunk` at `offset`, or `nil` when
  /// one of them is neither a bracket nor a digit or one of `,:.-` (whitespace included: the
  /// byte paths take those).
  ///
  /// - Complexity: O(1): a few vector operations on two 16-byte vectors.
  @inline(__always)
  private static func bracketCounts(_ chunk: UnsafeRawBufferPointer, at offset: Int)
    -> (opens: Int, closes: Int)?
  {
    let a = chunk.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
    let b = chunk.loadUnaligned(fromByteOffset: offset + 16, as: SIMD16<UInt8>.self)
    // `,-.` are 0x2C…0x2E, digits and `:` 0x30…0x3A; `[` `]` are `{` `}` with bit 5 clear.
    let space = SIMD16<UInt8>(repeating: 0x20)
    let punctuation = SIMD16<UInt8>(repeating: 0x2C)
    let three = SIMD16<UInt8>(repeating: 3)
    let zero = SIMD16<UInt8>(repeating: 0x30)
    let eleven = SIMD16<UInt8>(repeating: 11)
    let openBrace = SIMD16<UInt8>(repeating: 0x7B)
    let closeBrace = SIMD16<UInt8>(repeating: 0x7D)
    let foldedA = a | space
    let foldedB = b | space
    let openA = foldedA .== openBrace
    let openB = foldedB .== openBrace
    let closeA = foldedA .== closeBrace
    let closeB = foldedB .== closeBrace
    let validA = (a &- punctuation) .< three .| (a &- zero) .< eleven .| openA .| closeA
    let validB = (b &- punctuation) .< three .| (b &- zero) .< eleven .| openB .| closeB
    // Reduced as two 64-bit words (the library's `all` and `wrappedSum` are calls, not inlined).
    let none = SIMD16<UInt8>(repeating: 0)
    let valid = unsafeBitCast(
      none.replacing(with: SIMD16(repeating: 0xFF), where: validA .& validB), to: SIMD2<UInt64>.self)
    guard valid[0] & valid[1] == .max else { return nil }
    let one = SIMD16<UInt8>(repeating: 1)
    // Per byte ≤ 2 brackets, per byte of the two words' sum ≤ 4: the byte sums of one word
    // (≤ 32) are its product's top byte.
    let opens = unsafeBitCast(
      none.replacing(with: one, where: openA) &+ none.replacing(with: one, where: openB),
      to: SIMD2<UInt64>.self)
    let closes = unsafeBitCast(
      none.replacing(with: one, where: closeA) &+ none.replacing(with: one, where: closeB),
      to: SIMD2<UInt64>.self)
    let bytes: UInt64 = 0x0101_0101_0101_0101
    return (
      Int(((opens[0] &+ opens[1]) &* bytes) >> 56), Int(((closes[0] &+ closes[1]) &* bytes) >> 56)
    )
  }

  /// The fast path's class of each byte outside strings, once inside the object: `plain`
  /// (keeps every state as it is: digits, `,:.-`, whitespace), `opening` (`[{`), `closing`
  /// (`]}`), `quote`, or 0 (left to `accepts`).
  private static let byteClasses: [UInt8] = (0...255).map { b -> UInt8 in
    switch UInt8(b) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A,
      0x0D, 0x09, UInt8(ascii: "."), UInt8(ascii: "-"):
      return plain
    case UInt8(ascii: "["), UInt8(ascii: "{"): return opening
    case UInt8(ascii: "]"), UInt8(ascii: "}"): return closing
    case UInt8(ascii: "\""): return quote
    default: return 0
    }
  }
  /// A byte class as a count for the eight-byte path: 1 for an opening bracket, 1 << 8 for a
  /// closing one, 1 << 16 for a byte that needs the byte-by-byte path (a quote, or a byte left
  /// to `accepts`), 0 for a plain byte; eight of them summed never carry between the fields.
  private static let wordClasses: [UInt32] = byteClasses.map { c -> UInt32 in
    switch c {
    case plain: 0
    case opening: 1
    case closing: 1 << 8
    default: 1 << 16
    }
  }
  private static let plain: UInt8 = 1
  private static let opening: UInt8 = 2
  private static let closing: UInt8 = 3
  private static let quote: UInt8 = 4

  /// The index of the first byte from `start` on that is not printable ASCII (`0x20`…`0x7F`)
  /// or is a quote or a backslash: where a string's plain run ends.
  ///
  /// - Complexity: O(k) for the k bytes of the run, 64 at a time in four vectors (a long
  ///   base64 string: 2.8 MB in a 1M restore's line), then 32, then 8.
  @inline(__always)
  private static func endOfPlainText(_ chunk: UnsafeRawBufferPointer, from start: Int) -> Int {
    var i = start
    // 64 bytes at a time in four 16-byte vectors, then 32 in two, while none is special; the
    // 8-byte loop below finds the first special byte of a block that holds one.
    let space = SIMD16<UInt8>(repeating: 0x20)
    let printable = SIMD16<UInt8>(repeating: 0x5F)
    let quote = SIMD16<UInt8>(repeating: 0x22)
    let backslash = SIMD16<UInt8>(repeating: 0x5C)
    /// The special bytes of the 16 at `offset`: printable ASCII (0x20…0x7F) is 0…0x5F less
    /// 0x20; a control byte wraps above it.
    @inline(__always) func special(at offset: Int) -> SIMDMask<SIMD16<Int8>> {
      let v = chunk.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
      return (v &- space) .> printable .| v .== quote .| v .== backslash
    }
    @inline(__always) func none(_ special: SIMDMask<SIMD16<Int8>>) -> Bool {
      let words = unsafeBitCast(
        SIMD16<UInt8>(repeating: 0).replacing(with: SIMD16(repeating: 0xFF), where: special),
        to: SIMD2<UInt64>.self)
      return words[0] | words[1] == 0
    }
    let count = chunk.count
    while i &+ 64 <= count,
      none(special(at: i) .| special(at: i &+ 16) .| special(at: i &+ 32) .| special(at: i &+ 48))
    {
      i &+= 64
    }
    while i &+ 32 <= count, none(special(at: i) .| special(at: i &+ 16)) {
      i &+= 32
    }
    while i + 8 <= chunk.count {
      let special = specialBytes(chunk, at: i)
      // A borrow can mark a byte above a special one, never below: the lowest mark is the
      // first special byte.
      if special != 0 { return i + special.trailingZeroBitCount >> 3 }
      i += 8
    }
    while i < chunk.count {
      let b = chunk[i]
      if b < 0x20 || b >= 0x80 || b == 0x22 || b == 0x5C { return i }
      i += 1
    }
    return i
  }

  /// The 8 bytes of `chunk` at `offset`, the first the lowest whatever the machine's byte
  /// order, each marked in its bit 7 when it is ≥ 0x80, < 0x20, `"` or `\\` (the zero-byte test
  /// of each, SWAR); a borrow may also mark a byte above a marked one, never one below.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  private static func specialBytes(_ chunk: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let w = UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    let quote = w ^ (ones &* 0x22)
    let backslash = w ^ (ones &* 0x5C)
    return (w | ((w &- ones &* 0x20) & ~w) | ((quote &- ones) & ~quote)
      | ((backslash &- ones) & ~backslash)) & highs
  }

  /// `check` over an array's bytes.
  public mutating func check(_ chunk: [UInt8]) -> Int? {
    chunk.withUnsafeBytes { check($0) }
  }

  private mutating func accepts(_ b: UInt8) -> Bool {
    if inString { return acceptsInString(b) }
    if JSONScanner.isSpace(b) { return true }
    switch b {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard !closed, depth < JSONScanner.maximumDepth, depth > 0 || b == UInt8(ascii: "{") else {
        return false
      }
      depth += 1
      return true
    case UInt8(ascii: "}"), UInt8(ascii: "]"):
      guard depth > 0 else { return false }
      depth -= 1
      if depth == 0 { closed = true }
      return true
    case UInt8(ascii: "\""):
      guard depth > 0 else { return false }
      inString = true
      return true
    case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E"),
      UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e"),
      UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"),
      UInt8(ascii: "n"):
      return depth > 0
    case 0xEF where offset == 0: return true
    case 0xBB where offset == 1: return true
    case 0xBF where offset == 2: return true
    default: return false
    }
  }

  private mutating func acceptsInString(_ b: UInt8) -> Bool {
    if continuations > 0 {
      guard b >= low, b <= high else { return false }
      (low, high) = (0x80, 0xBF)
      continuations -= 1
      return true
    }
    if escape == 1 {
      switch b {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        escape = 0
      case UInt8(ascii: "u"): escape = 2
      default: return false
      }
      return true
    }
    if escape >= 2 {
      let isHex =
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b | 0x20)
      guard isHex else { return false }
      escape = escape == 5 ? 0 : escape + 1
      return true
    }
    switch b {
    case 0..<0x20: return false
    case UInt8(ascii: "\""): inString = false
    case UInt8(ascii: "\\"): escape = 1
    case 0x80...0xC1, 0xF5...: return false
    case 0xC2...0xDF: continuations = 1
    case 0xE0: (continuations, low) = (2, 0xA0)
    case 0xED: (continuations, high) = (2, 0x9F)
    case 0xE1...0xEF: continuations = 2
    case 0xF0: (continuations, low) = (3, 0x90)
    case 0xF4: (continuations, high) = (3, 0x8F)
    case 0xF1...0xF3: continuations = 3
    default: break
    }
    return true
  }
}
