/* Unit tests of the generic structures against trivial reference
 * implementations.  They reach into the library internals (src/), which
 * only the unit tests may do. */

#include "internal.h"
#include "unit.h"

#include "../common/check.h"

#include <math.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* A solver is needed as the owner of the memory. */
static einsat *new_solver (void) { return einsat_new (); }

static void test_stack (void) {
  einsat *solver = new_solver ();
  unsigneds stack;
  INIT_STACK (stack);
  for (unsigned i = 0; i < 1000; i++)
    PUSH_STACK (stack, i * i);
  CHECK (SIZE_STACK (stack) == 1000);
  CHECK (CAPACITY_STACK (stack) >= 1000);
  unsigned sum = 0, expected = 0;
  for (all_stack (unsigned, x, stack))
    sum += x;
  for (unsigned i = 0; i < 1000; i++)
    expected += i * i;
  CHECK (sum == expected);
  CHECK (POP_STACK (stack) == 999u * 999u);
  SHRINK_STACK (stack);
  CHECK (CAPACITY_STACK (stack) == 999);
  CLEAR_STACK (stack);
  CHECK (EMPTY_STACK (stack));
  size_t before = einsat_memory (solver);
  RELEASE_STACK (stack);
  CHECK (einsat_memory (solver) < before);
  einsat_delete (solver);
}

/* The heap must pop variables in decreasing score order, whatever the
 * sequence of pushes and updates. */
static void test_heap (void) {
  einsat *solver = new_solver ();
  for (int v = 1; v <= 500; v++)
    einsat_add (solver, v), einsat_add (solver, 0);
  heap *h = &solver->scores;
  CHECK (!h->filled && !h->size); /* filled by the first stable mode */
  es_fill_heap (solver, h);
  while (h->size)
    es_heap_pop (solver, h);
  uint64_t rng = 3;
  for (unsigned idx = 0; idx < 500; idx++) {
    h->score[idx] = (double) (es_random (&rng) % 1000);
    es_heap_push (solver, h, idx);
  }
  for (int i = 0; i < 300; i++) {
    unsigned idx = es_random_below (&rng, 500);
    h->score[idx] += (double) es_random_below (&rng, 500);
    es_heap_update (solver, h, idx);
  }
  double last = INFINITY;
  unsigned popped = 0;
  while (h->size) {
    unsigned idx = es_heap_pop (solver, h);
    CHECK (h->score[idx] <= last);
    CHECK (!HEAP_CONTAINS (h, idx));
    last = h->score[idx];
    popped++;
  }
  CHECK (popped == 500);
  einsat_delete (solver);
}

/* Queue stamps near the 32-bit limit: the queue is stamped again in its
 * order, and the search still answers right (the model is checked). */
static void test_queue_restamp (void) {
  einsat *solver = new_solver ();
  uint64_t rng = 11;
  int clauses[400][3];
  for (int i = 0; i < 400; i++) {
    for (int j = 0; j < 3; j++) {
      int v = 1 + (int) es_random_below (&rng, 100);
      clauses[i][j] = es_random_below (&rng, 2) ? v : -v;
      einsat_add (solver, clauses[i][j]);
    }
    einsat_add (solver, 0);
  }
  queue *q = &solver->queue;
  q->stamp = UINT_MAX - 3;
  for (unsigned idx = 0; idx < 10; idx++) { /* bumped: to the front */
    es_queue_dequeue (solver, idx);
    es_queue_enqueue (solver, idx);
  }
  CHECK (einsat_statistic (solver, "queue_restamps") == 1);
  CHECK (q->stamp == solver->vars + 6);
  CHECK (q->last == 9);
  unsigned previous = 0;
  for (unsigned idx = q->first; idx != INVALID;
       idx = solver->links[idx].next) {
    CHECK (solver->links[idx].stamp > previous);
    previous = solver->links[idx].stamp;
  }
  CHECK (previous == q->stamp);
  int res = einsat_solve (solver);
  CHECK (res == 10 || res == 20);
  for (int i = 0; res == 10 && i < 400; i++) {
    bool satisfied = false;
    for (int j = 0; j < 3; j++)
      satisfied |= einsat_val (solver, clauses[i][j]) == clauses[i][j];
    CHECK (satisfied);
  }
  einsat_delete (solver);
}

static void test_ema (void) {
  ema e;
  es_init_ema (&e, 10);
  es_update_ema (&e, 5);
  CHECK (fabs (e.value - 5) < 1e-9); /* bias corrected from the start */
  for (int i = 0; i < 1000; i++)
    es_update_ema (&e, 1);
  CHECK (fabs (e.value - 1) < 1e-6);
}

static void test_random (void) {
  uint64_t a = 42, b = 42;
  for (int i = 0; i < 100; i++)
    CHECK (es_random (&a) == es_random (&b));
  unsigned counts[10] = {0};
  for (int i = 0; i < 10000; i++)
    counts[es_random_below (&a, 10)]++;
  for (int i = 0; i < 10; i++)
    CHECK (counts[i] > 800 && counts[i] < 1200);
}

static void test_import (void) {
  einsat *solver = new_solver ();
  unsigned a = es_import_literal (solver, 1000);
  unsigned b = es_import_literal (solver, -7);
  CHECK (IDX (a) == 0 && !NEGATED (a));
  CHECK (IDX (b) == 1 && NEGATED (b));
  CHECK (es_import_literal (solver, -1000) == NOT (a));
  CHECK (es_export_literal (solver, a) == 1000);
  CHECK (es_export_literal (solver, b) == -7);
  CHECK (solver->vars == 2 && einsat_vars (solver) == 1000);
  einsat_delete (solver);
}

/* Queues 'count' clauses of 'size' literals and 'glue' over variables
 * from 'first' on (each clause a window of consecutive variables). */
static void queue_clauses (einsat *solver, int count, int size, int glue,
                           int first) {
  for (int i = 0; i < count; i++) {
    int lits[8];
    for (int j = 0; j < size; j++)
      lits[j] = first + i + j;
    CHECK (es_queue_clause (solver, lits, size, glue));
  }
}

static uint64_t redundant_with_glue (einsat *solver, unsigned glue) {
  uint64_t count = 0;
  for (all_stack (unsigned, ref, solver->redundant))
    count += CLAUSE (ref)->glue == glue;
  return count;
}

/* One import round in the search at 'conflicts' (the queued clauses:
 * 'large' of six literals and glue 9 first, then 'small' of three
 * literals and glue 2, over variables from 'first' on); checks the
 * imported clauses and those over the budget so far. */
static void budget_round (einsat *solver, int large, int small, int first,
                          uint64_t conflicts, uint64_t imported,
                          uint64_t over) {
  queue_clauses (solver, large, 6, 9, first);
  queue_clauses (solver, small, 3, 2, first);
  STAT (conflicts) = conflicts;
  es_import_clauses (solver, true);
  CHECK (STAT (imported_clauses) == imported);
  CHECK (STAT (import_budget) == over);
}

