#!/usr/bin/env bash
# bench/ipasir.sh - the applications of the IPASIR collection
# (github.com/biotomas/ipasir) linked against einsat's and other solvers'
# IPASIR libraries, run side by side (interleaved: each round runs every
# benchmark with every solver before the next round starts).  Nothing is
# downloaded: the user gives the paths of an IPASIR checkout and of the
# libraries.
#
#   bench/ipasir.sh --ipasir DIR --solver NAME=LIB [--solver NAME=LIB]...
#                   [--rounds N] [--work DIR] [--only tiny|apps]
#
#   --ipasir DIR       a checkout of the IPASIR collection (its 'app' tree
#                      is copied to the work directory and built there)
#   --solver NAME=LIB  a static IPASIR library (einsat's
#                      build/release/lib/libeinsat.a, CaDiCaL's
#                      build/libcadical.a, ...) under a name for the table;
#                      repeatable (default: einsat=build/release/lib/libeinsat.a)
#   --rounds N         interleaved rounds (default 3); the table gives the
#                      median of each benchmark and solver
#   --work DIR         build and output directory (default
#                      /tmp/einsat-ipasir-bench)
#   --only tiny|apps   only the tiny-solve checkers (calls per second) or
#                      only the heavier applications (seconds)
#
# The tiny-solve checkers ('ipasir-check-iterative', '-satunsat') make
# 200,000 solve calls of a few microseconds each on a fixed formula, each
# with a full stack of assumptions, reading the failed assumptions (or the
# model) back and adding the conflict as a clause: they measure the cost
# of one call of the incremental API.  The applications (reachability,
# planning, longest simple path, backbones, essential variables, plain
# SAT) measure solving.  Example, with CaDiCaL 2.2 built in /work/ext:
#
#   bench/ipasir.sh --ipasir /work/ext/ipasir \
#     --solver einsat=build/release/lib/libeinsat.a \
#     --solver cadical=/work/ext/cadical/build/libcadical.a
set -eu
cd "$(dirname "$0")/.."
root=$PWD
ipasir='' rounds=3 work=/tmp/einsat-ipasir-bench only='' solvers=()

usage () { sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'; exit 1; }

while [ $# -gt 0 ]; do
  case $1 in
    --ipasir) ipasir=$2; shift 2 ;;
    --solver) solvers+=("$2"); shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "ipasir.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
[ -n "$ipasir" ] && [ -d "$ipasir/app" ] ||
  { echo "ipasir.sh: --ipasir DIR (a checkout with 'app/') is required" >&2; exit 1; }
[ ${#solvers[@]} -gt 0 ] || solvers=("einsat=build/release/lib/libeinsat.a")
case $only in ''|tiny|apps) ;; *) usage ;; esac

# The benchmarks: NAME|APP|ARGUMENTS (inputs relative to the app).
tiny=(
  "iterative|ipasir-check-iterative|200000 2 30"
  "satunsat|ipasir-check-satunsat|200000 2 30"
  "iterative-5x5000|ipasir-check-iterative|20000 5 5000"
)
apps=(
  "reach-floortile|genipareach|inputs/Floortile_p01-5-4-2.dimspec.cnf"
  "lsp-maze13|genipalsp|inputs/maze-13-0.3-1.grid"
  "bones-sat250|genipabones|inputs/sat250.cnf"
  "essentials-unsat250|genipaessentials|inputs/unsat250.cnf"
  "sat-unsat250|genipasat|inputs/unsat250.cnf"
)
benchmarks=()
[ "$only" = apps ] || benchmarks+=("${tiny[@]}")
[ "$only" = tiny ] || benchmarks+=("${apps[@]}")

# Each solver gets its own copy of the collection: the makefiles build in
# the application directories and read the library from 'sat/NAME'.
build_solver () {
  local name=$1 lib=$2 dir=$work/$1
  [ -f "$lib" ] || { echo "ipasir.sh: no library '$lib'" >&2; exit 1; }
  rm -rf "$dir"
  mkdir -p "$dir/sat/$name"
  cp -r "$ipasir/app" "$dir/app"
  cp "$ipasir/ipasir.h" "$dir/" # the applications link to it
  cp "$lib" "$dir/sat/$name/libipasir$name.a"
  echo "-lpthread -lm" > "$dir/sat/$name/LIBS"
  # C++ solvers need the C++ linker, also for the applications in C.
  echo "${CXX:-g++} -O3" > "$dir/sat/$name/LINK"
  local app
  for app in $(printf '%s\n' "${benchmarks[@]}" | cut -d'|' -f2 | sort -u); do
    make -s -C "$dir/app/$app" IPASIRSOLVER="$name" all \
      > "$dir/build-$app.log" 2>&1 ||
      { echo "ipasir.sh: building $app against $name failed (see $dir/build-$app.log)" >&2; exit 1; }
  done
}

