import FlowLayoutDocument
import FlowLayoutModel
import Foundation

/// One golden fixture: `Golden/<name>.json` holding
/// `{ "name", "rule", "notes", "input": <layout document>, "expected": <layout output> }`.
///
/// `input` is decoded by `LayoutDocument.decode` from its own bytes (cut out of the file
/// verbatim, so numbers and booleans reach the document decoder exactly as written) and
/// `expected` by `LayoutOutput`'s `Codable` form.
struct GoldenFixture: Sendable {
  var name: String
  /// The rule of docs/semantics.md the fixture pins.
  var rule: String
  /// The hand arithmetic behind `expected`.
  var notes: String
  var document: LayoutDocument
  var expected: LayoutOutput

  /// The fixture directory inside the test bundle.
  static var directory: URL {
    Bundle.module.resourceURL!.appendingPathComponent("Golden")
  }

  /// Every fixture's name (file name without `.json`), sorted.
  static func allNames() -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Reads and decodes `Golden/<name>.json`.
  static func load(_ name: String) throws -> GoldenFixture {
    let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
    struct Header: Decodable {
      var name: String
      var rule: String
      var notes: String
      var expected: LayoutOutput
    }
    let header = try JSONDecoder().decode(Header.self, from: data)
    let input = try TopLevelValue.bytes(ofKey: "input", in: Array(data))
    let document = try LayoutDocument.decode(input)
    return GoldenFixture(
      name: header.name, rule: header.rule, notes: header.notes, document: document,
      expected: header.expected)
  }
}

/// Cuts the raw bytes of one top-level value out of a JSON object, without re-encoding it.
enum TopLevelValue {
  struct Missing: Error, CustomStringConvertible {
    var key: String
    var description: String { "no top-level key \"\(key)\"" }
  }

  /// The bytes of the value of `key` in the top-level object `json`.
  ///
  /// - Complexity: O(b) for b bytes.
  /// - Throws: `Missing` when the key is not a top-level key.
  static func bytes(ofKey key: String, in json: [UInt8]) throws -> [UInt8] {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    var depth = 0
    var i = 0
    while i < json.count {
      let c = json[i]
      if c == quote {
        // A string: read it whole; at depth 1 followed by ':' it is a key.
        var j = i + 1
        while j < json.count, json[j] != quote { j += json[j] == backslash ? 2 : 1 }
        let text = String(decoding: json[(i + 1)..<j], as: UTF8.self)
        var k = j + 1
        while k < json.count,
          json[k] == UInt8(ascii: " ") || json[k] == 10 || json[k] == 13
            || json[k] == 9
        {
          k += 1
        }
        if depth == 1, text == key, k < json.count, json[k] == UInt8(ascii: ":") {
          return value(startingAfter: k, in: json)
        }
        i = j + 1
        continue
      }
      if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
      if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
      i += 1
    }
    throw Missing(key: key)
  }

  /// The value that starts after the `:` at `colon`: up to the `,` or `}` that closes it at its
  /// own depth.
  private static func value(startingAfter colon: Int, in json: [UInt8]) -> [UInt8] {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    var depth = 0
    var i = colon + 1
    while i < json.count {
      let c = json[i]
      if c == quote {
        i += 1
        while i < json.count, json[i] != quote { i += json[i] == backslash ? 2 : 1 }
      } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
        depth += 1
      } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
        if depth == 0 { break }
        depth -= 1
      } else if c == UInt8(ascii: ","), depth == 0 {
        break
      }
      i += 1
    }
    return Array(json[(colon + 1)..<i])
  }
}
