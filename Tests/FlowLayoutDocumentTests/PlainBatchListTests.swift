import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// The whole-array readers of a large batch (`JSONScanner.readPlainPathList`,
/// `readPlainSizedPathList`) read what the exact readers read, element by element, or read
/// nothing and leave the array to them (so that every error stays theirs); and the stream
/// check's fast path (keys, objects) refuses exactly the byte its byte-by-byte path refuses.
@Suite("Plain batch lists")
struct PlainBatchListTests {
  static let paths = [
    "[0,1]", "[ 0 , 1 ]", "[\n1,\t22]", "[-3,4]", "[0,01]", "[0,1.0]", "[0,1e2]", "[0]",
    "[0,1,2]", "[\"0\",1]", "[0,123456789012345]", "[0,1234567890123456]", "{}", "null", "[0,-]",
  ]

  /// The elements of the array `text` read one by one by `readArray` and `element` (given
  /// the element's field name), or the error.
  static func exact<Element>(
    _ text: String, _ element: (inout JSONScanner, String) throws(LayoutError) -> Element
  ) -> Result<[Element], LayoutError> {
    var s = JSONScanner(Array(text.utf8))
    var elements: [Element] = []
    return Result { () throws(LayoutError) in
      try s.readArray(field: "f") { (s, i) throws(LayoutError) in
        elements.append(try element(&s, "f[\(i)]"))
      }
      return elements
    }
  }

  @Test func pathListsReadAsTheExactReaderDoes() {
    for a in Self.paths {
      for b in Self.paths.prefix(5) {
        for text in ["[\(a),\(b)]", "[ \(a) , \(b) ]", "[\(a)]", "[\(a),\(b),]", "[\(a) \(b)]"] {
          var fast = JSONScanner(Array(text.utf8))
          var read = [ItemPath(9, 9)]
          let exact = Self.exact(text) { (s, field) throws(LayoutError) in
            try RawDocument.readPath(&s, field: field)
          }
          guard fast.readPlainPathList(into: &read) else {
            #expect(read == [ItemPath(9, 9)] && fast.position == 0, "\(text)")
            continue
          }
          #expect((try? exact.get()).map { [ItemPath(9, 9)] + $0 } == read, "\(text)")
          #expect(fast.position == text.utf8.count, "\(text)")
        }
      }
    }
    var empty = JSONScanner(Array("[ ]".utf8))
    var none: [ItemPath] = []
    #expect(empty.readPlainPathList(into: &none) && none.isEmpty && empty.position == 3)
  }

  static let entries = [
    #"{"at":[1,0],"size":[10,20]}"#, #"{ "at" : [ 1 , 2 ] , "size" : [ 5.5 , 6 ] }"#,
    #"{"size":[10,20],"at":[1,3]}"#, #"{"at":[1,4],"size":[1e1,2]}"#, #"{"at":[1,5]}"#,
    #"{"at":[1,6],"size":[1,2],"cell":{}}"#, #"{"at":[1,7],"size":[1,2,3]}"#,
    #"{"at":[1,-0.5],"size":[1,2]}"#, #"{"at":[1,8],"size":[-1,2]}"#, #"{"a":[1,9],"size":[1,2]}"#,
    #"{"at":[1,10],"size":[01,2]}"#, #"{"at":[1,11],"size":[1.,2]}"#, "[1,12]",
  ]

  @Test func sizedListsReadAsTheExactReaderDoes() {
    for a in Self.entries {
      for b in Self.entries.prefix(4) {
        for text in ["[\(a),\(b)]", "[ \(a) ,\n\(b) ]", "[\(a)]", "[\(a),]", "[\(a) \(b)]"] {
          var fast = JSONScanner(Array(text.utf8))
          let before = [ItemInsertion(at: ItemPath(9, 9), size: Size(1, 1))]
          var read = before
          let exact = Self.exact(text) { (s, field) throws(LayoutError) in
            let (at, size, _) = try RawEdit.readPathAndSize(
              &s, field: field, pathKey: "at", allowsCells: true)
            return ItemInsertion(at: at, size: size)
          }
          let plain = fast.readPlainSizedPathList(pathKey: "at", into: &read) {
            ItemInsertion(at: $0, size: $1)
          }
          guard plain else {
            #expect(read == before && fast.position == 0, "\(text)")
            continue
          }
          #expect((try? exact.get()).map { before + $0 } == read, "\(text)")
          #expect(fast.position == text.utf8.count, "\(text)")
        }
      }
    }
  }

  /// The stream check fed a text whole (its fast path reads keys and brackets) and one byte at
  /// a time (every string and bracket through the byte-by-byte path) refuses the same byte.
  @Test(arguments: [
    #"{"apply":{"insertItems":[{"at":[1,0],"size":[158,97]},{"at":[1,1],"size":[82,135]}]}}"#,
    #"{"a":{"b":[{"c":1}]}}"#, #"{"a":{"b":[{"c":1}]}}}"#, #"{"a":{"b\u0041":"é"}}"#,
    "{\"a\":{\"b\u{1}\":1}}", #"{"a":{"b\q":1}}"#, #"{"a":[{"b":1},{"c":2}]] }"#,
    #"{"a":[{}, {"x":true}, {"y":nul}]}"#, #"{"a":{"key":"value with spaces"}, "b": x}"#,
    #"{"a":{"k":1}}x"#, "{\"a\":{\"\u{7F}\":1}}", #"{"a":[1,2]}}"#,
  ])
  func streamCheckFastPathRefusesAsByteByByte(text: String) {
    let bytes = Array(text.utf8)
    var whole = JSONStreamCheck()
    let a = whole.check(bytes)
    var single = JSONStreamCheck()
    var b: Int? = nil
    for (i, byte) in bytes.enumerated() where b == nil {
      if single.check([byte]) != nil { b = i }
    }
    #expect(a == b, "\(text)")
    #expect(whole.offset == single.offset, "\(text)")
  }
}
