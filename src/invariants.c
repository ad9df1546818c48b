/* Checkers of derived state for debugging builds (without 'NDEBUG':
 * 'make CONFIG=debug' and the sanitizer build; compiled out in release).
 * Each recomputes what the solver keeps up to date incrementally and
 * asserts that the two agree: the trail, levels and reasons, the watch
 * lists against the clauses and the pool of their blocks, the clause
 * counters, the at-most-one constraints and their index, the decision
 * queue and heap, and the schedule.  They cost time linear in the
 * formula, so the search calls them after its scheduled tasks and at
 * exponentially spaced conflicts (see 'search.c'), not at every step.
 *
 * They allocate nothing (an allocation could fail and long-jump out):
 * the watch lists are compared with the clauses through sums of hashed
 * (literal, clause) pairs, which agree as multisets with overwhelming
 * probability only if the lists are right. */

#include "internal.h"

#ifndef NDEBUG

/*------------------------------------------------------------------------*/
/* Variables, trail, levels and reasons. */

static void check_variable_flags (einsat *solver) {
  unsigned active = 0, fixed = 0;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    const var_flags *f = FLAGS (idx);
    assert (f->active == !(f->fixed || f->eliminated));
    assert (!(f->fixed && f->eliminated));
    assert (!f->fixed || (VALUE (LIT (idx)) && !LEVEL (LIT (idx))));
    assert (!f->eliminated || !VALUE (LIT (idx)));
    assert (!f->seen);
    active += f->active;
    fixed += f->fixed;
  }
  assert (active == solver->active);
  assert (fixed == STAT (fixed));
  assert (solver->vars == STAT (variables));
}

/* The literal of the implied 'lit' comes first in its large reason, the
 * others are false, and the level of 'lit' is the highest of theirs. */
static void check_reason (einsat *solver, unsigned lit) {
  const assigned *a = VAR (lit);
  if (a->binary) {
    assert (VALUE (a->reason) < 0);
    assert (LEVEL (a->reason) == a->level);
    assert (VAR (a->reason)->trail < a->trail);
    return;
  }
  assert (a->reason < SIZE_STACK (solver->arena));
  clause *c = CLAUSE (a->reason);
  assert (!c->garbage);
  assert (c->lits[0] == lit);
  unsigned level = 0;
  for (all_literals_in_clause (other, c)) {
    if (other == lit)
      continue;
    assert (VALUE (other) < 0);
    assert (VAR (other)->trail < a->trail);
    if (LEVEL (other) > level)
      level = LEVEL (other);
  }
  assert (level == a->level);
}

static void check_trail (einsat *solver) {
  assert (solver->propagated <= solver->trail_size);
  assert (solver->trail_size <= solver->vars);
  assert (SIZE_STACK (solver->frames) == (size_t) solver->level + 1);
  for (unsigned pos = 0; pos < solver->trail_size; pos++) {
    unsigned lit = solver->trail[pos];
    assert (IDX (lit) < solver->vars);
    assert (VALUE (lit) > 0 && VALUE (NOT (lit)) < 0);
    const assigned *a = VAR (lit);
    assert (a->trail == pos);
    assert (a->level <= solver->level);
    assert (pos >= PEEK_STACK (solver->frames, a->level).trail);
    assert (!a->analyzed && !a->poisoned && !a->removable &&
            !a->shrinkable);
    if (a->level && a->reason != INVALID)
      check_reason (solver, lit);
  }
  unsigned values = 0;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    signed char value = VALUE (LIT (idx));
    assert (value == -VALUE (NOT (LIT (idx))));
    values += value != 0;
  }
  assert (values == solver->trail_size);
}

/* Each level starts with its decision, or has none ('INVALID': an
 * assumption that was already true). */
static void check_levels (einsat *solver) {
  unsigned previous = 0;
  for (unsigned level = 1; level <= solver->level; level++) {
    const frame *f = &PEEK_STACK (solver->frames, level);
    assert (previous <= f->trail && f->trail <= solver->trail_size);
    assert (!f->seen);
    previous = f->trail;
    if (f->decision == INVALID)
      continue;
    assert (VALUE (f->decision) > 0);
    const assigned *a = VAR (f->decision);
    assert (a->level == level);
    assert (a->reason == INVALID);
    assert (a->trail == f->trail);
  }
}

