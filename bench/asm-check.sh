#!/usr/bin/env bash
# What the assembler's scoreboard check costs on a large source: bench/asm.sh's mixed source (a million
# instructions by default: random LOAD/STORE_MULTIPLEs, WAITs, 100,000 labels, forward and backward branches,
# about 180,000 findings) assembled in one JVM in turn with and without the check. Prints the machine's load,
# the medians (the assembling thread's CPU time and elapsed time) and the check's cost as a share of plain
# assembling of the same source. Goal: the check scales with the source (a share that stays put as the source
# grows: compare INSTRUCTIONS=100000 and 1000000).
#
# Usage: bench/asm-check.sh [INSTRUCTIONS]   (default 1000000; ROUNDS=N measured rounds, default 7;
#                                            BENCH_CP=classpath skips the build and runs those classes)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
n="${1:-1000000}"
source bench/jvm-bench.sh
bench_classpath
java -cp "$cp" dev.csfstudio.bench.asm.BenchmarkSources "$work/mixed.csf" "$work/mixed.s" "$n" >&2
echo "load: $(uptime | sed 's/.*load average/load average/')"
java -XX:+UseParallelGC -Xmx2g -cp "$cp" dev.csfstudio.bench.asm.ScoreboardCheckCost "$work/mixed.csf" "${ROUNDS:-7}"
echo "load: $(uptime | sed 's/.*load average/load average/')"
