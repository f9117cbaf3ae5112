/// Shrinks a failing session to a small one that fails the same way (the same
/// `SessionFailure.kind`): drops requests (halves, then quarters, … then one at a time), then
/// simplifies each request's JSON member by member (drops an object member or an array entry,
/// replaces a number by 0, 1 or its integer part; a long array loses halves to sixteenths),
/// repeating until nothing more can go or the budget of replays is spent.
public struct SessionShrinker {
  public private(set) var lines: [String]
  public private(set) var failure: SessionFailure
  /// Replays left.
  public private(set) var budget: Int

  public init(lines: [String], failure: SessionFailure, budget: Int = 4_000) {
    // Requests after the failing one play no part.
    self.lines = Array(lines.prefix(failure.line + 1))
    self.failure = failure
    self.budget = budget
  }

  /// Keeps `candidate` if it still fails the same way.
  mutating func attempt(_ candidate: [String]) -> Bool {
    guard budget > 0, candidate != lines else { return false }
    budget -= 1
    guard let f = SessionFuzzer.replay(candidate), f.kind == failure.kind else { return false }
    lines = Array(candidate.prefix(f.line + 1))
    failure = f
    return true
  }

  public mutating func shrink() {
    var progress = true
    while progress, budget > 0 {
      progress = false
      // 1. Drop runs of requests, largest first.
      var chunk = max(1, lines.count / 2)
      while chunk >= 1, budget > 0 {
        var start = 0
        while start < lines.count, budget > 0 {
          var candidate = lines
          candidate.removeSubrange(start..<min(lines.count, start + chunk))
          if attempt(candidate) { progress = true } else { start += chunk }
        }
        chunk /= 2
      }
      // 2. Simplify each request's JSON.
      for k in lines.indices where budget > 0 {
        guard k < lines.count, let value = JSONValue.parse(lines[k]) else { continue }
        var current = value
        var index = 0
        while budget > 0 {
          let variants = Self.simplifications(of: current)
          guard index < variants.count else { break }
          var candidate = lines
          candidate[k] = variants[index].text
          if attempt(candidate) {
            current = variants[index]
            progress = true
            // The list of variants changed: start over for this line.
            index = 0
          } else {
            index += 1
          }
        }
      }
    }
  }

  /// Every value one step simpler than `v`: one member or entry removed, or one number made
  /// rounder, anywhere in the tree (larger removals first).
  static func simplifications(of v: JSONValue) -> [JSONValue] {
    var result: [JSONValue] = []
    switch v {
    case .object(let members):
      for k in members.indices where members.count > 1 || k > 0 {
        var m = members
        m.remove(at: k)
        result.append(.object(m))
      }
      for k in members.indices {
        for simpler in simplifications(of: members[k].1) {
          var m = members
          m[k].1 = simpler
          result.append(.object(m))
        }
      }
    case .array(let values) where values.count > 16:
      // A long array (a long section's items): its halves, quarters, … sixteenths removed, not
      // each entry (thousands of variants of a 100 kB line each); its entries are simplified
      // once it is short.
      var chunk = values.count / 2
      while chunk >= values.count / 16, chunk > 0 {
        for start in stride(from: 0, to: values.count, by: chunk) {
          var a = values
          a.removeSubrange(start..<min(values.count, start + chunk))
          result.append(.array(a))
        }
        chunk /= 2
      }
    case .array(let values):
      for k in values.indices {
        var a = values
        a.remove(at: k)
        result.append(.array(a))
      }
      for k in values.indices {
        for simpler in simplifications(of: values[k]) {
          var a = values
          a[k] = simpler
          result.append(.array(a))
        }
      }
    case .number(let x):
      for y in [0, 1, x.rounded(.towardZero)] where y != x && abs(y) < abs(x) {
        result.append(.number(y))
      }
    case .string(let s) where s.count > 1:
      result.append(.string(String(s.prefix(1))))
    default: break
    }
    return result
  }
}
