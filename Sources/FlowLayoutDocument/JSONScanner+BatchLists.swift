import FlowLayoutModel

extension JSONScanner {
  /// A whole array of `[section, item]` paths in `readPlainPath`'s form (whitespace allowed
  /// anywhere between tokens), read in one pass over the bytes and appended to `paths`: the
  /// `deleteItems` of a large batch. When any element is not of that form (or the array is not
  /// well formed), nothing is kept: `paths` and the position are as before and the result is
  /// `false`, for the exact reader (`readArray` with `readPlainPath` and `readPath`) to read
  /// the array and name what is wrong.
  ///
  /// - Complexity: O(b) for the array's b bytes; amortized O(1) allocation per path.
  mutating func readPlainPathList(into paths: inout [ItemPath]) -> Bool {
    // The array and each path nest one level each (`readArray`'s and `readPath`'s limits).
    readPlainList(levels: 2, into: &paths) { b, i, limit in Self.plainPath(b, &i, limit) }
  }

  /// A whole array of `{"PATHKEY": [section, item], "size": [width, height]}` entries
  /// (`readPlainSizedPath`'s form: those two keys in that order, plain numbers, whitespace
  /// allowed between tokens), read in one pass and appended to `entries` as `entry(path,
  /// size)`: the `insertItems` or `resizeItems` of a large batch. Otherwise nothing is kept
  /// (`entries` and the position as before) and the result is `false`, for the exact reader.
  ///
  /// - Complexity: O(b) for the array's b bytes; amortized O(1) allocation per entry.
  mutating func readPlainSizedPathList<Entry>(
    pathKey: StaticString, into entries: inout [Entry], _ entry: (ItemPath, Size) -> Entry
  ) -> Bool {
    let key = UnsafeBufferPointer(start: pathKey.utf8Start, count: pathKey.utf8CodeUnitCount)
    // The array, each entry object and its two arrays nest three levels.
    return readPlainList(levels: 3, into: &entries) { b, i, limit in
      Self.plainSizedPath(key, b, &i, limit).map { entry($0.path, $0.size) }
    }
  }

  /// `{"KEY": [section, item], "size": [width, height]}` (`readPlainSizedPathList`'s entry)
  /// at `i` (after whitespace), or `nil`; `i` then after it.
  ///
  /// - Complexity: O(b) for its b bytes; no allocation.
  static func plainSizedPath(
    _ key: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int,
    _ limit: Int
  ) -> (path: ItemPath, size: Size)? {
    guard skipSpaces(b, &i, limit), b[i] == UInt8(ascii: "{"),
      skipSpaces(b, &i, limit, from: i + 1), plainKey(key, b, &i, limit),
      let path = plainPath(b, &i, limit), skipSpaces(b, &i, limit), b[i] == UInt8(ascii: ","),
      skipSpaces(b, &i, limit, from: i + 1), plainKey(sizeKey, b, &i, limit),
      let size = plainPair(b, &i, limit), skipSpaces(b, &i, limit), b[i] == UInt8(ascii: "}")
    else { return nil }
    i += 1
    return (path, size)
  }

  /// A whole array whose elements `element` reads (from an index after whitespace, moving it
  /// past the element, or `nil`), appended to `entries`; `false`, with `entries` and the
  /// position as before, when an element is not read or the array is not well formed. The
  /// array nests `levels` levels (itself included) below the current depth.
  ///
  /// - Complexity: O(b) for the array's b bytes plus `element`'s work.
  private mutating func readPlainList<Entry>(
    levels: Int, into entries: inout [Entry],
    _ element: (UnsafeBufferPointer<UInt8>, inout Int, Int) -> Entry?
  ) -> Bool {
    guard depth + levels <= Self.maximumDepth else { return false }
    let kept = entries.count
    let limit = end
    let stop = bytes.withUnsafeBufferPointer { b -> Int? in
      var i = position
      guard Self.skipSpaces(b, &i, limit), b[i] == UInt8(ascii: "[") else { return nil }
      guard Self.skipSpaces(b, &i, limit, from: i + 1) else { return nil }
      if b[i] == UInt8(ascii: "]") { return i + 1 }
      while true {
        guard let read = element(b, &i, limit), Self.skipSpaces(b, &i, limit) else { return nil }
        entries.append(read)
        if b[i] == UInt8(ascii: "]") { return i + 1 }
        guard b[i] == UInt8(ascii: ","), Self.skipSpaces(b, &i, limit, from: i + 1) else {
          return nil
        }
      }
    }
    guard let stop else {
      entries.removeSubrange(kept...)
      return false
    }
    position = stop
    return true
  }

