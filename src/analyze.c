/* Conflict analysis: first unique implication point learning (Marques
 * Silva and Sakallah 1996, Zhang et al. 2001) with glue (LBD, Audemard and
 * Simon 2009) computed on the fly, followed by minimization
 * ('minimize.c'), bumping ('bump.c') and the backjump.  The final conflict
 * analysis for failed assumptions (MiniSat's 'analyzeFinal') is here too.
 *
 * With chronological backtracking (Nadel and Ryvchin 2018, as refined in
 * CaDiCaL) the conflict may lie below the current level: the solver first
 * backtracks to the conflict level, and if only one literal of the
 * conflict is on that level, it is simply implied one level lower.
 * Learned clauses jump back normally unless the jump would undo more than
 * 'chronolevels' levels; then only the last level is undone and the
 * asserting literal is assigned out of order at its own level. */

#include "assign.h"

#include <string.h>

static inline void analyze_literal (einsat *solver, unsigned lit,
                                    unsigned *open) {
  assert (VALUE (lit) < 0);
  assigned *a = VAR (lit);
  if (a->analyzed || !a->level)
    return;
  a->analyzed = true;
  PUSH_STACK (solver->analyzed, IDX (lit));
  if (a->level == solver->level) {
    (*open)++;
    return;
  }
  assert (a->level < solver->level);
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
  assert (!c->garbage);
  if (!c->redundant)
    return;
  unsigned tier2 = GET_OPTION (tier2);
  c->used = 1 + (c->glue <= tier2);
  if (c->imported) { /* the first use: imports were worth it */
    c->imported = false;
    INC (imported_used);
    es_import_usefulness (solver, true);
  }
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

/* Returns how many literals of a large reason, besides 'lit', are not
 * root-level literals (0 for binary reasons): the size of the reason
 * strengthened by 'otfs.c'. */
static unsigned analyze_reason (einsat *solver, unsigned lit,
                                unsigned *open) {
  assert (VALUE (lit) > 0);
  assigned *a = VAR (lit);
  assert (a->reason != INVALID);
  if (a->binary) {
    analyze_literal (solver, a->reason, open);
    return 0;
  }
  clause *c = CLAUSE (a->reason);
  assert (c->lits[0] == lit);
  bump_reason_clause (solver, c);
  unsigned unfixed = 0;
  for (all_literals_in_clause (other, c))
    if (other != lit) {
      analyze_literal (solver, other, open);
      unfixed += LEVEL (other) > 0;
    }
  return unfixed;
}

/* The resolvent has 'open' literals on the conflict level and the others
 * in 'learned' (after its placeholder).  If it is no larger than the
 * reason without 'lit', the two are equal (the resolvent contains it). */
static void try_to_strengthen (einsat *solver, unsigned lit, unsigned open,
                               unsigned unfixed, unsigned conflict) {
  size_t resolvent = open + SIZE_STACK (solver->learned) - 1;
  if (unfixed < 2 || resolvent != unfixed)
    return;
  assigned *a = VAR (lit);
  es_queue_strengthening (solver, a->reason, lit, open == 1, conflict);
}

static void analyze_conflict_clause (einsat *solver, unsigned conflict,
                                     unsigned *open) {
  if (conflict == BINARY_CONFLICT) {
    analyze_literal (solver, solver->conflict_binary[0], open);
    analyze_literal (solver, solver->conflict_binary[1], open);
    return;
  }
  clause *c = CLAUSE (conflict);
  LOGCLAUSE (conflict, "analyzing conflict");
  bump_reason_clause (solver, c);
  for (all_literals_in_clause (lit, c))
    analyze_literal (solver, lit, open);
}

/* Walks the trail backwards resolving current-level literals until only
 * one is left open: its negation is the asserting literal. */
static unsigned find_first_uip (einsat *solver, unsigned conflict) {
  unsigned open = 0;
  unsigned pos = solver->trail_size;
  bool otfs = GET_OPTION (otfs);
  analyze_conflict_clause (solver, conflict, &open);
  for (;;) {
    unsigned uip;
    do {
      assert (pos > 0);
      uip = solver->trail[--pos];
    } while (!VAR (uip)->analyzed || LEVEL (uip) != solver->level);
    assert (VALUE (uip) > 0 && open > 0);
    if (!--open)
      return uip;
    unsigned unfixed = analyze_reason (solver, uip, &open);
    if (otfs)
      try_to_strengthen (solver, uip, open, unfixed, conflict);
  }
}

/* Moves a literal of the highest remaining level to the second position
 * (it will be watched) and returns that level. */
static unsigned jump_level (einsat *solver) {
  unsigned *lits = solver->learned.begin;
  size_t size = SIZE_STACK (solver->learned);
  assert (size > 0 && LEVEL (lits[0]) == solver->level);
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
  assert (best_level < solver->level);
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

static void derive_empty_clause (einsat *solver, unsigned conflict) {
  assert (!solver->level);
  LOG ("conflict at the root level: formula is unsatisfiable");
  solver->inconsistent = true;
  es_lrat_derive_from_conflict (solver, 0, 0, conflict);
  es_proof_add (solver, 0, 0);
}

/* The literals of the conflict in 'lits' and 'size'. */
static const unsigned *conflict_literals (einsat *solver, unsigned conflict,
                                          unsigned *size) {
  if (conflict == BINARY_CONFLICT) {
    *size = 2;
    return solver->conflict_binary;
  }
  clause *c = CLAUSE (conflict);
  *size = c->size;
  return c->lits;
}

/* A reason has its implied literal first and is watched by its first two
 * literals.  The conflict clause becomes the reason of 'forced': it moves
 * to the front, a literal of the highest remaining level second, and the
 * watches follow. */
static void watch_forced_first (einsat *solver, unsigned ref,
                                unsigned forced) {
  clause *c = CLAUSE (ref);
  unsigned *lits = c->lits;
  unsigned old[2] = {lits[0], lits[1]};
  for (unsigned i = 0; i < c->size; i++)
    if (lits[i] == forced) {
      lits[i] = lits[0];
      lits[0] = forced;
      break;
    }
  es_move_highest_level (solver, lits, c->size, 1);
  for (unsigned i = 0; i < 2; i++)
    if (old[i] != lits[0] && old[i] != lits[1])
      es_remove_large_watch (solver, old[i], ref);
  for (unsigned i = 0; i < 2; i++)
    if (lits[i] != old[0] && lits[i] != old[1])
      PUSH_WATCHES (WATCHES (lits[i]), ((watch) {lits[!i], ref}));
}

/* Returns false if the conflict was resolved without learning: a single
 * literal on the highest level of the conflict is implied one level
 * lower (the conflict clause is its reason). */
static bool backtrack_to_conflict_level (einsat *solver, unsigned conflict) {
  unsigned size, level = 0, count = 0, forced = INVALID;
  const unsigned *lits = conflict_literals (solver, conflict, &size);
  for (unsigned i = 0; i < size; i++) {
    unsigned lit_level = LEVEL (lits[i]);
    if (lit_level > level)
      level = lit_level, count = 1, forced = lits[i];
    else if (lit_level == level)
      count++;
  }
  assert (level <= solver->level && count > 0);
  if (level == solver->level && count > 1)
    return true;
  if (count > 1 || !level) {
    es_backtrack (solver, level);
    return true;
  }
  /* The conflict clause is unit now: 'forced' is its only unassigned
   * literal. */
  LOG ("conflict implies %s one level lower", LOGLIT (forced));
  es_backtrack (solver, level - 1);
  assert (!VALUE (forced));
  if (conflict == BINARY_CONFLICT) {
    unsigned other = lits[0] == forced ? lits[1] : lits[0];
    es_assign_binary (solver, forced, other);
  } else {
    watch_forced_first (solver, conflict, forced);
    es_assign_reason (solver, forced, conflict,
                      es_reason_level (solver, forced, CLAUSE (conflict)));
  }
  return false;
}

/* Jumps that would undo more than 'chronolevels' levels undo only the
 * last one.  While enumerating, the levels of the assumptions (the prefix
 * of the backtracking enumeration) are kept too: they would be assumed
 * again right away.  The asserting literal then goes to its own level
 * out of order. */
static unsigned backjump_target (einsat *solver, unsigned jump) {
  if (!GET_OPTION (chrono))
    return jump;
  if (solver->level - jump > (unsigned) GET_OPTION (chronolevels))
    return solver->level - 1;
  unsigned assumed = (unsigned) SIZE_STACK (solver->assumptions);
  if (!solver->projecting || jump >= assumed)
    return jump;
  return assumed < solver->level ? assumed : solver->level - 1;
}

bool es_analyze (einsat *solver, unsigned conflict) {
  INC (conflicts);
  if (solver->stable)
    INC (conflicts_stable);
  else
    INC (conflicts_focused);
  /* Not only after chronological backtracking: a pivot of the
   * Gauss-Jordan matrix can reveal an implication of a lower level, which
   * goes on the trail out of order whatever the option says. */
  if (solver->level && conflict != INVALID &&
      !backtrack_to_conflict_level (solver, conflict))
    return true;
  if (!solver->level) {
    assert (conflict != INVALID);
    derive_empty_clause (solver, conflict);
    return false;
  }
  assert (EMPTY_STACK (solver->learned));
  assert (EMPTY_STACK (solver->analyzed) && EMPTY_STACK (solver->levels));
  PUSH_STACK (solver->learned, INVALID);
  unsigned uip = find_first_uip (solver, conflict);
  POKE_STACK (solver->learned, 0, NOT (uip));
  size_t before = SIZE_STACK (solver->learned);
  es_minimize_clause (solver);
  ADD (minimized_literals, before - SIZE_STACK (solver->learned));
  es_shrink_clause (solver);
  es_minimize_binary (solver);
  unsigned glue = 1 + (unsigned) SIZE_STACK (solver->levels);
  unsigned level = jump_level (solver);
  es_update_ema (&solver->fast_glue, glue);
  es_update_ema (&solver->slow_glue, glue);
  es_bump_analyzed (solver);
  es_update_target_and_best (solver);
  if (solver->trace) /* learn first, then jump: the order to explain */
    es_trace_event (solver, EINSAT_LEARN, solver->learned.begin[0],
                    solver->level, SIZE_STACK (solver->learned),
                    solver->learned.begin);
  es_lrat_derive_from_conflict (solver, SIZE_STACK (solver->learned),
                                solver->learned.begin, conflict);
  unsigned target = backjump_target (solver, level);
  assert (level <= target && target < solver->level);
  LOG ("jump level %u, backtracking to level %u", level, target);
  if (target > level)
    INC (backtracks_chrono);
  es_backtrack (solver, target);
  if (solver->trace)
    es_trace_event (solver, EINSAT_BACKJUMP, INVALID, solver->level, 0, 0);
  es_learn_clause (solver, glue);
  es_strengthen_queued (solver);
  es_eagerly_subsume (solver);
  reset_analysis (solver);
  es_tick_reluctant (solver);
  return true;
}

/* Propagation at the root level, where a conflict means the empty clause.
 * Returns false then. */
bool es_propagate_root (einsat *solver) {
  assert (!solver->level);
  unsigned conflict = es_propagate (solver);
  if (conflict == INVALID)
    return true;
  es_analyze (solver, conflict);
  return false;
}

/*------------------------------------------------------------------------*/
/* Final conflict analysis: the assumption 'lit' is false.  Every
 * assumption whose assignment contributed to falsifying it is marked as
 * failed; the reasons are followed down to the root level. */

static void mark_failed (einsat *solver, unsigned idx) {
  var_flags *f = FLAGS (idx);
  if (f->failed)
    return;
  f->failed = true;
  PUSH_STACK (solver->failed, idx);
}

/* Follows the reasons of the literals marked 'analyzed' back along the
 * trail (the order of implication) and pushes the decisions they depend
 * on to 'decisions' (as the true decision literals).  Used for failed
 * assumptions and in vivification; clears the marks. */
void es_implying_decisions (einsat *solver, unsigneds *decisions) {
  for (unsigned pos = solver->trail_size; pos-- > 0;) {
    unsigned lit = solver->trail[pos];
    assigned *a = VAR (lit);
    if (!a->analyzed || !a->level)
      continue;
    if (a->reason == INVALID)
      PUSH_STACK (*decisions, lit);
    else
      es_mark_reason_analyzed (solver, lit);
  }
  for (all_stack (unsigned, idx, solver->analyzed))
    solver->assigned[idx].analyzed = false;
  CLEAR_STACK (solver->analyzed);
}

void es_analyze_failed (einsat *solver, unsigned lit) {
  assert (VALUE (lit) < 0);
  assert (FLAGS (IDX (lit))->assumed);
  LOG ("analyzing failed assumption %s", LOGLIT (lit));
  mark_failed (solver, IDX (lit));
  es_mark_analyzed (solver, lit);
  unsigneds *decisions = &solver->clause;
  CLEAR_STACK (*decisions);
  es_implying_decisions (solver, decisions);
  for (all_stack (unsigned, decision, *decisions))
    mark_failed (solver, IDX (decision));
  CLEAR_STACK (*decisions);
}
