/* Nonogram lines as automata: the 'regular' constraint encoded so that
 * unit propagation is as strong as a complete line solver (Bacchus,
 * "GAC via unit propagation", CP 2007).
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
 * constant true and are folded into the clauses.  Transition variable
 * t(i, q, b) says "cell i has colour b and takes state q to next (q, b)";
 * there are at most two per state.  The clauses:
 *
 *   t(i, q, b) -> s(i, q),  t -> s(i + 1, next (q, b)),  t -> cell_i = b
 *   s(i, q) -> OR of its outgoing transitions        (a state leads on)
 *   s(i + 1, q) -> OR of its incoming transitions    (and is reached)
 *   cell_i = b -> OR of the transitions reading b    (a colour is possible)
 *
 * With the supports in both directions, unit propagation removes every
 * state and colour that no complete path through the line uses, which is
 * what a line solver does: most puzzles are solved without a decision.
 * With forward and backward implications between states only, the
 * search needs many conflicts where this encoding needs none
 * (bench/GRIDS.md, "Nonograms"). */

#include "nonogram.h"

#include <stdlib.h>
#include <string.h>

#define TRUE_LIT (-(1 << 30)) /* constant true; 0 is constant false */

typedef struct automaton {
  int length;       /* L cells */
  const int *cells; /* their literals (1 = black) */
  int size;         /* M */
  char *pattern;    /* P, M characters '0' / '1' */
  int *states;      /* (L + 1) x (M + 1) literals */
  int *transitions; /* L x (M + 1) x 2 literals */
} automaton;

static int next_state (const automaton *a, int q, int black) {
  if (q < a->size && a->pattern[q] - '0' == black)
    return q + 1;
  if (!black && (q == 0 || q == a->size || a->pattern[q - 1] == '0'))
    return q;
  return -1;
}

static bool feasible (const automaton *a, int i, int q) {
  return 0 <= q && q <= i && q <= a->size && a->size - q <= a->length - i;
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

/* The transition from s(i, q) on colour 'black', 0 if there is none. */
static int *transition (const automaton *a, int i, int q, int black) {
  return a->transitions + ((size_t) i * (a->size + 1) + q) * 2 + black;
}

static void make_transitions (encoder *e, automaton *a) {
  for (int i = 0; i < a->length; i++)
    for (int q = 0; q <= a->size; q++)
      for (int black = 0; black < 2; black++) {
        int next = next_state (a, q, black);
        bool exists =
            state_lit (a, i, q) && next >= 0 && state_lit (a, i + 1, next);
        *transition (a, i, q, black) = exists ? enc_aux (e) : 0;
      }
}

/* t = s(i, q) & cell_i = black & s(i + 1, next), one direction. */
static void define_transitions (encoder *e, const automaton *a, int i,
                                int q) {
  for (int black = 0; black < 2; black++) {
    int t = *transition (a, i, q, black);
    if (!t)
      continue;
    int from[2] = {-t, state_lit (a, i, q)};
    int to[2] = {-t, state_lit (a, i + 1, next_state (a, q, black))};
    int cell[2] = {-t, colour (a, i, black)};
    add_folded (e, 2, from);
    add_folded (e, 2, to);
    add_folded (e, 2, cell);
  }
}

/* Every state that holds leaves and is entered by a transition. */
static void support_states (encoder *e, const automaton *a, int i, int q) {
  int from = state_lit (a, i, q);
  if (from) {
    int out[3] = {-from, *transition (a, i, q, 0),
                  *transition (a, i, q, 1)};
    add_folded (e, 3, out);
  }
  int to = state_lit (a, i + 1, q);
  if (!to)
    return;
  int in[5] = {-to, 0, 0, 0, 0}, n = 1;
  for (int p = q - 1; p <= q; p++)
    for (int black = 0; p >= 0 && black < 2; black++)
      if (next_state (a, p, black) == q)
        in[n++] = *transition (a, i, p, black);
  add_folded (e, n, in);
}

/* Every colour of a cell needs a transition that reads it. */
static void support_cells (encoder *e, const automaton *a, int i,
                           int *lits) {
  for (int black = 0; black < 2; black++) {
    int n = 0;
    lits[n++] = -colour (a, i, black);
    for (int q = 0; q <= a->size; q++)
      if (*transition (a, i, q, black))
        lits[n++] = *transition (a, i, q, black);
    enc_clause (e, n, lits);
  }
}

static bool encode_line (encoder *e, const nonogram_clue *clue, int length,
                         const int *cells) {
  automaton a = {length, cells, 0, 0, 0, 0};
  for (int r = 0; r < clue->count; r++)
    a.size += clue->runs[r] + (r > 0);
  size_t states = (size_t) (length + 1) * (a.size + 1);
  a.pattern = malloc ((size_t) a.size + 1);
  a.states = malloc (sizeof (int) * states);
  a.transitions = malloc (sizeof (int) * 2 * states);
  int *lits = malloc (sizeof (int) * (a.size + 2));
  bool ok = a.pattern && a.states && a.transitions && lits;
  if (ok) {
    make_pattern (&a, clue);
    make_states (e, &a);
    make_transitions (e, &a);
    for (int i = 0; i < length; i++) {
      for (int q = 0; q <= a.size; q++) {
        define_transitions (e, &a, i, q);
        support_states (e, &a, i, q);
      }
      support_cells (e, &a, i, lits);
    }
  }
  free (a.pattern);
  free (a.states);
  free (a.transitions);
  free (lits);
  return ok;
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
