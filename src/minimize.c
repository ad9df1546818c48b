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
  assert (VALUE (lit) > 0);
  assigned *a = VAR (lit);
  assert (a->reason != INVALID);
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
  assert (VALUE (lit) < 0);
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
  assert (!a->removable && !a->poisoned);
  if (res)
    a->removable = true;
  else
    a->poisoned = true;
  if (depth)
    remember (solver, IDX (lit));
  return res;
}

/* A level whose literals were all removed no longer counts for glue. */
static void drop_empty_levels (einsat *solver) {
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

bool es_minimize_literal (einsat *solver, unsigned lit, unsigned depth) {
  return minimize_literal (solver, lit, depth);
}

void es_minimize_clause (einsat *solver) {
  if (!GET_OPTION (minimize))
    return;
  unsigned *begin = solver->learned.begin, *end = solver->learned.end;
  assert (begin != end && VALUE (begin[0]) < 0);
  assert (LEVEL (begin[0]) == solver->level);
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
  drop_empty_levels (solver);
}

/* Binary implication minimization (Audemard and Simon, Glucose 2.1): a
 * binary clause (first | -l), with 'first' the asserting literal of the
 * learned clause, resolves the clause literal 'l' away.  Recursive
 * minimization misses these literals: that binary clause is satisfied,
 * so it is no reason in the implication graph.  It costs one pass over
 * the watches of the asserting literal. */
void es_minimize_binary (einsat *solver) {
  if (!GET_OPTION (minimizebinary))
    return;
  unsigned *begin = solver->learned.begin, *end = solver->learned.end;
  if (end - begin < 2)
    return;
  signed char *marks = solver->marks;
  for (unsigned *p = begin + 1; p != end; p++)
    marks[*p] = 1;
  size_t removed = 0;
  for (all_watches (w, WATCHES (begin[0])))
    if (IS_BINARY (w) && marks[NOT (w.blit)] == 1) {
      LOG ("binary clause with %s removes %s", LOGLIT (begin[0]),
           LOGLIT (NOT (w.blit)));
      marks[NOT (w.blit)] = 2;
      removed++;
      if (solver->lrat)
        PUSH_STACK (solver->lrat_binary_removed, NOT (w.blit));
    }
  unsigned *q = begin + 1;
  for (unsigned *p = begin + 1; p != end; p++) {
    unsigned lit = *p;
    if (marks[lit] == 2)
      PEEK_STACK (solver->frames, LEVEL (lit)).seen--;
    else
      *q++ = lit;
    marks[lit] = 0;
  }
  solver->learned.end = q;
  if (!removed)
    return;
  ADD (minimized_binary, removed);
  drop_empty_levels (solver);
}
