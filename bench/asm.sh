#!/usr/bin/env bash
# Assembler benchmark: CSF Studio against GNU as on sources of several shapes, each shape with the same line
# count for both and all measured in the same run: mixed (the original: instructions of every kind, labels,
# comments), branches (a label every few lines, branches to label expressions, constants), data (buffers of
# .word/.dword/.hword/.byte lists with .fbd/.rt descriptors) and reglists (LOAD/STORE_MULTIPLE register
# lists). Prints the median whole-process time and max RSS of each, csf's peak heap (-Xmx1g) and the ratio
# csf/as (goal <= 0.50 on every shape), then in-process throughput from JMH. Beside them, the floor: a JVM
# program that only maps the source and adds up its numbers on every core (NumberChecksum, the JVM's default
# flags), the least any JVM assembler of that source must do, and "least": the floor plus what csf's own
# start-up costs beyond the floor's (both timed on a one-line source in the same run). least/as at or above
# 0.5 means the goal leaves no time for the assembly itself.
#
# Usage: bench/asm.sh [INSTRUCTIONS]   (mixed's instruction count, default 1000000; the other shapes get as
#                                       many lines as mixed has; the JMH part always uses 1000000)
#        SHAPES="mixed data" bench/asm.sh   only these shapes
#        SKIP_JMH=1 bench/asm.sh        whole-process comparison only
#        SKIP_BUILD=1 bench/asm.sh      use the jars already built (RUNS=N: median of N runs, default 5)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
n="${1:-1000000}"
runs="${RUNS:-5}"

command -v as >/dev/null || { echo "asm.sh: GNU as not found (install binutils)" >&2; exit 1; }
if [[ -z "${SKIP_BUILD:-}" ]]; then
  echo "building csf.jar and the benchmarks ..." >&2
  ./mvnw -q -o -DskipTests -pl cli,bench -am package >&2 || ./mvnw -q -DskipTests -pl cli,bench -am package >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# median elapsed seconds over $runs runs of a command, with the max RSS (KiB) and CPU seconds of that run
median_of() {
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" \
      || { echo "asm.sh: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }
    cat "$work/time"
  done | sort -n | awk '{ t[NR] = $1; m[NR] = $2; c[NR] = $3 + $4 } END { i = int((NR + 1) / 2); print t[i], m[i], c[i] }'
}

export CSF_JAVA_OPTS="-Xmx1g -Xlog:gc,gc+heap+exit:file=$work/gc.log"
# ./csf as users run it (with its JVM options); with SKIP_BUILD it must not rebuild a jar another edit made stale.
[[ -n "${SKIP_BUILD:-}" ]] && export CSF_NO_REBUILD=1

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# Peak heap of the last run: the largest occupancy before any collection ("123M->45M(1024M)") or, as a run
# may well finish without one, the heap in use at exit (the generations' "total ...K, used ...K", summed).
peak_heap() {
  { grep -o '[0-9]*M->' "$work/gc.log" | sed 's/M->//'
    grep 'heap,exit' "$work/gc.log" | grep -o 'total [0-9]*K, used [0-9]*K' | sed 's/.*used \([0-9]*\)K/\1/' \
      | awk '{ s += $1 } END { if (NR) printf "%d\n", s / 1024 }'; } | sort -n | tail -1
}

