/* Enumerating all models, projected on a set of variables, in one solver
 * without growing the user's formula.  Projected variables are decided
 * before the others, each time the best one by the heuristic of the
 * current mode, so after a model the projected decisions determine every
 * projected literal.  Two strategies (option 'enumerate'):
 *
 * Blocking clauses (0).  The projected literals that are implied by the
 * others (through reasons whose literals are all implied in the same
 * sense, or fixed by the root level or the assumptions) are left out of
 * the clause blocking the model: any model agreeing with the remaining
 * projected literals agrees on all of them.  With projected decisions
 * first these are about the projected decisions (decision-based
 * blocking, as in Toda and Soh's survey of all-solutions solvers), much
 * shorter than the negated model.  The blocking clause is learned like a
 * conflict clause: the solver jumps back and flips the literal of the
 * highest level.  Every blocking clause also contains the negation of a
 * fresh internal selector variable that is assumed during the
 * enumeration.  Afterwards the selector is fixed to false, which
 * satisfies every blocking clause and every clause learned from them
 * (they all contain the negated selector), and root-level simplification
 * removes them: the formula is the user's formula again.
 *
 * Backtracking (1).  One blocking clause per model makes propagation
 * slower with every model, which dominates when there are many.  Instead
 * the search is confined to a prefix of projected literals, kept as
 * assumptions after the user's, each flagged once flipped (the variable
 * flag 'flipped'; chronological
 * all-solutions search as in DPLL-style solvers).  After a model the
 * projected decisions above the prefix join it; then flipped entries are
 * popped from the top and the topmost unflipped one is flipped: its
 * subtree is exhausted.  The prefix levels are still on the trail, so
 * this is a backtrack by one level plus a new assumption.  When the
 * search refutes the prefix (an entry is falsified, or a conflict lies
 * on the prefix levels, see 'search.c'), everything agreeing with the
 * prefix up to that entry is exhausted and it is popped the same way;
 * the enumeration is complete when the prefix is empty.  (The refuted
 * entry is always the top one: below it, the prefix agrees with the last
 * model, so popping by the failed-assumption core would gain nothing.)
 * Backjumps stop at the prefix levels ('analyze.c'), and only clauses
 * implied by the formula are learned, so they may stay.
 *
 * Backtracking is the default: measured, it was never slower, also for
 * the limit 2 of uniqueness checks (where blocking leaves restarts free
 * to leave the subtree of the first model, which could matter when a
 * uniqueness proof is hard): 9x9 Sudoku batches with '--unique' ran 25%
 * faster, without the selector variable each blocking call leaves. */

#include "assign.h"

#include <stdlib.h>

/* The unassigned projected variable the heuristic likes best (a linear
 * scan: projections are small compared to the search per model). */
unsigned es_next_projected (einsat *solver) {
  unsigned best = INVALID;
  for (all_stack (unsigned, idx, solver->projected)) {
    if (solver->values[LIT (idx)])
      continue;
    if (best == INVALID ||
        (solver->stable ? solver->scores.score[idx] > solver->scores.score[best]
                        : solver->links[idx].stamp > solver->links[best].stamp))
      best = idx;
  }
  return best;
}

typedef struct enumeration {
  const int *project;
  int project_size;
  int64_t limit;
  einsat_model_callback *callback;
  void *data;
  int64_t models;
  int complete;
  unsigned base; /* user assumptions below the prefix */
} enumeration;

/* Known variables (after restoring, none is eliminated) take the short
 * way: a projection is imported at every call, and the general import
 * checks and enlarges the external tables per literal. */
static unsigned import_projected (einsat *solver, int eidx) {
  unsigned lit = es_find_literal (solver, eidx);
  return lit != INVALID ? lit : es_import_literal (solver, eidx);
}

/* A listed projection is imported per call, as the user's assumptions
 * are: it usually changes between calls (a Sudoku's candidates), and
 * comparing it with the last one would cost as much as importing it. */
static void import_listed (einsat *solver, enumeration *e) {
  solver->all_projected = 0;
  CLEAR_STACK (solver->projected);
  CLEAR_STACK (solver->projected_lits);
  int n = e->project_size;
  es_restore_external (solver, (size_t) n, e->project);
  RESERVE_STACK (solver->projected_lits, (size_t) n);
  RESERVE_STACK (solver->projected, (size_t) n);
  /* The stacks are reserved and not touched by an import, so their ends
   * stay in locals: stores through them could alias 'solver'. */
  unsigned *lits = solver->projected_lits.end, *vars = solver->projected.end;
  for (int i = 0; i < n; i++) {
    unsigned lit = import_projected (solver, abs (e->project[i]));
    *lits++ = lit;
    /* Without a branch: a variable twice in a projection is rare. */
    var_flags *f = FLAGS (IDX (lit));
    *vars = IDX (lit);
    vars += !f->projected;
    f->projected = true;
  }
  solver->projected_lits.end = lits;
  solver->projected.end = vars;
}

