/* Shrinking learned clauses (Fleury and Biere 2020, as in CaDiCaL and
 * Kissat): all literals of the learned clause on one decision level can
 * be replaced by a single literal of that level that dominates them in
 * the implication graph (a "block UIP"), found by resolving backwards
 * along the trail as in first-UIP learning but restricted to the level.
 * A resolution step may only bring in literals of other levels that are
 * already in the clause, redundant by minimization (option value 3), or
 * fixed.  Option 'shrink': 1 follows binary reasons only, 2 large
 * reasons too, 3 also checks other literals by minimization.  The glue
 * stays the same, the clause gets shorter. */

#include "internal.h"

static void mark_shrinkable (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  a->shrinkable = true;
  PUSH_STACK (solver->shrinkable, IDX (lit));
}

static void reset_shrinkable (einsat *solver) {
  for (all_stack (unsigned, idx, solver->shrinkable))
    solver->assigned[idx].shrinkable = false;
  CLEAR_STACK (solver->shrinkable);
}

/* Can the false literal 'other' of a reason stay out of the clause?  On
 * the block's level it joins the block instead. */
static bool shrink_literal (einsat *solver, unsigned other, unsigned level,
                            unsigned *open) {
  assigned *a = VAR (other);
  if (!a->level)
    return true;
  if (a->level == level) {
    if (!a->shrinkable) {
      mark_shrinkable (solver, other);
      (*open)++;
    }
    return true;
  }
  if (a->analyzed)
    return true; /* in the clause (or minimized away from it) */
  return GET_OPTION (shrink) > 2 && es_minimize_literal (solver, other, 1);
}

static bool shrink_reason (einsat *solver, unsigned lit, unsigned level,
                           unsigned *open) {
  assigned *a = VAR (lit);
  if (a->reason == INVALID)
    return false;
  if (a->binary)
    return shrink_literal (solver, a->reason, level, open);
  if (GET_OPTION (shrink) < 2)
    return false;
  clause *c = CLAUSE (a->reason);
  for (all_literals_in_clause (other, c))
    if (other != lit && !shrink_literal (solver, other, level, open))
      return false;
  return true;
}

/* The block UIP of the clause literals on 'level', or INVALID. */
static unsigned block_uip (einsat *solver, unsigned level) {
  unsigned open = 0, last = 0;
  for (all_stack (unsigned, lit, solver->learned))
    if (LEVEL (lit) == level) {
      mark_shrinkable (solver, lit);
      open++;
      if (VAR (lit)->trail > last)
        last = VAR (lit)->trail;
    }
  unsigned first = PEEK_STACK (solver->frames, level).trail;
  for (unsigned pos = last + 1; pos-- > first;) {
    unsigned lit = solver->trail[pos];
    if (!VAR (lit)->shrinkable)
      continue;
    if (open == 1)
      return lit;
    if (!shrink_reason (solver, lit, level, &open))
      return INVALID;
    open--;
  }
  return INVALID;
}

static void replace_block (einsat *solver, unsigned level, unsigned uip) {
  unsigned *q = solver->learned.begin + 1, removed = 0;
  for (unsigned *p = q; p != solver->learned.end; p++)
    if (LEVEL (*p) != level)
      *q++ = *p;
    else
      removed++;
  *q++ = NOT (uip);
  solver->learned.end = q;
  ADD (shrunken_literals, removed - 1);
  assigned *a = VAR (uip);
  if (!a->analyzed) {
    a->analyzed = true;
    PUSH_STACK (solver->analyzed, IDX (uip));
  }
  frame *f = &PEEK_STACK (solver->frames, level);
  f->seen = 1;
  f->earliest = a->trail;
}

void es_shrink_clause (einsat *solver) {
  if (!GET_OPTION (shrink))
    return;
  for (all_stack (unsigned, level, solver->levels)) {
    if (PEEK_STACK (solver->frames, level).seen < 2)
      continue;
    unsigned uip = block_uip (solver, level);
    reset_shrinkable (solver);
    if (uip != INVALID)
      replace_block (solver, level, uip);
  }
}
