/* Detecting at-most-one constraints among the irredundant binary
 * clauses: a set of literals x1, ..., xk whose every two are excluded by
 * a binary clause (-xi | -xj) is the pairwise encoding of 'at most one of
 * x1, ..., xk', and the k (k - 1) / 2 clauses are replaced by one native
 * constraint ('atmost.c'), which propagates the same and takes k
 * literals instead of k (k - 1) watches.
 *
 * Such sets are cliques of the graph whose vertices are literals and
 * whose edges are the binary clauses (between the negations of the
 * clause's literals).  Finding large cliques is hard in general; the
 * greedy clique growing of detecting cardinality constraints (Biere, Le
 * Berre, Lonca and Manthey 2014, as in Lingeling) suffices for
 * encodings: seeds are tried by
 * degree, most binary clauses first; from a seed, the candidates are its
 * neighbours, and the clique takes the candidate adjacent to most other
 * candidates (so a long line of mutually exclusive literals is preferred
 * to a small group crossing it), keeping only its neighbours as
 * candidates, until none is left.  A clique of at least 'atmostdetectmin'
 * literals replaces its binary clauses (duplicates go too), and the seed
 * is tried again on what is left of its clauses (a literal may be in
 * several such groups, as a grid cell is in its row and its column).
 *
 * It runs at the root level in the elimination round after original
 * clauses were added, after the counting refutation and equivalence
 * reasoning (which see the binary clauses) and before factoring (which
 * would replace large cliques by extension variables), within a budget
 * of 'atmostdetecteffort' per mille of the search ticks (at least
 * 'atmostdetectmineffort' thousand steps), each watch visited one step:
 * a formula without binary clauses costs nothing, one without cliques a
 * scan of its binary watches.  Off by default: on the puzzles' pairwise
 * encodings it saves instructions, on other families it only changes
 * the search (see 'bench/RESULTS.md').
 *
 * The variables of a detected constraint are frozen against elimination
 * and substitution (see 'atmost.c').  In a DRAT proof nothing is
 * written: the binary clauses stay in the proof's formula (they are
 * original or derived), and the constraint's propagation uses them as
 * binary reasons.  LRAT needs clause identifiers for those reasons, which
 * the replaced clauses no longer have in the solver: detection is off
 * while an LRAT proof is traced. */

#include "internal.h"

typedef struct detector {
  unsigneds candidates, clique, seeds_scratch;
  uint64s seeds;
  uint64_t steps, limit;
  unsigned min;
} detector;

/* The irredundant binary clauses (lit | other), 'other' unassigned. */
static void push_neighbours (einsat *solver, detector *D, unsigned lit,
                             unsigneds *out) {
  for (all_watches (w, WATCHES (lit))) {
    D->steps++;
    if (w.ref == IRREDUNDANT_BINARY && !VALUE (w.blit))
      PUSH_STACK (*out, w.blit);
  }
}

static unsigned binary_degree (einsat *solver, detector *D, unsigned lit) {
  unsigned degree = 0;
  for (all_watches (w, WATCHES (lit))) {
    D->steps++;
    degree += w.ref == IRREDUNDANT_BINARY;
  }
  return degree;
}

/* How many candidates (marked) 'lit' has a binary clause with. */
static unsigned marked_neighbours (einsat *solver, detector *D,
                                   unsigned lit) {
  signed char *marks = solver->marks;
  unsigned count = 0;
  for (all_watches (w, WATCHES (lit))) {
    D->steps++;
    if (w.ref == IRREDUNDANT_BINARY && marks[w.blit] == 1)
      count++, marks[w.blit] = 2; /* a duplicate counts once */
  }
  for (all_watches (w, WATCHES (lit)))
    if (w.ref == IRREDUNDANT_BINARY && marks[w.blit] == 2)
      marks[w.blit] = 1;
  return count;
}

static void mark_candidates (einsat *solver, detector *D, bool mark) {
  for (all_stack (unsigned, lit, D->candidates))
    solver->marks[lit] = mark;
}

/* Keeps the candidates that have a binary clause with 'lit'. */
static void keep_neighbours_of (einsat *solver, detector *D, unsigned lit) {
  signed char *marks = solver->marks;
  unsigneds *kept = &D->seeds_scratch;
  CLEAR_STACK (*kept);
  for (all_watches (w, WATCHES (lit))) {
    D->steps++;
    if (w.ref == IRREDUNDANT_BINARY && marks[w.blit] == 1) {
      marks[w.blit] = 2;
      PUSH_STACK (*kept, w.blit);
    }
  }
  mark_candidates (solver, D, false);
  unsigneds swap = D->candidates;
  D->candidates = *kept;
  *kept = swap;
  mark_candidates (solver, D, true);
}

/* The clique of clause literals grown greedily from 'seed' (each two of
 * 'D->clique' form a binary clause). */
