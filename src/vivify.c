/* Clause vivification (Piette, Hamadi and Saïs 2008; for learned clauses
 * Luo, Li, Xiao, Manyà and Lü 2017; as in CaDiCaL and Kissat).
 *
 * To vivify a clause C = (l1 ∨ ... ∨ lk), the solver assigns ¬l1, ¬l2,
 * ... as decisions and propagates after each.  If a literal li of C
 * becomes true, C can be replaced by li and the decisions that imply it;
 * if propagation runs into a conflict, by the decisions in the conflict;
 * literals of C that became false are implied false by earlier ones and
 * can be dropped.  The shorter clause is implied (it passes reverse unit
 * propagation), so it is added to the proof before C is deleted.  Only
 * k - 1 literals are decided, so C itself never propagates the literal
 * that is checked.
 *
 * Candidates are the learned clauses of tiers one and two, best first,
 * then the irredundant clauses, each clause once until all were tried.
 * With 'vivifysort' the literals of a clause are decided in the order of
 * their occurrences in the candidate clauses, most first (as Kissat
 * does): frequent literals propagate more, so conflicts and true
 * literals come after fewer decisions.  Off by default: it shortens more
 * clauses on random 3-SAT but did not pay in time on fresh formulas
 * (bench/RESULTS.md, "Elimination and vivification yield").
 * The effort is a fraction of the search ticks; the ticks spent here are
 * not counted as search ticks, so the mode schedule is not disturbed.  A
 * round that shortens no clause makes the next ones sit out
 * ('schedule.c'). */

#include "internal.h"

#include <stdlib.h>

bool es_vivifying (einsat *solver) {
  return GET_OPTION (vivify) &&
         STAT (conflicts) >= solver->limits.vivify;
}

/* Learned clauses of tiers one and two by glue then size, clauses
 * already tried last (and tried again only once every candidate was),
 * sorted as keys in 'ranks' and handed on as references in 'order'. */
static void schedule_redundant (einsat *solver, unsigneds *order) {
  uint64s *keys = &solver->ranks;
  CLEAR_STACK (*keys);
  unsigned tier2 = GET_OPTION (tier2);
  size_t fresh = 0;
  for (all_stack (unsigned, ref, solver->redundant)) {
    clause *c = CLAUSE (ref);
    if (c->garbage || !c->redundant || c->glue > tier2)
      continue;
    uint64_t glue = c->glue;
    uint64_t size = c->size < 1023 ? c->size : 1023;
    uint64_t key = ((uint64_t) c->vivified << 63) | (glue << 42) |
                   (size << 32) | ref;
    fresh += !c->vivified;
    PUSH_STACK (*keys, key);
  }
  if (!fresh)
    for (all_stack (unsigned, ref, solver->redundant))
      CLAUSE (ref)->vivified = false;
  es_sort_keys (keys);
  CLEAR_STACK (*order);
  RESERVE_EXACTLY_STACK (*order, SIZE_STACK (*keys));
  for (all_stack (uint64_t, key, *keys))
    PUSH_STACK (*order, (unsigned) key);
  RELEASE_STACK (*keys);
}

/* Irredundant clauses by size, clauses already tried last, then by
 * reference, as references sorted in buckets by (tried, size). */
#define SIZE_BUCKETS 1024

static inline size_t size_bucket (const clause *c) {
  size_t size = c->size < SIZE_BUCKETS - 1 ? c->size : SIZE_BUCKETS - 1;
  return c->vivified * (size_t) SIZE_BUCKETS + size;
}

