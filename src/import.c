/* Importing external DIMACS literals as internal literals.  Internal
 * variables are created densely on first use, so that sparse external
 * numbering (common with IPASIR users) costs nothing. */

#include "internal.h"

#include <stdlib.h>
#include <string.h>

void es_grow_external (einsat *solver, int idx) {
  size_t old = SIZE_STACK (solver->e2i);
  size_t needed = (size_t) idx + 1;
  assert (old < needed);
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
 * variable so that propagation never reallocates it.  'resized' counts
 * the arrays already at the new capacity, so that an allocation failure
 * in the middle leaves sizes that 'es_release_variables' frees exactly.
 * Both functions must list the arrays in the same order.  The room
 * beyond the variables is not initialized: each new variable zeroes its
 * own entries, so that the unused half of a doubled capacity costs no
 * memory (for 25 million variables, 1.8 GB).  The first allocation,
 * with the default allocator, comes zeroed from calloc instead
 * ('zeroed_capacity', until the arrays grow): new variables need not
 * write their entries, and entries that stay zero, such as the watch
 * lists of literals no clause watches, cost no memory at all (pages
 * that are only read are not backed).  'einsat_reserve' makes that
 * first allocation as large as the user's formula. */
#define PER_VARIABLE_ARRAYS \
  ARRAY (values, 2) \
  ARRAY (saved, 1) \
  ARRAY (target, 1) \
  ARRAY (best, 1) \
  ARRAY (assigned, 1) \
  ARRAY (flags, 1) \
  ARRAY (watches, 2) \
  ARRAY (trail, 1) \
  ARRAY (links, 1) \
  ARRAY (marks, 2) \
  ARRAY (scores.array, 1) \
  ARRAY (scores.score, 1) \
  ARRAY (scores.pos, 1)

static void resize_variables (einsat *solver, size_t new_capacity) {
  size_t old_capacity = solver->capacity;
  assert (old_capacity < new_capacity);
  solver->new_capacity = (unsigned) new_capacity;
  solver->resized = 0;
  bool zeroed = !old_capacity && solver->system_allocator;
#define ARRAY(NAME, FACTOR) \
  if (zeroed) \
    NEW_ARRAY (solver->NAME, FACTOR * new_capacity); \
  else \
    RESIZE_ARRAY (solver->NAME, FACTOR * old_capacity, \
                  FACTOR * new_capacity); \
  solver->resized++;
  PER_VARIABLE_ARRAYS
#undef ARRAY
  solver->capacity = (unsigned) new_capacity;
  solver->resized = 0;
  solver->zeroed_capacity = zeroed;
}

void es_enlarge_variables (einsat *solver, unsigned new_vars) {
  size_t old_capacity = solver->capacity;
  if (new_vars <= old_capacity)
    return;
  size_t new_capacity = old_capacity ? old_capacity : 16;
  while (new_capacity < new_vars)
    new_capacity *= 2;
  resize_variables (solver, new_capacity);
}

/* Room for exactly 'vars' variables. */
void es_reserve_variables (einsat *solver, unsigned vars) {
  if (vars > solver->capacity)
    resize_variables (solver, vars);
}

unsigned es_new_internal_variable (einsat *solver, int eidx) {
  if (solver->vars == EINSAT_MAX_VAR)
    es_fatal (solver, "too many variables");
  unsigned idx = solver->vars;
  es_enlarge_variables (solver, idx + 1);
  if (!solver->zeroed_capacity) {
#define ARRAY(NAME, FACTOR) \
    memset (solver->NAME + FACTOR * (size_t) idx, 0, \
            FACTOR * sizeof *solver->NAME);
    PER_VARIABLE_ARRAYS
#undef ARRAY
  }
  if (solver->scores.filled) /* else untouched (see 'es_fill_heap') */
    solver->scores.pos[idx] = INVALID;
  solver->vars = idx + 1;
  signed char phase = GET_OPTION (phase) ? 1 : -1;
  solver->saved[idx] = phase;
  solver->target[idx] = 0;
  solver->best[idx] = 0;
  solver->assigned[idx].reason = INVALID;
  solver->flags[idx].active = true;
  solver->active++;
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
  es_enlarge_external (solver, eidx);
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

/* As 'es_export_literal', but variables added by factoring have a number
 * above every external variable in DRAT proofs (see 'factor.c'). */
int es_proof_literal (const einsat *solver, unsigned ilit) {
  unsigned idx = IDX (ilit);
  int eidx = PEEK_STACK (solver->i2e, idx);
  if (!eidx && idx < SIZE_STACK (solver->proof_names))
    eidx = (int) PEEK_STACK (solver->proof_names, idx);
  return NEGATED (ilit) ? -eidx : eidx;
}

void es_release_variables (einsat *solver) {
  /* Only lists that exist: writing the empty ones would touch every page
   * of the array at the very end (see 'zeroed_capacity' above). */
  for (size_t lit = 0; lit < 2 * (size_t) solver->vars; lit++)
    if (solver->watches[lit].begin)
      RELEASE_WATCHES (solver->watches[lit]);
  unsigned arrays = 0;
#define ARRAY(NAME, FACTOR) \
  DELETE_ARRAY (solver->NAME, \
                FACTOR * (size_t) (arrays++ < solver->resized \
                                       ? solver->new_capacity \
                                       : solver->capacity));
  PER_VARIABLE_ARRAYS
#undef ARRAY
  solver->capacity = solver->resized = 0;
  solver->scores.size = 0;
  solver->scores.filled = false;
}
