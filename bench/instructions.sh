#!/usr/bin/env bash
# bench/instructions.sh - instruction counts (callgrind) and a search
# fingerprint of one einsat binary on a few fixed CNFs, for changes that
# must not change the search or its speed.  Instruction counts do not
# depend on the load of the machine; the fingerprint is a digest of the
# '-v' statistics (counters only, no times, rates or memory), so two
# binaries that search alike print the same digest.
#
#   bench/instructions.sh [-n] BINARY [CNF...]
#
# -n skips callgrind (fingerprints only).  Default CNFs: the six of
# bench/instructions.list.  Output: one line per CNF with the exit code,
# instructions, conflicts, decisions and the digest.
set -eu
cd "$(dirname "$0")/.."
callgrind=1
[ "${1:-}" = -n ] && { callgrind=0; shift; }
[ $# -ge 1 ] || { sed -n '2,14p' "$0"; exit 1; }
binary=$1; shift
[ $# -gt 0 ] || set -- $(grep -v '^#' bench/instructions.list)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '%-28s %4s %16s %10s %10s  %s\n' instance exit instructions conflicts decisions digest
for cnf in "$@"; do
  set +e
  "$binary" -v "$cnf" > "$tmp/out"; code=$?
  set -e
  stats() { awk '$1 == "c" && $3 ~ /^[0-9]+$/ && $2 != "time" && $2 != "memory" { print $2, $3 }' "$tmp/out"; }
  digest=$(stats | md5sum | cut -c1-12)
  conflicts=$(stats | awk '$1 == "conflicts" { print $2 }')
  decisions=$(stats | awk '$1 == "decisions" { print $2 }')
  instructions=-
  if [ $callgrind = 1 ]; then
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" -q "$cnf" \
      > /dev/null 2> "$tmp/cg" || true
    instructions=$(awk '/Collected :/ { print $4 }' "$tmp/cg")
  fi
  printf '%-28s %4s %16s %10s %10s  %s\n' "$(basename "$cnf" .cnf.xz)" "$code" \
    "$instructions" "${conflicts:--}" "${decisions:--}" "$digest"
done
