/* Lucky assignments (as 'lucky' in CaDiCaL and Kissat): before the
 * search, six trivial assignments are tried, each decided literal by
 * literal with unit propagation:
 *
 *   - every variable false (or true), in the order of the variables,
 *     forwards or backwards;
 *   - for each clause in turn that is not satisfied yet, its first
 *     unassigned positive literal true, the remaining variables false
 *     ('positive Horn'), and the same with signs swapped.
 *
 * Crafted formulas (all-interval series, some planning and scheduling
 * encodings) are often satisfied by one of them, which search and local
 * search take much longer to find.  A strategy stops at its first
 * conflict without learning anything, so together they cost at most six
 * propagations of a whole assignment.  They run only if clauses were
 * added since the last attempt (clauses cannot be added during a solve
 * call, so at most once per call): the outcome on the same formula does
 * not change.
 *
 * Nothing is learned and nothing is added, so proofs are unaffected.
 * Calls with assumptions, enumeration, a decide callback, phase hints
 * ('einsat_phase') or the teaching trace are left alone: there the
 * decisions must follow the caller. */

#include "internal.h"

#include <string.h>

/* Decides 'lit' if it is unassigned and propagates; false on a conflict
 * or when the propagation limit stops propagation. */
static bool lucky_decide (einsat *solver, unsigned lit) {
  if (VALUE (lit))
    return true;
  es_assign_decision (solver, lit);
  return es_propagate_limited (solver) == INVALID &&
         solver->propagated == solver->trail_size;
}

static bool lucky_variable (einsat *solver, unsigned idx, bool positive) {
  if (!FLAGS (idx)->active)
    return true;
  unsigned lit = LIT (idx);
  return lucky_decide (solver, positive ? lit : NOT (lit));
}

static bool lucky_in_order (einsat *solver, bool backwards, bool positive) {
  unsigned vars = solver->vars;
  for (unsigned i = 0; i < vars; i++)
    if (!lucky_variable (solver, backwards ? vars - 1 - i : i, positive))
      return false;
  return true;
}

/* Makes a clause true by its first unassigned literal of the wanted sign;
 * false if it has none or the decision leads to a conflict. */
static bool lucky_satisfy (einsat *solver, unsigned size,
                           const unsigned *lits, bool positive) {
  unsigned choice = INVALID;
  for (unsigned i = 0; i < size; i++) {
    unsigned lit = lits[i];
    signed char value = VALUE (lit);
    if (value > 0)
      return true;
    if (!value && choice == INVALID && NEGATED (lit) != positive)
      choice = lit;
  }
  return choice != INVALID && lucky_decide (solver, choice);
}

static bool lucky_horn (einsat *solver, bool positive) {
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++)
    for (size_t i = 0; i < SIZE_WATCHES (WATCHES (lit)); i++) {
      /* Deciding may add watches to the list: index, not pointer. */
      watch w = PEEK_WATCHES (WATCHES (lit), i);
      if (w.ref != IRREDUNDANT_BINARY || w.blit < lit)
        continue;
      unsigned lits[2] = {lit, w.blit};
      if (!lucky_satisfy (solver, 2, lits, positive))
        return false;
    }
  for (size_t i = 0; i < SIZE_STACK (solver->irredundant); i++) {
    clause *c = CLAUSE (PEEK_STACK (solver->irredundant, i));
    if (!c->garbage && !lucky_satisfy (solver, c->size, c->lits, positive))
      return false;
  }
  return lucky_in_order (solver, false, !positive);
}

static bool run_strategy (einsat *solver, unsigned strategy) {
  switch (strategy) {
  case 0: return lucky_in_order (solver, false, false);
  case 1: return lucky_in_order (solver, false, true);
  case 2: return lucky_in_order (solver, true, false);
  case 3: return lucky_in_order (solver, true, true);
  case 4: return lucky_horn (solver, true);
  default: return lucky_horn (solver, false);
  }
}

#define LUCKY_STRATEGIES 6

/* The selector of symmetry breaking ('symmetry.c') is no caller's
 * assumption: an assignment satisfying the formula with its lex-leader
 * constraints satisfies the formula. */
static bool caller_assumptions (einsat *solver) {
  size_t assumptions = SIZE_STACK (solver->assumptions);
  return assumptions > (solver->symmetry_selector != INVALID);
}

bool es_lucky_due (einsat *solver) {
  return solver->last.originals.lucky != solver->originals &&
         ENABLED (lucky) && !caller_assumptions (solver) &&
         !solver->projecting && !solver->decide_callback &&
         !solver->phase_hinted && !solver->level;
}

/* Returns 10 with every active variable assigned if a strategy satisfies
 * the formula, 0 otherwise (back on the root level).  After failed
 * attempts the saved phases, which backtracking overwrote, are restored
 * and their ticks are not counted (ticks drive the schedules of the
 * inprocessing techniques).  The search still differs from one without
 * them: propagation has moved the watches of large clauses, which changes
 * the order of later propagations. */
int es_lucky (einsat *solver) {
  assert (es_lucky_due (solver));
  const uint64_t ticks = STAT (ticks);
  solver->last.originals.lucky = solver->originals;
  const size_t vars = solver->vars;
  RESERVE_STACK (solver->lucky_phases, vars + 1); /* never null */
  if (vars)
    memcpy (solver->lucky_phases.begin, solver->saved, vars);
  int res = 0;
  for (unsigned strategy = 0; !res && strategy < LUCKY_STRATEGIES;
       strategy++) {
    if (es_terminating (solver))
      break;
    INC (lucky_tries);
    LOG ("trying lucky strategy %u", strategy);
    if (run_strategy (solver, strategy)) {
      INC (lucky_models);
      LOG ("lucky strategy %u satisfies the formula", strategy);
      res = 10;
    } else
      es_backtrack (solver, 0);
  }
  if (!res && vars)
    memcpy (solver->saved, solver->lucky_phases.begin, vars);
  RELEASE_STACK (solver->lucky_phases);
  STAT (ticks) = ticks;
  return res;
}
