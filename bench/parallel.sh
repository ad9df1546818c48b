#!/usr/bin/env bash
# bench/parallel.sh - the thread portfolio against one thread, on the
# instances of the shared benchmark set that take one thread at least
# 10 s, with the shared harness (interleaved runs in rotated order, every
# model checked); bench/parallel_summary.py prints the figures of
# bench/PARALLEL.md (solved, PAR-2, median wall-clock speedup, memory).
#
#   bench/parallel.sh [-t TIMEOUT] [-m MIN] [-n THREADS]... [-l LIST]
#   bench/parallel.sh -a [-m MIN] [-S] [-t TIMEOUT] [-n THREADS]... [INSTANCES...]
#
# Defaults: 300 s timeout, threads 2 and 8 against 1 (and 8
# oversubscribed, see below), the instances of bench/parallel.list
# (paths relative to ../shared/bench/cnf; bench/PARALLEL.md says how they
# were chosen); the summary keeps those on which one thread took at least
# MIN seconds (10) in the same pass.  With '-a' a first pass runs one thread on INSTANCES
# (default all of ../shared/bench/cnf) and keeps those it did not solve
# within MIN seconds (10), written to bench/out/parallel-selected-STAMP.list
# (reusable with '-l'; '-S' stops there and prints the list's path).
# Wall-clock figures need a quiet machine with at least 2 idle cores: run
# nothing else meanwhile.  Extra einsat options go into EINSAT_OPTIONS.
set -eu
cd "$(dirname "$0")/.."
SHARED=${EINSAT_BENCH:-../shared/bench}
timeout=300 min=10 list=bench/parallel.list counts=() select_only= select=
while getopts "t:m:n:l:aS" opt; do
  case $opt in
    t) timeout=$OPTARG ;;
    m) min=$OPTARG ;;
    n) counts+=("$OPTARG") ;;
    l) list=$OPTARG ;;
    a) select=1 ;;
    S) select=1 select_only=1 ;;
    *) sed -n '2,19p' "$0"; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
[ ${#counts[@]} -gt 0 ] || counts=(2 8)
[ $# -gt 0 ] || set -- "$SHARED/cnf"
[ -x "$SHARED/run-bench" ] || { echo "bench: $SHARED/run-bench not found" >&2; exit 1; }
make --no-print-directory CONFIG=release all >/dev/null
einsat="$PWD/build/release/bin/einsat -q ${EINSAT_OPTIONS:-}"
mkdir -p bench/out
stamp=$(date +%Y%m%d-%H%M%S)

if [ -n "$select" ]; then
  list=bench/out/parallel-selected-$stamp.list
  echo "selection: one thread, kept if not solved within $min s" >&2
  "$SHARED/run-bench" -t "$timeout" -j 1 --expect "$SHARED/cnf/status.tsv" \
    -s "threads1=$einsat --threads=1 {in}" -o "bench/out/parallel-select-$stamp.csv" \
    --no-table "$@" >"bench/out/parallel-select-$stamp.txt"
  python3 - "bench/out/parallel-select-$stamp.csv" "$min" >"$list" <<'EOF'
import csv, sys
for row in csv.DictReader(open(sys.argv[1])):
    if row["status"] not in ("SAT", "UNSAT") or float(row["wall"]) >= float(sys.argv[2]):
        print(row["instance"])
EOF
  echo "selected $(wc -l <"$list") instances into $list" >&2
fi
[ -s "$list" ] || { echo "bench: no instance selected" >&2; exit 1; }
[ -z "$select_only" ] || { echo "$list"; exit 0; }

# Paths relative to the benchmark set, comments left out.
instances=bench/out/parallel-instances-$stamp.list
grep -v '^#' "$list" | sed "s|^\([^/]\)|$(realpath "$SHARED/cnf")/\1|" >"$instances"
echo "$(wc -l <"$instances") instances, timeout $timeout s, threads 1 ${counts[*]}" >&2

# Beyond the processors online '--threads=N' starts that many workers
# only: 'threadsNx' runs all N with '--threadsoversubscribe'.
online=$(getconf _NPROCESSORS_ONLN)
solvers=(-s "threads1=$einsat --threads=1 {in}")
for n in "${counts[@]}"; do
  solvers+=(-s "threads$n=$einsat --threads=$n {in}")
  [ "$n" -le "$online" ] ||
    solvers+=(-s "threads${n}x=$einsat --threads=$n --threadsoversubscribe {in}")
done
"$SHARED/run-bench" -t "$timeout" -j 1 --rotate --expect "$SHARED/cnf/status.tsv" \
  "${solvers[@]}" -o "bench/out/parallel-$stamp.csv" "@$(realpath "$instances")" \
  >"bench/out/parallel-$stamp.txt"
python3 bench/parallel_summary.py "bench/out/parallel-$stamp.csv" "$timeout" \
  --min="$min" --table |
  tee "bench/out/parallel-$stamp.md"
