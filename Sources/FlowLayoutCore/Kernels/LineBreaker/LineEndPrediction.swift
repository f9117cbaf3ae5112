/// Whether a branch predictor would learn a section's line ends: a simulated table of two-bit
/// counters played on the join tests of its first lines. Long sections whose line ends it would
/// not learn take the branch-free forms (`LineBreaker.pairedLines`).
enum LineEndPrediction {
  /// The fewest items of a section whose full layout takes the branch-free forms, unless its first
  /// lines are learnable.
  static let branchFreeItems = 6_144

  /// Whether the join tests of the greedy lines from `start`, over up to 1 024 items, follow a
  /// pattern a branch predictor learns.
  ///
  /// - Precondition: `start < ws.count`.
  /// - Complexity: O(min(n − start, 1 024)).
  static func lineEndsLearnable(
    _ ws: UnsafeBufferPointer<Double>, from start: Int, limit: Double, interitem: Double
  ) -> Bool {
    let count = min(ws.count &- start, learnedSpan)
    // Every item joins (bits set) but the lines' first items, the lines broken by the breaker.
    return withJoinBits(filledWith: ~0) { bits in
      let stop = start &+ count
      var s = start
      while s < stop {
        let item = s &- start
        bits[item >> 6] &= ~(1 << UInt64(item & 63))
        s = LineBreaker.lineEnd(ws, from: s, to: stop, limit: limit, interitem: interitem)
      }
      return lineEndsLearnable(joins: UnsafeBufferPointer(bits), count: count)
    }
  }

  /// Whether the join tests of the lines starting at `starts` (greedy lines, the last ending at
  /// `end`) follow a pattern a branch predictor learns, over their first 1 024 items.
  ///
  /// - Precondition: `starts` is not empty, ascending, and `starts.last! < end`.
  /// - Complexity: O(min(end − starts[0], 1 024)).
  static func lineEndsLearnable(starts: UnsafeBufferPointer<Int>, end: Int) -> Bool {
    let start = starts[0]
    let count = min(end &- start, learnedSpan)
    // Every item joins (bits set) but the lines' first items.
    return withJoinBits(filledWith: ~0) { bits in
      for k in 0..<starts.count {
        let item = starts[k] &- start
        if item >= learnedSpan { break }
        bits[item >> 6] &= ~(1 << UInt64(item & 63))
      }
      return lineEndsLearnable(joins: UnsafeBufferPointer(bits), count: count)
    }
  }

  /// The items whose join tests `lineEndsLearnable` plays.
  static let learnedSpan = 1_024

  /// `body` given `learnedSpan` bits, each word `fill` (128 bytes: on the stack).
  @inline(__always)
  private static func withJoinBits<R>(
    filledWith fill: UInt64, _ body: (UnsafeMutableBufferPointer<UInt64>) -> R
  ) -> R {
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: learnedSpan / 64) { bits in
      bits.initialize(repeating: fill)
      return body(bits)
    }
  }

  /// Whether the join tests `joins` (bit i: item i joins its line; bit 0 not played) follow a
  /// pattern a predictor learns: 512 two-bit counters indexed by the last 9 outcomes miss fewer than
  /// 15 % of the second half's tests.
  ///
  /// - Precondition: `1 ≤ count ≤ 64 · joins.count`.
  /// - Complexity: O(count).
  static func lineEndsLearnable(joins: UnsafeBufferPointer<UInt64>, count: Int) -> Bool {
    let (misses, counted) = predictorMisses(joins: joins, count: count)
    return counted == 0 || misses &* 100 < counted &* 15
  }

  /// The tests `lineEndsLearnable(joins:count:)` counts and how many its table mispredicts (each
  /// counter starting at 2, a join predicted from 2 on).
  ///
  /// - Precondition: `1 ≤ count ≤ 64 · joins.count`.
  /// - Complexity: O(count).
  static func predictorMisses(joins: UnsafeBufferPointer<UInt64>, count: Int) -> (
    misses: Int, counted: Int
  ) {
    // 512 bytes: on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { table in
      table.initialize(repeating: 2)
      var history = 0
      var misses = 0
      // A counter c ∈ 0…3 after outcome j ∈ {0, 1} is `step[2c + j]` (saturating); it predicts
      // a join when c ≥ 2. Looked up and counted in arithmetic, not branched on: the outcomes
      // are what is unpredictable here. The first half trains, the second is counted too.
      let step: UInt64 = 0x0302_0301_0200_0100  // byte 2c + j: 0 1 0 2 1 3 2 3
      @inline(__always) func play(_ i: Int) -> Int {
        let joined = Int(truncatingIfNeeded: joins[i &>> 6] &>> UInt64(i & 63)) & 1
        let k = history & 511
        let counter = Int(table[k])
        table[k] = UInt8(truncatingIfNeeded: step &>> UInt64((counter &<< 4) | (joined &<< 3)))
        history = (history &<< 1) | joined
        return (counter &>> 1) ^ joined
      }
      let half = (1 &+ count) / 2
      var i = 1
      while i < half {
        _ = play(i)
        i &+= 1
      }
      while i < count {
        misses &+= play(i)
        i &+= 1
      }
      return (misses, count &- half)
    }
  }
}
