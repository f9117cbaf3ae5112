import FlowLayoutModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The compact forms of a batch's item deletions and insertions (`docs/layout-document.md`,
/// "Packed item edits"): `deleteItemsPacked` and `insertItemsPacked` entries, each naming one
/// section's items by a bit mask (base64) or by index ranges, an insertion's sizes as one
/// base64 array of little-endian IEEE 754 numbers. They decode into the batch's plain lists
/// (`BatchUpdate.deleteItems`, `insertItems`), after the entries of the plain keys: a packed
/// batch is exactly the plain batch that names the same paths and sizes.
package enum PackedItemEdits {
  /// The keys of a `deleteItemsPacked` entry.
  static let deletionKeys = ["section", "mask", "ranges"]
  /// The keys of an `insertItemsPacked` entry.
  static let insertionKeys = ["section", "mask", "ranges", "sizes", "sizeEncoding"]

  /// The item indices an entry names: its mask's set bits or its ranges, ascending.
  enum Items {
    case mask([UInt8])
    case ranges([Range<Int>])

    /// How many indices.
    ///
    /// - Complexity: O(b) for b mask bytes, O(r) for r ranges.
    var count: Int {
      switch self {
      case .mask(let bytes):
        // Eight bytes a step (one population count of a word, not eight of a byte).
        return bytes.withUnsafeBytes { raw in
          var total = 0
          var k = 0
          while k &+ 8 <= raw.count {
            total &+= raw.loadUnaligned(fromByteOffset: k, as: UInt64.self).nonzeroBitCount
            k &+= 8
          }
          while k < raw.count {
            total &+= raw[k].nonzeroBitCount
            k &+= 1
          }
          return total
        }
      case .ranges(let ranges):
        var total = 0
        for r in ranges { total &+= r.count }
        return total
      }
    }

    /// Calls `body` with each index, ascending.
    ///
    /// - Complexity: O(b + k) for b mask bytes (8 at a time) and k indices.
    @inline(__always)
    func forEachItem(_ body: (Int) -> Void) {
      switch self {
      case .mask(let bytes):
        bytes.withUnsafeBufferPointer { b in forEachSetBit(of: b, in: 0..<b.count, body) }
      case .ranges(let ranges):
        for r in ranges { for i in r { body(i) } }
      }
    }
  }

  /// Calls `body` with the index of each set bit of `mask[bytes]` (bit j of byte i is index
  /// 8i + j), ascending.
  ///
  /// - Complexity: O(b + k) for b bytes (8 at a time) and k bits set.
  @inline(__always)
  static func forEachSetBit(
    of mask: UnsafeBufferPointer<UInt8>, in bytes: Range<Int>, _ body: (Int) -> Void
  ) {
    var i = bytes.lowerBound
    let end = bytes.upperBound
    while i + 8 <= end {
      var word = UInt64(
        littleEndian: UnsafeRawPointer(mask.baseAddress! + i).loadUnaligned(as: UInt64.self))
      while word != 0 {
        body(i &* 8 &+ word.trailingZeroBitCount)
        word &= word &- 1
      }
      i += 8
    }
    while i < end {
      var byte = mask[i]
      while byte != 0 {
        body(i &* 8 &+ byte.trailingZeroBitCount)
        byte &= byte &- 1
      }
      i += 1
    }
  }

  /// A mask's bytes cut into `parts` runs in order (each but the first starting at a multiple
  /// of 8 bytes), each with its rank: how many items the runs before it name.
  ///
  /// - Complexity: O(b) for b mask bytes.
  static func maskParts(_ mask: UnsafeBufferPointer<UInt8>, parts: Int)
    -> [(bytes: Range<Int>, rank: Int)]
  {
    let words = (mask.count + 7) / 8
    var result: [(bytes: Range<Int>, rank: Int)] = []
    result.reserveCapacity(parts)
    var rank = 0
    for p in 0..<parts {
      let w = ParallelDecoding.range(p, of: parts, count: words)
      let bytes = min(8 * w.lowerBound, mask.count)..<min(8 * w.upperBound, mask.count)
      result.append((bytes, rank))
      for i in bytes { rank &+= mask[i].nonzeroBitCount }
    }
    return result
  }

  /// Runs `body(run, rank, mask)` for the runs of `mask` (`maskParts`) that `count` named items
  /// cut it into under `ParallelDecoding.current`, each on its own task when there are several.
  ///
  /// - Returns: the number of runs.
  /// - Complexity: O(b) for b mask bytes, plus the runs' work on up to that many threads.
  @discardableResult
  static func forEachMaskPart(
    _ mask: [UInt8], count: Int,
    _ body:
      @Sendable (_ p: Int, _ bytes: Range<Int>, _ rank: Int, _ mask: UnsafeBufferPointer<UInt8>)
      -> Void
  ) -> Int {
    let setting = ParallelDecoding.current
    return mask.withUnsafeBufferPointer { b in
      let parts = maskParts(b, parts: setting.parts(for: count))
      let shared = DecodingBuffer(b.baseAddress ?? UnsafePointer(bitPattern: 1)!)
      let length = b.count
      setting.perform(parts: parts.count) { p in
        body(
          p, parts[p].bytes, parts[p].rank, UnsafeBufferPointer(start: shared.base, count: length))
      }
      return parts.count
    }
  }

  /// Reads one `deleteItemsPacked` entry, `{"section": s, "mask": "…"}` or
  /// `{"section": s, "ranges": [[start, end], …]}`, as it is: its items are named, not listed,
  /// until the section's item count is known (`RawEdit.expandPackedDeletions`), so that a
  /// range as wide as an `Int` costs what its bytes do.
  ///
  /// - Complexity: O(b) for the entry's b bytes.
  /// - Throws: `.invalidDocument` naming `field.section`, `field.mask` or `field.ranges[i]`.
  static func readDeletion(_ s: inout JSONScanner, field: String) throws(LayoutError)
    -> (section: Int, items: Items)
  {
    var section: Int?
    var items: Items?
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "section": section = try readSection(&s, field: "\(field).section")
      case "mask", "ranges": items = try readItems(&s, key: key, field: field, given: items)
      default: throw RawDocument.unknownKey(key, field: field, expected: deletionKeys)
      }
    }
    guard let section else {
      throw .invalidDocument(field: "\(field).section", reason: "missing (required)")
    }
    guard let items else {
      throw .invalidDocument(field: "\(field).mask", reason: "missing (required: mask or ranges)")
    }
    return (section, items)
  }

  /// Appends the paths of a deletion entry of `section`, which holds `count` items before the
  /// batch, to `paths`: every item it names up to and including the first that does not exist
  /// (the one a plain list's validation names), none after it.
  ///
  /// - Complexity: O(b + min(k, count + 1)) for b mask bytes and k items named.
  static func appendDeletion(
    section: Int, items: Items, count: Int, to paths: inout [ItemPath]
  ) {
    switch items {
    case .mask(let mask):
      // In runs on threads when many (`ParallelDecoding`): run p writes its own paths, from its
      // rank on.
      let named = items.count
      let entry = HugePages.array(count: named) { (out: UnsafeMutablePointer<ItemPath>) in
        let paths = DecodingBuffer(out)
        forEachMaskPart(mask, count: named) { _, bytes, rank, mask in
          var j = rank
          forEachSetBit(of: mask, in: bytes) {
            (paths.base + j).initialize(to: ItemPath(section: section, item: $0))
            j &+= 1
          }
        }
      }
      if paths.isEmpty { paths = entry } else { paths.append(contentsOf: entry) }
    case .ranges(let ranges):
      // The first index ≥ count in a range is the first missing item: listed, then none.
      for r in ranges {
        let missing = max(count, r.lowerBound)
        let end = r.upperBound > missing ? missing + 1 : r.upperBound
        for i in r.lowerBound..<end { paths.append(ItemPath(section: section, item: i)) }
        if end == missing + 1 { break }
      }
    }
  }

  /// Reads one `insertItemsPacked` entry, `{"section": s, "mask": "…" | "ranges": […],
  /// "sizes": "…", "sizeEncoding": "f64" | "f32"}`, and appends its insertions (the k-th item
  /// named gets the k-th width and height pair of `sizes`) to `insertions`.
  ///
  /// The sizes are decoded from the base64 text where it stands in the line, straight into the
  /// insertions (`Base64Window`: no array of the decoded bytes, 8 MB for a restore of 500 000
  /// items); a text with escapes, and any entry with an error, is read again the plain way
  /// (every string decoded as it is read), whose error is the one thrown.
  ///
  /// - Complexity: O(b + k) for the entry's b bytes and k items.
  /// - Throws: `.invalidDocument` naming `field.section`, `field.mask`, `field.ranges[i]`,
  ///   `field.sizes` (not base64, or not one pair per item) or `field.sizeEncoding`;
  ///   `.invalidNumber` naming `field.sizes[k].width` or `.height` for a size that is not a
  ///   valid length (NaN, infinite, negative, too large).
  static func readInsertion(
    _ s: inout JSONScanner, field: String, into insertions: inout [ItemInsertion]
  ) throws(LayoutError) {
    let entry = s
    let kept = insertions.count
    if (try? readInsertion(&s, field: field, into: &insertions, sizesInPlace: true)) == true {
      return
    }
    s = entry
    if insertions.count > kept { insertions.removeSubrange(kept...) }
    _ = try readInsertion(&s, field: field, into: &insertions, sizesInPlace: false)
  }

  /// Reads one `insertItemsPacked` entry naming its items by a `mask`, its sizes base64 without
  /// escapes, as `PackedInsertions` (the mask and the sizes' bits as sent: no list of
  /// insertions); `nil` with the position unchanged for any other entry and any entry with an
  /// error (`readInsertion(_:field:into:)` then reads it, or names its error).
  ///
  /// - Complexity: O(b + k) for the entry's b bytes and k items (the sizes decoded on every
  ///   core when many, `ParallelDecoding`).
  static func readPackedInsertion(_ s: inout JSONScanner, field: String) -> PackedInsertions? {
    let entry = s
    var section: Int?
    var items: Items?
    var sizesText: Range<Int>?
    var encoding = SizeEncoding.f64
    var plain = true
    do {
      try s.readObject(field: field) { (s, key) throws(LayoutError) in
        switch key {
        case "section": section = try readSection(&s, field: "\(field).section")
        case "mask", "ranges": items = try readItems(&s, key: key, field: field, given: items)
        case "sizes":
          sizesText = s.skipPlainString()
          if sizesText == nil { plain = false }
        case "sizeEncoding":
          if let known = SizeEncoding(rawValue: try s.readString(field: "\(field).sizeEncoding")) {
            encoding = known
          } else {
            plain = false
          }
        default: plain = false
        }
        if !plain { throw .invalidDocument(field: field, reason: "") }
      }
    } catch {
      s = entry
      return nil
    }
    guard let section, case .mask(let mask) = items, let sizesText else {
      s = entry
      return nil
    }
    let count = items!.count
    // `f16` sizes are widened to `f32` ones as they are decoded.
    let wide = encoding == .f64
    let words = count * (wide ? 2 : 1)
    var valid = false
    var largest: (width: UInt64, height: UInt64) = (0, 0)
    let bits: [UInt64] = s.bytes.withUnsafeBufferPointer { line in
      let text = UnsafeBufferPointer(rebasing: line[sizesText])
      guard count > 0, Base64.decodedCount(text) == count * encoding.pairBytes else { return [] }
      return HugePages.array(count: words) { (out: UnsafeMutablePointer<UInt64>) in
        // (Every byte written by the decoding.)
        (valid, largest) = decodeSizes(text, count: count, encoding: encoding, into: out)
      }
    }
    guard valid else {
      s = entry
      return nil
    }
    let packed = mask.withUnsafeBufferPointer {
      PackedInsertions(
        section: section, mask: $0, sizeBits: bits, wide: wide, largestBits: largest)
    }
    guard packed.maxSizeBits <= LayoutLimits.maximumLength.bitPattern else {
      s = entry
      return nil
    }
    return packed
  }

  /// Decodes `text`, the base64 of `count` sizes in `encoding`, into `out` in `sizeBits`'
  /// layout (`f64` pairs for `f64`, else `f32` pairs: `f16` ones widened), and finds their
  /// largest bit patterns (`PackedInsertions.largestBits(of:wide:)`) as it goes: one pass, each
  /// part of the items (on threads when many, `ParallelDecoding`; parts cut at every third
  /// item, a whole number of base64 groups) decoding a window of groups and reading its sizes
  /// while they are in the cache (`f16` ones decoded into a window of the part's own, then
  /// widened into `out` with their largest patterns found in the same pass,
  /// `HalfFloat.widenFindingLargest`).
  ///
  /// - Precondition: `text` decodes to `count` sizes' bytes (`Base64.decodedCount`), `count >
  ///   0`; `out` has room for them.
  /// - Returns: whether `text` is base64 (`Base64.decode`'s rules; the bytes written either
  ///   way), and the largest patterns.
  /// - Complexity: O(b) for b bytes of text.
  static func decodeSizes(
    _ text: UnsafeBufferPointer<UInt8>, count: Int, encoding: SizeEncoding,
    into out: UnsafeMutablePointer<UInt64>
  ) -> (valid: Bool, largest: (width: UInt64, height: UInt64)) {
    // The text's bytes of an item, and the words of `out` it fills.
    let stride = encoding.pairBytes
    let perItem = encoding == .f64 ? 2 : 1
    let halves = encoding == .f16
    let t = text.baseAddress!
    let bytes = UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self)
    let padding = Base64.padding(of: text)
    let full = text.count / 4 - (padding > 0 ? 1 : 0)
    // The padded last group first: its bytes are the last part's, read by it (`f16`: decoded
    // after the last part's last window, into its window).
    var valid =
      padding == 0 || halves
      || Base64.decodePadded(t + 4 * full, padding: padding, into: bytes + 3 * full)
    // Three items are a whole number of groups (12, 24 or 48 bytes), and so is a window.
    let triples = (count + 2) / 3
    let setting = ParallelDecoding.current
    let parts = max(min(setting.parts(for: count), triples), 1)
    var flags = [UInt8](repeating: 0, count: parts)
    var maxima = [(width: UInt64, height: UInt64)](repeating: (0, 0), count: parts)
    flags.withUnsafeMutableBufferPointer { f in
      maxima.withUnsafeMutableBufferPointer { m in
        let text = DecodingBuffer(t)
        let output = DecodingBuffer(bytes)
        let flags = DecodingBuffer(f.baseAddress!)
        let result = DecodingBuffer(m.baseAddress!)
        setting.perform(parts: parts) { p in
          let run = ParallelDecoding.range(p, of: parts, count: triples)
          let first = 3 * run.lowerBound
          let end = min(3 * run.upperBound, count)
          let groupEnd = p == parts - 1 ? full : end * stride / 3
          var group = first * stride / 3
          var item = first
          var invalid: UInt8 = 0
          let window: UnsafeMutablePointer<UInt8>? =
            halves ? .allocate(capacity: 3 * Base64Window.groupsPerWindow + 3) : nil
          defer { window?.deallocate() }
          var largest: (width: UInt64, height: UInt64) = (0, 0)
          // `f16`: the largest binary16 patterns, widened at the end (`widenFindingLargest`).
          var largestHalves: (width: UInt16, height: UInt16) = (0, 0)
          /// The largest patterns so far, with those of items `item ..< upTo`.
          func read(upTo next: Int) {
            let found = PackedInsertions.largestBits(
              of: UnsafeBufferPointer(
                start: UnsafeRawPointer(output.base + item * 8 * perItem).assumingMemoryBound(
                  to: UInt64.self), count: perItem * (next - item)),
              wide: perItem == 2)
            largest = (max(largest.width, found.width), max(largest.height, found.height))
            item = next
          }
          while group < groupEnd {
            let windowEnd = min(group + Base64Window.groupsPerWindow, groupEnd)
            if let window {
              // Whole items: a window starts at a multiple of 4 groups (3 items) and ends at
              // one, or at the text's end with the padded group.
              invalid |= Base64.decodeGroups(group..<windowEnd, of: text.base, into: window)
              var decoded = 3 * (windowEnd - group)
              if p == parts - 1, windowEnd == groupEnd, padding > 0 {
                let ok = Base64.decodePadded(
                  text.base + 4 * full, padding: padding, into: window + decoded)
                if !ok { invalid |= 0x80 }
                decoded += 3 - padding
              }
              let next = min(item + decoded / stride, end)
              let found = HalfFloat.widenFindingLargest(
                pairs: window, count: next - item,
                into: UnsafeMutableRawPointer(output.base).assumingMemoryBound(to: UInt64.self)
                  + item)
              largestHalves = (
                max(largestHalves.width, found.width), max(largestHalves.height, found.height)
              )
              item = next
            } else {
              invalid |= Base64.decodeGroups(
                group..<windowEnd, of: text.base, into: output.base + 3 * group)
              read(upTo: windowEnd == groupEnd ? end : 3 * windowEnd / stride)
            }
            group = windowEnd
          }
          if item < end { read(upTo: end) }
          if halves {
            @inline(__always) func wide(_ h: UInt16) -> UInt64 {
              Double(Float(bitPattern: HalfFloat.floatBits(h))).bitPattern
            }
            largest = (
              max(largest.width, wide(largestHalves.width)),
              max(largest.height, wide(largestHalves.height))
            )
          }
          flags.base[p] = invalid
          result.base[p] = largest
        }
      }
    }
    if flags.reduce(0, |) & 0x80 != 0 { valid = false }
    return (valid, (maxima.map(\.width).max()!, maxima.map(\.height).max()!))
  }

  /// `readInsertion(_:field:into:)`, the sizes decoded where they stand in the line when
  /// `sizesInPlace` (and the text has no escapes), else decoded as read.
  ///
  /// - Returns: `false` when the sizes were decoded in place and are not base64 (nothing
  ///   appended): the caller reads the entry again the plain way, for its error.
  private static func readInsertion(
    _ s: inout JSONScanner, field: String, into insertions: inout [ItemInsertion],
    sizesInPlace: Bool
  ) throws(LayoutError) -> Bool {
    var section: Int?
    var items: Items?
    var sizes: [UInt8]?
    var sizesText: Range<Int>?
    var encoding = SizeEncoding.f64
    try s.readObject(field: field) { (s, key) throws(LayoutError) in
      switch key {
      case "section": section = try readSection(&s, field: "\(field).section")
      case "mask", "ranges": items = try readItems(&s, key: key, field: field, given: items)
      case "sizes":
        if sizesInPlace, let text = s.skipPlainString() {
          sizesText = text
          sizes = nil
        } else {
          sizes = try s.readBase64(field: "\(field).sizes")
          sizesText = nil
        }
      case "sizeEncoding":
        let name = try s.readString(field: "\(field).sizeEncoding")
        guard let known = SizeEncoding(rawValue: name) else {
          throw .invalidDocument(
            field: "\(field).sizeEncoding",
            reason: "unknown encoding \"\(printable(name))\" (expected \(SizeEncoding.names))")
        }
        encoding = known
      default: throw RawDocument.unknownKey(key, field: field, expected: insertionKeys)
      }
    }
    guard let section else {
      throw .invalidDocument(field: "\(field).section", reason: "missing (required)")
    }
    guard let items else {
      throw .invalidDocument(field: "\(field).mask", reason: "missing (required: mask or ranges)")
    }
    let count = items.count
    let byteCount: Int
    if let sizesText {
      guard
        let decoded = s.bytes.withUnsafeBufferPointer({
          Base64.decodedCount(UnsafeBufferPointer(rebasing: $0[sizesText]))
        })
      else { return false }
      byteCount = decoded
    } else if let sizes {
      byteCount = sizes.count
    } else {
      throw .invalidDocument(field: "\(field).sizes", reason: "missing (required)")
    }
    guard byteCount == count * encoding.pairBytes else {
      throw .invalidDocument(
        field: "\(field).sizes",
        reason:
          "holds \(byteCount) bytes; \(count) items need \(count * encoding.pairBytes) (a width and a height each, \(encoding.rawValue))"
      )
    }
    let kept = insertions.count
    var maxBits: UInt64 = 0
    var valid = true
    let entry: [ItemInsertion]
    if let sizesText {
      entry = s.bytes.withUnsafeBufferPointer { line in
        HugePages.array(count: count) { (out: UnsafeMutablePointer<ItemInsertion>) in
          let text = UnsafeBufferPointer(rebasing: line[sizesText])
          (maxBits, valid) = fillInsertions(
            out, section: section, items: items, count: count,
            source: Base64Window(text), encoding: encoding)
        }
      }
      guard valid else { return false }
    } else {
      entry = sizes!.withUnsafeBytes { pairs in
        HugePages.array(count: count) { (out: UnsafeMutablePointer<ItemInsertion>) in
          (maxBits, _) = fillInsertions(
            out, section: section, items: items, count: count,
            source: DecodedPairs(pairs.baseAddress), encoding: encoding)
        }
      }
    }
    if kept == 0 { insertions = entry } else { insertions.append(contentsOf: entry) }
    guard maxBits > LayoutLimits.maximumLength.bitPattern else { return true }
    // Some size is no valid length: the first one named, nothing kept.
    for k in kept..<insertions.count {
      do {
        try LayoutValidation.size(insertions[k].size, field: "\(field).sizes[\(k - kept)]")
      } catch {
        insertions.removeSubrange(kept...)
        throw error
      }
    }
    return true
  }

  /// Initializes `out[0 ..< k]` with the k insertions of an entry: the j-th item `items` names
  /// in `section`, with the j-th width and height of the decoded sizes (`f64`, or `f32` or
  /// `f16` widened) that a `source()` reads (one source a part); a mask's in runs on threads
  /// when it names many (`ParallelDecoding`: run p writes its own insertions, from its rank on, and
  /// reads their sizes only).
  ///
  /// - Precondition: the sizes hold one pair of the encoding per item `items` names.
  /// - Returns: the largest bit pattern of the widths and heights (every valid length's is at
  ///   most `LayoutLimits.maximumLength`'s: IEEE 754 orders non-negative doubles like their
  ///   patterns; negatives, NaN and infinities have larger ones), and whether every source
  ///   read valid bytes (base64 text in the alphabet).
  /// - Complexity: O(b + k) for b mask bytes and k items; every variable local (no
  ///   exclusivity check per item).
  private static func fillInsertions<Source: PairSource>(
    _ out: UnsafeMutablePointer<ItemInsertion>, section: Int, items: Items, count: Int,
    source: Source, encoding: SizeEncoding
  ) -> (maxBits: UInt64, valid: Bool) {
    let stride = encoding.pairBytes
    guard case .mask(let mask) = items else {
      var reader = source
      defer { reader.release() }
      var k = 0
      var maxBits: UInt64 = 0
      items.forEachItem { i in
        let pair = reader.bytes(at: stride &* k, count: stride)
        maxBits = max(maxBits, insert(i, at: k, in: out, section: section, pair: pair, encoding: encoding))
        k &+= 1
      }
      return (maxBits, reader.valid)
    }
    let parts = max(ParallelDecoding.current.parts(for: count), 1)
    var runBits = [UInt64](repeating: 0, count: parts)
    var runValid = [Bool](repeating: true, count: parts)
    runBits.withUnsafeMutableBufferPointer { bits in
      runValid.withUnsafeMutableBufferPointer { valid in
        let bits = DecodingBuffer(bits.baseAddress!)
        let valid = DecodingBuffer(valid.baseAddress!)
        let insertions = DecodingBuffer(out)
        forEachMaskPart(mask, count: count) { p, bytes, rank, mask in
          var reader = source
          var k = rank
          var maxBits: UInt64 = 0
          // The sizes of a word's (or byte's) items are read together: one window check per
          // 64 mask bits, not one per item.
          var b = bytes.lowerBound
          let end = bytes.upperBound
          while b < end {
            let wordBytes = min(8, end &- b)
            var word: UInt64
            if wordBytes == 8 {
              word = UInt64(
                littleEndian: UnsafeRawPointer(mask.baseAddress! + b).loadUnaligned(
                  as: UInt64.self))
            } else {
              word = 0
              for j in 0..<wordBytes { word |= UInt64(mask[b &+ j]) << (8 &* j) }
            }
            let n = word.nonzeroBitCount
            if n > 0 {
              var pair = reader.bytes(at: stride &* k, count: stride &* n)
              while word != 0 {
                let i = b &* 8 &+ word.trailingZeroBitCount
                maxBits = max(
                  maxBits,
                  insert(
                    i, at: k, in: insertions.base, section: section, pair: pair,
                    encoding: encoding))
                pair += stride
                k &+= 1
                word &= word &- 1
              }
            }
            b &+= wordBytes
          }
          bits.base[p] = maxBits
          valid.base[p] = reader.valid
          reader.release()
        }
      }
    }
    return (runBits.max() ?? 0, !runValid.contains(false))
  }

  /// Initializes `out[k]` with the insertion of item `i` of `section` sized by the pair at
  /// `pair` (`f64`, or `f32` or `f16` widened).
  ///
  /// - Returns: the larger bit pattern of its width and height.
  /// - Complexity: O(1).
  @inline(__always)
  private static func insert(
    _ i: Int, at k: Int, in out: UnsafeMutablePointer<ItemInsertion>, section: Int,
    pair: UnsafeRawPointer, encoding: SizeEncoding
  ) -> UInt64 {
    if encoding == .f64 {
      let w = UInt64(littleEndian: pair.loadUnaligned(as: UInt64.self))
      let h = UInt64(littleEndian: pair.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      (out + k).initialize(
        to: ItemInsertion(
          at: ItemPath(section: section, item: i),
          size: Size(width: Double(bitPattern: w), height: Double(bitPattern: h))))
      return max(w, h)
    }
    var both: UInt64
    if encoding == .f32 {
      both = UInt64(littleEndian: pair.loadUnaligned(as: UInt64.self))
    } else {
      both = 0
      HalfFloat.widen(pairs: pair, count: 1, into: &both)
    }
    let w = Double(Float(bitPattern: UInt32(truncatingIfNeeded: both)))
    let h = Double(Float(bitPattern: UInt32(truncatingIfNeeded: both >> 32)))
    (out + k).initialize(
      to: ItemInsertion(at: ItemPath(section: section, item: i), size: Size(width: w, height: h)))
    return max(w.bitPattern, h.bitPattern)
  }

  /// A section index: an integer ≥ 0 (whether it exists is the batch's validation's).
  private static func readSection(_ s: inout JSONScanner, field: String) throws(LayoutError)
    -> Int
  {
    let section = try s.readInt(field: field)
    guard section >= 0 else {
      throw .invalidDocument(field: field, reason: "\(section) is not a section index (≥ 0)")
    }
    return section
  }

  /// The `mask` (a base64 bit mask: bit j of byte i names item 8i + j) or `ranges` (half-open
  /// `[start, end]` pairs, ascending, disjoint and not touching, start < end) of an entry;
  /// only one of them per entry.
  private static func readItems(
    _ s: inout JSONScanner, key: String, field: String, given: Items?
  ) throws(LayoutError) -> Items {
    guard given == nil else {
      throw .invalidDocument(
        field: "\(field).\(key)", reason: "give either mask or ranges, not both")
    }
    if key == "mask" { return .mask(try s.readBase64(field: "\(field).mask")) }
    var ranges: [Range<Int>] = []
    var last = -1
    try s.readArray(field: "\(field).ranges") { (s, i) throws(LayoutError) in
      let f = "\(field).ranges[\(i)]"
      var pair: [Int] = []
      try s.readArray(field: f) { (s, j) throws(LayoutError) in
        guard j < 2 else {
          throw .invalidDocument(field: f, reason: "expected [start, end] (two integers)")
        }
        pair.append(try s.readInt(field: "\(f)[\(j)]"))
      }
      guard pair.count == 2 else {
        throw .invalidDocument(field: f, reason: "expected [start, end] (two integers)")
      }
      guard pair[0] > last, pair[0] < pair[1] else {
        throw .invalidDocument(
          field: f,
          reason:
            "[\(pair[0]), \(pair[1])] is not a range after the previous one (ascending, start ≥ 0, start < end, not touching)"
        )
      }
      last = pair[1]
      ranges.append(pair[0]..<pair[1])
    }
    return .ranges(ranges)
  }
}

