/* Gaussian elimination on the XOR constraints of the formula (as in
 * CryptoMiniSat, and Lingeling's preprocessing).  An XOR constraint
 *
 *   x_1 ^ ... ^ x_k = b
 *
 * is encoded in CNF by the 2^(k-1) clauses over its k variables whose
 * number of negative literals has the parity 1 - b: each clause rules out
 * one assignment of the wrong parity ('xors.c' finds such clause sets).
 * The XORs form a linear system over GF(2); Gauss-Jordan elimination
 * brings each connected component of it to reduced row echelon form, and
 * every row it produces is implied by the formula:
 *
 *  - a row '0 = 1' makes the formula unsatisfiable: Urquhart's formulas,
 *    which need exponentially long resolution proofs, fall at once;
 *  - a row with one variable is a unit;
 *  - a row with two variables, or two rows that differ in their pivots
 *    only, is an equivalence, added as two binary clauses that the
 *    substitution right after ('decompose.c') uses.
 *
 * This is preprocessing: XORs that only constrain the search together
 * with other clauses (par32) gain little from it.  'gaussjordan.c' keeps
 * the XORs as a matrix during the search for those.
 *
 * A sum of XORs is not implied by reverse unit propagation (a DRAT proof
 * of it needs exponentially many steps or extension variables), so
 * Gaussian elimination is skipped with a proof and with the teaching
 * trace.  The derived clauses are implied by the irredundant clauses and
 * become irredundant themselves, so the models stay the same.
 *
 * Runs at the root level before substitution, in the first elimination
 * round after original clauses were added.  The XORs are collected in
 * dense mode (the watch lists are occurrence lists then).  Elimination
 * stops when its budget is used up; the rows are implied at any point,
 * so what they show then is still harvested.  A round that ran out of
 * its budget is repeated in later elimination rounds, each with at least
 * twice the budget of the one before ('es_retry_due'): one first round's
 * luck must not decide whether a large XOR system is ever solved, and
 * all rounds together cost at most twice the last. */

#include "internal.h"

#include <string.h>

/* clang-format off */
#define GAUSS_STACKS(X, P) \
  X (P, unsigneds, xors)     /* per XOR: size, right-hand side, vars */ \
  X (P, unsigneds, roots)    /* per var: union-find parent or INVALID */ \
  X (P, unsigneds, columns)  /* per variable: its column in the matrix */ \
  X (P, uint64s, order)      /* XOR offsets grouped by component */ \
  X (P, uint64s, words)      /* the matrix of the current component */ \
  X (P, unsigneds, vars)     /* the variables of the current component */ \
  X (P, unsigneds, pivots)   /* per row: its pivot column */ \
  X (P, uint64s, keys)       /* rows by a hash of their non-pivot part */ \
  X (P, unsigneds, units)    /* literals */ \
  X (P, unsigneds, binaries) /* per 'x = -y': the clause (x | y) */
/* clang-format on */

typedef struct gauss {
  DECLARE_STACKS (GAUSS_STACKS)
  uint64_t steps, limit;
} gauss;

/*------------------------------------------------------------------------*/
/* Components: XORs sharing a variable are eliminated together. */

static unsigned find_root (gauss *G, unsigned idx) {
  unsigned *parent = G->roots.begin;
  unsigned root = idx;
  while (parent[root] != root)
    root = parent[root];
  while (parent[idx] != root) {
    unsigned next = parent[idx];
    parent[idx] = root;
    idx = next;
  }
  return root;
}

static void add_to_components (gauss *G, size_t size, const unsigned *vars) {
  unsigned *parent = G->roots.begin;
  for (size_t i = 0; i < size; i++)
    if (parent[vars[i]] == INVALID)
      parent[vars[i]] = vars[i];
  unsigned first = find_root (G, vars[0]);
  for (size_t i = 1; i < size; i++) {
    unsigned root = find_root (G, vars[i]);
    if (root != first)
      parent[root] = first;
  }
}

#define all_xors(X, G) \
  unsigned *X = (G)->xors.begin; \
  X != (G)->xors.end; \
  X += 2 + X[0]

/* Fills 'order' with (component << 32 | XOR offset), sorted. */
static void group_by_component (einsat *solver, gauss *G) {
  RESERVE_STACK (G->roots, solver->vars);
  RESIZE_STACK (G->roots, solver->vars);
  for (unsigned idx = 0; idx < solver->vars; idx++)
    POKE_STACK (G->roots, idx, INVALID);
  for (all_xors (x, G))
    add_to_components (G, x[0], x + 2);
  CLEAR_STACK (G->order);
  for (all_xors (x, G)) {
    uint64_t offset = (uint64_t) (x - G->xors.begin);
    PUSH_STACK (G->order, (uint64_t) find_root (G, x[2]) << 32 | offset);
  }
  es_sort_keys (&G->order);
}

