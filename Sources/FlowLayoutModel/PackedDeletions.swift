import Synchronization

/// A set of one section's item indices named by a bit mask, with the rank of each mask word:
/// what a packed edit (`PackedDeletions`, `PackedInsertions`) names its items by.
package struct ItemMask: Sendable {
  /// Bit j of word w set: item 64w + j is named.
  package let words: [UInt64]
  /// Per word, the items named by the words before it; `words.count + 1` entries, the last one
  /// the count.
  package let ranks: [Int]

  /// The items whose bits `mask` sets (bit j of byte i: item 8i + j).
  ///
  /// - Complexity: O(b) for b mask bytes.
  package init(_ mask: UnsafeBufferPointer<UInt8>) {
    let wordCount = (mask.count + 7) / 8
    var words = [UInt64](repeating: 0, count: wordCount)
    var ranks = [Int](repeating: 0, count: wordCount + 1)
    words.withUnsafeMutableBytes { w in
      if let base = mask.baseAddress, mask.count > 0 {
        w.baseAddress!.copyMemory(from: base, byteCount: mask.count)
      }
    }
    var total = 0
    for w in 0..<wordCount {
      words[w] = UInt64(littleEndian: words[w])
      ranks[w] = total
      total &+= words[w].nonzeroBitCount
    }
    ranks[wordCount] = total
    self.words = words
    self.ranks = ranks
  }

  /// How many items are named.
  package var count: Int { ranks[ranks.count - 1] }

  /// The `k`-th item named (ascending, from 0).
  ///
  /// - Complexity: O(log w + 64) for w mask words.
  package func item(_ k: Int) -> Int {
    // The last word whose rank is at most k.
    var lo = 0
    var hi = words.count - 1
    while lo < hi {
      let mid = (lo &+ hi &+ 1) >> 1
      if ranks[mid] <= k { lo = mid } else { hi = mid &- 1 }
    }
    var word = words[lo]
    for _ in 0..<(k &- ranks[lo]) { word &= word &- 1 }
    return lo &* 64 &+ word.trailingZeroBitCount
  }

  /// The items named below item index `item`.
  ///
  /// - Complexity: O(1).
  package func rank(below item: Int) -> Int {
    words.withUnsafeBufferPointer { words in
      ranks.withUnsafeBufferPointer { Self.rank(below: item, words: words, ranks: $0) }
    }
  }

  /// `rank(below:)` over a mask's `words` and their `ranks` (the properties' layouts).
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func rank(
    below item: Int, words: UnsafeBufferPointer<UInt64>, ranks: UnsafeBufferPointer<Int>
  ) -> Int {
    guard item > 0 else { return 0 }
    let w = item >> 6
    guard w < words.count else { return ranks[ranks.count - 1] }
    let bits = item & 63
    let low = bits == 0 ? 0 : words[w] & (UInt64.max >> (64 &- bits))
    return ranks[w] &+ low.nonzeroBitCount
  }

  /// The index of the `a`-th item (from 0) the mask does not name, items past its words
  /// included: `a` plus the named items below it.
  ///
  /// - Complexity: O(log w + 64) for w mask words.
  @inline(__always)
  package static func unnamed(
    _ a: Int, words: UnsafeBufferPointer<UInt64>, ranks: UnsafeBufferPointer<Int>
  ) -> Int {
    // The last word whose unnamed items before it (64w − ranks[w]) are at most a.
    var lo = 0
    var hi = words.count
    while lo < hi {
      let mid = (lo &+ hi &+ 1) >> 1
      if mid &* 64 &- ranks[mid] <= a { lo = mid } else { hi = mid &- 1 }
    }
    let before = lo &* 64 &- ranks[lo]
    guard lo < words.count else { return a &+ ranks[lo] }
    var word = ~words[lo]
    for _ in 0..<(a &- before) { word &= word &- 1 }
    return lo &* 64 &+ word.trailingZeroBitCount
  }

  /// The last item named (`nil` when none).
  ///
  /// - Complexity: O(w) for the w mask words past it.
  package var lastItem: Int? {
    var w = words.count
    while w > 0 {
      w -= 1
      if words[w] != 0 { return w &* 64 &+ 63 &- words[w].leadingZeroBitCount }
    }
    return nil
  }

  /// Whether `item` is named.
  ///
  /// - Complexity: O(1).
  package func contains(_ item: Int) -> Bool {
    guard item >= 0, item >> 6 < words.count else { return false }
    return words[item >> 6] & (1 &<< UInt64(item & 63)) != 0
  }
}

