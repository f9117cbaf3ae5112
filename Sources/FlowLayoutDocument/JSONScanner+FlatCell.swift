import FioriCells
import FlowLayoutModel

/// A cell object of string fields only, located in the text but not decoded: the shape of the
/// cells of a large document (`{"type": "keyValue", "key": …, "value": …}`), read without
/// building a string or an object.
struct FlatCell {
  /// The byte ranges of each field's string value (between the quotes), `nil` when absent.
  var type: Range<Int>?
  var key: Range<Int>?
  var value: Range<Int>?
  var title: Range<Int>?
  var subtitle: Range<Int>?
  var attribute: Range<Int>?
  var footnote: Range<Int>?
  var description: Range<Int>?

  /// Whether `validate(field:)` of the decoded cell certainly passes: a key/value cell with a
  /// non-empty key and no field of another type, or an object cell with a non-empty title and
  /// no field of another type (`CellDescription.validate(field:)`'s rules for these fields). A
  /// `false` answer says nothing: the decoded cell is validated then.
  ///
  /// - Complexity: O(1).
  func isCertainlyValid(in bytes: [UInt8]) -> Bool {
    guard let type else { return false }
    if Self.equals(bytes, type, "keyValue") {
      return key?.isEmpty == false && title == nil && subtitle == nil && attribute == nil
        && footnote == nil && description == nil
    }
    if Self.equals(bytes, type, "object") {
      return title?.isEmpty == false && attribute == nil && key == nil && value == nil
    }
    return false
  }

  /// The cell (what `JSONScanner.readCell` decodes from the same bytes).
  ///
  /// - Complexity: O(b) for the b bytes of its strings.
  func cell(in bytes: [UInt8]) -> CellDescription {
    func text(_ range: Range<Int>?) -> String? {
      range.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    var cell = CellDescription(
      type: .keyValue, title: text(title), subtitle: text(subtitle), attribute: text(attribute),
      footnote: text(footnote), descriptionText: text(description), key: text(key),
      value: text(value))
    if let type, !Self.equals(bytes, type, "keyValue") { cell.type = text(type)! }
    return cell
  }

  static func equals(_ bytes: [UInt8], _ range: Range<Int>, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard range.count == count else { return false }
    let w = word.utf8Start
    return bytes.withUnsafeBufferPointer { b in
      for k in 0..<count where b[range.lowerBound + k] != w[k] { return false }
      return true
    }
  }
}

extension JSONScanner {
  /// Reads a cell object whose every key is one of `type`, `key`, `value`, `title`,
  /// `subtitle`, `attribute`, `footnote`, `description` (each once, `type` among them) and
  /// whose every value is a string of printable ASCII without escapes; for anything else
  /// (another key or value, an escape, a syntax error) `nil`, the position unchanged, so that
  /// `readCell` reads it and names what is wrong.
  ///
  /// What it accepts, `readCell` accepts too and decodes to `FlatCell.cell(in:)`.
  ///
  /// - Complexity: O(b) for the b bytes of the cell; no allocation.
  mutating func readFlatCell() -> FlatCell? {
    let start = position
    guard depth < Self.maximumDepth, peek() == UInt8(ascii: "{") else { return nil }
    position += 1
    var cell = FlatCell()
    var seen: UInt8 = 0
    while true {
      guard peek() == UInt8(ascii: "\""), let key = readPlainString(),
        peek() == UInt8(ascii: ":")
      else { break }
      position += 1
      guard peek() == UInt8(ascii: "\""), let value = readPlainString() else { break }
      let bit: UInt8
      switch key.count {
      case 3 where FlatCell.equals(bytes, key, "key"): (bit, cell.key) = (1, value)
      case 4 where FlatCell.equals(bytes, key, "type"): (bit, cell.type) = (2, value)
      case 5 where FlatCell.equals(bytes, key, "value"): (bit, cell.value) = (4, value)
      case 5 where FlatCell.equals(bytes, key, "title"): (bit, cell.title) = (8, value)
      case 8 where FlatCell.equals(bytes, key, "subtitle"): (bit, cell.subtitle) = (16, value)
      case 8 where FlatCell.equals(bytes, key, "footnote"): (bit, cell.footnote) = (32, value)
      case 9 where FlatCell.equals(bytes, key, "attribute"): (bit, cell.attribute) = (64, value)
      case 11 where FlatCell.equals(bytes, key, "description"):
        (bit, cell.description) = (128, value)
      default: bit = 0
      }
      guard bit != 0, seen & bit == 0 else { break }
      seen |= bit
      switch peek() {
      case UInt8(ascii: ","):
        position += 1
        continue
      case UInt8(ascii: "}") where cell.type != nil:
        position += 1
        return cell
      default: break
      }
      break
    }
    position = start
    return nil
  }

