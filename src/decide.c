/* Decisions: first the assumptions of the current solve call, each on its
 * own level (a level without decision if the assumption is already true),
 * then the literal the application's decide callback names, if any, then
 * the next variable of the mode's heuristic with its phase. */

#include "internal.h"

static unsigned next_queue_variable (einsat *solver) {
  links *link = solver->links;
  unsigned idx = solver->queue.search;
  while (idx != INVALID && solver->values[LIT (idx)])
    idx = link[idx].prev;
  solver->queue.search = idx;
  assert (idx == INVALID || FLAGS (idx)->active);
  return idx;
}

static unsigned next_heap_variable (einsat *solver) {
  heap *scores = &solver->scores;
  while (scores->size) {
    unsigned idx = scores->array[0];
    if (!solver->values[LIT (idx)] && FLAGS (idx)->active)
      return idx;
    es_heap_pop (solver, scores);
  }
  return INVALID;
}

unsigned es_decide_phase (einsat *solver, unsigned idx) {
  assert (idx < solver->vars);
  signed char phase = 0;
  int target = GET_OPTION (target);
  if (target > 1 || (target && solver->stable))
    phase = solver->target[idx];
  if (!phase)
    phase = solver->saved[idx];
  if (!phase)
    phase = GET_OPTION (phase) ? 1 : -1;
  return phase > 0 ? LIT (idx) : NOT (LIT (idx));
}

/* Of the falsified assumptions ('lit' is one) the one falsified on the
 * lowest level: it depends on the fewest other assumptions, and one false
 * on the root level is a failed set of its own.  Incremental applications
 * add the negated failed set as a clause (as CaDiCaL, which also starts
 * its analysis there, gives them): a unit costs nothing later, a longer
 * clause is watched and propagated on every following call. */
static unsigned lowest_falsified_assumption (einsat *solver, unsigned lit) {
  unsigned level = VAR (lit)->level;
  for (all_stack (unsigned, other, solver->assumptions)) {
    if (!level)
      break;
    if (VALUE (other) < 0 && VAR (other)->level < level) {
      lit = other;
      level = VAR (other)->level;
    }
  }
  return lit;
}

/* Returns 0 after deciding, 20 if an assumption is falsified, 10 if
 * every variable is assigned. */
static int decide_assumption (einsat *solver) {
  while (solver->level < SIZE_STACK (solver->assumptions)) {
    unsigned lit = PEEK_STACK (solver->assumptions, solver->level);
    signed char value = VALUE (lit);
    if (value > 0) {
      LOG ("assumption %s already true: a level without decision",
           LOGLIT (lit));
      es_new_level (solver, INVALID);
      continue;
    }
    if (value < 0) {
      LOG ("assumption %s is falsified", LOGLIT (lit));
      if (!solver->projecting) /* enumerating needs only the level */
        es_analyze_failed (solver, lowest_falsified_assumption (solver, lit));
      return 20;
    }
    es_assign_decision (solver, lit);
    return 0;
  }
  return -1;
}

/* The literal the application's callback asks for, if it names an
 * active unassigned variable; INVALID lets the heuristic decide.  While
 * enumerating, only projected variables are taken: the projection is
 * decided first (see 'enumerate.c'), in any order. */
static unsigned external_decision (einsat *solver) {
  if (!solver->decide_callback)
    return INVALID;
  int elit = solver->decide_callback (solver->decide_data);
  unsigned lit = es_find_literal (solver, elit);
  if (lit == INVALID || VALUE (lit))
    return INVALID;
  unsigned idx = IDX (lit);
  bool allowed = !solver->projecting || es_projected (solver, idx);
  return FLAGS (idx)->active && allowed ? lit : INVALID;
}

int es_decide (einsat *solver) {
  int res = decide_assumption (solver);
  if (res >= 0)
    return res;
  unsigned external = external_decision (solver);
  if (external != INVALID) {
    INC (decisions);
    INC (external_decisions);
    es_assign_decision (solver, external);
    return 0;
  }
  unsigned idx = solver->stable ? next_heap_variable (solver)
                                : next_queue_variable (solver);
  /* The heuristic's best variable is the best projected one if it is
   * projected: the scan over the projection is needed only otherwise. */
  if (solver->projecting && idx != INVALID && !es_projected (solver, idx)) {
    unsigned projected = es_next_projected (solver);
    if (projected != INVALID)
      idx = projected;
  }
  if (idx == INVALID) {
    LOG ("all variables assigned");
    return 10;
  }
  assert (FLAGS (idx)->active);
  INC (decisions);
  es_assign_decision (solver, es_decide_phase (solver, idx));
  return 0;
}
