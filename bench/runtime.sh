#!/usr/bin/env bash
# Runtime benchmarks, each against a C reference measured in the same run:
#   interpreter  ADD_IMMEDIATE32 + BRANCH.ne loop through Simulator.run (fetch via the MMU model and the
#                decoded-page cache) vs a minimal C switch interpreter of the same words (gcc -O2);
#                goals: >= 300 M instructions/s and >= 0.5x C
#   clear        3840x2160 RGBA8 clear (a BRANCH loop of RUN_FRAGMENTs in one job; device setup included)
#                vs a C fill of a buffer of the same size; goals: linear >= 0.5x C, u-interleaved >= 0.25x
#   memory       heap above the idle baseline while one 4K clear runs; goal < 2x the render target
#   debugger     (the runtime's part) single-step latency over a 10,000-instruction
#                stream, going back to random positions of a 1,000,000-instruction run, reading 1 MiB of
#                scattered pages, and runs with 64 breakpoints set but never hit (and with history too)
#                against the same runs without the debugger, as ratios of thread CPU time
# The JVM runs with the parallel collector: G1 halves the store bandwidth into many small arrays here.
#
# Usage: bench/runtime.sh            (ROUNDS=N repeats each Java/C pair, best kept; default 2;
#                                     BENCH_CP=classpath skips the build and runs those classes)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds="${ROUNDS:-2}"

command -v gcc >/dev/null || { echo "runtime.sh: gcc not found" >&2; exit 1; }
source bench/jvm-bench.sh
bench_classpath

gcc -O2 -o "$work/interp" bench/c/interp.c
gcc -O2 -o "$work/fill" bench/c/fill.c

java_bench() {
  java -XX:+UseParallelGC -cp "$cp" dev.csfstudio.bench.runtime.RuntimeBenchmark "$1" \
    | awk '{ print $2 }'
}
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (a > b ? a : b) }'; }

j_interp=0; c_interp=0; j_lin=0; j_tiled=0; c_fill=0
for _ in $(seq "$rounds"); do
  # Interleave Java and C so both see the same machine load.
  v="$(java_bench interp)"; j_interp="$(max "$j_interp" "$v")"
  v="$("$work/interp" | awk '{ print $2 }')"; c_interp="$(max "$c_interp" "$v")"
  v="$(java_bench clear-linear)"; j_lin="$(max "$j_lin" "$v")"
  v="$("$work/fill" | awk '{ print $2 }')"; c_fill="$(max "$c_fill" "$v")"
  v="$(java_bench clear-tiled)"; j_tiled="$(max "$j_tiled" "$v")"
  v="$("$work/fill" | awk '{ print $2 }')"; c_fill="$(max "$c_fill" "$v")"
done
mem="$(java -XX:+UseParallelGC -cp "$cp" dev.csfstudio.bench.runtime.RuntimeBenchmark memory)"
rt_bytes="$(awk '/memory_rt_bytes/ { print $2 }' <<<"$mem")"
peak="$(awk '/memory_peak_above_baseline_bytes/ { print $2 }' <<<"$mem")"
retained="$(awk '/memory_retained_above_baseline_bytes/ { print $2 }' <<<"$mem")"

debug() { java -XX:+UseParallelGC -cp "$cp" dev.csfstudio.bench.runtime.DebugBenchmark "$1"; }
dbg="$(debug step; debug restore; debug read; debug breakpoints)"
figure() { awk -v k="$1" '$1 == k { print $2 }' <<<"$dbg" | tail -1; }

awk -v ji="$j_interp" -v ci="$c_interp" -v jl="$j_lin" -v jt="$j_tiled" -v cf="$c_fill" \
    -v rt="$rt_bytes" -v pk="$peak" -v rtn="$retained" 'BEGIN {
  printf "interpreter, ADD_IMMEDIATE32 + BRANCH.ne loop (100M instructions, best of runs)\n"
  printf "  csf runtime          %8.1f M instructions/s   (goal >= 300)\n", ji / 1e6
  printf "  C switch, gcc -O2    %8.1f M instructions/s\n", ci / 1e6
  printf "  ratio runtime/C      %8.2f                    (goal >= 0.50)\n", ji / ci
  printf "clear, 3840x2160 RGBA8 (bytes written per second)\n"
  printf "  C fill, gcc -O2      %8.1f GB/s\n", cf / 1e9
  printf "  linear               %8.1f GB/s   ratio %.2f   (goal >= 0.50)\n", jl / 1e9, jl / cf
  printf "  u-interleaved        %8.1f GB/s   ratio %.2f   (goal >= 0.25)\n", jt / 1e9, jt / cf
  printf "memory, one 4K clear (render target %.1f MiB)\n", rt / 1048576
  printf "  peak heap above idle %8.1f MiB    = %.2fx the render target (goal < 2)\n", pk / 1048576, pk / rt
  printf "  retained after run   %8.1f MiB    = %.2fx\n", rtn / 1048576, rtn / rt
}'
printf 'debugger (the runtime part of each goal)\n'
printf '  single step, 10,000-instruction stream  median %s us, p99 %s us      (goal: next -> stopped <= 5 ms)\n' \
  "$(figure step_median_us)" "$(figure step_p99_us)"
printf '  go back in a %s-instruction run  restore median %s ms, worst %s ms; step back median %s ms, worst %s ms (goal <= 20 ms)\n' \
  "$(figure restore_run_instructions)" "$(figure restore_median_ms)" "$(figure restore_max_ms)" \
  "$(figure stepback_median_ms)" "$(figure stepback_max_ms)"
printf '  history of that run               %s snapshots, %s MiB\n' "$(figure history_snapshots)" "$(figure history_mib)"
printf '  read 1 MiB of scattered pages     median %s ms, worst %s ms   (goal <= 20 ms)\n' \
  "$(figure read_1mib_median_ms)" "$(figure read_1mib_max_ms)"
for w in interp clear clear_changing; do
  printf '  unhit breakpoints, %-15s speed %s x without the debugger, %s x with history too (goal >= 0.8)\n' \
    "$w" "$(figure "breakpoints_${w}_speed_ratio")" "$(figure "breakpoints_${w}_history_speed_ratio")"
done
