/* Conflict analysis: first unique implication point learning (Marques
 * Silva and Sakallah 1996, Zhang et al. 2001) with glue (LBD, Audemard and
 * Simon 2009) computed on the fly, followed by minimization
 * ('minimize.c'), bumping ('bump.c') and the backjump.  The final conflict
 * analysis for failed assumptions (MiniSat's 'analyzeFinal') is here too.
 *
 * Invariant used throughout: the solver backtracks non-chronologically,
 * so the trail is sorted by level and every reason clause of a literal at
 * level L has another literal of level L unless L is the level of its
 * assignment by a unit. */

#include "internal.h"

#include <string.h>

static inline void analyze_literal (einsat *solver, unsigned lit,
                                    unsigned *open) {
  assigned *a = VAR (lit);
  if (a->analyzed || !a->level)
    return;
  a->analyzed = true;
  PUSH_STACK (solver->analyzed, IDX (lit));
  if (a->level == solver->level) {
    (*open)++;
    return;
  }
  PUSH_STACK (solver->learned, lit);
  frame *f = &PEEK_STACK (solver->frames, a->level);
  if (!f->seen++) {
    PUSH_STACK (solver->levels, a->level);
    f->earliest = a->trail;
  } else if (a->trail < f->earliest)
    f->earliest = a->trail;
}

/* Clauses that keep showing up in conflicts are marked as used (so the
 * next reduction keeps them) and moved to a better tier when their glue
 * dropped. */
static void bump_reason_clause (einsat *solver, clause *c) {
  if (!c->redundant)
    return;
  unsigned tier2 = GET_OPTION (tier2);
  c->used = 1 + (c->glue <= tier2);
  if (c->glue <= (unsigned) GET_OPTION (tier1))
    return;
  unsigned glue = 0;
  uint64_t stamp = ++solver->glue_stamp;
  for (all_literals_in_clause (lit, c)) {
    frame *f = &PEEK_STACK (solver->frames, LEVEL (lit));
    if (f->stamp != stamp)
      f->stamp = stamp, glue++;
  }
  if (glue < c->glue) {
    c->glue = glue;
    c->used = 1 + (glue <= tier2);
  }
}

static void analyze_reason (einsat *solver, unsigned lit, unsigned *open) {
  assigned *a = VAR (lit);
  if (a->binary) {
    analyze_literal (solver, a->reason, open);
    return;
  }
  clause *c = CLAUSE (a->reason);
  bump_reason_clause (solver, c);
  for (all_literals_in_clause (other, c))
    if (other != lit)
      analyze_literal (solver, other, open);
}

static void analyze_conflict_clause (einsat *solver, unsigned conflict,
                                     unsigned *open) {
  if (conflict == BINARY_CONFLICT) {
    analyze_literal (solver, solver->conflict_binary[0], open);
    analyze_literal (solver, solver->conflict_binary[1], open);
    return;
  }
  clause *c = CLAUSE (conflict);
  bump_reason_clause (solver, c);
  for (all_literals_in_clause (lit, c))
    analyze_literal (solver, lit, open);
}

/* Walks the trail backwards resolving current-level literals until only
 * one is left open: its negation is the asserting literal. */
static unsigned find_first_uip (einsat *solver, unsigned conflict) {
  unsigned open = 0;
  unsigned pos = solver->trail_size;
  analyze_conflict_clause (solver, conflict, &open);
  for (;;) {
    unsigned uip;
    do {
      assert (pos > 0);
      uip = solver->trail[--pos];
    } while (!VAR (uip)->analyzed);
    if (!--open)
      return uip;
    analyze_reason (solver, uip, &open);
  }
}

/* Moves a literal of the highest remaining level to the second position
 * (it will be watched) and returns that level. */
