#!/usr/bin/env bash
# bench/compare.sh - runs einsat beside other solvers on the shared
# benchmark set with the shared harness (../shared/bench/run-bench), which
# interleaves the solvers per instance, checks every model and prints
# solved counts, PAR-2 and pairwise ratios.
#
#   bench/compare.sh [-t TIMEOUT] [-j JOBS] [-s SOLVER]... [INSTANCES...]
#
# Defaults: 60 s timeout, one job, solvers einsat and minisat (add
# '-s cadical', '-s kissat=PATH' ...), all of ../shared/bench/cnf.
# Extra einsat options go into EINSAT_OPTIONS.  Results (CSV and the
# printed summary) go to bench/out/.  Install the Debian solvers with
# 'make bench-deps'.
set -eu
cd "$(dirname "$0")/.."
SHARED=../shared/bench
timeout=60 jobs=1 solvers=()
while getopts "t:j:s:" opt; do
  case $opt in
    t) timeout=$OPTARG ;;
    j) jobs=$OPTARG ;;
    s) solvers+=(-s "$OPTARG") ;;
    *) sed -n '2,14p' "$0"; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- "$SHARED/cnf"
[ -x "$SHARED/run-bench" ] || { echo "bench: $SHARED/run-bench not found" >&2; exit 1; }
make --no-print-directory CONFIG=release all >/dev/null
[ ${#solvers[@]} -gt 0 ] || solvers=(-s minisat)
mkdir -p bench/out
stamp=$(date +%Y%m%d-%H%M%S)
"$SHARED/run-bench" -t "$timeout" -j "$jobs" \
  --expect "$SHARED/cnf/status.tsv" \
  -s "einsat=$PWD/build/release/bin/einsat -q ${EINSAT_OPTIONS:-} {in}" \
  "${solvers[@]}" -o "bench/out/compare-$stamp.csv" "$@" \
  | tee "bench/out/compare-$stamp.txt"
