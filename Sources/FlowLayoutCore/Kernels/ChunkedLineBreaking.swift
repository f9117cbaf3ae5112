import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// How many threads a full layout of a long greedy section uses (`ChunkedLineBreaking`), and
/// from how many items on.
///
/// The lines, heights and positions are bit-identical for every setting (`ChunkedLineBreaking`).
struct LayoutThreading: Sendable, Hashable {
  /// At most this many tasks run at once; 1 breaks every section on the calling thread.
  var threads: Int
  /// Sections with fewer items are broken on the calling thread.
  var minimumItems = 100_000
  /// Items per chunk; `nil`: one chunk per thread, or more of at most `largestChunk` items.
  /// Small in tests, so that short sections have many seams.
  var chunkItems: Int? = nil

  /// The most items of a chunk by default: its line buffers stay at ~2 MiB each, a size
  /// allocators keep for reuse, where one chunk per thread at 10M items allocated ~40 MB buffers
  /// that are mapped fresh (page faults) on every layout.
  static let largestChunk = 1 << 19

  /// One thread.
  static let off = LayoutThreading(threads: 1)

  /// The machine's online cores (at least 1).
  static var activeCores: Int {
    max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
  }

  /// Whether `n` items are broken in chunks.
  func splits(_ n: Int) -> Bool { threads > 1 && n >= max(minimumItems, 2) }

  /// The chunks `0 ..< n` is cut into: equal ranges of about `chunkItems` items, or one per
  /// thread.
  func chunks(_ n: Int) -> [Range<Int>] {
    let size = chunkItems ?? Self.largestChunk
    let bySize = (n + max(size, 1) - 1) / max(size, 1)
    let count = max(min(chunkItems == nil ? max(threads, bySize) : bySize, n), 1)
    return (0..<count).map { c in (c * n / count)..<((c + 1) * n / count) }
  }
}

/// A buffer shared by the tasks of one `DispatchQueue.concurrentPerform`: every task reads it or
/// writes a range of it that no other task reads or writes, and its owner keeps the memory alive
/// and leaves it alone until `concurrentPerform` returns. (The core's one unchecked `Sendable`:
/// it carries the pointer across the task boundary; each use states why its ranges are
/// disjoint.)
struct SharedBuffer<Element>: @unchecked Sendable {
  let base: UnsafeMutableBufferPointer<Element>

  init(_ base: UnsafeMutableBufferPointer<Element>) { self.base = base }
  init(_ base: UnsafeBufferPointer<Element>) {
    self.base = UnsafeMutableBufferPointer(mutating: base)
  }

  var readOnly: UnsafeBufferPointer<Element> { UnsafeBufferPointer(base) }

  /// The elements `0 ..< end` (indices unchanged).
  func prefix(_ end: Int) -> UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(rebasing: base[0..<end])
  }
}

/// Greedy leading lines (`GreedyLeadingLinesKernel`'s scalar rule) on several threads, with the
/// same lines, heights and positions as one thread, bit for bit.
///
/// The items are cut into chunks. Each chunk is broken in parallel as if a line started at its
/// first item (a guess), up to the line that reaches the chunk's end, which is dropped (it may be
/// cut short). Then the seams are repaired in order: from the true line start carried over from
/// the previous chunk, lines are broken again until one starts where a guessed line of the chunk
/// starts; greedy breaking depends only on a line's start, so from there on the chunk's guessed
/// lines are the true ones and are kept. A line's positions depend only on its items, and its
/// height is the same maximum in the same order, so kept lines need no further work.
///
/// - Complexity: O(n / t + s·k) on t threads for n items, s seams and k items re-broken per
///   seam (a few lines: greedy lines re-synchronise quickly; a chunk whose lines never meet the
///   guess is re-broken whole, O(n) in the worst case).
enum ChunkedLineBreaking {
  /// One chunk broken from a guessed line start.
  struct GuessedLines {
    var chunk: Range<Int>
    /// The chunk's complete lines (each ends before the chunk's end).
    var starts: [Int] = []
    var heights: [Double] = []
    /// The start of the dropped line that reaches the chunk's end (the end of the last complete
    /// line).
    var tail = 0
    var screen = LengthScreen()
  }