/* The import budget ('share.c'): credit per conflict, lowest glue first,
 * more credit once imported clauses prove useful, none before a solve. */
static void test_import_budget (void) {
  einsat *solver = new_solver ();
  CHECK (einsat_set_option (solver, "importbudget", 1));
  for (int v = 1; v <= 60; v++)
    einsat_add (solver, v), einsat_add (solver, -(v + 1)), einsat_add (solver, 0);
  /* Glue 9 queued first, glue 2 wins: 30 conflicts buy 30 literals, ten
   * clauses of three literals, at the initial usefulness. */
  budget_round (solver, 10, 20, 1, 30, 10, 20);
  CHECK (redundant_with_glue (solver, 2) == 10);
  CHECK (redundant_with_glue (solver, 9) == 0);
  /* Imported clauses were used: twice the rate. */
  for (int i = 0; i < 1000; i++)
    es_import_usefulness (solver, true);
  budget_round (solver, 5, 20, 30, 60, 30, 25);
  CHECK (redundant_with_glue (solver, 9) == 0);
  /* Clauses that all fit spend the credit too: 20 conflicts at twice the
   * rate buy 40 literals, 30 go to five clauses, 10 remain. */
  budget_round (solver, 5, 0, 35, 80, 35, 25);
  CHECK (solver->share.import_credit == 10);
  /* Before a solve everything goes in. */
  queue_clauses (solver, 5, 6, 9, 40);
  es_import_clauses (solver, false);
  CHECK (STAT (imported_clauses) == 40);
  /* And with the budget off. */
  CHECK (einsat_set_option (solver, "importbudget", 0));
  budget_round (solver, 5, 0, 50, 81, 45, 25);
  einsat_delete (solver);
}

/* Arena clauses survive garbage collection with their literals. */
static void test_collect (void) {
  einsat *solver = new_solver ();
  for (int c = 0; c < 100; c++) {
    for (int i = 0; i < 5; i++)
      einsat_add (solver, 1 + (c * 7 + i * 13) % 50);
    einsat_add (solver, 0);
  }
  size_t clauses = SIZE_STACK (solver->irredundant);
  CHECK (clauses > 90);
  for (size_t i = 0; i < clauses; i += 2)
    es_mark_garbage (solver, CLAUSE (PEEK_STACK (solver->irredundant, i)));
  es_collect (solver);
  CHECK (SIZE_STACK (solver->irredundant) == clauses / 2);
  CHECK (!solver->garbage_words);
  for (all_stack (unsigned, ref, solver->irredundant)) {
    clause *c = CLAUSE (ref);
    CHECK (c->size >= 3 && !c->garbage);
  }
  CHECK (einsat_solve (solver) == 10);
  einsat_delete (solver);
}

/* The pool of short watch lists ('watch.c'): size classes exact up to
 * 16 watches and at most 1/8 above the request up to 'WATCH_POOL_MAX';
 * lists pushed, popped, released and all grown at once (which may
 * compact the pool) keep their watches in order, with the room asked
 * for; the checkers account for every pooled watch; deleting the
 * solver gives every chunk back. */
static void test_watch_pool (void) {
  for (size_t want = 0; want <= 2 * WATCH_POOL_MAX; want++) {
    size_t got = es_watch_block_capacity (want);
    CHECK (got >= want && got <= want + want / 8 + (want > 16));
    CHECK (want > 16 || got == want);
    CHECK (want <= WATCH_POOL_MAX || got == want);
    CHECK (es_watch_block_capacity (got) == got);
  }
  for (unsigned c = 0; c < WATCH_POOL_CLASSES; c++)
    CHECK (es_watch_block_capacity (es_watch_class_capacity (c)) ==
           es_watch_class_capacity (c));
  CHECK (es_watch_class_capacity (WATCH_POOL_CLASSES - 1) ==
         WATCH_POOL_MAX);
  einsat *solver = new_solver ();
  for (int v = 1; v <= 300; v++)
    einsat_add (solver, v);
  einsat_add (solver, 0);
  einsat_add (solver, -1), einsat_add (solver, -2), einsat_add (solver, -3);
  einsat_add (solver, 0);
  const unsigned lits = 2 * solver->vars;
  CHECK (lits == 600 && SIZE_STACK (solver->irredundant) == 2);
  /* The test's watches are of a garbage clause, which the checkers
   * allow, and the model is their number: list 'lit' holds {0, gone},
   * {1, gone}, ... {n - 1, gone}. */
  const unsigned gone = PEEK_STACK (solver->irredundant, 1);
  es_mark_garbage (solver, CLAUSE (gone));
  unsigned *sizes = calloc (lits, sizeof *sizes);
  unsigned *more = calloc (lits, sizeof *more);
  bool *mine = calloc (lits, sizeof *mine);
  for (unsigned lit = 0; lit < lits; lit++)
    mine[lit] = EMPTY_WATCHES (WATCHES (lit)); /* not the clause's */
  uint64_t rng = 11;
  unsigned compacted = 0;
  for (int round = 0; round < 40; round++) {
    for (unsigned lit = 0; lit < lits; lit++) {
      if (!mine[lit])
        continue;
      unsigned action = es_random_below (&rng, 8);
      if (action == 0 || (round % 9 == 8 && es_random_below (&rng, 10))) {
        RELEASE_WATCHES (WATCHES (lit));
        sizes[lit] = 0;
      } else if (action == 1 && sizes[lit]) {
        sizes[lit] -= es_random_below (&rng, sizes[lit]) + 1;
        watch *end = BEGIN_WATCHES (WATCHES (lit)) + sizes[lit];
        SET_END_WATCHES (WATCHES (lit), end);
      } else {
        unsigned push = es_random_below (&rng, action == 2 ? 90 : 6);
        for (unsigned i = 0; i < push; i++)
          PUSH_WATCHES (WATCHES (lit), ((watch) {sizes[lit]++, gone}));
      }
      more[lit] =
          es_random_below (&rng, 4) ? 0 : es_random_below (&rng, 40);
    }
    if (round % 3 == 2) {
      es_reserve_all_watches (solver, more);
      bool exact = true; /* only after compacting */
      for (unsigned lit = 0; lit < lits; lit++) {
        size_t size = SIZE_WATCHES (WATCHES (lit));
        size_t capacity = CAPACITY_WATCHES (WATCHES (lit));
        CHECK (capacity >= size + more[lit]);
        exact &= capacity > WATCH_POOL_MAX ||
                 capacity == es_watch_block_capacity (size + more[lit]);
      }
      compacted += exact;
    }
    for (unsigned lit = 0; lit < lits; lit++) {
      if (!mine[lit])
        continue;
      const watches *ws = &WATCHES (lit);
      CHECK (SIZE_WATCHES (*ws) == sizes[lit]);
      CHECK (es_watch_block_capacity (ws->capacity) == ws->capacity);
      unsigned i = 0;
      for (all_watches (w, *ws))
        CHECK (w.blit == i++ && w.ref == gone);
    }
#ifndef NDEBUG
    es_check_invariants (solver); /* counts every pooled watch */
#endif
  }
  CHECK (compacted > 0);
  for (unsigned lit = 0; lit < lits; lit++)
    if (mine[lit])
      RELEASE_WATCHES (WATCHES (lit));
  CHECK (einsat_solve (solver) == 10);
  free (sizes), free (more), free (mine);
  einsat_delete (solver);
}

