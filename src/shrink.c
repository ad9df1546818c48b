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

/* Groups the literals after the first by level, in the order of
 * 'solver->levels' (a counting sort: the frames count their literals in
 * the clause), so that each level's block is handled in time linear in
 * its size.  Scanning the whole clause once per level was quadratic,
 * which showed with the long clauses learned under many assumptions. */
static void group_by_level (einsat *solver) {
  unsigneds *next = &solver->shrink_next, *grouped = &solver->shrink_grouped;
  size_t size = SIZE_STACK (solver->learned);
  RESERVE_STACK (*next, (size_t) solver->level + 1);
  RESERVE_STACK (*grouped, size);
  unsigned pos = 1;
  for (all_stack (unsigned, level, solver->levels)) {
    next->begin[level] = pos;
    pos += PEEK_STACK (solver->frames, level).seen;
  }
  assert (pos == size);
  unsigned *lits = solver->learned.begin, *to = grouped->begin;
  for (size_t i = 1; i < size; i++)
    to[next->begin[LEVEL (lits[i])]++] = lits[i];
  for (size_t i = 1; i < size; i++)
    lits[i] = to[i];
}

/* The block UIP of the 'n' clause literals 'block' on 'level', or
 * INVALID. */
static unsigned block_uip (einsat *solver, unsigned level,
                           const unsigned *block, unsigned n) {
  unsigned open = n, last = 0;
  for (unsigned i = 0; i < n; i++) {
    mark_shrinkable (solver, block[i]);
    if (VAR (block[i])->trail > last)
      last = VAR (block[i])->trail;
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

static void use_block_uip (einsat *solver, unsigned level, unsigned uip,
                           unsigned n) {
  ADD (shrunken_literals, n - 1);
  assigned *a = VAR (uip);
  if (!a->analyzed) {
    a->analyzed = true;
    PUSH_STACK (solver->analyzed, IDX (uip));
  }
  frame *f = &PEEK_STACK (solver->frames, level);
  f->seen = 1;
  f->earliest = a->trail;
}

/* The blocks are compacted in place: a block only moves down. */
void es_shrink_clause (einsat *solver) {
  if (!GET_OPTION (shrink))
    return;
  bool blocks = false;
  for (all_stack (unsigned, level, solver->levels))
    blocks |= PEEK_STACK (solver->frames, level).seen > 1;
  if (!blocks)
    return;
  group_by_level (solver);
  unsigned *lits = solver->learned.begin, pos = 1, kept = 1;
  for (all_stack (unsigned, level, solver->levels)) {
    unsigned n = PEEK_STACK (solver->frames, level).seen;
    unsigned uip = n > 1 ? block_uip (solver, level, lits + pos, n) : INVALID;
    reset_shrinkable (solver);
    if (uip != INVALID) {
      use_block_uip (solver, level, uip, n);
      lits[kept++] = NOT (uip);
    } else
      for (unsigned i = 0; i < n; i++)
        lits[kept++] = lits[pos + i];
    pos += n;
  }
  solver->learned.end = lits + kept;
}
