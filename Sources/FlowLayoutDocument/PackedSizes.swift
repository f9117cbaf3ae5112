/// The decoded bytes of an `insertItemsPacked` entry's `sizes`, read in ascending order by
/// `PackedItemEdits.fillInsertions` (each part of a split entry reads with its own copy).
protocol PairSource: Sendable {
  /// The `count` decoded bytes from byte `offset` on, valid until the next call.
  ///
  /// - Precondition: the bytes exist; offsets ascend from call to call, or each call's reader
  ///   is a fresh copy.
  mutating func bytes(at offset: Int, count: Int) -> UnsafeRawPointer
  /// Whether every byte read so far came from valid text.
  var valid: Bool { get }
  /// Lets go of what the reader holds (its last call).
  mutating func release()
}

/// Sizes already decoded (a text read as a JSON string: `JSONScanner.readBase64`).
struct DecodedPairs: PairSource, @unchecked Sendable {
  /// The decoded bytes (`nil` for none), alive while read; only read.
  let base: UnsafeRawPointer?

  init(_ base: UnsafeRawPointer?) { self.base = base }

  @inline(__always) func bytes(at offset: Int, count: Int) -> UnsafeRawPointer { base! + offset }
  var valid: Bool { true }
  func release() {}
}

/// Sizes decoded from their base64 text where it stands in the request line, a window of
/// `groupsPerWindow` groups at a time into a buffer of 12 kB: no array of every decoded byte
/// (8 MB for a restore of 500 000 items, 80 MB at 10M), so no fresh pages for it. The text's
/// alphabet is checked as it is decoded (`valid`).
struct Base64Window: PairSource, @unchecked Sendable {
  /// The text (a multiple of 4 characters), alive while read; only read.
  private let text: UnsafePointer<UInt8>
  /// Its groups without padding, and the `=` of its last group.
  private let full: Int
  private let padding: Int
  /// The decoded bytes `start ..< end`, from the first read on.
  private var buffer: UnsafeMutablePointer<UInt8>? = nil
  private var start = 0
  private var end = 0
  private var invalid = false

  /// Groups decoded per window: 12 288 bytes (768 `f64` pairs; a read of up to 1 024 bytes, a
  /// mask word's 64 pairs, is inside one window). A window starts at the group of the first
  /// byte not yet read, so the bytes of the last window decoded again are at most 1 024 of
  /// 12 288 (callgrind, 1M restore: 3 072-byte windows decoded ~11 % more groups than the text
  /// has).
  static let groupsPerWindow = 4_096

  /// A reader of `text`.
  ///
  /// - Precondition: `text.count` is a positive multiple of 4.
  init(_ text: UnsafeBufferPointer<UInt8>) {
    self.text = text.baseAddress!
    padding = Base64.padding(of: text)
    full = text.count / 4 - (padding > 0 ? 1 : 0)
  }

  var valid: Bool { !invalid }

  @inline(__always) mutating func bytes(at offset: Int, count: Int) -> UnsafeRawPointer {
    if offset < start || offset &+ count > end { decodeWindow(from: offset) }
    return UnsafeRawPointer(buffer! + (offset &- start))
  }

  /// Decodes the window that starts with the group holding byte `offset`.
  ///
  /// - Complexity: O(`groupsPerWindow`).
  private mutating func decodeWindow(from offset: Int) {
    if buffer == nil { buffer = .allocate(capacity: 3 * Self.groupsPerWindow + 3) }
    let first = offset / 3
    let last = min(first + Self.groupsPerWindow, full)
    var count = 0
    if first < last {
      let found = Base64.decodeGroups(first..<last, of: text, into: buffer!)
      if found & 0x80 != 0 { invalid = true }
      count = 3 * (last - first)
    }
    if last == full, padding > 0 {
      if !Base64.decodePadded(text + 4 * full, padding: padding, into: buffer! + count) {
        invalid = true
      }
      count += 3 - padding
    }
    start = 3 * first
    end = start + count
  }

  mutating func release() {
    buffer?.deallocate()
    buffer = nil
  }
}

/// How an `insertItemsPacked` entry's `sizes` are written (`"sizeEncoding"`): a width and a
/// height per item as little-endian IEEE 754 binary64 (`f64`, the default), binary32 (`f32`) or
/// binary16 (`f16`) numbers. A writer uses a narrower one only when every value is one of its
/// numbers exactly (each is widened to the `Double` it is), so the batch is the plain one bit for
/// bit: `f16` holds every integer up to 2 048 and every half point up to 1 024.
package enum SizeEncoding: String, Sendable, CaseIterable {
  case f64, f32, f16

  /// The bytes of one item's width and height.
  package var pairBytes: Int {
    switch self {
    case .f64: 16
    case .f32: 8
    case .f16: 4
    }
  }

  /// The names, for the error of an unknown one.
  static var names: String { "f64, f32 or f16" }
}

