/// A JSON value as a tree, for the session fuzzer only: it writes the generated requests,
/// reads the answers back to compare them number by number, and lets the shrinker simplify a
/// request member by member. (The library's reader, `JSONScanner`, decodes straight into the
/// model and builds no tree, on purpose.)
public indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  /// A number written as given (`1e999`, `-0`, `2.0`): hostile requests need texts a `Double`
  /// does not keep.
  case raw(String)
  case string(String)
  case array([JSONValue])
  /// Members in order (a request's keys are written in the order generated).
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.raw(let x), .raw(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The member `key` of an object; `nil` otherwise.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The number, `nil` for anything else.
  public var double: Double? {
    if case .number(let x) = self { return x }
    return nil
  }

  /// The numbers of an array of numbers; `nil` for anything else.
  public var numbers: [Double]? {
    guard case .array(let values) = self else { return nil }
    var result: [Double] = []
    for value in values {
      guard case .number(let x) = value else { return nil }
      result.append(x)
    }
    return result
  }

  /// Compact JSON text (integral numbers without a fraction).
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let x):
      if x == x.rounded(), abs(x) < 1e15 { out += String(Int(x)) } else { out += "\(x)" }
    case .raw(let text): out += text
    case .string(let s):
      out += "\""
      for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default:
          if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
      out += "\""
    case .array(let values):
      out += "["
      for (k, v) in values.enumerated() {
        if k > 0 { out += "," }
        v.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (k, (key, v)) in members.enumerated() {
        if k > 0 { out += "," }
        JSONValue.string(key).write(to: &out)
        out += ":"
        v.write(to: &out)
      }
      out += "}"
    }
  }

  /// Parses a complete JSON text; `nil` when it is not one (numbers become `.number`).
  ///
  /// - Complexity: O(b) for b bytes.
  public static func parse(_ text: String) -> JSONValue? {
    var reader = Reader(bytes: Array(text.utf8))
    guard let value = reader.value() else { return nil }
    reader.skipSpace()
    return reader.position == reader.bytes.count ? value : nil
  }

  private struct Reader {
    let bytes: [UInt8]
    var position = 0

    mutating func skipSpace() {
      while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) {
        position += 1
      }
    }

    mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
      let w = Array(word.utf8)
      guard position + w.count <= bytes.count, Array(bytes[position..<position + w.count]) == w
      else { return nil }
      position += w.count
      return value
    }

    mutating func value() -> JSONValue? {
      skipSpace()
      guard position < bytes.count else { return nil }
      switch bytes[position] {
      case UInt8(ascii: "n"): return literal("null", .null)
      case UInt8(ascii: "t"): return literal("true", .bool(true))
      case UInt8(ascii: "f"): return literal("false", .bool(false))
      case UInt8(ascii: "\""): return string().map(JSONValue.string)
      case UInt8(ascii: "["):
        position += 1
        var values: [JSONValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
          position += 1
          return .array(values)
        }
        while true {
          guard let v = value() else { return nil }
          values.append(v)
          skipSpace()
          guard position < bytes.count else { return nil }
          if bytes[position] == UInt8(ascii: ",") {
            position += 1
          } else if bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(values)
          } else {
            return nil
          }
        }
      case UInt8(ascii: "{"):
        position += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
          position += 1
          return .object(members)
        }
        while true {
          skipSpace()
          guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
            let key = string()
          else { return nil }
          skipSpace()
          guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
          position += 1
          guard let v = value() else { return nil }
          members.append((key, v))
          skipSpace()
          guard position < bytes.count else { return nil }
          if bytes[position] == UInt8(ascii: ",") {
            position += 1
          } else if bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
          } else {
            return nil
          }
        }
      default:
        let start = position
        while position < bytes.count,
          "+-.eE0123456789".utf8.contains(bytes[position])
        {
          position += 1
        }
        guard position > start, let x = Double(String(decoding: bytes[start..<position], as: UTF8.self))
        else { return nil }
        return .number(x)
      }
    }

    mutating func string() -> String? {
      position += 1
      var scalars: [UInt8] = []
      while position < bytes.count {
        let b = bytes[position]
        position += 1
        switch b {
        case UInt8(ascii: "\""): return String(decoding: scalars, as: UTF8.self)
        case UInt8(ascii: "\\"):
          guard position < bytes.count else { return nil }
          let e = bytes[position]
          position += 1
          switch e {
          case UInt8(ascii: "n"): scalars.append(0x0A)
          case UInt8(ascii: "t"): scalars.append(0x09)
          case UInt8(ascii: "r"): scalars.append(0x0D)
          case UInt8(ascii: "b"): scalars.append(0x08)
          case UInt8(ascii: "f"): scalars.append(0x0C)
          case UInt8(ascii: "u"):
            guard position + 4 <= bytes.count,
              let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { return nil }
            position += 4
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
          default: scalars.append(e)
          }
        default: scalars.append(b)
        }
      }
      return nil
    }
  }
}
