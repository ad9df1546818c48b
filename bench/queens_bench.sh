#!/usr/bin/env bash
# bench/queens_bench.sh - speed of 'einsat queens', printed as the
# markdown tables of bench/RESULTS.md.
#
#   bench/queens_bench.sh [-t TIMEOUT] [one] [large] [count] [oeis]
#
# one    one solution for N = 100, 500, 1000 (process time and memory), by
#        the front-end's decisions (the default), by the solver's own
#        ('--decide=solver'), and by MiniSat on the same CNF if installed
# large  one solution for N = 1000, 3000, 5000, 10000 (QUEENS_LARGE sets
#        the sizes): wall-clock and process time, peak memory and bytes
#        per square, the board checked; and the peak memory of '--cnf'
#        for N = 1000 and 3000 (the figures behind the front-end's
#        estimate and its --help)
# oeis   'einsat queens N --count' for N = 1..14 against OEIS A000170
# count  the number of solutions for N = 8..14: 'einsat queens N --count'
#        beside pycosat.itersolve (Debian python3-pycosat, run with
#        /usr/bin/python3, see bench/queens_itersolve.py) on the same DIMACS
#        encoding and on the pairwise encoding without auxiliary variables,
#        and beside a bitboard counter (bench/queens_bitboard.c)
#
# Times are process times (user + system), since the machine may be
# shared.  Runs longer than TIMEOUT CPU seconds (default 60) are stopped.
set -eu
cd "$(dirname "$0")/.."
timeout=60
while getopts "t:" opt; do
  case $opt in
    t) timeout=$OPTARG ;;
    *) sed -n '2,16p' "$0"; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- one large count oeis
make --no-print-directory CONFIG=release all > /dev/null
EINSAT=$PWD/build/release/bin/einsat
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cc -O2 -o "$TMP/bitboard" bench/queens_bitboard.c

# timed FILE COMMAND...: runs COMMAND with TIMEOUT seconds of CPU time
# (a wall-clock limit would depend on the load), writes 'user+sys
# maxrss_kb' to FILE
timed () {
  local file=$1
  shift
  /usr/bin/time -f "%U %S %M" -o "$TMP/time" \
    bash -c 'ulimit -t "$0" && exec "$@"' "$timeout" "$@" \
    > "$TMP/out" 2>&1 || true
  awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$TMP/time" | tail -1 > "$file"
}

# 'yes' if $TMP/out holds a board of N queens (argument), exactly one Q per
# row and column, none sharing a diagonal; 'NO' otherwise.
check_board () {
  awk -v n="$1" '
    /^[.Q ]+$/ { r++; gsub (/ /, ""); for (c = 1; c <= length ($0); c++)
      if (substr ($0, c, 1) == "Q") { q++; col[c]++; d1[r - c]++; d2[r + c]++ } }
    END { ok = (r == n && q == n)
      for (k in col) if (col[k] > 1) ok = 0
      for (k in d1) if (d1[k] > 1) ok = 0
      for (k in d2) if (d2[k] > 1) ok = 0
      print ok ? "yes" : "NO" }' "$TMP/out"
}

# The itersolve table cell from $TMP/t and the script's output in $TMP/out.
itersolve_cell () {
  local seconds boards models
  read -r seconds _ < "$TMP/t"
  read -r boards models < "$TMP/out" 2> /dev/null || true
  if [ "${boards:-}" = "$solutions" ]; then echo "$seconds ($models)"
  else echo "> $timeout"; fi
}

