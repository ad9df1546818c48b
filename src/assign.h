#ifndef ASSIGN_H_INCLUDED
#define ASSIGN_H_INCLUDED

/* Assigning literals: every assignment goes through here, so the trail,
 * the levels and the reasons stay consistent.  The functions are inline:
 * propagation calls them for every implied literal.  Units implied at the
 * root level are written to the proof, so that the proof stays valid
 * when their reasons are deleted later; explicit units ('es_assign_unit'
 * in 'assign.c') come from clauses already in the proof or the formula. */

#include "internal.h"

static inline void es_assign (einsat *solver, unsigned lit, unsigned level,
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

/* An implied literal gets the highest level of the other literals of its
 * reason, which after chronological backtracking can be lower than the
 * current level (Nadel and Ryvchin 2018). */
static inline void es_assign_binary (einsat *solver, unsigned lit,
                                     unsigned other) {
  unsigned level = LEVEL (other);
  es_assign (solver, lit, level, other, true);
  if (!level)
    es_proof_add (solver, 1, &lit);
  if (solver->trace)
    es_trace_reason (solver, lit);
}

static inline void es_assign_reason (einsat *solver, unsigned lit,
                                     unsigned ref, unsigned level) {
  assert (level == es_reason_level (solver, lit, CLAUSE (ref)));
  es_assign (solver, lit, level, ref, false);
  if (!level)
    es_proof_add (solver, 1, &lit);
  if (solver->trace)
    es_trace_reason (solver, lit);
}

#endif
