/* Importing external DIMACS literals as internal literals.  Internal
 * variables are created densely on first use, so that sparse external
 * numbering (common with IPASIR users) costs nothing. */

#include "internal.h"

#include <stdlib.h>
#include <string.h>

static void enlarge_external (einsat *solver, int idx) {
  size_t old = SIZE_STACK (solver->e2i);
  size_t needed = (size_t) idx + 1;
  if (old >= needed)
    return;
  RESERVE_STACK (solver->e2i, needed);
  RESERVE_STACK (solver->frozen, needed);
  RESERVE_STACK (solver->emodel, needed);
  for (size_t i = old; i < needed; i++) {
    PUSH_STACK (solver->e2i, 0);
    PUSH_STACK (solver->frozen, 0);
    PUSH_STACK (solver->emodel, 0);
  }
  if (idx > solver->max_external)
    solver->max_external = idx;
}

/* Per variable arrays grow together.  The trail has room for every
 * variable so that propagation never reallocates it. */
void es_enlarge_variables (einsat *solver, unsigned new_vars) {
  unsigned old_capacity = solver->capacity;
  if (new_vars <= old_capacity)
    return;
  unsigned new_capacity = old_capacity ? old_capacity : 16;
  while (new_capacity < new_vars)
    new_capacity *= 2;
  RESIZE_ARRAY (solver->values, 2 * (size_t) old_capacity,
                2 * (size_t) new_capacity);
  RESIZE_ARRAY (solver->saved, old_capacity, new_capacity);
  RESIZE_ARRAY (solver->target, old_capacity, new_capacity);
  RESIZE_ARRAY (solver->best, old_capacity, new_capacity);
  RESIZE_ARRAY (solver->assigned, old_capacity, new_capacity);
  RESIZE_ARRAY (solver->flags, old_capacity, new_capacity);
  RESIZE_ARRAY (solver->watches, 2 * (size_t) old_capacity,
                2 * (size_t) new_capacity);
  RESIZE_ARRAY (solver->trail, old_capacity, new_capacity);
  RESIZE_ARRAY (solver->links, old_capacity, new_capacity);
  es_heap_enlarge (solver, &solver->scores, old_capacity, new_capacity);
  solver->capacity = new_capacity;
}

unsigned es_new_internal_variable (einsat *solver, int eidx) {
  if (solver->vars == EINSAT_MAX_VAR)
    es_fatal (solver, "too many variables");
  unsigned idx = solver->vars;
  es_enlarge_variables (solver, idx + 1);
  solver->vars = idx + 1;
  signed char phase = GET_OPTION (phase) ? 1 : -1;
  solver->saved[idx] = phase;
  solver->target[idx] = 0;
  solver->best[idx] = 0;
  solver->assigned[idx].reason = INVALID;
  solver->flags[idx].active = true;
  solver->active++;
  solver->unassigned++;
  INC (variables);
  es_queue_enqueue (solver, idx);
  es_heap_push (solver, &solver->scores, idx);
  PUSH_STACK (solver->i2e, eidx);
  LOG ("new internal variable %u for external %d", idx, eidx);
  return idx;
}

unsigned es_import_literal (einsat *solver, int elit) {
  assert (elit && elit != INT_MIN);
  int eidx = abs (elit);
  assert (eidx <= EINSAT_MAX_VAR);
  enlarge_external (solver, eidx);
  unsigned iidx1 = PEEK_STACK (solver->e2i, eidx);
  if (!iidx1) {
    iidx1 = es_new_internal_variable (solver, eidx) + 1;
    POKE_STACK (solver->e2i, eidx, iidx1);
  }
  unsigned lit = LIT (iidx1 - 1);
  return elit < 0 ? NOT (lit) : lit;
}

int es_export_literal (const einsat *solver, unsigned ilit) {
  int eidx = PEEK_STACK (solver->i2e, IDX (ilit));
  return NEGATED (ilit) ? -eidx : eidx;
}

void es_release_variables (einsat *solver) {
  unsigned capacity = solver->capacity;
  for (size_t lit = 0; lit < 2 * (size_t) solver->vars; lit++)
    RELEASE_STACK (solver->watches[lit]);
  DELETE_ARRAY (solver->values, 2 * (size_t) capacity);
  DELETE_ARRAY (solver->saved, capacity);
  DELETE_ARRAY (solver->target, capacity);
  DELETE_ARRAY (solver->best, capacity);
  DELETE_ARRAY (solver->assigned, capacity);
  DELETE_ARRAY (solver->flags, capacity);
  DELETE_ARRAY (solver->watches, 2 * (size_t) capacity);
  DELETE_ARRAY (solver->trail, capacity);
  DELETE_ARRAY (solver->links, capacity);
  es_heap_release (solver, &solver->scores, capacity);
  solver->capacity = 0;
  RELEASE_STACK (solver->e2i);
  RELEASE_STACK (solver->i2e);
  RELEASE_STACK (solver->frozen);
  RELEASE_STACK (solver->emodel);
}
