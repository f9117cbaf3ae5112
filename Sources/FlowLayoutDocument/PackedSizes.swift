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
  /// - Complexity: O(count).
  package static func widen(
    pairs: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<UInt64>
  ) {
    _ = widenFindingLargest(pairs: pairs, count: count, into: out)
  }

  /// `widen(pairs:count:into:)`, returning the largest binary16 patterns (as unsigned
  /// integers) of the widths and of the heights (0 for no pairs). `floatBits` keeps the order
  /// of patterns, so the largest widened patterns are theirs widened
  /// (`PackedInsertions.largestBits(of:wide:)` of the output).
  ///
  /// - Complexity: O(count): four pairs a step in 16-bit and 32-bit vector lanes; when some
  ///   number is zero, subnormal, infinite or NaN, the pairs are widened again number by
  ///   number (O(count) more).
  package static func widenFindingLargest(
    pairs: UnsafeRawPointer, count: Int, into out: UnsafeMutablePointer<UInt64>
  ) -> (width: UInt16, height: UInt16) {
    let target = UnsafeMutableRawPointer(out)
    var width: UInt16 = 0
    var height: UInt16 = 0
    var k = 0
    #if _endian(little)
      var top = SIMD8<UInt16>(repeating: 0)
      // Bit 15 of a lane set: that lane's exponent field was 0 (zero, subnormal) or 0x7C00
      // (infinite, NaN) for some number (adding 0x7C00 sets the top bit of an exponent that
      // is not 0, adding 0x0400 that of 0x7C00; no carry leaves a lane).
      var special = SIMD8<UInt16>(repeating: 0)
      /// The binary32 patterns of four normal binary16 ones: sign up 16 bits, exponent and
      /// fraction up 13, the exponent rebiased by 112 << 23.
      @inline(__always) func widened(_ h: SIMD4<UInt16>) -> SIMD4<UInt32> {
        let v = SIMD4<UInt32>(truncatingIfNeeded: h)
        return (v & 0x8000) &<< 16 | ((v & 0x7FFF) &<< 13 &+ 0x3800_0000)
      }
      while k &+ 4 <= count {
        // Four pairs: widths in the even lanes, heights in the odd ones.
        let x = pairs.loadUnaligned(fromByteOffset: 4 &* k, as: SIMD8<UInt16>.self)
        top = pointwiseMax(top, x)
        let exponents = x & 0x7C00
        special |= ~(exponents &+ 0x7C00) | (exponents &+ 0x0400)
        target.storeBytes(of: widened(x.lowHalf), toByteOffset: 8 &* k, as: SIMD4<UInt32>.self)
        target.storeBytes(
          of: widened(x.highHalf), toByteOffset: 8 &* k &+ 16, as: SIMD4<UInt32>.self)
        k &+= 4
      }
      width = max(max(top[0], top[2]), max(top[4], top[6]))
      height = max(max(top[1], top[3]), max(top[5], top[7]))
      if (special & 0x8000).max() != 0 {
        for j in 0..<(2 &* k) { widen(pairs, at: j, into: target) }
      }
    #endif
    while k < count {
      let w = UInt16(littleEndian: pairs.loadUnaligned(fromByteOffset: 4 &* k, as: UInt16.self))
      let h = UInt16(
        littleEndian: pairs.loadUnaligned(fromByteOffset: 4 &* k &+ 2, as: UInt16.self))
      width = max(width, w)
      height = max(height, h)
      widen(pairs, at: 2 &* k, into: target)
      widen(pairs, at: 2 &* k &+ 1, into: target)
      k &+= 1
    }
    return (width, height)
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
