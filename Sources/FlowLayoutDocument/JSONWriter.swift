import FlowLayoutModel

/// Appends JSON tokens to a byte buffer: deterministic, and fast enough for a million frames.
///
/// Numbers: an integral value within ±2⁵³ is written without a fraction (`16`, `-0.0` as `0`);
/// any other finite value as Swift's shortest round-trip form (`1234.5`, `0.1`, `1e-07`), which
/// reads back to the same `Double`. A non-finite value (never produced by a valid layout) is
/// written as `null`. Public for the request lines of the benchmark's traces
/// (`FlowLayoutWorkloads/Traces/`), which are written by this writer too.
public struct JSONWriter: Sendable {
  public private(set) var bytes: [UInt8] = []

  public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  public var string: String { String(decoding: bytes, as: UTF8.self) }

  public mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { text in
      // Most tokens are a byte or a few (`[`, `,`, `":`): appended one by one, they skip the
      // general copy's setup, which costs more than the bytes.
      if text.count <= 4 {
        for byte in text { bytes.append(byte) }
      } else {
        bytes.append(contentsOf: text)
      }
    }
  }

  public mutating func append(_ value: Int) {
    if value < 0 {
      bytes.append(UInt8(ascii: "-"))
      appendDigits(value.magnitude)
    } else {
      appendDigits(UInt(value))
    }
  }

  /// The decimal digits of `value`, most significant first.
  ///
  /// - Complexity: O(d) for its d digits.
  private mutating func appendDigits(_ value: UInt) {
    if value < 10 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
      return
    }
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes ≥ 20 digits
    var count = 0
    var v = value
    withUnsafeMutableBytes(of: &buffer) { digits in
      repeat {
        digits[23 - count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
        v /= 10
        count += 1
      } while v != 0
      // Byte by byte: a number has a few digits, fewer than the general copy's setup costs.
      for i in (24 - count)..<24 { bytes.append(digits[i]) }
    }
  }

  public mutating func append(_ value: Double) {
    if value.isFinite, value.rounded(.towardZero) == value, abs(value) <= 9_007_199_254_740_992 {
      append(Int(value))
    } else if value.isFinite {
      bytes.append(contentsOf: value.description.utf8)
    } else {
      append("null")
    }
  }

  /// A string in double quotes, escaping `"`, `\` and control characters.
  public mutating func append(quoted text: String) {
    bytes.append(UInt8(ascii: "\""))
    for b in text.utf8 {
      switch b {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(b)
      case UInt8(ascii: "\n"): append("\\n")
      case UInt8(ascii: "\t"): append("\\t")
      case UInt8(ascii: "\r"): append("\\r")
      case 0..<0x20:
        append("\\u00")
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(hex[Int(b >> 4)])
        bytes.append(hex[Int(b & 0xF)])
      default: bytes.append(b)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// `[a, b, …]` (with `separator` between numbers).
  public mutating func append(numbers: Double..., separator: StaticString) {
    bytes.append(UInt8(ascii: "["))
    for (i, n) in numbers.enumerated() {
      if i > 0 { append(separator) }
      append(n)
    }
    bytes.append(UInt8(ascii: "]"))
  }
}
