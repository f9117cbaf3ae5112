/// Appends SVG markup to a string, with deterministic number formatting and XML escaping.
///
/// Numbers are rounded to hundredths and printed without trailing zeros (`12`, `12.5`, `-0.25`),
/// so the same drawing always produces the same bytes. Non-finite numbers print as `0`; magnitudes
/// of 10¹⁵ and more print in Swift's exponent form (`1e+20`), which SVG accepts.
struct SVGWriter {
  private(set) var text = ""
  private var depth = 0

  /// A number as SVG prints it. O(1).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    // Beyond 10¹⁵ hundredths no longer fit an Int64 exactly; print the rounded value as Swift does.
    guard value.magnitude < 1e15 else { return "\(value.rounded())" }
    let hundredths = Int64((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = hundredths.magnitude
    let whole = magnitude / 100
    let fraction = magnitude % 100
    if fraction == 0 { return "\(sign)\(whole)" }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `text` with `& < > " '` escaped. O(c).
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }

  private func attributes(_ list: KeyValuePairs<String, any SVGAttributeValue>) -> String {
    list.map { " \($0.key)=\"\($0.value.svgText)\"" }.joined()
  }

  private mutating func indent() { text += String(repeating: "  ", count: depth) }

  /// `<name a="…"/>`
  mutating func element(_ name: String, _ list: KeyValuePairs<String, any SVGAttributeValue>) {
    indent()
    text += "<\(name)\(attributes(list))/>\n"
  }

  /// `<name a="…">content</name>` with escaped content.
  mutating func element(
    _ name: String, _ list: KeyValuePairs<String, any SVGAttributeValue>, content: String
  ) {
    indent()
    text += "<\(name)\(attributes(list))>\(Self.escaped(content))</\(name)>\n"
  }

  /// `<name a="…">`, children written by `body`, then `</name>`.
  mutating func group(
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

  /// Raw markup (a comment or a prologue line), written as is.
  mutating func raw(_ line: String) {
    indent()
    text += line + "\n"
  }
}

/// A value an SVG attribute can hold: numbers print via `SVGWriter.number`, strings are escaped.
protocol SVGAttributeValue {
  var svgText: String { get }
}

extension Double: SVGAttributeValue {
  var svgText: String { SVGWriter.number(self) }
}

extension Int: SVGAttributeValue {
  var svgText: String { String(self) }
}

extension String: SVGAttributeValue {
  var svgText: String { SVGWriter.escaped(self) }
}
