import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutTestSupport
import FlowLayoutWorkloads
import Foundation
import Testing

/// Seeded random mutations of valid documents: decoding either succeeds or throws a one-line
/// `LayoutError`; it never crashes, and a successful decode is a valid input.
@Suite struct LayoutDocumentMutationTests {
  static let alphabet = Array(#"{}[],:"0123456789.-+eE truefalsnul\/x"#.utf8) + [0x0A, 0x00, 0xFF]

  @Test func mutatedDocumentsNeverCrash() throws {
    let seeds = try FlowLayoutBinary.examples(malformed: false).map {
      Array(try Data(contentsOf: $0))
    }
    #expect(!seeds.isEmpty)
    var rng = SplitMix64(seed: 2026)
    var accepted = 0
    var refused = 0
    for round in 0..<3_000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        guard !bytes.isEmpty else { break }
        let at = Int(rng.next() % UInt64(bytes.count))
        switch rng.next() % 5 {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(Self.alphabet.randomElement(using: &rng)!, at: at)
        case 2: bytes[at] = Self.alphabet.randomElement(using: &rng)!
        case 3:
          let end = min(bytes.count, at + Int(rng.next() % 12))
          bytes.insert(contentsOf: bytes[at..<end], at: at)
        default: bytes.removeSubrange(at..<min(bytes.count, at + Int(rng.next() % 12)))
        }
      }
      do {
        let document = try LayoutDocument.decode(bytes)
        try document.input.validate()
        accepted += 1
      } catch {
        #expect(!error.description.contains("\n"))
        #expect(!error.field.isEmpty, "\(error)")
        refused += 1
      }
    }
    // Both outcomes occur, so the corpus exercises the readers and the validation.
    #expect(accepted > 0)
    #expect(refused > 0)
  }
}