static void schedule_irredundant (einsat *solver, unsigneds *order) {
  const size_t buckets = 2 * SIZE_BUCKETS;
  uint64_t *start = es_begin_buckets (solver, buckets);
  size_t fresh = 0;
  for (all_stack (unsigned, ref, solver->irredundant)) {
    const clause *c = CLAUSE (ref);
    if (c->garbage || c->redundant)
      continue;
    start[size_bucket (c) + 1]++;
    fresh += !c->vivified;
  }
  unsigned *placed = es_fill_buckets (solver, buckets, order);
  for (all_stack (unsigned, ref, solver->irredundant)) {
    const clause *c = CLAUSE (ref);
    if (!c->garbage && !c->redundant)
      placed[start[size_bucket (c)]++] = ref;
  }
  es_end_buckets (solver, buckets, order);
  if (!fresh)
    for (all_stack (unsigned, ref, solver->irredundant))
      CLAUSE (ref)->vivified = false;
}

/* The negations of the decisions implying the analyzed literals are
 * literals of the clause being vivified: they go to 'solver->clause'. */
static void collect_decisions (einsat *solver) {
  unsigneds *lits = &solver->clause;
  size_t before = SIZE_STACK (*lits);
  es_implying_decisions (solver, lits);
  for (unsigned *p = lits->begin + before; p != lits->end; p++)
    *p = NOT (*p);
}

static void analyze_literal (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  if (a->level && !a->analyzed) {
    a->analyzed = true;
    PUSH_STACK (solver->analyzed, IDX (lit));
  }
}

static void analyze_conflict (einsat *solver, unsigned conflict) {
  if (conflict == BINARY_CONFLICT) {
    analyze_literal (solver, solver->conflict_binary[0]);
    analyze_literal (solver, solver->conflict_binary[1]);
  } else {
    clause *c = CLAUSE (conflict);
    for (all_literals_in_clause (lit, c))
      analyze_literal (solver, lit);
  }
  collect_decisions (solver);
}

/* The watch of the binary clause (a b) in the watches of 'a', the
 * irredundant copy if there are both, or 0 if there is none. */
static watch *find_binary (einsat *solver, unsigned a, unsigned b) {
  watch *found = 0;
  watches *ws = &WATCHES (a);
  for (watch *w = BEGIN_WATCHES (*ws); w != END_WATCHES (*ws); w++)
    if (IS_BINARY (*w) && w->blit == b &&
        (!found || w->ref == IRREDUNDANT_BINARY))
      found = w;
  return found;
}

static void set_binary_tag (einsat *solver, unsigned a, unsigned b,
                            unsigned from, unsigned to) {
  watches *ws = &WATCHES (a);
  for (watch *w = BEGIN_WATCHES (*ws); w != END_WATCHES (*ws); w++)
    if (w->blit == b && w->ref == from) {
      w->ref = to;
      return;
    }
  assert (!"binary watch not found");
}

/* A clause vivified to a binary clause the solver already has is deleted
 * instead of added twice (a duplicate costs a watch on both literals and
 * a propagation at every visit).  An irredundant clause vivified to a
 * redundant binary one makes that one irredundant, since reductions
 * would otherwise delete it. */
static bool vivified_to_existing_binary (einsat *solver, clause *c,
                                         unsigned a, unsigned b) {
  watch *w = find_binary (solver, a, b);
  if (!w)
    return false;
  LOGBINARY (a, b, "vivified clause already present as");
  if (!c->redundant && w->ref == REDUNDANT_BINARY) {
    set_binary_tag (solver, a, b, REDUNDANT_BINARY, IRREDUNDANT_BINARY);
    set_binary_tag (solver, b, a, REDUNDANT_BINARY, IRREDUNDANT_BINARY);
    es_count_clause (solver, true, -1);
    es_count_clause (solver, false, 1);
  }
  INC (vivified_duplicates);
  CLEAR_STACK (solver->lrat_chain); /* no lemma to derive */
  es_mark_garbage (solver, c);
  return true;
}

