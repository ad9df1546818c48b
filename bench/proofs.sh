#!/usr/bin/env bash
# bench/proofs.sh - what proofs cost: each UNSAT instance solved without a
# proof, with a binary DRAT proof and with a text LRAT proof (CPU seconds,
# proof size), then both proofs checked by einsat-check (DRAT backward,
# LRAT), and CaDiCaL with its DRAT proof beside it.  All runs of one
# instance follow each other, so the ratios compare like with like.  A
# run that does not answer UNSAT shows its exit code beside its time, a
# rejected proof the checker's exit code.
#
#   bench/proofs.sh [-t CPU_SECONDS] INSTANCE...
#
# Prints a Markdown table; proofs go to a temporary directory.
set -eu
cd "$(dirname "$0")/.."
limit=60
while getopts "t:" opt; do
  case $opt in t) limit=$OPTARG ;; *) exit 1 ;; esac
done
shift $((OPTIND - 1))
make --no-print-directory CONFIG=release all > /dev/null
einsat=build/release/bin/einsat check=build/release/bin/einsat-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu COMMAND...: runs it under the CPU limit; prints "SECONDS STATUS".
cpu () {
  local status
  /usr/bin/time -f '%U %S' -o "$tmp/time" \
    bash -c 'ulimit -t '"$limit"'; exec "$@"' _ "$@" > /dev/null 2>&1 &&
    status=0 || status=$?
  # GNU time writes 'Command exited with non-zero status' first.
  tail -1 "$tmp/time" | awk -v s="$status" '{ printf "%.2f %s\n", $1 + $2, s }'
}

size_mb () { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1e6 }'; }

echo "| instance | none | DRAT | LRAT | DRAT MB | LRAT MB | check DRAT | check LRAT | CaDiCaL+DRAT |"
echo "|---|---|---|---|---|---|---|---|---|"
for path in "$@"; do
  case $path in
    *.xz) xz -dc "$path" > "$tmp/f.cnf" ;;
    *.gz) gzip -dc "$path" > "$tmp/f.cnf" ;;
    *) cp "$path" "$tmp/f.cnf" ;;
  esac
  read -r none s0 < <(cpu "$einsat" -q -n "$tmp/f.cnf")
  [ "$s0" = 20 ] || none="$none (exit $s0)"
  read -r drat s1 < <(cpu "$einsat" -q -n --proof="$tmp/p.drat" "$tmp/f.cnf")
  read -r lrat s2 < <(cpu "$einsat" -q -n --lrat="$tmp/p.lrat" "$tmp/f.cnf")
  cdrat=-
  if command -v cadical > /dev/null; then
    read -r cdrat s3 < <(cpu cadical -q "$tmp/f.cnf" "$tmp/c.drat")
    [ "$s3" = 20 ] || cdrat="$cdrat (exit $s3)"
  fi
  check_drat=- check_lrat=- drat_mb=- lrat_mb=-
  [ "$s1" = 20 ] || drat="$drat (exit $s1)"
  [ "$s2" = 20 ] || lrat="$lrat (exit $s2)"
  if [ "$s1" = 20 ]; then
    drat_mb=$(size_mb "$tmp/p.drat")
    read -r check_drat c1 < <(cpu "$check" drat --backward "$tmp/f.cnf" "$tmp/p.drat")
    [ "$c1" = 0 ] || check_drat="$check_drat (exit $c1)"
  fi
  if [ "$s2" = 20 ]; then
    lrat_mb=$(size_mb "$tmp/p.lrat")
    read -r check_lrat c2 < <(cpu "$check" lrat "$tmp/f.cnf" "$tmp/p.lrat")
    [ "$c2" = 0 ] || check_lrat="$check_lrat (exit $c2)"
  fi
  echo "| $(basename "$path") | $none | $drat | $lrat | $drat_mb | $lrat_mb | $check_drat | $check_lrat | $cdrat |"
done
