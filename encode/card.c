/* Cardinality constraints.
 *
 * At most one: pairwise (no auxiliary variables, quadratic), sequential
 * or 'ladder' (Sinz 2005: a chain of n - 1 'some input so far is true'
 * registers), commander (Klieber and Kwon 2007: groups of three under
 * commander variables, the commanders again at most one), bimander
 * (Nguyen and Mai 2015: pairs of inputs share a binary-coded group
 * index, so two true inputs in different pairs would need two different
 * codes) and product (Chen 2010: inputs on a grid, each input implies its
 * row and its column variable, and rows and columns are again at most
 * one).  All are arc-consistent: unit propagation of one true input
 * falsifies all others.
 *
 * At most k / at least k: the sequential counter (Sinz 2005), which
 * counts up to k in unary along the inputs, and the totalizer (Bailleux
 * and Boufkhad 2003), a balanced tree whose nodes hold the unary sum of
 * their leaves, cut off at k + 1.  The counter encodes only the direction
 * a bound needs; the totalizer encodes 'sum >= j -> output j' for upper
 * bounds and 'output j -> sum >= j' for lower bounds.
 *
 * Native: the solver's own at-most-one and exactly-one constraints
 * ('einsat_add_atmost', 'einsat_add_exactly'), which need no clauses at
 * all; the recording for DIMACS output gets the automatic encoding
 * instead.
 *
 * Registers and outputs that can only be false are the constant 0 here
 * and are left out of clauses instead of becoming variables. */

#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define PAIRWISE_LIMIT 6
#define SEQUENTIAL_LIMIT 64
#define SMALL_K 8

static void binary (encoder *e, int a, int b) {
  int lits[2] = {a, b};
  enc_emit (e, 2, lits);
}

static void ternary (encoder *e, int a, int b, int c) {
  int lits[3] = {a, b, c};
  enc_emit (e, 3, lits);
}

static void units (encoder *e, int n, const int *lits, int sign) {
  for (int i = 0; i < n; i++) {
    int lit = sign * lits[i];
    enc_emit (e, 1, &lit);
  }
}

static void *allocate (encoder *e, size_t count, size_t bytes) {
  void *block = e->failed ? 0 : calloc (count ? count : 1, bytes);
  if (!block)
    enc_fail (e, "out of memory");
  return block;
}

/*------------------------------------------------------------------------*/
/* At most one. */

static void amo_auto (encoder *, int n, const int *lits);

static void amo_pairwise (encoder *e, int n, const int *lits) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      binary (e, -lits[i], -lits[j]);
}

static void amo_sequential (encoder *e, int n, const int *lits) {
  int previous = 0; /* register: some input before this one is true */
  for (int i = 0; i < n && !e->failed; i++) {
    if (previous)
      binary (e, -lits[i], -previous);
    if (i == n - 1)
      break;
    int next = enc_aux (e);
    binary (e, -lits[i], next);
    if (previous)
      binary (e, -previous, next);
    previous = next;
  }
}

static void amo_commander (encoder *e, int n, const int *lits) {
  if (n <= PAIRWISE_LIMIT) {
    amo_pairwise (e, n, lits);
    return;
  }
  int *commanders = allocate (e, (size_t) (n + 2) / 3, sizeof (int));
  if (!commanders)
    return;
  int groups = 0;
  for (int first = 0; first < n; first += 3) {
    int size = n - first < 3 ? n - first : 3;
    int commander = size == 1 ? lits[first] : enc_aux (e);
    amo_pairwise (e, size, lits + first);
    for (int i = 0; size > 1 && i < size; i++)
      binary (e, -lits[first + i], commander);
    commanders[groups++] = commander;
  }
  amo_commander (e, groups, commanders);
  free (commanders);
}

static void amo_bimander (encoder *e, int n, const int *lits) {
  int groups = (n + 1) / 2, bits = 0;
  while ((1 << bits) < groups)
    bits++;
  int first_bit = 0;
  for (int b = 0; b < bits; b++) {
    int var = enc_aux (e);
    if (!b)
      first_bit = var;
  }
  for (int i = 0; i < n && !e->failed; i++) {
    int group = i / 2;
    if (i % 2 && i)
      binary (e, -lits[i - 1], -lits[i]);
    for (int b = 0; b < bits; b++)
      binary (e, -lits[i],
              group & (1 << b) ? first_bit + b : -(first_bit + b));
  }
}