/*------------------------------------------------------------------------*/
/* Clauses, watches and counters. */

/* A hash of a (literal, clause) pair; sums of it compare multisets. */
static uint64_t pair_hash (unsigned lit, unsigned ref) {
  uint64_t h = ((uint64_t) ref << 32 | lit) * 0x9e3779b97f4a7c15u;
  return h ^ (h >> 29);
}

typedef struct clause_counts {
  uint64_t irredundant, redundant; /* clauses: large and binary */
  uint64_t large_watches;          /* expected watches: their hashes */
  uint64_t garbage_words;          /* at least this much is garbage */
} clause_counts;

static void check_clause (einsat *solver, clause *c) {
  assert (c->size >= 3);
  assert (!c->reason);
  /* Collection saves 'searched' only where it can differ from 2. */
  assert (2 <= c->searched && c->searched < c->size);
  for (all_literals_in_clause (lit, c)) {
    assert (IDX (lit) < solver->vars);
    assert (!FLAGS (IDX (lit))->eliminated);
  }
}

/* A promoted clause is on both lists: it is counted on the irredundant
 * one only. */
static void count_clauses (einsat *solver, const unsigneds *refs,
                           bool redundant, clause_counts *counts) {
  for (all_stack (unsigned, ref, *refs)) {
    assert (ref < SIZE_STACK (solver->arena));
    clause *c = CLAUSE (ref);
    if (c->garbage) {
      counts->garbage_words +=
          redundant == c->redundant ? ARENA_WORDS (c->size) : 0;
      continue;
    }
    if (c->redundant != redundant)
      continue;
    check_clause (solver, c);
    if (redundant)
      counts->redundant++;
    else
      counts->irredundant++;
    if (solver->dense)
      continue;
    counts->large_watches +=
        pair_hash (c->lits[0], ref) + pair_hash (c->lits[1], ref);
  }
}

/* The pool of short watch lists ('watch.c'): its chunks' room is the
 * sum of the pooled lists' blocks, the free blocks of each class and the
 * uncarved rest of the current chunk, so no block is lost or shared.
 * 'pooled' is the room of the pooled lists. */
static void check_watch_pool (einsat *solver, size_t pooled) {
  const watch_pool *pool = &solver->watch_pool;
  size_t room = 0;
  bool current_found = !pool->current;
  for (const watch_chunk *chunk = pool->chunks; chunk;
       chunk = chunk->next) {
    room += chunk->watches;
    current_found |= chunk == pool->current;
  }
  assert (room == pool->watches && current_found);
  assert (!pool->next == !pool->current && pool->next <= pool->end);
  size_t unused = 0;
  for (unsigned c = 0; c < WATCH_POOL_CLASSES; c++) {
    size_t capacity = es_watch_class_capacity (c);
    for (const free_watches *block = pool->free[c]; block;
         block = block->next) {
      unused += capacity;
      assert (unused <= room); /* no cycle */
    }
  }
  if (pool->next)
    unused += (size_t) (pool->end - pool->next);
  assert (pooled + unused == room);
}

/* Binary watches come in pairs (a, b) and (b, a) of the same kind; large
 * watches are on the first two literals of their clause, with another
 * literal of it as blocking literal.  Watches of garbage clauses may
 * linger until propagation or collection drops them.  A list's header
 * has room for its watches, and memory exactly when it has room, which
 * is a size class of the pool up to 'WATCH_POOL_MAX'. */
