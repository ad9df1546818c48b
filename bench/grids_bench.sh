#!/usr/bin/env bash
# bench/grids_bench.sh - speed of 'einsat sudoku' and 'einsat nonogram' on
# the shared puzzle sets (../shared/bench/sudoku and nonogram), printed as
# the markdown tables of bench/GRIDS.md.
#
#   bench/grids_bench.sh [-s SAMPLE] [sudoku] [process] [nonogram]
#
# sudoku    every Sudoku set solved with the uniqueness check, one einsat
#           process per set (one incremental solver for all its puzzles)
# process   the way tutorials do it, on the first SAMPLE (default 500;
#           'all' for the 49,151) 17-clue puzzles: one DIMACS file per
#           puzzle (written before timing) and one solver process per
#           puzzle, then for uniqueness a second process with the
#           solution blocked, for minisat, picosat and einsat where
#           installed ('make deps'); beside it the same puzzles in one
#           einsat sudoku process
# nonogram  every nonogram with the uniqueness check, one process each
# singles   how many puzzles of each 9x9 set unit propagation alone
#           solves (bench/sudoku_singles.c)
#
# Without arguments all four run.  Times are process times (user + system)
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
[ $# -gt 0 ] || set -- sudoku process nonogram singles
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
  awk -v l="$label" '/^c puzzles/ { n = $3 + 0 }
    /^c time/ { p = $3; w = $6 }
    END { printf "| %s | %d | %.3f | %.3f | %d | %d |\n", l, n, p, w,
          (p > 0 ? n / p : 0), (w > 0 ? n / w : 0) }' "$TMP/summary" | tee -a "$out"
}

