/* 'einsat sudoku --hint': the next step a person could take on a Sudoku,
 * with its reason, as the web playground shows it.
 *
 * The puzzle's named CNF (the rules, the givens as unit clauses; the
 * same as '--cnf') goes to a solver that only propagates: no
 * preprocessing ('plain'), no decision (decision limit 0), and its trace
 * reports every implied literal with the clause that implied it.  The
 * first implied positive literal that is not a given is a cell the
 * rules force.  Before it, only the givens have made literals false, so
 * its reason clause is one of the two rules a person applies: a cell
 * with one value left (the clause lists the cell's other values), or a
 * value with one place left in a row, column or box (the clause lists
 * the unit's other cells); each of those was ruled out by a given,
 * which the propagation that made it false names.
 *
 * Output (exit code 0, or 2 when the givens contradict the rules):
 *
 *   hint r3c5=7 by -r3c5=1 -r3c5=2 ...   the forced literal and the
 *                                        other literals of its reason
 *   Row 3, column 5 is 7: ...            the rule in words
 *   Why: ...                             what ruled out the others
 *
 * or 'hint none' (propagation alone forces no empty cell) or 'hint
 * contradiction', each followed by a sentence. */

#include "sudoku.h"

#include <stdlib.h>
#include <string.h>

/* A literal of the encoding: row, column and value from 1, false if
 * negative; 'row' 0 for a variable that is not a cell's value (the
 * auxiliary variables of other 'at most one' encodings). */
typedef struct cell_value {
  int row, column, value;
  bool negative;
} cell_value;

typedef struct hint {
  int vars;
  cell_value *cells; /* by variable, from the 'c var' lines */
  int *because;      /* by variable: the given that made it false, or 0 */
  int forced;        /* the hint's literal, 0 while none */
  int *reason;       /* its reason clause (copied, 0-terminated) */
  bool conflict, out_of_memory;
} hint;

/*------------------------------------------------------------------------*/
/* Names. */

static bool read_names (hint *h, FILE *cnf) {
  char line[256];
  while (fgets (line, sizeof line, cnf)) {
    int var, row, column, value;
    if (line[0] == 'p')
      break;
    if (sscanf (line, "c var %d r%dc%d=%d", &var, &row, &column, &value) !=
            4 ||
        var < 1 || var > h->vars)
      continue;
    h->cells[var] = (cell_value){row, column, value, false};
  }
  return !ferror (cnf);
}

static cell_value cell_of (const hint *h, int lit) {
  int var = abs (lit);
  cell_value c = var <= h->vars ? h->cells[var] : (cell_value){0, 0, 0, 0};
  c.negative = lit < 0;
  return c;
}

static void print_literal (const hint *h, int lit) {
  cell_value c = cell_of (h, lit);
  if (c.row)
    printf ("%sr%dc%d=%d", c.negative ? "-" : "", c.row, c.column,
            c.value);
  else
    printf ("%d", lit);
}

/*------------------------------------------------------------------------*/
/* The propagation. */

static int *copy_clause (const int *clause) {
  size_t size = 0;
  while (clause[size])
    size++;
  int *copy = malloc ((size + 1) * sizeof *copy);
  if (copy)
    memcpy (copy, clause, (size + 1) * sizeof *copy);
  return copy;
}

static void on_event (void *data, einsat_event event, int lit, int level,
                      const int *clause) {
  hint *h = data;
  (void) level;
  if (h->forced || h->conflict)
    return;
  if (event == EINSAT_CONFLICT)
    h->conflict = true;
  if (event != EINSAT_PROPAGATE || !clause[0] || !clause[1])
    return; /* a unit clause: a given */
  int var = abs (lit);
  if (lit < 0 && var <= h->vars && !clause[2]) /* (-given -lit) */
    h->because[var] = -(clause[0] == lit ? clause[1] : clause[0]);
  if (lit > 0 && var <= h->vars && h->cells[var].row) {
    h->reason = copy_clause (clause);
    h->forced = h->reason ? lit : 0;
    h->out_of_memory = !h->reason;
  }
}

/* Propagates the CNF in 'cnf' (rewound); 10, 20 or 0 as 'einsat_solve',
 * -1 after an error (reported). */
