/* Dense mode: for variable elimination and subsumption the watch lists
 * temporarily become full occurrence lists of the irredundant clauses.
 * Binary clauses need no change (their two watches are their two
 * occurrences); each large irredundant clause gets an entry in the list
 * of every one of its literals.  Redundant large clauses are not
 * connected.  Leaving dense mode deletes the redundant clauses that
 * mention eliminated variables and goes back to two watches per clause.
 * Both transitions happen at the root level with all root-level units
 * already removed from the clauses (see 'simplify.c'). */

#include "internal.h"

#include <string.h>

void es_connect_occurrences (einsat *solver, unsigned ref) {
  clause *c = CLAUSE (ref);
  assert (!c->garbage && !c->redundant);
  for (all_literals_in_clause (lit, c))
    PUSH_WATCHES (WATCHES (lit), ((watch) {lit, ref}));
}

/* Each list grows once, to exactly the size it will have, instead of
 * doubling as occurrences are pushed: on big formulas dense mode holds
 * the most watches, and doubling left a third of them unused on average
 * (bench/RESULTS.md, "Memory beside Kissat").  As all lists grow at
 * once, the pool of short lists may be compacted ('watch.c'). */
static void reserve_occurrences (einsat *solver) {
  size_t lits = 2 * (size_t) solver->vars;
  /* The solver's, so that an allocation failing below leaks nothing. */
  unsigneds *scratch = &solver->dense_counts;
  RESERVE_EXACTLY_STACK (*scratch, lits);
  RESIZE_STACK (*scratch, lits);
  unsigned *counts = scratch->begin;
  if (lits)
    memset (counts, 0, lits * sizeof *counts);
  for (all_stack (unsigned, ref, solver->irredundant)) {
    clause *c = CLAUSE (ref);
    if (!c->garbage)
      for (all_literals_in_clause (lit, c))
        counts[lit]++;
  }
  es_reserve_all_watches (solver, counts);
  RELEASE_STACK (*scratch);
}

void es_enter_dense_mode (einsat *solver) {
  assert (!solver->level);
  es_flush_large_watches (solver);
  reserve_occurrences (solver);
  for (all_stack (unsigned, ref, solver->irredundant))
    if (!CLAUSE (ref)->garbage)
      es_connect_occurrences (solver, ref);
  solver->dense = true;
}

static bool mentions_eliminated (einsat *solver, clause *c) {
  for (all_literals_in_clause (lit, c))
    if (FLAGS (IDX (lit))->eliminated)
      return true;
  return false;
}

void es_leave_dense_mode (einsat *solver) {
  assert (solver->dense && !solver->level);
  solver->dense = false;
  for (all_stack (unsigned, ref, solver->redundant)) {
    clause *c = CLAUSE (ref);
    if (!c->garbage && mentions_eliminated (solver, c))
      es_mark_garbage (solver, c);
  }
  es_collect (solver);
}
