#!/usr/bin/env bash
# The assembler's refactoring guard: this tree's csf.jar against a base commit's (default 9718ff0, before issue
# 22's assembler work), on every bench/asm.sh shape for each architecture. Each source is assembled by both jars
# and the outputs are compared (the bytes, each diagnostic's position and severity; any difference fails the script); then both are timed in the same run,
# alternating, and the median ratio this/base is printed per shape (the guard: no shape above 1.25).
#
# Usage: bench/asm-identical.sh [LINES...]   (line counts, default "10000 100000")
#        BASE=<commit> ARCHES="v10 v12" RUNS=5 SHAPES="mixed branches data reglists" JVM_OPTS="..." bench/asm-identical.sh
#        SKIP_BUILD=1: use both jars as already built (the base's is kept in $BASE_JAR_DIR, default
#                      ${TMPDIR:-/tmp}/csf-base-<commit>; this tree's is cli/target/csf.jar, or THIS_JAR)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
base="${BASE:-9718ff0}"
runs="${RUNS:-5}"
arches="${ARCHES:-v10 v12}"
shapes="${SHAPES:-mixed branches data reglists}"
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(10000 100000)
base_commit="$(git rev-parse --short=12 "$base")"
base_dir="${BASE_JAR_DIR:-${TMPDIR:-/tmp}/csf-base-$base_commit}"
java="${CSF_JAVA:-java}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ -z "${SKIP_BUILD:-}" || ! -f "$base_dir/csf.jar" ]]; then
  echo "building the base's csf.jar ($base_commit) in a temporary clone ..." >&2
  rm -rf "$work/base"
  git clone -q --shared --no-checkout "$root" "$work/base"
  git -C "$work/base" checkout -q "$base_commit"
  (cd "$work/base" && { ./mvnw -q -o -DskipTests -pl cli -am package >&2 \
    || ./mvnw -q -DskipTests -pl cli -am package >&2; })
  mkdir -p "$base_dir"
  cp "$work/base/cli/target/csf.jar" "$base_dir/csf.jar"
  rm -rf "$work/base"
fi
this_jar_file="${THIS_JAR:-cli/target/csf.jar}"
if [[ -z "${SKIP_BUILD:-}" || ! -f "$this_jar_file" ]]; then
  echo "building this tree's csf.jar ..." >&2
  ./mvnw -q -o -DskipTests -pl cli -am package >&2 || ./mvnw -q -DskipTests -pl cli -am package >&2
fi
mkdir -p "$work/gen"
javac -d "$work/gen" bench/src/main/java/dev/csfstudio/bench/asm/{BenchmarkSources,ShapedSources}.java

# JVM_OPTS: the options both jars run with (default -Xmx1g); the launcher's for 'asm' time them as users run them:
#   JVM_OPTS="-XX:NewSize=600m -Xlog:gc+ergo=error -XX:TieredStopAtLevel=1 -XX:-UsePerfData"
read -ra jvm_opts <<< "${JVM_OPTS:--Xmx1g}"
base_jar=("$java" "${jvm_opts[@]}" -jar "$base_dir/csf.jar")
this_jar=("$java" "${jvm_opts[@]}" -jar "$this_jar_file")
elapsed() { /usr/bin/time -f '%e' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" \
  || { echo "asm-identical.sh: failed: $*" >&2; cat "$work/stderr" >&2; exit 1; }; cat "$work/time"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Each diagnostic's file:line:col and severity: a refactoring keeps them, while a message's words may have been
# improved since the base (compare the .out files by hand for those).
where_and_what() { grep -oE '^[^ :]+:[0-9]+:[0-9]+: [a-z]+' "$1" || true; }

failed=0
printf '%-5s %-9s %8s %9s %9s %7s  %s\n' arch shape lines "base s" "this s" ratio output
for size in "${sizes[@]}"; do
  for shape in $shapes; do
    java -cp "$work/gen" dev.csfstudio.bench.asm.ShapedSources "$shape" "$work/$shape.csf" "$work/$shape.s" "$size" >&2
    for arch in $arches; do
      "${base_jar[@]}" asm --arch="$arch" "$work/$shape.csf" -o "$work/base.bin" >"$work/base.out" 2>&1 \
        || { echo "base failed on $shape ($arch):" >&2; head -5 "$work/base.out" >&2; }
      "${this_jar[@]}" asm --arch="$arch" "$work/$shape.csf" -o "$work/this.bin" >"$work/this.out" 2>&1 || true
      same=identical
      if ! cmp -s "$work/base.bin" "$work/this.bin" \
          || ! cmp -s <(where_and_what "$work/base.out") <(where_and_what "$work/this.out"); then
        same=DIFFERENT
        failed=1
      fi
      : >"$work/b"; : >"$work/t"
      for _ in $(seq "$runs"); do
        elapsed "${base_jar[@]}" asm --arch="$arch" "$work/$shape.csf" -o "$work/base.bin" >>"$work/b"
        elapsed "${this_jar[@]}" asm --arch="$arch" "$work/$shape.csf" -o "$work/this.bin" >>"$work/t"
      done
      b="$(median <"$work/b")"; t="$(median <"$work/t")"
      printf '%-5s %-9s %8d %9.2f %9.2f %7s  %s\n' "$arch" "$shape" "$(wc -l <"$work/$shape.csf")" "$b" "$t" \
        "$(awk -v a="$t" -v b="$b" 'BEGIN { printf "%.2f", a / b }')" "$same"
    done
  done
done
echo "(whole-process elapsed time, median of $runs alternating runs each; base $base_commit; output compared:"
echo " the bytes written and each diagnostic's position and severity)"
exit "$failed"
