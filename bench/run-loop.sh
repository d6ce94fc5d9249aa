#!/usr/bin/env bash
# The interpreter loop as users run it: whole-process `./csf run` (the launcher, its JVM options and class-data
# archive) of MOVE32 r0, #200000000 then an ADD_IMMEDIATE32 + BRANCH.ne loop (400,000,001 instructions,
# --steps=500000000), against bench/c/interp.c (gcc -O2), a minimal C switch interpreter of the same words, run
# after each csf run so that both see the same machine load. Goal: >= 0.5x C.
#
# C's time for the same count is taken from its best of five rounds (wall) and from its process CPU. Besides
# wall-time ratios, CPU ratios are printed (user + system of the whole process tree, the JIT compiler's and
# collector's threads included): on a busy machine they vary far less than wall time.
#
# Usage: bench/run-loop.sh              (RUNS=N rounds, default 7; median of each figure)
#        OPTS="-XX:TieredStopAtLevel=4" bench/run-loop.sh   adds runs with CSF_JAVA_OPTS=OPTS, alternating
#        SKIP_BUILD=1 bench/run-loop.sh   use the jar already built
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${RUNS:-7}"
command -v gcc >/dev/null || { echo "run-loop.sh: gcc not found" >&2; exit 1; }

# shellcheck source=bench/jvm-bench.sh
source "$root/bench/jvm-bench.sh"
bench_start
gcc -O2 -o "$work/interp" bench/c/interp.c
printf '.stream main\n    MOVE32 r0, #200000000\nloop:\n    ADD_IMMEDIATE32 r0, r0, #-1\n    BRANCH.ne r0, loop\n' \
  > "$work/loop.csf"
instructions=400000001
configs=(defaults)
[[ -z "${OPTS:-}" ]] || configs+=(opts)

csf() {
  local opts=""
  [[ "$1" == opts ]] && opts="$OPTS"
  CSF_JAVA_OPTS="$opts" ./csf run "$work/loop.csf" --steps=500000000 --out "$work/out"
}
# The first run after a build records the classes for the class-data archive, dumped in the background: that
# run is the start-up benchmark's (bench/startup.sh), so the archive is the one it measures; not timed.
./csf run examples/clear.csf --out "$work/out" >/dev/null 2>&1
sleep 5
csf defaults >/dev/null 2>&1 || { csf defaults; exit 1; }

# "wall cpu" seconds of one run
measure() {
  local TIMEFORMAT='%R %U %S' t
  t="$( { time "$@" >"$work/stdout" 2>&1; } 2>&1 )"
  awk '{ printf "%.4f %.4f\n", $1, $2 + $3 }' <<< "$t"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
loads=()
for _ in $(seq "$runs"); do
  for c in "${configs[@]}"; do
    read -r wall cpu <<< "$(measure csf "$c")"
    grep -q "^ok: $instructions instructions" "$work/stdout" || { cat "$work/stdout" >&2; exit 1; }
    read -r cwall ccpu <<< "$(measure "$work/interp")"
    rate="$(awk '{ print $2 }' "$work/stdout")"
    # interp.c runs five rounds of 100,000,000 instructions
    awk -v w="$wall" -v u="$cpu" -v r="$rate" -v cc="$ccpu" -v n="$instructions" 'BEGIN {
      cw = n / r; cu = cc * n / 5e8
      printf "%s %s %.4f %.4f %.4f %.4f\n", w, u, cw, cu, cw / w, cu / u }' >> "$work/$c.t"
  done
  loads+=("$(cut -d' ' -f1 /proc/loadavg)")
done
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
printf 'csf run of the interpreter loop (%s instructions), medians of %d interleaved rounds (%d cores, load average %s)\n' \
  "$instructions" "$runs" "$(nproc)" "$(printf '%s ' "${loads[@]}")"
printf '  %-40s %8s %8s %10s %10s %11s %10s\n' "" "wall" "cpu" "C wall" "C cpu" "wall ratio" "cpu ratio"
for c in "${configs[@]}"; do
  label="./csf run (the launcher's defaults)"
  [[ "$c" == opts ]] && label="CSF_JAVA_OPTS=$OPTS"
  printf '  %-40s %7.2fs %7.2fs %9.2fs %9.2fs %11.2f %10.2f   (goal >= 0.50)\n' "$label" "$(col 1 "$work/$c.t")" \
    "$(col 2 "$work/$c.t")" "$(col 3 "$work/$c.t")" "$(col 4 "$work/$c.t")" "$(col 5 "$work/$c.t")" "$(col 6 "$work/$c.t")"
done