static void amo_product (encoder *e, int n, const int *lits) {
  if (n < 2)
    return;
  int rows = 1;
  while (rows * rows < n)
    rows++;
  int columns = (n + rows - 1) / rows;
  int *row = allocate (e, (size_t) rows, sizeof (int));
  int *column = allocate (e, (size_t) columns, sizeof (int));
  for (int r = 0; row && column && r < rows; r++)
    row[r] = enc_aux (e);
  for (int c = 0; row && column && c < columns; c++)
    column[c] = enc_aux (e);
  for (int i = 0; row && column && i < n; i++) {
    binary (e, -lits[i], row[i / columns]);
    binary (e, -lits[i], column[i % columns]);
  }
  if (row && column) {
    amo_auto (e, rows, row);
    amo_auto (e, columns, column);
  }
  free (row);
  free (column);
}

static void amo_auto (encoder *e, int n, const int *lits) {
  if (n <= PAIRWISE_LIMIT)
    amo_pairwise (e, n, lits);
  else if (n <= SEQUENTIAL_LIMIT)
    amo_sequential (e, n, lits);
  else
    amo_product (e, n, lits);
}

/* The solver propagates the constraint itself; the recording (for
 * writing DIMACS) gets the automatic encoding, which the solver never
 * sees. */
static void amo_native (encoder *e, int n, const int *lits) {
  if (e->solver)
    einsat_add_atmost (e->solver, lits, (size_t) n, 1);
  if (e->record) { /* counts the clauses it records */
    e->record_only = e->solver != 0;
    amo_auto (e, n, lits);
    e->record_only = false;
  } else
    e->clauses++;
}

/* The solver's exactly-one constraint ('einsat_add_exactly'), which
 * stores neither the clause nor the at-most-one clauses; the recording
 * gets the clause and the automatic encoding. */
static void exactly_one_native (encoder *e, int n, const int *lits) {
  if (e->solver)
    einsat_add_exactly (e->solver, lits, (size_t) n, 1);
  if (e->record) {
    e->record_only = e->solver != 0;
    enc_emit (e, n, lits);
    amo_auto (e, n, lits);
    e->record_only = false;
  } else
    e->clauses += 2; /* the clause and the at-most-one constraint */
}

/*------------------------------------------------------------------------*/
/* Sequential counter: 'count[j]' after input i means that at least j + 1
 * of the inputs up to i are true (only the direction 'inputs -> count' is
 * encoded, which is what an upper bound needs). */

static void at_most_k_sequential (encoder *e, int n, const int *lits,
                                  int k) {
  int *count = allocate (e, (size_t) k, sizeof (int));
  int *next = allocate (e, (size_t) k, sizeof (int));
  for (int i = 0; count && next && i < n && !e->failed; i++) {
    if (count[k - 1])
      binary (e, -lits[i], -count[k - 1]);
    if (i == n - 1)
      break;
    for (int j = 0; j < k; j++) {
      int below = j ? count[j - 1] : 0;
      if (j && !below && !count[j]) {
        next[j] = 0;
        continue;
      }
      next[j] = enc_aux (e);
      if (!j)
        binary (e, -lits[i], next[j]);
      else if (below)
        ternary (e, -lits[i], -below, next[j]);
      if (count[j])
        binary (e, -count[j], next[j]);
    }
    int *swap = count;
    count = next, next = swap;
  }
  free (count);
  free (next);
}

/*------------------------------------------------------------------------*/
/* Totalizer: 'out[j]' stands for 'at least j + 1 of the leaves are true',
 * for j < min (leaves, cap).  Returns the number of outputs. */

static int negated_or_zero (int lit) { return lit ? -lit : 0; }

static void emit_nonzero (encoder *e, int a, int b, int c) {
  int lits[3], size = 0;
  if (a)
    lits[size++] = a;
  if (b)
    lits[size++] = b;
  if (c)
    lits[size++] = c;
  enc_emit (e, size, lits);
}

