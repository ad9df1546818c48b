/* Gauss-Jordan elimination during the search (option 'gaussjordan'), in
 * the 'simplex' style of Han and Jiang (2012), as CryptoMiniSat does it.
 *
 * 'gauss.c' reduces the XOR constraints once, at the root level: that
 * finds units and equivalences, but a parity chain that only becomes
 * decisive under a partial assignment (par32) stays invisible to unit
 * propagation, which sees each XOR alone.  Here the XORs found in each
 * elimination round are kept as a matrix over GF(2) in reduced row
 * echelon form: every row has a basic variable that occurs in no other
 * row, and watches one of its other (non-basic) variables.
 *
 *  - When a watched variable is assigned, the row watches another
 *    unassigned non-basic variable; if there is none, the row implies
 *    its basic variable (or, if that is assigned the wrong way, is a
 *    conflict).
 *  - When a basic variable is assigned, an unassigned non-basic variable
 *    of its row becomes basic instead: it is eliminated from the other
 *    rows (a pivot), and every row that changed looks at its watch again.
 *
 * So a row implies its basic variable as soon as all its other variables
 * are assigned, and the rows are sums of XORs: implications that no
 * single XOR gives are found, which is what makes par32 easy.  The
 * matrix does not depend on the assignment and needs no undoing on
 * backtracking, only the bit sets of assigned variables do.  Rows watch
 * the variable assigned last when all are assigned, so after
 * backtracking a row with an unassigned non-basic variable watches one
 * too; the literals that chronological backtracking keeps are processed
 * again, which restores that for them.
 *
 * The reason of an implication, and a conflict, is the clause the row
 * gives under the current assignment: the implied literal and the
 * negations of the values of the other variables.  It is added as a
 * learned clause (the rows are sums of XORs implied by the formula) and
 * the usual analysis takes over; 'reduce.c' removes it once it is no
 * longer a reason.  A missed implication costs only strength, so every
 * clause is built from the actual values: a bit set that disagrees with
 * them makes the row wait, never makes a wrong clause.
 *
 * The matrix is built at the end of each elimination round, from the
 * XORs left by it, and dropped at the start of the next (with option
 * 'eliminate' off: when a solve call starts after new clauses).  In
 * between its variables are frozen: substitution would leave rows that
 * can never imply anything.  A matrix whose implications and conflicts
 * are fewer than a tenth of its pivots (checked after 10,000, 20,000,
 * 40,000... pivots and at the next round) is dropped and not built
 * again for 1, 2, 4... rounds ('schedule.c'): it only costs time and
 * changes the search
 * (38bits_10 and 44bits_11 have XORs that never imply anything).
 * Without proofs only (a sum of XORs has no short DRAT derivation). */

#include "assign.h"

#include <string.h>

#define NO_COLUMN INVALID

struct xmatrix {
  unsigned rows, columns, words; /* 'words' 64-bit words per row */
  unsigned capacity;             /* rows allocated */
  unsigneds xors;                /* as 'es_find_xors' gives them */
  uint64_t *bits;                /* rows * words */
  uint64_t *assigned, *values;   /* per column, bit sets of 'words' */
  unsigned char *rhs;            /* per row */
  unsigned *basic;               /* per row: its basic column */
  unsigned *watched;             /* per row: a non-basic column */
  unsigned *basic_row;           /* per column: row or INVALID */
  unsigned *vars;                /* per column: the variable */
  unsigneds *watchers;           /* per column: rows watching it */
  unsigned *column;              /* per variable below 'size' */
  unsigned size;                 /* variables when built */
  unsigned propagated;           /* trail position processed */
  unsigned *visited, visit;      /* per row: last 'visit_watchers' */
  uint64_t fruits, pivots;       /* statistics when built */
  uint64_t check;                /* pivots before the next check */
  unsigneds clause;              /* scratch: reason or conflict */
};

/* The arrays allocated with the matrix and deleted with it, with their
 * sizes in elements for 'ROWS' rows ('column' has 'size' entries). */
