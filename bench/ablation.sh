#!/usr/bin/env bash
# bench/ablation.sh - einsat with and without techniques (and optionally
# other solvers) on a list of instances, each run limited in CPU time
# (ulimit -t), so that the comparison stays fair on a busy machine.
#
#   bench/ablation.sh [-t CPU_SECONDS] [-j JOBS] [-o NAME] LIST 'LABEL=einsat options' ...
#                     ['LABEL=@command'] ...
#
# A configuration 'LABEL=OPTIONS' runs build/release/bin/einsat with
# OPTIONS; 'LABEL=@COMMAND' runs another solver (e.g. 'cadical=@cadical
# -q').  LIST is an instance list for run-bench (one path per line).
# Results: bench/out/NAME.csv and NAME.txt; summarise again with
#   ../shared/bench/run-bench --from-csv bench/out/NAME.csv -t CPU --par-time cpu
set -eu
cd "$(dirname "$0")/.."
limit=60 jobs=1 name=ablation-$(date +%Y%m%d-%H%M%S)
while getopts "t:j:o:" opt; do
  case $opt in
    t) limit=$OPTARG ;; j) jobs=$OPTARG ;; o) name=$OPTARG ;; *) exit 1 ;;
  esac
done
shift $((OPTIND - 1))
list=$1; shift
make --no-print-directory CONFIG=release all > /dev/null
mkdir -p bench/out
source bench/solvers.sh
solver_arguments "$PWD/build/release/bin/einsat -q" "$limit" "$@"
../shared/bench/run-bench "${solvers[@]}" -t $((4 * limit)) -j "$jobs" \
  --expect ../shared/bench/cnf/status.tsv --par-time cpu \
  -o "bench/out/$name.csv" "@$list" | tee "bench/out/$name.txt"