static void grow_clique (einsat *solver, detector *D, unsigned seed) {
  CLEAR_STACK (D->clique);
  PUSH_STACK (D->clique, seed);
  CLEAR_STACK (D->candidates);
  push_neighbours (solver, D, seed, &D->candidates);
  unsigned *q = D->candidates.begin;
  for (all_stack (unsigned, lit, D->candidates))
    if (!solver->marks[lit])
      solver->marks[lit] = 1, *q++ = lit; /* without duplicates */
  D->candidates.end = q;
  while (!EMPTY_STACK (D->candidates) && D->steps <= D->limit) {
    unsigned best = INVALID, best_count = 0;
    size_t size = SIZE_STACK (D->candidates);
    bool all_adjacent = true;
    for (all_stack (unsigned, lit, D->candidates)) {
      unsigned count = marked_neighbours (solver, D, lit);
      all_adjacent &= count + 1 == size;
      if (best == INVALID || count > best_count)
        best = lit, best_count = count;
    }
    if (all_adjacent) { /* the candidates are a clique themselves */
      for (all_stack (unsigned, lit, D->candidates))
        PUSH_STACK (D->clique, lit);
      break;
    }
    PUSH_STACK (D->clique, best);
    solver->marks[best] = 0;
    keep_neighbours_of (solver, D, best);
  }
  mark_candidates (solver, D, false);
}

/* Removes the binary clauses between the clause literals of the clique
 * from the watches without proof deletion (see above), each clause once
 * per watch on both sides, duplicates too. */
static uint64_t remove_clique_binaries (einsat *solver, detector *D) {
  signed char *marks = solver->marks;
  for (all_stack (unsigned, lit, D->clique))
    marks[lit] = 1;
  uint64_t watches_removed = 0;
  for (all_stack (unsigned, lit, D->clique)) {
    watches *ws = &WATCHES (lit);
    watch *q = BEGIN_WATCHES (*ws);
    for (all_watches (w, *ws)) {
      D->steps++;
      if (w.ref == IRREDUNDANT_BINARY && marks[w.blit])
        watches_removed++;
      else
        *q++ = w;
    }
    SET_END_WATCHES (*ws, q);
  }
  for (all_stack (unsigned, lit, D->clique))
    marks[lit] = 0;
  assert (!(watches_removed & 1));
  uint64_t removed = watches_removed / 2;
  for (uint64_t i = 0; i < removed; i++)
    es_count_clause (solver, false, -1);
  return removed;
}

/* The clique becomes the constraint 'at most one of the negations'. */
static void replace_clique (einsat *solver, detector *D) {
  uint64_t removed = remove_clique_binaries (solver, D);
  for (unsigned *p = D->clique.begin; p != D->clique.end; p++)
    *p = NOT (*p);
  es_store_atmost (solver, SIZE_STACK (D->clique), D->clique.begin, false);
  INC (atmosts_detected);
  ADD (atmosts_detected_binaries, removed);
}

/* Seeds: clause literals with enough binary clauses, most first. */
static void schedule_seeds (einsat *solver, detector *D) {
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++) {
    if (VALUE (lit))
      continue;
    unsigned degree = binary_degree (solver, D, lit);
    if (degree + 1 >= D->min)
      PUSH_STACK (D->seeds, (uint64_t) (UINT_MAX - degree) << 32 | lit);
  }
  es_sort_keys (&D->seeds);
}

static void detect (einsat *solver, detector *D) {
  schedule_seeds (solver, D);
  for (all_stack (uint64_t, key, D->seeds)) {
    unsigned seed = (unsigned) key;
    while (D->steps <= D->limit && !es_terminating (solver) &&
           binary_degree (solver, D, seed) + 1 >= D->min) {
      grow_clique (solver, D, seed);
      if (SIZE_STACK (D->clique) < D->min)
        break;
      replace_clique (solver, D);
    }
    if (D->steps > D->limit)
      break;
  }
}

static bool detection_due (einsat *solver) {
  return ENABLED (atmostdetect) && !solver->lrat &&
         solver->last.originals.atmostdetect != solver->originals;
}

void es_detect_atmosts (einsat *solver) {
  if (!detection_due (solver) || !es_clean_root (solver))
    return;
  assert (!solver->level && !solver->dense);
  solver->last.originals.atmostdetect = solver->originals;
  INC (atmostdetect_rounds);
  if (!es_some_clause_sized (solver, 2, 2, false))
    return;
  detector D = {0};
  D.min = (unsigned) GET_OPTION (atmostdetectmin);
  D.limit = es_effort_budget (solver, 0, GET_OPTION (atmostdetecteffort),
                              GET_OPTION (atmostdetectmineffort));
  uint64_t before = STAT (atmosts_detected);
  detect (solver, &D);
  RELEASE_STACK (D.candidates);
  RELEASE_STACK (D.clique);
  RELEASE_STACK (D.seeds_scratch);
  RELEASE_STACK (D.seeds);
  if (GET_OPTION (verbose) > 1 || STAT (atmosts_detected) > before)
    es_report (solver, 'a');
}