/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define XMATRIX_ARRAYS(ROWS) \
  ARRAY (bits, (size_t) (ROWS) * X->words) \
  ARRAY (assigned, X->words) \
  ARRAY (values, X->words) \
  ARRAY (rhs, ROWS) \
  ARRAY (basic, ROWS) \
  ARRAY (watched, ROWS) \
  ARRAY (visited, ROWS) \
  ARRAY (basic_row, X->columns) \
  ARRAY (vars, X->columns) \
  ARRAY (watchers, X->columns)

#define ROW(X, R) ((X)->bits + (size_t) (R) * (X)->words)
#define HAS(ROW, C) (((ROW)[(C) >> 6] >> ((C) & 63)) & 1)
#define FLIP(ROW, C) ((ROW)[(C) >> 6] ^= (uint64_t) 1 << ((C) & 63))
/* clang-format on */

/*------------------------------------------------------------------------*/
/* Building and dropping. */

void es_drop_gauss_jordan (einsat *solver) {
  xmatrix *X = solver->xmatrix;
  if (!X)
    return;
  for (unsigned c = 0; X->watchers && c < X->columns; c++) {
    FLAGS (X->vars[c])->xmatrix = false;
    RELEASE_STACK (X->watchers[c]);
  }
#define ARRAY(NAME, SIZE) DELETE_ARRAY (X->NAME, SIZE);
  XMATRIX_ARRAYS (X->capacity)
#undef ARRAY
  DELETE_ARRAY (X->column, X->size);
  RELEASE_STACK (X->clause);
  RELEASE_STACK (X->xors);
  DELETE_ARRAY (solver->xmatrix, 1);
}

static uint64_t fruits (einsat *solver) {
  return STAT (gaussjordan_implied) + STAT (gaussjordan_conflicts);
}

/* No matrix for the next elimination rounds ('schedule.c'). */
static void postpone (einsat *solver) {
  es_round_paid (solver, TECHNIQUE_gaussjordan, false);
}

static bool fruitful (einsat *solver, const xmatrix *X) {
  uint64_t gained = fruits (solver) - X->fruits;
  uint64_t pivots = STAT (gaussjordan_pivots) - X->pivots;
  return gained && 10 * gained >= pivots;
}

/* Drops the matrix before an elimination round, and decides how many
 * rounds to go without one if it was fruitless. */
void es_retire_gauss_jordan (einsat *solver) {
  xmatrix *X = solver->xmatrix;
  if (!X)
    return;
  es_round_paid (solver, TECHNIQUE_gaussjordan, fruitful (solver, X));
  es_drop_gauss_jordan (solver);
}

/* Columns for the active variables of the XORs; false if too many. */
static bool number_columns (einsat *solver, xmatrix *X,
                            const unsigneds *xors) {
  X->size = solver->vars;
  NEW_ARRAY (X->column, X->size);
  for (unsigned idx = 0; idx < X->size; idx++)
    X->column[idx] = NO_COLUMN;
  unsigned columns = 0;
  for (const unsigned *p = xors->begin; p != xors->end; p += 2 + *p)
    for (unsigned i = 0; i < p[0]; i++) {
      unsigned idx = p[2 + i];
      if (X->column[idx] == NO_COLUMN && !VALUE (LIT (idx)))
        X->column[idx] = columns++;
    }
  X->columns = columns;
  return columns && columns <= (unsigned) GET_OPTION (gaussjordancols);
}

static void fill_rows (einsat *solver, xmatrix *X, const unsigneds *xors) {
  unsigned r = 0;
  for (const unsigned *p = xors->begin; p != xors->end; p += 2 + *p, r++) {
    uint64_t *row = ROW (X, r);
    unsigned rhs = p[1];
    for (unsigned i = 0; i < p[0]; i++) {
      unsigned idx = p[2 + i];
      signed char value = VALUE (LIT (idx));
      if (value)
        rhs ^= value > 0; /* fixed at the root */
      else
        FLIP (row, X->column[idx]);
    }
    X->rhs[r] = (unsigned char) rhs;
  }
}

static void add_row (xmatrix *X, unsigned to, unsigned from) {
  uint64_t *t = ROW (X, to);
  const uint64_t *f = ROW (X, from);
  for (unsigned w = 0; w < X->words; w++)
    t[w] ^= f[w];
  X->rhs[to] ^= X->rhs[from];
}

