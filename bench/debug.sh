#!/usr/bin/env bash
# The debugger over the Debug Adapter Protocol: the adapter in process, spoken to
# through LSP4J's debug launcher over pipes (JSON both ways), each figure from request to answer or event:
#   step         next -> stopped on a 10,000-instruction stream                     goal: median <= 5 ms
#   stepback     stepBack -> stopped at random positions of a 1,000,000-instruction run   goal: <= 20 ms
#   read         readMemory of 1 MiB across 257 scattered pages                     goal: <= 20 ms
#   breakpoints  a 200M-instruction loop with 64 breakpoints set but never hit, configurationDone ->
#                exited, against the same run through Simulator.run in the same JVM  goal: >= 0.8x
# bench/runtime.sh prints the runtime's own part of each goal (Machine calls without the protocol).
#
# Usage: bench/debug.sh            (BENCH_CP=classpath skips the build and runs those classes)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source bench/jvm-bench.sh
bench_classpath

run() { java -XX:+UseParallelGC -cp "$cp" dev.csfstudio.bench.runtime.DapBenchmark "$1"; }
out="$(run step; run stepback; run read; run breakpoints)"
figure() { awk -v k="$1" '$1 == k { print $2 }' <<<"$out" | tail -1; }

printf 'debugger over DAP (in-process pipes, JSON both ways; wall time, and CPU time summed over the Java threads)\n'
printf '  next -> stopped, %s steps of a 10,000-instruction stream  median %s ms, p99 %s ms; cpu median %s ms   (goal: median <= 5 ms)\n' \
  "$(figure dap_step_count)" "$(figure dap_step_median_ms)" "$(figure dap_step_p99_ms)" "$(figure dap_step_cpu_median_ms)"
printf '  stepBack -> stopped, %s positions of a %s-instruction run  median %s ms, worst %s ms; cpu median %s ms, worst %s ms   (goal <= 20 ms)\n' \
  "$(figure dap_stepback_count)" "$(figure dap_stepback_run_instructions)" \
  "$(figure dap_stepback_median_ms)" "$(figure dap_stepback_max_ms)" \
  "$(figure dap_stepback_cpu_median_ms)" "$(figure dap_stepback_cpu_max_ms)"
printf '  readMemory 1 MiB, scattered pages   median %s ms, worst %s ms; cpu median %s ms   (goal <= 20 ms)\n' \
  "$(figure dap_read_1mib_median_ms)" "$(figure dap_read_1mib_max_ms)" "$(figure dap_read_1mib_cpu_median_ms)"
printf '  64 unhit breakpoints, 200M-instruction loop: %s ms under the debugger, %s ms plain: speed %s x by wall time\n' \
  "$(figure dap_breakpoints_unhit_ms)" "$(figure dap_breakpoints_plain_ms)" "$(figure dap_breakpoints_speed_ratio)"
printf '                     device thread CPU time: %s ms under the debugger, %s ms plain: speed %s x   (goal >= 0.8)\n' \
  "$(figure dap_breakpoints_unhit_cpu_ms)" "$(figure dap_breakpoints_plain_cpu_ms)" "$(figure dap_breakpoints_cpu_speed_ratio)"