  /// Skips an object of at most 8 members with distinct keys, each key and each value a string
  /// of printable ASCII without escapes (a value may also be a plain number or a pair of them,
  /// see `readPlainPair`): `skipValue`'s fast path for a cell or a batch entry. For anything else `false`, the
  /// position unchanged (`skipValue` then reads it and names what is wrong). What it skips,
  /// `skipValue` skips without error.
  ///
  /// - Complexity: O(b) for the b bytes of the object; no allocation.
  mutating func skipFlatObject() -> Bool {
    let start = position
    guard depth < Self.maximumDepth, peek() == UInt8(ascii: "{") else { return false }
    position += 1
    if peek() == UInt8(ascii: "}") {
      position += 1
      return true
    }
    var keyStarts = SIMD8<Int>(repeating: 0)
    var keyEnds = SIMD8<Int>(repeating: 0)
    var count = 0
    while count < 8 {
      guard peek() == UInt8(ascii: "\""), let key = readPlainString(), peek() == UInt8(ascii: ":")
      else { break }
      position += 1
      let value: Bool
      if peek() == UInt8(ascii: "\"") {
        value = readPlainString() != nil
      } else if peek() == UInt8(ascii: "[") {
        // A plain pair (`[section, item]`, `[width, height]`: a batch entry), one level deeper.
        value = depth + 1 < Self.maximumDepth && readPlainPair() != nil
      } else {
        value = readPlainNumber() != nil
      }
      guard value else { break }
      var repeated = false
      for k in 0..<count where keyEnds[k] - keyStarts[k] == key.count {
        if bytes[keyStarts[k]..<keyEnds[k]].elementsEqual(bytes[key]) { repeated = true }
      }
      guard !repeated else { break }
      (keyStarts[count], keyEnds[count]) = (key.lowerBound, key.upperBound)
      count += 1
      switch peek() {
      case UInt8(ascii: ","):
        position += 1
        continue
      case UInt8(ascii: "}"):
        position += 1
        return true
      default: break
      }
      break
    }
    position = start
    return false
  }

  /// The range of the string at `position` (between its quotes) when it is printable ASCII
  /// without escapes, consumed; else `nil` (the position then undefined).
  ///
  /// - Complexity: O(b) for its b bytes, read 8 at a time while none of them ends it.
  private mutating func readPlainString() -> Range<Int>? {
    let start = position + 1
    let limit = end
    let quote = bytes.withUnsafeBufferPointer { buffer -> Int? in
      var i = start
      // Words of 8 bytes none of which is a quote, a backslash, a control character or a
      // non-ASCII byte (each test "some byte is …" is exact for a word), then byte by byte.
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      if let base = buffer.baseAddress {
        while i + 8 <= limit {
          let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          let quotes = w ^ (ones &* 0x22)
          let backslashes = w ^ (ones &* 0x5C)
          let found =
            ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            | ((w &- ones &* 0x20) & ~w) | w
          if found & highs != 0 { break }
          i += 8
        }
      }
      while i < limit {
        let b = buffer[i]
        if b == UInt8(ascii: "\"") { return i }
        guard b >= 0x20, b < 0x80, b != UInt8(ascii: "\\") else { return nil }
        i += 1
      }
      return nil
    }
    guard let quote else { return nil }
    position = quote + 1
    return start..<quote
  }

