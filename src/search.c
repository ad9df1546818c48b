/* The CDCL search loop and the solve entry point.  Each iteration
 * propagates (unit propagation, then the Gauss-Jordan matrix if there is
 * one) and analyzes a conflict, or stops at a limit or on request, or
 * runs the first scheduled task that is due, in this order: lucky
 * assignments, restart, rephase (with local search), reduction,
 * reordering of the decisions, mode switch, root-level simplification,
 * elimination (with substitution, Gaussian elimination, counting,
 * congruence closure, subsumption,
 * factoring and blocked clauses), probing (with congruence closure,
 * substitution and transitive reduction), vivification, the initial
 * local search; or it decides. */

#include "internal.h"

#include <math.h>

static bool limit_hit (einsat *solver) {
  search_limits *l = &solver->search_limits;
  if (l->conflicts >= 0 &&
      STAT (conflicts) - l->conflicts_start >= (uint64_t) l->conflicts)
    return true;
  if (l->decisions >= 0 &&
      STAT (decisions) - l->decisions_start >= (uint64_t) l->decisions)
    return true;
  /* The search stops exactly at the propagation limit (see
   * 'es_propagate_limited'); this catches inprocessing, which propagates
   * without the limit, at its next check once it went past. */
  if (l->propagations >= 0 && STAT (propagations) -
                                      l->propagations_start >
                                  (uint64_t) l->propagations)
    return true;
  return false;
}

/* The callback and the clock are consulted every 16 calls only: both
 * may be much more expensive than a decision. */
bool es_terminating (einsat *solver) {
  if (atomic_load_explicit (&solver->terminate_requested,
                            memory_order_relaxed))
    return true;
  if (limit_hit (solver))
    return true;
  if (solver->terminate_countdown--)
    return false;
  solver->terminate_countdown = 15;
  if (solver->terminate_callback &&
      solver->terminate_callback (solver->terminate_data)) {
    atomic_store (&solver->terminate_requested, 1);
    return true;
  }
  search_limits *l = &solver->search_limits;
  if (l->seconds >= 0 && es_process_time () - l->time_start >= l->seconds)
    return true;
  return false;
}

void es_init_search_limits (einsat *solver) {
  search_limits *l = &solver->search_limits;
  l->conflicts_start = STAT (conflicts);
  l->decisions_start = STAT (decisions);
  l->propagations_start = STAT (propagations);
  if (l->seconds >= 0) /* a system call: only when needed */
    l->time_start = es_process_time ();
  solver->terminate_countdown = 0;
}

static bool propagation_budget_spent (einsat *solver) {
  const search_limits *l = &solver->search_limits;
  return l->propagations >= 0 && STAT (propagations) -
                                         l->propagations_start >=
                                     (uint64_t) l->propagations;
}

/* While enumerating, a conflict on the levels of the assumptions refutes
 * them up to the previous level, which is all the enumeration needs (see
 * 'enumerate.c'): learning the clause and jumping back would only make
 * the solver assume the same literals again before giving up on them. */
static bool refutes_assumptions (einsat *solver) {
  if (!solver->projecting || !solver->level ||
      solver->level > SIZE_STACK (solver->assumptions))
    return false;
  INC (conflicts);
  es_backtrack (solver, solver->level - 1);
  return true;
}

/* The rarer scheduled tasks, in the order they are tried: whether each
 * is due, and how it runs. */
typedef struct task {
  bool (*due) (einsat *);
  void (*run) (einsat *);
  int timer; /* NO_TIMER: the task times its parts (or is cheap) */
} task;

static const task tasks[] = {
    {es_rephasing, es_rephase, NO_TIMER},
    {es_reducing, es_reduce, TIMER_reduce},
    {es_reordering, es_reorder, TIMER_reorder},
    {es_switching_mode, es_switch_mode, NO_TIMER},
    {es_simplifying, es_simplify, TIMER_simplify},
    {es_eliminating, es_eliminate, NO_TIMER},
    {es_probing, es_probe, NO_TIMER},
    {es_vivifying, es_vivify, TIMER_vivify},
    {es_walking_initially, es_walk_initially, NO_TIMER},
};

/* Runs the first task that is due; returns false if none is. */
static bool run_due_task (einsat *solver) {
  for (const task *t = tasks; t != tasks + sizeof tasks / sizeof *tasks;
       t++)
    if (t->due (solver)) {
      double start = t->timer == NO_TIMER ? 0 : es_thread_time ();
      t->run (solver);
      if (t->timer != NO_TIMER)
        solver->profile[t->timer] += es_thread_time () - start;
      return true;
    }
  return false;
}

