/* Recursive learned clause minimization (Sörensson and Biere 2009): a
 * literal of the learned clause is redundant if its reason consists only
 * of literals that are in the clause or redundant themselves.  The search
 * is pruned by two cheap tests (Van Gelder 2009, Knuth): a literal on a
 * level without clause literals, or assigned before the earliest clause
 * literal of its level, depends on a decision outside the clause.
 * Results are cached in 'removable' and 'poisoned' flags. */

#include "internal.h"

static bool minimize_literal (einsat *solver, unsigned lit,
                              unsigned depth);

static void remember (einsat *solver, unsigned idx) {
  PUSH_STACK (solver->minimize, idx);
}

static bool reason_is_redundant (einsat *solver, unsigned lit,
                                 unsigned depth) {
  assigned *a = VAR (lit);
  if (a->binary)
    return minimize_literal (solver, a->reason, depth + 1);
  clause *c = CLAUSE (a->reason);
  unsigned not_lit = NOT (lit);
  for (all_literals_in_clause (other, c))
    if (other != not_lit && other != lit &&
        !minimize_literal (solver, other, depth + 1))
      return false;
  return true;
}

/* 'lit' is false; is it implied by the (other) clause literals? */
static bool minimize_literal (einsat *solver, unsigned lit,
                              unsigned depth) {
  assigned *a = VAR (lit);
  if (!a->level || a->removable || (depth && a->analyzed))
    return true;
  if (a->poisoned || a->reason == INVALID)
    return false;
  const frame *f = &PEEK_STACK (solver->frames, a->level);
  if (depth && (!f->seen || a->trail < f->earliest))
    return false;
  if (depth > (unsigned) GET_OPTION (minimizedepth))
    return false;
  bool res = reason_is_redundant (solver, NOT (lit), depth);
  if (res)
    a->removable = true;
  else
    a->poisoned = true;
  if (depth)
    remember (solver, IDX (lit));
  return res;
}

bool es_minimize_literal (einsat *solver, unsigned lit, unsigned depth) {
  return minimize_literal (solver, lit, depth);
}

void es_minimize_clause (einsat *solver) {
  if (!GET_OPTION (minimize))
    return;
  unsigned *begin = solver->learned.begin, *end = solver->learned.end;
  unsigned *q = begin + 1;
  for (unsigned *p = begin + 1; p != end; p++) {
    unsigned lit = *p;
    if (minimize_literal (solver, lit, 0)) {
      LOG ("minimized away %s", LOGLIT (lit));
      frame *f = &PEEK_STACK (solver->frames, LEVEL (lit));
      f->seen--;
    } else
      *q++ = lit;
  }
  solver->learned.end = q;
  /* A level whose literals were all removed no longer counts for glue. */
  unsigned *r = solver->levels.begin;
  for (all_stack (unsigned, level, solver->levels)) {
    frame *f = &PEEK_STACK (solver->frames, level);
    if (f->seen)
      *r++ = level;
    else
      f->earliest = INVALID;
  }
  solver->levels.end = r;
}
