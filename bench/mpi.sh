#!/usr/bin/env bash
# bench/mpi.sh - einsat-mpi with RANKS ranks, as a portfolio and in cube
# mode, against one rank, with the shared harness (interleaved runs,
# every model checked); bench/parallel_summary.py prints solved, PAR-2
# and the median wall-clock speedup over one rank (bench/PARALLEL.md,
# section 5).
#
#   bench/mpi.sh [-t TIMEOUT] [-m MIN] [-n RANKS] [-T THREADS] [-l LIST] [-c CUBELIST]
#                [-k all|portfolio|cubes] [-o OPTIONS] [INSTANCES...]
#
# Defaults: 300 s timeout, 2 ranks of 1 thread each.  The instances are
# those of the thread benchmark: LIST (default bench/parallel.list; a
# list from 'bench/parallel.sh -a' works too), or with '-l ""' the ones
# one thread does not solve within MIN seconds (10) among INSTANCES
# (default all of ../shared/bench/cnf), selected by 'bench/parallel.sh
# -S'; plus CUBELIST (bench/mpi-cubes.list; '-c ""' for none), where
# cubes should do well.  Paths in lists are relative to
# ../shared/bench/cnf or absolute.  Each
# rank count runs as 'mpirun -np N', one rank included, so that MPI's
# start-up is in every column.  '-k portfolio' runs only the columns
# rank1 and ranksN on LIST (no cube column, no CUBELIST), '-k cubes'
# only rank1 and cubesN on LIST and CUBELIST.  OPTIONS (for example
# '--buffer=12000') go to einsat-mpi in every column.  Wall-clock figures need a quiet machine
# with RANKS x THREADS idle cores: run nothing else meanwhile.
set -eu
cd "$(dirname "$0")/.."
SHARED=${EINSAT_BENCH:-../shared/bench}
timeout=300 min=10 ranks=2 threads=1 list=bench/parallel.list cubelist=bench/mpi-cubes.list
columns=all options=
while getopts "t:m:n:T:l:c:k:o:" opt; do
  case $opt in
    t) timeout=$OPTARG ;;
    m) min=$OPTARG ;;
    n) ranks=$OPTARG ;;
    T) threads=$OPTARG ;;
    l) list=$OPTARG ;;
    c) cubelist=$OPTARG ;;
    k) columns=$OPTARG ;;
    o) options=$OPTARG ;;
    *) sed -n '2,26p' "$0"; exit 1 ;;
  esac
done
case $columns in
  all | cubes) ;;
  portfolio) cubelist= ;;
  *) echo "bench: -k takes all, portfolio or cubes, not '$columns'" >&2; exit 1 ;;
esac
shift $((OPTIND - 1))
[ -x "$SHARED/run-bench" ] || { echo "bench: $SHARED/run-bench not found" >&2; exit 1; }
command -v mpirun >/dev/null || { echo "bench: mpirun not found (make deps)" >&2; exit 1; }
make --no-print-directory CONFIG=release mpi >/dev/null
mpi="$PWD/build/release/bin/einsat-mpi -q --threads=$threads $options"
mpirun="mpirun --bind-to none"
[ "$(id -u)" != 0 ] || mpirun="$mpirun --allow-run-as-root"
[ $((ranks * threads)) -le "$(getconf _NPROCESSORS_ONLN)" ] || mpirun="$mpirun --oversubscribe"
mkdir -p bench/out
stamp=$(date +%Y%m%d-%H%M%S)

[ -n "$list" ] || list=$(bench/parallel.sh -S -t "$timeout" -m "$min" "$@")
instances=bench/out/mpi-instances-$stamp.list
{
  grep -v '^#' "$list" | sed "s|^\([^/]\)|$(realpath "$SHARED/cnf")/\1|"
  [ -z "$cubelist" ] || grep -v '^#' "$cubelist" | sed "s|^\([^/]\)|$(realpath "$SHARED/cnf")/\1|"
} | sort -u >"$instances"
echo "$(wc -l <"$instances") instances in $instances" >&2

solvers=(-s "rank1=$mpirun -np 1 $mpi {in}")
[ "$columns" = cubes ] || solvers+=(-s "ranks$ranks=$mpirun -np $ranks $mpi {in}")
[ "$columns" = portfolio ] || solvers+=(-s "cubes$ranks=$mpirun -np $ranks $mpi --cubes {in}")
"$SHARED/run-bench" -t "$timeout" -j 1 --rotate --expect "$SHARED/cnf/status.tsv" "${solvers[@]}" \
  -o "bench/out/mpi-$stamp.csv" "@$(realpath "$instances")" >"bench/out/mpi-$stamp.txt"
python3 bench/parallel_summary.py "bench/out/mpi-$stamp.csv" "$timeout" \
  --base=rank1 --no-memory --table --min="$min" | tee "bench/out/mpi-$stamp.md"
