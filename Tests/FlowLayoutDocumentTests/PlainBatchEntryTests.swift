import FlowLayoutModel
import Testing

@testable import FlowLayoutDocument

/// The batch entries read without closures (`JSONScanner.readPlainPath`, `readPlainSizedPath`,
/// `readInt`'s plain-digit path) read what the exact readers read, or leave the entry to them
/// (so that every error stays theirs).
@Suite("Plain batch entries")
struct PlainBatchEntryTests {
  static let integers = [
    "0", "-0", "7", "12", "-3", "123456789012345", "1234567890123456", "01", "1.0", "1e2", "1.5",
    "-", "\"3\"", "null", "9007199254740993",
  ]

  @Test func plainPathsReadAsReadPathDoes() {
    for a in Self.integers {
      for b in Self.integers.prefix(8) {
        for space in ["", " ", "\n "] {
          let text = "[\(space)\(a)\(space),\(b)\(space)]"
          let bytes = Array(text.utf8)
          var fast = JSONScanner(bytes)
          var slow = JSONScanner(bytes)
          let exact = Result { () throws(LayoutError) in try RawDocument.readPath(&slow, field: "f") }
          guard let path = fast.readPlainPath() else {
            #expect(fast.position == 0, "\(text)")
            continue
          }
          #expect((try? exact.get()) == path, "\(text)")
          #expect(fast.position == slow.position, "\(text)")
        }
      }
    }
  }

  @Test func integersReadExactly() throws {
    for text in Self.integers {
      var s = JSONScanner(Array(text.utf8))
      let read = Result { () throws(LayoutError) in try s.readInt(field: "f") }
      switch text {
      case "0", "-0": #expect(try read.get() == 0)
      case "7": #expect(try read.get() == 7)
      case "12": #expect(try read.get() == 12)
      case "-3": #expect(try read.get() == -3)
      case "123456789012345": #expect(try read.get() == 123_456_789_012_345)
      case "1234567890123456": #expect(try read.get() == 1_234_567_890_123_456)
      case "1.0": #expect(try read.get() == 1)
      case "1e2": #expect(try read.get() == 100)
      default: #expect(throws: LayoutError.self, "\(text)") { try read.get() }
      }
    }
  }

  /// Whole batches: the fast forms, the same entries in other forms (keys swapped, a cell, an
  /// exponent), and bad entries, whose errors name the same fields as before.
  @Test func batchesReadAsTheExactReadersDo() throws {
    let fast = #"{"deleteItems":[[0,1],[0, 3]],"insertItems":[{"at":[1,0],"size":[10,20]}],"resizeItems":[{"at":[0,2],"size":[5.5,6]}],"measureItems":[{"at":[0,4],"size":[7,8]}]}"#
    let slow = #"{"deleteItems":[[0,1.0],[0,3e0]],"insertItems":[{"size":[10,20],"at":[1,0]}],"resizeItems":[{"size":[5.5,6],"at":[0,2]}],"measureItems":[{ "size" : [7,8] , "at" : [0,4] }]}"#
    var a = JSONScanner(Array(fast.utf8))
    var b = JSONScanner(Array(slow.utf8))
    let readFast = try RawEdit.read(&a, field: "apply")
    let readSlow = try RawEdit.read(&b, field: "apply")
    #expect(readFast.update == readSlow.update)
    #expect(readFast.update.deleteItems == [ItemPath(0, 1), ItemPath(0, 3)])
    let bad: [(String, String)] = [
      (#"{"deleteItems":[[0,1],[0,01]]}"#, "at byte 26: a number must not have a leading zero"),
      (#"{"deleteItems":[[0,1],[0,1.5]]}"#, "apply.deleteItems[1].item"),
      (#"{"insertItems":[{"at":[1,0],"size":[10,20]},{"at":[1,-0.5],"size":[1,2]}]}"#, "apply.insertItems[1].at.item"),
      (#"{"insertItems":[{"at":[1,0],"size":[10,20],"size":[1,2]}]}"#, "apply.insertItems[0].size"),
      (#"{"resizeItems":[{"at":[1,0]}]}"#, "apply.resizeItems[0]"),
    ]
    for (text, field) in bad {
      var s = JSONScanner(Array(text.utf8))
      let read = Result { () throws(LayoutError) in try RawEdit.read(&s, field: "apply") }
      guard case .failure(let error) = read else {
        Issue.record("\(text) was read")
        continue
      }
      #expect(error.description.contains(field), "\(text): \(error)")
    }
  }
}
