/* Forward subsumption and self-subsuming strengthening (Eén and Biere
 * 2005) of the large clauses, done at the root level before variable
 * elimination.
 *
 * Clauses are visited from short to long.  Each visited clause is checked
 * against the binary clauses (complete watch lists) and against the large
 * clauses visited before it, which are reachable through one watch on
 * their literal with the fewest occurrences (the "one-watch" scheme of
 * CaDiCaL and Kissat): a clause D can only subsume C if D's watched
 * literal is in C, and can only strengthen C if it or its negation is.
 * A clause that survives is then watched itself.  The one watches live
 * in the watch lists, emptied of their large-clause watches for the
 * round (the collection at its end watches the clauses again): lists of
 * their own cost a header per literal and a block per list, on big
 * formulas the peak of the solver's memory (bench/RESULTS.md, "Memory
 * beside Kissat").
 *
 * Irredundant clauses and learned clauses of tier2 take part; a learned
 * clause that subsumes an irredundant one becomes irredundant itself.
 * Effort is limited in steps, a fraction of the search ticks. */

#include "internal.h"

#include <stdlib.h>

static bool is_candidate (einsat *solver, clause *c) {
  if (c->garbage || c->reason)
    return false;
  return !c->redundant || c->glue <= (unsigned) GET_OPTION (tier2);
}

/* Candidates sorted by size, irredundant before redundant for equal size
 * (so redundant clauses get subsumed rather than irredundant ones), then
 * by reference: as references sorted in buckets by (size, redundant),
 * which is the order of the keys below; the rare clauses of
 * 'SIZE_BUCKETS' literals or more share one bucket, sorted by the keys
 * themselves. */
#define SIZE_BUCKETS 1024
#define LONG_BUCKET (2 * SIZE_BUCKETS)

static size_t size_bucket (const clause *c) {
  return c->size < SIZE_BUCKETS ? 2 * (size_t) c->size + c->redundant
                                : LONG_BUCKET;
}

static uint64_t size_key (const clause *c, unsigned ref) {
  uint64_t size = c->size < (1u << 20) ? c->size : (1u << 20);
  return (size << 33) | ((uint64_t) c->redundant << 32) | ref;
}

/* The few clauses of the last bucket, by their keys in 'ranks'. */
static void sort_long_clauses (einsat *solver, unsigned *begin,
                               unsigned *end) {
  uint64s *keys = &solver->ranks;
  CLEAR_STACK (*keys);
  for (const unsigned *p = begin; p != end; p++)
    PUSH_STACK (*keys, size_key (CLAUSE (*p), *p));
  es_sort_keys (keys);
  for (all_stack (uint64_t, key, *keys))
    *begin++ = (unsigned) key;
  RELEASE_STACK (*keys);
}

/* Counts the literals of the candidates on the way. */
static void schedule (einsat *solver, subsumption *s, unsigneds *order) {
  const size_t buckets = LONG_BUCKET + 1;
  uint64_t *start = es_begin_buckets (solver, buckets);
  for (unsigned pass = 0; pass < 2; pass++) {
    unsigneds *refs = pass ? &solver->redundant : &solver->irredundant;
    for (all_stack (unsigned, ref, *refs)) {
      clause *c = CLAUSE (ref);
      if (!is_candidate (solver, c))
        continue;
      start[size_bucket (c) + 1]++;
      for (all_literals_in_clause (lit, c))
        s->counts[lit]++;
    }
  }
  unsigned *placed = es_fill_buckets (solver, buckets, order);
  for (unsigned pass = 0; pass < 2; pass++) {
    unsigneds *refs = pass ? &solver->redundant : &solver->irredundant;
    for (all_stack (unsigned, ref, *refs)) {
      clause *c = CLAUSE (ref);
      if (is_candidate (solver, c))
        placed[start[size_bucket (c)]++] = ref;
    }
  }
  /* Now 'start[b]' is the end of bucket 'b'. */
  const size_t long_begin = (size_t) start[LONG_BUCKET - 1];
  es_end_buckets (solver, LONG_BUCKET, order);
  if (long_begin < SIZE_STACK (*order))
    sort_long_clauses (solver, order->begin + long_begin, order->end);
}

/* Checks the visited clause 'd' against the marked clause: returns
 * INVALID if it subsumes it, the literal to remove if it strengthens it,
 * or 0 ... encoded as 'INVALID - 1' for neither. */
#define NEITHER (INVALID - 1)

static unsigned check_clause (einsat *solver, clause *d, subsumption *s) {
  signed char *marks = solver->marks;
  unsigned negated = INVALID;
  s->steps += d->size;
  for (all_literals_in_clause (lit, d)) {
    if (marks[lit])
      continue;
    if (!marks[NOT (lit)] || negated != INVALID)
      return NEITHER;
    negated = NOT (lit);
  }
  return negated;
}

/* Looks for a clause subsuming or strengthening the marked clause 'c'.
 * Returns true if 'c' is subsumed (and deleted). */
