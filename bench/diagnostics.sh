#!/usr/bin/env bash
# Diagnostic scaling benchmark: csf asm on sources of 40,000 lines that draw a warning
# or an error on every line (nine kinds), against a clean source of the same size measured in the same run. Prints each
# kind's time, max RSS and CPU time (user + system; of the median run of RUNS) and the ratios to the clean source
# (CPU time moves less than wall time when other work shares the machine).
# Goals: every ratio <= 3.0, every max RSS < 1 GiB.
#
# Usage: bench/diagnostics.sh [LINES]    (default 40000; RUNS=N median of N, default 3;
#                                          SKIP_BUILD=1 uses the csf.jar already built;
#                                          REFERENCE=/dir/csf also times another build's launcher, its runs
#                                          interleaved with this one's, and prints its figures beside them)
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
gen syntax         'MOVE48 d40  #%d'   # error: a missing comma
gen garbage        '%%%%%% ??   ?? #%d'  # error: a line of punctuation
gen misspelt       '.wrod        %d'    # error: unknown directive, with a suggestion
gen paren          'MOVE48 d40, (%d'   # error: an unbalanced parenthesis
gen bracket        'MOVE48 d40, [%d'   # error: an unbalanced bracket
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "lbl%06d: NOP\n", i }' > "$work/unused-label.csf" # warning

# "seconds max-RSS-KiB stderr-bytes cpu-seconds" of the median run (by time) of $runs runs of launcher $1 on $2
median_of() {
  local i
  for i in $(seq "$runs"); do
    /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$1" asm "$2" -o "$work/out.bin" >/dev/null 2>"$work/stderr" || true
    # after "Command exited with non-zero status"
    tail -1 "$work/time" | awk -v err="$(wc -c < "$work/stderr")" '{ printf "%s %s %s %.2f\n", $1, $2, err, $3 + $4 }'
  done | sort -n | awk -v m="$(( (runs + 1) / 2 ))" 'NR == m'
}

# Both launchers' medians for one file, their runs interleaved so that the machine's load falls on both alike:
# "seconds rss stderr cpu [ref-seconds ref-rss ref-stderr ref-cpu]"
measure() {
  if [[ -z "${REFERENCE:-}" ]]; then
    median_of ./csf "$1"
    return
  fi
  local ours="" theirs="" i
  for i in $(seq "$runs"); do
    ours+="$(runs=1 median_of ./csf "$1")"$'\n'
    theirs+="$(runs=1 median_of "$REFERENCE" "$1")"$'\n'
  done
  local m="$(( (runs + 1) / 2 ))"
  echo "$(sort -n <<< "${ours%$'\n'}" | awk -v m="$m" 'NR == m') $(sort -n <<< "${theirs%$'\n'}" | awk -v m="$m" 'NR == m')"
}

# The first run after a build records the classes for the launcher's class-data archive, which it then dumps
# in the background: wait for that before anything is counted.
./csf asm "$work/clean.csf" -o "$work/out.bin" >/dev/null 2>&1
if [[ -z "${CSF_NO_CDS:-}" ]]; then
  for _ in $(seq 300); do
    # the launcher names an archive by command and JVM: csf-asm-<JVM id>.jsa
    for f in cli/target/csf-asm-*.jsa; do [[ -f $f && $f -nt cli/target/csf.jar ]] && break 2; done
    sleep 0.1
  done
fi
# The reference launcher's class-data archive is made by its first run too.
[[ -n "${REFERENCE:-}" ]] && "$REFERENCE" asm "$work/clean.csf" -o "$work/out.bin" >/dev/null 2>&1 && sleep 3
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
read -r clean_s clean_rss _ clean_cpu ref_clean_s ref_clean_rss _ ref_clean_cpu < <(measure "$work/clean.csf")
printf '%-34s %6.2f s   max RSS %5d MiB   cpu %5.2f s' "clean, $n lines:" "$clean_s" "$((clean_rss / 1024))" "$clean_cpu"
[[ -n "${REFERENCE:-}" ]] && printf '   | reference %6.2f s  %5d MiB  cpu %5.2f s' "$ref_clean_s" "$((ref_clean_rss / 1024))" \
  "$ref_clean_cpu"
echo
worst=0
for kind in odd-pair unused-label unknown out-of-range syntax garbage misspelt paren bracket; do
  read -r s rss err cpu ref_s ref_rss _ ref_cpu < <(measure "$work/$kind.csf")
  r="$(ratio "$s" "$clean_s")"
  worst="$(awk -v a="$r" -v b="$worst" 'BEGIN { print (a > b ? a : b) }')"
  printf '%-34s %6.2f s   max RSS %5d MiB   ratio %5s   cpu ratio %5s   stderr %d KiB' "$kind, $n diagnostics:" "$s" \
    "$((rss / 1024))" "$r" "$(ratio "$cpu" "$clean_cpu")" "$((err / 1024))"
  [[ -n "${REFERENCE:-}" ]] && printf '   | reference %6.2f s  %5d MiB  ratio %5s  cpu ratio %5s' "$ref_s" "$((ref_rss / 1024))" \
    "$(ratio "$ref_s" "$ref_clean_s")" "$(ratio "$ref_cpu" "$ref_clean_cpu")"
  echo
done
printf '%-34s %6s   (goal <= 3.00, max RSS < 1024 MiB)\n' "worst ratio:" "$worst"
