/* Propagation of a probe with hyper-binary resolution (Bacchus 2002;
 * Gershman and Strichman 2005; Heule, Jarvisalo and Biere 2013,
 * "Revisiting hyper binary resolution").
 *
 * Binary clauses are propagated before large ones, so that the literals
 * implied by the probe form a tree: each has one parent, the true literal
 * of its binary reason.  When a large clause implies a literal 'l', the
 * negations of its false literals have a closest common ancestor 'd' in
 * that tree (their dominator), and 'd' alone implies 'l' by unit
 * propagation.  The hyper-binary resolvent (-d | l) is added as a
 * redundant clause (it is RUP, so it goes to the proof as is) and becomes
 * the reason of 'l', which keeps the tree a tree.  Next time 'd' implies
 * 'l' in one step; transitive reduction ('transred.c') removes the
 * resolvents that turn out to be implied by other binary clauses.  If
 * -d is in the clause, the resolvent subsumes it, and a learned clause
 * goes at once (it is no reason: 'l' has the resolvent as reason).
 *
 * The same tree gives more units for failed literals: the dominator of
 * the literals of the conflict implies the conflict, so its negation is a
 * unit, which implies the negation of the probe through binary clauses.
 *
 * Everything here happens on level 1 of a probe started at the root. */

#include "assign.h"

static unsigned tree_parent (einsat *solver, unsigned lit) {
  assert (VAR (lit)->binary);
  return NOT (VAR (lit)->reason);
}

/* Closest common ancestor: parents come earlier on the trail, so the
 * later of the two moves up until they meet (at the probe at the latest). */
static unsigned common_ancestor (einsat *solver, unsigned a, unsigned b,
                                 uint64_t *ticks) {
  assert (LEVEL (a) == 1 && LEVEL (b) == 1);
  while (a != b) {
    (*ticks)++;
    if (VAR (a)->trail > VAR (b)->trail)
      a = tree_parent (solver, a);
    else
      b = tree_parent (solver, b);
  }
  return a;
}

/* The dominator of the negations of the literals of 'lits' assigned
 * false on level 1, except 'skip'; INVALID if there are none. */
static unsigned dominator (einsat *solver, size_t size, const unsigned *lits,
                           unsigned skip, uint64_t *ticks) {
  unsigned dom = INVALID;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = lits[i];
    if (lit == skip || !LEVEL (lit))
      continue;
    assert (VALUE (lit) < 0);
    unsigned implied = NOT (lit);
    dom = dom == INVALID ? implied
                         : common_ancestor (solver, dom, implied, ticks);
  }
  return dom;
}

unsigned es_conflict_dominator (einsat *solver, unsigned conflict) {
  uint64_t ticks = 0;
  unsigned dom;
  if (conflict == BINARY_CONFLICT)
    dom = dominator (solver, 2, solver->conflict_binary, INVALID, &ticks);
  else {
    clause *c = CLAUSE (conflict);
    dom = dominator (solver, c->size, c->lits, INVALID, &ticks);
  }
  ADD (ticks, ticks);
  return dom;
}

static unsigned propagate_binaries (einsat *solver, unsigned lit,
                                    uint64_t *ticks) {
  const unsigned not_lit = NOT (lit);
  watches *ws = &WATCHES (not_lit);
  *ticks += 1 + (SIZE_WATCHES (*ws) * sizeof (watch) >> 6);
  for (all_watches (w, *ws)) {
    if (!IS_BINARY (w))
      continue;
    signed char value = VALUE (w.blit);
    if (value > 0)
      continue;
    if (value < 0) {
      solver->conflict_binary[0] = not_lit;
      solver->conflict_binary[1] = w.blit;
      return BINARY_CONFLICT;
    }
    es_assign_binary (solver, w.blit, not_lit);
  }
  /* Native at-most-one constraints imply through binary reasons too;
   * the clauses of exactly-one constraints would not, so they are left
   * out (probing is sound with less propagation, and everything it
   * assigns here is undone). */
  return solver->atmosts.count
             ? es_propagate_atmosts (solver, lit, ticks, false)
             : INVALID;
}

static bool contains (clause *c, unsigned lit) {
  for (all_literals_in_clause (other, c))
    if (other == lit)
      return true;
  return false;
}