extension JSONScanner {
  /// The characters of the string at the reading position up to the first `"` after its
  /// opening one, skipped (the position after that quote), or `nil` (nothing skipped) when the
  /// value is no string or has no closing quote. A string with escapes ends early or holds a
  /// `\`: a caller that needs base64 (no `\` in its alphabet) refuses it and reads the value
  /// again as a JSON string.
  ///
  /// - Complexity: O(b) for the b bytes up to the quote (`memchr`).
  mutating func skipPlainString() -> Range<Int>? {
    guard peek() == UInt8(ascii: "\"") else { return nil }
    let start = position + 1
    let limit = end
    let close: Int? = bytes.withUnsafeBufferPointer { b in
      guard start < limit, let p = memchr(b.baseAddress! + start, 0x22, limit - start) else {
        return nil
      }
      return b.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
    }
    guard let close else { return nil }
    position = close + 1
    return start..<close
  }

  /// A JSON string holding base64 (RFC 4648 §4: the standard alphabet, padded to a multiple
  /// of 4 characters; `\/` escapes allowed), decoded.
  ///
  /// - Complexity: O(b) for the string's b bytes (the closing quote found by `memchr`, then one
  ///   decoding pass of 4 characters at a time).
  /// - Throws: `.invalidDocument` naming `field` for another value or a string that is not
  ///   base64.
  mutating func readBase64(field: @autoclosure () -> String) throws(LayoutError) -> [UInt8] {
    guard peek() == UInt8(ascii: "\"") else {
      throw typeError(field(), expected: "a base64 string")
    }
    let opening = position
    if let text = skipPlainString(),
      let decoded = bytes.withUnsafeBufferPointer({
        Base64.decode(UnsafeBufferPointer(rebasing: $0[text]))
      })
    {
      return decoded
    }
    position = opening
    // Escapes (`\/`), or not base64: read as a JSON string (its own errors), then decoded.
    let text = try readString(field: field())
    var utf8 = Array(text.utf8)
    guard
      let decoded = utf8.withUnsafeMutableBufferPointer({ Base64.decode(UnsafeBufferPointer($0)) })
    else {
      throw .invalidDocument(
        field: field(), reason: "not base64 (RFC 4648 standard alphabet, padded to 4 characters)")
    }
    return decoded
  }
}

