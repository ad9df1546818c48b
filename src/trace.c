/* The teaching trace ('einsat_set_trace'): every step of the search in
 * external literals, with the clauses involved.  Internal variables
 * without an external name (the selector of an enumeration) are left
 * out: a decision on one is not reported, and clauses are shown without
 * it. */

#include "internal.h"

void es_trace_event (einsat *solver, einsat_event event, unsigned lit,
                     unsigned level, size_t size, const unsigned *lits) {
  int elit = lit == INVALID ? 0 : es_export_literal (solver, lit);
  if (lit != INVALID && !elit)
    return;
  ints *buffer = &solver->trace_buffer;
  CLEAR_STACK (*buffer);
  for (size_t i = 0; i < size; i++) {
    int other = es_export_literal (solver, lits[i]);
    if (other)
      PUSH_STACK (*buffer, other);
  }
  PUSH_STACK (*buffer, 0);
  solver->trace (solver->trace_data, event, elit, (int) level,
                 buffer->begin);
}

/* The reason of a just implied literal, with the implied literal first. */
void es_trace_reason (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  unsigned binary[2] = {lit, a->reason};
  if (a->binary) {
    es_trace_event (solver, EINSAT_PROPAGATE, lit, a->level, 2, binary);
    return;
  }
  clause *c = CLAUSE (a->reason);
  es_trace_event (solver, EINSAT_PROPAGATE, lit, a->level, c->size,
                  c->lits);
}
