/// Greedy leading lines on several threads, written into a line table with the same lines,
/// heights, offsets, index entries and positions as one thread, bit for bit.
///
/// Each thread breaks its chunk as if a line started at its first item (a guess); in chunk order
/// (`CommitTurn`) the commit continues the true open line over the chunk and re-breaks until a
/// line starts where a guessed one does (`LineCatchUp.meets`), then only claims the kept guessed
/// lines' entries (`LineWriter.claim`), which the guessing thread writes (`writeClaimed`). Every
/// line and index entry is written once; no pass over the lines follows.
///
/// - Complexity: O(n / t + c·(k + 32)) on t threads for n items, c chunks and k items re-broken
///   per seam (O(n) in the worst case, a chunk whose lines never meet the guess); the serial part
///   is the c commits.
enum ChunkedLineBreaking {
  /// A line whose items are being added (the breaker's).
  typealias OpenLine = LineBreaker.OpenLine

  /// A chunk's guess: its complete lines (in the guess buffers from `buffer`) and its open line.
  /// `longest`: the most items of its complete lines.
  struct Guess: Sendable {
    var count = 0
    var tail = OpenLine(start: 0, used: 0, height: 0, x: 0)
    var buffer = 0
    var longest = 0
  }

  /// Where a commit put a chunk's kept guessed lines: `count` lines from the guess's line `from`,
  /// at line `first` of the table, whose block's lines before it sum to `blockSum`, covering
  /// `items`. `count` 0: none.
  struct Placement: Sendable {
    var from = 0
    var count = 0
    var first = 0
    var blockSum = 0.0
    var items = 0..<0
  }

  /// A chunk's guess, where its commit put the kept lines, and whether they are written.
  struct ChunkState: Sendable {
    var guess = Guess()
    var placement = Placement()
    var written = false
  }

  /// Chunks a task may have guessed and not yet committed: a task runs this many chunks ahead
  /// of the commits before it waits (another task's chunk is late: descheduled, or longer).
  static let slotsPerTask = 4

  /// Where the committed lines stand. Read and written only by the task whose turn it is.
  struct Progress {
    var writer: LineTable.LineWriter
    /// The true line that reaches the end of the chunks committed; `nil` before the first.
    var open: OpenLine?
    /// The first item of the first line that found no room in the writer, after which nothing
    /// more is committed; `nil` while every line fits.
    var stoppedAt: Int?
    /// The most items of a line the commits broke.
    var longest = 0
  }

