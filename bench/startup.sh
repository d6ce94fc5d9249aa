#!/usr/bin/env bash
# Start-up benchmark: whole-process wall time of `./csf run examples/clear.csf` and
# `./csf asm examples/clear.csf`, as users run them (the launcher, its JVM options and class-data archives),
# against the plain floor: `java -cp DIR Hello` with the JDK's default class-data archive and collector, on
# the JVM the launcher chooses (CSF_JAVA, else JAVA_HOME's, else the java on PATH), in the same run. A hello
# world started the way csf is (a jar with its own dynamic archive, the throughput collector) is measured
# too: it starts slower than the floor, so ratios against it flatter csf and are printed for comparison only.
# When that JVM is not a Java 17, a hello world on Java 17 (JAVA17=path/to/java, else the first
# /usr/lib/jvm/*17*) is measured too, and the ratios against it printed as well. Rounds interleave the commands so that a machine slowing down or speeding up affects them alike; each ratio is the median of the
# per-round ratios. Goals: run <= 2.5x, asm <= 2.0x the plain floor on the launcher's JVM. Two parts of
# `csf run` are timed beside them as programs of their own (loading its classes; picocli's parse), to show
# how much of the goal they leave.
#
# Usage: bench/startup.sh            (RUNS=N rounds, default 21)
#        COUNT=instructions bench/startup.sh   instructions instead of time (valgrind's callgrind): of each
#          whole java process and of its main thread, the critical path of a small run on two free cores;
#          a busy machine changes neither, so they compare builds where wall time cannot
#        SKIP_BUILD=1 bench/startup.sh   use the jar already built
#        CSF_JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java bench/startup.sh   another JVM
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${RUNS:-21}"

# shellcheck source=bench/jvm-bench.sh
source "$root/bench/jvm-bench.sh"
bench_start
java="$(launcher_java)"
version() { "$1" -version 2>&1 | head -1; }
java17="${JAVA17:-$(compgen -G '/usr/lib/jvm/*17*/bin/java' | head -1 || true)}"
if [[ -z "$java17" ]] || [[ "$(version "$java")" == *'"17.'* ]]; then
  java17=""
fi
hello_world_jar "$work"
# A hello world with class-data sharing from its own archive, on the given JVM: the command that runs it.
hello_on() {
  "$1" -XX:+UseParallelGC "-XX:ArchiveClassesAtExit=$work/hello-$2.jsa" -Xlog:cds=off -jar "$work/hello.jar" >/dev/null
  echo "$1" -XX:+UseParallelGC -Xshare:auto "-XX:SharedArchiveFile=$work/hello-$2.jsa" -Xlog:cds=off -jar "$work/hello.jar"
}
read -ra hello <<< "$(hello_on "$java" launcher)"
floor=("$java" -cp "$work/hello-classes" Hello)
hello17=()
[[ -z "$java17" ]] || read -ra hello17 <<< "$(hello_on "$java17" 17)"
run=(./csf run examples/clear.csf --out "$work/out")
asm=(./csf asm examples/clear.csf -o "$work/clear.bin")