  /// Reads `[w, h]` when both are plain decimal numbers (at most 15 digits, no exponent), the
  /// common form of a sized item, as `readSize` would; else `nil`, the position unchanged, for
  /// `readSize` to read it (and name what is wrong).
  ///
  /// - Complexity: O(b) for its b bytes; no allocation.
  mutating func readPlainPair() -> Size? {
    let start = position
    guard depth < Self.maximumDepth, position < end, bytes[position] == UInt8(ascii: "[")
    else { return nil }
    position += 1
    guard let width = readPlainNumber(), peek() == UInt8(ascii: ",") else {
      position = start
      return nil
    }
    position += 1
    guard let height = readPlainNumber(), peek() == UInt8(ascii: "]") else {
      position = start
      return nil
    }
    position += 1
    return Size(width: width, height: height)
  }

  /// Reads `{"estimate": [w, h]}` when it is just that (the key without escapes, the pair in
  /// `readPlainPair`'s form), as `RawSection.readEstimate` would; else `nil`, the position
  /// unchanged, for `readEstimate` to read it (and name what is wrong).
  ///
  /// - Complexity: O(b) for its b bytes; no allocation.
  mutating func readPlainEstimate() -> Size? {
    let start = position
    // The object and its array: two levels, as `readObject` and `readSize` would enter.
    guard depth + 1 < Self.maximumDepth, position < end, bytes[position] == UInt8(ascii: "{")
    else { return nil }
    position += 1
    let key: StaticString = "\"estimate\""
    let matched = peek() != nil && key.withUTF8Buffer { key in
      guard end - position >= key.count else { return false }
      for k in 0..<key.count where bytes[position + k] != key[k] { return false }
      position += key.count
      return true
    }
    guard matched, peek() == UInt8(ascii: ":") else {
      position = start
      return nil
    }
    position += 1
    guard peek() == UInt8(ascii: "["), let size = readPlainPair(), peek() == UInt8(ascii: "}")
    else {
      position = start
      return nil
    }
    position += 1
    return size
  }

  /// A number of at most 15 digits and no exponent, `readNumber`'s exact fast path; else `nil`
  /// (the position then undefined).
  private mutating func readPlainNumber() -> Double? {
    let start = position
    let limit = end
    let read = bytes.withUnsafeBufferPointer { Self.plainNumber(in: $0, at: start, end: limit) }
    guard let read else { return nil }
    position = read.end
    return read.value
  }

  /// The items from which a run of sized items is long: its columns go on huge pages
  /// (`makeRoom`).
  static let longRun = 1 << 16

  /// Room in `widths` and `heights` (as long as each other) for `needed` items, a long run's
  /// (`longRun` items) on huge pages: storage on 2 MiB boundaries with huge pages advised
  /// (`HugePages.reserve`; 1M items: ~3 900 faults of 4 KiB fewer), not a short section's that
  /// outgrew its guess (its room is trimmed away, and a huge page would be faulted for a few
  /// items). Called when the columns are full, and once as the run becomes long.
  ///
  /// - Parameter bytesLeft: the bytes left to read (room for every item they can hold).
  /// - Complexity: O(count) when the storage moves (one copy), else O(1).
  @inline(never)
  static func makeRoom(
    _ widths: inout [Double], _ heights: inout [Double], for needed: Int, bytesLeft: Int
  ) {
    let long = needed >= longRun
    guard needed > widths.capacity else {
      // The run became long in the room taken while it was short (the guess of a section
      // after a short one): the values so far moved once.
      HugePages.reserve(widths.capacity, in: &widths)
      HugePages.reserve(heights.capacity, in: &heights)
      return
    }
    // A long run (its section outgrew the first guess): room for every item the bytes left can
    // hold at 8 bytes an item (`[60,90],`), instead of doubling (each doubling copies the
    // column and faults in fresh pages). An overshoot past twice the items is trimmed with the
    // section (`RawSection.read`).
    let room = needed + max(bytesLeft / 8, 16)
    if long {
      HugePages.reserve(room, in: &widths)
      HugePages.reserve(room, in: &heights)
    } else {
      widths.reserveCapacity(room)
      heights.reserveCapacity(room)
    }
  }

