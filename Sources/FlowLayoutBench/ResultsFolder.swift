#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a run's folder: `results.json` (raw), `summary.md`, and the SVG charts.
public enum ResultsFolder {
  /// `results/<UTC date-time>` (`results/2026-11-22T104107Z`).
  public static func defaultPath(date: String) -> String {
    "results/" + String(date.filter { $0 != ":" })
  }

  /// Writes everything into `directory` (created if needed) and returns the files written.
  ///
  /// - Throws: file-system errors.
  public static func write(_ results: BenchResults, to directory: String) throws -> [String] {
    let url = URL(fileURLWithPath: directory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    var written: [String] = []
    try encode(results).write(to: url.appendingPathComponent("results.json"))
    written.append("results.json")
    let charts =
      (results.rows.isEmpty ? [] : ResultCharts.charts(for: results.rows))
      + TraceReport.charts(for: results.traces ?? [])
    for chart in charts {
      try Data(chart.svg.utf8).write(to: url.appendingPathComponent(chart.name))
      written.append(chart.name)
    }
    let summary = SummaryReport.markdown(results, charts: charts.map(\.name))
    try Data(summary.utf8).write(to: url.appendingPathComponent("summary.md"))
    written.append("summary.md")
    return written.map { url.appendingPathComponent($0).path }
  }

  /// The JSON of a run: sorted keys, pretty-printed (diffs between runs stay readable).
  public static func encode(_ results: BenchResults) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    return try encoder.encode(results)
  }

  /// Reads a run's `results.json`.
  ///
  /// - Throws: file errors, or `DecodingError` for a file that is not a run.
  public static func read(_ path: String) throws -> BenchResults {
    try decode(Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Decodes a run's JSON (snake_case keys: `median_ns`, `bytes_per_item`, …).
  ///
  /// - Throws: `DecodingError` for data that is not a run.
  public static func decode(_ data: Data) throws -> BenchResults {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(BenchResults.self, from: data)
  }
}
