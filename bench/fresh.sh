#!/usr/bin/env bash
# bench/fresh.sh - one benchmark round on formulas nobody has seen: a
# fresh seed for bench/generate.py (random k-SAT, colouring, quasigroups,
# multipliers, factoring, XOR systems, van der Waerden), plus the shared
# instances of bench/shared.list, run interleaved with the shared harness,
# each run limited in CPU time (ulimit -t), and summarised per family
# (PAR-2 on CPU time, bench/families.py).
#
#   bench/fresh.sh [-t CPU_SECONDS] [-j JOBS] [-s SEED] [-n SCALE] [-o NAME]
#                  [-r SEEDS] [-l LIST] [-G] [-S] [-v] [CONFIG...]
#
# CONFIG is 'LABEL=einsat options' (this tree's release build) or
# 'LABEL=@command' (another solver or another einsat build).  Default:
# 'einsat=' 'kissat=@$KISSAT -q' 'cadical=@$CADICAL -q' with KISSAT and
# CADICAL defaulting to ../ext/kissat/build/kissat and
# ../ext/cadical/build/cadical (Kissat 4.0.4, CaDiCaL 2.2, built outside
# the repository).  -G: generated formulas only, -S: shared list only.
# -n: instance count factor for bench/generate.py.  -v: einsat runs with
# '-v' and the logs are kept (bench/out/NAME.logs), for the statistics
# and the time profile of each technique (bench/profile.py CSV LOGS summarises
# it per family).  -l LIST: this list instead of bench/shared.list.
#
# -r K: every solver runs every formula K times, with K random solver
# seeds drawn for this round (written in NAME.txt): CONFIG 'L=...' becomes
# 'L+sS=... --seed=S' for each seed S ('--seed=S' is einsat's, Kissat's
# and CaDiCaL's option; for '@COMMAND' it is appended to the command).
# It applies to every formula of the round, generated and shared: use -S
# for seeds on the shared list only.  bench/families.py pools the runs of
# 'L+sS' under L: per formula the PAR-2 is the mean over its runs (one
# row each), per family and in total the sum over formulas, so a round
# with K seeds weighs as much as a round with one, and a single unlucky
# draw counts 1/K.  Its total without the parity/pigeonhole families (P)
# is the figure of the goal of issue 35.
#
# Results: bench/out/NAME.csv, NAME.txt (harness output, then the family
# table), the formulas in bench/out/NAME.cnf/ and the einsat binary
# bench/out/NAME.einsat (delete when done).
set -eu
cd "$(dirname "$0")/.."
limit=60 jobs=1 seed= scale=1 name= generated=1 shared=1 verbose=
seeds=1 list=bench/shared.list
while getopts "t:j:s:n:o:r:l:GSv" opt; do
  case $opt in
    t) limit=$OPTARG ;; j) jobs=$OPTARG ;; s) seed=$OPTARG ;;
    n) scale=$OPTARG ;; o) name=$OPTARG ;; G) shared= ;; S) generated= ;;
    r) seeds=$OPTARG ;; l) list=$OPTARG ;;
    v) verbose=-v ;; *) sed -n '2,38p' "$0"; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$seed" ] || seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
seed=$((seed % 2147483648))
[ -n "$name" ] || name=fresh-$(date +%Y%m%d-%H%M%S)-s$seed
KISSAT=${KISSAT:-../ext/kissat/build/kissat}
CADICAL=${CADICAL:-../ext/cadical/build/cadical}
[ $# -gt 0 ] || set -- 'einsat=' "kissat=@$KISSAT -q" "cadical=@$CADICAL -q"
case $seeds in
  ''|*[!0-9]*|0) echo "fresh.sh: -r wants a positive count, not '$seeds'" >&2; exit 1 ;;
esac
source bench/solvers.sh
seeded_configs "$seeds" "$@"
set -- "${configs[@]}"
make --no-print-directory CONFIG=release all > /dev/null
mkdir -p bench/out
# a copy, so that builds during the run do not change the solver
cp build/release/bin/einsat "bench/out/$name.einsat"
instances=()
if [ -n "$generated" ]; then
  python3 bench/generate.py --seed "$seed" --scale "$scale" "bench/out/$name.cnf"
  instances+=("@bench/out/$name.cnf/fresh.list")
fi
[ -z "$shared" ] || instances+=("@$list")
logs=()
solver_arguments "$PWD/bench/out/$name.einsat ${verbose:--q}" "$limit" "$@"
[ -z "$verbose" ] || logs=(--log-dir "bench/out/$name.logs")
{
  echo "# bench/fresh.sh -t $limit -j $jobs -s $seed -n $scale -r $seeds: $(date -u '+%F %T UTC')"
  echo "# commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (modified)')"
  [ ${#solver_seeds[@]} = 0 ] || echo "# solver seeds: ${solver_seeds[*]}"
  echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "bench/out/$name.txt"
../shared/bench/run-bench "${solvers[@]}" -t $((4 * limit)) -j "$jobs" \
  --rotate --expect ../shared/bench/cnf/status.tsv --par-time cpu "${logs[@]}" \
  -o "bench/out/$name.csv" "${instances[@]}" | tee -a "bench/out/$name.txt"
{
  echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  bench/families.py --limit "$limit" --top 8 "bench/out/$name.csv"
} | tee -a "bench/out/$name.txt"