static int totalize (encoder *e, int n, const int *lits, int cap, bool up,
                     bool down, int *out) {
  if (n == 1) {
    out[0] = lits[0];
    return 1;
  }
  int left = n / 2, m = n < cap ? n : cap;
  int *a = allocate (e, (size_t) left, sizeof (int));
  int *b = allocate (e, (size_t) (n - left), sizeof (int));
  if (!a || !b) {
    free (a);
    free (b);
    return 0;
  }
  int ma = totalize (e, left, lits, cap, up, down, a);
  int mb = totalize (e, n - left, lits + left, cap, up, down, b);
  for (int j = 0; j < m; j++)
    out[j] = enc_aux (e);
  for (int i = 0; up && i <= ma; i++)
    for (int j = 0; j <= mb; j++)
      if (i + j)
        emit_nonzero (e, i ? -a[i - 1] : 0, j ? -b[j - 1] : 0,
                      out[(i + j < m ? i + j : m) - 1]);
  for (int r = 1; down && r <= m; r++)
    for (int i = 0; i < r; i++) {
      int j = r - 1 - i;
      emit_nonzero (e, i < ma ? a[i] : 0, j < mb ? b[j] : 0, -out[r - 1]);
    }
  free (a);
  free (b);
  return m;
}

/* Bounds 'lower <= sum <= upper' (-1: no bound) with 0 < bounds < n. */
static void totalizer (encoder *e, int n, const int *lits, int lower,
                       int upper) {
  int cap = upper >= 0 ? upper + 1 : lower;
  int *out = allocate (e, (size_t) n, sizeof (int));
  if (!out)
    return;
  int m = totalize (e, n, lits, cap, upper >= 0, lower >= 0, out);
  if (m && upper >= 0)
    emit_nonzero (e, negated_or_zero (out[upper]), 0, 0);
  if (m && lower >= 0)
    emit_nonzero (e, out[lower - 1], 0, 0);
  free (out);
}

/*------------------------------------------------------------------------*/
/* Checking the arguments. */

static bool valid_inputs (encoder *e, const char *function, int n,
                          const int *lits) {
  if (e->failed)
    return false;
  if (n < 0) {
    enc_fail (e, "%s: negative number of literals %d", function, n);
    return false;
  }
  for (int i = 0; i < n; i++)
    if (!enc_valid_literal (e, function, lits[i]))
      return false;
  return true;
}

static bool is_amo_method (enc_method method) {
  return (method >= ENC_AUTO && method <= ENC_PRODUCT) ||
         method == ENC_NATIVE;
}

static bool is_k_method (enc_method method) {
  return method == ENC_AUTO || method == ENC_SEQUENTIAL ||
         method == ENC_TOTALIZER;
}

static bool valid_method (encoder *e, const char *function, bool ok,
                          enc_method method) {
  if (ok)
    return true;
  enc_fail (e, "%s: encoding method %d not available here", function,
            (int) method);
  return false;
}

static void empty_clause (encoder *e) { enc_emit (e, 0, 0); }

/*------------------------------------------------------------------------*/
/* At most one and exactly one. */

static void at_most_one (encoder *e, enc_method method, int n,
                         const int *lits) {
  switch (method) {
  case ENC_PAIRWISE:
    amo_pairwise (e, n, lits);
    break;
  case ENC_SEQUENTIAL:
    amo_sequential (e, n, lits);
    break;
  case ENC_COMMANDER:
    amo_commander (e, n, lits);
    break;
  case ENC_BIMANDER:
    amo_bimander (e, n, lits);
    break;
  case ENC_PRODUCT:
    amo_product (e, n, lits);
    break;
  case ENC_NATIVE:
    amo_native (e, n, lits);
    break;
  default:
    amo_auto (e, n, lits);
    break;
  }
}

void enc_at_most_one_using (encoder *e, enc_method method, int n,
                            const int *lits) {
  const char *function = "enc_at_most_one";
  if (valid_inputs (e, function, n, lits) &&
      valid_method (e, function, is_amo_method (method), method))
    at_most_one (e, method, n, lits);
}

