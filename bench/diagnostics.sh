#!/usr/bin/env bash
# Diagnostic scaling benchmark: csf asm on sources of 40,000 lines that draw a warning
# or an error on every line (five kinds), against a clean source of the same size measured in the same run. Prints each
# run's time (best of RUNS) and max RSS, and the ratio to the clean source.
# Goals: every ratio <= 3.0, every max RSS < 1 GiB.
#
# Usage: bench/diagnostics.sh [LINES]    (default 40000; RUNS=N best of N, default 3;
#                                          SKIP_BUILD=1 uses the csf.jar already built)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
n="${1:-40000}"
runs="${RUNS:-3}"

if [[ -z "${SKIP_BUILD:-}" ]]; then
  echo "building csf.jar ..." >&2
  ./mvnw -q -o -DskipTests -pl cli -am package >&2 || ./mvnw -q -DskipTests -pl cli -am package >&2
fi
export CSF_NO_REBUILD=1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Every line the same length in each file: only what the assembler has to say about it differs.
gen() { awk -v n="$n" -v fmt="$2" 'BEGIN { for (i = 0; i < n; i++) printf fmt "\n", i }' > "$work/$1.csf"; }
gen clean          'MOVE48 d40, #%d'   # no diagnostic
gen odd-pair       'MOVE48 d41, #%d'   # warning: d41 is odd
gen unknown        'MOVX48 d40, #%d'   # error: unknown mnemonic, with a suggestion
gen out-of-range   'MOVE48 d96, #%d'   # error: register out of range
gen syntax         'MOVE48 d40  #%d'   # error: a missing comma (the one kind here the parser reports)
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "lbl%06d: NOP\n", i }' > "$work/unused-label.csf" # warning

# best elapsed seconds and the max RSS (KiB) of that run over $runs runs
best_of() {
  local best="" rss=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M' -o "$work/time" ./csf asm "$1" -o "$work/out.bin" >/dev/null 2>"$work/stderr" || true
    read -r t m < <(tail -1 "$work/time") # after "Command exited with non-zero status" for errors
    if [[ -z "$best" ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$t"; rss="$m"; fi
  done
  echo "$best $rss $(wc -c < "$work/stderr")"
}

# The first run after a build records the classes for the launcher's class-data archive, which it then dumps
# in the background: wait for that before anything is counted.
./csf asm "$work/clean.csf" -o "$work/out.bin" >/dev/null 2>&1
if [[ -z "${CSF_NO_CDS:-}" ]]; then
  for _ in $(seq 300); do
    [[ cli/target/csf-asm.jsa -nt cli/target/csf.jar ]] && break
    sleep 0.1
  done
fi
read -r clean_s clean_rss _ < <(best_of "$work/clean.csf")
printf '%-34s %6.2f s   max RSS %5d MiB\n' "clean, $n lines:" "$clean_s" "$((clean_rss / 1024))"
worst=0
for kind in odd-pair unused-label unknown out-of-range syntax; do
  read -r s rss err < <(best_of "$work/$kind.csf")
  ratio="$(awk -v a="$s" -v b="$clean_s" 'BEGIN { printf "%.2f", a / b }')"
  worst="$(awk -v a="$ratio" -v b="$worst" 'BEGIN { print (a > b ? a : b) }')"
  printf '%-34s %6.2f s   max RSS %5d MiB   ratio %5s   stderr %d KiB\n' "$kind, $n diagnostics:" "$s" \
    "$((rss / 1024))" "$ratio" "$((err / 1024))"
done
printf '%-34s %6s   (goal <= 3.00, max RSS < 1024 MiB)\n' "worst ratio:" "$worst"