static bool subsumed_or_strengthened (einsat *solver, clause *c,
                                      subsumption *s, unsigned *remove,
                                      uint64_t *remove_by) {
  signed char *marks = solver->marks;
  *remove = INVALID;
  for (all_literals_in_clause (lit, c)) {
    for (all_watches (w, WATCHES (lit))) {
      if (!IS_BINARY (w))
        continue;
      s->steps++;
      if (marks[w.blit]) {
        if (c->redundant || w.ref == IRREDUNDANT_BINARY) {
          es_mark_garbage (solver, c);
          return true;
        }
      } else if (marks[NOT (w.blit)] && *remove == INVALID) {
        *remove = NOT (w.blit);
        if (solver->lrat)
          *remove_by = es_lrat_binary_id (solver, lit, w.blit);
      }
    }
    for (unsigned sign = 0; sign < 2; sign++) {
      for (all_watches (w, WATCHES (sign ? NOT (lit) : lit))) {
        if (IS_BINARY (w))
          continue;
        clause *d = CLAUSE (w.ref);
        if (d->garbage)
          continue;
        unsigned res = check_clause (solver, d, s);
        if (res == INVALID && !sign) {
          if (!c->redundant && d->redundant)
            es_promote_clause (solver, d);
          es_mark_garbage (solver, c);
          return true;
        }
        if (res != INVALID && res != NEITHER && *remove == INVALID) {
          *remove = res;
          *remove_by = es_clause_id (solver, d);
        }
      }
    }
  }
  return false;
}

/* Removes 'lit' from 'c', resolving with the clause 'by' (proof: the
 * shorter clause is added first). */
static void strengthen (einsat *solver, clause *c, unsigned lit,
                        uint64_t by) {
  assert (!c->garbage && c->size > 2);
  LOGCLAUSE (REF (c), "strengthening without %s", LOGLIT (lit));
  uint64_t old_id = es_save_clause (solver, c);
  CLEAR_STACK (solver->lrat_chain);
  if (solver->lrat) {
    PUSH_STACK (solver->lrat_chain, by);
    PUSH_STACK (solver->lrat_chain, old_id);
  }
  unsigned *q = c->lits;
  for (all_literals_in_clause (other, c))
    if (other != lit)
      *q++ = other;
  INC (strengthened);
  es_shorten_clause (solver, c, old_id, c->size - 1);
}

static void watch_on_rarest (einsat *solver, clause *c, subsumption *s) {
  unsigned best = c->lits[0];
  for (all_literals_in_clause (lit, c))
    if (s->counts[lit] < s->counts[best])
      best = lit;
  PUSH_WATCHES (WATCHES (best), ((watch) {best, REF (c)}));
}

static void subsume_clause (einsat *solver, clause *c, subsumption *s) {
  signed char *marks = solver->marks;
  assert (!c->garbage);
  for (;;) {
    for (all_literals_in_clause (lit, c))
      marks[lit] = 1;
    unsigned remove;
    uint64_t remove_by = 0;
    bool subsumed =
        subsumed_or_strengthened (solver, c, s, &remove, &remove_by);
    for (all_literals_in_clause (lit, c))
      marks[lit] = 0;
    if (subsumed) {
      assert (c->garbage);
      INC (subsumed);
      return;
    }
    if (remove == INVALID)
      break;
    strengthen (solver, c, remove, remove_by);
    if (c->garbage)
      return; /* became binary */
  }
  watch_on_rarest (solver, c, s);
}

static void release (einsat *solver, subsumption *s) {
  size_t lits = s->size;
  DELETE_ARRAY (s->counts, lits);
  s->size = 0;
}

void es_subsume (einsat *solver) {
  if (!es_clean_root (solver) ||
      !es_round_begins (solver, TECHNIQUE_subsume,
                        &solver->last.ticks.subsume))
    return;
  assert (!solver->level && !solver->dense);
  assert (!solver->subsumption.size); /* released after each round */
  subsumption *s = &solver->subsumption;
  size_t lits = 2 * (size_t) solver->vars;
  s->size = lits ? lits : 1;
  NEW_ARRAY (s->counts, s->size);
  s->steps = 0;
  s->limit = es_effort_with_base (solver, solver->last.ticks.subsume,
                                  GET_OPTION (subsumeeffort),
                                  GET_OPTION (subsumebaseeffort));
  unsigneds *order = &solver->clause_order;
  es_mark_reasons (solver, true);
  es_flush_large_watches (solver); /* room for the one watches */
  schedule (solver, s, order);
  LOG ("subsumption round with %zu candidates and budget %" PRIu64,
       SIZE_STACK (*order), s->limit);
  for (all_stack (unsigned, ref, *order)) {
    if (s->steps > s->limit)
      break;
    clause *c = CLAUSE (ref);
    if (!c->garbage)
      subsume_clause (solver, c, s);
  }
  RELEASE_STACK (*order);
  es_mark_reasons (solver, false);
  release (solver, s);
  es_collect (solver);
  solver->last.ticks.subsume = STAT (ticks);
  INC (subsumptions);
  es_round_ends (solver, TECHNIQUE_subsume);
}

void es_release_subsumption (einsat *solver) {
  release (solver, &solver->subsumption);
}