static int propagate (hint *h, FILE *cnf) {
  einsat *solver = fe_new_solver ();
  if (!solver)
    return fe_out_of_memory (), -1;
  einsat_dimacs dimacs = {0};
  int res = -1;
  if (einsat_configure (solver, "plain") &&
      einsat_read_dimacs_file (solver, cnf, "the puzzle's CNF", &dimacs)) {
    einsat_set_trace (solver, on_event, h);
    einsat_set_decision_limit (solver, 0);
    res = einsat_solve (solver);
  }
  if (res < 0)
    fe_solver_error (einsat_error (solver));
  einsat_delete (solver);
  free (dimacs.project);
  return res;
}

/*------------------------------------------------------------------------*/
/* The hint in words. */

/* "row 3", "column 5" or "the box" shared by all cells of the reason. */
static void print_unit (const hint *h, cell_value forced) {
  bool row = true, column = true;
  for (const int *p = h->reason; *p; p++) {
    cell_value c = cell_of (h, *p);
    row &= c.row == forced.row;
    column &= c.column == forced.column;
  }
  if (row)
    printf ("row %d", forced.row);
  else if (column)
    printf ("column %d", forced.column);
  else
    printf ("its box");
}

static void print_words (const hint *h) {
  cell_value forced = cell_of (h, h->forced);
  bool same_cell = true, cells = true;
  for (const int *p = h->reason; *p; p++) {
    cell_value c = cell_of (h, *p);
    same_cell &= c.row == forced.row && c.column == forced.column;
    cells &= c.row > 0;
  }
  printf ("Row %d, column %d is %d: ", forced.row, forced.column,
          forced.value);
  if (!cells) { /* large grids: 'at most one' with auxiliary variables */
    printf ("the rules force it (through auxiliary variables of the "
            "encoding).\n");
    return;
  }
  if (same_cell)
    printf ("every other value is ruled out in this cell.\n");
  else {
    printf ("%d has no other place in ", forced.value);
    print_unit (h, forced);
    printf (".\n");
  }
  printf ("Why:");
  const char *separator = " ";
  for (const int *p = h->reason; *p; p++) {
    if (*p == h->forced)
      continue;
    cell_value c = cell_of (h, *p);
    printf ("%s", separator);
    separator = ", ";
    if (same_cell)
      printf ("not %d", c.value);
    else
      printf ("r%dc%d is not %d", c.row, c.column, c.value);
    int given = h->because[abs (*p)];
    if (given) {
      printf (" (");
      print_literal (h, given);
      printf (")");
    }
  }
  printf (".\n");
}

static int print_hint (const hint *h, int status) {
  if (h->forced) {
    printf ("hint ");
    print_literal (h, h->forced);
    printf (" by");
    for (const int *p = h->reason; *p; p++)
      if (*p != h->forced) {
        printf (" ");
        print_literal (h, *p);
      }
    printf ("\n");
    print_words (h);
    return 0;
  }
  if (h->conflict || status == 20) {
    printf ("hint contradiction\n"
            "The givens contradict the rules: the puzzle has no "
            "solution.\n");
    return 2;
  }
  printf ("hint none\n"
          "Propagation alone forces no further cell: from here one has "
          "to guess (decide) and may have to go back.\n");
  return 0;
}

int sudoku_hint (const sudoku *puzzle, const sudoku_settings *settings) {
  int n = puzzle->size;
  hint h;
  memset (&h, 0, sizeof h);
  h.vars = n * n * n;
  h.cells = calloc ((size_t) h.vars + 1, sizeof *h.cells);
  h.because = calloc ((size_t) h.vars + 1, sizeof *h.because);
  FILE *cnf = tmpfile ();
  int res = 1;
  if (!h.cells || !h.because)
    fe_out_of_memory ();
  else if (!cnf)
    fe_error ("cannot make a temporary file for the puzzle's CNF");
  else if (sudoku_write_cnf (puzzle, settings, cnf) && !fflush (cnf)) {
    rewind (cnf);
    if (!read_names (&h, cnf))
      fe_error ("reading the puzzle's CNF back failed");
    else {
      rewind (cnf);
      int status = propagate (&h, cnf);
      if (h.out_of_memory)
        fe_out_of_memory ();
      else if (status >= 0)
        res = print_hint (&h, status);
    }
  } else
    fe_error ("writing the puzzle's CNF to a temporary file failed");
  if (cnf)
    fclose (cnf);
  free (h.cells);
  free (h.because);
  free (h.reason);
  return res;
}