/*------------------------------------------------------------------------*/
/* Elimination of one component: 'rows' XORs, the last column of each row
 * holds its right-hand side. */

typedef struct matrix {
  size_t rows, columns, width; /* width: words per row */
  uint64_t *words;
} matrix;

#define ROW(M, R) ((M)->words + (R) * (M)->width)

/* Steps are meant to cost about as much time as a tick of the search (a
 * watch visited, a clause looked at), which effort budgets are shares
 * of (bench/RESULTS.md, "Gaussian elimination", has the figures).  The
 * words of a row are read and written in sequence, many times faster
 * than a tick: they count 'WORDS_PER_STEP' to a step.  A column is read
 * one word per row, a cache line apart in a wide matrix: its rows count
 * 'ROWS_PER_STEP' to a step. */
#define WORDS_PER_STEP 32
#define ROWS_PER_STEP 8
#define WORD_STEPS(WORDS) (1 + (WORDS) / WORDS_PER_STEP)
#define ROW_STEPS(ROWS) (1 + (ROWS) / ROWS_PER_STEP)
/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define BIT(COLUMN) ((uint64_t) 1 << ((COLUMN) & 63))
/* clang-format on */
#define HAS(ROW, COLUMN) (((ROW)[(COLUMN) >> 6] & BIT (COLUMN)) != 0)

static bool build_matrix (einsat *solver, gauss *G, const uint64_t *begin,
                          const uint64_t *end, matrix *M) {
  unsigned *columns = G->columns.begin;
  CLEAR_STACK (G->vars);
  for (const uint64_t *p = begin; p != end; p++) {
    const unsigned *x = G->xors.begin + (uint32_t) *p;
    for (unsigned i = 0; i < x[0]; i++)
      if (columns[x[2 + i]] == INVALID) {
        columns[x[2 + i]] = (unsigned) SIZE_STACK (G->vars);
        PUSH_STACK (G->vars, x[2 + i]);
      }
  }
  M->rows = (size_t) (end - begin);
  M->columns = SIZE_STACK (G->vars);
  M->width = (M->columns + 1 + 63) / 64;
  size_t words = M->rows * M->width;
  if (words > (size_t) GET_OPTION (gausswords) * 1000)
    return false; /* memory bounded whatever the budget */
  if (WORD_STEPS (words) > G->limit - G->steps)
    return false; /* one pass over it would exceed the budget */
  G->steps += WORD_STEPS (words);
  CLEAR_STACK (G->words);
  RESERVE_STACK (G->words, words);
  RESIZE_STACK (G->words, words);
  M->words = G->words.begin;
  memset (M->words, 0, words * sizeof *M->words);
  for (size_t r = 0; r < M->rows; r++) {
    const unsigned *x = G->xors.begin + (uint32_t) begin[r];
    uint64_t *row = ROW (M, r);
    for (unsigned i = 0; i < x[0]; i++) {
      unsigned column = columns[x[2 + i]];
      row[column >> 6] ^= BIT (column);
    }
    if (x[1])
      row[M->columns >> 6] |= BIT (M->columns);
  }
  return true;
}

static void swap_rows (matrix *M, size_t r, size_t s) {
  uint64_t *a = ROW (M, r), *b = ROW (M, s);
  for (size_t i = 0; i < M->width; i++) {
    uint64_t t = a[i];
    a[i] = b[i], b[i] = t;
  }
}

/* Gauss-Jordan elimination; returns the rank reached within the budget.
 * The pivot row has no bit left of its pivot column (the rows below the
 * rank are zero in every earlier column), so sums start at its word. */
static size_t eliminate_matrix (einsat *solver, gauss *G, matrix *M) {
  size_t rank = 0;
  CLEAR_STACK (G->pivots);
  for (size_t column = 0; column < M->columns && rank < M->rows;
       column++) {
    if (G->steps > G->limit)
      break;
    size_t word = column >> 6, pivot = rank;
    while (pivot < M->rows && !HAS (ROW (M, pivot), column))
      pivot++;
    G->steps += ROW_STEPS (pivot - rank);
    if (pivot == M->rows)
      continue;
    if (pivot != rank)
      swap_rows (M, pivot, rank);
    const uint64_t *source = ROW (M, rank);
    for (size_t r = 0; r < M->rows; r++) {
      uint64_t *row = ROW (M, r);
      if (r == rank || !HAS (row, column))
        continue;
      for (size_t i = word; i < M->width; i++)
        row[i] ^= source[i];
      G->steps += WORD_STEPS (M->width - word);
    }
    G->steps += ROW_STEPS (M->rows);
    PUSH_STACK (G->pivots, (unsigned) column);
    rank++;
  }
  return rank;
}

/*------------------------------------------------------------------------*/
/* What the rows show. */

