/* Transitive reduction of the binary implication graph (Aho, Garey and
 * Ullman 1972; for SAT Van Gelder 2005, "Toward leaner binary-clause
 * reasoning in a satisfiability solver").  A binary clause (a | b) is the
 * pair of edges -a -> b and -b -> a.  If b is reachable from -a over the
 * other binary clauses, those clauses imply (a | b), which is removed:
 * fewer watches to visit, same propagation strength.
 *
 * An irredundant clause may only be removed because of a path of
 * irredundant clauses: redundant ones can disappear later (elimination
 * drops them), and then the irredundant formula would no longer imply the
 * removed clause.  A redundant clause may use any path.  The clause
 * itself (and any duplicate) is never part of its own path.
 *
 * If the search from -a reaches a, then -a implies a: a is a failed
 * literal and a unit, implied by reverse unit propagation over the binary
 * clauses of the path.
 *
 * The searches are depth-first and bounded by a ticks budget, a fraction
 * of the search ticks as for the other simplifiers.  Successive rounds
 * continue with the literal where the last one stopped. */

#include "internal.h"

enum reach { REACH_NONE, REACH_TARGET, REACH_FAILED };

/* Whether the edge 'from' -> 'to' belongs to the clause (NOT (source) |
 * target) being tested (either direction). */
static bool is_tested_clause (unsigned from, unsigned to, unsigned source,
                              unsigned target) {
  return (from == source && to == target) ||
         (from == NOT (target) && to == NOT (source));
}

static void unmark_visited (einsat *solver, unsigneds *visited) {
  signed char *marks = solver->marks;
  for (all_stack (unsigned, lit, *visited))
    marks[lit] = 0;
  CLEAR_STACK (*visited);
}

/* Depth-first search from 'source' for 'target' or NOT (source), given
 * up (as if nothing were reached) when the ticks exceed the budget: one
 * search can cover most of a dense implication graph, as after
 * hyper-binary resolution, and a budget checked only between literals
 * let single rounds run for seconds (bench/RESULTS.md, "Figures behind
 * comments"). */
static enum reach search_path (einsat *solver, unsigned source,
                               unsigned target, bool irredundant_only,
                               uint64_t *ticks, uint64_t budget) {
  signed char *marks = solver->marks;
  unsigneds *stack = &solver->minimize, *visited = &solver->analyzed;
  assert (EMPTY_STACK (*stack) && EMPTY_STACK (*visited));
  assert (!solver->level && !VALUE (source) && !VALUE (target));
  enum reach res = REACH_NONE;
  marks[source] = 1;
  PUSH_STACK (*visited, source);
  PUSH_STACK (*stack, source);
  while (res == REACH_NONE && !EMPTY_STACK (*stack) && *ticks < budget) {
    unsigned lit = POP_STACK (*stack);
    watches *ws = &WATCHES (NOT (lit));
    *ticks += 1 + (SIZE_WATCHES (*ws) * sizeof (watch) >> 6);
    for (all_watches (w, *ws)) {
      unsigned next = w.blit;
      if (!IS_BINARY (w) || marks[next] || VALUE (next))
        continue;
      if (irredundant_only && w.ref == REDUNDANT_BINARY)
        continue;
      if (is_tested_clause (lit, next, source, target))
        continue;
      if (next == target || next == NOT (source)) {
        res = next == target ? REACH_TARGET : REACH_FAILED;
        break;
      }
      marks[next] = 1;
      PUSH_STACK (*visited, next);
      PUSH_STACK (*stack, next);
    }
  }
  CLEAR_STACK (*stack);
  unmark_visited (solver, visited);
  return res;
}

/* LRAT hints for the unit: propagating its negation runs into a
 * conflict (the path of binary clauses found is one).  Returns false if
 * it does not (then the unit is not fixed). */
static bool derive_failed (einsat *solver, unsigned unit) {
  assert (!solver->level && !VALUE (unit));
  es_assign_decision (solver, NOT (unit));
  unsigned conflict = es_propagate (solver);
  if (conflict != INVALID)
    es_lrat_derive_from_conflict (solver, 1, &unit, conflict);
  es_backtrack (solver, 0);
  return conflict != INVALID;
}

/* Returns false if the formula became inconsistent. */
static bool assign_failed (einsat *solver, unsigned unit) {
  LOG ("transitive reduction: failed literal %s", LOGLIT (NOT (unit)));
  if (solver->lrat && !derive_failed (solver, unit))
    return true;
  return es_fix_failed_literal (solver, unit);
}

/* Tests the binary clauses (lit | other) with 'lit < other' watched by
 * 'lit'; returns false if the formula became inconsistent. */
static bool reduce_literal (einsat *solver, unsigned lit, uint64_t *ticks,
                            uint64_t budget) {
  watches *ws = &WATCHES (lit);
  size_t i = 0;
  while (i < SIZE_WATCHES (*ws) && !VALUE (lit) && *ticks < budget) {
    watch w = PEEK_WATCHES (*ws, i);
    if (!IS_BINARY (w) || w.blit < lit || VALUE (w.blit)) {
      i++;
      continue;
    }
    bool redundant = w.ref == REDUNDANT_BINARY;
    enum reach res = search_path (solver, NOT (lit), w.blit, !redundant,
                                  ticks, budget);
    if (res == REACH_FAILED)
      return assign_failed (solver, lit);
    if (res == REACH_NONE) {
      i++;
      continue;
    }
    LOGBINARY (lit, w.blit, "transitively reduced");
    INC (transitive_reductions);
    es_delete_binary (solver, redundant, lit, w.blit); /* shifts 'ws' */
  }
  return true;
}

static uint64_t transred_budget (einsat *solver) {
  return es_effort_with_base (solver, solver->last.ticks.transred,
                              GET_OPTION (transredeffort),
                              GET_OPTION (transredbaseeffort));
}

void es_transred (einsat *solver) {
  if (!es_clean_root (solver) ||
      !es_round_begins (solver, TECHNIQUE_transred,
                        &solver->last.ticks.transred))
    return;
  uint64_t budget = transred_budget (solver), ticks = 0;
  uint64_t start = STAT (ticks);
  unsigned lits = 2 * solver->vars;
  unsigned lit = solver->transred_next < lits ? solver->transred_next : 0;
  for (unsigned tested = 0; tested < lits; tested++) {
    if (ticks >= budget || es_terminating (solver))
      break;
    if (FLAGS (IDX (lit))->active && !VALUE (lit) &&
        !reduce_literal (solver, lit, &ticks, budget))
      break;
    if (++lit == lits)
      lit = 0;
  }
  solver->transred_next = lit;
  STAT (ticks) = start;
  solver->last.ticks.transred = STAT (ticks);
  es_round_ends (solver, TECHNIQUE_transred);
}
