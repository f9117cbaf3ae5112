import FlowLayoutCore
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutWorkloads
import Foundation
import Synchronization
import Testing

/// Engines are `Sendable` values: copies of one engine answer queries on several threads while
/// another thread applies batches to its own copy (copy-on-write storage shared until then).
/// Run under ThreadSanitizer in CI (`.ci/run`), which proves the absence of data races; here the
/// answers are also checked against the ones computed before the threads started.
@Suite struct ConcurrentCopiesTests {
  /// Threads that query copies; with the writer, more threads than the machine's cores, started
  /// together (a spin barrier) so that they truly overlap.
  static let readers = 6
  static let rounds = 12

  static func check<E: LayoutEngine & Sendable>(_ type: E.Type) throws {
    let script = EditScript(workload: .mixed, itemCount: 6_000)
    let engine = try E(script.workload.input(itemCount: 6_000))
    let size = engine.contentSize
    let rects = (0..<8).map { k in
      Rect(x: 0, y: size.height * Double(k) / 8, width: size.width, height: size.height / 6)
    }
    let expected = rects.map { engine.elements(in: $0) }
    let allBefore = engine.allElements
    let batches = script.mixedBatches(count: 30, editsPerBatch: 40)
    // The writer's expected result: the same batches applied on this thread.
    var serial = engine
    for batch in batches { try serial.apply(batch) }
    let serialElements = serial.allElements

    let start = Atomic<Bool>(false)
    let mismatches = Atomic<Int>(0)
    let queries = Atomic<Int>(0)
    let writerResult = Mutex<[LayoutElement]?>(nil)
    let done = DispatchGroup()
    func spawn(_ body: @escaping @Sendable () -> Void) {
      done.enter()
      let thread = Thread {
        while !start.load(ordering: .acquiring) {}
        body()
        done.leave()
      }
      thread.start()
    }
    spawn {
      var mine = engine
      for batch in batches { try? mine.apply(batch) }
      let elements = mine.allElements
      writerResult.withLock { $0 = elements }
    }
    for reader in 0..<Self.readers {
      spawn {
        let copy = engine
        for round in 0..<Self.rounds {
          for k in rects.indices {
            let r = (k + reader + round) % rects.count
            if copy.elements(in: rects[r]) != expected[r] { mismatches.add(1, ordering: .relaxed) }
            queries.add(1, ordering: .relaxed)
          }
        }
      }
    }
    start.store(true, ordering: .releasing)
    done.wait()
    #expect(mismatches.load(ordering: .relaxed) == 0)
    #expect(queries.load(ordering: .relaxed) == Self.readers * Self.rounds * rects.count)
    #expect(writerResult.withLock { $0 } == serialElements)
    #expect(engine.allElements == allBefore)
  }

  @Test func fastEngineCopiesAnswerWhileOneCopyIsEdited() throws {
    try Self.check(FastFlowLayout.self)
  }

  @Test func referenceEngineCopiesAnswerWhileOneCopyIsEdited() throws {
    try Self.check(ReferenceFlowLayout.self)
  }
}