# Two parts of `csf run`'s start, each a program of its own on the launcher's JVM options and a class-data
# archive of its own, to show where the time goes: "classes" loads every named class `csf run` loads (the
# JDK's and the jar's, as -Xlog:class+load lists them) without initialising or running any; "picocli" only
# builds csf's command line and parses `run examples/clear.csf`. They are lower bounds, not goals.
parts_jar() {
  local src="$work/parts"
  mkdir -p "$src/classes"
  CSF_NO_CDS=1 CSF_JAVA_OPTS="-Xlog:class+load=info:file=$work/run-classes.log:none" "${run[@]}" >/dev/null
  awk '$2 == "source:" && $1 !~ /[\/]|\$\$/ && $3 != "__JVM_LookupDefineClass__" { print $1 }' \
    "$work/run-classes.log" > "$work/run-classes.txt"
  cat > "$src/ClassesOnly.java" <<'JAVA'
public class ClassesOnly {
    public static void main(String[] args) throws Exception {
        ClassLoader loader = ClassesOnly.class.getClassLoader();
        for (String name : java.nio.file.Files.readAllLines(java.nio.file.Path.of(args[0]))) {
            Class.forName(name, false, loader);
        }
    }
}
JAVA
  cat > "$src/PicocliOnly.java" <<'JAVA'
public class PicocliOnly {
    public static void main(String[] args) {
        java.io.PrintWriter out = new java.io.PrintWriter(System.out, true);
        if (dev.csfstudio.cli.Csf.commandLine(out, out, args).parseArgs(args).subcommand() == null) {
            throw new AssertionError("no subcommand parsed");
        }
    }
}
JAVA
  javac --release 17 -cp cli/target/csf.jar -d "$src/classes" "$src/ClassesOnly.java" "$src/PicocliOnly.java"
  jar --create --file "$work/parts.jar" -C "$src/classes" .
}
# part NAME ARGS...: the command line of a part, after recording and dumping its archive
part() {
  local name="$1" jsa="$work/part-$1.jsa" opts=(-XX:-UsePerfData -XX:TieredStopAtLevel=1)
  shift
  "$java" "${opts[@]}" "-XX:DumpLoadedClassList=$jsa.list" -cp "$work/parts.jar:cli/target/csf.jar" "$name" "$@" \
    >/dev/null
  "$java" "${opts[@]}" -Xshare:dump "-XX:SharedClassListFile=$jsa.list" "-XX:SharedArchiveFile=$jsa" \
    -cp "$work/parts.jar:cli/target/csf.jar" >/dev/null 2>&1
  echo "$java" "${opts[@]}" -Xshare:auto "-XX:SharedArchiveFile=$jsa" -Xlog:cds=off \
    -cp "$work/parts.jar:cli/target/csf.jar" "$name" "$@"
}
parts_jar
read -ra classes <<< "$(part ClassesOnly "$work/run-classes.txt")"
read -ra picocli <<< "$(part PicocliOnly run examples/clear.csf)"

