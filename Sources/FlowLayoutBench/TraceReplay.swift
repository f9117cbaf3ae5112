import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutWorkloads

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replays traces (`FlowLayoutWorkloads`' `Trace`) and measures them: in process through
/// `LayoutSession.answer` (the code `flowlayout session` runs), or through a `flowlayout session`
/// child's pipe.
///
/// A frame's latency is the time from its first request to its last answer, all answers
/// consumed. Every answer is checked for `{"error":` (outside the timed frame): a trace is
/// valid, so an error answer is counted and reported as a failure.
///
/// A replay stops starting frames once its frames have taken `timeLimitSeconds` (a frame
/// already started runs to its end): today's slowest traces at 1M items would otherwise take
/// minutes (`docs/benchmarks.md`, "Traces"). The counting replay stops at half that limit, and
/// before a frame that the timed replay saw take longer than the time left.
public enum TraceReplay {
  static let errorPrefix = Array("{\"error\":".utf8)

  static func isError(_ answer: some Collection<UInt8>) -> Bool {
    answer.starts(with: errorPrefix)
  }

  /// The trace replayed in process by a `LayoutSession<Engine>`, then (when the allocator is
  /// measured and `countAllocations`) replayed again in the allocator's exact mode to count
  /// allocations per frame and the session's live bytes.
  ///
  /// - Complexity: the session's own costs, twice when counting.
  public static func inProcess<Engine: LayoutEngine>(
    _ trace: Trace, engine: Engine.Type, engineName: String,
    allocator: some AllocatorStatistics, countAllocations: Bool = true,
    timeLimitSeconds: Double = .infinity
  ) -> TraceResult {
    let limit = timeLimitSeconds * 1e9
    var result = TraceResult(
      trace: trace.kind.rawValue, n: trace.itemCount, mode: "in-process", engine: engineName,
      seed: trace.seed, frames: trace.frames.count, requests: trace.requestCount,
      openBytes: trace.open.count)
    // 1. Timed.
    do {
      var session = LayoutSession<Engine>()
      // The RSS readings count what is live: freed pages returned first, outside the timing.
      allocator.purgeFreedPages()
      let peakReset = ProcessMemory.resetPeak()
      result.rssBeforeOpen = ProcessMemory.resident()?.now
      let start = MonotonicClock.now()
      let opened = session.answer(trace.open)
      result.openNs = Double(MonotonicClock.now() - start)
      note(opened, in: &result)
      allocator.purgeFreedPages()
      result.rssAfterOpen = ProcessMemory.resident()?.now
      var answers: [String] = []
      answers.reserveCapacity(16)
      result.frameNs.reserveCapacity(trace.frames.count)
      var spent = 0.0
      var faults: [Int] = []
      var preemptions: [Int] = []
      faults.reserveCapacity(trace.frames.count)
      preemptions.reserveCapacity(trace.frames.count)
      for frame in trace.frames where spent < limit {
        let before = ProcessMemory.faultsAndPreemptions()
        let begin = MonotonicClock.now()
        for line in frame.lines { answers.append(session.answer(line)) }
        result.frameNs.append(Double(MonotonicClock.now() - begin))
        if let before, let after = ProcessMemory.faultsAndPreemptions() {
          faults.append(after.minorFaults - before.minorFaults)
          preemptions.append(after.preemptions - before.preemptions)
        }
        spent += result.frameNs.last!
        for answer in answers { note(answer, in: &result) }
        answers.removeAll(keepingCapacity: true)
      }
      if faults.count == result.frameNs.count {
        result.frameMinorFaults = faults
        result.framePreemptions = preemptions
      }
      allocator.purgeFreedPages()
      let memory = ProcessMemory.resident()
      result.rssAtEnd = memory?.now
      result.peakRss = peakReset ? memory?.peak : nil
    }
    finish(&result, trace)
    // 2. Counted.
    if countAllocations, allocator.snapshot() != nil {
      allocator.exactly {
        var session = LayoutSession<Engine>()
        // The whole process's bytes when the allocator tells them (a session may lay out on
        // several threads), else this thread's.
        func live(_ snapshot: AllocationSnapshot) -> Int {
          allocator.processLiveBytes() ?? snapshot.liveBytes
        }
        guard let before = allocator.snapshot() else { return }
        let liveBefore = live(before)
        _ = session.answer(trace.open)
        guard let opened = allocator.snapshot() else { return }
        result.openAllocations = opened.allocations - before.allocations
        result.liveBytesAfterOpen = live(opened) - liveBefore
        var total = 0
        var most = 0
        var last = opened
        var counted = 0
        let start = MonotonicClock.now()
        for (k, ns) in result.frameNs.enumerated() {
          let elapsed = Double(MonotonicClock.now() - start)
          guard elapsed < limit / 2, elapsed + ns < limit / 2 || k == 0 else { break }
          for line in trace.frames[k].lines { _ = session.answer(line) }
          guard let now = allocator.snapshot() else { return }
          let count = now.allocations - last.allocations
          total += count
          most = max(most, count)
          last = now
          counted += 1
        }
        result.framesCounted = counted
        result.allocationsPerFrame = Double(total) / Double(max(counted, 1))
        result.maxAllocationsPerFrame = most
        result.liveBytesAtEnd = live(last) - liveBefore
      }
    }
    return result
  }

  /// The trace replayed through a `flowlayout session` child (`executable` with `arguments`,
  /// e.g. `["session", "--engine", "fast"]`), one request and one answer at a time; the RSS
  /// figures are the child's. Allocations and live bytes are not measured here.
  public static func throughPipe(
    _ trace: Trace, executable: String, arguments: [String], environment: [String: String],
    engineName: String, timeLimitSeconds: Double = .infinity
  ) -> TraceResult {
    var result = TraceResult(
      trace: trace.kind.rawValue, n: trace.itemCount, mode: "pipe", engine: engineName,
      seed: trace.seed, frames: trace.frames.count, requests: trace.requestCount,
      openBytes: trace.open.count)
    do {
      let pipe = try SessionPipe(
        executable: executable, arguments: arguments, environment: environment)
      defer { pipe.finish() }
      // The child is up once it answers (an error: no document is open yet); `open` is timed
      // from then, without the process's start.
      _ = try pipe.exchange(Array("{\"contentSize\":null}".utf8))
      let start = MonotonicClock.now()
      let opened = try pipe.exchange(trace.open)
      result.openNs = Double(MonotonicClock.now() - start)
      note(opened, in: &result)
      // The child releases what a large line freed once it has answered it: the next answer
      // (untimed) comes after that release.
      _ = try pipe.exchange(Array("{\"contentSize\":null}".utf8))
      let afterOpen = pipe.memoryStatus()
      result.rssAfterOpen = afterOpen?.now
      result.anonymousRssAfterOpen = afterOpen?.anonymous
      var failures: [String] = []
      var spent = 0.0
      for frame in trace.frames where spent < timeLimitSeconds * 1e9 {
        let begin = MonotonicClock.now()
        for line in frame.lines {
          let answer = try pipe.exchange(line)
          if isError(answer) { failures.append(String(decoding: answer, as: UTF8.self)) }
        }
        result.frameNs.append(Double(MonotonicClock.now() - begin))
        spent += result.frameNs.last!
        for failure in failures { note(failure.utf8, in: &result) }
        failures.removeAll(keepingCapacity: true)
      }
      // The child as a user's session holds it between requests (it returns freed pages in a
      // pause of its input: `flowlayout session`).
      usleep(50_000)
      let memory = pipe.memoryStatus()
      result.rssAtEnd = memory?.now
      result.anonymousRssAtEnd = memory?.anonymous
      result.peakRss = memory?.peak
    } catch {
      result.status = "failed"
      result.note = "\(error)"
    }
    finish(&result, trace)
    return result
  }

  /// The statistics over the frames replayed, and a note when the time limit cut the replay.
  static func finish(_ result: inout TraceResult, _ trace: Trace) {
    result.framesReplayed = result.frameNs.count
    result.summarize(tags: trace.frames.prefix(result.frameNs.count).map(\.tag.rawValue))
    if result.framesReplayed < trace.frames.count {
      let cut =
        "time limit: \(result.framesReplayed) of \(trace.frames.count) frames replayed "
        + "(statistics over those)"
      result.note = result.note.map { $0 + "; " + cut } ?? cut
    }
  }

  /// Counts an error answer (the first one is kept).
  static func note(_ answer: some Collection<UInt8>, in result: inout TraceResult) {
    guard isError(answer) else { return }
    result.errors += 1
    if result.firstError == nil {
      result.firstError = String(decoding: Array(answer.prefix(300)), as: UTF8.self)
    }
    result.status = "failed"
    result.note = "error answers: the trace is invalid for this engine"
  }

  static func note(_ answer: String, in result: inout TraceResult) {
    note(answer.utf8, in: &result)
  }
}