# The generators need nothing but their own classes. "mixed" is the original shape with $n instructions; the
# other shapes get as many lines as it has, so every row compares the same number of lines.
gen=(java -cp bench/target/classes)
"${gen[@]}" dev.csfstudio.bench.asm.BenchmarkSources "$work/mixed.csf" "$work/mixed.s" "$n" >&2
lines="$(wc -l < "$work/mixed.csf")"
shapes="${SHAPES:-mixed branches data reglists}"
# The floor runs on the JVM ./csf runs on (CSF_JAVA, else JAVA_HOME's, else the java on PATH).
floor_java="${CSF_JAVA:-}"
if [[ -z "$floor_java" && -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then
  floor_java="$JAVA_HOME/bin/java"
fi
floor_java="${floor_java:-java}"
floor=("$floor_java" -cp bench/target/classes dev.csfstudio.bench.asm.NumberChecksum)
printf '.stream main\n    NOP\n' > "$work/one-line.csf"
# The first run after a jar build records the classes csf's class-data archive is made of, and the archive is
# dumped in the background: a large source's run records them (as users' first runs are), and the timings
# wait for the dump.
./csf asm "$work/mixed.csf" -o "$work/mixed.bin" >/dev/null
for _ in $(seq 60); do pgrep -f 'Xshare:dump' >/dev/null || break; sleep 0.5; done
read -r csf_start _ _ < <(median_of ./csf asm "$work/one-line.csf" -o "$work/one-line.bin")
read -r floor_start _ _ < <(median_of "${floor[@]}" "$work/one-line.csf")
printf 'start-up on a one-line source: csf %.2f s, floor %.2f s\n' "$csf_start" "$floor_start"
printf '%-10s %8s %7s %7s %7s %7s %7s %7s %8s %7s %7s %8s %8s\n' shape lines "as s" "as cpu" "as MiB" "csf s" "csf cpu" \
  "csf MiB" "heap MiB" csf/as "floor s" floor/as least/as
for shape in $shapes; do
  if [[ "$shape" != mixed ]]; then
    "${gen[@]}" dev.csfstudio.bench.asm.ShapedSources "$shape" "$work/$shape.csf" "$work/$shape.s" "$lines" >&2
  fi
  read -r as_s as_rss as_cpu < <(median_of as "$work/$shape.s" -o "$work/$shape.o")
  read -r csf_s csf_rss csf_cpu < <(median_of ./csf asm "$work/$shape.csf" -o "$work/$shape.bin")
  heap="$(peak_heap)"
  read -r floor_s _ _ < <(median_of "${floor[@]}" "$work/$shape.csf")
  least="$(awk -v f="$floor_s" -v c="$csf_start" -v g="$floor_start" 'BEGIN { print f + c - g }')"
  printf '%-10s %8d %7.2f %7.2f %7d %7.2f %7.2f %7d %8s %7s %7.2f %8s %8s\n' "$shape" "$(wc -l < "$work/$shape.csf")" \
    "$as_s" "$as_cpu" "$((as_rss / 1024))" "$csf_s" "$csf_cpu" "$((csf_rss / 1024))" "$heap" "$(ratio "$csf_s" "$as_s")" \
    "$floor_s" "$(ratio "$floor_s" "$as_s")" "$(ratio "$least" "$as_s")"
done
echo "(median of $runs runs each by elapsed time, its CPU seconds beside it; csf runs with -Xmx1g;"
echo " goal: csf/as of elapsed time <= 0.50 on every shape, peak heap < 1 GiB; floor: NumberChecksum, which"
echo " only adds up the source's numbers on every core: no JVM assembler of the shape can be faster; least: the"
echo " floor plus csf's start-up beyond the floor's, before csf has assembled anything)"

if [[ -z "${SKIP_JMH:-}" ]]; then
  # JMH from the module's class path (independent of how the shaded benchmarks.jar is packed); the modules it
  # depends on are taken from this build's reactor (packaged here), not from a local repository they were never
  # installed in: each module writes the file in turn, the benchmarks' last.
  ./mvnw -q -o -DskipTests -pl bench -am package dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" >&2
  java -cp "bench/target/classes:$(cat "$work/cp.txt")" org.openjdk.jmh.Main \
    'dev.csfstudio.bench.asm.AssemblerThroughputBenchmark' \
    -rf csv -rff "$work/jmh.csv" >"$work/jmh.log" 2>&1 || { cat "$work/jmh.log" >&2; exit 1; }
  score="$(awk -F, 'NR == 2 { gsub(/"/, "", $5); printf "%.0f", $5 }' "$work/jmh.csv")"
  printf '%-28s %s instructions/s (JMH, -Xmx1g)\n' "in-process throughput:" "$score"
fi