  /// The lines of `ws`: writes every item's leading position to `xs` and returns each line's
  /// first item and height, and, when `screening`, every width and height in `screen`.
  ///
  /// - Parameters:
  ///   - limit: `A + ε`; item `j` joins iff `!((used + I) + wⱼ > limit)`.
  /// - Precondition: `ws`, `hs` and `xs` have one count; `threading.splits(ws.count)`.
  /// - Returns: the line starts with the end appended, and the line heights.
  static func lines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, limit: Double, interitem: Double, left: Double,
    threading: LayoutThreading, screen: inout LengthScreen, screening: Bool,
    into table: inout LineTable
  ) {
    let n = ws.count
    let chunks = threading.chunks(n)
    let guesses = guessLines(
      ws, hs, xs, chunks: chunks, limit: limit, interitem: interitem, left: left,
      threads: threading.threads, screening: screening)
    if screening { for g in guesses { screen.maxBits = max(screen.maxBits, g.screen.maxBits) } }

    // Seams, in order: `kept[c]` is the first of chunk c's guessed lines that is true (its
    // count when none is), and `repairedBefore[c]` the lines re-broken before them.
    var repairedStarts: [Int] = []
    var repairedHeights: [Double] = []
    var kept = [Int](repeating: 0, count: chunks.count)
    var repairedBefore = [Int](repeating: 0, count: chunks.count)
    var t = 0
    for (c, guess) in guesses.enumerated() {
      let m = guess.starts.count
      var synced = false
      var p = 0
      kept[c] = m
      while t < guess.chunk.upperBound {
        if !synced {
          while p < m, guess.starts[p] < t { p += 1 }
          if p < m, guess.starts[p] == t {
            synced = true
            kept[c] = p
            repairedBefore[c] = repairedStarts.count
            t = guess.tail
            continue
          }
        }
        let (e, h) = GreedyLeadingLinesKernel.scalarLine(
          ws, hs, xs, from: t, limit: limit, interitem: interitem, left: left)
        repairedStarts.append(t)
        repairedHeights.append(h)
        t = e
      }
      if !synced { repairedBefore[c] = repairedStarts.count }
    }

    // Every line to its place in the table: chunk c's part is the lines re-broken since the
    // previous chunk's kept lines, then its own kept lines (the last part also takes the lines
    // re-broken after them).
    var partStart = [Int](repeating: 0, count: chunks.count + 1)
    for c in chunks.indices {
      let repairedFrom = c == 0 ? 0 : repairedBefore[c - 1]
      partStart[c + 1] =
        partStart[c] + (repairedBefore[c] - repairedFrom) + (guesses[c].starts.count - kept[c])
    }
    let lineCount = partStart[chunks.count] + repairedStarts.count
      - repairedBefore[chunks.count - 1]
    table.starts.resize(to: lineCount + 1)
    table.heights.resize(to: lineCount)
    table.withEntries { starts, heights in
      let startsOut = SharedBuffer(starts)
      let heightsOut = SharedBuffer(heights)
      repairedStarts.withUnsafeBufferPointer { rs in
        repairedHeights.withUnsafeBufferPointer { rh in
          let rs = SharedBuffer(rs)
          let rh = SharedBuffer(rh)
          let guesses = guesses
          let kept = kept
          let repairedBefore = repairedBefore
          let partStart = partStart
          let last = chunks.count - 1
          // Part c writes the table's lines `partStart[c] ..< partStart[c + 1]` (and the last
          // part the lines after them): disjoint ranges.
          perform(parts: chunks.count, threads: threading.threads) { c in
            var out = partStart[c]
            let from = c == 0 ? 0 : repairedBefore[c - 1]
            for r in from..<repairedBefore[c] {
              startsOut.base[out] = rs.base[r]
              heightsOut.base[out] = rh.base[r]
              out += 1
            }
            let g = guesses[c]
            for i in kept[c]..<g.starts.count {
              startsOut.base[out] = g.starts[i]
              heightsOut.base[out] = g.heights[i]
              out += 1
            }
            if c == last {
              for r in repairedBefore[c]..<rs.base.count {
                startsOut.base[out] = rs.base[r]
                heightsOut.base[out] = rh.base[r]
                out += 1
              }
            }
          }
        }
      }
      starts[lineCount] = n
    }
  }

  /// Every chunk broken from its first item, in parallel: complete lines and the tail.
  ///
  /// - Complexity: O(n / t) on t threads.
  static func guessLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, chunks: [Range<Int>], limit: Double,
    interitem: Double, left: Double, threads: Int, screening: Bool
  ) -> [GuessedLines] {
    var guesses = chunks.map { GuessedLines(chunk: $0) }
    let ws = SharedBuffer(ws)
    let hs = SharedBuffer(hs)
    let xs = SharedBuffer(xs)
    guesses.withUnsafeMutableBufferPointer { out in
      let out = SharedBuffer(out)
      // Task c reads sizes and writes positions of chunk c's items only, and writes guess c.
      perform(parts: chunks.count, threads: threads) { c in
        out.base[c] = guessLines(
          ws.readOnly, hs.readOnly, xs.base, chunk: chunks[c], limit: limit,
          interitem: interitem, left: left, screening: screening)
      }
    }
    return guesses
  }

  /// One chunk broken from its first item: the lines that end before the chunk's end, and the
  /// start of the one that reaches it. Reads and writes only the chunk's items.
  static func guessLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, chunk: Range<Int>, limit: Double,
    interitem: Double, left: Double, screening: Bool
  ) -> GuessedLines {
    var guess = GuessedLines(chunk: chunk)
    let end = chunk.upperBound
    // The chunk's end is the buffers' end: no line reads past it.
    let ws = UnsafeBufferPointer(rebasing: ws[0..<end])
    let hs = UnsafeBufferPointer(rebasing: hs[0..<end])
    let xs = UnsafeMutableBufferPointer(rebasing: xs[0..<end])
    if screening {
      guess.screen.add(ws, chunk)
      guess.screen.add(hs, chunk)
    }
    let expected = chunk.count / 2 + 16
    guess.starts.reserveCapacity(expected)
    guess.heights.reserveCapacity(expected)
    var s = chunk.lowerBound
    while true {
      let (e, h) = GreedyLeadingLinesKernel.scalarLine(
        ws, hs, xs, from: s, limit: limit, interitem: interitem, left: left)
      if e == end { break }
      guess.starts.append(s)
      guess.heights.append(h)
      s = e
    }
    guess.tail = s
    return guess
  }

  /// Runs `body(p)` for every part `p` in `0 ..< parts`, at most `threads` at a time (each
  /// task takes a contiguous run of parts).
  static func perform(parts: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    let tasks = max(min(threads, parts), 1)
    if tasks == 1 {
      for p in 0..<parts { body(p) }
      return
    }
    DispatchQueue.concurrentPerform(iterations: tasks) { task in
      for p in (task * parts / tasks)..<((task + 1) * parts / tasks) { body(p) }
    }
  }
}
