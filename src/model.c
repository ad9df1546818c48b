/* The model in external terms: after a satisfiable solve each external
 * variable gets the value of its internal variable (variables never seen
 * stay 0).  With option 'check' the model is verified against a copy of
 * every original clause and at-most-one constraint. */

#include "internal.h"

#include <stdlib.h>

/* Without eliminated variables every variable is assigned and the
 * model is copied straight out: incremental users with thousands of
 * short calls pay one pass over the external variables per model, not an
 * allocation and two passes. */
static void export_assigned (einsat *solver, const signed char *values) {
  assert (SIZE_STACK (solver->emodel) > (size_t) solver->max_external);
  signed char *emodel = solver->emodel.begin;
  const unsigned *e2i = solver->e2i.begin;
  for (int eidx = 1; eidx <= solver->max_external; eidx++) {
    unsigned iidx1 = e2i[eidx];
    signed char value = iidx1 ? values[LIT (iidx1 - 1)] : 0;
    emodel[eidx] = iidx1 && !value ? -1 : value;
  }
}

/* Unassigned (eliminated) variables start out false; the extension
 * stack then flips the witnesses that are needed.  'values' per internal
 * literal: the solver's, or those of 'dpll.c'. */
void es_extend_values (einsat *solver, const signed char *values) {
  if (EMPTY_STACK (solver->extension)) {
    export_assigned (solver, values);
    return;
  }
  size_t lits = 2 * (size_t) solver->vars;
  signed char *extended = es_malloc (solver, lits ? lits : 1);
  for (size_t lit = 0; lit < lits; lit += 2) {
    signed char value = values[lit];
    if (!value)
      value = -1;
    extended[lit] = value;
    extended[lit + 1] = -value;
  }
  es_reconstruct (solver, extended);
  signed char *emodel = solver->emodel.begin;
  for (int eidx = 1; eidx <= solver->max_external; eidx++) {
    unsigned iidx1 = PEEK_STACK (solver->e2i, eidx);
    emodel[eidx] = iidx1 ? extended[LIT (iidx1 - 1)] : 0;
    assert (!iidx1 || emodel[eidx] == -extended[NOT (LIT (iidx1 - 1))]);
  }
  es_free (solver, extended, lits ? lits : 1);
}

void es_extend_model (einsat *solver) {
  es_extend_values (solver, solver->values);
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
  return es_check_model_atmosts (solver);
}
