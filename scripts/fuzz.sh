#!/usr/bin/env bash
# Builds one libFuzzer target of the nested package Fuzz/ (AddressSanitizer, release) and runs it
# for SECONDS on one core.
#
#   scripts/fuzz.sh fuzz-document 300
#   scripts/fuzz.sh fuzz-edits 300
#   scripts/fuzz.sh fuzz-session 300
#   scripts/fuzz.sh fuzz-document 0 Fuzz/Findings/some-crash   # replay inputs, no fuzzing
#
# Working corpus: Fuzz/corpus/TARGET (ignored by git), seeded on each run from
#   fuzz-document: examples/*.json and the `input` object of every
#                  Tests/FlowLayoutReferenceTests/Golden/*.json, plus Fuzz/Seeds/fuzz-document;
#   fuzz-edits:    Fuzz/Seeds/fuzz-edits;
#   fuzz-session:  Fuzz/Seeds/fuzz-session (request lines, docs/session.md).
# Crashes and mismatches are written to Fuzz/artifacts/TARGET/ (ignored by git).
# FUZZ_OPTIONS adds libFuzzer options, e.g. FUZZ_OPTIONS="-len_control=0".
set -euo pipefail

target="${1:?usage: scripts/fuzz.sh fuzz-document|fuzz-edits SECONDS [INPUT...]}"
seconds="${2:?usage: scripts/fuzz.sh TARGET SECONDS [INPUT...]}"
shift 2
case "$target" in
  fuzz-document | fuzz-edits | fuzz-session) ;;
  *) echo "unknown target $target (fuzz-document, fuzz-edits or fuzz-session)" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/Fuzz"
scratch="$fuzz/.build-fuzz"

# Re-plan every time (cheap; objects are reused): a cached plan missed source files that a
# `git merge` had added to the root package's targets ("cannot find ... in scope").
rm -f "$scratch/release.yaml" "$scratch/release/description.json"
swift build --package-path "$fuzz" --scratch-path "$scratch" -c release \
  --product "$target" -Xswiftc -sanitize=fuzzer,address -Xswiftc -g
binary="$(swift build --package-path "$fuzz" --scratch-path "$scratch" -c release \
  --show-bin-path)/$target"

export SWIFT_BACKTRACE=enable=no
if [ "$#" -gt 0 ]; then
  # Replay the given inputs once each.
  exec "$binary" -runs=1 "$@"
fi

corpus="$fuzz/corpus/$target"
artifacts="$fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
if [ -d "$fuzz/Seeds/$target" ]; then cp -n "$fuzz/Seeds/$target"/* "$corpus"/ 2>/dev/null || true; fi
options=()
if [ "$target" = fuzz-document ]; then
  cp -n "$root"/examples/*.json "$corpus"/ 2>/dev/null || true
  python3 - "$root/Tests/FlowLayoutReferenceTests/Golden" "$corpus" <<'PY'
import json, pathlib, sys
source, corpus = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for path in sorted(source.glob("*.json")):
    document = json.loads(path.read_text())
    if "input" in document:
        (corpus / ("golden-" + path.name)).write_text(json.dumps(document["input"]))
PY
  options+=(-dict="$fuzz/document.dict" -max_len=8192)
elif [ "$target" = fuzz-session ]; then
  options+=(-dict="$fuzz/document.dict" -max_len=8192)
else
  options+=(-max_len=512)
fi

# One job, one worker: the machine's 2 cores are shared. -max_total_time stops the fuzzer.
# With -jobs libFuzzer runs the job as a child process logging to fuzz-0.log in the current
# directory: Fuzz/logs/TARGET/ (ignored by git), printed when the run ends.
logs="$fuzz/logs/$target"
mkdir -p "$logs"
cd "$logs"
status=0
"$binary" "$corpus" -jobs=1 -workers=1 -max_total_time="$seconds" -timeout=20 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "${options[@]}" ${FUZZ_OPTIONS:-} || status=$?
tail -n 60 "$logs/fuzz-0.log"
exit "$status"
