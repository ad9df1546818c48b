#!/usr/bin/env bash
# bench/web-speed.sh [ROUNDS] - the WebAssembly build (build/web, run by
# node through web/run-node.cjs) against the native one (build/release)
# on a few formulas and puzzles.  Native and wasm runs alternate, case by
# case and round by round, so that load on the shared machine hits both
# alike; the table gives the median of each round's wasm/native ratio of
# whole-process wall times (node's start and the module's compilation
# included).  Needs make, make web, node and ../shared/bench (or
# EINSAT_BENCH).  Results: bench/WEB.md.
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-3}
bench=${EINSAT_BENCH:-../shared/bench}
native=build/release/bin/einsat
wasm=(node web/run-node.cjs build/web/einsat.js)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cases=()
add_cnf() { # the wasm build cannot decompress: both read the plain file
  local src=$bench/cnf/$1.cnf.xz name
  name=$(basename "$1")
  [ -f "$src" ] || { echo "missing $src" >&2; return; }
  xz -dc "$src" > "$tmp/$name.cnf"
  cases+=("$name|-q -n $tmp/$name.cnf|solve -n $tmp/$name.cnf")
}
add_cnf satlib-uuf250/uuf250-05
add_cnf satlib-bmc/bmc-galileo-9
add_cnf satlib-bmc/bmc-ibm-10
add_cnf satlib-uf250/uf250-02
cases+=("zebra (Einstein)|zebra|zebra")
cases+=("queens 13 --count|queens 13 --count|queens 13 --count")
cases+=("sudoku 17-clue x49151 --unique|sudoku -q --unique $bench/sudoku/sudoku17_royle_49151.txt|sudoku -q --unique $bench/sudoku/sudoku17_royle_49151.txt")
cases+=("nonogram GCHQ --unique|nonogram --unique python/examples/gchq2015.non|nonogram --unique python/examples/gchq2015.non")

seconds() { # runs "$@", prints its wall time; the exit code (10/20) is no error
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

printf '| case | native s | wasm s | wasm/native |\n| --- | ---: | ---: | ---: |\n'
for c in "${cases[@]}"; do
  IFS='|' read -r name native_args wasm_args <<< "$c"
  ratios=() natives=() wasms=()
  for ((r = 0; r < rounds; r++)); do
    # shellcheck disable=SC2086
    n=$(seconds $native $native_args)
    # shellcheck disable=SC2086
    w=$(seconds "${wasm[@]}" $wasm_args)
    natives+=("$n") wasms+=("$w")
    ratios+=("$(echo "$w / $n" | bc -l)")
  done
  median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
  printf '| %s | %.2f | %.2f | %.2f |\n' "$name" "$(median "${natives[@]}")" \
    "$(median "${wasms[@]}")" "$(median "${ratios[@]}")"
done
