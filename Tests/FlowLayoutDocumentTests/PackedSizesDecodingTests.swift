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

  /// `f32` and `f64` sizes of 1 to 40 items (every padding, parts cut at every third item),
  /// in 1, 2, 3 and 7 parts: the decoded words are the encoded ones and the largest patterns
  /// those of a reading item by item; a size that is no length (negative, NaN, infinite, too
  /// long, −0) in any item puts the largest pattern above `LayoutLimits.maximumLength`'s.
  @Test func sizesDecodeWithTheirLargestPatterns() {
    var rng = SplitMix64(seed: 0x51E5)
    let limit = LayoutLimits.maximumLength.bitPattern
    for count in 1...40 {
      let sizes = (0..<count).map { _ in
        (Float(rng.nextInt(below: 4_000)) / 8, Float(rng.nextInt(below: 900)) / 4)
      }
      for wide in [false, true] {
        func words(_ sizes: [(Float, Float)]) -> [UInt64] {
          wide
            ? sizes.flatMap { [Double($0.0).bitPattern, Double($0.1).bitPattern] }
            : sizes.map { UInt64($0.0.bitPattern) | UInt64($0.1.bitPattern) << 32 }
        }
        func decode(_ sizes: [(Float, Float)], parts: Int) -> (
          [UInt64], Bool, (width: UInt64, height: UInt64)
        ) {
          let source = words(sizes)
          let text = Base64.encode(source.flatMap { w in (0..<8).map { UInt8(truncatingIfNeeded: w >> (8 * $0)) } })
          var out = [UInt64](repeating: 0, count: source.count)
          let (valid, largest) = ParallelDecoding.$current.withValue(
            ParallelDecoding(minimumItems: 2, parts: parts)
          ) {
            text.withUnsafeBufferPointer { t in
              out.withUnsafeMutableBufferPointer {
                PackedItemEdits.decodeSizes(t, count: count, wide: wide, into: $0.baseAddress!)
              }
            }
          }
          return (out, valid, largest)
        }
        for parts in [1, 2, 3, 7] {
          let (out, valid, largest) = decode(sizes, parts: parts)
          let note = "\(count) wide \(wide) parts \(parts)"
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
}