/* Replaces 'c' by the literals in 'solver->clause' if they are fewer. */
static bool replace_clause (einsat *solver, clause *c) {
  unsigneds *lits = &solver->clause;
  size_t size = SIZE_STACK (*lits);
  assert (!c->garbage);
  es_backtrack (solver, 0);
  if (size >= c->size) {
    CLEAR_STACK (*lits);
    return false;
  }
  assert (size > 0); /* the formula implies no empty clause here */
  LOGCLAUSE (REF (c), "vivified to %zu literals", size);
  INC (vivified);
  ADD (vivified_literals, c->size - size);
  if (size == 2 && vivified_to_existing_binary (solver, c, lits->begin[0],
                                                lits->begin[1])) {
    CLEAR_STACK (*lits);
    return true;
  }
  es_proof_add (solver, size, lits->begin);
  bool redundant = c->redundant;
  unsigned glue = c->glue < size ? c->glue : (unsigned) size;
  es_mark_garbage (solver, c);
  if (size == 1) {
    assert (!VALUE (lits->begin[0]));
    es_assign_unit (solver, lits->begin[0]);
    es_propagate_root (solver);
  } else if (size == 2)
    es_new_binary (solver, redundant, lits->begin[0], lits->begin[1]);
  else {
    unsigned ref = es_new_clause (solver, redundant, glue, size, lits->begin);
    CLAUSE (ref)->vivified = true;
  }
  CLEAR_STACK (*lits);
  return true;
}

static bool satisfied_at_root (einsat *solver, clause *c) {
  for (all_literals_in_clause (lit, c))
    if (VALUE (lit) > 0 && !LEVEL (lit))
      return true;
  return false;
}

/* Occurrences of each literal in the candidate clauses (option
 * 'vivifysort'), as Kissat counts them: deciding the literals that occur
 * most first makes propagation from the decisions reach further, so
 * more clauses are shortened per decision. */
static unsigned *count_occurrences (einsat *solver) {
  if (!GET_OPTION (vivifysort))
    return 0;
  unsigned *counts;
  NEW_ARRAY (counts, 2 * (size_t) solver->vars);
  unsigned tier2 = GET_OPTION (tier2);
  for (int irredundant = 0; irredundant < 2; irredundant++) {
    unsigneds *refs = irredundant ? &solver->irredundant : &solver->redundant;
    for (all_stack (unsigned, ref, *refs)) {
      clause *c = CLAUSE (ref);
      if (c->garbage || c->redundant == (bool) irredundant ||
          (!irredundant && c->glue > tier2))
        continue;
      for (all_literals_in_clause (lit, c))
        if (counts[lit] < UINT32_MAX)
          counts[lit]++;
    }
  }
  return counts;
}

/* Most occurrences first, ties by literal (deterministic).  Insertion
 * sort: vivified clauses are short, and long ones keep their order. */
static void sort_by_occurrences (const unsigned *counts, unsigneds *lits) {
  size_t size = SIZE_STACK (*lits);
  if (!counts || size > 64)
    return;
  unsigned *a = lits->begin;
  for (size_t i = 1; i < size; i++) {
    unsigned lit = a[i];
    size_t j = i;
    while (j && (counts[a[j - 1]] < counts[lit] ||
                 (counts[a[j - 1]] == counts[lit] && a[j - 1] > lit))) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = lit;
  }
}

/* Returns true if the clause was shortened.  Propagation may permute the
 * literals of the clause (it is watched), so they are copied first. */
