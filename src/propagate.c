/* Unit propagation with two watched literals.
 *
 * The watch list of a literal is visited when the literal becomes false.
 * Binary watches carry the other literal and need no clause access.
 * Large watches carry a blocking literal: if it is true the clause is
 * satisfied and skipped without touching the arena (Chu, Harwood and
 * Stuckey 2008).  Replacement watches are searched starting where the
 * last search stopped ('searched', after Gent 2013), which avoids
 * quadratic behaviour on long clauses.  Clauses deleted between two
 * garbage collections lose their watches here, so they can never become
 * reasons.  'ticks' approximates the cache
 * lines touched and drives every effort-based schedule, so that the
 * search stays deterministic.  The search propagates within the
 * propagation limit ('einsat_set_propagation_limit'), checked per
 * literal in a loop of its own.  Native at-most-one constraints are
 * and exactly-one constraints are propagated by 'atmost.c', after the
 * clauses of each literal. */

#include "assign.h"

/* Inlined into both loops below: with two callers the compiler would
 * otherwise call it, which costs the search a few percent. */
static ALWAYS_INLINE unsigned propagate_literal (einsat *solver,
                                                 unsigned lit,
                                                 uint64_t *ticks) {
  const unsigned not_lit = NOT (lit);
  assert (solver->values[lit] > 0);
  assert (!solver->dense); /* occurrence lists are no watches */
  watches *ws = &WATCHES (not_lit);
  const size_t size = SIZE_WATCHES (*ws);
  signed char *const values = solver->values;
  unsigned *const arena = solver->arena.begin;
  unsigned conflict = INVALID;
  /* If the falsified literal is on the current level, so is everything
   * it implies; only out-of-order literals need the reason scanned. */
  const bool in_order = LEVEL (not_lit) == solver->level;
  *ticks += 1 + ((size * sizeof (watch)) >> 6);
  if (!size)        /* no write: the page of an empty list may stay */
    return INVALID; /* unbacked (see 'zeroed_capacity' in 'import.c') */
  watch *const begin = BEGIN_WATCHES (*ws), *const end = begin + size;
  watch *q = begin;
  const watch *p = begin;

  while (p != end) {
    const watch w = *q++ = *p++;
    const unsigned blit = w.blit;
    const signed char blit_value = values[blit];
    if (blit_value > 0)
      continue;
    if (IS_BINARY (w)) {
      if (blit_value < 0) {
        solver->conflict_binary[0] = not_lit;
        solver->conflict_binary[1] = blit;
        conflict = BINARY_CONFLICT;
        break;
      }
      es_assign_binary (solver, blit, not_lit);
      continue;
    }
    const unsigned ref = w.ref;
    clause *const c = (clause *) (arena + ref);
    (*ticks)++;
    if (c->garbage) { /* deleted since the last collection: unwatch */
      q--;
      continue;
    }
    unsigned *const lits = c->lits;
    const unsigned other = lits[0] ^ lits[1] ^ not_lit;
    const signed char other_value = values[other];
    if (other_value > 0) {
      q[-1].blit = other;
      continue;
    }
    lits[0] = other;
    lits[1] = not_lit;
    unsigned *const r = es_find_replacement (solver, c);
    if (r) {
      const unsigned replacement = *r;
      if (values[replacement] > 0) {
        q[-1].blit = replacement;
      } else {
        lits[1] = replacement;
        *r = not_lit;
        PUSH_WATCHES (WATCHES (replacement), ((watch) {other, ref}));
        q--;
      }
    } else if (other_value < 0) {
      conflict = ref;
      break;
    } else {
      unsigned level = in_order ? solver->level
                                : es_reason_level (solver, other, c);
      es_assign_reason (solver, other, ref, level);
    }
  }
  while (p != end)
    *q++ = *p++;
  SET_END_WATCHES (*ws, q);
  return conflict;
}

/* Counts what the loops below propagated and reports a conflict. */
static unsigned finish_propagation (einsat *solver, unsigned propagated,
                                    uint64_t ticks, unsigned conflict) {
  ADD (propagations, propagated - solver->propagated);
  solver->propagated = propagated;
  ADD (ticks, ticks);
  if (conflict != INVALID)
    LOG ("conflict at level %u", solver->level);
  if (conflict != INVALID && solver->trace) {
    bool binary = conflict == BINARY_CONFLICT;
    clause *c = binary ? 0 : CLAUSE (conflict);
    es_trace_event (solver, EINSAT_CONFLICT, INVALID, solver->level,
                    binary ? 2 : c->size,
                    binary ? solver->conflict_binary : c->lits);
  }
  return conflict;
}

/* With native at-most-one constraints ('atmost.c') each literal's
 * constraints follow its clauses, in a loop of its own, so that formulas
 * without them pay nothing per literal.  'left' is the propagation
 * budget. */
static unsigned propagate_with_atmosts (einsat *solver, uint64_t left) {
  if (solver->atmosts.stale)
    es_index_atmosts (solver);
  uint64_t ticks = 0;
  unsigned conflict = INVALID;
  unsigned propagated = solver->propagated;
  while (conflict == INVALID && propagated < solver->trail_size && left) {
    unsigned lit = solver->trail[propagated++];
    conflict = propagate_literal (solver, lit, &ticks);
    if (conflict == INVALID)
      conflict = es_propagate_atmosts (solver, lit, &ticks, true);
    left--;
  }
  return finish_propagation (solver, propagated, ticks, conflict);
}

/* The loop over the trail.  'budgeted' is a constant at each call, so
 * the unbudgeted loop compiles without the comparison with 'left'. */
static ALWAYS_INLINE unsigned propagate_clauses (einsat *solver,
                                                 uint64_t left,
                                                 bool budgeted) {
  uint64_t ticks = 0;
  unsigned conflict = INVALID;
  unsigned propagated = solver->propagated;
  while (conflict == INVALID && propagated < solver->trail_size &&
         (!budgeted || left)) {
    unsigned lit = solver->trail[propagated++];
    conflict = propagate_literal (solver, lit, &ticks);
    left--;
  }
  return finish_propagation (solver, propagated, ticks, conflict);
}

unsigned es_propagate (einsat *solver) {
  if (solver->atmosts.count)
    return propagate_with_atmosts (solver, UINT64_MAX);
  return propagate_clauses (solver, 0, false);
}

/* The propagation limit is checked here, where propagations are counted,
 * so that the search stops exactly at it (polling it between search
 * steps, as the terminate callback is, overshoots by whole
 * propagations). */
unsigned es_propagate_budget (einsat *solver) {
  const search_limits *l = &solver->search_limits;
  assert (l->propagations >= 0);
  uint64_t used = STAT (propagations) - l->propagations_start;
  uint64_t limit = (uint64_t) l->propagations;
  uint64_t left = used < limit ? limit - used : 0;
  if (solver->atmosts.count)
    return propagate_with_atmosts (solver, left);
  return propagate_clauses (solver, left, true);
}
