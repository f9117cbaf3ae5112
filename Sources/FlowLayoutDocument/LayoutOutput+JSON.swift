import FlowLayoutModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension LayoutOutput {
  /// The output as JSON, keys in the order `contentSize`, `contentOffset` (when present),
  /// `items` (each with `"estimated": true` when it is), `hiddenItems`,
  /// `overflowingItems`, `supplementary`, elements in document order; numbers as
  /// `JSONWriter` writes them. Compact by default; `pretty` puts each element on its own line.
  /// The same output always gives the same text.
  ///
  /// - Complexity: O(k) for k elements.
  public func json(pretty: Bool = false) -> String {
    let colon: StaticString = pretty ? ": " : ":"
    let comma: StaticString = pretty ? ", " : ","
    var w = JSONWriter(capacity: 64 + 48 * items.count + 64 * supplementary.count)

    func list<T>(
      _ name: StaticString, _ elements: [T], last: Bool, _ body: (inout JSONWriter, T) -> Void
    ) {
      w.append(pretty ? "  \"" : "\"")
      w.append(name)
      w.append("\"")
      w.append(colon)
      w.append("[")
      for (i, element) in elements.enumerated() {
        if i > 0 { w.append(",") }
        if pretty { w.append("\n    ") }
        body(&w, element)
      }
      if pretty, !elements.isEmpty { w.append("\n  ") }
      w.append("]")
      if !last { w.append(",") }
      if pretty { w.append("\n") }
    }

    w.append(pretty ? "{\n  \"contentSize\"" : "{\"contentSize\"")
    w.append(colon)
    w.append(numbers: contentSize.width, contentSize.height, separator: comma)
    w.append(pretty ? ",\n" : ",")
    if let offset = contentOffset {
      w.append(pretty ? "  \"contentOffset\"" : "\"contentOffset\"")
      w.append(colon)
      w.append(numbers: offset.x, offset.y, separator: comma)
      w.append(pretty ? ",\n" : ",")
    }
    list("items", items, last: false) { w, item in
      w.append("{\"section\"")
      w.append(colon)
      w.append(item.section)
      w.append(comma)
      w.append("\"item\"")
      w.append(colon)
      w.append(item.item)
      w.append(comma)
      w.append("\"frame\"")
      w.append(colon)
      let f = item.frame
      w.append(numbers: f.minX, f.minY, f.width, f.height, separator: comma)
      if item.estimated {
        w.append(comma)
        w.append("\"estimated\"")
        w.append(colon)
        w.append("true")
      }
      w.append("}")
    }
    let path = { (w: inout JSONWriter, p: ItemPath) in
      w.append("[")
      w.append(p.section)
      w.append(comma)
      w.append(p.item)
      w.append("]")
    }
    list("hiddenItems", hiddenItems, last: false, path)
    list("overflowingItems", overflowingItems, last: false, path)
    list("supplementary", supplementary, last: transitions == nil) { w, element in
      w.append("{\"kind\"")
      w.append(colon)
      w.append(quoted: element.kind.rawValue)
      w.append(comma)
      w.append("\"section\"")
      w.append(colon)
      w.append(element.section)
      w.append(comma)
      w.append("\"frame\"")
      w.append(colon)
      let f = element.frame
      w.append(numbers: f.minX, f.minY, f.width, f.height, separator: comma)
      if let seeAll = element.seeAll {
        w.append(comma)
        w.append("\"seeAll\"")
        w.append(colon)
        w.append(quoted: seeAll)
      }
      if element.pinned {
        w.append(comma)
        w.append("\"pinned\"")
        w.append(colon)
        w.append("true")
      }
      w.append("}")
    }
    if let transitions {
      list("transitions", transitions, last: true) { w, t in
        t.appendJSON(to: &w, pretty: pretty)
      }
    }
    w.append("}")
    return w.string
  }

  /// Decodes an output written by `json()` (a golden file).
  ///
  /// - Throws: `LayoutError.invalidDocument` naming the field (a path such as `items[3].frame`).
  public static func decode(_ bytes: some Collection<UInt8>) throws(LayoutError) -> LayoutOutput {
    do {
      return try JSONDecoder().decode(LayoutOutput.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw DecodingErrorField.layoutError(error)
    } catch {
      throw .invalidDocument(field: "document", reason: "\(error)")
    }
  }

  /// Decodes an output from a JSON string. See `decode(_:)` on bytes.
  public static func decode(_ text: String) throws(LayoutError) -> LayoutOutput {
    try decode(Array(text.utf8))
  }
}

extension LayoutTransition {
  /// `"transitions":[…]`: `list`'s entries, compact (a session's answer).
  ///
  /// - Complexity: O(k) for k entries.
  static func appendJSON(_ list: [LayoutTransition], to w: inout JSONWriter) {
    w.append("\"transitions\":[")
    for (k, t) in list.enumerated() {
      if k > 0 { w.append(",") }
      t.appendJSON(to: &w)
    }
    w.append("]")
  }

  /// `{"kind": …, "before": …, "after": …, "from": […], "to": […], "fromAlpha": …, "toAlpha": …}`
  /// (`docs/layout-document.md`, "Output"), compact or with spaces after `:` and `,`.
  ///
  /// - Complexity: O(1).
  func appendJSON(to w: inout JSONWriter, pretty: Bool = false) {
    let colon: StaticString = pretty ? ": " : ":"
    let comma: StaticString = pretty ? ", " : ","
    w.append("{\"kind\"")
    w.append(colon)
    w.append(quoted: kind.rawValue)
    for (name, path) in [("before", before), ("after", after)] {
      w.append(comma)
      w.append(quoted: name)
      w.append(colon)
      if let path {
        if kind == .item {
          w.append("[")
          w.append(path.section)
          w.append(comma)
          w.append(path.item)
          w.append("]")
        } else {
          w.append(path.section)
        }
      } else {
        w.append("null")
      }
    }
    for (name, f) in [("from", from), ("to", to)] {
      w.append(comma)
      w.append(quoted: name)
      w.append(colon)
      w.append(numbers: f.minX, f.minY, f.width, f.height, separator: comma)
    }
    w.append(comma)
    w.append("\"fromAlpha\"")
    w.append(colon)
    w.append(fromAlpha)
    w.append(comma)
    w.append("\"toAlpha\"")
    w.append(colon)
    w.append(toAlpha)
    w.append("}")
  }
}

/// The output's field and reason of a `DecodingError` (golden outputs are read with
/// `JSONDecoder`; documents never are: they go through `JSONScanner`).
private enum DecodingErrorField {
  static func layoutError(_ error: DecodingError) -> LayoutError {
    switch error {
    case .typeMismatch(let type, let context):
      return .invalidDocument(field: path(context.codingPath), reason: "expected \(type)")
    case .valueNotFound(let type, let context):
      return .invalidDocument(
        field: path(context.codingPath), reason: "expected \(type), found null")
    case .keyNotFound(let key, let context):
      return .invalidDocument(field: path(context.codingPath + [key]), reason: "missing (required)")
    case .dataCorrupted(let context):
      return .invalidDocument(
        field: path(context.codingPath), reason: printable(context.debugDescription, limit: 200))
    @unknown default:
      return .invalidDocument(field: "document", reason: printable("\(error)", limit: 200))
    }
  }

  /// `.key` for keyed and `[i]` for unkeyed coding path components.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue,
        key.stringValue == "Index \(index)" || key.stringValue == "\(index)"
      {
        result += "[\(index)]"
      } else {
        result = join(result, key.stringValue)
      }
    }
    return result.isEmpty ? "document" : result
  }
}