static void flag_projected (einsat *solver, bool projected) {
  for (all_stack (unsigned, idx, solver->projected))
    FLAGS (idx)->projected = projected;
}

/* The projection on all variables changes only when variables are
 * added, as an imported external variable keeps its internal one (also
 * when restored after elimination): the stacks keep the entries of the
 * last such call, and only the variables added since are imported. */
static void import_all (einsat *solver) {
  es_restore_all_external (solver);
  int known = solver->all_projected, n = solver->max_external;
  solver->all_projected = 0; /* until the entries are complete */
  RESIZE_STACK (solver->projected_lits, (size_t) known);
  RESIZE_STACK (solver->projected, (size_t) known);
  bool identity = !known || solver->projected_identity;
  for (int eidx = known + 1; eidx <= n; eidx++) {
    unsigned lit = import_projected (solver, eidx);
    PUSH_STACK (solver->projected_lits, lit);
    PUSH_STACK (solver->projected, IDX (lit));
    identity &= lit == LIT ((unsigned) eidx - 1);
  }
  solver->projected_identity = identity;
  solver->all_projected = n;
  /* Setting and clearing a flag per variable cost 3 % of a 17-clue
   * Sudoku batch, where all variables are external. */
  if (SIZE_STACK (solver->projected) == solver->vars)
    solver->projected_below = solver->vars;
  else
    flag_projected (solver, true);
}

static void import_projection (einsat *solver, enumeration *e) {
  if (e->project)
    import_listed (solver, e);
  else
    import_all (solver);
}

/* The stacks stay for the next call (see 'import_all'). */
static void reset_projection (einsat *solver) {
  if (solver->projected_below)
    solver->projected_below = 0;
  else
    flag_projected (solver, false);
  solver->projecting = false;
}

/* Projected variables are frozen (see 'eliminate.c'), so their values
 * are assigned: the model needs no extension, which would cost time
 * linear in the formula per model.  'values' are the solver's or those of
 * the search without learning ('dpll.c'). */
static int report_values (einsat *solver, enumeration *e,
                          const signed char *values) {
  if (GET_OPTION (check)) {
    es_extend_values (solver, values);
    if (!es_check_model (solver))
      es_fatal (solver, "internal error: enumerated model does not "
                        "satisfy the original clauses");
  }
  ints *model = &solver->projected_model;
  int n = e->project ? e->project_size : solver->max_external;
  CLEAR_STACK (*model);
  RESERVE_STACK (*model, (size_t) n + 1);
  const unsigned *lits = solver->projected_lits.begin;
  const int *project = e->project;
  int *out = model->end;
  /* Projected values are 1 or -1: multiplying needs no branch, and in a
   * puzzle most values are false, not all.  Unrolled on all variables,
   * where the loop overhead would be a third of the loop. */
  if (project) {
    for (int i = 0; i < n; i++) {
      assert (values[lits[i]]);
      out[i] = values[lits[i]] * abs (project[i]);
    }
  } else if (solver->projected_identity) {
    /* The usual case, as a loop the compiler vectorises: negating by
     * the sign, as a multiply by 1 or -1 would need SSE4.1. */
    for (int i = 0; i < n; i++) {
      assert (values[2 * i]);
      int sign = values[2 * i] >> 1; /* -1 if false, 0 if true */
      out[i] = ((i + 1) ^ sign) - sign;
    }
  } else {
#pragma GCC unroll 4
    for (int i = 0; i < n; i++) {
      assert (values[lits[i]]);
      out[i] = values[lits[i]] * (i + 1);
    }
  }
  out[n] = 0;
  model->end = out + n + 1;
  e->models++;
  return e->callback (e->data, model->begin);
}

static int report_model (einsat *solver, enumeration *e) {
  return report_values (solver, e, solver->values);
}

/* Is the true literal 'lit' implied by literals marked as implied?  The
 * mark is the 'removable' flag, which is free outside conflict analysis. */
static bool implied_by_marked (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  if (a->reason == INVALID)
    return false;
  if (a->binary)
    return VAR (a->reason)->removable;
  clause *c = CLAUSE (a->reason);
  for (all_literals_in_clause (other, c))
    if (other != lit && !VAR (other)->removable)
      return false;
  return true;
}

