import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// Base64 decoding (`Base64.decodeGroups`) and a packed entry's sizes decoded
/// with their largest bit patterns in one pass (`PackedItemEdits.decodeSizes`), in any split
/// into parts: the bytes of the text, every character outside the alphabet refused wherever it
/// stands, and the largest patterns of a per-item reading.
@Suite("Packed sizes decoding")
struct PackedSizesDecodingTests {
  /// Every length up to 64 bytes round-trips, and a character outside the alphabet at any
  /// position of the text (each pair of characters of each group, the padded
  /// last group), or a `=` before the last group, is refused.
  @Test func everyBadPositionIsRefused() {
    var rng = SplitMix64(seed: 0xB64)
    for n in 1...64 {
      let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      let text = Base64.encode(bytes)
      #expect(text.withUnsafeBufferPointer { Base64.decode($0) } == bytes, "\(n)")
      let padding = text.reversed().prefix { $0 == UInt8(ascii: "=") }.count
      for at in 0..<(text.count - padding) {
        // (`=` in the last group can make another valid text: a padding of two.)
        for bad in [UInt8(ascii: "*"), 0x80] + (at < text.count - 4 ? [UInt8(ascii: "=")] : []) {
          var broken = text
          broken[at] = bad
          #expect(
            broken.withUnsafeBufferPointer { Base64.decode($0) } == nil, "\(n) at \(at) \(bad)")
        }
      }
    }
  }

  /// The largest bit patterns of `count` sizes read one by one as `Double`s.
  static func reference(_ sizes: [(Float, Float)]) -> (width: UInt64, height: UInt64) {
    (
      sizes.map { Double($0.0).bitPattern }.max() ?? 0,
      sizes.map { Double($0.1).bitPattern }.max() ?? 0
    )
  }

  /// `f16`, `f32` and `f64` sizes of 1 to 40 items (every padding, parts cut at every third
  /// item), in 1, 2, 3 and 7 parts: the decoded words are the encoded ones (`f16` widened to
  /// `f32`) and the largest patterns those of a reading item by item; a size that is no length
  /// (negative, NaN, infinite, too long, −0) in any item puts the largest pattern above
  /// `LayoutLimits.maximumLength`'s.
  @Test func sizesDecodeWithTheirLargestPatterns() {
    var rng = SplitMix64(seed: 0x51E5)
    let limit = LayoutLimits.maximumLength.bitPattern
    for count in 1...40 {
      // Quarter points up to 500: numbers of every encoding exactly.
      let sizes = (0..<count).map { _ in
        (Float(rng.nextInt(below: 2_000)) / 4, Float(rng.nextInt(below: 900)) / 4)
      }
      for encoding in SizeEncoding.allCases {
        func words(_ sizes: [(Float, Float)]) -> [UInt64] {
          encoding == .f64
            ? sizes.flatMap { [Double($0.0).bitPattern, Double($0.1).bitPattern] }
            : sizes.map { UInt64($0.0.bitPattern) | UInt64($0.1.bitPattern) << 32 }
        }
        func text(_ sizes: [(Float, Float)]) -> [UInt8] {
          var bytes: [UInt8] = []
          for v in sizes.flatMap({ [$0.0, $0.1] }) {
            switch encoding {
            case .f64: withUnsafeBytes(of: Double(v).bitPattern.littleEndian) { bytes += $0 }
            case .f32: withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes += $0 }
            case .f16:
              // A number that is no half (1e30) is sent as infinity.
              let half = HalfFloat.bits(exactly: Double(v)) ?? (v.isNaN ? 0x7E00 : 0x7C00)
              withUnsafeBytes(of: half.littleEndian) { bytes += $0 }
            }
          }
          return Base64.encode(bytes)
        }
        func decode(_ sizes: [(Float, Float)], parts: Int) -> (
          [UInt64], Bool, (width: UInt64, height: UInt64)
        ) {
          let text = text(sizes)
          var out = [UInt64](repeating: 0, count: words(sizes).count)
          let (valid, largest) = ParallelDecoding.$current.withValue(
            ParallelDecoding(minimumItems: 2, parts: parts)
          ) {
            text.withUnsafeBufferPointer { t in
              out.withUnsafeMutableBufferPointer {
                PackedItemEdits.decodeSizes(
                  t, count: count, encoding: encoding, into: $0.baseAddress!)
              }
            }
          }
          return (out, valid, largest)
        }
        for parts in [1, 2, 3, 7] {
          let (out, valid, largest) = decode(sizes, parts: parts)
          let note = "\(count) \(encoding) parts \(parts)"
          #expect(valid, "\(note)")
          #expect(out == words(sizes), "\(note)")
          #expect(largest == Self.reference(sizes), "\(note)")
          for bad in [Float(-1), .nan, .infinity, Float(-0.0), 1e30] {
            var broken = sizes
            let k = rng.nextInt(below: count)
            if rng.next() & 1 == 0 { broken[k].0 = bad } else { broken[k].1 = bad }
            let found = decode(broken, parts: parts).2
            #expect(max(found.width, found.height) > limit, "\(note) \(bad) at \(k)")
          }
        }
      }
    }
  }

  /// Every binary16 pattern widens to the `Float` the platform's own conversion gives (NaNs:
  /// a NaN with the same sign), and every finite one is found again by `bits(exactly:)`, which
  /// refuses numbers between halves, past the largest half, and infinities and NaN.
  @Test func halvesWidenExactly() {
    for pattern in 0...UInt16.max {
      let widened = Float(bitPattern: HalfFloat.floatBits(pattern))
      #if !(os(macOS) && arch(x86_64))
        let platform = Float(Float16(bitPattern: pattern))
        if platform.isNaN {
          #expect(widened.isNaN && widened.sign == platform.sign, "\(pattern)")
        } else {
          #expect(widened.bitPattern == platform.bitPattern, "\(pattern)")
        }
      #endif
      if widened.isFinite {
        #expect(HalfFloat.bits(exactly: Double(widened)) == pattern, "\(pattern)")
      } else {
        #expect(HalfFloat.bits(exactly: Double(widened)) == nil, "\(pattern)")
      }
    }
    // `widen` (four numbers a step where all are normal) agrees with `floatBits` number by
    // number: every pattern once in order, then normal runs with one special number at every
    // place of a step.
    var patterns = Array(0...UInt16.max)
    for at in 0..<9 {
      patterns += (0..<9).map { $0 == at ? 0x7C00 : 0x3C00 &+ UInt16($0) }
      patterns += (0..<9).map { $0 == at ? 0x0001 : 0xBC00 &+ UInt16($0) }
    }
    let pairs = patterns.count / 2
    var out = [UInt64](repeating: 0, count: pairs)
    patterns.withUnsafeBytes { bytes in
      out.withUnsafeMutableBufferPointer {
        HalfFloat.widen(pairs: bytes.baseAddress!, count: pairs, into: $0.baseAddress!)
      }
    }
    for k in 0..<pairs {
      let expected =
        UInt64(HalfFloat.floatBits(patterns[2 * k])) | UInt64(HalfFloat.floatBits(patterns[2 * k + 1])) << 32
      #expect(out[k] == expected, "pair \(k): \(patterns[2 * k]), \(patterns[2 * k + 1])")
    }
    // `floatBits` keeps the order of patterns (as unsigned integers): the largest widened
    // pattern is the largest pattern widened (`widenFindingLargest`).
    for pattern in 0..<UInt16.max {
      #expect(HalfFloat.floatBits(pattern) < HalfFloat.floatBits(pattern + 1), "\(pattern)")
    }
    for v in [0.1, 2049, 1024.5, 65_505, 65_520, 1e-8, 0x1p-25, -0.3, 1e300] {
      #expect(HalfFloat.bits(exactly: v) == nil, "\(v)")
    }
    for v in [0, 1, 2048, 1023.5, 511.25, 65_504, 0x1p-24, 0x1p-14, 3 * 0x1p-24] {
      #expect(HalfFloat.bits(exactly: v).map { Double(Float(bitPattern: HalfFloat.floatBits($0))) } == v, "\(v)")
    }
  }

  /// `widenFindingLargest` (four pairs a step in vector lanes, number by number again when a
  /// step holds a zero, subnormal, infinite or NaN number) writes what `floatBits` gives number
  /// by number and finds the largest width and height patterns, for 0 to 13 pairs (every
  /// remainder of a step) of normal numbers, with each special kind at every place, and with
  /// the largest width or height at every place.
  @Test func halvesWidenWithTheirLargestPatterns() {
    var rng = SplitMix64(seed: 0xF16)
    for pairs in 0...13 {
      let normal = (0..<(2 * pairs)).map { _ in UInt16(0x0400 + rng.nextInt(below: 0x7400)) }
      var cases = [normal]
      for at in 0..<(2 * pairs) {
        let specials: [UInt16] = [0x0000, 0x8000, 0x0001, 0x83FF, 0x7C00, 0xFC00, 0x7E00, 0xFFFF]
        // (0x7BFF, the largest finite number: normal.)
        for special in specials + [0x7BFF] {
          var patterns = normal
          patterns[at] = special
          cases.append(patterns)
        }
      }
      for patterns in cases {
        var out = [UInt64](repeating: 0, count: pairs + 1)
        let found = patterns.withUnsafeBytes { bytes in
          out.withUnsafeMutableBufferPointer {
            HalfFloat.widenFindingLargest(
              pairs: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!, count: pairs,
              into: $0.baseAddress!)
          }
        }
        let widths = stride(from: 0, to: 2 * pairs, by: 2).map { patterns[$0] }
        let heights = stride(from: 1, to: 2 * pairs, by: 2).map { patterns[$0] }
        #expect(found.width == widths.max() ?? 0, "\(patterns)")
        #expect(found.height == heights.max() ?? 0, "\(patterns)")
        for k in 0..<pairs {
          let expected =
            UInt64(HalfFloat.floatBits(patterns[2 * k]))
            | UInt64(HalfFloat.floatBits(patterns[2 * k + 1])) << 32
          #expect(out[k] == expected, "\(patterns) pair \(k)")
        }
        #expect(out[pairs] == 0, "nothing written past the pairs: \(patterns)")
      }
    }
  }
}
