import FlowLayoutModel
import SessionFuzzing
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The session fuzzer, bounded (docs/fuzzing.md, "Session fuzzer"): random sessions of both
/// engines in lockstep. `SESSION_FUZZ_SESSIONS` (total, default 520) and
/// `SESSION_FUZZ_REQUESTS` (per session, default 40) raise it; `SESSION_FUZZ_BASE` picks other
/// seeds. A failure is shrunk and printed as lines to paste into `SessionFuzzSeeds.swift`.
@Suite struct SessionFuzzTests {
  static func setting(_ name: String, _ fallback: Int) -> Int {
    guard let text = getenv(name).map({ String(cString: $0) }), let value = Int(text) else {
      return fallback
    }
    return value
  }

  /// Four shards run in parallel (Swift Testing runs tests concurrently).
  static let shards = 4

  @Test(arguments: 0..<shards)
  func randomSessionsAgree(shard: Int) {
    let total = Self.setting("SESSION_FUZZ_SESSIONS", 520)
    let requests = Self.setting("SESSION_FUZZ_REQUESTS", 40)
    let base = UInt64(Self.setting("SESSION_FUZZ_BASE", 34))
    let per = (total + Self.shards - 1) / Self.shards
    let indices = (shard * per)..<min(total, (shard + 1) * per)
    let (counts, found) = SessionFuzzer.run(base: base, indices: indices, requests: requests)
    print(
      "session fuzz shard \(shard): \(counts.sessions) sessions, \(counts.requests) requests, "
        + "\(counts.errors) error answers, \(counts.mismatches) mismatches")
    if let found {
      var shrinker = SessionShrinker(lines: found.lines, failure: found.failure, budget: 2_000)
      shrinker.shrink()
      let literal = shrinker.lines.map { "  #\"\($0)\"#," }.joined(separator: "\n")
      Issue.record(
        """
        session \(found.index) (base \(base)): \(found.failure)
        shrunk to \(shrinker.lines.count) requests: \(shrinker.failure)
        \(literal)
        """)
    }
    #expect(counts.sessions == indices.count)
  }

  /// Every session the fuzzer found (shrunk), replayed: both engines agree and every error
  /// answer changed nothing.
  @Test(arguments: SessionFuzzSeeds.all.indices)
  func foundSessionsAgree(index: Int) {
    let seed = SessionFuzzSeeds.all[index]
    let failure = SessionFuzzer.replay(seed.lines)
    #expect(failure == nil, "\(seed.name): \(failure.map(String.init(describing:)) ?? "")")
  }
}