void enc_exactly_one_using (encoder *e, enc_method method, int n,
                            const int *lits) {
  const char *function = "enc_exactly_one";
  if (!valid_inputs (e, function, n, lits) ||
      !valid_method (e, function, is_amo_method (method), method))
    return;
  if (method == ENC_NATIVE) {
    exactly_one_native (e, n, lits);
    return;
  }
  enc_emit (e, n, lits);
  at_most_one (e, method, n, lits);
}

void enc_at_most_one (encoder *e, int n, const int *lits) {
  enc_at_most_one_using (e, ENC_AUTO, n, lits);
}

void enc_exactly_one (encoder *e, int n, const int *lits) {
  enc_exactly_one_using (e, ENC_AUTO, n, lits);
}

/*------------------------------------------------------------------------*/
/* At most, at least and exactly k. */

static int *negated_copy (encoder *e, int n, const int *lits) {
  int *copy = allocate (e, (size_t) n, sizeof (int));
  for (int i = 0; copy && i < n; i++)
    copy[i] = -lits[i];
  return copy;
}

/* 0 < k < n */
static void at_most_k (encoder *e, enc_method method, int n,
                       const int *lits, int k) {
  if (method == ENC_AUTO && k == 1)
    amo_auto (e, n, lits);
  else if (method == ENC_TOTALIZER || (method == ENC_AUTO && k > SMALL_K))
    totalizer (e, n, lits, -1, k);
  else if (method == ENC_SEQUENTIAL || method == ENC_AUTO)
    at_most_k_sequential (e, n, lits, k);
  else
    at_most_one (e, method, n, lits);
}

/* 0 < k < n */
static void at_least_k (encoder *e, enc_method method, int n,
                        const int *lits, int k) {
  if (k == 1)
    enc_emit (e, n, lits);
  else if (method == ENC_TOTALIZER ||
           (method == ENC_AUTO && n - k > SMALL_K))
    totalizer (e, n, lits, k, -1);
  else {
    int *negated = negated_copy (e, n, lits);
    if (negated)
      at_most_k (e, method, n, negated, n - k);
    free (negated);
  }
}

void enc_at_most_k_using (encoder *e, enc_method method, int n,
                          const int *lits, int k) {
  const char *function = "enc_at_most_k";
  if (!valid_inputs (e, function, n, lits) ||
      !valid_method (e, function,
                     is_k_method (method) ||
                         (k == 1 && is_amo_method (method)),
                     method))
    return;
  if (k < 0)
    empty_clause (e);
  else if (k == 0)
    units (e, n, lits, -1);
  else if (k < n)
    at_most_k (e, method, n, lits, k);
}

void enc_at_least_k_using (encoder *e, enc_method method, int n,
                           const int *lits, int k) {
  const char *function = "enc_at_least_k";
  if (!valid_inputs (e, function, n, lits) ||
      !valid_method (e, function, is_k_method (method), method))
    return;
  if (k > n)
    empty_clause (e);
  else if (k == n)
    units (e, n, lits, 1);
  else if (k > 0)
    at_least_k (e, method, n, lits, k);
}

void enc_exactly_k_using (encoder *e, enc_method method, int n,
                          const int *lits, int k) {
  const char *function = "enc_exactly_k";
  if (!valid_inputs (e, function, n, lits) ||
      !valid_method (e, function,
                     is_k_method (method) ||
                         (k == 1 && is_amo_method (method)),
                     method))
    return;
  if (k < 0 || k > n)
    empty_clause (e);
  else if (k == 0)
    units (e, n, lits, -1);
  else if (k == n)
    units (e, n, lits, 1);
  else if (method == ENC_TOTALIZER || (method == ENC_AUTO && k > 1))
    totalizer (e, n, lits, k, k);
  else {
    at_least_k (e, method, n, lits, k);
    at_most_k (e, method, n, lits, k);
  }
}

void enc_at_most_k (encoder *e, int n, const int *lits, int k) {
  enc_at_most_k_using (e, ENC_AUTO, n, lits, k);
}

void enc_at_least_k (encoder *e, int n, const int *lits, int k) {
  enc_at_least_k_using (e, ENC_AUTO, n, lits, k);
}

void enc_exactly_k (encoder *e, int n, const int *lits, int k) {
  enc_exactly_k_using (e, ENC_AUTO, n, lits, k);
}
