/// `summary.md` of a run: how it was made, the table, and the charts.
public enum SummaryReport {
  public static func markdown(_ results: BenchResults, charts: [String]) -> String {
    let m = results.meta
    var lines = [
      "# flowlayout bench — \(m.date)",
      "",
      "| | |",
      "| --- | --- |",
      "| command | `flowlayout bench \(m.flags.joined(separator: " "))` |",
      "| machine | \(m.machine), \(m.cpu), \(m.cores) cores |",
      "| toolchain | \(m.toolchain) |",
      "| build | \(m.build) |",
      "| commit | \(m.commit) |",
      "| sizes | \(m.sizes.map(String.init).joined(separator: ", ")) |",
      "| sampling | warm-up ≥ \(m.sampling.warmupRuns) runs and \(fixed(m.sampling.warmupSeconds, 3)) s; "
        + "samples until ≥ \(fixed(m.sampling.minimumSeconds, 2)) s and ≥ \(m.sampling.minimumSamples) samples "
        + "(≤ \(m.sampling.maximumSamples)); median, min, max; skip above \(fixed(m.sampling.sampleLimitSeconds, 2)) s per run |",
      "| clock | \(m.clock): steps of \(m.clockResolutionNs) ns seen (stated \(m.clockStatedResolutionNs) ns) |",
      "| allocator | \(m.allocator); allocation counts: \(m.allocationCounting) |",
    ]
    if let scope = m.scope { lines.append("| left out | \(scope) |") }
    if let peers = m.peers { lines.append("| peers | \(peers) |") }
    lines += [
      "",
      "Times are of one operation (one whole layout for `layout`, one viewport query for `scroll`), "
        + "median [min–max]. `fast/x` is the fast engine's time divided by x's (below 1: fast is "
        + "faster); for `memory` it divides bytes per item. `skipped`: one run would exceed the "
        + "sample limit (see results.json's `note`).",
      "",
    ]
    if !results.rows.isEmpty { lines += ResultTable(rows: results.rows).lines() }
    if let traces = results.traces, !traces.isEmpty {
      lines += ["", "## Traces", ""] + TraceReport.explanation + [""] + TraceReport.lines(traces)
      let failed = traces.filter { $0.status != "ok" }
      if !failed.isEmpty {
        lines += [""]
        lines += failed.map {
          "- trace \($0.trace) n=\($0.n) \($0.mode): \($0.status) — \($0.note ?? "")"
            + ($0.firstError.map { " (first error: `\($0)`)" } ?? "")
        }
      }
    }
    let problems = results.rows.filter { $0.status != "ok" }
    if !problems.isEmpty {
      lines += ["", "## Not measured", ""]
      lines += problems.map { "- \($0.key): \($0.status) — \($0.note ?? "")" }
    }
    if !charts.isEmpty {
      lines += ["", "## Charts", ""]
      lines += charts.map { "![\($0)](\($0))" }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