/* Builds the blocking clause in 'solver->learned' from the projected
 * literals that are not implied (one pass over the trail, which lists
 * every literal after its reason); returns false if there is none above
 * the assumption levels: then this model was the last one. */
static bool block_model (einsat *solver, unsigned selector) {
  unsigneds *lits = &solver->learned;
  CLEAR_STACK (*lits);
  unsigned assumptions = (unsigned) SIZE_STACK (solver->assumptions);
  for (unsigned pos = 0; pos < solver->trail_size; pos++) {
    unsigned lit = solver->trail[pos];
    assigned *a = VAR (lit);
    bool implied = a->level <= assumptions || implied_by_marked (solver, lit);
    if (!implied && es_projected (solver, IDX (lit))) {
      PUSH_STACK (*lits, NOT (lit));
      implied = true;
    }
    a->removable = implied;
  }
  for (unsigned pos = 0; pos < solver->trail_size; pos++)
    VAR (solver->trail[pos])->removable = false;
  if (EMPTY_STACK (*lits))
    return false;
  PUSH_STACK (*lits, NOT (selector));
  return true;
}

static void move_highest_level_to (einsat *solver, unsigned *lits,
                                   size_t size, size_t to) {
  size_t best = to;
  for (size_t i = to + 1; i < size; i++)
    if (LEVEL (lits[i]) > LEVEL (lits[best]))
      best = i;
  unsigned tmp = lits[to];
  lits[to] = lits[best];
  lits[best] = tmp;
}

/* If one literal has the highest level, the clause flips it one level
 * lower like a learned clause; if two share it, the solver backtracks
 * below that level and the clause just joins the formula. */
static void learn_blocking_clause (einsat *solver) {
  unsigneds *lits = &solver->learned;
  unsigned *begin = lits->begin;
  size_t size = SIZE_STACK (*lits);
  move_highest_level_to (solver, begin, size, 0);
  move_highest_level_to (solver, begin, size, 1);
  unsigned first = LEVEL (begin[0]), second = LEVEL (begin[1]);
  bool asserting = first > second;
  es_backtrack (solver, asserting ? second : first - 1);
  if (size == 2)
    es_new_binary (solver, false, begin[0], begin[1]);
  if (size == 2 && asserting)
    es_assign_binary (solver, begin[0], begin[1]);
  if (size > 2) {
    unsigned ref = es_new_clause (solver, false, 0, size, begin);
    if (asserting)
      es_assign_reason (solver, begin[0], ref, second);
  }
  CLEAR_STACK (*lits);
}

static bool enough (enumeration *e, int go_on) {
  return !go_on || (e->limit > 0 && e->models >= e->limit);
}

static void enumerate_blocking (einsat *solver, enumeration *e,
                                unsigned selector) {
  for (;;) {
    int res = es_search (solver);
    if (res == 20) {
      e->complete = 1;
      return;
    }
    if (res != 10)
      return;
    int go_on = report_model (solver, e);
    if (!block_model (solver, selector)) {
      e->complete = 1;
      return;
    }
    if (enough (e, go_on))
      return;
    learn_blocking_clause (solver);
  }
}

/* The projected decisions above the prefix join it, in level order (the
 * levels of the prefix are the assumption levels, so the new entries
 * keep the levels they have).  Projected variables are decided before
 * the others, so the first other decision ends them. */
static void extend_prefix (einsat *solver) {
  unsigneds *prefix = &solver->assumptions;
  for (unsigned level = (unsigned) SIZE_STACK (*prefix) + 1;
       level <= solver->level; level++) {
    unsigned decision = PEEK_STACK (solver->frames, level).decision;
    if (decision == INVALID || !es_projected (solver, IDX (decision)))
      break;
    assert (!FLAGS (IDX (decision))->flipped);
    PUSH_STACK (*prefix, decision);
  }
}

/* Pops prefix entries down to 'size' entries in all. */
static void pop_prefix (einsat *solver, size_t size) {
  unsigneds *prefix = &solver->assumptions;
  while (SIZE_STACK (*prefix) > size)
    FLAGS (IDX (POP_STACK (*prefix)))->flipped = false;
}

/* Everything agreeing with the prefix is exhausted: pops flipped entries
 * and flips the topmost unflipped one; returns false if none is left. */
static bool next_prefix (einsat *solver, enumeration *e) {
  unsigneds *prefix = &solver->assumptions;
  size_t size = SIZE_STACK (*prefix);
  while (size > e->base &&
         FLAGS (IDX (PEEK_STACK (*prefix, size - 1)))->flipped)
    size--;
  pop_prefix (solver, size);
  if (size == e->base)
    return false;
  unsigned lit = NOT (TOP_STACK (*prefix));
  TOP_STACK (*prefix) = lit;
  FLAGS (IDX (lit))->flipped = true;
  LOG ("flipped prefix entry %zu to %s", size - 1 - e->base, LOGLIT (lit));
  return true;
}