/* Collection slides clauses down in place: with redundant clauses
 * between irredundant ones, a promoted clause on both lists, a shortened
 * clause (a hole behind it) and LRAT identifiers before each clause,
 * every survivor keeps its literals, identifier and list position. */
static void test_collect_in_place (void) {
  einsat *solver = new_solver ();
  FILE *proof = fopen ("/dev/null", "w");
  CHECK (proof != 0);
  CHECK (einsat_trace_lrat (solver, proof, false));
  for (int c = 0; c < 60; c++) {
    for (int i = 0; i < 4; i++)
      einsat_add (solver, 1 + (c * 7 + i * 13) % 40);
    einsat_add (solver, 0);
  }
  CHECK (solver->id_words == 2);
  size_t originals = SIZE_STACK (solver->irredundant);
  for (size_t i = 0; i < originals; i += 3) { /* interleaved learned */
    clause *c = CLAUSE (PEEK_STACK (solver->irredundant, i));
    unsigned lits[3] = {c->lits[0], c->lits[1], c->lits[2]};
    es_new_clause (solver, true, 2, 3, lits);
    if (i % 2)
      es_mark_garbage (solver, c);
  }
  clause *promoted = CLAUSE (PEEK_STACK (solver->redundant, 1));
  es_promote_clause (solver, promoted);
  clause *shortened = CLAUSE (PEEK_STACK (solver->irredundant, 4));
  shortened->size--; /* as 'es_shorten_clause' leaves it, without the */
  solver->garbage_words++; /* LRAT step, which needs hints */
  /* The expected lists: each survivor's identifier and literals. */
  uint64s expected;
  INIT_STACK (expected);
  for (int redundant = 0; redundant < 2; redundant++) {
    unsigneds *refs = redundant ? &solver->redundant : &solver->irredundant;
    for (all_stack (unsigned, ref, *refs)) {
      clause *c = CLAUSE (ref);
      if (c->garbage || c->redundant != redundant)
        continue;
      PUSH_STACK (expected, es_clause_id (solver, c));
      for (all_literals_in_clause (lit, c))
        PUSH_STACK (expected, lit);
    }
  }
  es_collect (solver);
  CHECK (!solver->garbage_words);
  uint64_t *p = expected.begin;
  size_t words = 0;
  for (int redundant = 0; redundant < 2; redundant++) {
    unsigneds *refs = redundant ? &solver->redundant : &solver->irredundant;
    for (all_stack (unsigned, ref, *refs)) {
      clause *c = CLAUSE (ref);
      CHECK (!c->garbage && c->redundant == redundant);
      CHECK (c->searched == 2); /* restored, not the forwarding address */
      CHECK (p != expected.end && *p++ == es_clause_id (solver, c));
      for (all_literals_in_clause (lit, c))
        CHECK (p != expected.end && *p++ == lit);
      words += ARENA_WORDS (c->size);
    }
  }
  CHECK (p == expected.end);
  CHECK (words == SIZE_STACK (solver->arena)); /* no hole left */
  RELEASE_STACK (expected);
  CHECK (einsat_solve (solver) == 10);
  einsat_delete (solver);
  fclose (proof);
}

/* Planted random 3-SAT formulas below the threshold are easy for local
 * search. */
enum { WALK_VARS = 200, WALK_CLAUSES = 800 };
static int walk_lits[WALK_CLAUSES][3];

/* A random variable up to 'vars' not among the first 'i' literals. */
static int fresh_variable (uint64_t *rng, unsigned vars, const int *lits,
                           int i) {
  for (;;) {
    int v = 1 + (int) es_random_below (rng, vars);
    bool fresh = true;
    for (int j = 0; j < i; j++)
      fresh &= abs (lits[j]) != v;
    if (fresh)
      return v;
  }
}

static void add_planted_formula (einsat *solver, uint64_t seed) {
  uint64_t rng = seed;
  bool planted[WALK_VARS + 1];
  for (int v = 1; v <= WALK_VARS; v++)
    planted[v] = es_random (&rng) & 1;
  for (int c = 0; c < WALK_CLAUSES; c++) {
    int *lits = walk_lits[c];
    bool satisfied;
    do {
      satisfied = false;
      for (int i = 0; i < 3; i++) {
        int v = fresh_variable (&rng, WALK_VARS, lits, i);
        bool positive = es_random (&rng) & 1;
        lits[i] = positive ? v : -v;
        satisfied |= positive == planted[v];
      }
    } while (!satisfied);
    for (int i = 0; i < 3; i++)
      einsat_add (solver, lits[i]);
    einsat_add (solver, 0);
  }
}

/* Every clause of the planted formula is satisfied by the root values
 * where there are any and by the saved phases (the walk's model) where
 * not. */
static void check_walk_model (einsat *solver) {
  for (int c = 0; c < WALK_CLAUSES; c++) {
    bool satisfied = false;
    for (int i = 0; i < 3; i++) {
      unsigned lit = es_import_literal (solver, walk_lits[c][i]);
      signed char phase = VALUE (lit) ? VALUE (lit) : solver->saved[IDX (lit)];
      if (!VALUE (lit) && NEGATED (lit))
        phase = -phase;
      satisfied |= phase > 0;
    }
    CHECK (satisfied);
  }
}

/* One walk must find a model and write it into the saved phases, which
 * the search then follows without a conflict. */
static void test_walk (void) {
  einsat *solver = new_solver ();
  einsat_set_option (solver, "eliminate", 0);
  einsat_set_option (solver, "walkmineffort", 100000);
  add_planted_formula (solver, 7);
  es_init_schedules (solver);
  es_walk (solver);
  CHECK (STAT (walks) == 1 && STAT (walk_models) == 1);
  check_walk_model (solver);
  CHECK (einsat_solve (solver) == 10);
  CHECK (!STAT (conflicts));
  einsat_delete (solver);
}

/* Root units falsify literals of some large clauses: the walker reads
 * them in the arena and skips those literals, and must still find a
 * model of the rest. */
