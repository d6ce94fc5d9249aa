#!/usr/bin/env bash
# Assembler benchmark (issue 2, section 6): CSF Studio against GNU as on sources of the same line count,
# measured in the same run. Prints whole-process times, their ratio (goal: csf/as <= 1.0), peak heap
# (goal: < 1 GiB; the JVM runs with -Xmx1g) and in-process throughput from JMH.
#
# Usage: bench/asm.sh [INSTRUCTIONS]   (default 1000000; the JMH part always uses 1000000)
#        SKIP_JMH=1 bench/asm.sh        whole-process comparison only
#        SKIP_BUILD=1 bench/asm.sh      use the jars already built (RUNS=N: best of N runs, default 3)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
n="${1:-1000000}"
runs="${RUNS:-3}"

command -v as >/dev/null || { echo "asm.sh: GNU as not found (install binutils)" >&2; exit 1; }
if [[ -z "${SKIP_BUILD:-}" ]]; then
  echo "building csf.jar and the benchmarks ..." >&2
  ./mvnw -q -o -DskipTests -pl cli,bench -am package >&2 || ./mvnw -q -DskipTests -pl cli,bench -am package >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The generator needs nothing but its own classes.
java -cp bench/target/classes dev.csfstudio.bench.asm.BenchmarkSources "$work/bench.csf" "$work/bench.s" "$n" >&2

# best elapsed seconds and its max RSS (KiB) over $runs runs of a command
best_of() {
  local best="" rss=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" \
      || { echo "asm.sh: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }
    read -r t m < "$work/time"
    if [[ -z "$best" ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$t"; rss="$m"; fi
  done
  echo "$best $rss"
}

read -r as_s as_rss < <(best_of as "$work/bench.s" -o "$work/bench.o")
export CSF_JAVA_OPTS="-Xmx1g -Xlog:gc,gc+heap+exit:file=$work/gc.log"
# ./csf as users run it (with its JVM options); with SKIP_BUILD it must not rebuild a jar another edit made stale.
[[ -n "${SKIP_BUILD:-}" ]] && export CSF_NO_REBUILD=1
csf_cmd=(./csf)
read -r csf_s csf_rss < <(best_of "${csf_cmd[@]}" asm "$work/bench.csf" -o "$work/bench.bin")
# Peak heap of the last run: the largest occupancy before any collection ("123M->45M(1024M)") or, as a run
# may well finish without one, the heap in use at exit (the generations' "total ...K, used ...K", summed).
peak_heap="$( { grep -o '[0-9]*M->' "$work/gc.log" | sed 's/M->//'
  grep 'heap,exit' "$work/gc.log" | grep -o 'total [0-9]*K, used [0-9]*K' | sed 's/.*used \([0-9]*\)K/\1/' \
    | awk '{ s += $1 } END { if (NR) printf "%d\n", s / 1024 }'; } | sort -n | tail -1)"

lines="$(wc -l < "$work/bench.csf")"
printf '%-28s %s\n' "source lines (each):" "$lines"
printf '%-28s %6.2f s   max RSS %5d MiB\n' "GNU as (best of $runs):" "$as_s" "$((as_rss / 1024))"
printf '%-28s %6.2f s   max RSS %5d MiB   peak heap %s MiB (-Xmx1g)\n' "csf asm (best of $runs):" "$csf_s" \
  "$((csf_rss / 1024))" "${peak_heap:-<no GC>}"
printf '%-28s %6s   (goal <= 1.00)\n' "ratio csf/as:" \
  "$(awk -v a="$csf_s" -v b="$as_s" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')"

if [[ -z "${SKIP_JMH:-}" ]]; then
  # JMH from the module's class path (independent of how the shaded benchmarks.jar is packed).
  ./mvnw -q -o -pl bench dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >&2
  java -cp "bench/target/classes:$(cat "$work/cp.txt")" org.openjdk.jmh.Main \
    'dev.csfstudio.bench.asm.AssemblerThroughputBenchmark' \
    -rf csv -rff "$work/jmh.csv" >"$work/jmh.log" 2>&1 || { cat "$work/jmh.log" >&2; exit 1; }
  score="$(awk -F, 'NR == 2 { gsub(/"/, "", $5); printf "%.0f", $5 }' "$work/jmh.csv")"
  printf '%-28s %s instructions/s (JMH, -Xmx1g)\n' "in-process throughput:" "$score"
fi
