#!/usr/bin/env bash
# Instructions per item of one `flowlayout profile` scenario, from callgrind's totals of the
# operation alone (`EngineOperation.perform` and what it calls):
#   (Ir with K2 runs − Ir with K1 runs) / ((K2 − K1) · n),   K1 = K / 2 (at least 1), K2 = K
# so the setup (building the workload and the engine) is not counted, and neither is the first
# run's one-time work (a first edit's page cut, buffers grown). Counting only `perform` matters
# where the setup is large and not repeatable: `fiori-grid` builds its cells with hashed
# dictionaries, whose random seeds move the setup by millions of instructions run to run, more
# than a layout of 100 000 items executes. Callgrind's counts of the operation repeat run to run.
# Callgrind follows `perform` on the calling thread only: with `--threads 2`, set
# WHOLE_PROGRAM=1 to count every thread's instructions (the setup then counted, and cancelled by
# the difference only where it repeats).
#
# Usage: Benchmarks/profile/instructions-per-item.sh SCENARIO ENGINE N K [PROFILE OPTIONS…]
#   e.g. Benchmarks/profile/instructions-per-item.sh mixed/layout fast 100000 10 --threads 2
#   (K ≥ 2). Needs: valgrind, a release build (swift build -c release --product flowlayout).
set -euo pipefail
scenario=$1 engine=$2 n=$3 k=$4
shift 4
extra=("$@")
if (( k < 2 )); then echo "K must be at least 2" >&2; exit 64; fi
k1=$(( k / 2 ))
out=$(mktemp -d)
# Valgrind 3.19 rejects the DWARF of Swift 6.3 release binaries ("Possibly corrupted debuginfo
# file"): profile a copy without debug info (function names stay, from the symbol table).
bin=$out/flowlayout
cp "${FLOWLAYOUT:-.build/release/flowlayout}" "$bin"
strip --strip-debug "$bin"
only=(--collect-atstart=no '--toggle-collect=$s15FlowLayoutBench15EngineOperationV7performyyKF*')
if [[ ${WHOLE_PROGRAM:-0} == 1 ]]; then only=(); fi
total() {
  valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" ${only[@]+"${only[@]}"} \
    "$bin" profile "$scenario" --engine "$engine" --n "$n" --iterations "$1" ${extra[@]+"${extra[@]}"} >/dev/null 2>"$out/log.$1"
  grep -E '^totals:' "$out/cg.$1" | awk '{print $2}'
}
first=$(total "$k1")
full=$(total "$k")
python3 -c "
first, full, k1, k, n = $first, $full, $k1, $k, $n
print(f'$scenario engine=$engine n={n} runs={k1}->{k}: Ir={first}->{full} '
      f'per run={(full - first) / (k - k1):.0f} per item={(full - first) / ((k - k1) * n):.2f}')"
rm -rf "$out"