commands=(floor hello classes picocli run asm)
[[ ${#hello17[@]} -eq 0 ]] || commands=(floor hello hello17 classes picocli run asm)
# The first run of each command after a build records the classes for its class-data archive (one per
# command and JVM), which the launcher then dumps in the background: wait for it. None of these is counted.
archive() {
  local f
  for f in cli/target/csf-"$1"-*.jsa; do
    if [[ -f $f && $f -nt cli/target/csf.jar ]]; then echo "$f"; fi
  done
}
for cmd in "${commands[@]}"; do
  declare -n c="$cmd"
  before="$(archive "$cmd" | wc -l)"
  "${c[@]}" >/dev/null 2>&1 || { echo "startup.sh: failed: ${c[*]}" >&2; "${c[@]}"; exit 1; }
  if [[ "$cmd" == run || "$cmd" == asm ]] && [[ -z "${CSF_NO_CDS:-}" ]]; then
    for _ in $(seq 300); do
      [[ "$(archive "$cmd" | wc -l)" -gt "$before" || "$before" -gt 0 ]] && break
      sleep 0.1
    done
  fi
  "${c[@]}" >/dev/null 2>&1
done

if [[ "${COUNT:-}" == instructions ]]; then
  command -v valgrind >/dev/null || { echo "startup.sh: COUNT=instructions needs valgrind" >&2; exit 1; }
  # "total main" instructions in millions of the java process a command starts (the launcher's bash and
  # its helpers are traced too and left out)
  instructions() {
    local out="$work/cg.$1" f; shift
    valgrind --tool=callgrind --trace-children=yes --dump-instr=no --callgrind-out-file="$out.%p" "$@" \
      >/dev/null 2>&1
    for f in "$out".*; do
      callgrind_annotate --inclusive=yes "$f" 2>/dev/null | awk '
        / PROGRAM TOTALS/ { gsub(/,/, "", $1); total = $1 }
        / \?\?\?:JavaMain / { gsub(/,/, "", $1); main = $1 }
        END { if (main) printf "%.0f %.0f\n", total / 1e6, main / 1e6 }'
    done
  }
  printf 'start-up in instructions (millions; callgrind, one run each; the hello world as above)\n'
  printf '  %-44s %8s %8s %12s %12s\n' "" "total" "main" "total ratio" "main ratio"
  read -r hello_total hello_main <<< "$(instructions floor "${floor[@]}")"
  printf '  %-44s %7dM %7dM\n' "java -cp DIR Hello (the plain floor)" "$hello_total" "$hello_main"
  for cmd in run asm; do
    declare -n c="$cmd"
    read -r total main <<< "$(instructions "$cmd" "${c[@]}")"
    printf '  %-44s %7dM %7dM %12.2f %12.2f\n' "csf $cmd examples/clear.csf" "$total" "$main" \
      "$(awk "BEGIN { print $total / $hello_total }")" "$(awk "BEGIN { print $main / $hello_main }")"
  done
  exit 0
fi

# "wall cpu" seconds of one run (cpu: user + system of the whole process tree, which includes the JIT
# compiler and GC threads; on a busy machine it varies less than wall time)
measure() {
  local TIMEFORMAT='%R %U %S' t
  t="$( { time "$@" >/dev/null 2>&1; } 2>&1 )"
  awk '{ printf "%.4f %.4f\n", $1, $2 + $3 }' <<< "$t"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column() { awk -v c="$1" '{ print $c }' "$2"; }
ratio() { paste -d' ' "$work/$1.last" "$work/$2.last" | awk '{ printf "%.4f %.4f\n", $1 / $3, $2 / $4 }'; }

for _ in $(seq "$runs"); do
  for cmd in "${commands[@]}"; do
    declare -n c="$cmd"
    measure "${c[@]}" > "$work/$cmd.last"
    cat "$work/$cmd.last" >> "$work/$cmd.t"
  done
  for cmd in classes picocli; do
    ratio "$cmd" floor >> "$work/$cmd.ratio"
  done
  for cmd in run asm; do
    ratio "$cmd" floor >> "$work/$cmd.ratio"
    ratio "$cmd" hello >> "$work/$cmd.ratioHello"
    [[ ${#hello17[@]} -eq 0 ]] || ratio "$cmd" hello17 >> "$work/$cmd.ratio17"
  done
done

printf 'start-up, medians of %d interleaved rounds (%d cores); ratios are medians of per-round ratios\n' \
  "$runs" "$(nproc)"
printf '  the launcher'"'"'s JVM: %s (%s)\n' "$java" "$(version "$java")"
[[ -z "$java17" ]] || printf '  Java 17 for comparison: %s (%s)\n' "$java17" "$(version "$java17")"
printf '  %-44s %8s %8s %12s %12s\n' "" "wall" "cpu" "wall ratio" "cpu ratio"
row() {
  printf '  %-44s %7.3fs %7.3fs' "$1" "$(column 1 "$work/$2.t" | median)" "$(column 2 "$work/$2.t" | median)"
  if [[ -n "${3:-}" ]]; then
    printf ' %12.2f %12.2f   (goal: wall ratio <= %s)' "$(column 1 "$work/$2.ratio" | median)" \
      "$(column 2 "$work/$2.ratio" | median)" "$3"
  fi
  printf '\n'
  if [[ -n "${3:-}" ]]; then
    printf '  %-44s %8s %8s %12.2f %12.2f\n' "  against the hello world started as csf is" "" "" \
      "$(column 1 "$work/$2.ratioHello" | median)" "$(column 2 "$work/$2.ratioHello" | median)"
  fi
  if [[ -n "${3:-}" && -f "$work/$2.ratio17" ]]; then
    printf '  %-44s %8s %8s %12.2f %12.2f\n' "  against the Java 17 hello world" "" "" \
      "$(column 1 "$work/$2.ratio17" | median)" "$(column 2 "$work/$2.ratio17" | median)"
  fi
}
row "java -cp DIR Hello (the plain floor)" floor
row "java Hello (CDS, -XX:+UseParallelGC)" hello
[[ ${#hello17[@]} -eq 0 ]] || row "java Hello on Java 17 (CDS, -XX:+UseParallelGC)" hello17
part_row() {
  printf '  %-44s %7.3fs %7.3fs %12.2f %12.2f   (a part of csf run, no goal)\n' "$1" \
    "$(column 1 "$work/$2.t" | median)" "$(column 2 "$work/$2.t" | median)" \
    "$(column 1 "$work/$2.ratio" | median)" "$(column 2 "$work/$2.ratio" | median)"
}
part_row "$(wc -l < "$work/run-classes.txt") classes of csf run, loaded, none run" classes
part_row "picocli: csf's command line built and parsed" picocli
row "csf run examples/clear.csf" run 2.5
row "csf asm examples/clear.csf" asm 2.0
