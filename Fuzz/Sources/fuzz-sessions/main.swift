import SessionFuzzing

#if canImport(Glibc)
  import Glibc
#endif

// The session fuzzer's long run (docs/fuzzing.md, "Session fuzzer"): random sessions answered
// by both engines in lockstep, seeded, no libFuzzer. Options (all optional):
//   --sessions N   sessions to run (default 10 000)
//   --requests R   requests per session (default 120)
//   --base B       the run's seed (default 34); session k uses SessionFuzzer.seed(B, k)
//   --start K      first session index (default 0), to resume or split a run
// Prints a progress line every 1 000 sessions and the totals; at the first failure prints the
// session's index and the shrunk session (lines to paste into SessionFuzzSeeds.swift), exit 1.

var options: [String: Int] = ["--sessions": 10_000, "--requests": 120, "--base": 34, "--start": 0]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
  guard options[name] != nil, let text = arguments.popFirst(), let value = Int(text), value >= 0
  else {
    print("usage: fuzz-sessions [--sessions N] [--requests R] [--base B] [--start K]")
    exit(2)
  }
  options[name] = value
}
let base = UInt64(options["--base"]!)
let start = options["--start"]!
let end = start + options["--sessions"]!
var totals = SessionFuzzer.Counts()
var next = start
while next < end {
  let stop = min(end, next + 1_000)
  let (counts, found) = SessionFuzzer.run(
    base: base, indices: next..<stop, requests: options["--requests"]!)
  totals.sessions += counts.sessions
  totals.requests += counts.requests
  totals.errors += counts.errors
  totals.mismatches += counts.mismatches
  if let found {
    print("session \(found.index) (base \(base)): \(found.failure)")
    var shrinker = SessionShrinker(lines: found.lines, failure: found.failure)
    shrinker.shrink()
    print("shrunk to \(shrinker.lines.count) requests: \(shrinker.failure)")
    for line in shrinker.lines { print("  #\"\(line)\"#,") }
    print(
      "totals: \(totals.sessions) sessions, \(totals.requests) requests, \(totals.errors) error answers, \(totals.mismatches) mismatches"
    )
    exit(1)
  }
  next = stop
  print(
    "\(totals.sessions) sessions, \(totals.requests) requests, \(totals.errors) error answers, \(totals.mismatches) mismatches"
  )
  fflush(nil)
}
