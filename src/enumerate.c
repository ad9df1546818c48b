/* Enumerating all models, projected on a set of variables, in one solver
 * without growing the user's formula.
 *
 * The projected variables are decided before all others, so that after a
 * model is found the projected part of it is implied by the projected
 * decisions alone: the clause blocking it only needs their negations
 * (decision-based blocking, as in Toda and Soh's survey of all-solutions
 * solvers), which is much shorter than the negated model.  The blocking
 * clause is learned like a conflict clause: the solver jumps back to the
 * second highest level and flips the last projected decision.
 *
 * Every blocking clause also contains the negation of a fresh internal
 * selector variable that is assumed during the enumeration.  Afterwards
 * the selector is fixed to false, which satisfies every blocking clause
 * and every clause learned from them (they all contain the negated
 * selector), and root-level simplification removes them: the formula is
 * the user's formula again. */

#include "internal.h"

#include <stdlib.h>

unsigned es_next_projected (einsat *solver) {
  for (all_stack (unsigned, idx, solver->projected))
    if (!solver->values[LIT (idx)])
      return idx;
  return INVALID;
}

typedef struct enumeration {
  const int *project;
  int project_size;
  int64_t limit;
  einsat_model_callback *callback;
  void *data;
  int64_t models;
  int complete;
  ints values;
} enumeration;

static void import_projection (einsat *solver, enumeration *e) {
  CLEAR_STACK (solver->projected);
  int n = e->project ? e->project_size : solver->max_external;
  if (e->project)
    es_restore_external (solver, (size_t) n, e->project);
  else
    for (int eidx = 1; eidx <= n; eidx++)
      es_restore_external (solver, 1, &eidx);
  for (int i = 0; i < n; i++) {
    int elit = e->project ? abs (e->project[i]) : i + 1;
    unsigned idx = IDX (es_import_literal (solver, elit));
    var_flags *f = FLAGS (idx);
    if (f->projected)
      continue;
    f->projected = true;
    PUSH_STACK (solver->projected, idx);
  }
}

static void reset_projection (einsat *solver) {
  for (all_stack (unsigned, idx, solver->projected))
    FLAGS (idx)->projected = false;
  CLEAR_STACK (solver->projected);
  solver->projecting = false;
}

static int report_model (einsat *solver, enumeration *e) {
  es_extend_model (solver);
  if (GET_OPTION (check) && !es_check_model (solver))
    es_fatal (solver, "internal error: enumerated model does not satisfy "
                      "the original clauses");
  CLEAR_STACK (e->values);
  int n = e->project ? e->project_size : solver->max_external;
  for (int i = 0; i < n; i++) {
    int eidx = e->project ? abs (e->project[i]) : i + 1;
    signed char value = PEEK_STACK (solver->emodel, eidx);
    PUSH_STACK (e->values, value > 0 ? eidx : -eidx);
  }
  PUSH_STACK (e->values, 0);
  e->models++;
  return e->callback (e->data, e->values.begin);
}

/* Builds the blocking clause in 'solver->learned' with the literal of the
 * highest level first; returns false if no projected variable was
 * decided (then the model was the last one). */
static bool block_model (einsat *solver, unsigned selector) {
  unsigneds *lits = &solver->learned;
  CLEAR_STACK (*lits);
  unsigned assumptions = (unsigned) SIZE_STACK (solver->assumptions);
  for (unsigned level = solver->level; level > assumptions; level--) {
    unsigned decision = PEEK_STACK (solver->frames, level).decision;
    if (decision != INVALID && FLAGS (IDX (decision))->projected)
      PUSH_STACK (*lits, NOT (decision));
  }
  if (EMPTY_STACK (*lits))
    return false;
  PUSH_STACK (*lits, NOT (selector));
  return true;
}

static void learn_blocking_clause (einsat *solver) {
  unsigneds *lits = &solver->learned;
  unsigned *begin = lits->begin;
  size_t size = SIZE_STACK (*lits);
  unsigned jump = 0;
  size_t second = 1;
  for (size_t i = 1; i < size; i++)
    if (LEVEL (begin[i]) > jump)
      jump = LEVEL (begin[i]), second = i;
  unsigned tmp = begin[1];
  begin[1] = begin[second];
  begin[second] = tmp;
  es_backtrack (solver, jump);
  if (size == 2) {
    es_new_binary (solver, false, begin[0], begin[1]);
    es_assign_binary (solver, begin[0], begin[1]);
  } else {
    unsigned ref = es_new_clause (solver, false, 0, size, begin);
    es_assign_reason (solver, begin[0], ref);
  }
  CLEAR_STACK (*lits);
}

static void enumerate (einsat *solver, void *arg) {
  enumeration *e = arg;
  es_init_schedules (solver);
  es_init_search_limits (solver);
  es_reset_failed (solver);
  es_backtrack (solver, 0);
  if (solver->inconsistent) {
    e->complete = 1;
    return;
  }
  unsigned selector = LIT (es_new_internal_variable (solver, 0));
  CLEAR_STACK (solver->assumptions);
  PUSH_STACK (solver->assumptions, selector);
  /* Assumptions first: they may use variables the projection covers. */
  es_import_assumptions (solver);
  import_projection (solver, e);
  solver->projecting = true;
  for (;;) {
    int res = es_search (solver);
    if (res == 20) {
      e->complete = 1;
      break;
    }
    if (res != 10)
      break;
    int go_on = report_model (solver, e);
    if (!block_model (solver, selector)) {
      e->complete = 1;
      break;
    }
    if (!go_on || (e->limit > 0 && e->models >= e->limit))
      break;
    learn_blocking_clause (solver);
  }
  CLEAR_STACK (solver->learned);
  es_backtrack (solver, 0);
  es_reset_assumptions (solver);
  reset_projection (solver);
  if (!VALUE (selector))
    es_assign_unit (solver, NOT (selector));
  atomic_store (&solver->terminate_requested, 0);
}

int64_t einsat_enumerate (einsat *solver, const int *project,
                          int project_size, int64_t limit,
                          einsat_model_callback *callback, void *data,
                          int *complete) {
  es_require_ready (solver, "einsat_enumerate");
  if (complete)
    *complete = 0;
  if (solver->state == STATE_INVALID)
    return -1;
  if (solver->proof)
    es_fatal (solver, "einsat_enumerate: not possible while tracing a "
                      "proof");
  if (!callback)
    es_fatal (solver, "einsat_enumerate: model callback is NULL");
  for (int i = 0; project && i < project_size; i++)
    if (!project[i] || abs (project[i]) > EINSAT_MAX_VAR)
      es_fatal (solver, "einsat_enumerate: invalid projection variable %d",
                project[i]);
  enumeration e = {project, project_size, limit, callback, data, 0, 0,
                   {0, 0, 0}};
  bool ok = es_protect (solver, enumerate, &e);
  RELEASE_STACK (e.values);
  if (!ok)
    return -1;
  solver->state = STATE_READY;
  if (complete)
    *complete = e.complete;
  return e.models;
}
