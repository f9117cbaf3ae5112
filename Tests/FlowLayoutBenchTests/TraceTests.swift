import FlowLayoutBench
import FlowLayoutCore
import FlowLayoutDocument
import FlowLayoutModel
import FlowLayoutReference
import FlowLayoutTestSupport
import FlowLayoutWorkloads
import Foundation
import Testing

/// The session traces (`flowlayout bench --traces`): made from a seed, valid, and answered alike
/// by both engines.
@Suite struct TraceTests {
  /// Frames per trace in these tests: enough for every trace's characteristic edits (the
  /// grouped list edits every 25 frames; the gallery rotates at every fifth of the frames).
  static let frames = 100

  @Test(arguments: TraceKind.allCases)
  func sameSeedSameBytes(_ kind: TraceKind) {
    let a = kind.trace(itemCount: 1_000, frames: 60)
    let b = kind.trace(itemCount: 1_000, frames: 60)
    #expect(a.jsonLines() == b.jsonLines())
    #expect(a.frames.map(\.tag) == b.frames.map(\.tag))
    let other = kind.trace(itemCount: 1_000, frames: 60, seed: kind.defaultSeed ^ 1)
    #expect(other.jsonLines() != a.jsonLines())
    // Frames hold requests; the frame count is the one asked for, within a phase's end.
    #expect(a.frames.allSatisfy { !$0.lines.isEmpty })
    #expect(abs(a.frames.count - 60) <= 2)
  }