  /// Appends the lines of the items from `start` (a line's start) to `writer` without growing its
  /// buffers, their leading positions to `xs` when `writesPositions`, their widths and heights to
  /// `screen` when `screening`.
  ///
  /// - Parameters:
  ///   - limit: `A + ε`; item `j` joins iff `!((used + I) + wⱼ > limit)`.
  ///   - branchFree: the guesses break by the branch-free form; the same lines either way.
  /// - Precondition: `ws` and `hs` (and `xs` when `writesPositions`) have one count, more than
  ///   `start`; the writer's lines end at `start`.
  /// - Returns: `end`, `ws.count` when every line fit, else the start of the first line that did
  ///   not; `longest`, at least the most items of a line written.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @inline(never)
  static func lines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, from start: Int = 0, limit: Double,
    interitem: Double, left: Double, threading: LayoutThreading, writesPositions: Bool = true,
    branchFree: Bool = false, screen: inout LengthScreen, screening: Bool,
    into writer: inout LineTable.LineWriter
  ) -> (end: Int, longest: Int) {
    let n = ws.count
    let chunks = threading.chunks(n - start).map {
      ($0.lowerBound + start)..<($0.upperBound + start)
    }
    let tasks = max(min(threading.threads, chunks.count), 1)
    let capacity = chunks.map(\.count).max() ?? 0
    let slots = Self.slotsPerTask
    // Each task's `slots` guess buffers (a chunk has fewer complete lines than items).
    // Not zeroed: a guess writes the entries its commit and its write read.
    let entries = tasks * slots * capacity
    var guessedStarts = [Int](unsafeUninitializedCapacity: entries) { $1 = entries }
    var guessedHeights = [Double](unsafeUninitializedCapacity: entries) { $1 = entries }
    var states = [ChunkState](repeating: ChunkState(), count: chunks.count)
    var screens = [LengthScreen](repeating: LengthScreen(), count: tasks)
    var progress = Progress(writer: writer, open: nil, stoppedAt: nil)
    // The table's buffers, which the tasks write claimed lines into (`writeClaimed`) while the
    // progress's writer moves on.
    var sink = writer
    let turn = CommitTurn(chunks: chunks.count)
    withUnsafeMutablePointer(to: &progress) { progress in
      withUnsafeMutablePointer(to: &sink) { sink in
        guessedStarts.withUnsafeMutableBufferPointer { gs in
          guessedHeights.withUnsafeMutableBufferPointer { gh in
            states.withUnsafeMutableBufferPointer { states in
              // What each task writes is disjoint: its own guess slots and screen, its chunks' items'
              // positions, the lines its chunks' commits claimed; a commit (in turn) writes the progress,
              // the placement and the lines it re-breaks.
              let shared = (ws, hs, xs, gs, gh, states, progress, sink)
              LayoutThreading.forEachRun(of: tasks, states: &screens, sharing: shared) {
                p, _, taskScreen, shared in
                let (ws, hs, xs, gs, gh, states, progress, sink) = shared
                // Commits chunk c (in turn, on whichever task's call: `CommitTurn`).
                func commitChunk(_ c: Int) {
                  let g = states[c].guess
                  states[c].placement = commit(
                    &progress.pointee, chunk: chunks[c], starts: gs.baseAddress! + g.buffer,
                    heights: gh.baseAddress! + g.buffer, count: g.count, tail: g.tail, ws, hs,
                    xs, limit: limit, interitem: interitem, left: left,
                    writesPositions: writesPositions)
                  if progress.pointee.stoppedAt != nil { turn.halt() }
                }
                // The chunk guessed into each of the task's slots and not yet written into
                // the table (−1: none).
                var held = [Int](repeating: -1, count: slots)
                var slot = 0
                while !turn.isHalted {
                  // The slot is free once its chunk is committed and written; meanwhile, commit.
                  if held[slot] >= 0 {
                    turn.wait(until: held[slot] + 1, commit: commitChunk)
                    guard turn.committed > held[slot] else { break }
                    writeChunk(held[slot], states, gs, gh, into: sink)
                    held[slot] = -1
                  }
                  if turn.isHalted { break }
                  let c = turn.take()
                  guard c < chunks.count else { break }
                  let chunk = chunks[c]
                  if screening {
                    taskScreen.add(ws, chunk)
                    taskScreen.add(hs, chunk)
                  }
                  let buffer = (p * slots + slot) * capacity
                  let (count, tail, longest) = guess(
                    ws, hs, xs, chunk: chunk, limit: limit, interitem: interitem, left: left,
                    starts: UnsafeMutableBufferPointer(rebasing: gs[buffer...]),
                    heights: UnsafeMutableBufferPointer(rebasing: gh[buffer...]),
                    writesPositions: writesPositions, branchFree: branchFree)
                  states[c].guess = Guess(
                    count: count, tail: tail, buffer: buffer, longest: longest)
                  held[slot] = c
                  slot = slot + 1 == slots ? 0 : slot + 1
                  turn.markGuessed(c)
                  turn.commitReady(commitChunk)
                  // The task's chunks committed meanwhile, written while in cache.
                  let committed = turn.committed
                  for i in 0..<slots where held[i] >= 0 && held[i] < committed {
                    writeChunk(held[i], states, gs, gh, into: sink)
                    held[i] = -1
                  }
                }
                // The task's last chunks, once committed (after a halt, the chunks committed
                // before it are written after the tasks).
                for c in held.sorted() where c >= 0 {
                  turn.wait(until: c + 1, commit: commitChunk)
                  if turn.committed > c { writeChunk(c, states, gs, gh, into: sink) }
                }
              }
              // Committed chunks not written (the tasks stopped at a halt).
              for c in chunks.indices where !states[c].written && states[c].placement.count > 0 {
                writeChunk(c, states, gs, gh, into: sink)
              }
            }
          }
        }
      }
    }
    for s in screens { screen.maxBits = max(screen.maxBits, s.maxBits) }
    writer = progress.writer
    let longest = states.reduce(progress.longest) { max($0, $1.guess.longest) }
    if let stop = progress.stoppedAt { return (stop, longest) }
    // The last open line ends at the last item.
    guard let last = progress.open else { return (start, longest) }
    return append(&writer, last.start, n, last.height)
      ? (n, max(longest, n - last.start)) : (last.start, longest)
  }

  /// Writes committed chunk `c`'s kept lines into the table and marks them written.
  ///
  /// - Complexity: O(k + 32) for the chunk's k kept lines.
  private static func writeChunk(
    _ c: Int, _ states: UnsafeMutableBufferPointer<ChunkState>,
    _ gs: UnsafeMutableBufferPointer<Int>, _ gh: UnsafeMutableBufferPointer<Double>,
    into sink: UnsafeMutablePointer<LineTable.LineWriter>
  ) {
    states[c].written = true
    let place = states[c].placement
    guard place.count > 0 else { return }
    let buffer = states[c].guess.buffer + place.from
    sink.pointee.writeClaimed(
      place.count, at: place.first, blockSum: place.blockSum, starts: gs.baseAddress! + buffer,
      heights: gh.baseAddress! + buffer, items: place.items)
  }

  /// Chunk `chunk` broken from its first item into `starts` and `heights` (the line that reaches
  /// its end left open), and the most items of a complete line; positions of the chunk's items
  /// only, when `writesPositions`. `branchFree`: by `LineBreaker.pairedLines` (the same lines).
  ///
  /// - Precondition: `starts` and `heights` hold `chunk.count − 1` entries.
  /// - Complexity: O(k) for the k items of the chunk.
  static func guess(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, chunk: Range<Int>, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, writesPositions: Bool = true,
    branchFree: Bool = false
  ) -> (count: Int, tail: OpenLine, longest: Int) {
    if !writesPositions, branchFree, chunk.count > 1 {
      // Broken to the chunk's end: the last line the kernel closes there is the open line
      // (unless the lines filled the buffer first: then the open line is the last item).
      let end = chunk.upperBound
      let room = chunk.count - 1
      var lines = 0
      var stop = chunk.lowerBound
      var longest = 0
      repeat {
        let part = LineBreaker.pairedLines(
          UnsafeBufferPointer(rebasing: ws[..<end]), UnsafeBufferPointer(rebasing: hs[..<end]),
          from: stop, limit: limit, interitem: interitem,
          starts: UnsafeMutableBufferPointer(rebasing: starts[lines...]),
          heights: UnsafeMutableBufferPointer(rebasing: heights[lines...]),
          maxLines: room - lines)
        lines += part.lines
        stop = part.end
        longest = max(longest, part.longest)
      } while stop < end && lines < room
      let count = stop == end ? lines - 1 : lines
      let tailStart = stop == end ? starts[count] : stop
      var tail = LineBreaker.open(tailStart, ws, hs, xs, left: left, writesPositions: false)
      _ = LineBreaker.extend(
        &tail, ws, hs, xs, from: tailStart &+ 1, to: end, limit: limit, interitem: interitem,
        writesPositions: false)
      return (count, tail, longest)
    }
    if writesPositions {
      return guessLines(
        ws, hs, xs, chunk: chunk, limit: limit, interitem: interitem, left: left,
        starts: starts, heights: heights, writesPositions: true)
    }
    return guessLines(
      ws, hs, xs, chunk: chunk, limit: limit, interitem: interitem, left: left, starts: starts,
      heights: heights, writesPositions: false)
  }

  /// `guess`, `writesPositions` a literal at each call.
  @inline(__always)
  private static func guessLines(
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, chunk: Range<Int>, limit: Double,
    interitem: Double, left: Double, starts: UnsafeMutableBufferPointer<Int>,
    heights: UnsafeMutableBufferPointer<Double>, writesPositions: Bool
  ) -> (count: Int, tail: OpenLine, longest: Int) {
    let end = chunk.upperBound
    var s = chunk.lowerBound
    var k = 0
    var longest = 0
    while true {
      var line = LineBreaker.open(s, ws, hs, xs, left: left, writesPositions: writesPositions)
      let e = LineBreaker.extend(
        &line, ws, hs, xs, from: s &+ 1, to: end, limit: limit, interitem: interitem,
        writesPositions: writesPositions)
      if e == end { return (k, line, longest) }
      starts[k] = s
      heights[k] = line.height
      longest = max(longest, e &- s)
      k &+= 1
      s = e
    }
  }

  /// Commits a guessed chunk after every chunk before it: continues the open line, catches up with
  /// the guessed lines (`LineCatchUp.meets`), appends the re-broken lines, claims room for the kept
  /// ones and leaves the chunk's last line open. Returns where the kept lines go. Nothing after a
  /// line that found no room.
  ///
  /// - Complexity: O(k + s + 32) for k items re-broken and s guessed lines skipped.
  static func commit(
    _ progress: inout Progress, chunk: Range<Int>, starts: UnsafeMutablePointer<Int>,
    heights: UnsafeMutablePointer<Double>, count: Int, tail: OpenLine,
    _ ws: UnsafeBufferPointer<Double>, _ hs: UnsafeBufferPointer<Double>,
    _ xs: UnsafeMutableBufferPointer<Double>, limit: Double, interitem: Double, left: Double,
    writesPositions: Bool = true
  ) -> Placement {
    guard progress.stoppedAt == nil else { return Placement() }
    let end = chunk.upperBound
    // `line` continued from item `start` and appended: its end, or `nil` when it is open at the
    // chunk's end or found no room (the progress then says which).
    func close(_ line: inout OpenLine, from start: Int) -> Int? {
      let e = LineBreaker.extend(
        &line, ws, hs, xs, from: start, to: end, limit: limit, interitem: interitem,
        writesPositions: writesPositions)
      guard e < end else {
        progress.open = line
        return nil
      }
      guard append(&progress.writer, line.start, e, line.height) else {
        progress.stoppedAt = line.start
        return nil
      }
      progress.longest = max(progress.longest, e - line.start)
      return e
    }
    // `t`: the start of the next true line, in the chunk.
    var t = chunk.lowerBound
    if var line = progress.open {
      guard let e = close(&line, from: t) else { return Placement() }
      t = e
    }
    // Caught up when a true line starts where a guessed one does (`p`: that line).
    var p = 0
    while !LineCatchUp.meets(t, known: starts, count: count, then: tail.start, at: &p) {
      var line = LineBreaker.open(t, ws, hs, xs, left: left, writesPositions: writesPositions)
      guard let e = close(&line, from: t &+ 1) else { return Placement() }
      t = e
    }
    // Caught up: the guessed lines from `p` on are true lines.
    let kept = min(count - p, progress.writer.room - progress.writer.count)
    // The item after the kept lines.
    let next: Int
    if kept < count - p {
      next = starts[p + kept]
      progress.stoppedAt = next
    } else {
      next = tail.start
      progress.open = tail
    }
    guard kept > 0 else { return Placement() }
    let (first, blockSum) = progress.writer.claim(kept, heights: heights + p)
    return Placement(from: p, count: kept, first: first, blockSum: blockSum, items: t..<next)
  }

  /// Appends the line of items `start ..< end` to `writer` unless it is full, with the index
  /// entries of its items only (`LineWriter.append(start:end:height:)`); whether it did.
  @inline(__always)
  static func append(
    _ writer: inout LineTable.LineWriter, _ start: Int, _ end: Int, _ height: Double
  ) -> Bool {
    guard writer.count < writer.room else { return false }
    writer.append(start: start, end: end, height: height)
    writer.closeBlockIfFull()
    return true
  }
}
