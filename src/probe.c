/* Failed literal probing (Freeman 1995; Lynce and Marques-Silva 2003), at
 * the root level: a literal whose propagation leads to a conflict is
 * false, which adds a unit.  The unit is implied by reverse unit
 * propagation, so it goes to the proof directly.
 *
 * Probes are the roots of the binary implication graph: literals that
 * imply others through binary clauses but are not themselves implied by a
 * binary clause (probing an implied literal finds nothing its root would
 * not).  Literals probed without result are not probed again until new
 * units are found.  The effort is a fraction of the search ticks, and the
 * ticks spent here do not count for the search schedules; a round that
 * finds no failed literal makes the next ones sit out ('schedule.c').
 *
 * With option 'hbr' a probe propagates binary clauses first and adds
 * hyper-binary resolvents ('hyper.c'); after the probes come equivalent
 * literal substitution ('decompose.c') and transitive reduction
 * ('transred.c'), which remove the redundancy the resolvents bring. */

#include "internal.h"


bool es_probing (einsat *solver) {
  return GET_OPTION (probe) && STAT (conflicts) >= solver->limits.probe;
}

static bool has_binary_with (einsat *solver, unsigned lit) {
  for (all_watches (w, WATCHES (lit)))
    if (IS_BINARY (w))
      return true;
  return false;
}

/* 'lit' is a root if it occurs negated in binary clauses (it implies
 * something) but not positively (nothing implies it). */
static bool is_root (einsat *solver, unsigned lit) {
  return has_binary_with (solver, NOT (lit)) &&
         !has_binary_with (solver, lit);
}

static void schedule_probes (einsat *solver, unsigneds *probes) {
  CLEAR_STACK (*probes);
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    if (!FLAGS (idx)->active || VALUE (LIT (idx)))
      continue;
    for (unsigned sign = 0; sign < 2; sign++) {
      unsigned lit = LIT (idx) ^ sign;
      if (is_root (solver, lit))
        PUSH_STACK (*probes, lit);
    }
  }
}

/* With hyper-binary resolution the probe's implications form a tree
 * and the failed literal is the dominator of the conflict (see
 * 'hyper.c'), else the probe itself. */
static unsigned propagate_probe (einsat *solver, unsigned probe,
                                 unsigned *failed) {
  assert (solver->level == 1 && VALUE (probe) > 0);
  if (!GET_OPTION (hbr)) {
    *failed = probe;
    return es_propagate (solver);
  }
  unsigned conflict = es_propagate_hyper (solver);
  *failed = conflict == INVALID ? INVALID
                                : es_conflict_dominator (solver, conflict);
  return conflict;
}

/* The negation of a failed literal is implied by unit propagation (RUP),
 * so it goes to the proof as it is (the caller found the LRAT hints).
 * Returns false if the formula became inconsistent. */
bool es_fix_failed_literal (einsat *solver, unsigned unit) {
  assert (!solver->level && !VALUE (unit));
  LOG ("failed literal: %s is a unit", LOGLIT (unit));
  INC (failed_literals);
  es_proof_add (solver, 1, &unit);
  es_assign_unit (solver, unit);
  return es_propagate_root (solver);
}

/* Returns false if the formula became inconsistent. */
static bool probe_literal (einsat *solver, unsigned lit) {
  assert (!solver->level && !VALUE (lit) && FLAGS (IDX (lit))->active);
  es_assign_decision (solver, lit);
  unsigned failed;
  unsigned conflict = propagate_probe (solver, lit, &failed);
  if (conflict != INVALID) {
    assert (failed != INVALID && VALUE (failed) > 0 && LEVEL (failed) == 1);
    unsigned unit = NOT (failed);
    es_lrat_derive_from_conflict (solver, 1, &unit, conflict);
  }
  es_backtrack (solver, 0);
  if (conflict == INVALID)
    return true;
  LOG ("failed literal %s (probe %s)", LOGLIT (failed), LOGLIT (lit));
  return es_fix_failed_literal (solver, NOT (failed));
}

/* Congruence closure again, with the units and equivalences found since
 * the last one (as Kissat does in its probing rounds); its merges are
 * substituted with the others at the end of the round.  Its rounds here
 * and in elimination rounds share one schedule ('schedule.c'). */
static void repeat_congruence (einsat *solver) {
  if (GET_OPTION (congruencerepeat))
    es_congruence (solver);
}

static void probe_literals (einsat *solver) {
  if (!es_round_begins (solver, TECHNIQUE_probe, &solver->last.ticks.probe))
    return;
  uint64_t budget = es_effort_with_base (solver, solver->last.ticks.probe,
                                         GET_OPTION (probeeffort),
                                         GET_OPTION (probebaseeffort));
  uint64_t start = STAT (ticks);
  LOG ("probing round %" PRIu64 " with budget %" PRIu64, STAT (probings),
       budget);
  einsat_trace_callback *trace = solver->trace;
  solver->trace = 0;
  unsigneds *probes = &solver->probes;
  if (EMPTY_STACK (*probes) || STAT (fixed) > solver->last.fixed.probe)
    schedule_probes (solver, probes);
  solver->last.fixed.probe = STAT (fixed);
  while (!EMPTY_STACK (*probes) && STAT (ticks) - start < budget &&
         !es_terminating (solver)) {
    unsigned lit = POP_STACK (*probes);
    if (!FLAGS (IDX (lit))->active || VALUE (lit))
      continue;
    if (!probe_literal (solver, lit))
      break;
  }
  solver->trace = trace;
  STAT (ticks) = start;
  solver->last.ticks.probe = STAT (ticks);
  es_round_ends (solver, TECHNIQUE_probe);
}

void es_probe (einsat *solver) {
  INC (probings);
  solver->limits.probe =
      es_sqrt_limit (solver, GET_OPTION (probeint), STAT (probings));
  if (!es_clean_root (solver))
    return;
  TIMED (congruence, repeat_congruence (solver));
  if (solver->inconsistent)
    return;
  TIMED (probe, probe_literals (solver));
  if (!solver->inconsistent && GET_OPTION (decompose))
    TIMED (decompose, es_decompose (solver));
  if (!solver->inconsistent && GET_OPTION (transred))
    TIMED (transred, es_transred (solver));
  es_report_round (solver, 'p');
}
