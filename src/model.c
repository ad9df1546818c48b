/* The model in external terms: after a satisfiable solve each external
 * variable gets the value of its internal variable (variables never seen
 * stay 0).  With option 'check' the model is verified against a copy of
 * every original clause. */

#include "internal.h"

#include <stdlib.h>

void es_extend_model (einsat *solver) {
  signed char *emodel = solver->emodel.begin;
  for (int eidx = 1; eidx <= solver->max_external; eidx++) {
    unsigned iidx1 = PEEK_STACK (solver->e2i, eidx);
    if (!iidx1) {
      emodel[eidx] = 0;
      continue;
    }
    signed char value = solver->values[LIT (iidx1 - 1)];
    emodel[eidx] = value ? value : -1;
  }
}

bool es_check_model (einsat *solver) {
  const signed char *emodel = solver->emodel.begin;
  bool satisfied = false;
  for (all_stack (int, elit, solver->check_clauses)) {
    if (!elit) {
      if (!satisfied)
        return false;
      satisfied = false;
      continue;
    }
    signed char value = emodel[abs (elit)];
    if (elit < 0)
      value = -value;
    if (value > 0)
      satisfied = true;
  }
  return true;
}
