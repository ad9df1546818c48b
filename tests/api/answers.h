/* Checks of one incremental answer against the oracle's copy of the
 * formula: a model (every variable true or false, every clause,
 * constraint and assumption satisfied) and the failed assumptions of an
 * UNSAT answer (the formula is UNSAT under all assumptions and under the
 * failed ones alone).  Each returns what is wrong, or NULL. */

#ifndef EINSAT_TESTS_API_ANSWERS_H
#define EINSAT_TESTS_API_ANSWERS_H

#include "../common/oracle.h"
#include "einsat.h"

/* Where a random trace of calls is: its seed and step, for the report. */
typedef struct trace_state {
  const char *program;
  uint64_t seed;
  int step;
} trace_state;

/* Reports 'error' if there is one; false if there is. */
static inline bool check (trace_state *t, const char *error) {
  if (error)
    printf ("not ok %s seed %llu step %d: %s\n", t->program,
            (unsigned long long) t->seed, t->step, error);
  return !error;
}

static inline const char *model_error (const formula *f, einsat *solver,
                                       const int *assumed,
                                       int assumptions) {
  int model[ORACLE_MAX_VARS + 1] = {0};
  for (int v = 1; v <= f->vars; v++) {
    int value = einsat_val (solver, v);
    if (value != v && value != -v)
      return "einsat_val returned neither lit nor -lit";
    model[v] = value > 0 ? 1 : -1;
  }
  if (!oracle_check_model (f, model))
    return "model falsifies a clause or constraint";
  for (int i = 0; i < assumptions; i++) {
    int lit = assumed[i];
    if ((lit > 0) != (model[abs (lit)] > 0))
      return "model falsifies an assumption";
  }
  return 0;
}

static inline const char *failed_error (const formula *f, einsat *solver,
                                        const int *assumed,
                                        int assumptions) {
  uint32_t t_all = 0, f_all = 0, t_failed = 0, f_failed = 0;
  for (int i = 0; i < assumptions; i++) {
    int lit = assumed[i];
    uint32_t bit = 1u << (abs (lit) - 1);
    *(lit > 0 ? &t_all : &f_all) |= bit;
    if (einsat_failed (solver, lit))
      *(lit > 0 ? &t_failed : &f_failed) |= bit;
  }
  if (oracle_count (f, t_all, f_all, 1, 0))
    return "claimed UNSAT but satisfiable under assumptions";
  if ((t_failed & f_failed) && !(t_all & f_all))
    return "impossible failed set";
  if (oracle_count (f, t_failed, f_failed, 1, 0))
    return "failed assumptions do not suffice for UNSAT";
  return 0;
}

/* The check of a solve's result 'res' (10: the model, 20: the failed
 * assumptions; anything else is wrong by itself). */
static inline const char *answer_error (const formula *f, einsat *solver,
                                        int res, const int *assumed,
                                        int assumptions) {
  if (res == 10)
    return model_error (f, solver, assumed, assumptions);
  if (res == 20)
    return failed_error (f, solver, assumed, assumptions);
  return "solve returned neither 10 nor 20";
}

#endif
