/* bench/sudoku_singles.c - how many 9x9 puzzles unit propagation alone
 * solves, and which.
 *
 *   cc -O2 -o sudoku_singles bench/sudoku_singles.c
 *   ./sudoku_singles FILE [SOLVED UNSOLVED]
 *
 * Unit propagation on the encoding of 'einsat sudoku' (every cell, row,
 * column and box has exactly one of each value) is what Sudoku players
 * call naked and hidden singles (Lynce and Ouaknine 2006): a cell with
 * one candidate left, or a value with one place left in a row, column
 * or box.  This applies both until nothing changes.  A puzzle it fills
 * needs no decision, so its solution is also unique.  With SOLVED and
 * UNSOLVED the puzzles are written to these two files, so the cost of
 * the solver can be measured on each group (bench/GRIDS.md). */

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define ALL_VALUES 0x1ff

static int units[27][9]; /* cells of each row, column and box */

static void init_units (void) {
  for (int cell = 0; cell < 81; cell++) {
    int row = cell / 9, col = cell % 9, box = row / 3 * 3 + col / 3;
    units[row][col] = cell;
    units[9 + col][row] = cell;
    units[18 + box][row % 3 * 3 + col % 3] = cell;
  }
}

static bool single (int mask) { return mask && !(mask & (mask - 1)); }

/* Returns false if the givens clash or some cell or value runs out of
 * places (no solution); 'candidates' holds what is left. */
static bool propagate (int candidates[81]) {
  for (bool changed = true; changed;) {
    changed = false;
    for (int u = 0; u < 27; u++)
      for (int i = 0; i < 9; i++) {
        int cell = units[u][i], mask = candidates[cell];
        if (!single (mask))
          continue;
        for (int j = 0; j < 9; j++) { /* naked single: remove it */
          int other = units[u][j];
          if (other == cell || !(candidates[other] & mask))
            continue;
          if (!(candidates[other] &= ~mask))
            return false;
          changed = true;
        }
      }
    for (int u = 0; u < 27; u++)
      for (int value = 0; value < 9; value++) {
        int places = 0, where = -1, bit = 1 << value;
        for (int i = 0; i < 9; i++)
          if (candidates[units[u][i]] & bit)
            places++, where = units[u][i];
        if (!places)
          return false;
        if (places == 1 && candidates[where] != bit) { /* hidden single */
          candidates[where] = bit;
          changed = true;
        }
      }
  }
  return true;
}

int main (int argc, char **argv) {
  if (argc != 2 && argc != 4) {
    fprintf (stderr, "usage: sudoku_singles FILE [SOLVED UNSOLVED]\n");
    return 1;
  }
  FILE *in = fopen (argv[1], "r"), *out[2] = {0, 0};
  if (argc == 4) {
    out[1] = fopen (argv[2], "w");
    out[0] = fopen (argv[3], "w");
  }
  if (!in || (argc == 4 && (!out[0] || !out[1]))) {
    perror ("sudoku_singles");
    return 1;
  }
  init_units ();
  long puzzles = 0, solved = 0, contradictory = 0;
  char line[256];
  while (fgets (line, sizeof line, in)) {
    if (strcspn (line, "\r\n") != 81)
      continue;
    int candidates[81];
    for (int cell = 0; cell < 81; cell++) {
      char ch = line[cell];
      candidates[cell] = ch >= '1' && ch <= '9' ? 1 << (ch - '1') : ALL_VALUES;
    }
    puzzles++;
    bool filled = false;
    if (!propagate (candidates))
      contradictory++;
    else {
      filled = true;
      for (int cell = 0; cell < 81; cell++)
        filled &= single (candidates[cell]);
      solved += filled;
    }
    if (out[filled])
      fputs (line, out[filled]);
  }
  printf ("%ld puzzles, %ld solved by unit propagation alone (%.1f %%), "
          "%ld without solution\n",
          puzzles, solved, puzzles ? 100.0 * solved / puzzles : 0.0,
          contradictory);
  return 0;
}