/// IEEE 754 binary16 numbers (`sizeEncoding` `f16`), widened with integer operations only (the
/// x86-64 baseline has no conversion instruction; `Float16` is not on every platform).
package enum HalfFloat {
  /// The binary32 pattern of the number binary16 pattern `h` is: every binary16 number is a
  /// binary32 number exactly (NaNs keep their payload, shifted; signs and infinities kept).
  ///
  /// - Complexity: O(1).
  @inline(__always) package static func floatBits(_ h: UInt16) -> UInt32 {
    let h = UInt32(h)
    let sign = (h & 0x8000) << 16
    let exponent = h & 0x7C00
    let mantissa = h & 0x03FF
    if _fastPath(exponent != 0 && exponent != 0x7C00) {
      return sign | ((exponent &+ 0x1_C000) << 13) | (mantissa << 13)
    }
    if exponent == 0x7C00 { return sign | 0x7F80_0000 | (mantissa << 13) }
    // Zero, or a subnormal `mantissa` × 2⁻²⁴ (a product by a power of two: exact).
    return sign | (Float(mantissa) * 0x1p-24).bitPattern
  }

  /// `count` pairs of binary16 numbers at `pairs` (little-endian, width then height) as
  /// `sizeBits`' binary32 pairs (the width in the low half of each word) from `out` on.
  ///
  /// - Complexity: O(count): four numbers a step in 64-bit lanes where none is zero, subnormal,
  ///   infinite or NaN (a step with one is widened number by number).
  package static func widen(
    pairs: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<UInt64>
  ) {
    let target = UnsafeMutableRawPointer(out)
    let values = 2 &* count
    var j = 0
    while j &+ 4 <= values {
      // Four numbers in 16-bit lanes; each exponent field is 0 (zero, subnormal), 0x7C00
      // (infinite, NaN) or normal. Adding 0x7C00 sets a lane's top bit when its exponent is
      // not 0, adding 0x0400 when it is 0x7C00 (no carry leaves a lane).
      let x = UInt64(littleEndian: pairs.loadUnaligned(fromByteOffset: 2 &* j, as: UInt64.self))
      let exponents = x & 0x7C00_7C00_7C00_7C00
      let tops: UInt64 = 0x8000_8000_8000_8000
      if _fastPath(
        (exponents &+ 0x7C00_7C00_7C00_7C00) & tops == tops
          && (exponents &+ 0x0400_0400_0400_0400) & tops == 0)
      {
        // Two numbers a word in 32-bit lanes: sign up 16 bits, exponent and fraction up 13,
        // the exponent rebiased by 112 << 23.
        @inline(__always) func widened(_ lanes: UInt64) -> UInt64 {
          ((lanes & 0x0000_8000_0000_8000) << 16
            | ((lanes & 0x0000_7FFF_0000_7FFF) << 13 &+ 0x3800_0000_3800_0000)).littleEndian
        }
        let low = (x & 0xFFFF) | (x & 0xFFFF_0000) << 16
        let high = (x >> 32) & 0xFFFF | (x >> 48) << 32
        target.storeBytes(of: widened(low), toByteOffset: 4 &* j, as: UInt64.self)
        target.storeBytes(of: widened(high), toByteOffset: 4 &* j &+ 8, as: UInt64.self)
      } else {
        for k in 0..<4 { widen(pairs, at: j &+ k, into: target) }
      }
      j &+= 4
    }
    while j < values {
      widen(pairs, at: j, into: target)
      j &+= 1
    }
  }

  /// The `j`-th binary16 number at `pairs` as the `j`-th binary32 one at `target`.
  @inline(__always)
  private static func widen(_ pairs: UnsafeRawPointer, at j: Int, into target: UnsafeMutableRawPointer) {
    let h = UInt16(littleEndian: pairs.loadUnaligned(fromByteOffset: 2 &* j, as: UInt16.self))
    target.storeBytes(of: floatBits(h).littleEndian, toByteOffset: 4 &* j, as: UInt32.self)
  }

  /// The binary16 pattern of `v` when `v` is a binary16 number exactly (±0 included; no NaN,
  /// no infinity), else `nil`.
  ///
  /// - Complexity: O(1).
  package static func bits(exactly v: Double) -> UInt16? {
    guard v.isFinite, abs(v) <= 65_504 else { return nil }
    let sign: UInt16 = v.sign == .minus ? 0x8000 : 0
    let magnitude = abs(v)
    // The candidate: a normal number's exponent and top 10 fraction bits, or a subnormal's
    // multiple of 2⁻²⁴; kept only when it widens back to `v`.
    let candidate: UInt16
    if magnitude >= 0x1p-14 {
      let exponent = UInt16(magnitude.exponent + 15)
      let fraction = UInt16(truncatingIfNeeded: magnitude.significandBitPattern >> 42)
      candidate = sign | exponent << 10 | fraction
    } else {
      let multiple = magnitude * 0x1p24
      guard multiple == multiple.rounded(.towardZero) else { return nil }
      candidate = sign | UInt16(multiple)
    }
    return Double(Float(bitPattern: floatBits(candidate))).bitPattern == v.bitPattern
      ? candidate : nil
  }
}
