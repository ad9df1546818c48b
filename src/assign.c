/* Assignments other than implications (see 'assign.h'). */

#include "assign.h"

void es_assign_unit (einsat *solver, unsigned lit) {
  assert (!VALUE (lit));
  LOG ("assign %s as root-level unit", LOGLIT (lit));
  es_assign (solver, lit, 0, INVALID, false);
}

void es_assign_decision (einsat *solver, unsigned lit) {
  assert (!VALUE (lit));
  assert (solver->propagated == solver->trail_size);
  es_new_level (solver, lit);
  LOG ("decide %s", LOGLIT (lit));
  es_assign (solver, lit, solver->level, INVALID, false);
  if (solver->trace)
    es_trace_event (solver, EINSAT_DECIDE, lit, solver->level, 0, 0);
}

void es_new_level (einsat *solver, unsigned decision) {
  assert (SIZE_STACK (solver->frames) == (size_t) solver->level + 1);
  solver->level++;
  frame f = {decision, solver->trail_size, 0, INVALID, 0, 0};
  PUSH_STACK (solver->frames, f);
}

unsigned es_reason_level (einsat *solver, unsigned lit, clause *c) {
  unsigned level = 0;
  for (all_literals_in_clause (other, c))
    if (IDX (other) != IDX (lit)) {
      assert (VALUE (other) < 0);
      if (LEVEL (other) > level)
        level = LEVEL (other);
    }
  return level;
}