static void test_walk_root_false (void) {
  einsat *solver = new_solver ();
  einsat_set_option (solver, "eliminate", 0);
  einsat_set_option (solver, "walkmineffort", 100000);
  add_planted_formula (solver, 7);
  uint64_t rng = 7; /* the planted values, drawn as above */
  for (int v = 1; v <= 20; v++) {
    einsat_add (solver, es_random (&rng) & 1 ? v : -v);
    einsat_add (solver, 0);
  }
  es_init_schedules (solver);
  CHECK (es_propagate (solver) == INVALID);
  unsigned falsified = 0;
  for (int c = 0; c < WALK_CLAUSES; c++) {
    bool satisfied = false, root_false = false;
    for (int i = 0; i < 3; i++) {
      signed char value = VALUE (es_import_literal (solver, walk_lits[c][i]));
      satisfied |= value > 0, root_false |= value < 0;
    }
    falsified += root_false && !satisfied;
  }
  CHECK (falsified > 0); /* the skipped literals are exercised */
  es_walk (solver);
  CHECK (STAT (walks) == 1 && STAT (walk_models) == 1);
  check_walk_model (solver);
  CHECK (einsat_solve (solver) == 10);
  einsat_delete (solver);
}

/* Walks are scheduled by their success in the rephase cycle. */
static void walk_rephases (einsat *solver, unsigned walk_steps) {
  while (walk_steps) {
    uint64_t before = STAT (walks) + STAT (walk_delayed);
    es_rephase (solver);
    walk_steps -= STAT (walks) + STAT (walk_delayed) != before;
  }
}

/* All eight clauses over variables 'first' to 'first + 2': one of them
 * stays falsified under every assignment. */
static void add_full_block (einsat *solver, int first) {
  for (int signs = 0; signs < 8; signs++) {
    for (int v = 0; v < 3; v++)
      einsat_add (solver, signs >> v & 1 ? first + v : -(first + v));
    einsat_add (solver, 0);
  }
}

/* Far from a model: the planted formula plus 'FAR_BLOCKS' full blocks
 * on variables of their own leaves at least that many of its 960
 * clauses falsified (more than the 10 bits of 960).  The first walk sets the record of falsified clauses
 * and pays; the next ones cannot beat it and sit out 1, 2, 4... rephase
 * steps of type 'W'.  A new original clause starts a new record, and the
 * next walk pays again. */
enum { FAR_BLOCKS = 20 };

static void test_walk_schedule (void) {
  einsat *solver = new_solver ();
  einsat_set_option (solver, "eliminate", 0);
  einsat_set_option (solver, "walkmineffort", 10000);
  add_planted_formula (solver, 7);
  for (int block = 0; block < FAR_BLOCKS; block++)
    add_full_block (solver, WALK_VARS + 3 * block + 1);
  es_init_schedules (solver);
  walk_rephases (solver, 1);
  CHECK (STAT (walks) == 1 && STAT (walk_records) == 1);
  CHECK (solver->walk_record == FAR_BLOCKS);
  walk_rephases (solver, 1 + 1 + 1 + 2 + 1 + 4);
  CHECK (STAT (walks) == 4 && STAT (walk_delayed) == 1 + 2 + 4);
  CHECK (STAT (walk_records) == 1 && !STAT (walk_models));
  CHECK (!STAT (walk_near) && !solver->walk_boost);
  einsat_add (solver, 301), einsat_add (solver, 302), einsat_add (solver, 0);
  walk_rephases (solver, 1);
  CHECK (STAT (walks) == 5 && STAT (walk_records) == 2);
  CHECK (einsat_set_option (solver, "delay", 0));
  walk_rephases (solver, 2);
  CHECK (STAT (walks) == 7 && STAT (walk_delayed) == 7);
  CHECK (einsat_solve (solver) == 20);
  einsat_delete (solver);
}

/* Near a model: with one full block every walk ends one clause short.
 * No walk after the first sets a record, yet none sits out, and each
 * doubles the effort of the next up to 2^'walkboost': the budgets grow
 * by 2 and 4 times (the search ticks between the walks are the same). */
static void test_walk_near_model (void) {
  einsat *solver = new_solver ();
  einsat_set_option (solver, "eliminate", 0);
  einsat_set_option (solver, "walkmineffort", 0);
  einsat_set_option (solver, "walkboost", 2);
  add_planted_formula (solver, 7);
  add_full_block (solver, 1);
  es_init_schedules (solver);
  unsigned expected_boost[] = {1, 2, 2, 2, 2};
  uint64_t ticks[5];
  for (unsigned i = 0; i < 5; i++) {
    STAT (ticks) += 20000000; /* the search between two walks */
    uint64_t before = STAT (walk_ticks);
    walk_rephases (solver, 1);
    ticks[i] = STAT (walk_ticks) - before;
    CHECK (STAT (walks) == i + 1 && !STAT (walk_delayed));
    CHECK (solver->walk_boost == expected_boost[i]);
  }
  CHECK (STAT (walk_records) == 1 && STAT (walk_near) == 5);
  CHECK (!STAT (walk_models) && solver->walk_record == 1);
  /* each walk spends its budget (plus at most one flip), no more */
  CHECK (ticks[0] >= 5000000 && ticks[0] < 5500000);
  CHECK (ticks[1] >= 10000000 && ticks[1] < 10500000);
  CHECK (ticks[2] >= 20000000 && ticks[4] < 21000000);
  /* a lowered option caps the boost at the next walk and in storage */
  einsat_set_option (solver, "walkboost", 0);
  STAT (ticks) += 20000000;
  uint64_t before = STAT (walk_ticks);
  walk_rephases (solver, 1);
  uint64_t unboosted = STAT (walk_ticks) - before;
  CHECK (unboosted >= 5000000 && unboosted < 5500000);
  CHECK (solver->walk_boost == 0);
  /* a new original clause starts afresh: no boost (and no record) */
  einsat_set_option (solver, "walkboost", 2);
  STAT (ticks) += 20000000;
  walk_rephases (solver, 1);
  CHECK (solver->walk_boost == 1);
  einsat_add (solver, 1), einsat_add (solver, 2), einsat_add (solver, 0);
  STAT (ticks) += 20000000;
  before = STAT (walk_ticks);
  walk_rephases (solver, 1);
  uint64_t fresh = STAT (walk_ticks) - before;
  CHECK (fresh >= 5000000 && fresh < 5500000);
  CHECK (STAT (walk_records) == 2 && solver->walk_boost == 1);
  CHECK (einsat_solve (solver) == 20);
  einsat_delete (solver);
}

/* On the satisfiable planted formula, walks with a small budget end near
 * a model at first; they keep running with growing budgets until one
 * finds the model, which the search then follows without a conflict. */
static void test_walk_near_to_model (void) {
  einsat *solver = new_solver ();
  einsat_set_option (solver, "eliminate", 0);
  einsat_set_option (solver, "walkmineffort", 0);
  einsat_set_option (solver, "walkboost", 4);
  add_planted_formula (solver, 13);
  es_init_schedules (solver);
  unsigned walks = 0;
  while (!STAT (walk_models) && walks < 12) {
    STAT (ticks) += 50000; /* a budget of 12.5 thousand ticks at first */
    walk_rephases (solver, 1);
    walks++;
  }
  CHECK (STAT (walk_models) == 1 && !STAT (walk_delayed));
  CHECK (STAT (walk_near) >= 1 && STAT (walks) == walks);
  CHECK (solver->walk_boost >= 1); /* the model came after a near walk */
  check_walk_model (solver);
  CHECK (einsat_solve (solver) == 10);
  CHECK (!STAT (conflicts));
  einsat_delete (solver);
}