/// RFC 4648 §4 base64 (standard alphabet, `=` padding), both ways.
package enum Base64 {
  /// Per byte: its 6-bit value, or 0xFF for a byte outside the alphabet.
  static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (k, c) in alphabet.enumerated() { table[Int(c)] = UInt8(k) }
    return table
  }()

  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The bytes `text` encodes, or `nil` when it is not padded base64 (a length not a multiple
  /// of 4, a byte outside the alphabet, padding other than at the end, or non-zero bits in the
  /// padding: one text per byte string).
  ///
  /// - Complexity: O(b) for b bytes of text: one pass, 4 characters at a time, the alphabet
  ///   checked once at the end of the pass; a long text in parts on threads
  ///   (`ParallelDecoding`).
  package static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    let n = text.count
    guard n % 4 == 0 else { return nil }
    guard n > 0 else { return [] }
    let count = n / 4 * 3 - padding(of: text)
    var valid = true
    let result = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      HugePages.advise(UnsafeMutableRawBufferPointer(out))
      valid = decode(text, into: out.baseAddress!)
      initialized = count
    }
    return valid ? result : nil
  }

  /// Decodes `text` (padded base64, a length a multiple of 4 and above 0) into its
  /// `decodedCount(text)` bytes at `o`.
  ///
  /// - Returns: whether it is base64 (`decode`'s rules); the bytes written either way.
  /// - Complexity: O(b) for b bytes of text, in parts on threads when long
  ///   (`ParallelDecoding`).
  static func decode(_ text: UnsafeBufferPointer<UInt8>, into o: UnsafeMutablePointer<UInt8>)
    -> Bool
  {
    let n = text.count
    let padding = padding(of: text)
    var valid = true
    let t = text.baseAddress!
    let full = padding > 0 ? n / 4 - 1 : n / 4
    // The full groups, in parts on threads when many (`ParallelDecoding`): part p decodes its
    // own groups into its own bytes and notes its own alphabet check.
    let setting = ParallelDecoding.current
    let parts = setting.parts(for: full)
    var invalid = [UInt8](repeating: 0, count: parts)
    invalid.withUnsafeMutableBufferPointer { flags in
      let text = DecodingBuffer(t)
      let bytes = DecodingBuffer(o)
      let flags = DecodingBuffer(flags.baseAddress!)
      setting.perform(parts: parts) { p in
        let groups = ParallelDecoding.range(p, of: parts, count: full)
        flags.base[p] = decodeGroups(
          groups, of: text.base, into: bytes.base + 3 * groups.lowerBound)
      }
    }
    if invalid.reduce(0, |) & 0x80 != 0 { valid = false }
    let g = full
    if padding > 0, !decodePadded(t + 4 * g, padding: padding, into: o + 3 * g) {
      valid = false
    }
    return valid
  }

  /// The number of bytes a base64 text of `text`'s length and padding decodes to, or `nil`
  /// when its length is not a multiple of 4 (whether it is base64 is not checked).
  ///
  /// - Complexity: O(1).
  static func decodedCount(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    let n = text.count
    guard n % 4 == 0 else { return nil }
    guard n > 0 else { return 0 }
    return n / 4 * 3 - padding(of: text)
  }

  /// The `=` characters that end a text of at least 4 characters (0, 1 or 2).
  static func padding(of text: UnsafeBufferPointer<UInt8>) -> Int {
    let n = text.count
    guard text[n - 1] == UInt8(ascii: "=") else { return 0 }
    return text[n - 2] == UInt8(ascii: "=") ? 2 : 1
  }

  /// Decodes the last group of a text, `t[0 ..< 4]`, ending with `padding` (1 or 2) `=`, into
  /// its `3 − padding` bytes at `o`.
  ///
  /// - Returns: whether the group is valid: its other characters in the alphabet, the
  ///   padding's bits zero (a canonical text).
  /// - Complexity: O(1).
  static func decodePadded(
    _ t: UnsafePointer<UInt8>, padding: Int, into o: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    let a = values[Int(t[0])]
    let b = values[Int(t[1])]
    let c = padding == 1 ? values[Int(t[2])] : 0
    var valid = (a | b | c) & 0x80 == 0
    let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6
    if padding == 2, v & 0xFFFF != 0 { valid = false }
    if padding == 1, v & 0xFF != 0 { valid = false }
    o[0] = UInt8(truncatingIfNeeded: v >> 16)
    if padding == 1 { o[1] = UInt8(truncatingIfNeeded: v >> 8) }
    return valid
  }

  /// Per pair of characters (the first in the low byte): their 12 bits, or `0xFFFF` (bit 15
  /// set) when either is outside the alphabet. 128 KiB, built on first use.
  static let pairValues: [UInt16] = {
    var table = [UInt16](repeating: 0xFFFF, count: 1 << 16)
    for (x, a) in alphabet.enumerated() {
      for (y, b) in alphabet.enumerated() {
        table[Int(a) | Int(b) << 8] = UInt16(x << 6 | y)
      }
    }
    return table
  }()

  /// Decodes the 4-character groups `groups` of `text` into their 3 bytes each from `out` on
  /// (group g's at `out + 3(g − groups.lowerBound)`), two characters a lookup
  /// (`pairValues`).
  ///
  /// - Returns: bit 7 set when a character is outside the alphabet.
  /// - Complexity: O(g) for g groups.
  @inline(never)
  static func decodeGroups(
    _ groups: Range<Int>, of text: UnsafePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>
  ) -> UInt8 {
    let count = groups.count
    guard count > 0 else { return 0 }
    return pairValues.withUnsafeBufferPointer { pairs in
      let pairs = pairs.baseAddress!
      var invalid: UInt16 = 0
      let t = UnsafeRawPointer(text + 4 &* groups.lowerBound)
      let o = UnsafeMutableRawPointer(out)
      @inline(__always) func group(_ g: Int) -> UInt32 {
        let chars = UInt32(littleEndian: t.loadUnaligned(fromByteOffset: 4 &* g, as: UInt32.self))
        let high = pairs[Int(chars & 0xFFFF)]
        let low = pairs[Int(chars &>> 16)]
        invalid |= high | low
        return UInt32(high) &<< 12 | UInt32(low)
      }
      // Each group's 3 bytes stored as 4 (the 4th overwritten by the next group), the last
      // one's as 3: nothing written past its bytes.
      var g = 0
      while g &+ 1 < count {
        let v = group(g)
        o.storeBytes(of: (v &<< 8).byteSwapped, toByteOffset: 3 &* g, as: UInt32.self)
        g &+= 1
      }
      let v = group(g)
      out[3 &* g] = UInt8(truncatingIfNeeded: v &>> 16)
      out[3 &* g &+ 1] = UInt8(truncatingIfNeeded: v &>> 8)
      out[3 &* g &+ 2] = UInt8(truncatingIfNeeded: v)
      return invalid & 0x8000 != 0 ? 0x80 : 0
    }
  }

  /// `bytes` as padded base64 text.
  ///
  /// - Complexity: O(b).
  package static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var it = bytes.makeIterator()
    while let a = it.next() {
      let b = it.next()
      let c = it.next()
      let v = UInt32(a) << 16 | UInt32(b ?? 0) << 8 | UInt32(c ?? 0)
      out.append(alphabet[Int(v >> 18 & 63)])
      out.append(alphabet[Int(v >> 12 & 63)])
      out.append(b == nil ? UInt8(ascii: "=") : alphabet[Int(v >> 6 & 63)])
      out.append(c == nil ? UInt8(ascii: "=") : alphabet[Int(v & 63)])
    }
    return out
  }
}

