#!/usr/bin/env bash
# Builds the session fuzzer's long run (Fuzz/'s `fuzz-sessions`, release, no sanitizer, its own
# scratch path) and runs it; arguments are passed on (docs/fuzzing.md, "Session fuzzer").
#
#   scripts/fuzz-sessions.sh --sessions 10000 --requests 120
#   scripts/fuzz-sessions.sh --sessions 2000 --base 7 --start 4000
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/Fuzz"
scratch="$fuzz/.build-sessions"
# Re-plan every time (see scripts/fuzz.sh: a merge may add files to the root's targets).
rm -f "$scratch/release.yaml" "$scratch/release/description.json"
swift build --package-path "$fuzz" --scratch-path "$scratch" -c release --product fuzz-sessions
binary="$(swift build --package-path "$fuzz" --scratch-path "$scratch" -c release \
  --show-bin-path)/fuzz-sessions"
exec "$binary" "$@"