  /// Reads `[w, h]` items while they are plain (`readPlainPair`'s form) and separated by
  /// commas, appending each to `widths` and `heights`, in one pass over the bytes; stops after
  /// the last plain pair (before the `,` or `]` that follows it). The run of a million sized
  /// items of a large document.
  ///
  /// - Returns: the number of items read (0: the position unchanged).
  /// - Complexity: O(b) for the b bytes read; the items appended 512 at a time (no per-item
  ///   append), amortized O(1) allocation per item.
  mutating func readPlainPairs(widths: inout [Double], heights: inout [Double]) -> Int {
    guard depth < Self.maximumDepth else { return 0 }
    let start = position
    let limit = end
    var count = 0
    let chunk = 512
    let stop = bytes.withUnsafeBufferPointer { b -> Int in
      withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * chunk) { pending -> Int in
        let pendingWidths = pending.baseAddress!
        let pendingHeights = pendingWidths + chunk
        var held = 0
        func skipSpaces(_ i: inout Int) {
          while i < limit, JSONScanner.isSpace(b[i]) { i += 1 }
        }
        // The items held so far appended to the columns.
        func flush(at i: Int) {
          guard held > 0 else { return }
          if widths.count + held > widths.capacity
            || (widths.count < Self.longRun && widths.count + held >= Self.longRun)
          {
            Self.makeRoom(&widths, &heights, for: widths.count + held, bytesLeft: limit - i)
          }
          widths.append(contentsOf: UnsafeBufferPointer(start: pendingWidths, count: held))
          heights.append(contentsOf: UnsafeBufferPointer(start: pendingHeights, count: held))
          held = 0
        }
        var good = start
        var i = start
        while i < limit, b[i] == UInt8(ascii: "[") {
          if held == chunk { flush(at: i) }
          // The common item, `[W,H]` of two integers of 1–7 digits without spaces, read from
          // one 8-byte word each, in line (what the general steps below read it as).
          if i &+ 19 <= limit {
            let p = UnsafeRawPointer(b.baseAddress! + i)
            if let width = Self.eightByteInteger(p + 1),
              p.load(fromByteOffset: 1 &+ width.count, as: UInt8.self) == UInt8(ascii: ","),
              let height = Self.eightByteInteger(p + (2 &+ width.count)),
              p.load(fromByteOffset: 2 &+ width.count &+ height.count, as: UInt8.self)
                == UInt8(ascii: "]")
            {
              pendingWidths[held] = width.value
              pendingHeights[held] = height.value
              held &+= 1
              count &+= 1
              good = i &+ 3 &+ width.count &+ height.count
              // `,[` next: the next item; anything else goes the general way below.
              if p.load(fromByteOffset: good &- i, as: UInt8.self) == UInt8(ascii: ","),
                p.load(fromByteOffset: good &- i &+ 1, as: UInt8.self) == UInt8(ascii: "[")
              {
                i = good &+ 1
                continue
              }
              i = good
              skipSpaces(&i)
              guard i < limit, b[i] == UInt8(ascii: ",") else { break }
              i += 1
              skipSpaces(&i)
              continue
            }
          }
          guard let width = Self.plainNumber(in: b, at: i + 1, end: limit) else { break }
          i = width.end
          skipSpaces(&i)
          guard i < limit, b[i] == UInt8(ascii: ","),
            let height = Self.plainNumber(in: b, at: i + 1, end: limit)
          else { break }
          i = height.end
          skipSpaces(&i)
          guard i < limit, b[i] == UInt8(ascii: "]") else { break }
          pendingWidths[held] = width.value
          pendingHeights[held] = height.value
          held &+= 1
          count += 1
          good = i + 1
          i = good
          skipSpaces(&i)
          guard i < limit, b[i] == UInt8(ascii: ",") else { break }
          i += 1
          skipSpaces(&i)
        }
        flush(at: i)
        return good
      }
    }
    position = stop
    return count
  }