extension PackedItemEdits {
  /// The entry of `items` (item indices of one section, ascending and distinct) as the packed
  /// forms spell it: `"mask":"…"` or `"ranges":[[start,end],…]`, whichever is shorter.
  ///
  /// - Complexity: O(k + m) for k items, m = the last index / 8.
  static func appendItems(_ items: [Int], to w: inout JSONWriter) {
    let ranges = ranges(of: items)
    let maskBytes = (items.last.map { $0 / 8 + 1 }) ?? 0
    // A range costs about 16 bytes of text; a mask byte 4/3 of a character.
    if maskBytes * 4 / 3 <= ranges.count * 16 {
      w.append("\"mask\":")
      w.append(quoted: String(decoding: Base64.encode(mask(of: items)), as: UTF8.self))
    } else {
      w.append("\"ranges\":[")
      for (k, r) in ranges.enumerated() {
        if k > 0 { w.append(",") }
        w.append("[")
        w.append(r.lowerBound)
        w.append(",")
        w.append(r.upperBound)
        w.append("]")
      }
      w.append("]")
    }
  }

  /// The runs of consecutive indices of `items` (ascending, distinct) as half-open ranges: the
  /// `ranges` form.
  ///
  /// - Complexity: O(k) for k items.
  package static func ranges(of items: [Int]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for i in items {
      if let last = ranges.last, last.upperBound == i {
        ranges[ranges.count - 1] = last.lowerBound..<(i + 1)
      } else {
        ranges.append(i..<(i + 1))
      }
    }
    return ranges
  }