static void swap_rows (xmatrix *X, unsigned r, unsigned s) {
  uint64_t *a = ROW (X, r), *b = ROW (X, s);
  for (unsigned w = 0; w < X->words; w++) {
    uint64_t t = a[w];
    a[w] = b[w], b[w] = t;
  }
  unsigned char t = X->rhs[r];
  X->rhs[r] = X->rhs[s], X->rhs[s] = t;
}

/* Reduced row echelon form; returns the rank, or INVALID if a row reads
 * '0 = 1' (left to 'gauss.c', which derives the empty clause) or the
 * elimination would take more than 'limit' word operations. */
static unsigned reduce_rows (xmatrix *X, uint64_t limit) {
  unsigned rank = 0;
  uint64_t steps = 0;
  for (unsigned c = 0; c < X->columns && rank < X->rows; c++) {
    if ((steps += X->rows) > limit)
      return INVALID;
    unsigned pivot = rank;
    while (pivot < X->rows && !HAS (ROW (X, pivot), c))
      pivot++;
    if (pivot == X->rows)
      continue;
    swap_rows (X, rank, pivot);
    for (unsigned r = 0; r < X->rows; r++)
      if (r != rank && HAS (ROW (X, r), c))
        add_row (X, r, rank), steps += X->words;
    X->basic[rank++] = c;
  }
  for (unsigned r = rank; r < X->rows; r++)
    if (X->rhs[r])
      return INVALID;
  return rank;
}

/* The first non-basic column of the row that the bit set 'skip' (if
 * given) does not contain, or NO_COLUMN. */
static unsigned find_column (const xmatrix *X, unsigned r,
                             const uint64_t *skip) {
  const uint64_t *row = ROW (X, r);
  unsigned basic = X->basic[r];
  for (unsigned w = 0; w < X->words; w++) {
    uint64_t bits = row[w] & (skip ? ~skip[w] : ~(uint64_t) 0);
    if (w == basic >> 6)
      bits &= ~((uint64_t) 1 << (basic & 63));
    if (bits)
      return 64 * w + (unsigned) __builtin_ctzll (bits);
  }
  return NO_COLUMN;
}

static void watch_column (einsat *solver, xmatrix *X, unsigned r,
                          unsigned c) {
  X->watched[r] = c;
  if (c != NO_COLUMN)
    PUSH_STACK (X->watchers[c], r);
}

/* Rows with only their basic variable are units 'gauss.c' finds; rows
 * beyond the rank are empty. */
static void connect_rows (einsat *solver, xmatrix *X, unsigned rank) {
  unsigned kept = 0;
  for (unsigned r = 0; r < rank; r++) {
    X->basic[kept] = X->basic[r];
    if (find_column (X, r, 0) == NO_COLUMN)
      continue;
    if (kept != r)
      swap_rows (X, kept, r);
    kept++;
  }
  X->rows = kept;
  for (unsigned c = 0; c < X->columns; c++)
    X->basic_row[c] = INVALID;
  for (unsigned r = 0; r < X->rows; r++) {
    X->basic_row[X->basic[r]] = r;
    watch_column (solver, X, r, find_column (X, r, 0));
  }
}

static void allocate (einsat *solver, xmatrix *X, unsigned rows) {
  X->rows = X->capacity = rows;
  X->words = (X->columns + 63) / 64;
#define ARRAY(NAME, SIZE) NEW_ARRAY (X->NAME, SIZE);
  XMATRIX_ARRAYS (rows)
#undef ARRAY
}

/* The matrix of the 'rows' XORs in 'X->xors', reduced and watched;
 * false if there is none or it would be too large. */
