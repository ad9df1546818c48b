#ifndef MODEL_H_INCLUDED
#define MODEL_H_INCLUDED

/* Checking a model against clauses given as one array of literals, each
 * clause ended by 0 (the DIMACS order). */

#include "einsat.h"

#include <stdbool.h>
#include <stddef.h>

static inline bool model_satisfies_clauses (einsat *solver, const int *lits,
                                            size_t size) {
  bool satisfied = false;
  for (size_t i = 0; i < size; i++) {
    int lit = lits[i];
    if (!lit) {
      if (!satisfied)
        return false;
      satisfied = false;
    } else if (einsat_val (solver, lit) == lit)
      satisfied = true;
  }
  return true;
}

#endif