/// Deletions of one section's items named by a bit mask (immutable; one reference)
/// (`deleteItemsPacked`): what a batch deleting half a million items carries instead of one
/// `ItemPath` (16 bytes) per item. A batch holding them (`BatchUpdate.deleteItems`'s packed
/// form) is the batch whose `deleteItems` lists the same paths, ascending: the code that reads
/// them packed (validation, the path map, the engine's section rebuild) gives what it gives
/// for the list, and any other reader gets the list (`materialized()`, counted).
@usableFromInline
package final class PackedDeletions: Sendable {
  /// The section the items are deleted from (before-space).
  package let section: Int
  /// The deleted items (before-space indices).
  package let mask: ItemMask
  /// How often the list form was built (`materialized()`).
  private let counts = Atomic<Int>(0)

  /// Deletions of the items whose bits `mask` sets (bit j of byte i: item 8i + j) from
  /// `section`.
  ///
  /// - Complexity: O(b) for b mask bytes.
  package init(section: Int, mask: UnsafeBufferPointer<UInt8>) {
    self.section = section
    self.mask = ItemMask(mask)
  }

  /// How many items are deleted.
  @usableFromInline package var count: Int { mask.count }

  /// The index of the last item deleted (`nil` when none).
  ///
  /// - Complexity: O(w) for the w mask words past it.
  package var lastItem: Int? { mask.lastItem }

  /// The deletions as a list (the batch's plain form, ascending), counted in
  /// `materializations`.
  ///
  /// - Complexity: O(w + k) for w mask words and k items.
  @usableFromInline package func materialized() -> [ItemPath] {
    counts.add(1, ordering: .relaxed)
    let k = count
    guard k > 0 else { return [] }
    let section = section
    return [ItemPath](unsafeUninitializedCapacity: k) { out, initialized in
      var j = 0
      for w in 0..<mask.words.count {
        var word = mask.words[w]
        while word != 0 {
          out[j] = ItemPath(section: section, item: w &* 64 &+ word.trailingZeroBitCount)
          j &+= 1
          word &= word &- 1
        }
      }
      initialized = k
    }
  }

  /// How often `materialized()` built the list form of these deletions.
  package var materializations: Int { counts.load(ordering: .relaxed) }
}

/// A packed form of a batch's list of item edits (`PackedDeletions`, `PackedInsertions`).
@usableFromInline
protocol PackedEdits: AnyObject, Sendable {
  associatedtype Element: Hashable & Codable & Sendable
  /// How many edits.
  var count: Int { get }
  /// The edits as the batch's list (counted).
  func materialized() -> [Element]
}

extension PackedDeletions: PackedEdits {}

/// A batch's list of item edits: a list, or one section's edits packed. Equal, hashed and
/// coded as the list.
@usableFromInline
struct PackableList<Packed: PackedEdits>: Sendable, Hashable, Codable {
  /// The edits when not packed (empty when packed).
  @usableFromInline var list: [Packed.Element] = []
  /// The edits when packed.
  @usableFromInline var packed: Packed?

  @usableFromInline init(_ list: [Packed.Element]) { self.list = list }

  /// The list form (built when packed).
  ///
  /// - Complexity: O(1) when a list; O(w + k) when packed.
  @usableFromInline var items: [Packed.Element] { packed?.materialized() ?? list }

  /// How many edits.
  @usableFromInline var count: Int { packed?.count ?? list.count }

  /// The packed form becomes the list (for a writer).
  @usableFromInline mutating func unpack() {
    guard let packed else { return }
    list = packed.materialized()
    self.packed = nil
  }

  @usableFromInline static func == (a: Self, b: Self) -> Bool {
    if a.packed == nil, b.packed == nil { return a.list == b.list }
    return a.items == b.items
  }

  @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(items) }

  @usableFromInline init(from decoder: any Decoder) throws {
    list = try decoder.singleValueContainer().decode([Packed.Element].self)
  }

  @usableFromInline func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(items)
  }
}
