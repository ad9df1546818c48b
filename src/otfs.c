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
 * learned reason is then simply deleted.
 *
 * LRAT hints must be found while the trail still implies the conflict,
 * so they are queued too, with the literals of the shorter clause:
 * entries of 'strengthen_lrat' are the number of literals, the literals,
 * the number of hints and the hints. */

#include "internal.h"

static void queue_hints (einsat *solver, clause *c, unsigned pivot,
                         unsigned conflict) {
  unsigneds *lits = &solver->lrat_lemma;
  CLEAR_STACK (*lits);
  for (all_literals_in_clause (lit, c))
    if (lit != pivot && LEVEL (lit))
      PUSH_STACK (*lits, lit);
  es_lrat_derive_from_conflict (solver, SIZE_STACK (*lits), lits->begin,
                                conflict);
  uint64s *pending = &solver->strengthen_lrat;
  PUSH_STACK (*pending, SIZE_STACK (*lits));
  for (all_stack (unsigned, lit, *lits))
    PUSH_STACK (*pending, lit);
  PUSH_STACK (*pending, SIZE_STACK (solver->lrat_chain));
  for (all_stack (uint64_t, hint, solver->lrat_chain))
    PUSH_STACK (*pending, hint);
  CLEAR_STACK (solver->lrat_chain);
  CLEAR_STACK (*lits);
}

void es_queue_strengthening (einsat *solver, unsigned ref, unsigned lit,
                             bool subsumed, unsigned conflict) {
  assert (!CLAUSE (ref)->garbage);
  assert (VALUE (lit) > 0 && VAR (lit)->reason == ref);
  LOGCLAUSE (ref, "queued to lose %s (subsumed %d)", LOGLIT (lit),
             subsumed);
  PUSH_STACK (solver->strengthen, ref);
  PUSH_STACK (solver->strengthen, lit);
  PUSH_STACK (solver->strengthen, subsumed);
  if (solver->lrat)
    queue_hints (solver, CLAUSE (ref), lit, conflict);
}

/* Restores the hints queued for the next strengthened clause and
 * returns where the entry after it starts.  Literals fixed at the root
 * since (by a learned unit) are dropped now: their units come first. */
static const uint64_t *dequeue_hints (einsat *solver, const uint64_t *p) {
  CLEAR_STACK (solver->lrat_chain);
  size_t lits = (size_t) *p++;
  for (size_t i = 0; i < lits; i++) {
    unsigned lit = (unsigned) p[i];
    if (VALUE (lit) < 0 && !LEVEL (lit))
      PUSH_STACK (solver->lrat_chain, es_lrat_unit_id (solver, IDX (lit)));
  }
  p += lits;
  size_t hints = (size_t) *p++;
  for (size_t i = 0; i < hints; i++)
    PUSH_STACK (solver->lrat_chain, p[i]);
  return p + hints;
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
  LOGCLAUSE (REF (c), "strengthening on the fly without %s", LOGLIT (pivot));
  es_proof_add (solver, size, lits->begin);
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

/* The old clauses go after all new ones are added: the proof of a later
 * one may use an earlier old one.  Each clause is queued at most once (it
 * is the reason of one literal). */
void es_strengthen_queued (einsat *solver) {
  unsigneds *queued = &solver->strengthen;
  const uint64_t *hints = solver->strengthen_lrat.begin;
  unsigned *old = queued->begin;
  assert (!(SIZE_STACK (*queued) % 3));
  for (unsigned *p = queued->begin; p != queued->end; p += 3) {
    unsigned ref = p[0], pivot = p[1];
    assert (!VALUE (pivot) || LEVEL (pivot) <= solver->level);
    bool subsumed = p[2];
    if (solver->lrat)
      hints = dequeue_hints (solver, hints);
    clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    if (subsumed && c->redundant)
      INC (otfs_subsumed);
    else
      replace_without (solver, c, pivot);
    *old++ = ref;
  }
  for (unsigned *p = queued->begin; p != old; p++)
    es_mark_garbage (solver, CLAUSE (*p));
  CLEAR_STACK (*queued);
  CLEAR_STACK (solver->strengthen_lrat);
  CLEAR_STACK (solver->lrat_chain);
}