/* Mode phases: the first focused phase's ticks are the unit, phase k
 * lasts (k/2 + 1)^2 units, and with 'modestable' the stable phases that
 * many per cent of it. */
static void test_mode_lengths (void) {
  for (int percent = 100; percent <= 300; percent += 200) {
    einsat *solver = new_solver ();
    CHECK (einsat_set_option (solver, "modestable", percent));
    for (int v = 1; v <= 3; v++)
      einsat_add (solver, v), einsat_add (solver, v % 3 + 1),
          einsat_add (solver, 0);
    es_init_schedules (solver);
    CHECK (!solver->stable);
    uint64_t unit = 1000, expected[] = {unit * percent / 100, 4 * unit,
                                        4 * unit * percent / 100};
    STAT (ticks) += unit;
    for (int i = 0; i < 3; i++) {
      es_switch_mode (solver);
      CHECK (solver->stable == !(i & 1));
      CHECK (solver->limits.mode.ticks == STAT (ticks) + expected[i]);
      STAT (ticks) = solver->limits.mode.ticks;
    }
    einsat_delete (solver);
  }
}

/* The in-place sorts of 'sort.c' (64-bit keys and 32-bit words) against
 * 'qsort', on random keys with few and with many duplicates, sorted and
 * reversed input, all sizes up to a few thousand (so that every path
 * runs: insertion sort, partitioning and, on the adversarial inputs,
 * whatever depth they reach). */
static int compare_u64 (const void *p, const void *q) {
  uint64_t a = *(const uint64_t *) p, b = *(const uint64_t *) q;
  return a < b ? -1 : a > b;
}

static int compare_u32 (const void *p, const void *q) {
  unsigned a = *(const unsigned *) p, b = *(const unsigned *) q;
  return a < b ? -1 : a > b;
}

static void test_sort_keys (void) {
  einsat *solver = new_solver ();
  uint64_t rng = 42;
  uint64s keys;
  INIT_STACK (keys);
  for (unsigned round = 0; round < 400; round++) {
    size_t n = round < 100 ? round : es_random_below (&rng, 5000);
    unsigned kind = round % 5;
    CLEAR_STACK (keys);
    for (size_t i = 0; i < n; i++) {
      uint64_t key = es_random (&rng);
      if (kind == 1)
        key %= 7; /* many duplicates */
      else if (kind == 2)
        key = i; /* sorted */
      else if (kind == 3)
        key = n - i; /* reversed */
      else if (kind == 4)
        key = 5; /* all equal */
      PUSH_STACK (keys, key);
    }
    uint64_t *expected = malloc ((n ? n : 1) * sizeof *expected);
    CHECK (expected != 0);
    if (n)
      memcpy (expected, keys.begin, n * sizeof *expected);
    /* The same keys cut to 32-bit words for 'es_sort_words'. */
    unsigned *words = malloc ((n ? n : 1) * sizeof *words);
    unsigned *expected_words = malloc ((n ? n : 1) * sizeof *words);
    CHECK (words != 0 && expected_words != 0);
    for (size_t i = 0; i < n; i++)
      words[i] = expected_words[i] = (unsigned) keys.begin[i];
    qsort (expected_words, n, sizeof *words, compare_u32);
    es_sort_words (words, n);
    CHECK (!n || !memcmp (expected_words, words, n * sizeof *words));
    free (words), free (expected_words);
    qsort (expected, n, sizeof *expected, compare_u64);
    es_sort_keys (&keys);
    CHECK (SIZE_STACK (keys) == n);
    CHECK (!n || !memcmp (expected, keys.begin, n * sizeof *expected));
    free (expected);
  }
  RELEASE_STACK (keys);
  einsat_delete (solver);
}

/* The counting sort of clause references ('es_begin_buckets' and its
 * two steps): by bucket, then by reference, whether the references come
 * ascending (most buckets, skipped), descending or shuffled, against
 * qsort of (bucket, reference) keys. */
static void test_buckets (void) {
  einsat *solver = new_solver ();
  uint64_t rng = 7;
  unsigneds order;
  INIT_STACK (order);
  for (unsigned round = 0; round < 60; round++) {
    size_t n = round < 10 ? round : es_random_below (&rng, 3000);
    size_t buckets = 1 + es_random_below (&rng, round % 3 ? 50 : 3);
    unsigned kind = round / 3 % 3; /* apart from the bucket count */
    unsigned *refs = malloc ((n ? n : 1) * sizeof *refs);
    size_t *bucket = malloc ((n ? n : 1) * sizeof *bucket);
    uint64_t *expected = malloc ((n ? n : 1) * sizeof *expected);
    CHECK (refs && bucket && expected);
    for (size_t i = 0; i < n; i++) {
      refs[i] = kind == 0   ? (unsigned) (3 * i)
                : kind == 1 ? (unsigned) (3 * (n - i))
                            : (unsigned) es_random_below (&rng, 100000);
      bucket[i] = es_random_below (&rng, buckets);
      expected[i] = (uint64_t) bucket[i] << 32 | refs[i];
    }
    uint64_t *count = es_begin_buckets (solver, buckets);
    for (size_t i = 0; i < n; i++)
      count[bucket[i] + 1]++;
    unsigned *placed = es_fill_buckets (solver, buckets, &order);
    CHECK (SIZE_STACK (order) == n);
    for (size_t i = 0; i < n; i++)
      placed[count[bucket[i]]++] = refs[i];
    es_end_buckets (solver, buckets, &order);
    qsort (expected, n, sizeof *expected, compare_u64);
    for (size_t i = 0; i < n; i++)
      CHECK (order.begin[i] == (unsigned) expected[i]);
    free (refs), free (bucket), free (expected);
  }
  RELEASE_STACK (order);
  einsat_delete (solver);
}

/* The same through the API: the initial walk runs after preprocessing
 * and the search confirms its model. */
static void test_walk_initially (void) {
  einsat *solver = new_solver ();
  einsat_set_option (solver, "walkinitially", 1);
  einsat_set_option (solver, "walkmineffort", 100000);
  add_planted_formula (solver, 11);
  CHECK (einsat_solve (solver) == 10);
  CHECK (einsat_statistic (solver, "walk_models") == 1);
  CHECK (!einsat_statistic (solver, "conflicts"));
  einsat_delete (solver);
}

/* A walk over a formula whose clauses are all satisfied at the root
 * imports no clause at all; its occurrence lists stay unallocated (found
 * by the solve fuzzer: UBSan flagged a null pointer plus zero). */
