/// The results as a table: one line per (workload, operation, n), one column per engine
/// (median with min–max), then the time ratios fast/reference and fast/c-loop (and fast/peer).
///
/// A ratio below 1 means the fast engine takes less time. Markdown pipe syntax, padded so it
/// also reads as plain text.
public struct ResultTable {
  public let rows: [BenchRow]

  public init(rows: [BenchRow]) { self.rows = rows }

  /// Engine names in report order: fast, reference, c-loop, then peers alphabetically.
  public var engines: [String] {
    let known = BenchEngine.allCases.map(\.rawValue)
    let present = Set(rows.map(\.column))
    return known.filter(present.contains) + present.subtracting(known).sorted()
  }

  /// One cell's text: `median [min–max]`, `N B/item` for memory, or why it is missing.
  public static func cellText(_ row: BenchRow?) -> String {
    guard let row else { return "" }
    if row.status != "ok" { return row.status }
    if row.operation == BenchOperation.memory.rawValue {
      return row.bytesPerItem.map { "\(fixed($0, 1)) B/item" } ?? "–"
    }
    guard let median = row.medianNs, let lo = row.minNs, let hi = row.maxNs else { return "–" }
    return "\(format(nanoseconds: median)) [\(format(nanoseconds: lo))–\(format(nanoseconds: hi))]"
  }

  /// `fast / other` as a time (or bytes) ratio, when both are measured. Against the C loop, a
  /// fast row sampled side by side with it (`sideBySideCLoopMedianNs`) is divided by the C
  /// loop's median sampled beside it.
  public static func ratio(_ fast: BenchRow?, _ other: BenchRow?) -> Double? {
    guard let fast, let other, fast.status == "ok", other.status == "ok" else { return nil }
    if fast.operation == BenchOperation.memory.rawValue {
      guard let a = fast.bytesPerItem, let b = other.bytesPerItem, b > 0 else { return nil }
      return a / b
    }
    if other.engine == BenchEngine.cLoop.rawValue, let a = fast.medianNs,
      let b = fast.sideBySideCLoopMedianNs, b > 0
    {
      return a / b
    }
    guard let a = fast.medianNs, let b = other.medianNs, b > 0 else { return nil }
    return a / b
  }

  public static func ratioText(_ value: Double?) -> String {
    guard let value else { return "" }
    return value >= 0.1 ? fixed(value, 2) : value >= 0.001 ? fixed(value, 4) : fixed(value, 6)
  }

  /// A row's allocations cell: per operation, or for `memory` (whose count is the whole
  /// build's, not an operation's) the count and "in build".
  static func allocationsText(_ row: BenchRow?) -> String {
    guard let row, let allocations = row.allocations else { return "" }
    return row.operation == BenchOperation.memory.rawValue
      ? "\(Int(allocations.rounded())) in build" : fixed(allocations, 1)
  }

  /// The table's lines.
  public func lines() -> [String] {
    let engines = self.engines
    let others = engines.filter { $0 != "fast" }
    var header = ["workload", "operation", "n"] + engines
    if engines.contains("fast") { header += others.map { "fast/\($0)" } }
    // Fast columns with more threads, against the C loop sampled beside them.
    let threaded = Set(rows.filter { $0.sideBySideCLoopMedianNs != nil }.map(\.column))
      .subtracting(["fast"]).sorted()
    let cLoop = BenchEngine.cLoop.rawValue
    if engines.contains(cLoop) { header += threaded.map { "\($0)/\(cLoop)" } }
    header.append("allocs/op (fast)")
    // The self-sizing workload's work counter, when such rows are present.
    let measuresCells = rows.contains { $0.cellsMeasuredPerRun != nil }
    if measuresCells { header.append("cells measured/op (fast)") }
    var body: [[String]] = []
    var index: [String: BenchRow] = [:]
    for row in rows { index["\(row.workload)/\(row.operation)/\(row.column)/\(row.n)"] = row }
    var keys: [(String, String, Int)] = []
    var seen = Set<String>()
    for row in rows where seen.insert("\(row.workload)/\(row.operation)/\(row.n)").inserted {
      keys.append((row.workload, row.operation, row.n))
    }
    for (workload, operation, n) in keys {
      func row(_ engine: String) -> BenchRow? { index["\(workload)/\(operation)/\(engine)/\(n)"] }
      var line = [workload, operation, String(n)] + engines.map { Self.cellText(row($0)) }
      if engines.contains("fast") {
        line += others.map { Self.ratioText(Self.ratio(row("fast"), row($0))) }
      }
      if engines.contains(cLoop) {
        line += threaded.map { Self.ratioText(Self.ratio(row($0), row(cLoop))) }
      }
      line.append(Self.allocationsText(row("fast")))
      if measuresCells { line.append(row("fast")?.cellsMeasuredPerRun.map { fixed($0, 1) } ?? "") }
      body.append(line)
    }
    var widths = header.map(\.count)
    for line in body {
      for (i, cell) in line.enumerated() { widths[i] = max(widths[i], cell.count) }
    }
    func render(_ cells: [String]) -> String {
      "| "
        + cells.enumerated().map { i, c in
          c.padded(to: widths[i])
        }
        .joined(separator: " | ") + " |"
    }
    return [
      render(header),
      "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|",
    ]
      + body.map(render)
  }
}
