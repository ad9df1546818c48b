/* Assigning literals: every assignment goes through here, so the trail,
 * the levels and the reasons stay consistent.  Units implied at the root
 * level are written to the proof, so that the proof stays valid when
 * their reasons are deleted later; explicit units ('es_assign_unit') come
 * from clauses that are already in the proof or the formula. */

#include "internal.h"

static inline void assign (einsat *solver, unsigned lit, unsigned level,
                           unsigned reason, bool binary) {
  unsigned idx = IDX (lit);
  assert (!VALUE (lit));
  assert (solver->trail_size < solver->vars);
  solver->values[lit] = 1;
  solver->values[NOT (lit)] = -1;
  assigned *a = solver->assigned + idx;
  a->level = level;
  a->trail = solver->trail_size;
  a->reason = reason;
  a->binary = binary;
  solver->trail[solver->trail_size++] = lit;
  assert (solver->unassigned);
  solver->unassigned--;
  if (!level) {
    var_flags *f = FLAGS (idx);
    f->fixed = true;
    f->active = false;
    solver->active--;
    INC (fixed);
  }
}

void es_assign_unit (einsat *solver, unsigned lit) {
  LOG ("assign %s as root-level unit", LOGLIT (lit));
  assign (solver, lit, 0, INVALID, false);
}

void es_assign_decision (einsat *solver, unsigned lit) {
  es_new_level (solver, lit);
  LOG ("decide %s", LOGLIT (lit));
  assign (solver, lit, solver->level, INVALID, false);
  if (solver->trace)
    es_trace_event (solver, EINSAT_DECIDE, lit, solver->level, 0, 0);
}

void es_new_level (einsat *solver, unsigned decision) {
  solver->level++;
  frame f = {decision, solver->trail_size, 0, INVALID, 0};
  PUSH_STACK (solver->frames, f);
}

/* An implied literal gets the highest level of the other literals of its
 * reason, which after chronological backtracking can be lower than the
 * current level (Nadel and Ryvchin 2018). */
void es_assign_binary (einsat *solver, unsigned lit, unsigned other) {
  unsigned level = LEVEL (other);
  assign (solver, lit, level, other, true);
  if (!level)
    es_proof_add (solver, 1, &lit);
  if (solver->trace)
    es_trace_reason (solver, lit);
}

unsigned es_reason_level (einsat *solver, unsigned lit, clause *c) {
  unsigned level = 0;
  for (all_literals_in_clause (other, c))
    if (IDX (other) != IDX (lit) && LEVEL (other) > level)
      level = LEVEL (other);
  return level;
}

void es_assign_reason (einsat *solver, unsigned lit, unsigned ref,
                       unsigned level) {
  assert (level == es_reason_level (solver, lit, CLAUSE (ref)));
  assign (solver, lit, level, ref, false);
  if (!level)
    es_proof_add (solver, 1, &lit);
  if (solver->trace)
    es_trace_reason (solver, lit);
}