static void test_walk_without_clauses (void) {
  einsat *solver = new_solver ();
  einsat_set_option (solver, "eliminate", 0);
  einsat_add (solver, 1), einsat_add (solver, 0);
  einsat_add (solver, 1), einsat_add (solver, 2), einsat_add (solver, 0);
  einsat_add (solver, 1), einsat_add (solver, -3), einsat_add (solver, 4);
  einsat_add (solver, 0);
  es_init_schedules (solver);
  CHECK (es_propagate (solver) == INVALID);
  es_walk (solver);
  CHECK (STAT (walks) == 1);
  CHECK (einsat_solve (solver) == 10);
  CHECK (einsat_val (solver, 1) == 1);
  einsat_delete (solver);
}


/* The walker's own memory on random 3-SAT: a word per clause (its
 * counter), the occurrences that do not fit behind the watches, and a
 * few words per variable, where it took three words per clause before
 * (bench/RESULTS.md, "Memory beside Kissat, scaling").  The bound leaves
 * the falsified-clause list (grown by doubling) half a word per clause. */
static void test_walk_memory (void) {
  enum { VARS = 20000, CLAUSES = 84000 };
  einsat *solver = new_solver ();
  einsat_set_option (solver, "eliminate", 0);
  uint64_t rng = 35;
  for (int c = 0; c < CLAUSES; c++) {
    int lits[3];
    for (int i = 0; i < 3; i++) {
      int v = fresh_variable (&rng, VARS, lits, i);
      lits[i] = es_random (&rng) & 1 ? v : -v;
      einsat_add (solver, lits[i]);
    }
    einsat_add (solver, 0);
  }
  es_init_schedules (solver);
  CHECK (es_propagate (solver) == INVALID);
  /* The occurrences beyond the room behind each literal's watches. */
  const size_t lits = 2 * (size_t) solver->vars;
  size_t *counts = calloc (lits, sizeof *counts);
  CHECK (counts);
  for (all_stack (unsigned, ref, solver->irredundant))
    for (all_literals_in_clause (lit, CLAUSE (ref)))
      counts[lit]++;
  size_t overflow = 0;
  for (size_t lit = 0; lit < lits; lit++) {
    const size_t room = es_walk_spare_room (&WATCHES (lit));
    overflow += counts[lit] > room ? counts[lit] - room : 0;
  }
  free (counts);
  const size_t before = solver->memory;
  solver->peak_memory = before;
  es_walk (solver);
  /* the walk ran: its counters at least (a word per clause) were held */
  CHECK (STAT (walks) == 1 && STAT (walk_flips) > 0);
  const size_t walk = solver->peak_memory - before;
  CHECK (walk >= 4 * (size_t) CLAUSES);
  const size_t bound = 6 * (size_t) CLAUSES + 4 * overflow +
                       32 * (size_t) solver->vars + 16384;
  CHECK (walk <= bound);
  einsat_delete (solver);
}

/* Adds the clause of the given external literals (zero-terminated). */
static void add_clause (einsat *solver, const int *lits) {
  while (*lits)
    einsat_add (solver, *lits++);
  einsat_add (solver, 0);
}

static bool has_binary (einsat *solver, int a, int b, unsigned tag) {
  unsigned la = es_import_literal (solver, a);
  unsigned lb = es_import_literal (solver, b);
  for (all_watches (w, WATCHES (la)))
    if (w.blit == lb && w.ref == tag)
      return true;
  return false;
}

/* Probing 1 implies 2, then 3 and 4 through binary clauses, then 5
 * through the large clause: the dominator of -3 and -4 is 2, so the
 * hyper-binary resolvent is (-2 5), not (-1 5). */
static void test_hyper_binary_dominator (void) {
  einsat *solver = new_solver ();
  static const int clauses[][5] = {
      {-1, 2, 0}, {-2, 3, 0}, {-2, 4, 0}, {-3, -4, 5, 0}, {-5, 6, 7, 0}};
  for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
    add_clause (solver, clauses[i]);
  es_init_schedules (solver);
  es_probe (solver);
  CHECK (STAT (hyper_binaries) == 1);
  CHECK (has_binary (solver, -2, 5, REDUNDANT_BINARY));
  CHECK (!has_binary (solver, -1, 5, REDUNDANT_BINARY));
  CHECK (einsat_solve (solver) == 10);
  einsat_delete (solver);
}

/* Probing 1 fails in the conflict of 3 and 4, which 2 dominates: both
 * -2 and -1 become units (the probe alone would give only -1). */
static void test_failed_dominator (void) {
  for (int hbr = 0; hbr < 2; hbr++) {
    einsat *solver = new_solver ();
    einsat_set_option (solver, "hbr", hbr);
    einsat_set_option (solver, "sweep", 0); /* would find -2 too */
    static const int clauses[][4] = {{-1, 2, 0}, {-2, 3, 0}, {-2, 4, 0},
                                     {-3, -4, 0}, {2, 5, 6, 0}};
    for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
      add_clause (solver, clauses[i]);
    es_init_schedules (solver);
    es_probe (solver);
    CHECK (VALUE (es_import_literal (solver, 1)) < 0);
    CHECK ((VALUE (es_import_literal (solver, 2)) < 0) == (bool) hbr);
    CHECK (einsat_solve (solver) == 10);
    einsat_delete (solver);
  }
}

/* (-1 3) is implied by (-1 2) and (-2 3) and goes; with (-1 2) redundant
 * an irredundant (-1 3) must stay, a redundant one goes. */
static void test_transred (void) {
  for (int variant = 0; variant < 3; variant++) {
    einsat *solver = new_solver ();
    bool first_redundant = variant > 0, third_redundant = variant > 1;
    unsigned l1 = es_import_literal (solver, 1);
    unsigned l2 = es_import_literal (solver, 2);
    unsigned l3 = es_import_literal (solver, 3);
    es_new_binary (solver, first_redundant, NOT (l1), l2);
    es_new_binary (solver, false, NOT (l2), l3);
    es_new_binary (solver, third_redundant, NOT (l1), l3);
    es_init_schedules (solver);
    es_transred (solver);
    bool removed = variant != 1;
    CHECK (STAT (transitive_reductions) == removed);
    unsigned tag = third_redundant ? REDUNDANT_BINARY : IRREDUNDANT_BINARY;
    CHECK (has_binary (solver, -1, 3, tag) != removed);
    CHECK (einsat_solve (solver) == 10);
    einsat_delete (solver);
  }
}

/* -1 implies 2 and 2 implies 1: 1 is a unit, found while testing (1 3). */
static void test_transred_failed (void) {
  einsat *solver = new_solver ();
  static const int clauses[][3] = {{1, 2, 0}, {-2, 1, 0}, {1, 3, 0}};
  for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
    add_clause (solver, clauses[i]);
  es_init_schedules (solver);
  es_transred (solver);
  CHECK (VALUE (es_import_literal (solver, 1)) > 0);
  CHECK (STAT (failed_literals) == 1);
  CHECK (einsat_solve (solver) == 10);
  einsat_delete (solver);
}

static unsigned count_binaries (einsat *solver, int a, int b) {
  unsigned la = es_import_literal (solver, a);
  unsigned lb = es_import_literal (solver, b);
  unsigned count = 0;
  for (all_watches (w, WATCHES (la)))
    count += IS_BINARY (w) && w.blit == lb;
  return count;
}

