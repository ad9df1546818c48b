#!/usr/bin/env bash
# bench/check_proofs.sh - solves instances again with a DRAT proof and
# checks every proof with the independent checker (einsat-check drat
# --backward), to back the UNSAT answers of a benchmark run.
#
#   bench/check_proofs.sh [-j JOBS] CSV          the UNSAT answers of einsat in
#                                                a run-bench CSV
#   bench/check_proofs.sh [-j JOBS] - < LIST     instances, one per line
#
# Prints one line per instance: name, proof size, solve and check CPU
# limits hit or not, and the checker's verdict; a summary at the end.
# Solving is limited to 120 s and checking to 600 s of CPU time.
set -eu
cd "$(dirname "$0")/.."
jobs=1
while getopts "j:" opt; do
  case $opt in j) jobs=$OPTARG ;; *) sed -n '2,14p' "$0"; exit 1 ;; esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || { sed -n '2,14p' "$0"; exit 1; }
make --no-print-directory CONFIG=release all > /dev/null
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ "$1" = - ]; then cat > "$TMP/list"
else
  python3 -c '
import csv, sys
for row in csv.DictReader(open(sys.argv[1])):
    if row["solver"] == "einsat" and row["status"] == "UNSAT":
        print(row["instance"])' "$1" > "$TMP/list"
fi
export BIN=$PWD/build/release/bin TMP
check_one () {
  local name dir
  name=$(basename "$1"); name=${name%.xz}; name=${name%.gz}; name=${name%.cnf}
  dir=$(mktemp -d "$TMP/XXXX")
  case $1 in
    *.xz) xz -dc "$1" > "$dir/f.cnf" ;;
    *.gz) gzip -dc "$1" > "$dir/f.cnf" ;;
    *) cp "$1" "$dir/f.cnf" ;;
  esac
  local status verdict
  status=$( (ulimit -t 120; "$BIN/einsat" -q -n --proof="$dir/p.drat" "$dir/f.cnf" > /dev/null; echo $?) )
  if [ "$status" = 20 ]; then
    verdict=$( (ulimit -t 600; "$BIN/einsat-check" drat "$dir/f.cnf" "$dir/p.drat" --backward 2>&1) |
      grep '^s ' || echo "s NOT CHECKED (checker stopped)")
  else
    verdict="s NOT UNSAT (solver exit $status)"
  fi
  printf '%-60s %6s MB  %s\n' "$name" "$(du -m "$dir/p.drat" | cut -f1)" "$verdict"
  rm -rf "$dir"
}
export -f check_one
xargs -P "$jobs" -I{} bash -c 'check_one "$1"' _ {} < "$TMP/list" | tee "$TMP/out"
echo "$(grep -c 's VERIFIED' "$TMP/out") of $(wc -l < "$TMP/list") proofs verified"