/* The search failed on the assumption of index 'solver->level' (see
 * 'decide.c'): its negation is implied by the assumptions below, so
 * everything agreeing with the prefix up to it is exhausted.  Returns
 * false if it is a user assumption or nothing is left. */
static bool refuted_prefix (einsat *solver, enumeration *e) {
  unsigned failed = solver->level;
  if (solver->inconsistent || failed < e->base)
    return false;
  pop_prefix (solver, failed + 1);
  return next_prefix (solver, e);
}

/* Reports a model of the search without learning; false to stop. */
static bool report_dpll_model (einsat *solver, void *data,
                               const signed char *values) {
  enumeration *e = data;
  return !enough (e, report_values (solver, e, values));
}

static void enumerate_backtracking (einsat *solver, enumeration *e) {
  e->base = (unsigned) SIZE_STACK (solver->assumptions);
  if (es_dpll_enumerate (solver, report_dpll_model, e, &e->complete) ==
      DPLL_STOPPED)
    return;
  /* Otherwise skipped, or handed over: the prefix is where it stopped. */
  for (;;) {
    /* The search never comes back to a subtree it left, so most clauses
     * learned there are dead weight, and their number grows with the
     * number of models: reductions keep their base interval. */
    es_limit_reduce_interval (solver);
    int res = es_search (solver);
    if (res == 20 && !refuted_prefix (solver, e)) {
      e->complete = 1;
      return;
    }
    if (res == 10) {
      int go_on = report_model (solver, e);
      extend_prefix (solver);
      if (!next_prefix (solver, e)) {
        e->complete = 1;
        return;
      }
      if (enough (e, go_on))
        return;
    } else if (res != 20)
      return;
    /* The prefix below the flipped entry stays on the trail. */
    es_backtrack (solver, (unsigned) SIZE_STACK (solver->assumptions) - 1);
  }
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
  bool backtrack = GET_OPTION (enumerate);
  unsigned selector = INVALID;
  CLEAR_STACK (solver->assumptions);
  if (!backtrack) {
    selector = LIT (es_new_internal_variable (solver, 0));
    PUSH_STACK (solver->assumptions, selector);
  }
  /* Assumptions first: they may use variables the projection covers. */
  es_import_assumptions (solver);
  import_projection (solver, e);
  solver->projecting = true;
  bool focused = es_enter_stable (solver);
  if (backtrack)
    enumerate_backtracking (solver, e);
  else
    enumerate_blocking (solver, e, selector);
  CLEAR_STACK (solver->learned);
  es_backtrack (solver, 0);
  es_reset_assumptions (solver);
  reset_projection (solver);
  if (focused)
    es_leave_stable (solver);
  if (selector != INVALID && !VALUE (selector))
    es_assign_unit (solver, NOT (selector));
  atomic_store (&solver->terminate_requested, 0);
}

static unsigned invalid_variable (int elit) {
  return !es_literal_in_range (elit) | (elit == 0);
}

/* Without an exit per variable, which a projection of a few hundred
 * variables per call (a Sudoku's candidates) would pay for each: the
 * compiler vectorises this loop. */
static bool valid_projection (const int *project, int size) {
  unsigned invalid = 0;
  for (int i = 0; i < size; i++)
    invalid |= invalid_variable (project[i]);
  return !invalid;
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
  if (GET_OPTION (threads) > 1) { /* refused, see 'portfolio.c' */
    es_set_error (solver, "enumeration with option 'threads' > 1 is not "
                          "supported");
    es_reset_assumptions (solver); /* consumed as by any enumeration */
    atomic_store (&solver->terminate_requested, 0);
    return -1;
  }
  if (solver->proof)
    es_fatal (solver, "einsat_enumerate: not possible while tracing a "
                      "proof");
  if (!callback)
    es_fatal (solver, "einsat_enumerate: model callback is NULL");
  if (project && !valid_projection (project, project_size))
    for (int i = 0; i < project_size; i++)
      if (invalid_variable (project[i]))
        es_fatal (solver,
                  "einsat_enumerate: invalid projection variable %d",
                  project[i]);
  enumeration e = {project, project_size, limit, callback, data, 0, 0, 0};
  bool ok = es_protect (solver, enumerate, &e);
  if (!ok)
    return -1;
  solver->state = STATE_READY;
  if (complete)
    *complete = e.complete;
  return e.models;
}
