/* Reducing the learned clause database in three tiers by glue (Chanseok
 * Oh's observation, as in CaDiCaL and Kissat): clauses with glue up to
 * 'tier1' are kept, clauses up to 'tier2' are kept while they are used,
 * and of the remaining unused clauses the 'reducefraction' percent with
 * the worst glue (then size) are deleted.  Reductions happen every
 * 'reduceint * sqrt (reductions)' conflicts. */

#include "internal.h"

#include <math.h>
#include <stdlib.h>

bool es_reducing (einsat *solver) {
  return GET_OPTION (reduce) && STAT (conflicts) >= solver->limits.reduce;
}

void es_mark_reasons (einsat *solver, bool mark) {
  for (unsigned i = 0; i < solver->trail_size; i++) {
    assigned *a = VAR (solver->trail[i]);
    if (a->level && !a->binary && a->reason != INVALID)
      CLAUSE (a->reason)->reason = mark;
  }
}

typedef struct candidate {
  uint64_t rank;
  unsigned ref;
} candidate;

static int compare_candidates (const void *p, const void *q) {
  uint64_t a = ((const candidate *) p)->rank;
  uint64_t b = ((const candidate *) q)->rank;
  if (a != b)
    return a > b ? -1 : 1;
  unsigned r = ((const candidate *) p)->ref;
  unsigned s = ((const candidate *) q)->ref;
  return r < s ? -1 : r > s;
}

void es_reduce (einsat *solver) {
  INC (reductions);
  es_mark_reasons (solver, true);
  STACK (candidate) candidates;
  INIT_STACK (candidates);
  unsigned tier1 = GET_OPTION (tier1);
  for (all_stack (unsigned, ref, solver->redundant)) {
    clause *c = CLAUSE (ref);
    if (c->garbage || c->reason || c->keep || c->glue <= tier1)
      continue;
    if (c->used) {
      c->used--;
      continue;
    }
    uint64_t rank = ((uint64_t) c->glue << 32) | c->size;
    PUSH_STACK (candidates, ((candidate) {rank, ref}));
  }
  size_t n = SIZE_STACK (candidates);
  if (n > 1)
    qsort (candidates.begin, n, sizeof (candidate), compare_candidates);
  size_t reduce = n * GET_OPTION (reducefraction) / 100;
  for (size_t i = 0; i < reduce; i++)
    es_mark_garbage (solver, CLAUSE (PEEK_STACK (candidates, i).ref));
  ADD (reduced, reduce);
  RELEASE_STACK (candidates);
  es_mark_reasons (solver, false);
  es_collect (solver);
  double delta = GET_OPTION (reduceint) * sqrt ((double) STAT (reductions));
  solver->limits.reduce = STAT (conflicts) + (uint64_t) delta;
  if (GET_OPTION (verbose) > 1)
    es_report (solver, '-');
}