  /// The plain number at `start` (after whitespace) and the index after it; see
  /// `readPlainNumber`.
  static func plainNumber(
    in b: UnsafeBufferPointer<UInt8>, at start: Int, end n: Int
  ) -> (value: Double, end: Int)? {
    var i = start
    while i < n, isSpace(b[i]) { i += 1 }
    var negative = false
    if i < n, b[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    // An integer of 1–7 digits with 8 bytes to read (the common case: item sizes), converted
    // 8 bytes at a time; anything else (8 digits or more, a fraction, an exponent, a leading
    // zero, the end of the text near) is read digit by digit below, to the same result.
    if i + 8 <= n, let (value, count) = eightByteInteger(UnsafeRawPointer(b.baseAddress! + i)) {
      return (negative ? -value : value, i + count)
    }
    var mantissa: UInt64 = 0
    var digits = 0
    while i < n, b[i] &- UInt8(ascii: "0") < 10 {
      mantissa = mantissa &* 10 &+ UInt64(b[i] &- UInt8(ascii: "0"))
      digits += 1
      i += 1
    }
    // No digit, or a leading zero before another digit.
    guard digits > 0, digits == 1 || b[i - digits] != UInt8(ascii: "0") else { return nil }
    var fraction = 0
    if i < n, b[i] == UInt8(ascii: ".") {
      i += 1
      while i < n, b[i] &- UInt8(ascii: "0") < 10 {
        mantissa = mantissa &* 10 &+ UInt64(b[i] &- UInt8(ascii: "0"))
        fraction += 1
        i += 1
      }
      guard fraction > 0 else { return nil }
    }
    guard digits + fraction <= 15, i < n, b[i] | 0x20 != UInt8(ascii: "e") else { return nil }
    var value = Double(mantissa)
    if fraction > 0 { value /= powersOfTen[fraction] }
    return (negative ? -value : value, i)
  }

  /// The integer that the 8 bytes at `p` start with, when it has 1–7 digits, no leading zero
  /// (but `0` itself), and the byte after it is none of `.`, `e`, `E` (a complete JSON integer,
  /// whose value is then exact in a `Double`), and its digit count; else `nil`.
  ///
  /// - Complexity: O(1): one 8-byte load, the digits found and converted by word arithmetic
  ///   (SWAR), no loop.
  @inline(__always)
  static func eightByteInteger(_ p: UnsafeRawPointer) -> (value: Double, count: Int)? {
    let word = UInt64(littleEndian: p.loadUnaligned(as: UInt64.self))
    let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    // Zero in the bytes that are ASCII digits: high nibble 3, and still 3 after adding 6. A
    // carry out of a non-digit byte can only spoil the bytes after the first non-digit.
    let marks =
      ((word & highNibbles) | (((word &+ 0x0606_0606_0606_0606) & highNibbles) >> 4))
      ^ 0x3333_3333_3333_3333
    // 0x80 in each byte of `marks` that is not zero (exact: no carry between bytes).
    let nonDigits =
      (((marks & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | marks)
      & 0x8080_8080_8080_8080
    let count = nonDigits.trailingZeroBitCount >> 3
    guard count > 0, count < 8 else { return nil }
    let first = UInt8(truncatingIfNeeded: word)
    let next = UInt8(truncatingIfNeeded: word >> (count << 3))
    guard count == 1 || first != UInt8(ascii: "0"), next != UInt8(ascii: "."),
      next | 0x20 != UInt8(ascii: "e")
    else { return nil }
    // The digits' values in the high bytes, zeros (leading zero digits) below: 8 digits, most
    // significant first in memory, combined in pairs, fours, then eight.
    var v = (word &- 0x3030_3030_3030_3030) << ((8 - count) << 3)
    v = (v &* 10) &+ (v >> 8)
    v =
      (((v & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064)
        &+ (((v >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001)) >> 32
    return (Double(v), count)
  }
}
