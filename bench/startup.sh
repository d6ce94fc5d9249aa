#!/usr/bin/env bash
# Start-up benchmark (issue 9, section 5): whole-process wall time of `./csf run examples/clear.csf` and
# `./csf asm examples/clear.csf`, as users run them (the launcher, its JVM options and class-data archives),
# against a Java hello world started the same way (class-data sharing from its own dynamic archive, the
# throughput collector) in the same run. Rounds interleave the three commands so that a machine slowing
# down or speeding up affects them alike; each ratio is the median of the per-round ratios.
# Goals: run <= 3.0x, asm <= 2.5x the hello world.
#
# Usage: bench/startup.sh            (RUNS=N rounds, default 21)
#        SKIP_BUILD=1 bench/startup.sh   use the jar already built
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${RUNS:-21}"

if [[ -z "${SKIP_BUILD:-}" ]]; then
  ./csf --version >/dev/null
fi
export CSF_NO_REBUILD=1

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat > "$work/Hello.java" <<'EOF'
public class Hello {
    public static void main(String[] args) {
        System.out.println("hello");
    }
}
EOF
# A jar, as csf is one (class-data archives only take jars on the class path).
javac -d "$work/classes" "$work/Hello.java"
jar --create --file "$work/hello.jar" --main-class Hello -C "$work/classes" .
java -XX:+UseParallelGC "-XX:ArchiveClassesAtExit=$work/hello.jsa" -Xlog:cds=off -jar "$work/hello.jar" >/dev/null
hello=(java -XX:+UseParallelGC -Xshare:auto "-XX:SharedArchiveFile=$work/hello.jsa" -Xlog:cds=off -jar "$work/hello.jar")
run=(./csf run examples/clear.csf --out "$work/out")
asm=(./csf asm examples/clear.csf -o "$work/clear.bin")
# The first run of each command after a build writes its class-data archive; these are not counted.
for cmd in hello run asm; do
  declare -n c="$cmd"
  "${c[@]}" >/dev/null 2>&1 || { echo "startup.sh: failed: ${c[*]}" >&2; "${c[@]}"; exit 1; }
  "${c[@]}" >/dev/null 2>&1
done

# wall seconds of one run
wall() {
  local t0 t1
  t0="$(date +%s%N)"
  "$@" >/dev/null 2>&1
  t1="$(date +%s%N)"
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", (b - a) / 1e9 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for _ in $(seq "$runs"); do
  h="$(wall "${hello[@]}")"
  r="$(wall "${run[@]}")"
  a="$(wall "${asm[@]}")"
  echo "$h" >> "$work/hello.t"
  echo "$r" >> "$work/run.t"
  echo "$a" >> "$work/asm.t"
  awk -v x="$r" -v y="$h" 'BEGIN { printf "%.4f\n", x / y }' >> "$work/run.ratio"
  awk -v x="$a" -v y="$h" 'BEGIN { printf "%.4f\n", x / y }' >> "$work/asm.ratio"
done

printf 'start-up, median wall time of %d interleaved rounds (%s, %d cores)\n' "$runs" \
  "$(java -version 2>&1 | head -1)" "$(nproc)"
printf '  %-44s %6.3f s\n' "java Hello (CDS, -XX:+UseParallelGC)" "$(median < "$work/hello.t")"
printf '  %-44s %6.3f s   ratio %5.2f   (goal <= 3.0)\n' "csf run examples/clear.csf" \
  "$(median < "$work/run.t")" "$(median < "$work/run.ratio")"
printf '  %-44s %6.3f s   ratio %5.2f   (goal <= 2.5)\n' "csf asm examples/clear.csf" \
  "$(median < "$work/asm.t")" "$(median < "$work/asm.ratio")"
