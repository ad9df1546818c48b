/* Phases.  Besides the saved phase of each variable, the solver keeps the
 * target phases (the largest conflict-free assignment since the last
 * rephase) and the best phases (the largest since the last reset), as in
 * CaDiCaL's "rephasing" (Biere and Fleury 2020).  Decisions follow the
 * target phases in stable mode and, with 'target=2' (the default), in
 * focused mode too: that solved channel-routing and FPGA formulas which
 * focused mode with saved phases did not (bench/RESULTS.md).  Rephasing
 * periodically overwrites the saved phases by the best, original or
 * inverted phases, or by the result of a local search ('walk.c'), so
 * that the search does not stay trapped in one region. */

#include "internal.h"

#include <string.h>

static void copy_trail_phases (einsat *solver, signed char *phases,
                               unsigned size) {
  assert (size <= solver->trail_size);
  for (unsigned i = 0; i < size; i++) {
    unsigned lit = solver->trail[i];
    phases[IDX (lit)] = NEGATED (lit) ? -1 : 1;
  }
}

/* Called at a conflict before backtracking: every level below the
 * conflict level was propagated without conflict. */
void es_update_target_and_best (einsat *solver) {
  if (solver->level < 1)
    return;
  unsigned consistent = PEEK_STACK (solver->frames, solver->level).trail;
  int target = GET_OPTION (target);
  if ((target > 1 || (target && solver->stable)) &&
      consistent > solver->target_assigned) {
    copy_trail_phases (solver, solver->target, consistent);
    solver->target_assigned = consistent;
  }
  if (consistent > solver->best_assigned) {
    copy_trail_phases (solver, solver->best, consistent);
    solver->best_assigned = consistent;
  }
}

bool es_rephasing (einsat *solver) {
  return GET_OPTION (rephase) && STAT (conflicts) >= solver->limits.rephase;
}

static void set_phases (einsat *solver, signed char phase) {
  for (unsigned idx = 0; idx < solver->vars; idx++)
    solver->saved[idx] = phase;
}

static void use_best_phases (einsat *solver) {
  for (unsigned idx = 0; idx < solver->vars; idx++)
    if (solver->best[idx])
      solver->saved[idx] = solver->best[idx];
  solver->best_assigned = 0;
}

/* Random phases (as in CaDiCaL's rephasing) leave the region of the
 * search space the other phases keep returning to.  Each bit of a random
 * word gives one phase. */
static void use_random_phases (einsat *solver) {
  uint64_t bits = 0;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    if (!(idx & 63))
      bits = es_random (&solver->random);
    solver->saved[idx] = (bits >> (idx & 63)) & 1 ? 1 : -1;
  }
}

/* The schedule: best, original, best, inverted, repeated; with local
 * search ('walk.c') a walk follows each best rephase, as in Kissat,
 * unless walks sit out after walks that did not pay ('walk.c').  With
 * 'rephaserandom' a best and a random rephase end each cycle. */
static char rephase_type (einsat *solver, uint64_t count) {
  static const char *const cycles[2][2] = {{"BOBI", "BOBIB#"},
                                           {"BWOBWI", "BWOBWIBW#"}};
  const char *cycle =
      cycles[GET_OPTION (walk) != 0][GET_OPTION (rephaserandom) != 0];
  return cycle[count % strlen (cycle)];
}

void es_rephase (einsat *solver) {
  uint64_t count = STAT (rephased)++;
  signed char original = GET_OPTION (phase) ? 1 : -1;
  char type = rephase_type (solver, count);
  LOG ("rephase %" PRIu64 " of type '%c'", count + 1, type);
  switch (type) {
  case 'B':
    use_best_phases (solver);
    break;
  case 'W':
    if (es_round_begins (solver, TECHNIQUE_walk, &solver->last.ticks.walk)) {
      bool paid = false;
      TIMED (walk, paid = es_walk (solver));
      es_round_paid (solver, TECHNIQUE_walk, paid);
    }
    break;
  case 'O':
    set_phases (solver, original);
    break;
  case '#':
    use_random_phases (solver);
    break;
  default:
    assert (type == 'I');
    set_phases (solver, -original);
    break;
  }
  for (unsigned idx = 0; idx < solver->vars; idx++)
    solver->target[idx] = solver->saved[idx];
  solver->target_assigned = 0;
  solver->limits.rephase =
      es_linear_limit (solver, GET_OPTION (rephaseint), STAT (rephased));
  es_report_round (solver, type);
}