/* Vivifying (1 2 3) with the binary clause (1 2) present: deciding -1
 * propagates 2, so the clause becomes (1 2), which is there already.  It
 * is deleted, not added a second time; with the binary clause redundant
 * the one copy becomes irredundant (the ternary clause was). */
static void test_vivify_duplicate_binary (void) {
  for (int redundant = 0; redundant < 2; redundant++) {
    einsat *solver = new_solver ();
    unsigned l1 = es_import_literal (solver, 1);
    unsigned l2 = es_import_literal (solver, 2);
    es_new_binary (solver, redundant, l1, l2);
    static const int ternary[] = {1, 2, 3, 0};
    add_clause (solver, ternary);
    es_init_schedules (solver);
    es_vivify (solver);
    CHECK (STAT (vivified) == 1);
    CHECK (count_binaries (solver, 1, 2) == 1);
    CHECK (count_binaries (solver, 2, 1) == 1);
    CHECK (has_binary (solver, 1, 2, IRREDUNDANT_BINARY));
    CHECK (has_binary (solver, 2, 1, IRREDUNDANT_BINARY));
    CHECK (STAT (clauses_irredundant) == 1);
    CHECK (STAT (clauses_redundant) == 0);
    CHECK (einsat_solve (solver) == 10);
    CHECK (einsat_val (solver, 1) > 0 || einsat_val (solver, 2) > 0);
    einsat_delete (solver);
  }
}

/* Subsumption visits the clauses from short to long, which its one-watch
 * scheme needs: only a clause visited before another can subsume or
 * strengthen it.  Each pair below is added longest first, so an order
 * by reference would find nothing: (-1 2 ... 1100 1200 1201) is
 * strengthened by (1 ... 1100) to lose -1, (1 ... 1101) is subsumed by
 * it, and (4001 ... 4004) by (4001 4002 4003).  The clauses of 1024
 * literals or more share one bucket of the schedule, sorted apart. */
static void test_subsume_order (void) {
  einsat *solver = new_solver ();
  for (int pass = 0; pass < 3; pass++) {
    int first = pass ? 1 : -1, last = pass == 1 ? 1101 : 1100;
    einsat_add (solver, first);
    for (int v = 2; v <= last; v++)
      einsat_add (solver, v);
    if (!pass) {
      einsat_add (solver, 1200);
      einsat_add (solver, 1201);
    }
    einsat_add (solver, 0);
  }
  static const int longer[] = {4001, 4002, 4003, 4004, 0};
  static const int shorter[] = {4001, 4002, 4003, 0};
  add_clause (solver, longer);
  add_clause (solver, shorter);
  es_import_clauses (solver, false);
  es_init_schedules (solver);
  es_subsume (solver);
  CHECK (STAT (subsumed) == 2);
  CHECK (STAT (strengthened) == 1);
  CHECK (STAT (clauses_irredundant) == 3);
  CHECK (einsat_solve (solver) == 10);
  einsat_delete (solver);
}

/* Reordering by clause weights ('reorder.c'): with the binary clauses
 * (1 2) (1 -3) (-1 4), the ternary (4 5 8) and (2 3 4 5), the weights are
 * 1: 2 + 2*1, 4: 1 + 1/2 + 1/4, 3: 1 + 2*1/4, 2: 1 + 1/4, 5: 1/2 + 1/4,
 * 8: 1/2, 9: 0, so the focused queue ends (decides first) with
 * 1 4 3 2 5 8 9 and the stable heap pops them in that order.  The clause
 * (6 9) is satisfied at the root and counts nothing: with it 9 would rank
 * above 5. */
static void test_reorder (void) {
  for (int stable = 0; stable < 2; stable++) {
    einsat *solver = new_solver ();
    static const int clauses[][5] = {
        {1, 2, 0},       {1, -3, 0}, {-1, 4, 0}, {4, 5, 8, 0},
        {2, 3, 4, 5, 0}, {6, 7, 0},  {6, 9, 0},  {-7, 0}};
    for (size_t i = 0; i < sizeof clauses / sizeof *clauses; i++)
      add_clause (solver, clauses[i]);
    CHECK (einsat_set_option (solver, "reorder", 2));
    es_init_schedules (solver);
    CHECK (es_propagate (solver) == INVALID); /* 7 false, so 6 true */
    solver->stable = stable;
    if (stable) /* as entering stable mode does */
      es_fill_heap (solver, &solver->scores);
    CHECK (!es_reordering (solver));
    STAT (conflicts) = solver->limits.reorder;
    CHECK (es_reordering (solver));
    es_reorder (solver);
    CHECK (STAT (reordered) == 1);
    CHECK (!es_reordering (solver));
    static const int expected[] = {1, 4, 3, 2, 5, 8, 9};
    unsigned idx = solver->queue.last;
    for (size_t i = 0; i < sizeof expected / sizeof *expected; i++) {
      unsigned want = IDX (es_find_literal (solver, expected[i]));
      if (stable) {
        while (VALUE (LIT (idx = es_heap_pop (solver, &solver->scores))))
          ;
      } else {
        while (VALUE (LIT (idx)))
          idx = solver->links[idx].prev;
      }
      CHECK (idx == want);
      if (!stable)
        idx = solver->links[idx].prev;
    }
    einsat_delete (solver);
  }
}

/* Rounds of probing that find nothing sit out 1, 2, 4... up to 16
 * rounds, each giving up its effort; a round that pays halves the delay,
 * and with option 'delay' off every round runs. */
static void test_round_schedule (void) {
  einsat *solver = new_solver ();
  const technique t = TECHNIQUE_probe;
  uint64_t *reference = &solver->last.ticks.probe;
  unsigned expected = 1;
  for (unsigned fruitless = 0; fruitless < 7; fruitless++) {
    CHECK (es_round_begins (solver, t, reference));
    es_round_ends (solver, t);
    CHECK (solver->rounds[t].delay.interval == expected);
    for (unsigned i = 0; i < expected; i++) {
      *reference = 0;
      STAT (ticks) += 100;
      CHECK (!es_round_begins (solver, t, reference));
      CHECK (*reference == STAT (ticks)); /* its effort is given up */
    }
    expected = expected < 16 ? 2 * expected : 16;
  }
  CHECK (STAT (probe_delayed) == 1 + 2 + 4 + 8 + 16 + 16 + 16);
  CHECK (es_round_begins (solver, t, reference));
  INC (failed_literals);
  es_round_ends (solver, t);
  CHECK (solver->rounds[t].delay.interval == 8);
  CHECK (!es_round_begins (solver, t, reference));
  CHECK (einsat_set_option (solver, "delay", 0));
  CHECK (es_round_begins (solver, t, reference));
  einsat_delete (solver);
}

#ifndef NDEBUG

/* A satisfiable random 3-SAT formula with a unit and binary clauses,
 * solved: learned clauses, a root-level trail, a moved queue, a heap. */
