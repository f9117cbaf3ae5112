import FlowLayoutModel
import Testing

@testable import FlowLayoutCore

/// A gap buffer's gap moves its elements as bytes (`UnsafeMutableBufferPointer.moveGap`), and the
/// page summaries move their values the same way (`SummaryTree.moveGap`), so a section edit far
/// from the previous one moves each page between once, with no copy, retain or release. Checked:
/// elements that reference objects are neither lost nor kept alive, the tree after a move is bit
/// for bit a tree built over the moved values, and a far edit of the engine writes each slot it
/// passes once.
@Suite("Gap moves")
struct GapMoveTests {
  /// An object whose lifetime the test follows.
  final class Token {
    let id: Int
    init(id: Int) { self.id = id }
  }

  /// An element holding an object (the filler holds none).
  struct Held: GapFilling {
    var token: Token?
    static var gapFiller: Held { Held(token: nil) }
  }

  /// Random gap moves of every length (shorter and longer than the gap, both ways) and splices
  /// keep the elements equal to an array's and their objects alive exactly while held.
  @Test func movedElementsAreNeitherLostNorKept() {
    var rng = SplitMix64(seed: 0x9a9)
    var watched: [Weak] = []
    do {
      var tokens = (0..<300).map { Token(id: $0) }
      watched = tokens.map { Weak(token: $0) }
      var buffer = GapBuffer(tokens.map { Held(token: $0) })
      var next = 300
      for step in 0..<600 {
        if step % 3 == 0 {
          // A splice: grows or shrinks the gap.
          let p = rng.nextInt(below: tokens.count + 1)
          let r = min(rng.nextInt(below: 20), tokens.count - p)
          let new = (0..<rng.nextInt(below: 25)).map { _ in
            next += 1
            return Token(id: next)
          }
          watched += new.map { Weak(token: $0) }
          buffer.splice(p..<(p + r), with: new.map { Held(token: $0) })
          tokens.replaceSubrange(p..<(p + r), with: new)
        } else {
          buffer.moveGap(to: rng.nextInt(below: tokens.count + 1))
        }
        #expect(buffer.map { $0.token?.id ?? -1 } == tokens.map(\.id), "step \(step)")
        let gap = buffer.gapStart..<(buffer.gapStart + buffer.gapLength)
        #expect(gap.allSatisfy { buffer.slots[$0].token == nil }, "step \(step): gap slots")
        if buffer.map({ $0.token?.id ?? -1 }) != tokens.map(\.id) { return }
      }
      let removed = watched.filter { w in !tokens.contains { $0 === w.token } }
      #expect(removed.allSatisfy { $0.token == nil }, "a removed element kept alive")
      #expect(tokens.allSatisfy { t in buffer.contains { $0.token === t } })
    }
    #expect(watched.allSatisfy { $0.token == nil }, "an element outlived its buffer")
  }

  struct Weak {
    weak var token: Token?
  }

  /// A summary tree whose values move as a gap buffer's slots do is bit for bit the tree built
  /// over the moved values, for gaps shorter and longer than the move, across group and level
  /// boundaries (32 and 1 024 values).
  @Test(arguments: [40, 1_100, 40_000])
  func movedSummariesAreABuiltTree(count: Int) {
    var rng = SplitMix64(seed: UInt64(count))
    var values = (0..<count).map { _ in
      PageSummary(
        height: Double(rng.nextInt(below: 1_000)), items: 1 + rng.nextInt(below: 50),
        extent: Double(rng.nextInt(below: 400)))
    }
    // A gap of zero summaries.
    var gapStart = count / 3
    let gapLength = [1, 7, 33, count / 8][rng.nextInt(below: 4)]
    values.replaceSubrange(
      gapStart..<gapStart, with: repeatElement(PageSummary.zero, count: gapLength))
    var tree = SummaryTree(values)
    for step in 0..<60 {
      let elements = values.count - gapLength
      let g =
        step % 4 == 0
        ? (step % 8 == 0 ? 0 : elements) : rng.nextInt(below: elements + 1)
      tree.moveGap(from: gapStart, to: g, length: gapLength)
      values.withUnsafeMutableBufferPointer { $0.moveGap(from: gapStart, to: g, length: gapLength) }
      gapStart = g
      #expect(tree == SummaryTree(values), "step \(step): not a fresh build")
      if tree != SummaryTree(values) { return }
    }
  }
}