static bool fill_matrix (einsat *solver, xmatrix *X, unsigned rows) {
  if (rows < 2 || !number_columns (solver, X, &X->xors) ||
      (uint64_t) rows * ((X->columns + 63) / 64) >
          (uint64_t) GET_OPTION (gaussjordanwords) * 1000)
    return false;
  allocate (solver, X, rows);
  fill_rows (solver, X, &X->xors);
  for (unsigned idx = 0; idx < X->size; idx++)
    if (X->column[idx] != NO_COLUMN)
      X->vars[X->column[idx]] = idx;
  uint64_t limit = 10 * (uint64_t) GET_OPTION (gaussjordansteps) * 1000;
  unsigned rank = reduce_rows (X, limit);
  if (rank == INVALID)
    return false;
  connect_rows (solver, X, rank);
  return X->rows > 0;
}

/* Builds the matrix from the XORs of the irredundant clauses (root
 * level, at the end of an elimination round). */
void es_build_gauss_jordan (einsat *solver) {
  es_drop_gauss_jordan (solver);
  if (!ENABLED (gaussjordan) || solver->proof || solver->lrat ||
      solver->inconsistent || solver->level)
    return;
  if (!es_round_begins (solver, TECHNIQUE_gaussjordan, 0))
    return;
  if (!es_some_clause_sized (solver, 3, (unsigned) GET_OPTION (gaussxorsize),
                             false))
    return;
  /* In the solver before anything is allocated: an allocation failure
   * long-jumps out, and 'einsat_delete' frees what is there. */
  xmatrix *X = NEW_ARRAY (solver->xmatrix, 1);
  uint64_t steps = 0;
  es_enter_dense_mode (solver);
  unsigned size = (unsigned) GET_OPTION (gaussxorsize);
  uint64_t limit = (uint64_t) GET_OPTION (gaussjordansteps) * 1000;
  unsigned rows = es_find_xors (solver, &X->xors, 3, size, &steps, limit);
  es_leave_dense_mode (solver);
  bool built = fill_matrix (solver, X, rows);
  RELEASE_STACK (X->xors);
  if (!built) { /* trying again in every round would cost a scan */
    postpone (solver);
    es_drop_gauss_jordan (solver);
    return;
  }
  for (unsigned c = 0; c < X->columns; c++)
    FLAGS (X->vars[c])->xmatrix = true;
  X->propagated = solver->trail_size; /* the root level is in the rows */
  X->fruits = fruits (solver);
  X->pivots = STAT (gaussjordan_pivots);
  X->check = 10000;
  INC (gaussjordan_matrices);
  ADD (gaussjordan_rows, X->rows);
}

/* Without elimination rounds the matrix is built when a solve call
 * starts after clauses were added. */
void es_build_gauss_jordan_without_elimination (einsat *solver) {
  if (solver->last.originals.gaussjordan == solver->originals ||
      !GET_OPTION (gaussjordan) || solver->level)
    return;
  solver->last.originals.gaussjordan = solver->originals;
  solver->rounds[TECHNIQUE_gaussjordan].delay.count = 0; /* once per change */
  es_build_gauss_jordan (solver);
}

/*------------------------------------------------------------------------*/
/* Propagation. */

/* The clause of row 'r' under the current assignment, with the literal
 * of 'implied' (a column, or NO_COLUMN for a conflict) first and a false
 * literal of the highest level next.  Returns false if some variable is
 * unassigned (the bit sets ran ahead of the trail). */
