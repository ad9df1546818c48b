/* Sudoku as SAT, solved many times in one incremental solver.
 *
 * Encoding: the 'extended' encoding (Lynce and Ouaknine 2006), one
 * variable per cell and value: every cell has exactly one value and every
 * value is exactly once in every row, column and box.  Having both
 * directions lets unit propagation find hidden singles (the only place
 * for a value in a unit) as well as naked singles (the only value for a
 * cell).  'At most one' is pairwise up to 25x25, since binary clauses
 * propagate fastest; the pairs of a box that share a row or a column are
 * already excluded by that row or column and are left out (18 of the 36
 * pairs of a 9x9 box).  Larger grids use the encoder's choice by size.
 *
 * Batch: the rules are encoded once per size and every puzzle is solved
 * under its givens as assumptions, so a puzzle costs no clauses.  Each
 * puzzle is an 'einsat_enumerate' call with limit 2 for the uniqueness
 * check, 1 otherwise: enumeration continues the search after the first
 * solution by backtracking over its projected decisions instead of
 * starting a second search, and leaves the formula as it was.  It first
 * searches without learning (the library's sub-solver), which settles
 * every 9x9 and 16x16 puzzle of the shared sets within its budget and is
 * several times as fast as CDCL on them (bench/GRIDS.md).
 *
 * Projection: all variables, unless the encoding has auxiliary
 * variables (whose values could tell apart models with the same cells),
 * then the candidates of the blank cells (the values the givens leave).
 * The solver keeps a projection on all variables from call to call, so
 * a call costs one pass to report the values, which are decoded in their
 * order: fewer instructions than importing the candidates at every call
 * (bench/GRIDS.md, "Choices measured").  Both projections give the same
 * search: after the givens only candidates are unassigned, and either
 * search picks among them by its own heuristic (measured: the same
 * decisions and conflicts, also with CDCL alone).
 *
 * The solver is never built again by default: rebuilding was needed
 * while learned clauses piled up over many short solve calls, but the
 * core now reduces within a few conflicts of every call, and a periodic
 * rebuild only costs time (bench/GRIDS.md, "Choices measured").  Only with solver option 'enumerate=0' is it built
 * again after as many puzzles as there are cell variables: each blocking
 * enumeration leaves a fixed selector variable behind, which rebuilding
 * clears.
 *
 * The batch solver runs in focused mode only, without inprocessing and
 * with frequent reductions: a decision in stable mode pops every assigned
 * variable off the score heap, which costs more than the few conflicts of
 * a Sudoku; learned clauses of earlier puzzles rarely help later ones but
 * slow down every propagation; and minimization, eager subsumption and
 * the simplifiers cost more than they save on such small searches. */

#include "sudoku.h"

#include <stdlib.h>
#include <string.h>

struct sudoku_solver {
  int box, size, vars; /* vars = size^3 cell variables, numbered first */
  encoder *encoder;
  einsat *solver;
  int64_t solved;       /* puzzles since the solver was built */
  int64_t rebuild;      /* puzzles before building again (0 never) */
  bool project_all;     /* on all variables, else on the candidates */
  int *project;         /* the projection of the current puzzle */
  uint64_t *masks;      /* candidates of each cell */
  int *order;           /* cells by number of candidates */
  int *counts;          /* number of candidates of each cell */
  const sudoku *puzzle; /* being solved */
  sudoku *found;        /* where the enumeration callback stores */
  int models;
  sudoku_search search; /* of the solvers built before this one */
  sudoku_settings settings;
};

/* Measured on the 17-clue and the forum's hardest puzzles (see
 * bench/GRIDS.md, "Choices measured"): each saves a few percent of the
 * instructions.  '--target=1' keeps focused mode on saved phases: the
 * solver's default, target phases in focused mode too, costs more
 * instructions, most on the hardest puzzles. */
static const char *const batch_options[] = {
    "--stable=0",       "--target=1",     "--reduceint=30",
    "--tier1=1",        "--tier2=1",      "--no-minimize",
    "--eagersubsume=0", "--no-probe",     "--no-vivify",
    "--no-eliminate",   "--no-subsume",   "--no-decompose",
    0};

/* The variable of 'value' in cell 'cell' (row * size + column). */
static int value_var (int size, int cell, int value) {
  return 1 + cell * size + value - 1;
}

static int cell_var (int size, int row, int col, int value) {
  return value_var (size, row * size + col, value);
}

/*------------------------------------------------------------------------*/
/* The rules. */