int es_search (einsat *solver) {
  for (;;) {
    /* Checked first: inprocessing may have derived the empty clause from
     * a root-level conflict that propagation would find again. */
    if (solver->inconsistent)
      return 20;
    unsigned conflict = es_propagate_limited (solver);
    if (conflict == INVALID && solver->propagated < solver->trail_size)
      return 0; /* the propagation limit is reached */
    if (conflict == INVALID && solver->xmatrix && ENABLED (gaussjordan)) {
      unsigned trail = solver->trail_size;
      conflict = es_propagate_gauss_jordan (solver);
      if (conflict == INVALID && solver->trail_size > trail)
        continue; /* unit propagation first */
    }
    if (conflict != INVALID) {
      if (refutes_assumptions (solver))
        return 20;
      if (!es_analyze (solver, conflict))
        return 20;
      if (!(STAT (conflicts) & (STAT (conflicts) - 1)))
        CHECK_INVARIANTS (); /* at exponentially spaced conflicts */
      if (STAT (conflicts) >= solver->limits.report)
        es_report (solver, ' ');
      if (limit_hit (solver))
        return 0;
    } else if (es_terminating (solver))
      return 0;
    else if (es_synchronizing (solver))
      solver->share.synchronize (solver->share.synchronize_data);
    else if (es_turn_over (solver))
      solver->share.take_turns (solver->share.take_turns_data);
    else if (es_importing (solver))
      es_import_clauses (solver, true);
    else if (propagation_budget_spent (solver)) {
      /* Only deciding can still finish without propagating. */
      int res = es_decide (solver);
      if (res)
        return res;
    } else if (es_lucky_due (solver)) {
      int lucky;
      TIMED (lucky, lucky = es_lucky (solver));
      if (lucky)
        return 10;
    } else if (es_restarting (solver))
      es_restart (solver);
    else if (run_due_task (solver))
      CHECK_INVARIANTS ();
    else {
      int res = es_decide (solver);
      if (res)
        return res;
    }
  }
}

void es_import_assumptions (einsat *solver) {
  assert (!solver->level);
  if (solver->decide_callback)
    es_restore_blocked (solver);
  es_restore_external (solver, SIZE_STACK (solver->eassumptions),
                       solver->eassumptions.begin);
  for (all_stack (int, elit, solver->eassumptions)) {
    /* Known variables take the short way (after restoring, none is
     * eliminated): assumptions are imported at every call. */
    unsigned lit = es_find_literal (solver, elit);
    if (lit == INVALID)
      lit = es_import_literal (solver, elit);
    FLAGS (IDX (lit))->assumed = true;
    PUSH_STACK (solver->assumptions, lit);
  }
}

void es_reset_assumptions (einsat *solver) {
  for (all_stack (unsigned, lit, solver->assumptions)) {
    var_flags *f = FLAGS (IDX (lit));
    f->assumed = f->flipped = false;
  }
  CLEAR_STACK (solver->assumptions);
  CLEAR_STACK (solver->eassumptions);
}

void es_reset_failed (einsat *solver) {
  for (all_stack (unsigned, idx, solver->failed))
    FLAGS (idx)->failed = false;
  CLEAR_STACK (solver->failed);
}

int es_solve (einsat *solver) {
  assert (!solver->dense && !solver->projecting);
  INC (solves);
  es_init_schedules (solver);
  if (GET_OPTION (shuffle) && !solver->shuffled) {
    solver->shuffled = true;
    es_shuffle (solver);
  }
  es_lrat_start (solver);
  es_init_search_limits (solver);
  es_reset_failed (solver);
  es_backtrack (solver, 0);
  CLEAR_STACK (solver->assumptions);
  es_import_assumptions (solver);
  es_import_clauses (solver, false);
  TIMED (symmetry, es_break_symmetries (solver));
  if (!GET_OPTION (eliminate))
    TIMED (gaussjordan, es_build_gauss_jordan_without_elimination (solver));
  es_limit_reduce_interval (solver);
  CHECK_INVARIANTS ();
  bool threads = GET_OPTION (threads) > 1;
  int res = threads && es_portfolio_refuses (solver) ? EINSAT_ERROR
            : solver->inconsistent                 ? 20
            : threads ? es_portfolio_search (solver)
                      : es_search (solver);
  assert (res == EINSAT_ERROR || res == 0 || res == 10 || res == 20);
  LOG ("search returns %d", res);
  if (res == 10) {
    es_extend_model (solver);
    if (GET_OPTION (check) && !es_check_model (solver))
      es_fatal (solver, "internal error: model does not satisfy the "
                        "original clauses");
  }
  es_backtrack (solver, 0);
  es_export_units (solver);
  es_reset_assumptions (solver);
  es_end_symmetry_breaking (solver);
  CHECK_INVARIANTS ();
  solver->phase_hinted = false;
  atomic_store (&solver->terminate_requested, 0);
  es_report (solver, res == 10 ? '1' : res == 20 ? '0' : '?');
  es_proof_flush (solver);
  return res;
}