static unsigned jump_level (einsat *solver) {
  unsigned *lits = solver->learned.begin;
  size_t size = SIZE_STACK (solver->learned);
  if (size == 1)
    return 0;
  size_t best = 1;
  unsigned best_level = LEVEL (lits[1]);
  for (size_t i = 2; i < size; i++) {
    unsigned level = LEVEL (lits[i]);
    if (level > best_level)
      best = i, best_level = level;
  }
  unsigned tmp = lits[1];
  lits[1] = lits[best];
  lits[best] = tmp;
  return best_level;
}

static void reset_analysis (einsat *solver) {
  for (all_stack (unsigned, idx, solver->analyzed)) {
    assigned *a = solver->assigned + idx;
    a->analyzed = a->poisoned = a->removable = a->shrinkable = false;
  }
  CLEAR_STACK (solver->analyzed);
  for (all_stack (unsigned, idx, solver->minimize)) {
    assigned *a = solver->assigned + idx;
    a->poisoned = a->removable = false;
  }
  CLEAR_STACK (solver->minimize);
  for (all_stack (unsigned, level, solver->levels)) {
    frame *f = &PEEK_STACK (solver->frames, level);
    f->seen = 0;
    f->earliest = INVALID;
  }
  CLEAR_STACK (solver->levels);
  CLEAR_STACK (solver->learned);
}

static void derive_empty_clause (einsat *solver) {
  LOG ("conflict at the root level: formula is unsatisfiable");
  solver->inconsistent = true;
  es_proof_add (solver, 0, 0);
}

bool es_analyze (einsat *solver, unsigned conflict) {
  INC (conflicts);
  if (solver->stable)
    INC (conflicts_stable);
  else
    INC (conflicts_focused);
  if (!solver->level) {
    derive_empty_clause (solver);
    return false;
  }
  assert (EMPTY_STACK (solver->learned));
  PUSH_STACK (solver->learned, INVALID);
  unsigned uip = find_first_uip (solver, conflict);
  POKE_STACK (solver->learned, 0, NOT (uip));
  size_t before = SIZE_STACK (solver->learned);
  es_minimize_clause (solver);
  ADD (minimized_literals, before - SIZE_STACK (solver->learned));
  unsigned glue = 1 + (unsigned) SIZE_STACK (solver->levels);
  unsigned level = jump_level (solver);
  es_update_ema (&solver->fast_glue, glue);
  es_update_ema (&solver->slow_glue, glue);
  es_bump_analyzed (solver);
  es_update_target_and_best (solver);
  es_backtrack (solver, level);
  if (solver->trace)
    es_trace_event (solver, EINSAT_BACKJUMP, INVALID, level, 0, 0);
  es_learn_clause (solver, glue);
  reset_analysis (solver);
  es_tick_reluctant (solver);
  return true;
}

/*------------------------------------------------------------------------*/
/* Final conflict analysis: the assumption 'lit' is false.  Every
 * assumption whose assignment contributed to falsifying it is marked as
 * failed; the reasons are followed down to the root level. */

void es_analyze_failed (einsat *solver, unsigned lit) {
  FLAGS (IDX (lit))->failed = true;
  assigned *a = VAR (lit);
  if (!a->level)
    return;
  a->analyzed = true;
  PUSH_STACK (solver->analyzed, IDX (lit));
  for (unsigned pos = solver->trail_size; pos-- > 0;) {
    unsigned other = solver->trail[pos];
    assigned *b = VAR (other);
    if (!b->analyzed)
      continue;
    if (!b->level)
      break;
    if (b->reason == INVALID) {
      FLAGS (IDX (other))->failed = true;
      continue;
    }
    if (b->binary) {
      unsigned reason = b->reason;
      assigned *r = VAR (reason);
      if (r->level && !r->analyzed) {
        r->analyzed = true;
        PUSH_STACK (solver->analyzed, IDX (reason));
      }
      continue;
    }
    clause *c = CLAUSE (b->reason);
    for (all_literals_in_clause (reason, c)) {
      assigned *r = VAR (reason);
      if (reason == other || !r->level || r->analyzed)
        continue;
      r->analyzed = true;
      PUSH_STACK (solver->analyzed, IDX (reason));
    }
  }
  reset_analysis (solver);
}