static bool rhs (const matrix *M, const uint64_t *row) {
  return HAS (row, M->columns);
}

/* The number of variables of 'row', stopping at 3; their columns go to
 * 'first' and 'second'. */
static unsigned row_variables (const matrix *M, const uint64_t *row,
                               size_t *first, size_t *second) {
  unsigned count = 0;
  for (size_t i = 0; i < M->width && count < 3; i++) {
    uint64_t word = row[i];
    if (i == M->columns >> 6)
      word &= BIT (M->columns) - 1;
    while (word && count < 3) {
      size_t column = 64 * i + (size_t) __builtin_ctzll (word);
      word &= word - 1;
      if (count++)
        *second = column;
      else
        *first = column;
    }
  }
  return count;
}

/* 'a ^ b = sum' is 'a = -b' (sum 1) or 'a = b' (sum 0). */
static void derive_equivalence (einsat *solver, gauss *G, unsigned a,
                                unsigned b, bool sum) {
  assert (a != b);
  LOG ("Gauss: variables %u and %u %s", a, b, sum ? "differ" : "agree");
  PUSH_STACK (G->binaries, LIT (a));
  PUSH_STACK (G->binaries, sum ? LIT (b) : NOT (LIT (b)));
}

/* Returns false if a row reads '0 = 1'. */
static bool harvest_rows (einsat *solver, gauss *G, const matrix *M) {
  const unsigned *vars = G->vars.begin;
  for (size_t r = 0; r < M->rows; r++) {
    const uint64_t *row = ROW (M, r);
    size_t first = 0, second = 0;
    unsigned count = row_variables (M, row, &first, &second);
    G->steps += WORD_STEPS (M->width);
    if (!count && rhs (M, row))
      return false;
    if (count == 1) {
      unsigned lit = LIT (vars[first]);
      LOG ("Gauss: unit %s", LOGLIT (rhs (M, row) ? lit : NOT (lit)));
      PUSH_STACK (G->units, rhs (M, row) ? lit : NOT (lit));
    } else if (count == 2)
      derive_equivalence (solver, G, vars[first], vars[second],
                          rhs (M, row));
  }
  return true;
}

static uint64_t hash_without_pivot (const matrix *M, const uint64_t *row,
                                    unsigned pivot) {
  uint64_t hash = 0;
  for (size_t i = 0; i < M->width; i++) {
    uint64_t word = row[i];
    if (i == pivot >> 6)
      word &= ~BIT (pivot);
    if (i == M->columns >> 6)
      word &= BIT (M->columns) - 1;
    hash = (hash + word) * 0x9E3779B97F4A7C15ull;
    hash ^= hash >> 29;
  }
  return hash;
}

static bool same_without_pivots (const matrix *M, size_t r, size_t s,
                                 unsigned p, unsigned q) {
  const uint64_t *a = ROW (M, r), *b = ROW (M, s);
  for (size_t i = 0; i < M->width; i++) {
    uint64_t x = a[i] ^ b[i];
    if (i == p >> 6)
      x &= ~BIT (p);
    if (i == q >> 6)
      x &= ~BIT (q);
    if (i == M->columns >> 6)
      x &= BIT (M->columns) - 1;
    if (x)
      return false;
  }
  return true;
}

/* Two pivot rows 'p + F = b' and 'q + F = c' give 'p + q = b + c'.  The
 * key is 32 bits of the hash of 'F' and the row index; the rows of equal
 * hash are compared with the first of them. */
static void harvest_pairs (einsat *solver, gauss *G, const matrix *M,
                           size_t rank) {
  CLEAR_STACK (G->keys);
  for (size_t r = 0; r < rank; r++) {
    unsigned pivot = PEEK_STACK (G->pivots, r);
    uint64_t hash = hash_without_pivot (M, ROW (M, r), pivot);
    PUSH_STACK (G->keys, (hash & ~(uint64_t) UINT32_MAX) | r);
  }
  G->steps += WORD_STEPS (rank * M->width);
  es_sort_keys (&G->keys);
  const unsigned *vars = G->vars.begin;
  for (uint64_t *p = G->keys.begin; p != G->keys.end;) {
    uint64_t *e = p + 1;
    while (e != G->keys.end && *e >> 32 == *p >> 32)
      e++;
    size_t r = (uint32_t) *p;
    unsigned pr = PEEK_STACK (G->pivots, r);
    for (uint64_t *q = p + 1; q < e && G->steps <= G->limit; q++) {
      size_t s = (uint32_t) *q;
      unsigned ps = PEEK_STACK (G->pivots, s);
      G->steps += WORD_STEPS (M->width);
      if (!same_without_pivots (M, r, s, pr, ps))
        continue;
      bool sum = rhs (M, ROW (M, r)) != rhs (M, ROW (M, s));
      derive_equivalence (solver, G, vars[pr], vars[ps], sum);
    }
    p = e;
  }
}

