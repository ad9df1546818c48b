/* Reducing the learned clause database in three tiers by glue (Chanseok
 * Oh's observation, as in CaDiCaL and Kissat): clauses with glue up to
 * 'tier1' are kept, clauses up to 'tier2' are kept while they are used,
 * and of the remaining unused clauses the 'reducefraction' percent with
 * the worst glue (then size) are deleted.  Reductions happen every
 * 'reduceint * sqrt (reductions)' conflicts, but within 'reduceint'
 * conflicts of the start of a solve call: with many short incremental
 * calls (thousands of small problems under assumptions, a few conflicts
 * each)
 * the growing interval would let learned clauses of earlier calls pile
 * up and slow down propagation in every later one.  A long call pays one
 * early reduction.  The arena is compacted only once half of it is
 * garbage: propagation drops the watches of deleted clauses it meets,
 * and rebuilding every watch list after each reduction costs more than a
 * short call. */

#include "internal.h"

#include <stdlib.h>

bool es_reducing (einsat *solver) {
  return GET_OPTION (reduce) && STAT (conflicts) >= solver->limits.reduce;
}

void es_limit_reduce_interval (einsat *solver) {
  uint64_t limit = STAT (conflicts) + (uint64_t) GET_OPTION (reduceint);
  if (solver->limits.reduce > limit)
    solver->limits.reduce = limit;
}

void es_mark_reasons (einsat *solver, bool mark) {
  for (unsigned i = 0; i < solver->trail_size; i++) {
    assigned *a = VAR (solver->trail[i]);
    if (a->level && !a->binary && a->reason != INVALID) {
      clause *c = CLAUSE (a->reason);
      assert (!c->garbage && c->reason != mark);
      c->reason = mark;
    }
  }
}

/* Candidates are sorted as 64-bit keys: glue, then size (capped), then
 * the reference, so that the worst clauses come first and ties break
 * deterministically. */
static int compare_keys (const void *p, const void *q) {
  uint64_t a = *(const uint64_t *) p, b = *(const uint64_t *) q;
  return a < b ? 1 : a > b ? -1 : 0;
}

static uint64_t candidate_key (clause *c, unsigned ref) {
  uint64_t glue = c->glue, size = c->size < 1023 ? c->size : 1023;
  return (glue << 42) | (size << 32) | ref;
}

void es_reduce (einsat *solver) {
  INC (reductions);
  es_mark_reasons (solver, true);
  uint64s *candidates = &solver->ranks;
  CLEAR_STACK (*candidates);
  unsigned tier1 = GET_OPTION (tier1);
  for (all_stack (unsigned, ref, solver->redundant)) {
    clause *c = CLAUSE (ref);
    if (c->garbage || !c->redundant || c->reason || c->keep ||
        c->glue <= tier1)
      continue;
    if (c->used) {
      c->used--;
      continue;
    }
    PUSH_STACK (*candidates, candidate_key (c, ref));
  }
  size_t n = SIZE_STACK (*candidates);
  if (n > 1)
    qsort (candidates->begin, n, sizeof (uint64_t), compare_keys);
  size_t reduce = n * GET_OPTION (reducefraction) / 100;
  for (size_t i = 0; i < reduce; i++) {
    unsigned ref = (unsigned) PEEK_STACK (*candidates, i);
    assert (i + 1 == n || PEEK_STACK (*candidates, i) >
                              PEEK_STACK (*candidates, i + 1));
    clause *c = CLAUSE (ref);
    if (c->imported) { /* never used: imports were not worth it */
      INC (imported_unused);
      es_import_usefulness (solver, false);
    }
    es_mark_garbage (solver, c);
  }
  LOG ("reduced %zu of %zu candidates", reduce, n);
  ADD (reduced, reduce);
  CLEAR_STACK (*candidates);
  es_mark_reasons (solver, false);
  es_collect_if_worth (solver);
  solver->limits.reduce =
      es_sqrt_limit (solver, GET_OPTION (reduceint), STAT (reductions));
  es_report_round (solver, '-');
}