  @Test func everyTraceHasItsEdits() {
    func tags(_ kind: TraceKind) -> Set<TraceTag> {
      Set(kind.trace(itemCount: 10_000, frames: Self.frames).frames.map(\.tag))
    }
    #expect(tags(.feed).isSuperset(of: [.scroll, .measure, .append, .prepend]))
    #expect(tags(.chat).isSuperset(of: [.scroll, .append, .keyboard, .prepend]))
    #expect(tags(.galleryRotation).isSuperset(of: [.scroll, .rotate, .edit]))
    #expect(tags(.groupedPinned).isSuperset(of: [.scroll, .collapse, .expand, .moveSection]))
    #expect(tags(.reorder).isSuperset(of: [.scroll, .move]))
    #expect(tags(.searchFilter).isSuperset(of: [.scroll, .filter, .restore]))
    #expect(
      kind(.galleryRotation, frames: Self.frames).frames.filter { $0.tag == .rotate }.count == 4)
  }

  func kind(_ kind: TraceKind, frames: Int) -> Trace {
    kind.trace(itemCount: 10_000, frames: frames)
  }

  /// Every answer of every trace at 10 000 items: the fast engine's equals the reference's
  /// (bytes, or within `EqualityContract` where numbers may round apart), and none is an error.
  @Test(arguments: TraceKind.allCases)
  func fastAnswersAsTheReference(_ kind: TraceKind) throws {
    // 50 frames hold every edit but the grouped list's (one every 25 frames); the reference
    // lays out all 10 000 items again for every edit, so fewer frames keep this fast under the
    // sanitizers.
    let trace = kind.trace(itemCount: 10_000, frames: kind == .groupedPinned ? Self.frames : 50)
    let tags = Set(trace.frames.map(\.tag))
    #expect(tags.count >= (kind == .reorder ? 2 : 3), "\(tags)")
    var fast = LayoutSession<FastFlowLayout>()
    var reference = LayoutSession<ReferenceFlowLayout>()
    var lines = [trace.open]
    for frame in trace.frames { lines += frame.lines }
    var compared = 0
    for (k, line) in lines.enumerated() {
      let a = fast.answer(line)
      let b = reference.answer(line)
      #expect(!a.hasPrefix("{\"error\""), "request \(k): \(a)")
      if let difference = try SessionAnswers.difference(a, b, request: line) {
        Issue.record("\(kind.rawValue) request \(k): \(difference)")
        return
      }
      compared += 1
    }
    #expect(compared == 1 + trace.requestCount)
  }

  /// The lists' generator knows where every item is: in the chat, every message that arrives
  /// while the viewport is at the end finds the bottom anchor engaged (the offset keeps the
  /// viewport's end at the content's end), which needs the generator's content height to be
  /// the layout's exactly.
  @Test func chatKeepsTheBottom() throws {
    let trace = TraceKind.chat.trace(itemCount: 10_000, frames: Self.frames)
    var session = LayoutSession<FastFlowLayout>()
    _ = session.answer(trace.open)
    var anchored = 0
    for frame in trace.frames.prefix(Self.frames * 2 / 5) {
      var viewportHeight = 0.0
      for line in frame.lines {
        let answer = session.answer(line)
        let request = try SessionAnswers.object(line)
        if let rect = request["viewport"] as? [Double] { viewportHeight = rect[3] }
        guard request["apply"] != nil else { continue }
        let change = try SessionAnswers.object(Array(answer.utf8))
        let size = try #require(change["contentSize"] as? [Double])
        let offset = try #require(change["contentOffset"] as? [Double])
        #expect(offset[1] + viewportHeight == size[1], "\(answer)")
        anchored += 1
      }
    }
    #expect(anchored >= 7)
  }

  /// The feed measures exactly the items that appear: after each frame's measurements the
  /// visible rect holds no estimated item, and the refresh's 20 items are measured once seen.
  @Test func feedMeasuresWhatAppears() throws {
    let trace = TraceKind.feed.trace(itemCount: 10_000, frames: Self.frames)
    var session = LayoutSession<FastFlowLayout>()
    _ = session.answer(trace.open)
    var measured = 0
    for frame in trace.frames {
      var rect: [Double]?
      for line in frame.lines {
        _ = session.answer(line)
        let request = try SessionAnswers.object(line)
        if let r = request["elements"] as? [Double] { rect = r }
        if let apply = request["apply"] as? [String: Any], let m = apply["measureItems"] as? [Any] {
          measured += m.count
        }
      }
      let r = try #require(rect)
      let output = try LayoutOutput.decode(
        session.answer(Array("{\"elements\":[\(r[0]),\(r[1]),\(r[2]),\(r[3])]}".utf8)))
      // Appended items come measured at the estimate's size; the rest must have been measured.
      #expect(!output.items.contains { $0.estimated }, "frame \(frame.tag)")
    }
    #expect(measured >= 15)
  }

  @Test func percentilesAreNearestRank() {
    let values = (1...200).map(Double.init).reversed().map { $0 }
    #expect(TraceResult.percentile(values, 50) == 100)
    #expect(TraceResult.percentile(values, 99) == 198)
    #expect(TraceResult.percentile(values, 100) == 200)
    #expect(TraceResult.percentile([7], 99) == 7)
    #expect(TraceResult.percentile([], 50) == nil)
  }

  static let meta = BenchMeta(
    date: "2026-11-29T00:00:00Z", machine: "m", cpu: "c", cores: 2, toolchain: "t", commit: "x",
    build: "release", flags: [], sizes: [], workloads: [], operations: [], engines: [],
    sampling: .quick, allocator: "a", allocationCounting: "none", clock: "c",
    clockResolutionNs: 20, clockStatedResolutionNs: 1, peers: nil)

  @Test func replayMeasuresEveryFrameAndStopsAtItsLimit() throws {
    let trace = TraceKind.reorder.trace(itemCount: 1_000, frames: 40)
    let whole = TraceReplay.inProcess(
      trace, engine: FastFlowLayout.self, engineName: "fast", allocator: UnmeasuredAllocator())
    #expect(whole.status == "ok")
    #expect(whole.errors == 0)
    #expect(whole.framesReplayed == trace.frames.count)
    #expect(whole.frameNs.count == trace.frames.count)
    #expect(whole.tags.map(\.frames).reduce(0, +) == trace.frames.count)
    #expect(whole.p50Ns! <= whole.p99Ns! && whole.p99Ns! <= whole.maxNs!)
    #expect(whole.allocationsPerFrame == nil)
    // Page faults and preemptions per frame, one entry a frame, shown beside the worst frame.
    #if os(Linux)
      let faults = try #require(whole.frameMinorFaults)
      #expect(faults.count == whole.frameNs.count && faults.allSatisfy { $0 >= 0 })
      #expect(whole.framePreemptions?.count == whole.frameNs.count)
      #expect(TraceReport.lines([whole])[2].contains(" faults, "))
    #endif
    let cut = TraceReplay.inProcess(
      trace, engine: FastFlowLayout.self, engineName: "fast", allocator: UnmeasuredAllocator(),
      timeLimitSeconds: 1e-12)
    #expect(cut.framesReplayed == 1)
    #expect(cut.note?.contains("1 of \(trace.frames.count) frames") == true)
    // In process the RSS is the runner's: read with its baseline just before `open` and the
    // peak reset then, shown as what the session added. Linux counts a thread's resident pages
    // in batches (up to 64 page faults a thread before they reach the process's count), and
    // other tests run beside this one: the peak may read below an earlier reading by a few
    // batches (112 KiB under ThreadSanitizer, once).
    #if os(Linux)
      let base = try #require(whole.rssBeforeOpen)
      let slack = 4 << 20
      #expect(
        (whole.peakRss ?? 0) + slack >= max(base, whole.rssAfterOpen ?? 0, whole.rssAtEnd ?? 0))
    #endif
    // The report shows both, and a chart per trace.
    let table = TraceReport.lines([whole, cut])
    #expect(table.count == 4)
    #if os(Linux)
      #expect(
        table[2].contains("| +") && table[2].contains(" → +") && table[2].contains("(+"),
        "\(table[2])")
    #endif
    #expect(table[3].contains("1/\(trace.frames.count)"))
    // results.json keeps them (snake_case keys, read back as written).
    let meta = try ResultsFolder.decode(
      ResultsFolder.encode(BenchResults(meta: Self.meta, rows: [], traces: [whole, cut])))
    #expect(meta.traces == [whole, cut])
    let charts = TraceReport.charts(for: [whole, cut])
    #expect(charts.map(\.name) == ["trace-reorder.svg"])
    #expect(charts[0].svg.contains("99 %"))
  }

  /// The same trace through a `flowlayout session` child: every answer valid, every frame
  /// timed, the child's memory read; and `flowlayout profile --trace` replays one.
  @Test(.enabled(if: FlowLayoutBinary.url != nil, "flowlayout is not built: run `swift build`"))
  func pipeAndProfileReplay() throws {
    let url = try #require(FlowLayoutBinary.url)
    let trace = TraceKind.chat.trace(itemCount: 1_000, frames: 20)
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    let piped = TraceReplay.throughPipe(
      trace, executable: url.path, arguments: ["session", "--engine", "fast"],
      environment: environment, engineName: "fast")
    #expect(piped.status == "ok", "\(piped.note ?? "") \(piped.firstError ?? "")")
    #expect(piped.errors == 0)
    #expect(piped.framesReplayed == trace.frames.count)
    #if os(Linux)
      #expect((piped.rssAfterOpen ?? 0) > 0 && (piped.peakRss ?? 0) >= (piped.rssAtEnd ?? 0))
      // The child's own memory is part of its RSS; the table shows it.
      let own = try #require(piped.anonymousRssAtEnd)
      #expect(own > 0 && own <= (piped.rssAtEnd ?? 0))
      #expect(TraceReport.lines([piped])[2].contains("; own "))
    #endif
    let profile = try FlowLayoutBinary.run(
      ["profile", "--trace", "chat", "--n", "1000", "--frames", "20"])
    #expect(profile.status == 0, "\(profile.stderr)")
    #expect(profile.stdout.contains("0 error answers"), "\(profile.stdout)")
    let unknown = try FlowLayoutBinary.run(["profile", "--trace", "chatter"])
    #expect(unknown.status != 0 && unknown.stderr.contains("unknown trace"))
  }

  @Test func anInvalidTraceFails() {
    var trace = TraceKind.feed.trace(itemCount: 1_000, frames: 20)
    trace.frames[3].lines.append(Array("{\"frame\":[0,999999]}".utf8))
    let result = TraceReplay.inProcess(
      trace, engine: FastFlowLayout.self, engineName: "fast", allocator: UnmeasuredAllocator())
    #expect(result.status == "failed")
    #expect(result.errors == 1)
    #expect(result.firstError?.contains("999999") == true)
  }
}