static void check_watches (einsat *solver, clause_counts *counts) {
  uint64_t forward = 0, backward = 0, large = 0;
  uint64_t binaries[2] = {0, 0};
  size_t pooled = 0;
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++) {
    const watches *ws = &WATCHES (lit);
    assert (ws->size <= ws->capacity);
    assert (!ws->capacity == !ws->begin);
    assert (es_watch_block_capacity (ws->capacity) == ws->capacity);
    if (ws->capacity <= WATCH_POOL_MAX)
      pooled += ws->capacity;
    for (all_watches (w, *ws)) {
      if (IS_BINARY (w)) {
        assert (IDX (w.blit) < solver->vars && IDX (w.blit) != IDX (lit));
        bool redundant = w.ref == REDUNDANT_BINARY;
        binaries[redundant]++;
        forward += pair_hash (lit, w.blit) + redundant;
        backward += pair_hash (w.blit, lit) + redundant;
        continue;
      }
      clause *c = CLAUSE (w.ref);
      if (c->garbage || solver->dense)
        continue;
      assert (lit == c->lits[0] || lit == c->lits[1]);
      assert (w.blit != lit);
      large += pair_hash (lit, w.ref);
    }
  }
  assert (forward == backward);
  assert (!(binaries[0] & 1) && !(binaries[1] & 1));
  counts->irredundant += binaries[0] / 2;
  counts->redundant += binaries[1] / 2;
  assert (solver->dense || large == counts->large_watches);
  check_watch_pool (solver, pooled);
}

static void check_clauses (einsat *solver) {
  clause_counts counts = {0, 0, 0, 0};
  count_clauses (solver, &solver->irredundant, false, &counts);
  count_clauses (solver, &solver->redundant, true, &counts);
  check_watches (solver, &counts);
  assert (counts.irredundant == STAT (clauses_irredundant));
  assert (counts.redundant == STAT (clauses_redundant));
  assert (counts.garbage_words <= solver->garbage_words);
  assert (solver->garbage_words <= SIZE_STACK (solver->arena));
}

/*------------------------------------------------------------------------*/
/* Decision heuristics. */

/* The queue links every variable not eliminated, stamped in order;
 * 'search' has no unassigned variable after it. */
static void check_queue (einsat *solver) {
  const queue *q = &solver->queue;
  const links *l = solver->links;
  unsigned count = 0, previous = INVALID;
  bool after_search = q->search == INVALID;
  for (unsigned idx = q->first; idx != INVALID; idx = l[idx].next) {
    assert (idx < solver->vars);
    assert (l[idx].prev == previous);
    assert (previous == INVALID || l[previous].stamp < l[idx].stamp);
    assert (!FLAGS (idx)->eliminated);
    assert (!after_search || VALUE (LIT (idx)));
    after_search |= idx == q->search;
    previous = idx;
    count++;
  }
  assert (after_search);
  assert (q->last == previous);
  assert (previous == INVALID || l[previous].stamp <= q->stamp);
  unsigned eliminated = 0;
  for (unsigned idx = 0; idx < solver->vars; idx++)
    eliminated += FLAGS (idx)->eliminated;
  assert (count + eliminated == solver->vars);
}

/* A max-heap on scores that holds every active unassigned variable. */
static void check_heap (einsat *solver) {
  const heap *h = &solver->scores;
  assert (h->filled || !h->size);
  if (!h->filled) /* before the first stable mode (see 'es_fill_heap') */
    return;
  assert (h->size <= solver->vars);
  for (unsigned pos = 0; pos < h->size; pos++) {
    unsigned idx = h->array[pos];
    assert (idx < solver->vars);
    assert (h->pos[idx] == pos);
    if (pos)
      assert (h->score[h->array[(pos - 1) / 2]] >= h->score[idx]);
  }
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    assert (HEAP_CONTAINS (h, idx) || !FLAGS (idx)->active ||
            VALUE (LIT (idx)));
    assert (!HEAP_CONTAINS (h, idx) || h->pos[idx] < h->size);
  }
}

/*------------------------------------------------------------------------*/
/* The schedule ('schedule.c'). */

static void check_delay (const delay *d) {
  assert (d->count <= d->interval);
}

