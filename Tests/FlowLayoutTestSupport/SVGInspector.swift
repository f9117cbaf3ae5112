import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects what a strict XML parse (Foundation's `XMLParser`, libxml2) of an SVG document
/// sees; `error` is set when the text is not well-formed XML.
public final class SVGInspector: NSObject, XMLParserDelegate {
  public private(set) var cellPaths: [String] = []
  public private(set) var cellTypes: [String] = []
  public private(set) var classes: [String] = []
  public private(set) var texts: [String] = []
  public private(set) var error: Error?
  private var inText = false

  public init(_ svg: String) {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
  }

  public func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if let c = attributes["class"] {
      classes.append(c)
      if c.split(separator: " ").first == "cell" {
        cellPaths.append(attributes["data-path"] ?? "?")
        cellTypes.append(attributes["data-type"] ?? "?")
      }
    }
    inText = name == "text"
    if inText { texts.append("") }
  }

  public func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inText { texts[texts.count - 1] += string }
  }

  public func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    inText = false
  }
}
