/* Root-level simplification: once new units are fixed, clauses they
 * satisfy are deleted and the literals they falsify are removed from the
 * remaining clauses (each shortened clause is added to the proof before
 * the old one is deleted).  Runs at the root level only, then rebuilds
 * the watches, since shortened clauses may have lost watched literals. */

#include "internal.h"

#include <string.h>

bool es_simplifying (einsat *solver) {
  return STAT (fixed) > solver->last.fixed.simplify &&
         STAT (conflicts) >= solver->limits.simplify;
}

static void delete_binaries_of_fixed (einsat *solver) {
  for (unsigned i = 0; i < solver->trail_size; i++) {
    unsigned lit = solver->trail[i];
    assert (!LEVEL (lit));
    for (unsigned sign = 0; sign < 2; sign++) {
      unsigned watched = sign ? NOT (lit) : lit;
      watches *ws = &WATCHES (watched);
      for (watch *p = BEGIN_WATCHES (*ws); p != END_WATCHES (*ws); p++) {
        if (!IS_BINARY (*p))
          continue;
        unsigned lits[2] = {watched, p->blit};
        es_proof_delete (solver, 2, lits);
        es_remove_watch (solver, p->blit, (watch) {watched, p->ref});
        es_count_clause (solver, p->ref == REDUNDANT_BINARY, -1);
      }
      RELEASE_WATCHES (*ws);
    }
  }
}

static void shorten_clause (einsat *solver, clause *c) {
  assert (!solver->level && !c->garbage);
  LOGCLAUSE (REF (c), "removing root-level false literals of");
  uint64_t old_id = es_save_clause (solver, c);
  CLEAR_STACK (solver->lrat_chain);
  es_lrat_add_units (solver, c->size, c->lits);
  if (solver->lrat)
    PUSH_STACK (solver->lrat_chain, old_id);
  unsigned *q = c->lits;
  for (all_literals_in_clause (lit, c))
    if (!VALUE (lit))
      *q++ = lit;
  es_shorten_clause (solver, c, old_id, (unsigned) (q - c->lits));
}

static void simplify_clauses (einsat *solver, unsigneds *refs) {
  for (all_stack (unsigned, ref, *refs)) {
    clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    bool satisfied = false, falsified = false;
    for (all_literals_in_clause (lit, c)) {
      signed char value = VALUE (lit);
      if (value > 0)
        satisfied = true;
      else if (value < 0)
        falsified = true;
    }
    if (satisfied)
      es_mark_garbage (solver, c);
    else if (falsified)
      shorten_clause (solver, c);
  }
}

void es_simplify (einsat *solver) {
  es_backtrack (solver, 0);
  if (!es_propagate_root (solver))
    return;
  assert (!solver->dense);
  LOG ("simplifying with %" PRIu64 " new root-level units",
       STAT (fixed) - solver->last.fixed.simplify);
  INC (simplifications);
  delete_binaries_of_fixed (solver);
  simplify_clauses (solver, &solver->irredundant);
  simplify_clauses (solver, &solver->redundant);
  es_simplify_atmosts (solver);
  es_collect (solver);
  solver->last.fixed.simplify = STAT (fixed);
  solver->limits.simplify = STAT (conflicts) + 100;
}

/* Brings the solver to the root level with every unit propagated and
 * removed from the clauses, which the simplifiers rely on (for instance,
 * a clause whose watched literal is already false would never be visited
 * again).  Returns false if the formula became inconsistent. */
bool es_clean_root (einsat *solver) {
  es_backtrack (solver, 0);
  if (solver->inconsistent)
    return false;
  if (!es_propagate_root (solver))
    return false;
  if (STAT (fixed) > solver->last.fixed.simplify)
    es_simplify (solver);
  if (GET_OPTION (check) && !solver->inconsistent)
    es_check_propagated (solver);
  return !solver->inconsistent;
}

/* With option 'check': at the root level after complete propagation no
 * large clause may be falsified or unit (a missed propagation would make
 * the solver unsound).  Binary clauses are checked in the watch lists. */
void es_check_propagated (einsat *solver) {
  assert (!solver->level && solver->propagated == solver->trail_size);
  for (unsigned pass = 0; pass < 2; pass++) {
    unsigneds *refs = pass ? &solver->redundant : &solver->irredundant;
    for (all_stack (unsigned, ref, *refs)) {
      clause *c = CLAUSE (ref);
      if (c->garbage)
        continue;
      unsigned open = 0;
      bool satisfied = false;
      for (all_literals_in_clause (lit, c)) {
        satisfied |= VALUE (lit) > 0;
        open += !VALUE (lit);
      }
      if (!satisfied && open < 2)
        es_fatal (solver, "internal error: %s clause not propagated",
                  open ? "unit" : "falsified");
    }
  }
  for (size_t lit = 0; lit < 2 * (size_t) solver->vars; lit++)
    for (all_watches (w, solver->watches[lit]))
      if (IS_BINARY (w) && VALUE ((unsigned) lit) <= 0 &&
          VALUE (w.blit) <= 0 &&
          (VALUE ((unsigned) lit) < 0 || VALUE (w.blit) < 0))
        es_fatal (solver, "internal error: binary clause not propagated");
  es_check_atmosts_propagated (solver);
}