static bool create_variables (encoder *e, int size) {
  for (int row = 0; row < size; row++)
    for (int col = 0; col < size; col++)
      for (int value = 1; value <= size; value++)
        if (enc_var (e, "r%dc%d=%d", row + 1, col + 1, value) !=
            cell_var (size, row, col, value))
          return false;
  return true;
}

static int amo_method (int size, int amo) {
  if (amo)
    return amo;
  return size <= 25 ? ENC_PAIRWISE : ENC_AUTO;
}

static void exactly_one (encoder *e, int method, int n, const int *lits) {
  if (method == ENC_AUTO)
    enc_exactly_one (e, n, lits);
  else
    enc_exactly_one_using (e, (enc_method) method, n, lits);
}

/* Only the pairs in different rows and columns: the others are in the
 * row and column constraints already. */
static void box_pairwise (encoder *e, int box, const int *lits) {
  int n = box * box;
  enc_clause (e, n, lits);
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (i / box != j / box && i % box != j % box)
        ENC_CLAUSE (e, -lits[i], -lits[j]);
}

static void encode_units (encoder *e, int box, int method) {
  int n = box * box, lits[SUDOKU_MAX_SIZE];
  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++) {
      for (int i = 0; i < n; i++)
        lits[i] = cell_var (n, a, b, i + 1);
      exactly_one (e, method, n, lits); /* cell (a, b) */
      for (int i = 0; i < n; i++)
        lits[i] = cell_var (n, a, i, b + 1);
      exactly_one (e, method, n, lits); /* value b + 1 in row a */
      for (int i = 0; i < n; i++)
        lits[i] = cell_var (n, i, a, b + 1);
      exactly_one (e, method, n, lits); /* value b + 1 in column a */
      for (int i = 0; i < n; i++)
        lits[i] = cell_var (n, box * (a / box) + i / box,
                            box * (a % box) + i % box, b + 1);
      if (method == ENC_PAIRWISE)
        box_pairwise (e, box, lits); /* value b + 1 in box a */
      else
        exactly_one (e, method, n, lits);
    }
}

static bool encode_rules (encoder *e, int box, int amo) {
  int size = box * box;
  if (!create_variables (e, size))
    return false;
  encode_units (e, box, amo_method (size, amo));
  return enc_ok (e);
}

/*------------------------------------------------------------------------*/

/* The batch settings, then those of the command line. */
static bool set_options (sudoku_solver *s) {
  for (const char *const *o = batch_options; *o; o++)
    if (einsat_parse_option (s->solver, *o) != 1)
      return !fe_solver_error (einsat_error (s->solver));
  return fe_apply_solver_options (s->solver, s->settings.arguments);
}

/* All variables are the cell variables if the encoding has no others
 * (see the top). */
static bool project_all_variables (sudoku_solver *s) {
  return einsat_vars (s->solver) == s->vars;
}

/* Returns false after reporting an error. */
static bool build (sudoku_solver *s) {
  s->solved = 0;
  if (!(s->encoder = puzzle_new_encoder (ENC_NO_RECORD)))
    return !fe_out_of_memory ();
  s->solver = enc_solver (s->encoder);
  if (!set_options (s))
    return false;
  if (!encode_rules (s->encoder, s->box, s->settings.amo))
    return !fe_solver_error (enc_error (s->encoder));
  s->project_all = project_all_variables (s);
  return true;
}

static void add_search (sudoku_search *sum, einsat *solver) {
  sum->enumerations += einsat_statistic (solver, "dpll_enumerations");
  sum->handed_over += einsat_statistic (solver, "dpll_handed_over");
  sum->dpll_decisions += einsat_statistic (solver, "dpll_decisions");
  sum->conflicts += einsat_statistic (solver, "conflicts");
}

static void unbuild (sudoku_solver *s) {
  if (s->solver)
    add_search (&s->search, s->solver);
  puzzle_delete_encoder (s->encoder);
  s->encoder = 0;
  s->solver = 0;
}

void sudoku_solver_delete (sudoku_solver *s) {
  if (!s)
    return;
  unbuild (s);
  free (s->project);
  free (s->masks);
  free (s->order);
  free (s->counts);
  free (s);
}

static int64_t default_rebuild (sudoku_solver *s) {
  int enumerate = 1;
  einsat_get_option (s->solver, "enumerate", &enumerate);
  return enumerate ? 0 : s->vars;
}

