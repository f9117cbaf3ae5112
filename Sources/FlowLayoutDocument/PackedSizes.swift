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
