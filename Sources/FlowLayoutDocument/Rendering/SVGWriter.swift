/// Appends SVG markup to a string, with deterministic number formatting and XML escaping: the
/// one SVG writer of the package (document renderings here, the benchmark charts in
/// `FlowLayoutBench`).
///
/// What it writes is always well-formed XML 1.0, whatever text it is given:
/// - numbers are rounded to hundredths and printed without trailing zeros (`12`, `12.5`,
///   `-0.25`), so the same drawing always produces the same bytes on every machine (no locale,
///   no exponent); non-finite numbers print as `0` and magnitudes are clamped to
///   `largestMagnitude` (10¹⁵), so every number is finite and bounded;
/// - text and attribute values have `& < > " '` escaped, and every character XML 1.0 forbids
///   (C0 controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) replaced by
///   U+FFFD, the replacement character.
package struct SVGWriter {
  package private(set) var text = ""
  private var depth = 0

  package init() {}

  /// The largest magnitude a number prints with; larger ones are clamped to it.
  package static let largestMagnitude = 1e15

  /// A number as SVG prints it. O(1).
  package static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let clamped = min(max(value, -largestMagnitude), largestMagnitude)
    // |clamped| · 100 ≤ 10¹⁷ fits an Int64 exactly enough for hundredths.
    let hundredths = Int64((clamped * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let whole = magnitude / 100
    let fraction = magnitude % 100
    if fraction == 0 { return "\(sign)\(whole)" }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `true` for a Unicode scalar XML 1.0 allows in a document (production `Char`: tab, line feed,
  /// carriage return, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF).
  package static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// `text` with `& < > " '` escaped and characters XML forbids replaced by U+FFFD. O(c) for c
  /// Unicode scalars.
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default:
        result.unicodeScalars.append(isXMLCharacter(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return result
  }

  private func attributes(_ list: KeyValuePairs<String, any SVGAttributeValue>) -> String {
    list.map { " \($0.key)=\"\($0.value.svgText)\"" }.joined()
  }

  private mutating func indent() { text += String(repeating: "  ", count: depth) }

  /// `<name a="…"/>`
  package mutating func element(
    _ name: String, _ list: KeyValuePairs<String, any SVGAttributeValue>
  ) {
    indent()
    text += "<\(name)\(attributes(list))/>\n"
  }

  /// `<name a="…">content</name>` with escaped content.
  package mutating func element(
    _ name: String, _ list: KeyValuePairs<String, any SVGAttributeValue>, content: String
  ) {
    indent()
    text += "<\(name)\(attributes(list))>\(Self.escaped(content))</\(name)>\n"
  }

  /// `<name a="…">`, children written by `body`, then `</name>`.
  package mutating func group(
    _ name: String, _ list: KeyValuePairs<String, any SVGAttributeValue>,
    body: (inout SVGWriter) -> Void
  ) {
    indent()
    text += "<\(name)\(attributes(list))>\n"
    depth += 1
    body(&self)
    depth -= 1
    indent()
    text += "</\(name)>\n"
  }

  /// Appends what `other` wrote, as children at the current depth. O(length of `other.text`).
  package mutating func append(_ other: SVGWriter) {
    for line in other.text.split(separator: "\n") {
      indent()
      text += line + "\n"
    }
  }

  /// A whole document: the XML declaration, then an `<svg>` root `width` × `height` points
  /// (its `viewBox` from the origin, with `font-family` when given) whose children `body` writes.
  ///
  /// - Returns: the document's text.
  package static func document(
    width: Double, height: Double, fontFamily: String? = nil, body: (inout SVGWriter) -> Void
  ) -> String {
    var svg = SVGWriter()
    svg.text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    let viewBox = "0 0 \(number(width)) \(number(height))"
    let namespace = "http://www.w3.org/2000/svg"
    if let fontFamily {
      svg.group(
        "svg",
        [
          "xmlns": namespace, "width": width, "height": height, "viewBox": viewBox,
          "font-family": fontFamily,
        ], body: body)
    } else {
      svg.group(
        "svg", ["xmlns": namespace, "width": width, "height": height, "viewBox": viewBox],
        body: body)
    }
    return svg.text
  }
}

/// A value an SVG attribute can hold: numbers print via `SVGWriter.number`, strings are escaped.
package protocol SVGAttributeValue {
  var svgText: String { get }
}

extension Double: SVGAttributeValue {
  package var svgText: String { SVGWriter.number(self) }
}

extension Int: SVGAttributeValue {
  package var svgText: String { String(self) }
}

extension String: SVGAttributeValue {
  package var svgText: String { SVGWriter.escaped(self) }
}
