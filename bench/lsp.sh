#!/usr/bin/env bash
# Language-server benchmark: latencies a client sees over JSON-RPC for a
# 10,000-line document (median over repeated edits/requests), run feedback for a 1,000-instruction
# stream clearing 256x256, and heap with ten such documents open. Each line prints the figure, its
# goal, the ratio figure/goal and, where there is one, the toolchain alone doing the same work in the
# same run (assembler for diagnostics, simulator for runs). The JVM runs with -Xmx512m, the heap goal.
#
# Usage: bench/lsp.sh [REPEATS]   (default 40)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
echo "building benchmarks.jar ..." >&2
./mvnw -q -o -DskipTests -pl bench -am package >&2 || ./mvnw -q -DskipTests -pl bench -am package >&2
java -Xmx512m -cp bench/target/benchmarks.jar dev.csfstudio.bench.lsp.LspLatencyBenchmark "${1:-40}" 2>/dev/null
