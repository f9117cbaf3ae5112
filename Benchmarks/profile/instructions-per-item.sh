#!/usr/bin/env bash
# Instructions per item of one `flowlayout profile` scenario, from callgrind's totals:
#   (Ir with K runs − Ir with 0 runs) / (K · n)
# so the setup (building the workload and the engine) cancels out. Callgrind's totals repeat run
# to run (to ~1e-7 here), unlike times on a shared machine.
#
# Usage: Benchmarks/profile/instructions-per-item.sh SCENARIO ENGINE N K [PROFILE OPTIONS…]
#   e.g. Benchmarks/profile/instructions-per-item.sh mixed/layout fast 100000 10 --threads 2
# Needs: valgrind, a release build (swift build -c release --product flowlayout).
set -euo pipefail
scenario=$1 engine=$2 n=$3 k=$4
shift 4
extra=("$@")
out=$(mktemp -d)
# Valgrind 3.19 rejects the DWARF of Swift 6.3 release binaries ("Possibly corrupted debuginfo
# file"): profile a copy without debug info (function names stay, from the symbol table).
bin=$out/flowlayout
cp "${FLOWLAYOUT:-.build/release/flowlayout}" "$bin"
strip --strip-debug "$bin"
total() {
  valgrind --tool=callgrind --callgrind-out-file="$out/cg.$1" \
    "$bin" profile "$scenario" --engine "$engine" --n "$n" --iterations "$1" ${extra[@]+"${extra[@]}"} >/dev/null 2>"$out/log.$1"
  grep -E '^totals:' "$out/cg.$1" | awk '{print $2}'
}
base=$(total 0)
full=$(total "$k")
python3 -c "
base, full, k, n = $base, $full, $k, $n
print(f'$scenario engine=$engine n={n} runs={k}: Ir setup={base} total={full} '
      f'per run={(full - base) / k:.0f} per item={(full - base) / (k * n):.2f}')"
rm -rf "$out"
