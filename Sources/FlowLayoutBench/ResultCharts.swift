/// The charts of a run: time vs n per operation (a line per engine and workload) and the
/// fast/reference time ratio per workload (a line per operation). File name → SVG text.
public enum ResultCharts {
  static let engineColors: [String: String] = [
    "fast": "#1f77b4", "reference": "#d62728", "c-loop": "#2ca02c", "taffy": "#9467bd",
  ]
  static let workloadDashes: [String: String?] = [
    "uniform": nil, "mixed": "6,3", "columns": "2,3", "scroll": "10,3,2,3",
    "fiori-grid": "12,4", "fiori-kv": "4,2,1,2,1,2", "sections": "1,4",
  ]
  static let operationColors = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf", "#393b79", "#ad494a", "#8c6d31",
  ]

  /// Every chart, keyed by file name, in a fixed order.
  public static func charts(for rows: [BenchRow]) -> [(name: String, svg: String)] {
    var result: [(String, String)] = []
    let operations = BenchOperation.allCases.map(\.rawValue).filter { op in
      rows.contains { $0.operation == op }
    }
    let workloads = orderedUnique(rows.map(\.workload))
    let engines = ResultTable(rows: rows).engines
    for operation in operations {
      let isMemory = operation == BenchOperation.memory.rawValue
      var series: [LogLogChart.Series] = []
      for engine in engines {
        for workload in workloads {
          let points = rows.filter {
            $0.operation == operation && $0.column == engine && $0.workload == workload
              && $0.status == "ok"
          }.sorted { $0.n < $1.n }.compactMap { row -> (Double, Double)? in
            guard let y = isMemory ? row.bytesPerItem : row.medianNs else { return nil }
            return (Double(row.n), y)
          }
          guard !points.isEmpty else { continue }
          series.append(
            LogLogChart.Series(
              label: "\(engine) \(workload)", color: engineColors[engine] ?? "#17becf",
              dash: workloadDashes[workload] ?? nil, points: points))
        }
      }
      let chart = LogLogChart(
        title: isMemory ? "memory: bytes per item at rest" : "\(operation): time of one operation",
        xLabel: "items (n)", yLabel: isMemory ? "bytes per item" : "median time",
        series: series, yAxisIsNanoseconds: !isMemory)
      result.append(("time-\(operation).svg", chart.svg()))
    }
    for workload in workloads {
      var series: [LogLogChart.Series] = []
      for (i, operation) in operations.enumerated() {
        let points = rows.filter {
          $0.workload == workload && $0.operation == operation && $0.column == "fast"
        }
        .sorted { $0.n < $1.n }.compactMap { fast -> (Double, Double)? in
          let reference = rows.first {
            $0.workload == workload && $0.operation == operation && $0.engine == "reference"
              && $0.n == fast.n
          }
          return ResultTable.ratio(fast, reference).map { (Double(fast.n), $0) }
        }
        guard !points.isEmpty else { continue }
        series.append(
          LogLogChart.Series(
            label: operation, color: operationColors[i % operationColors.count], points: points))
      }
      let chart = LogLogChart(
        title: "\(workload): fast / reference (time; bytes for memory)", xLabel: "items (n)",
        yLabel: "ratio (below 1: fast is faster)", series: series, referenceY: 1,
        yAxisIsNanoseconds: false)
      result.append(("ratio-\(workload).svg", chart.svg()))
    }
    return result
  }

  static func orderedUnique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }
}