# One DIMACS file and one solver process per puzzle, the way tutorials
# do it; with uniqueness, as they check it: a second process on the
# same file with the first solution blocked by one more clause, which
# must be UNSAT.  Files are written in batches before timing (the whole
# set would need 12 GB at once); solvers take turns on each batch, so a
# change of load during the run hits them alike.  The solution blocked
# is the one einsat finds (untimed), checked against the rules
# ('--check') and the givens.  Every first run must answer SAT with that
# solution as its model (a unique solution is the only model), every
# second run UNSAT; else the table counts a wrong answer.  So each
# solver confirms on its own that the solution is the only one.
# check_models SOLVER OFFSET: one line 'model BAD' per first run of the
# batch, BAD 1 unless the model's true cell variables spell the solution.
check_models () {
  local file
  for file in "$TMP"/first/*.cnf."$1"; do
    local n=${file##*/}
    n=$((10#${n%%.*} + $2))
    sed -n "${n}p" "$TMP/solutions.txt" | awk -v model="$file" '
      { while ((getline line < model) > 0) {
          if (line ~ /^(SAT|UNSAT|s |c )/) continue
          sub (/^v /, "", line)
          k = split (line, lits, " ")
          for (i = 1; i <= k; i++)
            if (lits[i] > 0 && lits[i] <= 729) {
              cell = int ((lits[i] - 1) / 9)
              grid[cell] = grid[cell] ((lits[i] - 1) % 9 + 1)
            }
        }
        for (cell = 0; cell < 81; cell++)
          if (grid[cell] != substr ($0, cell + 1, 1)) bad = 1
        print "model", bad + 0 }'
  done
}

process_per_puzzle () {
  local set=$SHARED/sudoku/sudoku17_royle_49151.txt
  if [ "$sample" = all ]; then cp "$set" "$TMP/sample.txt"
  else head -"$sample" "$set" > "$TMP/sample.txt"; fi
  local puzzles
  puzzles=$(wc -l < "$TMP/sample.txt")
  local empty
  empty=$(printf '%081d' 0)
  echo "$empty" | "$EINSAT" sudoku --cnf | grep -v '^c' | tail -n +2 \
    > "$TMP/rules.cnf"
  "$EINSAT" sudoku --line "$TMP/sample.txt" | grep -v '^c' \
    > "$TMP/solutions.txt"
  "$EINSAT" sudoku -q --check "$TMP/solutions.txt" > /dev/null ||
    { echo "grids_bench: einsat gave a wrong grid" >&2; exit 1; }
  paste -d ' ' "$TMP/sample.txt" "$TMP/solutions.txt" | awk '
    { for (i = 1; i <= 81; i++) {
        v = substr ($1, i, 1)
        if (v ~ /[1-9]/ && v != substr ($2, i, 1)) bad++ } }
    END { exit bad > 0 }' ||
    { echo "grids_bench: a solution misses its givens" >&2; exit 1; }
  local solvers=()
  for solver in minisat picosat einsat; do
    command -v "$solver" > /dev/null || [ "$solver" = einsat ] || continue
    solvers+=("$solver")
    : > "$TMP/$solver.times"
    : > "$TMP/$solver.codes"
  done
  split -l 2000 -d -a 3 "$TMP/sample.txt" "$TMP/batch."
  for batch in "$TMP"/batch.*; do
    rm -rf "$TMP/first" "$TMP/second"
    mkdir -p "$TMP/first" "$TMP/second"
    local offset
    offset=$(( 10#${batch##*.} * 2000 ))
    tail -n +$((offset + 1)) "$TMP/solutions.txt" | head -2000 |
      paste -d ' ' "$batch" - | awk -v dir="$TMP" -v rules="$TMP/rules.cnf" '
      BEGIN { while ((getline line < rules) > 0) body = body line "\n" }
      { n++; first = sprintf ("%s/first/%05d.cnf", dir, n)
        second = sprintf ("%s/second/%05d.cnf", dir, n)
        units = ""; blocking = ""; givens = 0
        for (i = 0; i < 81; i++) {
          v = substr ($1, i + 1, 1); s = substr ($2, i + 1, 1)
          if (v ~ /[1-9]/) { units = units (i * 9 + v) " 0\n"; givens++ }
          blocking = blocking "-" (i * 9 + s) " "
        }
        printf "p cnf 729 %d\n%s%s", 10530 + givens, body, units > first
        printf "p cnf 729 %d\n%s%s%s0\n", 10531 + givens, body, units,
               blocking > second
        close (first); close (second) }'
    for solver in "${solvers[@]}"; do
      local run=$solver
      [ "$solver" = einsat ] && run=$EINSAT
      for part in first second; do
        # The model goes to a file, as a tutorial would decode it;
        # minisat writes it to its second argument.
        /usr/bin/time -f "$part %U %S %e" -a -o "$TMP/$solver.times" \
          bash -c 'for f in "$1"/*.cnf; do
                     if [ "$4" = minisat ]; then "$2" "$f" "$f.$4" > /dev/null 2>&1
                     else "$2" "$f" > "$f.$4" 2> /dev/null; fi
                     echo "$3 $?"; done' _ "$TMP/$part" "$run" "$part" \
          "$solver" >> "$TMP/$solver.codes"
      done
      check_models "$solver" "$offset" >> "$TMP/$solver.codes"
    done
  done
  say "$puzzles puzzles, $(ls "$TMP"/batch.* | wc -l) batches"
  say ""
  say "| solver, one process per run | first solution: process s | puzzles/s | uniqueness run: process s | with uniqueness: puzzles/s (process) | (wall) | wrong answers |"
  say "|---|---:|---:|---:|---:|---:|---:|"
  for solver in "${solvers[@]}"; do
    awk -v s="$solver" -v n="$puzzles" '
      FNR == NR { p[$1] += $2 + $3; w += $4; next }
      ($1 == "first" && $2 != 10) || ($1 == "second" && $2 != 20) ||
      ($1 == "model" && $2 != 0) { bad++ }
      END { t = p["first"] + p["second"]
            printf "| %s | %.1f | %d | %.1f | %d | %d | %d |\n", s,
              p["first"], n / p["first"], p["second"], n / t, n / w, bad }' \
      "$TMP/$solver.times" "$TMP/$solver.codes" | tee -a "$out"
  done
  say ""
  say "| the same puzzles in one einsat process | puzzles | process s | wall s | puzzles/s (process) | puzzles/s (wall) |"
  say "|---|---:|---:|---:|---:|---:|"
  in_process "einsat sudoku, one incremental solver"
  in_process "einsat sudoku --unique, one incremental solver" --unique
  [ "$sample" = all ] || in_process \
    "einsat sudoku --unique --rebuild=1 (new solver per puzzle)" \
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

singles () {
  cc -O2 -o "$TMP/singles" bench/sudoku_singles.c
  say "| set | puzzles | solved by propagation alone |"
  say "|---|---:|---:|"
  for set in sudoku17_royle_49151 top95 hardest_norvig11 magictour_top1465 \
             forum_hardest_1106 forum_hardest_1905_11plus; do
    file=$SHARED/sudoku/$set.txt
    [ -r "$file" ] || continue
    "$TMP/singles" "$file" | awk -v set="$set" '
      { printf "| %s | %d | %d (%s %%) |\n", set, $1, $3,
        substr ($9, 2) }' | tee -a "$out"
  done
}

for part in "$@"; do
  say ""
  case $part in
    sudoku) say "### Sudoku sets, uniqueness included ($(date +%F))"; say ""; sudoku_sets ;;
    process) say "### Sudoku: one DIMACS file and one process per puzzle, then a second one for uniqueness"; say ""; process_per_puzzle ;;
    nonogram) say "### Nonograms, uniqueness included"; say ""; nonograms ;;
    singles) say "### Sudoku: solved by unit propagation alone"; say ""; singles ;;
    *) echo "grids_bench: unknown part '$part'" >&2; exit 1 ;;
  esac
done
echo "(written to $out)"