static bool vivify_clause (einsat *solver, unsigned ref,
                           const unsigned *counts) {
  clause *c = CLAUSE (ref);
  assert (!c->garbage && !c->vivified);
  c->vivified = true;
  es_backtrack (solver, 0);
  if (satisfied_at_root (solver, c)) {
    es_mark_garbage (solver, c);
    return false;
  }
  unsigneds *copy = &solver->vivify_literals;
  CLEAR_STACK (*copy);
  for (all_literals_in_clause (lit, c))
    PUSH_STACK (*copy, lit);
  sort_by_occurrences (counts, copy);
  unsigneds *lits = &solver->clause;
  CLEAR_STACK (*lits);
  unsigned size = (unsigned) SIZE_STACK (*copy), removed = 0;
  for (unsigned i = 0; i < size; i++) {
    unsigned lit = PEEK_STACK (*copy, i);
    signed char value = VALUE (lit);
    if (value < 0) {
      POKE_STACK (*copy, i, INVALID); /* implied false: drop it */
      removed++;
      continue;
    }
    if (value > 0) {
      PUSH_STACK (*lits, lit);
      analyze_literal (solver, lit);
      collect_decisions (solver);
      if (solver->lrat && SIZE_STACK (*lits) < c->size)
        es_lrat_derive_from_reason (solver, SIZE_STACK (*lits), lits->begin,
                                    lit);
      return replace_clause (solver, CLAUSE (ref));
    }
    if (i + 1 == size)
      break;
    assert (solver->level < size);
    es_assign_decision (solver, NOT (lit));
    unsigned conflict = es_propagate (solver);
    if (conflict != INVALID) {
      analyze_conflict (solver, conflict);
      if (solver->lrat && SIZE_STACK (*lits) < c->size)
        es_lrat_derive_from_conflict (solver, SIZE_STACK (*lits),
                                      lits->begin, conflict);
      return replace_clause (solver, CLAUSE (ref));
    }
  }
  if (!removed) {
    es_backtrack (solver, 0);
    return false;
  }
  for (all_stack (unsigned, lit, *copy))
    if (lit != INVALID)
      PUSH_STACK (*lits, lit);
  c = CLAUSE (ref);
  es_lrat_derive (solver, SIZE_STACK (*lits), lits->begin, c->size, c->lits,
                  es_clause_id (solver, c));
  return replace_clause (solver, c);
}

/* Vivifies the clause unless it went or was tried; returns false once the
 * round is over. */
static bool vivify_scheduled (einsat *solver, unsigned ref, uint64_t limit,
                              uint64_t start, const unsigned *counts) {
  if (solver->inconsistent || STAT (ticks) - start > limit ||
      es_terminating (solver))
    return false;
  clause *c = CLAUSE (ref);
  if (!c->garbage && !c->vivified)
    vivify_clause (solver, ref, counts);
  return true;
}

static void vivify_tier (einsat *solver, bool irredundant, uint64_t limit,
                         uint64_t start, const unsigned *counts) {
  unsigneds *order = &solver->clause_order;
  if (irredundant)
    schedule_irredundant (solver, order);
  else
    schedule_redundant (solver, order);
  for (all_stack (unsigned, ref, *order))
    if (!vivify_scheduled (solver, ref, limit, start, counts))
      break;
  RELEASE_STACK (*order);
}

void es_vivify (einsat *solver) {
  if (!es_clean_root (solver))
    return;
  assert (!solver->level && !solver->dense);
  INC (vivifications);
  solver->limits.vivify =
      es_sqrt_limit (solver, GET_OPTION (vivifyint), STAT (vivifications));
  if (!es_round_begins (solver, TECHNIQUE_vivify, &solver->last.ticks.vivify))
    return;
  uint64_t budget = es_effort_with_base (solver, solver->last.ticks.vivify,
                                         GET_OPTION (vivifyeffort),
                                         GET_OPTION (vivifybaseeffort));
  uint64_t start = STAT (ticks);
  einsat_trace_callback *trace = solver->trace;
  solver->trace = 0;
  LOG ("vivification round %" PRIu64 " with budget %" PRIu64,
       STAT (vivifications), budget);
  unsigned *counts = count_occurrences (solver);
  vivify_tier (solver, false, budget, start, counts);
  uint64_t irredundant_budget =
      budget * GET_OPTION (vivifyirredundant) / 100;
  if (irredundant_budget)
    vivify_tier (solver, true, irredundant_budget, STAT (ticks), counts);
  if (counts)
    DELETE_ARRAY (counts, 2 * (size_t) solver->vars);
  solver->trace = trace;
  es_backtrack (solver, 0);
  /* The ticks of vivification are its own, not the search's. */
  STAT (ticks) = start;
  solver->last.ticks.vivify = STAT (ticks);
  es_collect_if_worth (solver);
  es_round_ends (solver, TECHNIQUE_vivify);
  es_report_round (solver, 'v');
}