  /// The bit mask of `items` (non-negative), least significant bit first, up to the byte of the
  /// largest: the `mask` form before base64.
  ///
  /// - Complexity: O(k + m) for k items, m = the largest index / 8.
  package static func mask(of items: [Int]) -> [UInt8] {
    var mask = [UInt8](repeating: 0, count: (items.max().map { $0 / 8 + 1 }) ?? 0)
    for i in items { mask[i >> 3] |= 1 << UInt8(i & 7) }
    return mask
  }

  /// Runs of `paths` (ascending) of one section each: (section, item indices).
  static func sectionRuns(_ paths: some Sequence<ItemPath>) -> [(section: Int, items: [Int])] {
    var runs: [(section: Int, items: [Int])] = []
    for p in paths {
      if runs.last?.section == p.section {
        runs[runs.count - 1].items.append(p.item)
      } else {
        runs.append((p.section, [p.item]))
      }
    }
    return runs
  }

  /// `deletions` as the value of `deleteItemsPacked`: one entry per run of one section.
  ///
  /// - Precondition: `deletions` ascending (section, then item), distinct.
  /// - Complexity: O(k + m) for k paths (`appendItems`).
  package static func appendDeletions(_ deletions: [ItemPath], to w: inout JSONWriter) {
    precondition(zip(deletions, deletions.dropFirst()).allSatisfy { $0 < $1 }, "ascending paths")
    w.append("[")
    for (k, run) in sectionRuns(deletions).enumerated() {
      w.append(k > 0 ? ",{\"section\":" : "{\"section\":")
      w.append(run.section)
      w.append(",")
      appendItems(run.items, to: &w)
      w.append("}")
    }
    w.append("]")
  }

