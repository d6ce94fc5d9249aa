#!/usr/bin/env bash
# Test-stream throughput: `csf test` over 500 generated small streams (a 16x16 clear
# and three expectations each) against `csf test` of one such stream, both whole processes as users run
# them (the ./csf launcher, one JVM), measured in the same run; goal: 500 streams in at most 4x the time of
# one. Prints streams per second and the ratio.
#
# Usage: bench/test.sh        (ROUNDS=N repeats each measurement, best kept; default 3; STREAMS=N: 500)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds="${ROUNDS:-3}"
streams="${STREAMS:-500}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

./csf --version >/dev/null   # builds the fat jar if needed, outside the measurement

mkdir -p "$work/many" "$work/one"
for i in $(seq 0 $((streams - 1))); do
  colour=$(( (i * 2654435761) & 0xffffff ))
  r=$(( colour & 0xff )); g=$(( colour >> 8 & 0xff )); b=$(( colour >> 16 & 0xff ))
  cat >"$work/many/s$i.csf" <<CSF
.buffer color, size=16 * 16 * 4
.buffer fb, align=64
fbd:    .fbd width=16, height=16
        .rt  format=R8G8B8A8, layout=linear, base=color, row_stride=64, clear=$(printf '0xff%06x' "$colour")
.stream main
        MOVE48 d40, fbd(fbd)
        MOVE32 r42, #0
        MOVE32 r43, 15 | 15 << 16
        RUN_FRAGMENT
        MOVE32 r4, #$i
.expect status ok
.expect r4 == $i
.expect pixel color(15, 15) == ($r, $g, $b, 255)
CSF
done
cp "$work/many/s0.csf" "$work/one/s0.csf"

# Best wall time in seconds of a command over the rounds; it must pass.
best() {
  local best_ns=""
  for _ in $(seq "$rounds"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >"$work/last.log" || { cat "$work/last.log" >&2; echo "test.sh: $* failed" >&2; exit 1; }
    t1=$(date +%s%N)
    local ns=$((t1 - t0))
    [[ -z "$best_ns" || $ns -lt $best_ns ]] && best_ns=$ns
  done
  awk -v ns="$best_ns" 'BEGIN { printf "%.3f", ns / 1e9 }'
}

one=$(best ./csf test "$work/one")
many=$(best ./csf test "$work/many")
grep -q "^$streams passed, 0 failed" "$work/last.log" || { cat "$work/last.log" >&2; exit 1; }

awk -v one="$one" -v many="$many" -v n="$streams" -v cores="$(nproc)" 'BEGIN {
  ratio = many / one
  printf "csf test, %d cores (best of each; whole processes)\n", cores
  printf "  1 stream          %7.3f s\n", one
  printf "  %d streams      %7.3f s   %.0f streams/s   %.0f streams/s beyond the first\n", n, many, n / many, (n - 1) / (many - one)
  printf "  ratio %d : 1      %7.2fx    goal <= 4x   %s\n", n, ratio, (ratio <= 4 ? "met" : "NOT MET")
}'
