#!/usr/bin/env bash
# bench/grids_bench.sh - speed of 'einsat sudoku' and 'einsat nonogram' on
# the shared puzzle sets (../shared/bench/sudoku and nonogram), printed as
# the markdown tables of bench/GRIDS.md.
#
#   bench/grids_bench.sh [-s SAMPLE] [sudoku] [process] [nonogram]
#
# sudoku    every Sudoku set solved with the uniqueness check, one einsat
#           process per set (one incremental solver for all its puzzles)
# process   the way tutorials do it, on the first SAMPLE (default 500)
#           17-clue puzzles: one DIMACS file per puzzle (written before
#           timing) and one solver process per puzzle, first solution only,
#           for minisat, picosat and einsat where installed; beside it the
#           same sample in one einsat sudoku process
# nonogram  every nonogram with the uniqueness check, one process each
#
# Without arguments all three run.  Times are process times (user + system)
# because the machine may be shared; wall times are shown beside them.
# Output also goes to bench/out/grids-<date>.md.
set -eu
cd "$(dirname "$0")/.."
SHARED=${EINSAT_BENCH:-../shared/bench}
sample=500
while getopts "s:" opt; do
  case $opt in
    s) sample=$OPTARG ;;
    *) sed -n '2,20p' "$0"; exit 1 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- sudoku process nonogram
[ -d "$SHARED" ] || { echo "grids_bench: $SHARED not found" >&2; exit 1; }
make --no-print-directory CONFIG=release all > /dev/null
EINSAT=$PWD/build/release/bin/einsat
mkdir -p bench/out
out=bench/out/grids-$(date +%Y%m%d-%H%M%S).md
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

say () { echo "$*" | tee -a "$out"; }

sudoku_sets () {
  say "| set | puzzles | solved | unique | process s | wall s | puzzles/s (process) |"
  say "|---|---:|---:|---:|---:|---:|---:|"
  for set in sudoku17_royle_49151 top95 hardest_norvig11 magictour_top1465 \
             forum_hardest_1106 forum_hardest_1905_11plus sudoku16x16_100 \
             sudoku25x25; do
    file=$SHARED/sudoku/$set.txt
    [ -r "$file" ] || continue
    "$EINSAT" sudoku -q --unique "$file" > "$TMP/summary" || true
    awk -v set="$set" '
      /^c puzzles/ { puzzles = $3 + 0 }
      /^c solved/ { solved = $3 + 0; unique = $5 + 0 }
      /^c time/ { process = $3; wall = $6; rate = $9 }
      END { printf "| %s | %d | %d | %d | %.2f | %.2f | %d |\n",
            set, puzzles, solved, unique, process, wall, rate }' \
      "$TMP/summary" | tee -a "$out"
  done
}

# in_process LABEL OPTIONS...: the sample in one einsat process, timed by
# its own summary (finer than /usr/bin/time).
in_process () {
  local label=$1
  shift
  "$EINSAT" sudoku -q "$@" "$TMP/sample.txt" > "$TMP/summary" || true
  awk -v l="$label" -v n="$sample" '/^c time/ { p = $3; w = $6 }
    END { printf "| %s | %d | %.3f | %.3f | %d | %d |\n", l, n, p, w,
          (p > 0 ? n / p : 0), (w > 0 ? n / w : 0) }' "$TMP/summary" | tee -a "$out"
}

# One DIMACS file and one solver process per puzzle.
process_per_puzzle () {
  head -"$sample" "$SHARED/sudoku/sudoku17_royle_49151.txt" > "$TMP/sample.txt"
  mkdir -p "$TMP/cnf"
  local i=0
  while read -r puzzle; do
    i=$((i + 1))
    echo "$puzzle" | "$EINSAT" sudoku --cnf > "$TMP/cnf/$i.cnf"
  done < "$TMP/sample.txt"
  say "| solver, one process per puzzle | puzzles | process s | wall s | puzzles/s (process) | puzzles/s (wall) |"
  say "|---|---:|---:|---:|---:|---:|"
  for solver in minisat picosat einsat; do
    command -v "$solver" > /dev/null || [ "$solver" = einsat ] || continue
    local run=$solver
    [ "$solver" = einsat ] && run=$EINSAT
    /usr/bin/time -f "%U %S %e" -o "$TMP/time" bash -c '
      for f in "$1"/*.cnf; do "$2" "$f" > /dev/null 2>&1; done; true' _ "$TMP/cnf" "$run"
    read -r user sys wall < "$TMP/time"
    awk -v s="$solver" -v n="$sample" -v u="$user" -v y="$sys" -v w="$wall" '
      BEGIN { p = u + y; printf "| %s | %d | %.2f | %.2f | %d | %d |\n",
              s, n, p, w, n / p, n / w }' | tee -a "$out"
  done
  in_process "einsat sudoku, one incremental solver"
  in_process "einsat sudoku --unique, one incremental solver" --unique
  in_process "einsat sudoku --unique --rebuild=1 (new solver per puzzle)" \
    --unique --rebuild=1
}

nonograms () {
  say "| puzzle | size | unique | goal | variables | clauses | conflicts | process s |"
  say "|---|---|---|---|---:|---:|---:|---:|"
  for file in "$SHARED"/nonogram/*.non "$SHARED"/nonogram/*/*.non; do
    /usr/bin/time -f "%U %S" -o "$TMP/time" \
      "$EINSAT" nonogram --unique --stats "$file" > "$TMP/out" 2>&1 || true
    read -r user sys < "$TMP/time"
    awk -v name="$(basename "$file" .non)" -v p="$user" -v q="$sys" '
      FNR == NR && /^width/ { w = $2 } FNR == NR && /^height/ { h = $2 }
      FNR == NR { next }
      /^unique$/ { unique = "yes" } /^not unique/ { unique = "no" }
      /^no solution/ { unique = "no solution" }
      /^goal: matches/ { goal = "matches" } /^goal: differs/ { goal = "differs" }
      /^c encoding/ { vars = $3; clauses = $7 }
      /^c search/ { conflicts = $3 }
      END { printf "| %s | %dx%d | %s | %s | %d | %d | %d | %.2f |\n", name, w, h,
            unique, goal == "" ? "-" : goal, vars, clauses, conflicts, p + q }' \
      "$file" "$TMP/out" | tee -a "$out"
  done
}

for part in "$@"; do
  say ""
  case $part in
    sudoku) say "### Sudoku sets, uniqueness included ($(date +%F))"; say ""; sudoku_sets ;;
    process) say "### Sudoku: one DIMACS file and one process per puzzle, first solution only"; say ""; process_per_puzzle ;;
    nonogram) say "### Nonograms, uniqueness included"; say ""; nonograms ;;
    *) echo "grids_bench: unknown part '$part'" >&2; exit 1 ;;
  esac
done
echo "(written to $out)"