sudoku_solver *sudoku_solver_new (int box,
                                  const sudoku_settings *settings) {
  sudoku_solver *s = calloc (1, sizeof *s);
  if (!s)
    return fe_out_of_memory (), (sudoku_solver *) 0;
  s->box = box;
  s->size = box * box;
  s->vars = s->size * s->size * s->size;
  s->settings = *settings;
  bool allocated =
      (s->project = malloc (sizeof (int) * s->vars)) &&
      (s->masks = malloc (sizeof (uint64_t) * s->size * s->size)) &&
      (s->order = malloc (sizeof (int) * s->size * s->size)) &&
      (s->counts = malloc (sizeof (int) * s->size * s->size));
  if (!allocated)
    fe_out_of_memory ();
  if (!allocated || !build (s)) {
    sudoku_solver_delete (s);
    return 0;
  }
  s->rebuild =
      settings->rebuild >= 0 ? settings->rebuild : default_rebuild (s);
  return s;
}

void sudoku_encoding_size (sudoku_solver *s, int *vars, int64_t *clauses) {
  *vars = enc_vars (s->encoder);
  *clauses = enc_clauses (s->encoder);
}

void sudoku_search_counts (sudoku_solver *s, sudoku_search *search) {
  *search = s->search;
  if (s->solver)
    add_search (search, s->solver);
}

/*------------------------------------------------------------------------*/
/* Solving. */

static void copy_shape (sudoku *solution, const sudoku *puzzle) {
  solution->box = puzzle->box;
  solution->size = puzzle->size;
  solution->line = puzzle->line;
  solution->tokens = puzzle->tokens;
}

static void assume_givens (sudoku_solver *s, const sudoku *puzzle) {
  int n = s->size;
  for (int g = 0; g < puzzle->givens; g++) {
    int cell = puzzle->given[g];
    einsat_assume (s->solver, value_var (n, cell, puzzle->cells[cell]));
  }
}

/* 'values' lists the projected variables (the candidates), true ones
 * positive; the givens are already in the solution. */
static int store_candidates (void *data, const int *values) {
  sudoku_solver *s = data;
  sudoku *solution = s->found + s->models++;
  int n = s->size, *cells = solution->cells;
  memcpy (cells, s->puzzle->cells, sizeof (int) * n * n);
  for (const int *p = values; *p; p++)
    if (*p > 0) /* 'cell_var' is 1 + cell * n + value - 1 */
      cells[(*p - 1) / n] = (*p - 1) % n + 1;
  return 1;
}

static inline int sum (int n, const int *values) {
  int result = 0;
  for (int i = 0; i < n; i++)
    result += values[i];
  return result;
}

/* 'values' lists all variables in their order, the cell variables
 * first: of the 'size' variables of a cell only the one of its value is
 * true, listed as its number 'cell_var' = cell * size + value.  So the
 * values of a cell sum to twice that number less the sum of all its
 * numbers, which needs neither a branch nor a comparison per value (one
 * in 'size' is true, so a branch would be mispredicted often).  Nine
 * values are summed in a straight line, without loop overhead. */
static int store_all_values (void *data, const int *values) {
  sudoku_solver *s = data;
  sudoku *solution = s->found + s->models++;
  int n = s->size, *cells = solution->cells;
  for (int cell = 0; cell < n * n; cell++, values += n) {
    int values_sum = n == 9 ? sum (9, values) : sum (n, values);
    int first = cell * n + 1, numbers = n * first + n * (n - 1) / 2;
    cells[cell] = (values_sum + numbers) / 2 - cell * n;
  }
  return 1;
}

/* The values a blank cell may take after removing the givens of its
 * row, column and box, for every cell (0 for givens).  Loops over rows
 * and columns instead of dividing cell numbers: a division per cell
 * costs more than the rest of the loop. */
static void candidates (const sudoku *puzzle, uint64_t *masks) {
  int n = puzzle->size, b = puzzle->box;
  uint64_t rows[SUDOKU_MAX_SIZE] = {0}, cols[SUDOKU_MAX_SIZE] = {0},
           boxes[SUDOKU_MAX_SIZE] = {0};
  int stripe[SUDOKU_MAX_SIZE]; /* of boxes: row or column i is in i / b */
  for (int i = 0; i < n; i++)
    stripe[i] = i / b;
  const int *cells = puzzle->cells;
  for (int row = 0, cell = 0; row < n; row++)
    for (int col = 0; col < n; col++, cell++) {
      int value = cells[cell];
      if (!value)
        continue;
      uint64_t bit = (uint64_t) 1 << (value - 1);
      rows[row] |= bit;
      cols[col] |= bit;
      boxes[b * stripe[row] + stripe[col]] |= bit;
    }
  uint64_t all = n == 64 ? ~(uint64_t) 0 : ((uint64_t) 1 << n) - 1;
  for (int row = 0, cell = 0; row < n; row++) {
    const uint64_t *box_row = boxes + b * stripe[row];
    for (int col = 0; col < n; col++, cell++)
      masks[cell] =
          cells[cell]
              ? 0
              : all & ~(rows[row] | cols[col] | box_row[stripe[col]]);
  }
}

