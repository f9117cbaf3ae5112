#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The traces' part of a run's report: one table line per replay (trace, n, mode) and one
/// latency chart per trace (every replay of it as a percentile curve).
public enum TraceReport {
  /// What the table's columns are, for `summary.md`.
  public static let explanation = [
    "Each trace is an `open` and frames of `flowlayout session` requests (viewport, elements, "
      + "measurements, the user's edit; `docs/benchmarks.md`, \"Traces\"). A frame's time runs "
      + "from its first request to its last answer. p50/p99 are nearest-rank over the frames; "
      + "`> 8.33` and `> 16.7` count frames over the 120 Hz and 60 Hz budgets; `worst` is the "
      + "slowest frame's tag, in process with the minor page faults and the involuntary context "
      + "switches (preemptions) of the process while it ran: on a shared machine a frame whose "
      + "threads were preempted waits a scheduler slice per preemption. `frames` k/m: the replay's time limit stopped it after k of m "
      + "frames (statistics over those). Allocations per frame (mean/max) and the session's live bytes come "
      + "from a second, counted replay. RSS through the pipe: the `flowlayout session` child "
      + "alone, as a user runs it (`own`: its `RssAnon`, without the pages of the executable "
      + "and the shared libraries it maps). In process (`+`): what the runner's RSS gained over its RSS "
      + "just before `open` (freed pages returned to the system before each reading; the peak "
      + "since just before `open`), the session's share of a process that also holds the traces."
  ]

  static func bytes(_ value: Int?) -> String {
    guard let value else { return "–" }
    let v = Double(value)
    if abs(v) >= 1e9 { return "\(fixed(v / 1e9, 2)) GB" }
    if abs(v) >= 1e6 { return "\(fixed(v / 1e6, 1)) MB" }
    if abs(v) >= 1e3 { return "\(fixed(v / 1e3, 1)) kB" }
    return "\(value) B"
  }

  static func time(_ ns: Double?) -> String { ns.map { format(nanoseconds: $0) } ?? "–" }

  /// The table, Markdown pipe syntax.
  public static func lines(_ results: [TraceResult]) -> [String] {
    var lines = [
      "| trace | n | mode | frames | open (document) | p50 | p99 | max | > 8.33 ms | > 16.7 ms | worst "
        + "| allocs/frame (max) | live after open → end | RSS after open → end (peak) |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results {
      guard r.status == "ok" || !r.frameNs.isEmpty else {
        lines.append(
          "| \(r.trace) | \(r.n) | \(r.mode) | \(r.frames) | \(r.status) | | | | | | | | | |")
        continue
      }
      let counted =
        (r.framesCounted ?? r.framesReplayed) < r.framesReplayed
        ? " over \(r.framesCounted ?? 0) frames" : ""
      let allocations =
        r.allocationsPerFrame.map {
          "\(fixed($0, 1)) (\(r.maxAllocationsPerFrame ?? 0))\(counted)"
        } ?? "–"
      let live = "\(bytes(r.liveBytesAfterOpen)) → \(bytes(r.liveBytesAtEnd))"
      let rss: String
      if let base = r.rssBeforeOpen {
        func gained(_ value: Int?) -> String { value.map { "+" + bytes($0 - base) } ?? "–" }
        rss = "\(gained(r.rssAfterOpen)) → \(gained(r.rssAtEnd)) (\(gained(r.peakRss)))"
      } else {
        rss =
          "\(bytes(r.rssAfterOpen)) → \(bytes(r.rssAtEnd)) (\(bytes(r.peakRss)))"
          + (r.anonymousRssAfterOpen == nil
            ? "" : "; own \(bytes(r.anonymousRssAfterOpen)) → \(bytes(r.anonymousRssAtEnd))")
      }
      lines.append(
        "| \(r.trace)\(r.status == "ok" ? "" : " (\(r.status))") | \(r.n) | \(r.mode) "
          + "| \(r.framesReplayed == r.frames ? "\(r.frames)" : "\(r.framesReplayed)/\(r.frames)") | \(time(r.openNs)) (\(bytes(r.openBytes))) | \(time(r.p50Ns)) | \(time(r.p99Ns)) "
          + "| \(time(r.maxNs)) | \(r.framesOver8Ms) | \(r.framesOver16Ms) "
          + "| \(worst(r)) | \(allocations) | \(live) | \(rss) |")
    }
    return lines
  }

  /// The slowest frame's tag, with its page faults and preemptions when they were read.
  static func worst(_ r: TraceResult) -> String {
    guard let tag = r.worstTag else { return "–" }
    guard let k = r.worstFrame, let faults = r.frameMinorFaults, let preempted = r.framePreemptions,
      k < faults.count, k < preempted.count
    else { return tag }
    return "\(tag) (\(faults[k]) faults, \(preempted[k]) preempted)"
  }

  static let sizeColors = ["#1f77b4", "#ff7f0e", "#d62728", "#2ca02c", "#9467bd"]

  /// One chart per trace, `trace-NAME.svg`: frame latency against the fraction of frames at or
  /// below it (x = 1/(1 − q), so 90 %, 99 %, 99.9 % are equally spaced), one curve per (n,
  /// mode), the 120 Hz budget as the reference line.
  public static func charts(for results: [TraceResult]) -> [(name: String, svg: String)] {
    let names = ResultCharts.orderedUnique(results.map(\.trace))
    let sizes = Array(Set(results.map(\.n))).sorted()
    return names.map { name in
      let series = results.filter { $0.trace == name && !$0.frameNs.isEmpty }.map { r in
        let sorted = r.frameNs.sorted()
        let m = Double(sorted.count)
        // A point where the curve moved by 1/40 of a decade on either axis, and the maximum:
        // ≤ ~250 points whatever the frame count, the shape kept.
        var points: [(Double, Double)] = []
        for (k, ns) in sorted.enumerated() {
          let x = m / (m - Double(k))
          if let last = points.last, k < sorted.count - 1,
            log10(x / last.0) < 0.025 && log10(ns / max(last.1, 1)) < 0.025
          {
            continue
          }
          points.append((x, ns))
        }
        let color = sizeColors[(sizes.firstIndex(of: r.n) ?? 0) % sizeColors.count]
        return LogLogChart.Series(
          label: "\(r.n) \(r.mode)", color: color, dash: r.mode == "pipe" ? "6,3" : nil,
          points: points)
      }
      let chart = LogLogChart(
        title: "\(name): frame latency by percentile", xLabel: "frames at or below (percentile)",
        yLabel: "frame time", series: series, referenceY: TraceResult.budget120Hz,
        yAxisIsNanoseconds: true, xTickLabel: percentileLabel)
      return ("trace-\(name).svg", chart.svg())
    }
  }

  /// The percentile at x = 10^e on the chart: 0 %, 90 %, 99 %, 99.9 %, …
  static func percentileLabel(_ e: Int) -> String {
    switch e {
    case ..<1: return "0 %"
    case 1: return "90 %"
    case 2: return "99 %"
    default: return "99." + String(repeating: "9", count: e - 2) + " %"
    }
  }
}
