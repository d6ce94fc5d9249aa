#!/usr/bin/env bash
# Builds and tests the Eclipse plugin: a Tycho build of its own (pom.xml here), which needs
# cli/target/csf.jar (the main build makes it first) and, for its tests, a display: $DISPLAY, else
# xvfb-run (Debian: apt-get install xvfb libgtk-3-0). With neither, the plugin is built and its tests are
# skipped, loudly. The main build runs this from eclipse-plugin/main-build.
# Usage: eclipse-plugin/verify.sh [--offline=true|false] [--skip-tests=true|false]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
args=(-B -ntp -f "$here/pom.xml" verify)
skip=false
for a in "$@"; do
  case "$a" in
    --offline=true) args+=(-o) ;;
    --skip-tests=true) skip=true ;;
    --offline=*|--skip-tests=*) ;;
    *) echo "verify.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
if [[ "$skip" == true ]]; then
  exec "$root/mvnw" "${args[@]}" -DskipTests
elif [[ -n "${DISPLAY:-}" ]]; then
  exec "$root/mvnw" "${args[@]}"
elif command -v xvfb-run >/dev/null; then
  exec xvfb-run -a "$root/mvnw" "${args[@]}"
else
  echo "eclipse-plugin: WARNING: no display and no xvfb-run (apt-get install xvfb libgtk-3-0):" \
       "building the plugin WITHOUT running its tests" >&2
  exec "$root/mvnw" "${args[@]}" -DskipTests
fi