  /// The bytes of the key `size`.
  static var sizeKey: UnsafeBufferPointer<UInt8> {
    let key: StaticString = "size"
    return UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
  }

  /// Moves `i` (from `from`, else from itself) past whitespace; whether a byte follows.
  @inline(__always)
  static func skipSpaces(
    _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ limit: Int, from: Int? = nil
  ) -> Bool {
    if let from { i = from }
    while i < limit, isSpace(b[i]) { i += 1 }
    return i < limit
  }

  /// `"KEY"` then `:` (whitespace allowed around it) at `i`, which must be at the quote; moves
  /// `i` past the colon and its whitespace.
  @inline(__always)
  static func plainKey(
    _ key: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ i: inout Int,
    _ limit: Int
  ) -> Bool {
    let first = i + 1
    guard b[i] == UInt8(ascii: "\""), first + key.count < limit,
      b[first + key.count] == UInt8(ascii: "\"")
    else { return false }
    for k in 0..<key.count where b[first + k] != key[k] { return false }
    guard skipSpaces(b, &i, limit, from: first + key.count + 1), b[i] == UInt8(ascii: ":") else {
      return false
    }
    return skipSpaces(b, &i, limit, from: i + 1)
  }

  /// `[section, item]` of two plain integers at `i` (at the bracket); `i` then after it.
  @inline(__always)
  static func plainPath(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ limit: Int)
    -> ItemPath?
  {
    guard b[i] == UInt8(ascii: "["), skipSpaces(b, &i, limit, from: i + 1),
      let section = plainInteger(b, &i, limit), skipSpaces(b, &i, limit),
      b[i] == UInt8(ascii: ","), skipSpaces(b, &i, limit, from: i + 1),
      let item = plainInteger(b, &i, limit), skipSpaces(b, &i, limit), b[i] == UInt8(ascii: "]")
    else { return nil }
    i += 1
    return ItemPath(section: section, item: item)
  }

  /// `[width, height]` of two plain numbers (`plainNumber`'s form) at `i` (at the bracket); `i`
  /// then after it.
  @inline(__always)
  static func plainPair(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ limit: Int)
    -> Size?
  {
    guard b[i] == UInt8(ascii: "["), let width = plainNumber(in: b, at: i + 1, end: limit)
    else { return nil }
    i = width.end
    guard skipSpaces(b, &i, limit), b[i] == UInt8(ascii: ","),
      let height = plainNumber(in: b, at: i + 1, end: limit)
    else { return nil }
    i = height.end
    guard skipSpaces(b, &i, limit), b[i] == UInt8(ascii: "]") else { return nil }
    i += 1
    return Size(width: width.value, height: height.value)
  }

  /// `readPlainInteger`'s form at `i` (an optional `-` and 1 to 15 digits without a leading
  /// zero, followed by neither `.` nor an exponent); `i` then after it.
  @inline(__always)
  static func plainInteger(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ limit: Int)
    -> Int?
  {
    var j = i
    guard j < limit else { return nil }
    let negative = b[j] == UInt8(ascii: "-")
    if negative { j += 1 }
    let first = j
    var value = 0
    while j < limit, b[j] &- UInt8(ascii: "0") < 10 {
      value = value &* 10 &+ Int(b[j] &- UInt8(ascii: "0"))
      j += 1
    }
    let digits = j - first
    guard digits >= 1, digits <= 15, digits == 1 || b[first] != UInt8(ascii: "0") else {
      return nil
    }
    if j < limit, b[j] == UInt8(ascii: ".") || b[j] | 0x20 == UInt8(ascii: "e") { return nil }
    i = j
    return negative ? -value : value
  }
}
