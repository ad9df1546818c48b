/* Nonogram lines as automata (the 'regular' constraint encoded with
 * state variables, after Bacchus 2007).
 *
 * The runs 3,1 of a line say that the line spells 0* 111 0+ 1 0*.  Write
 * the shortest such word, P = "11101" (length M = sum of runs + gaps), and
 * let state q (0..M) mean "the first q characters of P are matched".  A
 * cell advances the state if it is the next character of P; a white cell
 * also keeps the state where extra white is allowed: at the start, right
 * after a gap and at the end.  The automaton is deterministic and a line
 * is correct when it ends in state M.
 *
 * Variable s(i, q) says "after i cells the state is q".  Only states that
 * can still reach M in the cells left are created: q <= i and
 * M - q <= L - i, so a line of length L with slack L - M has at most
 * (L + 1)(slack + 1) states, linear in L for a fixed slack and never more
 * than the quadratic run-start encoding.  s(0, 0) and s(L, M) are the
 * constant true and are folded into the clauses.  Per state and colour:
 *
 *   forward   s(i, q) & cell_i = b  ->  s(i + 1, next (q, b))
 *             (a missing or pruned next state makes it a clause without
 *             that literal)
 *   backward  s(i + 1, q') & cell_i = b  ->  OR of s(i, q) with
 *             next (q, b) = q' (at most two)
 *
 * Forward clauses carry the exact state from the left end, backward ones
 * from the right end, so unit propagation fixes the cells every placement
 * of the runs agrees on when the line is all but decided. */

#include "nonogram.h"

#include <stdlib.h>
#include <string.h>

#define TRUE_LIT (-(1 << 30)) /* constant true; 0 is constant false */

typedef struct automaton {
  int length;          /* L cells */
  const int *cells;    /* their literals (1 = black) */
  int size;            /* M */
  char *pattern;       /* P, M characters '0' / '1' */
  int *states;         /* (L + 1) x (M + 1) literals */
} automaton;

static int next_state (const automaton *a, int q, int black) {
  if (q < a->size && a->pattern[q] - '0' == black)
    return q + 1;
  if (!black && (q == 0 || q == a->size || a->pattern[q - 1] == '0'))
    return q;
  return -1;
}

static bool feasible (const automaton *a, int i, int q) {
  return 0 <= q && q <= i && q <= a->size &&
         a->size - q <= a->length - i;
}

static int *state (const automaton *a, int i, int q) {
  return a->states + (size_t) i * (a->size + 1) + q;
}

static int state_lit (const automaton *a, int i, int q) {
  return q < 0 || !feasible (a, i, q) ? 0 : *state (a, i, q);
}

static void make_pattern (automaton *a, const nonogram_clue *clue) {
  char *p = a->pattern;
  for (int r = 0; r < clue->count; r++) {
    if (r)
      *p++ = '0';
    for (int k = 0; k < clue->runs[r]; k++)
      *p++ = '1';
  }
}

static void make_states (encoder *e, automaton *a) {
  for (int i = 0; i <= a->length; i++)
    for (int q = 0; q <= a->size; q++)
      if (!feasible (a, i, q))
        *state (a, i, q) = 0;
      else if (i == 0 || i == a->length)
        *state (a, i, q) = TRUE_LIT; /* the only feasible state there */
      else
        *state (a, i, q) = enc_aux (e);
}

/* Adds the clause 'lits' without its false literals (0, and -TRUE_LIT
 * from negating the constant true), or nothing if one is true. */
static void add_folded (encoder *e, int n, const int *lits) {
  int clause[5], size = 0;
  for (int i = 0; i < n; i++) {
    if (lits[i] == TRUE_LIT)
      return;
    if (lits[i] == -TRUE_LIT || !lits[i])
      continue;
    clause[size++] = lits[i];
  }
  enc_clause (e, size, clause);
}

static int colour (const automaton *a, int i, int black) {
  return black ? a->cells[i] : -a->cells[i];
}

static void forward (encoder *e, const automaton *a, int i, int q) {
  int from = state_lit (a, i, q);
  if (!from)
    return;
  for (int black = 0; black < 2; black++) {
    int lits[3] = {-from, -colour (a, i, black),
                   state_lit (a, i + 1, next_state (a, q, black))};
    add_folded (e, 3, lits);
  }
}

static void backward (encoder *e, const automaton *a, int i, int to_q) {
  int to = state_lit (a, i + 1, to_q);
  if (!to)
    return;
  for (int black = 0; black < 2; black++) {
    int lits[4] = {-to, -colour (a, i, black), 0, 0}, n = 2;
    for (int q = to_q - 1; q <= to_q; q++)
      if (q >= 0 && next_state (a, q, black) == to_q)
        lits[n++] = state_lit (a, i, q);
    add_folded (e, n, lits);
  }
}

static bool encode_line (encoder *e, const nonogram_clue *clue, int length,
                         const int *cells) {
  automaton a = {length, cells, 0, 0, 0};
  for (int r = 0; r < clue->count; r++)
    a.size += clue->runs[r] + (r > 0);
  a.pattern = malloc ((size_t) a.size + 1);
  a.states = malloc (sizeof (int) * (length + 1) * (a.size + 1));
  if (!a.pattern || !a.states) {
    free (a.pattern);
    free (a.states);
    return false;
  }
  make_pattern (&a, clue);
  make_states (e, &a);
  for (int i = 0; i < length; i++)
    for (int q = 0; q <= a.size; q++) {
      forward (e, &a, i, q);
      backward (e, &a, i, q);
    }
  free (a.pattern);
  free (a.states);
  return true;
}

static bool create_cells (encoder *e, const nonogram *n) {
  for (int row = 0; row < n->height; row++)
    for (int col = 0; col < n->width; col++)
      if (enc_var (e, "r%dc%d", row + 1, col + 1) !=
          nonogram_cell (n, row, col))
        return false;
  return true;
}

bool nonogram_encode (encoder *e, const nonogram *n) {
  if (!create_cells (e, n))
    return false;
  int side = n->width > n->height ? n->width : n->height;
  int *cells = malloc (sizeof (int) * side);
  if (!cells)
    return false;
  bool ok = true;
  for (int row = 0; ok && row < n->height; row++) {
    for (int col = 0; col < n->width; col++)
      cells[col] = nonogram_cell (n, row, col);
    ok = encode_line (e, n->rows + row, n->width, cells);
  }
  for (int col = 0; ok && col < n->width; col++) {
    for (int row = 0; row < n->height; row++)
      cells[row] = nonogram_cell (n, row, col);
    ok = encode_line (e, n->columns + col, n->height, cells);
  }
  free (cells);
  for (int i = 0; ok && i < n->givens; i++) {
    int lit = nonogram_cell (n, n->given[2 * i], n->given[2 * i + 1]);
    enc_clause (e, 1, &lit);
  }
  return ok && enc_ok (e);
}