for what in "$@"; do
  case $what in
  one)
    echo "| N | einsat queens N: process s | peak MB | board checked | --decide=solver s | minisat on the CNF s |"
    echo "|---:|---:|---:|---|---:|---:|"
    for n in 100 500 1000; do
      timed "$TMP/t" "$EINSAT" queens "$n" --decide=solver
      solver_s=$(awk -v t="$timeout" '{ print ($1 >= t ? "> " t : $1) }' "$TMP/t")
      minisat_s="(not installed)"
      if command -v minisat > /dev/null; then
        "$EINSAT" queens "$n" --cnf > "$TMP/q.cnf"
        timed "$TMP/t" minisat "$TMP/q.cnf"
        minisat_s=$(awk -v t="$timeout" '{ print ($1 >= t ? "> " t : $1) }' "$TMP/t")
        rm -f "$TMP/q.cnf"
      fi
      timed "$TMP/t" "$EINSAT" queens "$n"
      read -r seconds kb < "$TMP/t"
      verdict=$(check_board "$n")
      echo "| $n | $seconds | $((kb / 1024)) | $verdict | $solver_s | $minisat_s |"
    done
    ;;
  large)
    echo "| N | squares | wall s | process s | peak MB | bytes per square | board checked |"
    echo "|---:|---:|---:|---:|---:|---:|---|"
    for n in ${QUEENS_LARGE:-1000 3000 5000 10000}; do
      start=$(date +%s.%N)
      timed "$TMP/t" "$EINSAT" queens "$n"
      wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
      read -r seconds kb < "$TMP/t"
      if grep -q '^einsat: .*need about' "$TMP/out"; then
        echo "| $n | $((n * n)) | - | - | - | - | refused: $(sed 's/^einsat: //' "$TMP/out") |"
        continue
      fi
      verdict=$(check_board "$n")
      [ "$verdict" = yes ] || verdict="NO: $(grep -m1 '^einsat: ' "$TMP/out" || echo 'no board')"
      per_square=$(awk -v k="$kb" -v n="$n" 'BEGIN { printf "%.0f", k * 1024 / (n * n) }')
      echo "| $n | $((n * n)) | $wall | $seconds | $((kb / 1024)) | $per_square | $verdict |"
    done
    echo
    echo "| N | --cnf to /dev/null: process s | peak MB | bytes per square |"
    echo "|---:|---:|---:|---:|"
    for n in 1000 3000; do
      timed "$TMP/t" "$EINSAT" queens "$n" --cnf=/dev/null
      read -r seconds kb < "$TMP/t"
      per_square=$(awk -v k="$kb" -v n="$n" 'BEGIN { printf "%.0f", k * 1024 / (n * n) }')
      echo "| $n | $seconds | $((kb / 1024)) | $per_square |"
    done
    ;;
  oeis)
    # OEIS A000170: the number of ways to place N non-attacking queens.
    a000170=(0 1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596)
    echo "| N | einsat queens N --count | OEIS A000170 | equal | process s |"
    echo "|---:|---:|---:|---|---:|"
    for n in $(seq 1 14); do
      timed "$TMP/t" "$EINSAT" queens "$n" --count
      read -r seconds _ < "$TMP/t"
      count=$(awk '/solutions?$/ { print $1 } /^No solution/ { print 0 }' "$TMP/out")
      equal=$([ "$count" = "${a000170[$n]}" ] && echo yes || echo NO)
      echo "| $n | $count | ${a000170[$n]} | $equal | $seconds |"
    done
    ;;
  count)
    have_pycosat=no
    if /usr/bin/python3 -c 'import pycosat' 2> /dev/null; then have_pycosat=yes; fi
    echo "| N | solutions | einsat --count s | itersolve, einsat's CNF: s (models) | itersolve, pairwise CNF: s | bitboard s | einsat / bitboard |"
    echo "|---:|---:|---:|---:|---:|---:|---:|"
    for n in 8 9 10 11 12 13 14; do
      timed "$TMP/t" "$EINSAT" queens "$n" --count
      read -r einsat_s _ < "$TMP/t"
      solutions=$(awk '/solutions/ { print $1 }' "$TMP/out")
      pyco="(python3-pycosat missing)" pairwise="-"
      if [ $have_pycosat = yes ]; then
        "$EINSAT" queens "$n" --cnf > "$TMP/q.cnf"
        timed "$TMP/t" /usr/bin/python3 bench/queens_itersolve.py "$n" "$TMP/q.cnf"
        pyco=$(itersolve_cell)
        timed "$TMP/t" /usr/bin/python3 bench/queens_itersolve.py "$n"
        pairwise=$(itersolve_cell)
      fi
      read -r _ bitboard_count bitboard_s <<< "$("$TMP/bitboard" "$n")"
      ratio=$(awk -v a="$einsat_s" -v b="$bitboard_s" \
        'BEGIN { if (b > 0) printf "%.0f", a / b; else print "-" }')
      [ "$bitboard_count" = "$solutions" ] ||
        solutions="$solutions (bitboard: $bitboard_count!)"
      echo "| $n | $solutions | $einsat_s | $pyco | $pairwise | $bitboard_s | $ratio |"
    done
    ;;
  *) echo "queens_bench: unknown part '$what'" >&2; exit 1 ;;
  esac
done