/* 'c' implies 'lit': adds the resolvent to the proof and makes it the
 * reason.  Its watches are added later ('add_pending_resolvents'), since
 * one of them may go to the watch list being traversed. */
static void resolve_hyper_binary (einsat *solver, clause *c, unsigned lit,
                                  uint64_t *ticks) {
  assert (solver->level == 1 && !VALUE (lit));
  unsigned dom = dominator (solver, c->size, c->lits, lit, ticks);
  assert (dom != INVALID);
  unsigned resolvent[2] = {NOT (dom), lit};
  LOGBINARY (resolvent[0], resolvent[1], "hyper-binary resolvent");
  INC (hyper_binaries);
  es_lrat_derive (solver, 2, resolvent, c->size, c->lits,
                  es_clause_id (solver, c));
  es_proof_add (solver, 2, resolvent);
  PUSH_STACK (solver->hyper_resolvents, resolvent[0]);
  PUSH_STACK (solver->hyper_resolvents, resolvent[1]);
  es_assign_binary (solver, lit, resolvent[0]);
  if (c->redundant && contains (c, resolvent[0]))
    es_mark_garbage (solver, c);
}

static void add_pending_resolvents (einsat *solver) {
  unsigneds *pending = &solver->hyper_resolvents;
  for (unsigned *p = pending->begin; p != pending->end; p += 2)
    es_new_binary (solver, true, p[0], p[1]);
  CLEAR_STACK (*pending);
}

/* The large clause watches of NOT (lit), as in 'propagate.c', except that
 * implied literals get a hyper-binary resolvent as reason. */
static unsigned propagate_large (einsat *solver, unsigned lit,
                                 uint64_t *ticks) {
  const unsigned not_lit = NOT (lit);
  watches *ws = &WATCHES (not_lit);
  watch *const end = END_WATCHES (*ws), *q = BEGIN_WATCHES (*ws);
  const watch *p = q;
  unsigned conflict = INVALID;
  *ticks += 1 + (SIZE_WATCHES (*ws) * sizeof (watch) >> 6);
  if (p == end) { /* no write to an empty list (see 'propagate.c') */
    add_pending_resolvents (solver);
    return INVALID;
  }
  while (p != end) {
    const watch w = *q++ = *p++;
    if (IS_BINARY (w) || VALUE (w.blit) > 0)
      continue;
    clause *const c = CLAUSE (w.ref);
    (*ticks)++;
    if (c->garbage) {
      q--;
      continue;
    }
    unsigned *const lits = c->lits;
    const unsigned other = lits[0] ^ lits[1] ^ not_lit;
    const signed char other_value = VALUE (other);
    if (other_value > 0) {
      q[-1].blit = other;
      continue;
    }
    lits[0] = other;
    lits[1] = not_lit;
    unsigned *r = es_find_replacement (solver, c);
    if (r) {
      unsigned replacement = *r;
      if (VALUE (replacement) > 0)
        q[-1].blit = replacement;
      else {
        lits[1] = replacement;
        *r = not_lit;
        PUSH_WATCHES (WATCHES (replacement), ((watch) {other, w.ref}));
        q--;
      }
    } else if (other_value < 0) {
      conflict = w.ref;
      break;
    } else
      resolve_hyper_binary (solver, c, other, ticks);
  }
  while (p != end)
    *q++ = *p++;
  SET_END_WATCHES (*ws, q);
  add_pending_resolvents (solver);
  return conflict;
}

/* Binary clauses of every assigned literal first, then the large clauses
 * of one literal, and again. */
unsigned es_propagate_hyper (einsat *solver) {
  assert (solver->level == 1);
  assert (EMPTY_STACK (solver->hyper_resolvents));
  uint64_t ticks = 0;
  unsigned conflict = INVALID;
  unsigned large = solver->propagated, binary = large;
  if (solver->atmosts.stale)
    es_index_atmosts (solver);
  while (conflict == INVALID) {
    if (binary < solver->trail_size)
      conflict = propagate_binaries (solver, solver->trail[binary++], &ticks);
    else if (large < solver->trail_size)
      conflict = propagate_large (solver, solver->trail[large++], &ticks);
    else
      break;
  }
  ADD (propagations, binary - solver->propagated);
  solver->propagated = large;
  ADD (ticks, ticks);
  return conflict;
}