static einsat *solved_formula (void) {
  einsat *solver = new_solver ();
  uint64_t rng = 7;
  for (int i = 0; i < 300; i++) {
    int size = i % 5 ? 3 : 2;
    for (int j = 0; j < size; j++) {
      int v = 1 + (int) es_random_below (&rng, 100);
      einsat_add (solver, es_random_below (&rng, 2) ? v : -v);
    }
    einsat_add (solver, 0);
  }
  einsat_add (solver, 1), einsat_add (solver, 0);
  es_fill_heap (solver, &solver->scores); /* as if stable mode had run */
  einsat_solve (solver);
  return solver;
}

static watch *first_watch (einsat *solver, bool binary) {
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++)
    for (watch *w = BEGIN_WATCHES (WATCHES (lit));
         w != END_WATCHES (WATCHES (lit)); w++)
      if (IS_BINARY (*w) == binary &&
          (binary || !CLAUSE (w->ref)->garbage))
        return w;
  return 0;
}

static void more_irredundant (einsat *solver) { INC (clauses_irredundant); }
static void more_active (einsat *solver) { solver->active++; }
static void moved_trail (einsat *solver) { VAR (solver->trail[0])->trail++; }
/* A large watch that points to another clause. */
static void misdirected_watch (einsat *solver) {
  watch *w = first_watch (solver, false);
  for (all_stack (unsigned, ref, solver->irredundant))
    if (ref != w->ref && !CLAUSE (ref)->garbage) {
      w->ref = ref;
      return;
    }
}
static void one_sided_binary (einsat *solver) {
  watch *w = first_watch (solver, true);
  w->ref = w->ref == IRREDUNDANT_BINARY ? REDUNDANT_BINARY
                                        : IRREDUNDANT_BINARY;
}
/* Room of the watch pool in no list, free list or chunk rest. */
static void lost_pool_room (einsat *solver) {
  watch_pool *pool = &solver->watch_pool;
  if (pool->next != pool->end) {
    pool->next++;
    return;
  }
  for (unsigned c = 0; c < WATCH_POOL_CLASSES; c++)
    if (pool->free[c]) {
      pool->free[c] = pool->free[c]->next;
      return;
    }
  pool->watches++;
}
static void unordered_queue (einsat *solver) {
  solver->links[solver->queue.first].stamp = solver->queue.stamp + 1;
}
static void broken_heap (einsat *solver) {
  solver->scores.score[solver->scores.array[0]] = -1;
}
static void future_probe (einsat *solver) {
  solver->last.ticks.probe = STAT (ticks) + 1;
}
static void overlong_delay (einsat *solver) {
  delay *d = &solver->rounds[TECHNIQUE_congruence].delay;
  d->count = d->interval + 1;
}

/* Each corruption of derived state must make the checkers abort. */
static void test_invariants (void) {
  static void (*const corruptions[]) (einsat *) = {
      more_irredundant, more_active,     moved_trail,  misdirected_watch,
      one_sided_binary, unordered_queue, broken_heap,  future_probe,
      overlong_delay,   lost_pool_room};
  einsat *solver = solved_formula ();
  CHECK (solver->trail_size && solver->scores.size > 1);
  CHECK (first_watch (solver, false) && first_watch (solver, true));
  uint64_t checks = STAT (invariant_checks);
  es_check_invariants (solver);
  CHECK (STAT (invariant_checks) == checks + 1 && checks > 0);
  for (size_t i = 0; i < sizeof corruptions / sizeof *corruptions; i++) {
    fflush (stdout);
    pid_t pid = fork ();
    if (!pid) {
      if (!freopen ("/dev/null", "w", stderr))
        _exit (2);
      corruptions[i](solver);
      es_check_invariants (solver);
      _exit (0);
    }
    int status;
    waitpid (pid, &status, 0);
    if (!WIFSIGNALED (status) || WTERMSIG (status) != SIGABRT)
      printf ("corruption %zu not detected\n", i);
    CHECK (WIFSIGNALED (status) && WTERMSIG (status) == SIGABRT);
  }
  einsat_delete (solver);
}

#endif

static void test_dpll (void) {
  char why[256];
  if (!unit_dpll_random (why, sizeof why, 20000))
    snprintf (check_failure, sizeof check_failure, "%s", why);
}

static void test_subsolver (void) {
  char why[256];
  if (!unit_subsolver_random (why, sizeof why, 3000))
    snprintf (check_failure, sizeof check_failure, "%s", why);
}

static const char *checker; /* einsat-check, from the command line */

static void test_sweep_circuit (void) {
  char why[256];
  if (!unit_sweep_circuit (why, sizeof why, checker))
    snprintf (check_failure, sizeof check_failure, "%s", why);
}

static void test_symmetry_detect (void) {
  char why[256];
  if (!unit_symmetry_detect (why, sizeof why))
    snprintf (check_failure, sizeof check_failure, "%s", why);
}

static void test_symmetry_answers (void) {
  char why[256];
  if (!unit_symmetry_answers (why, sizeof why, 400))
    snprintf (check_failure, sizeof check_failure, "%s", why);
}

static const test_case cases[] = {
    {"stack", test_stack},   {"heap", test_heap},     {"ema", test_ema},
    {"queue restamp", test_queue_restamp},
    {"random", test_random}, {"import", test_import},
    {"import-budget", test_import_budget}, {"collect", test_collect},
    {"collect-in-place", test_collect_in_place},
    {"watch-pool", test_watch_pool},
    {"walk", test_walk},     {"walk-initially", test_walk_initially},
    {"walk-without-clauses", test_walk_without_clauses},
    {"walk-root-false", test_walk_root_false},
    {"walk-memory", test_walk_memory},
    {"walk-schedule", test_walk_schedule},
    {"walk-near-model", test_walk_near_model},
    {"walk-near-to-model", test_walk_near_to_model},
    {"mode-lengths", test_mode_lengths},
    {"sort-keys", test_sort_keys},
    {"buckets", test_buckets},
    {"hyper-binary-dominator", test_hyper_binary_dominator},
    {"failed-dominator", test_failed_dominator},
    {"transred", test_transred},
    {"transred-failed", test_transred_failed},
    {"vivify-duplicate-binary", test_vivify_duplicate_binary},
    {"subsume-order", test_subsume_order},
    {"round-schedule", test_round_schedule},
    {"reorder", test_reorder},
    {"dpll", test_dpll},
    {"subsolver", test_subsolver},
    {"sweep-circuit", test_sweep_circuit},
    {"symmetry-detect", test_symmetry_detect},
    {"symmetry-answers", test_symmetry_answers},
#ifndef NDEBUG
    {"invariants", test_invariants},
#endif
};

int main (int argc, char **argv) {
  checker = argc > 1 ? argv[1] : "einsat-check";
#ifdef NDEBUG
  printf ("skip unit invariants: the checkers are compiled out (NDEBUG)\n");
#endif
  return RUN_TESTS ("unit", cases);
}
