/* Alternating between focused mode (VMTF, frequent glue-based restarts:
 * good at finding refutations quickly) and stable mode (EVSIDS, target
 * phases, rare restarts: good for satisfiable instances), as introduced
 * by Oh (2015) and refined in CaDiCaL and Kissat.
 *
 * The first focused phase lasts 'modeinit' conflicts.  Its length in
 * ticks is the unit for all later phases: phase k lasts that many ticks
 * times (k/2 + 1)^2, and the phases grow quadratically.  Ticks keep
 * the schedule deterministic.  Stable phases last 'modestable' per cent
 * of that (400: four times the ticks of the focused phase around them).
 * With equal shares, as Kissat gives them, einsat needed many more
 * conflicts than with stable mode alone on random 3-SAT UNSAT formulas
 * and on factoring circuits; four times the ticks for stable mode paid
 * on fresh formulas of every generated family but van der Waerden and
 * multiplier miters.  A share measured by the search itself would be
 * better, but neither conflicts per tick nor the glue of the learned
 * clauses in each mode predicted which mode pays on the families
 * measured (bench/RESULTS.md, "The search schedule").
 *
 * Enumeration runs in stable mode and pauses the schedule: its search is
 * exhaustive below the assumptions, where focused mode's restarts gain
 * little, and it needed fewer conflicts in stable mode on every family
 * measured, with both strategies of 'enumerate.c' (bench/RESULTS.md,
 * "Figures behind comments"). */

#include "internal.h"

void es_init_mode (einsat *solver) {
  solver->stable = GET_OPTION (stable) == 2;
  if (solver->stable)
    es_fill_heap (solver, &solver->scores);
  solver->limits.mode.conflicts = (uint64_t) GET_OPTION (modeinit);
  solver->last.ticks.mode = STAT (ticks);
  es_init_reluctant (solver);
}

bool es_switching_mode (einsat *solver) {
  if (GET_OPTION (stable) != 1 || solver->projecting)
    return false;
  if (!STAT (mode_switches))
    return STAT (conflicts) >= solver->limits.mode.conflicts;
  return STAT (ticks) >= solver->limits.mode.ticks;
}

void es_switch_mode (einsat *solver) {
  assert (GET_OPTION (stable) == 1 && !solver->projecting);
  uint64_t switches = ++STAT (mode_switches);
  limits *l = &solver->limits;
  if (switches == 1) {
    l->mode.unit = STAT (ticks) - solver->last.ticks.mode;
    if (!l->mode.unit)
      l->mode.unit = 1;
  }
  uint64_t factor = switches / 2 + 1;
  uint64_t length = factor * factor * l->mode.unit;
  if (!solver->stable) /* entering stable mode */
    length = length / 100 * (uint64_t) GET_OPTION (modestable) +
             length % 100 * (uint64_t) GET_OPTION (modestable) / 100;
  l->mode.ticks = STAT (ticks) + length;
  LOG ("next mode switch after %" PRIu64 " ticks", length);
  if (solver->stable)
    es_bandit_stop (solver);
  solver->stable = !solver->stable;
  solver->last.ticks.mode = STAT (ticks);
  LOG ("switching to %s mode", solver->stable ? "stable" : "focused");
  es_backtrack (solver, (unsigned) SIZE_STACK (solver->assumptions));
  if (solver->stable)
    es_fill_heap (solver, &solver->scores);
  es_init_reluctant (solver);
  es_set_restart_limit (solver);
  if (!solver->stable)
    solver->queue.search = solver->queue.last;
  es_bandit_select (solver);
  es_report (solver, solver->stable ? '[' : '{');
}

/* For the enumeration: returns true if the mode was focused (unless the
 * options allow focused mode only); 'es_leave_stable' goes back. */
bool es_enter_stable (einsat *solver) {
  if (solver->stable || !GET_OPTION (stable))
    return false;
  solver->stable = true;
  es_fill_heap (solver, &solver->scores);
  es_init_reluctant (solver);
  return true;
}

void es_leave_stable (einsat *solver) {
  assert (solver->stable);
  solver->stable = false;
  es_set_restart_limit (solver);
  solver->queue.search = solver->queue.last;
}