/* Returns false if the component is inconsistent. */
static bool eliminate_component (einsat *solver, gauss *G,
                                 const uint64_t *begin, const uint64_t *end) {
  matrix M;
  bool consistent = true;
  if (build_matrix (solver, G, begin, end, &M)) {
    size_t rank = eliminate_matrix (solver, G, &M);
    consistent = harvest_rows (solver, G, &M);
    if (consistent)
      harvest_pairs (solver, G, &M, rank);
  }
  for (all_stack (unsigned, idx, G->vars))
    POKE_STACK (G->columns, idx, INVALID);
  return consistent;
}

static bool eliminate_components (einsat *solver, gauss *G) {
  RESERVE_STACK (G->columns, solver->vars);
  RESIZE_STACK (G->columns, solver->vars);
  for (unsigned idx = 0; idx < solver->vars; idx++)
    POKE_STACK (G->columns, idx, INVALID);
  for (uint64_t *p = G->order.begin; p != G->order.end;) {
    if (G->steps > G->limit || es_terminating (solver))
      break;
    uint64_t *e = p + 1;
    while (e != G->order.end && *e >> 32 == *p >> 32)
      e++;
    if (!eliminate_component (solver, G, p, e))
      return false;
    p = e;
  }
  return true;
}

/*------------------------------------------------------------------------*/

static void add_derived (einsat *solver, gauss *G) {
  assert (!solver->level && !solver->dense);
  assert (!(SIZE_STACK (G->binaries) & 1));
  for (all_stack (unsigned, lit, G->units)) {
    signed char value = VALUE (lit);
    if (value > 0)
      continue;
    if (value < 0) {
      solver->inconsistent = true;
      return;
    }
    es_assign_unit (solver, lit);
    INC (gauss_units);
  }
  if (!es_propagate_root (solver))
    return;
  for (unsigned *p = G->binaries.begin; p != G->binaries.end; p += 2) {
    unsigned x = p[0], y = p[1];
    if (VALUE (x) || VALUE (y) || es_has_irredundant_binary (solver, x, y))
      continue;
    es_new_binary (solver, false, x, y);
    es_new_binary (solver, false, NOT (x), NOT (y));
    INC (gauss_equivalences);
  }
}

void es_release_gauss (einsat *solver) {
  gauss *G = solver->gauss;
  if (G) {
    RELEASE_STACKS (GAUSS_STACKS, G);
    DELETE_ARRAY (solver->gauss, 1);
  }
}

/* Runs after new original clauses, and again while the last round ran
 * out of its budget (with a budget at least twice as large, see
 * 'es_retry_due'). */
static bool gauss_due (einsat *solver) {
  return ENABLED (gauss) && !solver->proof && !solver->lrat &&
         es_round_due (solver, solver->last.originals.gauss,
                       solver->last.ticks.gauss, GET_OPTION (gausseffort),
                       solver->last.unfinished.gauss);
}

void es_gauss (einsat *solver) {
  if (!gauss_due (solver) || !es_clean_root (solver))
    return;
  assert (!solver->gauss);
  solver->last.originals.gauss = solver->originals;
  INC (gauss_rounds);
  if (!es_some_clause_sized (solver, 2, (unsigned) GET_OPTION (gaussxorsize),
                             false)) {
    solver->last.ticks.gauss = STAT (ticks);
    return;
  }
  uint64_t before = STAT (gauss_units) + STAT (gauss_equivalences);
  gauss *G = NEW_ARRAY (solver->gauss, 1);
  G->limit = es_effort_budget (solver, solver->last.ticks.gauss,
                               GET_OPTION (gausseffort),
                               GET_OPTION (gaussmineffort));
  es_enter_dense_mode (solver);
  ADD (gauss_xors,
       es_find_xors (solver, &G->xors, 2,
                     (unsigned) GET_OPTION (gaussxorsize), &G->steps,
                     G->limit));
  es_leave_dense_mode (solver);
  if (!EMPTY_STACK (G->xors)) {
    group_by_component (solver, G);
    if (!eliminate_components (solver, G)) {
      LOG ("Gaussian elimination found the XORs inconsistent");
      solver->inconsistent = true;
    } else
      add_derived (solver, G);
  }
  ADD (gauss_steps, G->steps);
  bool ran_out = G->steps > G->limit || es_terminating (solver);
  if (ran_out)
    INC (gauss_unfinished);
  es_end_unfinished_round (solver, &solver->last.ticks.gauss,
                           &solver->last.unfinished.gauss, G->limit,
                           ran_out && !solver->inconsistent);
  es_release_gauss (solver);
  if (GET_OPTION (verbose) > 1 || solver->inconsistent ||
      STAT (gauss_units) + STAT (gauss_equivalences) > before)
    es_report (solver, 'g');
}