static bool row_clause (einsat *solver, xmatrix *X, unsigned r,
                        unsigned implied, unsigned *level) {
  unsigneds *out = &X->clause;
  CLEAR_STACK (*out);
  if (implied != NO_COLUMN)
    PUSH_STACK (*out, INVALID);
  const uint64_t *row = ROW (X, r);
  unsigned parity = X->rhs[r], highest = 0;
  size_t at = 0;
  bool first = true;
  for (unsigned w = 0; w < X->words; w++)
    for (uint64_t bits = row[w]; bits; bits &= bits - 1) {
      unsigned c = 64 * w + (unsigned) __builtin_ctzll (bits);
      if (c == implied)
        continue;
      unsigned lit = LIT (X->vars[c]);
      signed char value = VALUE (lit);
      if (!value)
        return false;
      parity ^= value > 0;
      unsigned false_lit = value > 0 ? NOT (lit) : lit;
      unsigned l = LEVEL (lit);
      if (first || l > highest)
        highest = l, at = SIZE_STACK (*out), first = false;
      PUSH_STACK (*out, false_lit);
    }
  if (SIZE_STACK (*out) < 2)
    return false; /* a unit: left to 'gauss.c' at the root */
  if (implied != NO_COLUMN) {
    unsigned lit = LIT (X->vars[implied]);
    out->begin[0] = parity ? lit : NOT (lit);
    unsigned *lits = out->begin, t = lits[1];
    lits[1] = lits[at], lits[at] = t;
  } else {
    if (!parity) /* the row holds: no conflict after all */
      return false;
    unsigned *lits = out->begin, t = lits[0];
    lits[0] = lits[at], lits[at] = t;
    unsigned second = 1;
    for (size_t i = 2; i < SIZE_STACK (*out); i++)
      if (LEVEL (lits[i]) > LEVEL (lits[second]))
        second = (unsigned) i;
    t = lits[1], lits[1] = lits[second], lits[second] = t;
  }
  *level = highest;
  return true;
}

static unsigned add_reason_clause (einsat *solver, xmatrix *X) {
  size_t size = SIZE_STACK (X->clause);
  const unsigned *lits = X->clause.begin;
  assert (size >= 2 && VALUE (lits[1]) < 0);
  LOGLITS (size, lits, "Gauss-Jordan reason");
  if (size == 2) {
    es_new_binary (solver, true, lits[0], lits[1]);
    return BINARY_CONFLICT;
  }
  unsigned ref = es_new_clause (solver, true, (unsigned) size, size, lits);
  CLAUSE (ref)->used = 1;
  return ref;
}

/* All non-basic variables of row 'r' are assigned: imply its basic
 * variable or report the conflict.  Returns the conflict or INVALID. */
static unsigned imply_basic (einsat *solver, xmatrix *X, unsigned r) {
  unsigned basic = X->basic[r];
  unsigned lit = LIT (X->vars[basic]), level;
  if (VALUE (lit)) {
    if (!row_clause (solver, X, r, NO_COLUMN, &level))
      return INVALID;
    INC (gaussjordan_conflicts);
    unsigned ref = add_reason_clause (solver, X);
    if (ref == BINARY_CONFLICT) {
      solver->conflict_binary[0] = X->clause.begin[0];
      solver->conflict_binary[1] = X->clause.begin[1];
    }
    return ref;
  }
  if (!FLAGS (X->vars[basic])->active ||
      !row_clause (solver, X, r, basic, &level))
    return INVALID;
  INC (gaussjordan_implied);
  unsigned implied = X->clause.begin[0];
  assert (!VALUE (implied) && IDX (implied) == X->vars[basic]);
  unsigned ref = add_reason_clause (solver, X);
  if (ref == BINARY_CONFLICT)
    es_assign_binary (solver, implied, X->clause.begin[1]);
  else
    es_assign_reason (solver, implied, ref, level);
  return INVALID;
}

/* Row 'r' needs a watch other than its current one. */
static unsigned rewatch (einsat *solver, xmatrix *X, unsigned r) {
  unsigned c = find_column (X, r, X->assigned);
  if (c != NO_COLUMN) {
    watch_column (solver, X, r, c);
    return INVALID;
  }
  return imply_basic (solver, X, r);
}

/* The basic variable of row 'r' was assigned: an unassigned non-basic
 * one takes its place if there is one. */
static unsigned replace_basic (einsat *solver, xmatrix *X, unsigned r) {
  assert (r < X->rows);
  unsigned old = X->basic[r];
  assert (X->basic_row[old] == r);
  unsigned c = find_column (X, r, X->assigned);
  if (c == NO_COLUMN)
    return imply_basic (solver, X, r); /* checks the whole row */
  INC (gaussjordan_pivots);
  X->basic[r] = c;
  X->basic_row[c] = r;
  X->basic_row[old] = INVALID;
  unsigned conflict = INVALID;
  for (unsigned s = 0; s < X->rows; s++) {
    if (s == r || !HAS (ROW (X, s), c))
      continue;
    add_row (X, s, r);
    unsigned w = X->watched[s];
    if (w != NO_COLUMN && w != c && HAS (ROW (X, s), w) &&
        !HAS (X->assigned, w))
      continue;
    if (conflict == INVALID)
      conflict = rewatch (solver, X, s);
    else /* only keep a valid watch: the search backtracks anyway */
      watch_column (solver, X, s, find_column (X, s, 0));
  }
  if (X->watched[r] == c && conflict == INVALID)
    conflict = rewatch (solver, X, r);
  else if (X->watched[r] == c)
    watch_column (solver, X, r, find_column (X, r, 0));
  return conflict;
}