/* Enumeration decides the projected variables first (the heuristic's
 * choice among them; their order only breaks ties): the candidates of
 * blank cells, cells with fewest candidates first (the 'minimum
 * remaining values' order of Sudoku solvers).  The other variables are
 * fixed by the givens, so the projection still determines the
 * solution.  Returns the number of projected variables. */
static int project_candidates (sudoku_solver *s, const sudoku *puzzle) {
  int n = s->size, cells = n * n, size = 0;
  uint64_t *masks = s->masks;
  int *order = s->order, start[SUDOKU_MAX_SIZE + 2] = {0};
  candidates (puzzle, masks);
  int *counts = s->counts;
  for (int cell = 0; cell < cells; cell++)
    start[(counts[cell] = __builtin_popcountll (masks[cell])) + 1]++;
  for (int count = 1; count <= n + 1; count++)
    start[count] += start[count - 1];
  for (int cell = 0; cell < cells; cell++)
    order[start[counts[cell]]++] = cell;
  for (int i = start[0]; i < cells; i++) { /* givens have no candidates */
    int cell = order[i], first = 1 + cell * n; /* 'cell_var' of value 1 */
    for (uint64_t m = masks[cell]; m; m &= m - 1)
      s->project[size++] = first + __builtin_ctzll (m);
  }
  return size;
}

/* Up to 'limit' solutions, enumerated: the enumeration first searches
 * without learning ('dpll.c'), which also finds a first solution twice
 * as fast as 'einsat_solve'.  Returns the number found, -1 if the search
 * gave up. */
static int enumerate_solutions (sudoku_solver *s, const sudoku *puzzle,
                                int limit, sudoku *solutions) {
  s->found = solutions;
  s->models = 0;
  assume_givens (s, puzzle);
  s->puzzle = puzzle;
  int complete = 0;
  int64_t models;
  if (s->project_all)
    models = einsat_enumerate (s->solver, 0, 0, limit, store_all_values, s,
                               &complete);
  else {
    int projected = project_candidates (s, puzzle);
    models = einsat_enumerate (s->solver, s->project, projected, limit,
                               store_candidates, s, &complete);
  }
  if (models < 0 || (models < limit && !complete))
    return -1;
  for (int i = 0; i < models; i++)
    copy_shape (solutions + i, puzzle);
  return (int) models;
}

int sudoku_solve (sudoku_solver *s, const sudoku *puzzle, int limit,
                  sudoku solutions[2]) {
  if (s->rebuild && s->solved++ >= s->rebuild) {
    unbuild (s);
    if (!build (s))
      return -1;
    s->solved = 1;
  }
  int res = enumerate_solutions (s, puzzle, limit < 2 ? 1 : 2, solutions);
  if (res < 0)
    fe_solver_error (einsat_error (s->solver));
  return res;
}

/*------------------------------------------------------------------------*/

bool sudoku_write_cnf (const sudoku *puzzle,
                       const sudoku_settings *settings, FILE *file) {
  encoder *e = enc_new (ENC_NO_SOLVER);
  if (!e)
    return !fe_out_of_memory ();
  int n = puzzle->size, givens = 0;
  enc_comment (e,
               "Sudoku %dx%d, boxes %dx%d: variable rRcC=V says row R "
               "column C holds V",
               n, n, puzzle->box, puzzle->box);
  encode_rules (e, puzzle->box, settings->amo);
  for (int cell = 0; cell < n * n; cell++)
    if (puzzle->cells[cell]) {
      int lit = cell_var (n, cell / n, cell % n, puzzle->cells[cell]);
      enc_clause (e, 1, &lit);
      givens++;
    }
  enc_comment (e, "%d givens as unit clauses at the end", givens);
  bool ok = enc_write_dimacs (e, file);
  if (!ok && !ferror (file))
    fe_solver_error (enc_error (e));
  enc_delete (e);
  return ok;
}
