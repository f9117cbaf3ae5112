import FioriCells
import FlowLayoutModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes the cell objects of a document with `CellDescription`'s own `Codable`, turning
/// `DecodingError`s into `LayoutError`s whose field is a path into the document.
struct CellDecoder {
  private let decoder = JSONDecoder()

  /// - Parameter field: the item's path, e.g. `sections[0].items[3]`.
  /// - Throws: `.invalidDocument` naming `field` joined with the coding path of the failure.
  func decode(_ bytes: ArraySlice<UInt8>, field: String) throws(LayoutError) -> CellDescription {
    do {
      return try decoder.decode(CellDescription.self, from: Data(bytes))
    } catch let error as DecodingError {
      throw Self.layoutError(error, field: field)
    } catch let error as LayoutError {
      throw error
    } catch {
      throw .invalidDocument(field: field, reason: printable("invalid cell: \(error)"))
    }
  }

  /// The document field and reason of a `DecodingError` raised under `field`.
  static func layoutError(_ error: DecodingError, field: String) -> LayoutError {
    switch error {
    case .typeMismatch(let type, let context):
      return .invalidDocument(
        field: path(field, context.codingPath), reason: "expected \(describe(type))")
    case .valueNotFound(let type, let context):
      return .invalidDocument(
        field: path(field, context.codingPath), reason: "expected \(describe(type)), found null")
    case .keyNotFound(let key, let context):
      return .invalidDocument(
        field: path(field, context.codingPath + [key]), reason: "missing (required)")
    case .dataCorrupted(let context):
      return .invalidDocument(
        field: path(field, context.codingPath), reason: printable(context.debugDescription))
    @unknown default:
      return .invalidDocument(field: field, reason: printable("\(error)"))
    }
  }

  /// `field` followed by `.key` for keyed and `[i]` for unkeyed coding path components.
  static func path(_ field: String, _ codingPath: [any CodingKey]) -> String {
    var result = field
    for key in codingPath {
      if let index = key.intValue,
        key.stringValue == "Index \(index)" || key.stringValue == "\(index)"
      {
        result += "[\(index)]"
      } else {
        result = join(result, key.stringValue)
      }
    }
    return result
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Float.Type, is Int.Type: return "a number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    default:
      let name = "\(type)"
      if name.hasPrefix("Array") { return "an array" }
      if name.hasPrefix("Dictionary") { return "an object" }
      return "a value of type \(name)"
    }
  }
}
