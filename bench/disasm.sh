#!/usr/bin/env bash
# Disassembly memory: peak RSS and wall time of `./csf disasm` on random binaries of
# 64 MiB and 256 MiB (8 and 32 million words, nearly all printed as .inst), as users run it (the launcher and
# its JVM options), against the JVM's own floor: a Java hello world's peak RSS on the same JVM. The text is
# streamed and the binary read in pieces, so the peak should not grow with the input. Also checks that the
# output has a line per word.
# Goal: peak RSS bounded (the same for 64 and 256 MiB), far below the input's text (about 30 bytes a word).
#
# Usage: bench/disasm.sh             (SIZES="64 256" in MiB; SKIP_BUILD=1 uses the jar already built)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
sizes="${SIZES:-64 256}"
[[ -x /usr/bin/time ]] || { echo "disasm.sh: needs GNU time (/usr/bin/time, Debian package 'time')" >&2; exit 1; }
# shellcheck source=bench/jvm-bench.sh
source "$root/bench/jvm-bench.sh"
bench_start
hello_world_jar "$work"
java_cmd="$(launcher_java)"
# "wall_seconds peak_kib" of a command
peak() { /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }; cat "$work/time"; }
read -r _ hello_kib <<< "$(peak "$java_cmd" -jar "$work/hello.jar")"

# The first disasm after a build records its class-data archive: not counted.
head -c 8192 /dev/urandom > "$work/small.bin"
./csf disasm "$work/small.bin" -o "$work/small.csf" >/dev/null 2>&1

printf 'disasm of random binaries (%s, %d cores, %d GiB: the default max heap is a quarter of it)\n' \
  "$("$java_cmd" -version 2>&1 | head -1)" "$(nproc)" "$(($(awk '/MemTotal/ { print $2 }' /proc/meminfo) / 1048576))"
printf '  %-28s %9s %12s %14s\n' "" "wall" "peak RSS" "vs hello world"
printf '  %-28s %9s %9.1f MiB %14s\n' "java Hello" "" "$(awk -v k="$hello_kib" 'BEGIN { print k / 1024 }')" "1.0x"
for mib in $sizes; do
  head -c "$((mib << 20))" /dev/urandom > "$work/r.bin"
  read -r wall kib <<< "$(peak ./csf disasm "$work/r.bin" -o "$work/r.csf")"
  lines="$(grep -c '^    ' "$work/r.csf")"
  [[ "$lines" -eq "$((mib << 17))" ]] || { echo "disasm.sh: $lines instruction lines for $((mib << 17)) words" >&2; exit 1; }
  printf '  %-28s %8.2fs %9.1f MiB %13.1fx\n' "csf disasm, $mib MiB" "$wall" \
    "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')" "$(awk -v k="$kib" -v h="$hello_kib" 'BEGIN { print k / h }')"
  rm -f "$work/r.bin" "$work/r.csf"
done