mkdir -p "$work"
names=()
for s in "${solvers[@]}"; do
  name=${s%%=*} lib=${s#*=}
  case $lib in /*) ;; *) lib=$root/$lib ;; esac
  echo "c building the applications against $name ($lib)"
  build_solver "$name" "$lib"
  names+=("$name")
done

# One run: the process time (user + system: the machine may be shared,
# so wall-clock time says little), and for the checkers the calls per
# second they print (from their user time); a non-zero exit or a
# checker's 'error' fails it.  ('time' writes its figures on the last
# line: a line about the exit status may come first.)
results=$work/results.tsv
: > "$results"
[ -x /usr/bin/time ] || { echo "ipasir.sh: needs /usr/bin/time" >&2; exit 1; }
run_one () {
  local name=$1 bench=$2 app=$3 args=$4 round=$5
  local dir=$work/$name/app/$app out=$work/$name/$bench.$round.out
  local status=0
  (cd "$dir" && /usr/bin/time -f '%U %S' -o "$out.time" "./$app" $args) \
    > "$out" 2>&1 || status=$?
  # The applications exit with 10 or 20 for their answer.
  case $status in 0|10|20) ;; *) echo "c $bench with $name: exit $status" ;; esac
  if grep -q '^error' "$out"; then
    echo "c $bench with $name: $(grep -m1 '^error' "$out")"
    status=1
  fi
  local rate
  rate=$(grep 'calls per second' "$out" | tail -n1 | awk '{print $2}')
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$bench" "$name" "$round" \
    "$(tail -n1 "$out.time" | awk '{print $1 + $2}')" "${rate:--}" "$status" \
    >> "$results"
}

for round in $(seq 1 "$rounds"); do
  echo "c round $round of $rounds"
  for b in "${benchmarks[@]}"; do
    IFS='|' read -r bench app args <<< "$b"
    for name in "${names[@]}"; do
      run_one "$name" "$bench" "$app" "$args" "$round"
    done
  done
done

# Medians per benchmark and solver; ratios against the first solver.
python3 - "$results" "${names[@]}" <<'EOF'
import statistics, sys
path, names = sys.argv[1], sys.argv[2:]
runs = {}
for line in open(path):
    bench, name, _, seconds, rate, status = line.rstrip('\n').split('\t')
    r = runs.setdefault((bench, name), {'s': [], 'rate': [], 'bad': 0})
    r['s'].append(float(seconds))
    if rate != '-':
        r['rate'].append(float(rate))
    r['bad'] += status not in ('0', '10', '20')
benches = []
for bench, _ in runs:
    if bench not in benches:
        benches.append(bench)
head = '| benchmark | ' + ' | '.join(f'{n} CPU s' for n in names)
head += ' | ' + ' | '.join(f'{n} calls/s' for n in names)
head += ' | ' + ' | '.join(f'{n} / {names[0]}' for n in names[1:]) + ' |'
print(head)
print('|' + '---|' * (head.count('|') - 1))
for bench in benches:
    cells, rates, times = [], [], []
    for n in names:
        r = runs[(bench, n)]
        t = statistics.median(r['s'])
        times.append(t)
        cells.append(f"{t:.2f}" + (' (failed)' if r['bad'] else ''))
        rates.append(f"{statistics.median(r['rate']):,.0f}" if r['rate'] else '-')
    ratios = [f"{t / times[0]:.2f}" if times[0] else '-' for t in times[1:]]
    print(f"| {bench} | " + ' | '.join(cells) + ' | ' + ' | '.join(rates) +
          ' | ' + ' | '.join(ratios) + ' |')
EOF
echo "c runs in $results, outputs in $work/NAME/"
