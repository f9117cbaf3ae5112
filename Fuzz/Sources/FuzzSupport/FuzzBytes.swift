/// Reads a fuzzer's bytes as a stream of small decisions; past the end every read returns 0, so
/// any byte string is a complete recipe.
public struct FuzzBytes {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// `true` while unread bytes remain.
  public var hasMore: Bool { position < bytes.count }

  /// The next byte (0 past the end). - Complexity: O(1).
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A value in `0..<count` (`count` > 0).
  public mutating func below(_ count: Int) -> Int { Int(byte()) % count }

  /// `true` for an odd byte.
  public mutating func flag() -> Bool { byte() & 1 == 1 }

  /// One of `choices` (non-empty).
  public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