/// Two sessions' answers to one request compared under the engines' equality contract
/// (`EqualityContract`, `EngineComparison` in FlowLayoutEquality): equal bytes, or the same
/// JSON with numbers within the tolerance; for `elements` answers, the elements as
/// `EngineComparison.compareQuery` compares a rect query (boundary elements exempt).
enum SessionAnswers {
  static func object(_ bytes: [UInt8]) throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
  }

  /// `nil` when `a` and `b` agree, else the first difference.
  static func difference(_ a: String, _ b: String, request: [UInt8]) throws -> String? {
    if a == b { return nil }
    if let rect = try object(request)["elements"] as? [Double] {
      return try elementsDifference(
        a, b, rect: Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
    }
    let x = try JSONSerialization.jsonObject(with: Data(a.utf8))
    let y = try JSONSerialization.jsonObject(with: Data(b.utf8))
    return jsonDifference(x, y, at: "").map { "\($0): fast \(a) vs reference \(b)" }
  }

  /// Numbers within the tolerance; everything else exactly.
  static func jsonDifference(_ x: Any, _ y: Any, at path: String) -> String? {
    switch (x, y) {
    case (let x as [String: Any], let y as [String: Any]):
      guard Set(x.keys) == Set(y.keys) else { return "\(path): keys differ" }
      for key in x.keys.sorted() {
        if let d = jsonDifference(x[key]!, y[key]!, at: path + "." + key) { return d }
      }
      return nil
    case (let x as [Any], let y as [Any]):
      guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) elements" }
      for (k, (e, f)) in zip(x, y).enumerated() {
        if let d = jsonDifference(e, f, at: "\(path)[\(k)]") { return d }
      }
      return nil
    case (let x as NSNumber, let y as NSNumber):
      return EqualityContract.close(x.doubleValue, y.doubleValue) ? nil : "\(path): \(x) vs \(y)"
    case (let x as String, let y as String):
      return x == y ? nil : "\(path): \(x) vs \(y)"
    case (is NSNull, is NSNull):
      return nil
    default:
      return "\(path): \(x) vs \(y)"
    }
  }

  /// An `elements` answer: content size and offset within the tolerance, hidden and overflowing
  /// items exactly, items and headers/footers as a rect query (flags exactly).
  static func elementsDifference(_ a: String, _ b: String, rect: Rect) throws -> String? {
    let x = try LayoutOutput.decode(a)
    let y = try LayoutOutput.decode(b)
    if !EqualityContract.close(x.contentSize, y.contentSize) {
      return "contentSize \(x.contentSize) vs \(y.contentSize)"
    }
    switch (x.contentOffset, y.contentOffset) {
    case (nil, nil): break
    case (let p?, let q?)
    where EqualityContract.close(p.x, q.x) && EqualityContract.close(p.y, q.y):
      break
    default:
      return
        "contentOffset \(String(describing: x.contentOffset)) vs \(String(describing: y.contentOffset))"
    }
    if x.hiddenItems != y.hiddenItems { return "hiddenItems differ" }
    if x.overflowingItems != y.overflowingItems { return "overflowingItems differ" }
    func elements(_ o: LayoutOutput) -> [LayoutElement] {
      o.items.map {
        LayoutElement(
          kind: .item, path: ItemPath(section: $0.section, item: $0.item), frame: $0.frame)
      }
        + o.supplementary.map {
          LayoutElement(
            kind: $0.kind, path: ItemPath(section: $0.section, item: 0), frame: $0.frame)
        }
    }
    var comparison = EngineComparison(limit: 1)
    comparison.compareQuery(elements(x), elements(y), rect: rect, an: "fast", bn: "reference")
    if let d = comparison.differences.first { return d }
    // Flags of the elements both return.
    let estimated = Dictionary(
      y.items.map { (ItemPath(section: $0.section, item: $0.item), $0.estimated) },
      uniquingKeysWith: { a, _ in a })
    for item in x.items {
      let path = ItemPath(section: item.section, item: item.item)
      if let other = estimated[path], other != item.estimated {
        return "item \(path): estimated \(item.estimated) vs \(other)"
      }
    }
    for s in x.supplementary {
      if let t = y.supplementary.first(where: { $0.kind == s.kind && $0.section == s.section }),
        t.pinned != s.pinned || t.seeAll != s.seeAll
      {
        return "\(s.kind) \(s.section): pinned/seeAll differ"
      }
    }
    return nil
  }
}