/* The watched column 'c' was assigned. */
static unsigned visit_watchers (einsat *solver, xmatrix *X, unsigned c) {
  unsigneds *ws = &X->watchers[c];
  unsigned *q = ws->begin, conflict = INVALID;
  if (!++X->visit) { /* wrapped around */
    memset (X->visited, 0, X->rows * sizeof *X->visited);
    X->visit = 1;
  }
  unsigned visit = X->visit;
  for (unsigned *p = ws->begin; p != ws->end; p++) {
    unsigned r = *p;
    if (X->visited[r] == visit)
      continue; /* a duplicate: watch moved away and back */
    X->visited[r] = visit;
    if (X->watched[r] != c || conflict != INVALID) {
      if (X->watched[r] == c)
        *q++ = r;
      continue;
    }
    unsigned n = find_column (X, r, X->assigned);
    if (n != NO_COLUMN) {
      watch_column (solver, X, r, n);
      continue;
    }
    *q++ = r;
    conflict = imply_basic (solver, X, r);
  }
  ws->end = q;
  return conflict;
}

/* Processes the trail beyond what the matrix has seen; returns a
 * conflict or INVALID.  Implied literals go on the trail for unit
 * propagation, which the search runs before coming back here. */
unsigned es_propagate_gauss_jordan (einsat *solver) {
  xmatrix *X = solver->xmatrix;
  assert (X && !solver->dense);
  if (STAT (gaussjordan_pivots) - X->pivots >= X->check) {
    if (!fruitful (solver, X)) { /* pivots cost rows times words */
      es_retire_gauss_jordan (solver);
      return INVALID;
    }
    X->check *= 2;
  }
  if (X->propagated > solver->trail_size)
    X->propagated = solver->trail_size;
  unsigned before = solver->trail_size;
  while (X->propagated < solver->trail_size &&
         solver->trail_size == before) {
    unsigned lit = solver->trail[X->propagated++];
    unsigned idx = IDX (lit);
    if (idx >= X->size || X->column[idx] == NO_COLUMN)
      continue;
    unsigned c = X->column[idx];
    assert (c < X->columns && X->vars[c] == idx);
    uint64_t bit = (uint64_t) 1 << (c & 63);
    X->assigned[c >> 6] |= bit;
    if (NEGATED (lit))
      X->values[c >> 6] &= ~bit;
    else
      X->values[c >> 6] |= bit;
    unsigned conflict = INVALID;
    if (X->basic_row[c] != INVALID)
      conflict = replace_basic (solver, X, X->basic_row[c]);
    if (conflict == INVALID)
      conflict = visit_watchers (solver, X, c);
    if (conflict != INVALID)
      return conflict;
  }
  return INVALID;
}

/* Backtracking: the variables 'es_backtrack' unassigns leave the bit
 * sets; the matrix processes the trail again from 'start'. */
void es_unassign_gauss_jordan (einsat *solver, unsigned start,
                               unsigned new_level) {
  xmatrix *X = solver->xmatrix;
  for (unsigned i = start; i < solver->trail_size; i++) {
    unsigned lit = solver->trail[i], idx = IDX (lit);
    if (idx >= X->size || X->column[idx] == NO_COLUMN ||
        LEVEL (lit) <= new_level)
      continue;
    unsigned c = X->column[idx];
    uint64_t bit = (uint64_t) 1 << (c & 63);
    X->assigned[c >> 6] &= ~bit;
    X->values[c >> 6] &= ~bit;
  }
  if (X->propagated > start)
    X->propagated = start;
}
