import Testing

@testable import FlowLayoutCore

/// `LayoutThreading`'s loops: every index in exactly one task's run, the runs contiguous and in
/// task order, each task with its own state, and no task for a state beyond `tasks`.
@Suite("Threaded runs cover every index once")
struct ThreadedRunsTests {
  @Test(arguments: [0, 1, 2, 7, 100, 1_001])
  func forEachRunCoversEveryIndexOnce(count: Int) {
    for tasks in 1...4 {
      // One state more than the tasks: a state no task may touch.
      var runs = [Range<Int>?](repeating: nil, count: tasks + 1)
      var visits = [Int](repeating: 0, count: count)
      visits.withUnsafeMutableBufferPointer { visits in
        LayoutThreading.forEachRun(of: count, tasks: tasks, states: &runs, sharing: visits) {
          t, run, state, visits in
          #expect(state == nil, "task \(t) given a used state")
          state = run
          for i in run { visits[i] += 1 }
        }
      }
      #expect(visits.allSatisfy { $0 == 1 }, "\(count) items, \(tasks) tasks")
      #expect(runs[tasks] == nil, "a state past the tasks was used")
      let ranges = runs[..<tasks].compactMap { $0 }
      #expect(ranges.count == tasks)
      #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
      for t in ranges.indices.dropFirst() {
        #expect(ranges[t - 1].upperBound == ranges[t].lowerBound, "runs out of order")
      }
    }
  }

  @Test func statelessRunsAndPartsCoverEveryIndexOnce() {
    for count in [0, 3, 64, 999] {
      for tasks in 1...3 {
        var visits = [Int](repeating: 0, count: count)
        visits.withUnsafeMutableBufferPointer { visits in
          LayoutThreading.forEachRun(of: count, tasks: tasks, sharing: visits) { run, visits in
            for i in run { visits[i] += 1 }
          }
        }
        #expect(visits.allSatisfy { $0 == 1 }, "runs: \(count) items, \(tasks) tasks")
        var parts = [Int](repeating: 0, count: count)
        parts.withUnsafeMutableBufferPointer { parts in
          let shared = SharedBuffer(parts)
          LayoutThreading.perform(parts: count, threads: tasks) { p in shared.base[p] += 1 }
        }
        #expect(parts.allSatisfy { $0 == 1 }, "parts: \(count), \(tasks) threads")
      }
    }
  }
}
