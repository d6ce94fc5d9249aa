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
# The first run of each command after a build records the classes for its class-data archive, which the
# launcher then dumps in the background: wait for it. None of these runs is counted.
for cmd in hello run asm; do
  declare -n c="$cmd"
  "${c[@]}" >/dev/null 2>&1 || { echo "startup.sh: failed: ${c[*]}" >&2; "${c[@]}"; exit 1; }
  if [[ "$cmd" != hello && -z "${CSF_NO_CDS:-}" ]]; then
    for _ in $(seq 300); do
      [[ cli/target/csf-$cmd.jsa -nt cli/target/csf.jar ]] && break
      sleep 0.1
    done
  fi
  "${c[@]}" >/dev/null 2>&1
done

# "wall cpu" seconds of one run (cpu: user + system of the whole process tree, which includes the JIT
# compiler and GC threads; on a busy machine it varies less than wall time)
measure() {
  local TIMEFORMAT='%R %U %S' t
  t="$( { time "$@" >/dev/null 2>&1; } 2>&1 )"
  awk '{ printf "%.4f %.4f\n", $1, $2 + $3 }' <<< "$t"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column() { awk -v c="$1" '{ print $c }' "$2"; }

for _ in $(seq "$runs"); do
  h="$(measure "${hello[@]}")"
  r="$(measure "${run[@]}")"
  a="$(measure "${asm[@]}")"
  echo "$h" >> "$work/hello.t"
  echo "$r" >> "$work/run.t"
  echo "$a" >> "$work/asm.t"
  paste -d' ' <(echo "$r") <(echo "$h") | awk '{ printf "%.4f %.4f\n", $1 / $3, $2 / $4 }' >> "$work/run.ratio"
  paste -d' ' <(echo "$a") <(echo "$h") | awk '{ printf "%.4f %.4f\n", $1 / $3, $2 / $4 }' >> "$work/asm.ratio"
done

printf 'start-up, medians of %d interleaved rounds (%s, %d cores); ratios are medians of per-round ratios\n' \
  "$runs" "$(java -version 2>&1 | head -1)" "$(nproc)"
printf '  %-40s %8s %8s %12s %12s\n' "" "wall" "cpu" "wall ratio" "cpu ratio"
row() {
  printf '  %-40s %7.3fs %7.3fs' "$1" "$(column 1 "$work/$2.t" | median)" "$(column 2 "$work/$2.t" | median)"
  if [[ -n "${3:-}" ]]; then
    printf ' %12.2f %12.2f   (goal: wall ratio <= %s)' "$(column 1 "$work/$2.ratio" | median)" \
      "$(column 2 "$work/$2.ratio" | median)" "$3"
  fi
  printf '\n'
}
row "java Hello (CDS, -XX:+UseParallelGC)" hello
row "csf run examples/clear.csf" run 3.0
row "csf asm examples/clear.csf" asm 2.5
