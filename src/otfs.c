/* On-the-fly strengthening (Han and Somenzi 2009; Hamadi, Jabbour and
 * Sais 2009).  During conflict analysis, each resolution step with the
 * reason of a literal gives an intermediate resolvent.  When that
 * resolvent is exactly the reason without its implied literal, the reason
 * can lose that literal: the shorter clause is a resolvent of clauses in
 * the formula, so it is implied (and RUP for the proof).
 *
 * Analysis reads the reasons while it strengthens them, so 'analyze.c'
 * only queues the clause and the literal to remove; they are replaced
 * after the learned clause is added, when the implied literal is no longer
 * assigned.  When the strengthened reason is the first-UIP clause itself
 * (the last resolution step), the learned clause subsumes the reason: a
 * learned reason is then simply deleted. */

#include "internal.h"

void es_queue_strengthening (einsat *solver, unsigned ref, unsigned lit,
                             bool subsumed) {
  PUSH_STACK (solver->strengthen, ref);
  PUSH_STACK (solver->strengthen, lit);
  PUSH_STACK (solver->strengthen, subsumed);
}

/* Watching: true literals first, then unassigned ones, then false ones
 * from the highest level down, so that the first two are valid watches
 * after the backjump. */
static unsigned watch_rank (einsat *solver, unsigned lit) {
  signed char value = VALUE (lit);
  if (value > 0)
    return UINT_MAX;
  if (!value)
    return UINT_MAX - 1;
  return LEVEL (lit);
}

static void move_best_to (einsat *solver, unsigned *lits, unsigned size,
                          unsigned pos) {
  unsigned best = pos;
  for (unsigned i = pos + 1; i < size; i++)
    if (watch_rank (solver, lits[i]) > watch_rank (solver, lits[best]))
      best = i;
  unsigned tmp = lits[pos];
  lits[pos] = lits[best];
  lits[best] = tmp;
}

/* Root-level false literals go too: they were left out of the resolvent. */
static void replace_without (einsat *solver, clause *c, unsigned pivot) {
  unsigneds *lits = &solver->clause;
  CLEAR_STACK (*lits);
  for (all_literals_in_clause (lit, c))
    if (lit != pivot && (VALUE (lit) >= 0 || LEVEL (lit)))
      PUSH_STACK (*lits, lit);
  unsigned size = (unsigned) SIZE_STACK (*lits);
  assert (size >= 2 && size < c->size);
  bool redundant = c->redundant;
  unsigned glue = c->glue < size ? c->glue : size;
  es_proof_add (solver, size, lits->begin);
  es_mark_garbage (solver, c);
  INC (otfs_strengthened);
  if (size == 2)
    es_new_binary (solver, redundant, lits->begin[0], lits->begin[1]);
  else {
    move_best_to (solver, lits->begin, size, 0);
    move_best_to (solver, lits->begin, size, 1);
    unsigned ref = es_new_clause (solver, redundant, glue, size, lits->begin);
    CLAUSE (ref)->used = CLAUSE (ref)->redundant;
  }
  CLEAR_STACK (*lits);
}

void es_strengthen_queued (einsat *solver) {
  unsigneds *queued = &solver->strengthen;
  for (unsigned *p = queued->begin; p != queued->end; p += 3) {
    clause *c = CLAUSE (p[0]);
    unsigned pivot = p[1];
    bool subsumed = p[2];
    if (c->garbage)
      continue;
    if (subsumed && c->redundant) {
      INC (otfs_subsumed);
      es_mark_garbage (solver, c);
    } else
      replace_without (solver, c, pivot);
  }
  CLEAR_STACK (*queued);
}