  /// `insertions` as the value of `insertItemsPacked`: one entry per run of one section, its
  /// sizes in the narrowest encoding that holds every width and height exactly (`f16`, `f32`,
  /// else `f64`: the same `Double`s back).
  ///
  /// - Precondition: `insertions` ascending by path, distinct.
  /// - Complexity: O(k + m) for k insertions.
  package static func appendInsertions(_ insertions: [ItemInsertion], to w: inout JSONWriter) {
    precondition(
      zip(insertions, insertions.dropFirst()).allSatisfy { $0.at < $1.at }, "ascending paths")
    w.append("[")
    var offset = 0
    for (k, run) in sectionRuns(insertions.lazy.map(\.at)).enumerated() {
      let values = insertions[offset..<(offset + run.items.count)].flatMap {
        [$0.size.width, $0.size.height]
      }
      offset += run.items.count
      // Each value's half found once: all of them found, the sizes go as `f16`.
      let halves = values.compactMap(HalfFloat.bits(exactly:))
      let encoding: SizeEncoding =
        halves.count == values.count
        ? .f16
        : values.allSatisfy { Double(Float($0)).bitPattern == $0.bitPattern } ? .f32 : .f64
      var bytes: [UInt8] = []
      bytes.reserveCapacity(values.count * encoding.pairBytes / 2)
      switch encoding {
      case .f64:
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 } }
      case .f32:
        for v in values { withUnsafeBytes(of: Float(v).bitPattern.littleEndian) { bytes += $0 } }
      case .f16:
        for h in halves { withUnsafeBytes(of: h.littleEndian) { bytes += $0 } }
      }
      w.append(k > 0 ? ",{\"section\":" : "{\"section\":")
      w.append(run.section)
      w.append(",")
      appendItems(run.items, to: &w)
      w.append(",\"sizes\":")
      w.append(quoted: String(decoding: Base64.encode(bytes), as: UTF8.self))
      if encoding != .f64 {
        w.append(",\"sizeEncoding\":")
        w.append(quoted: encoding.rawValue)
      }
      w.append("}")
    }
    w.append("]")
  }
}

