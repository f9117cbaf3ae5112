/// A run compared with an earlier one, row by row (matched on workload, operation, engine, n).
///
/// A row regresses when its fastest sample (`min_ns`, the cost least disturbed by other processes:
/// interference only ever adds time) grew by more than `timeThreshold` (a fraction) **and** by
/// more than `absoluteFloorNanoseconds`, or when its allocations per operation grew by more than
/// half an allocation (allocation counts are exact, times are noisy). The printed change is the
/// median's.
public struct BenchComparison {
  public struct Change {
    public var key: String
    public var oldText: String
    public var newText: String
    /// new / old − 1 for the time (or bytes for memory), if both exist.
    public var change: Double?
    public var regressed: Bool
    public var reason: String?
  }

  public let changes: [Change]

  public init(
    old: BenchResults, new: BenchResults, timeThreshold: Double,
    absoluteFloorNanoseconds: Double = 200
  ) {
    var oldByKey: [String: BenchRow] = [:]
    for row in old.rows { oldByKey[row.key] = row }
    var changes: [Change] = []
    for row in new.rows {
      guard let before = oldByKey[row.key] else { continue }
      var change = Change(
        key: row.key, oldText: ResultTable.cellText(before), newText: ResultTable.cellText(row),
        change: nil, regressed: false, reason: nil)
      if row.operation == BenchOperation.memory.rawValue {
        if let a = before.bytesPerItem, let b = row.bytesPerItem, a > 0 {
          change.change = b / a - 1
          if b > a * 1.01 + 0.5 {
            change.regressed = true
            change.reason = "bytes per item \(fixed(a, 1)) → \(fixed(b, 1))"
          }
        }
      } else if let a = before.medianNs, let b = row.medianNs, a > 0 {
        change.change = b / a - 1
        if let lo0 = before.minNs, let lo1 = row.minNs, lo0 > 0,
          lo1 > lo0 * (1 + timeThreshold) && lo1 - lo0 > absoluteFloorNanoseconds
        {
          change.regressed = true
          change.reason =
            "fastest sample +\(fixed((lo1 / lo0 - 1) * 100, 1)) % > \(fixed(timeThreshold * 100, 0)) %"
        }
      }
      if let a = before.allocations, let b = row.allocations, b > a + 0.5 {
        change.regressed = true
        change.reason = [change.reason, "allocations \(fixed(a, 1)) → \(fixed(b, 1))"]
          .compactMap { $0 }.joined(separator: "; ")
      }
      if before.status == "ok" && row.status != "ok" {
        change.regressed = true
        change.reason = "was ok, now \(row.status)"
      }
      changes.append(change)
    }
    self.changes = changes
  }

  public var regressions: [Change] { changes.filter(\.regressed) }

  /// One line per matched row: key, old, new, change, and `REGRESSION` with its reason.
  public func lines() -> [String] {
    let keyWidth = changes.map(\.key.count).max() ?? 0
    return changes.map { c in
      let pct = c.change.map { ($0 >= 0 ? "+" : "") + fixed($0 * 100, 1) + " %" } ?? "n/a"
      let flag = c.regressed ? "  REGRESSION: \(c.reason ?? "")" : ""
      return
        "\(c.key.padded(to: keyWidth))  \(c.oldText) → \(c.newText)  \(pct)\(flag)"
    }
  }
}
