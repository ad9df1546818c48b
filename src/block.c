/* Blocked clause elimination (Järvisalo, Biere and Heule 2010).  A clause
 * C is blocked on its literal l if every resolvent of C on l with a
 * clause containing NOT l is a tautology.  Removing C keeps the formula
 * satisfiable, and a model of the rest becomes a model with C by making
 * l true if C is false (the other clauses with NOT l stay satisfied:
 * each contains the negation of a literal of the false clause C).  So C
 * goes to the extension stack ('extend.c') with l as witness, exactly as
 * the clauses of an eliminated variable, and the variable of l is marked
 * as 'witness' so that it is restored if it shows up again in a clause,
 * an assumption, a freeze or a projection (Fazekas, Biere and Scholl
 * 2019: a removed clause needs to come back only if a new clause has the
 * negation of its witness).
 *
 * It runs at the start of an elimination, in dense mode on the occurrence
 * lists elimination uses.  Only irredundant clauses count: learned clauses
 * are consequences of the original formula, which stays satisfiable
 * together with them (inprocessing rules, Järvisalo, Heule and Biere
 * 2012).  Witnesses are never frozen, assumed, projected or internal
 * variables ('es_frozen'), as for elimination.  Effort is limited in
 * steps, a fraction of the search ticks; the next round continues with
 * the variable where the last one stopped.  Removing a clause is a
 * deletion in the proof. */

#include "internal.h"

/* Clauses with root-level assigned literals (units found just before by
 * substitution) are left to the next root-level simplification. */
static bool assigned_literal (einsat *solver, const occurrence *o,
                              unsigned lit) {
  unsigned binary[2], size;
  const unsigned *lits =
      es_occurrence_literals (solver, lit, o, binary, &size);
  for (unsigned i = 0; i < size; i++)
    if (VALUE (lits[i]))
      return true;
  return false;
}

/* Marks the literals of the candidate 'c' (with 'lit') or clears them. */
static void mark_candidate (einsat *solver, unsigned lit,
                            const occurrence *c, signed char mark) {
  unsigned binary[2], size;
  const unsigned *lits =
      es_occurrence_literals (solver, lit, c, binary, &size);
  for (unsigned i = 0; i < size; i++)
    solver->marks[lits[i]] = mark;
}

/* Is the resolvent of the marked clause with 'd' (with 'not_lit') a
 * tautology? */
static bool tautological (einsat *solver, unsigned not_lit,
                          const occurrence *d, uint64_t *steps) {
  unsigned binary[2], size;
  const unsigned *lits =
      es_occurrence_literals (solver, not_lit, d, binary, &size);
  *steps += size;
  for (unsigned i = 0; i < size; i++)
    if (lits[i] != not_lit && solver->marks[NOT (lits[i])])
      return true;
  return false;
}

static bool blocked (einsat *solver, unsigned lit, const occurrence *c,
                     occurrences *resolve_with, uint64_t *steps) {
  mark_candidate (solver, lit, c, 1);
  bool all = true;
  for (occurrence *d = resolve_with->begin; all && d != resolve_with->end;
       d++)
    all = tautological (solver, NOT (lit), d, steps);
  mark_candidate (solver, lit, c, 0);
  return all;
}

static bool candidate_clause (einsat *solver, unsigned lit,
                              const occurrence *c) {
  if (c->ref != INVALID) {
    clause *d = CLAUSE (c->ref);
    if (d->reason || d->size > (unsigned) GET_OPTION (blockclslim))
      return false;
  }
  return !assigned_literal (solver, c, lit);
}

static void remove_blocked (einsat *solver, unsigned lit,
                            const occurrence *c) {
  es_move_to_extension (solver, lit, c);
  FLAGS (IDX (lit))->witness = true;
  INC (blocked);
}

/* Finds the clauses blocked on 'lit' first and removes them after: the
 * check looks only at the clauses with NOT (lit), which removing clauses
 * with 'lit' does not change, and removing binary clauses changes the
 * watch lists gathered from. */
static void block_literal (einsat *solver, unsigned lit, uint64_t *steps) {
  assert (!VALUE (lit) && FLAGS (IDX (lit))->active);
  elimination *e = &solver->elimination;
  *steps += es_gather_occurrences (solver, NOT (lit), &e->neg);
  if (SIZE_STACK (e->neg) > (size_t) GET_OPTION (blockocclim))
    return;
  *steps += es_gather_occurrences (solver, lit, &e->pos);
  occurrence *q = e->pos.begin;
  for (all_stack (occurrence, c, e->pos))
    if (candidate_clause (solver, lit, &c) &&
        blocked (solver, lit, &c, &e->neg, steps))
      *q++ = c;
  e->pos.end = q;
  for (all_stack (occurrence, c, e->pos)) {
    LOG ("clause blocked on %s", LOGLIT (lit));
    remove_blocked (solver, lit, &c);
  }
}

static bool candidate_variable (einsat *solver, unsigned idx) {
  return FLAGS (idx)->active && !VALUE (LIT (idx)) &&
         !es_frozen (solver, idx);
}

static uint64_t blocking_budget (einsat *solver) {
  return es_effort_budget (solver, solver->last.ticks.eliminate,
                           GET_OPTION (blockeffort),
                           GET_OPTION (blockmineffort));
}

void es_block (einsat *solver) {
  assert (solver->dense && !solver->level);
  if (!solver->vars || solver->decide_callback)
    return; /* see 'es_restore_blocked' */
  if (!es_round_begins (solver, TECHNIQUE_block, 0))
    return; /* its budget is a share of elimination's ('schedule.c') */
  INC (blockings);
  uint64_t steps = 0, limit = blocking_budget (solver);
  unsigned idx = solver->block_next % solver->vars;
  for (unsigned tried = 0; tried < solver->vars; tried++) {
    if (steps > limit || es_terminating (solver))
      break;
    if (candidate_variable (solver, idx)) {
      block_literal (solver, LIT (idx), &steps);
      block_literal (solver, NOT (LIT (idx)), &steps);
    }
    idx = idx + 1 == solver->vars ? 0 : idx + 1;
  }
  solver->block_next = idx;
  CLEAR_STACK (solver->elimination.pos);
  CLEAR_STACK (solver->elimination.neg);
  es_round_ends (solver, TECHNIQUE_block);
}