/// Transparent huge pages for a large buffer about to be written: on Linux (where
/// `/sys/kernel/mm/transparent_hugepage/enabled` is `madvise`, as on this project's machines),
/// `madvise(MADV_HUGEPAGE)` on the 2 MiB pages it spans (`advisedRange`), so that its first
/// writes fault in 2 MiB at a time instead of 4 KiB (a packed batch's 8-16 MB lists: ~4 000
/// faults fewer; on this project's VM a 4 KiB fault costs ~2 µs, 16 MB of them ~8 ms, against
/// ~0.7 ms in 2 MiB pages). A hint: the buffer's contents and size are unchanged, and nothing
/// is done where the call does not exist or the buffer spans no 2 MiB page.
package enum HugePages {
  /// The size of a transparent huge page (x86-64 and arm64 Linux with 4 KiB pages).
  package static let pageBytes = 2 << 20

  /// The offset past a 2 MiB boundary within which a buffer's start counts as on it: one
  /// 4 KiB page, the most by which a large block starts after its own first page (jemalloc's
  /// cache-oblivious offset, glibc's chunk header and Swift's array header).
  static let startSlack = 4096

  /// The addresses `advise` marks for a buffer of `count` bytes at `base`: from the 2 MiB
  /// boundary at or below `base` when `base` lies within `startSlack` of it (the memory between
  /// is the buffer's own first page, so the buffer's first 2 MiB fault as one page), else from
  /// the next boundary; to the last boundary at or below its end. `nil` when that spans no
  /// 2 MiB page.
  ///
  /// - Complexity: O(1).
  package static func advisedRange(base: Int, count: Int) -> Range<Int>? {
    let below = base & ~(pageBytes - 1)
    let start = base - below < startSlack ? below : below + pageBytes
    let end = (base + count) & ~(pageBytes - 1)
    return end > start ? start..<end : nil
  }

  /// - Complexity: one system call when the buffer spans a 2 MiB page, else none.
  package static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard let base = buffer.baseAddress,
        let range = advisedRange(base: Int(bitPattern: base), count: buffer.count)
      else { return }
      let hugePageAdvice: Int32 = 14  // MADV_HUGEPAGE (Linux), not exported to Swift
      _ = madvise(
        UnsafeMutableRawPointer(bitPattern: range.lowerBound), range.count, hugePageAdvice)
    #endif
  }

  /// `advise` over `array`'s whole capacity (its unwritten room included: a column about to be
  /// filled from its count on).
  ///
  /// - Complexity: one system call when the capacity spans a 2 MiB page, else none.
  package static func adviseCapacity<T>(of array: inout [T]) {
    let bytes = array.capacity * MemoryLayout<T>.stride
    array.withUnsafeMutableBufferPointer {
      advise(UnsafeMutableRawBufferPointer(start: $0.baseAddress, count: $0.baseAddress == nil ? 0 : bytes))
    }
  }

  /// The capacity `array(count:_:)` reserves for `count` values of `stride` bytes: `count`,
  /// and for a buffer of at least 2 MiB, 2 MiB more, so that the advised range
  /// (`advisedRange`) reaches past the values' end (the last 2 MiB page holds room never
  /// written: address space, and at most one huge page resident beyond the values).
  ///
  /// - Complexity: O(1).
  package static func capacity(count: Int, stride: Int) -> Int {
    count * stride < pageBytes ? count : count + (pageBytes + stride - 1) / stride
  }

  /// `count` values, written in place by `fill` (which must initialize exactly `count` of them
  /// from the pointer it is given; not called when `count` is 0), in a new array advised as
  /// above, on a 2 MiB boundary where the allocator takes the block `placeOnBoundary` freed.
  ///
  /// - Complexity: O(count) plus `fill`.
  package static func array<T>(count: Int, _ fill: (UnsafeMutablePointer<T>) -> Void) -> [T] {
    // Not through `unsafeUninitializedCapacity` for none: that writes the shared empty array's
    // header, a data race when two threads decode (as `RawSection.trimmed` says).
    guard count > 0 else { return [] }
    let capacity = capacity(count: count, stride: MemoryLayout<T>.stride)
    let placed = placeOnBoundary(bytes: arrayHeaderBytes + capacity * MemoryLayout<T>.stride)
    return [T](unsafeUninitializedCapacity: capacity) { out, initialized in
      settle(placed, at: out.baseAddress)
      advise(UnsafeMutableRawBufferPointer(out))
      fill(out.baseAddress!)
      initialized = count
    }
  }

  /// Moves `array`'s values into new storage of `capacity` elements (at least its count) placed
  /// on a 2 MiB boundary with huge pages advised (as `array(count:_:)` places its arrays), for
  /// a column about to be filled from its count on; storage of less than a huge page is only
  /// reserved.
  ///
  /// - Complexity: O(count): one copy of the values.
  package static func reserve<T>(_ capacity: Int, in array: inout [T]) {
    let bytes = arrayHeaderBytes + capacity * MemoryLayout<T>.stride
    guard bytes >= pageBytes else { return array.reserveCapacity(capacity) }
    let placed = placeOnBoundary(bytes: bytes)
    var moved: [T] = []
    moved.reserveCapacity(capacity)
    moved.withUnsafeMutableBufferPointer { settle(placed, at: $0.baseAddress) }
    adviseCapacity(of: &moved)
    moved.append(contentsOf: array)
    array = moved
  }

  /// The bytes of a Swift array's storage before its elements (the object header, the count
  /// and the capacity, 64-bit platforms): what the storage of `n` elements allocates is these
  /// plus the elements'.
  static let arrayHeaderBytes = 32

  /// Prepares the allocator's next block of `bytes` (of at least `pageBytes`) to start on a
  /// 2 MiB boundary with huge pages already advised: a block of `bytes` aligned to 2 MiB is
  /// reserved, advised and freed, so that the allocation that follows at once, of the same
  /// size, takes its place (jemalloc reuses the extent; glibc's `mmap` the range). An array's
  /// header is written as the array is allocated, before `advise` can run: a first page
  /// faulted as 4 KiB kept the whole first 2 MiB of the array in 4 KiB pages (a 1M restore's
  /// sizes: ~460 faults, ~0.7 ms of its decoding on this VM; with this, 2–4 faults).
  ///
  /// - Returns: where the freed block started and its advised range (`advisedRange`), for
  ///   `unadvise` when the next allocation went elsewhere; `nil` when nothing was done (a small
  ///   buffer, no `madvise`, or the reservation failed).
  /// - Complexity: one aligned allocation, one free and one system call.
  static func placeOnBoundary(bytes: Int) -> (start: Int, advised: Range<Int>)? {
    #if os(Linux)
      guard bytes >= pageBytes else { return nil }
      var block: UnsafeMutableRawPointer? = nil
      guard posix_memalign(&block, pageBytes, bytes) == 0, let block else { return nil }
      let start = Int(bitPattern: block)
      guard let advised = advisedRange(base: start, count: bytes) else {
        free(block)
        return nil
      }
      advise(UnsafeMutableRawBufferPointer(start: block, count: bytes))
      free(block)
      return (start, advised)
    #else
      return nil
    #endif
  }

  /// After the allocation `placeOnBoundary` prepared, whose elements start at `base`: when the
  /// allocator put it elsewhere than the freed block, that block's advice is taken back.
  ///
  /// - Complexity: one system call when the block was not reused, else none.
  static func settle(_ placed: (start: Int, advised: Range<Int>)?, at base: UnsafeRawPointer?) {
    guard let placed, !(0..<startSlack).contains(Int(bitPattern: base) - placed.start) else {
      return
    }
    unadvise(placed.advised)
  }

  /// Takes back `advise`'s hint from `range` (`MADV_NOHUGEPAGE`: under the `madvise` setting,
  /// the default).
  ///
  /// - Complexity: one system call.
  static func unadvise(_ range: Range<Int>) {
    #if os(Linux)
      let noHugePageAdvice: Int32 = 15  // MADV_NOHUGEPAGE (Linux), not exported to Swift
      _ = madvise(
        UnsafeMutableRawPointer(bitPattern: range.lowerBound), range.count, noHugePageAdvice)
    #endif
  }
}