static void check_schedule (einsat *solver) {
  const last_run *l = &solver->last;
  const uint64_t ticks = STAT (ticks);
  assert (l->ticks.cardinality <= ticks && l->ticks.congruence <= ticks);
  assert (l->ticks.eliminate <= ticks && l->ticks.factor <= ticks);
  assert (l->ticks.gauss <= ticks && l->ticks.mode <= ticks);
  assert (l->ticks.probe <= ticks && l->ticks.subsume <= ticks);
  assert (l->ticks.transred <= ticks && l->ticks.vivify <= ticks);
  assert (l->ticks.walk <= ticks);
  const uint64_t originals = solver->originals;
  assert (l->originals.cardinality <= originals);
  assert (l->originals.gauss <= originals);
  assert (l->originals.gaussjordan <= originals);
  assert (l->originals.lucky <= originals);
  assert (l->fixed.probe <= STAT (fixed));
  assert (l->fixed.simplify <= STAT (fixed));
  assert (l->decisions <= STAT (decisions));
  check_delay (&solver->delays.bumpreasons);
  es_check_round_schedules (solver);
  assert (!STAT (mode_switches) || solver->limits.mode.unit);
}

/*------------------------------------------------------------------------*/
/* Native at-most-one and exactly-one constraints ('atmost.c'): the
 * counts, the flags of their variables, the room kept for the clauses of
 * exactly-one constraints and, unless it is to be rebuilt, the index. */

static void check_atmosts (einsat *solver) {
  const atmosts *A = &solver->atmosts;
  const unsigned *arena = A->arena.begin;
  size_t words = SIZE_STACK (A->arena), literals = 0, pending_words = 0;
  unsigned count = 0, pending = 0;
  uint64_t expected = 0, indexed = 0;
  unsigned progressions = 0;
  for (size_t ref = 0; ref < words; ref += ATMOST_WORDS (arena[ref])) {
    const unsigned *c = arena + ref;
    unsigned size = ATMOST_SIZE (c[0]);
    assert (size >= 2 && ref + ATMOST_WORDS (c[0]) <= words);
    if (c[0] & ATMOST_PROGRESSION) {
      /* watches: two different positions; the search: any position */
      progressions++;
      assert (size > ATMOST_PROGRESSION_WORDS);
      assert (c[4] < size && c[5] < size && c[4] != c[5]);
      assert (c[1] < size);
    } else
      assert (c[1] == 2 || (2 < c[1] && c[1] < size));
    for (unsigned i = 0; i < size; i++) {
      unsigned lit = es_atmost_literal (c, i);
      assert (IDX (lit) < solver->vars);
      assert (FLAGS (IDX (lit))->atmost);
      assert (!FLAGS (IDX (lit))->eliminated);
      expected += pair_hash (lit, (unsigned) ref);
    }
    if (arena[ref] & ATMOST_EXACTLY)
      pending++, pending_words += ARENA_WORDS (size);
    count++;
    literals += size;
  }
  assert (pending == A->pending && pending_words == A->pending_words);
  assert (!pending || SIZE_STACK (solver->arena) + pending_words <=
                          CAPACITY_STACK (solver->arena));
  assert (count == A->count);
  assert (progressions == A->progressions);
  assert (literals == A->occurrences);
  if (A->stale || !A->count)
    return;
  assert (A->start_size <= (size_t) solver->vars + 1);
  assert (A->start[A->start_size - 1] == SIZE_STACK (A->occurs));
  for (size_t idx = 0; idx + 1 < A->start_size; idx++) {
    assert (A->start[idx] <= A->start[idx + 1]);
    for (unsigned i = A->start[idx]; i < A->start[idx + 1]; i++) {
      unsigned o = A->occurs.begin[i];
      indexed += pair_hash (LIT ((unsigned) idx) | (o & 1), o >> 1);
    }
  }
  assert (indexed == expected);
}

/*------------------------------------------------------------------------*/

void es_check_invariants (einsat *solver) {
  if (solver->inconsistent)
    return; /* the state may be left half-way */
  check_variable_flags (solver);
  check_trail (solver);
  check_levels (solver);
  check_clauses (solver);
  check_atmosts (solver);
  check_queue (solver);
  check_heap (solver);
  check_schedule (solver);
  INC (invariant_checks);
}

#else

/* ISO C forbids an empty translation unit. */
typedef int invariants_compiled_out;

#endif
