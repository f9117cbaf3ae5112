import Synchronization

/// Insertions into one section named by a bit mask, with their sizes as the packed edit format
/// sends them (immutable; one reference, so that a batch holding them stays small) (`insertItemsPacked`): what a batch of half a million insertions carries instead
/// of one `ItemInsertion` (32 bytes) per item. A batch holding them (`BatchUpdate.insertItems`'s
/// packed form) is the batch whose `insertItems` lists the same paths and sizes: the code that
/// reads them packed (validation, the path map, the engine's section rebuild, the kept
/// diagnostics) gives what it gives for the list, and any other reader gets the list
/// (`materialized()`, counted).
@usableFromInline
package final class PackedInsertions: Sendable {
  /// The section the items are inserted into (after-space).
  package let section: Int
  /// The inserted items (after-space indices).
  package let mask: ItemMask
  /// Bit j of word w set: item 64w + j (after-space) is inserted.
  package var words: [UInt64] { mask.words }
  /// Per word, the items named by the words before it; `words.count + 1` entries, the last one
  /// the count.
  package var ranks: [Int] { mask.ranks }
  /// The sizes in item order, their little-endian bits as sent: one word per item (`f32`: the
  /// width in the low half, the height in the high one) or two (`f64`: width, height).
  package let sizeBits: [UInt64]
  /// Sizes as `f64` (two words per item), else `f32`.
  package let wide: Bool
  /// The largest bit patterns of the widths and of the heights as `Double`s (a valid length's
  /// is at most `LayoutLimits.maximumLength`'s; for lengths ≥ 0 the largest pattern is the
  /// largest value).
  package let largestBits: (width: UInt64, height: UInt64)
  /// The larger of `largestBits`.
  package var maxSizeBits: UInt64 { max(largestBits.width, largestBits.height) }
  /// How often the list form was built (`materialized()`): what a reader that does not read
  /// the packed form cost.
  private let counts = Atomic<Int>(0)

  /// Insertions of the items whose bits `mask` sets (bit j of byte i: item 8i + j) into
  /// `section`, with `sizeBits` (see the property) in item order.
  ///
  /// - Precondition: `sizeBits` holds one size per item named (two words each when `wide`).
  /// - Complexity: O(b) for b mask bytes, plus O(k) for the k sizes' largest bit pattern.
  package init(
    section: Int, mask: UnsafeBufferPointer<UInt8>, sizeBits: [UInt64], wide: Bool,
    largestBits: (width: UInt64, height: UInt64)? = nil
  ) {
    self.section = section
    self.mask = ItemMask(mask)
    self.sizeBits = sizeBits
    self.wide = wide
    self.largestBits =
      largestBits ?? sizeBits.withUnsafeBufferPointer { Self.largestBits(of: $0, wide: wide) }
  }

  /// The largest bit patterns of the widths and of the heights (as `Double`s) that `bits` hold
  /// (`sizeBits`' layout, whole items): what `init`'s `largestBits` is. `f32` sizes are
  /// compared as `f32` patterns, the largest widened: the same result where every size is a
  /// length (≥ 0, finite: patterns ordered as values, and widening keeps the order); any other
  /// value (negative, NaN, infinite) makes it a pattern above every length's either way.
  ///
  /// - Complexity: O(k) for k words.
  package static func largestBits(of bits: UnsafeBufferPointer<UInt64>, wide: Bool) -> (
    width: UInt64, height: UInt64
  ) {
    var w: UInt64 = 0
    var h: UInt64 = 0
    if wide {
      var k = 0
      while k &+ 1 < bits.count {
        w = max(w, bits[k])
        h = max(h, bits[k &+ 1])
        k &+= 2
      }
    } else {
      // Four items a step as lanes (w, h, w, h, …) of `f32` patterns.
      var lanes = SIMD8<UInt32>(repeating: 0)
      var k = 0
      if let base = bits.baseAddress {
        let raw = UnsafeRawPointer(base)
        while k &+ 4 <= bits.count {
          lanes = pointwiseMax(
            lanes, raw.loadUnaligned(fromByteOffset: k &<< 3, as: SIMD8<UInt32>.self))
          k &+= 4
        }
      }
      var width = max(max(lanes[0], lanes[2]), max(lanes[4], lanes[6]))
      var height = max(max(lanes[1], lanes[3]), max(lanes[5], lanes[7]))
      while k < bits.count {
        width = max(width, UInt32(truncatingIfNeeded: bits[k]))
        height = max(height, UInt32(truncatingIfNeeded: bits[k] &>> 32))
        k &+= 1
      }
      w = Double(Float(bitPattern: width)).bitPattern
      h = Double(Float(bitPattern: height)).bitPattern
    }
    return (w, h)
  }

  /// How many items are inserted.
  @usableFromInline package var count: Int { mask.count }

  /// The (after-space) index of the `k`-th item inserted.
  ///
  /// - Complexity: O(log w + 64) for w mask words.
  package func item(_ k: Int) -> Int { mask.item(k) }

  /// The items inserted below item index `item` (after-space).
  ///
  /// - Complexity: O(1).
  package func rank(below item: Int) -> Int { mask.rank(below: item) }

  /// The size of the `k`-th item inserted.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package func size(_ k: Int) -> Size {
    sizeBits.withUnsafeBufferPointer { Self.size(k, in: $0, wide: wide) }
  }

  /// The size of the `k`-th item of `bits` (`sizeBits`' layout).
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package static func size(_ k: Int, in bits: UnsafeBufferPointer<UInt64>, wide: Bool) -> Size {
    if wide {
      return Size(
        width: Double(bitPattern: bits[2 &* k]), height: Double(bitPattern: bits[2 &* k &+ 1]))
    }
    let v = bits[k]
    return Size(
      width: Double(Float(bitPattern: UInt32(truncatingIfNeeded: v))),
      height: Double(Float(bitPattern: UInt32(truncatingIfNeeded: v >> 32))))
  }

  /// Calls `body(k, item, size)` for each insertion in order.
  ///
  /// - Complexity: O(w + k) for w mask words and k items.
  @inline(__always)
  package func forEach(_ body: (_ k: Int, _ item: Int, _ size: Size) -> Void) {
    words.withUnsafeBufferPointer { words in
      sizeBits.withUnsafeBufferPointer { bits in
        var k = 0
        for w in 0..<words.count {
          var word = words[w]
          while word != 0 {
            body(k, w &* 64 &+ word.trailingZeroBitCount, Self.size(k, in: bits, wide: wide))
            k &+= 1
            word &= word &- 1
          }
        }
      }
    }
  }

  /// The insertions as a list (the batch's plain form), counted in `materializations`.
  ///
  /// - Complexity: O(w + k).
  @usableFromInline package func materialized() -> [ItemInsertion] {
    counts.add(1, ordering: .relaxed)
    let k = count
    guard k > 0 else { return [] }
    return [ItemInsertion](unsafeUninitializedCapacity: k) { out, initialized in
      forEach { j, item, size in
        (out.baseAddress! + j).initialize(
          to: ItemInsertion(at: ItemPath(section: section, item: item), size: size))
      }
      initialized = k
    }
  }

  /// How often `materialized()` built the list form of these insertions.
  package var materializations: Int { counts.load(ordering: .relaxed) }

  /// The index of the last item inserted (`nil` when none).
  package var lastItem: Int? { count == 0 ? nil : item(count - 1) }
}

extension PackedInsertions: PackedEdits {}

/// A batch's insertions: a list, or insertions into one section packed
/// (`PackedInsertions`). Equal, hashed and coded as the list.
@usableFromInline
typealias InsertionList = PackableList<PackedInsertions>
