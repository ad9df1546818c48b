/* Cube generation by lookahead, the "cube" half of cube-and-conquer
 * (Heule, Kullmann, Wieringa and Biere 2011): the formula is split into
 * cubes, conjunctions of literals, that together cover every assignment
 * the lookahead could not refute, so that conquering solvers can work on
 * them independently ('einsat_cube' in einsat.h; einsat-mpi hands them
 * to its ranks).
 *
 * The split literal of a node is chosen by lookahead as in march (Heule
 * and van Maaren): both literals of a candidate variable are propagated
 * and the variable with the largest product of the two numbers of
 * assigned literals wins (march weighs the clauses that each side
 * shortens instead of counting assignments; the product keeps both
 * branches small).  A literal whose propagation conflicts is failed: its
 * negation is implied at that node, so it is assigned and becomes part
 * of the node's cube (a root-level unit without assumptions, written to
 * the proof as in 'probe.c'); if both literals fail the node is refuted
 * and has no cube.  The candidates are the 'cubecandidates' unassigned
 * variables of the formula that occur most often in its irredundant
 * clauses (short clauses weigh more), counted once before splitting.
 *
 * The tree grows best-first: the next node split is the leaf with the
 * most unassigned variables (estimated from the lookahead's counts), so
 * that the cubes come out of similar difficulty rather than of equal
 * depth.  Splitting stops at the requested number of cubes, when no
 * leaf has an unassigned candidate, or at a limit of the API (the
 * propagation limit is the natural budget) or a termination request;
 * the cubes are the leaves then, hardest first. */

#include "internal.h"

typedef struct leaf {
  size_t start;  /* of its literals in 'lits' */
  unsigned size; /* literals */
  unsigned free; /* estimated unassigned variables under it */
} leaf;

typedef STACK (leaf) leaves;

/* clang-format off */
#define CUBER_STACKS(X, P) \
  X (P, unsigneds, candidates) /* variables, most occurring first */ \
  X (P, unsigneds, lits)       /* internal literals of all leaves */ \
  X (P, leaves, open)          /* max-heap on 'free': still to be split */ \
  X (P, leaves, closed)        /* not split further */ \
  X (P, ints, cube)            /* external literals of the passed cube */
/* clang-format on */

typedef struct cuber {
  DECLARE_STACKS (CUBER_STACKS)
  unsigned prefix; /* levels of the assumptions */
} cuber;

void es_release_cuber (einsat *solver) {
  cuber *C = solver->cuber;
  if (C) {
    RELEASE_STACKS (CUBER_STACKS, C);
    DELETE_ARRAY (solver->cuber, 1);
  }
}

/*------------------------------------------------------------------------*/
/* The heap of open leaves. */

static void sift_up (leaf *tree, size_t i) {
  leaf moving = tree[i];
  while (i) {
    size_t parent = (i - 1) / 2;
    if (tree[parent].free >= moving.free)
      break;
    tree[i] = tree[parent];
    i = parent;
  }
  tree[i] = moving;
}

static void sift_down (leaf *tree, size_t size, size_t i) {
  leaf moving = tree[i];
  for (;;) {
    size_t child = 2 * i + 1;
    if (child >= size)
      break;
    if (child + 1 < size && tree[child + 1].free > tree[child].free)
      child++;
    if (tree[child].free <= moving.free)
      break;
    tree[i] = tree[child];
    i = child;
  }
  tree[i] = moving;
}

static void push_open (einsat *solver, cuber *C, leaf l) {
  PUSH_STACK (C->open, l);
  sift_up (C->open.begin, SIZE_STACK (C->open) - 1);
}

static leaf pop_open (cuber *C) {
  leaf top = C->open.begin[0];
  leaf last = POP_STACK (C->open);
  if (!EMPTY_STACK (C->open)) {
    C->open.begin[0] = last;
    sift_down (C->open.begin, SIZE_STACK (C->open), 0);
  }
  return top;
}

/*------------------------------------------------------------------------*/
/* Candidates: variables with an external name (not factoring's), by
 * weighted occurrences in irredundant clauses: 4 in a binary clause, 2
 * in a ternary one, 1 in a longer one. */

static int compare_keys (const void *p, const void *q) {
  uint64_t a = *(const uint64_t *) p, b = *(const uint64_t *) q;
  return a < b ? 1 : a > b ? -1 : 0;
}

static void count_occurrences (einsat *solver, uint64_t *score) {
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++)
    for (all_watches (w, WATCHES (lit)))
      if (w.ref == IRREDUNDANT_BINARY)
        score[IDX (lit)] += 4;
  for (all_stack (unsigned, ref, solver->irredundant)) {
    clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    unsigned weight = c->size == 3 ? 2 : 1;
    for (all_literals_in_clause (lit, c))
      score[IDX (lit)] += weight;
  }
}

static void order_candidates (einsat *solver, cuber *C) {
  unsigned vars = solver->vars;
  CLEAR_STACK (C->candidates);
  RESERVE_STACK (C->candidates, vars); /* no allocation while 'key' lives */
  uint64_t *key = es_calloc (solver, vars ? vars : 1, sizeof *key);
  count_occurrences (solver, key);
  size_t n = 0;
  for (unsigned idx = 0; idx < vars; idx++) {
    if (!FLAGS (idx)->active || !es_export_literal (solver, LIT (idx)))
      continue;
    uint64_t score = key[idx] < UINT32_MAX ? key[idx] : UINT32_MAX;
    key[n++] = score << 32 | (UINT32_MAX - idx); /* ties: smaller index */
  }
  if (n)
    qsort (key, n, sizeof *key, compare_keys);
  for (size_t i = 0; i < n; i++)
    PUSH_STACK (C->candidates, UINT32_MAX - (unsigned) (key[i] & UINT32_MAX));
  es_free (solver, key, (vars ? vars : 1) * sizeof *key);
}

/*------------------------------------------------------------------------*/
/* Assigning and probing below the assumptions. */

static unsigned unassigned (einsat *solver) {
  if (!solver->level)
    return solver->active;
  unsigned above_root = solver->trail_size - PEEK_STACK (solver->frames, 1).trail;
  return solver->active > above_root ? solver->active - above_root : 0;
}

/* Propagates what backtracking left unpropagated (literals of lower
 * levels kept after chronological assignments).  False on a conflict,
 * which on the root level makes the formula inconsistent. */
static bool repropagate (einsat *solver) {
  if (solver->propagated == solver->trail_size)
    return true;
  if (!solver->level)
    return es_propagate_root (solver);
  return es_propagate (solver) == INVALID;
}

/* Decides 'lit' on a new level and propagates; false on a conflict
 * (the level stays for the caller to undo). */
static bool assign_and_propagate (einsat *solver, unsigned lit) {
  es_assign_decision (solver, lit);
  return es_propagate (solver) == INVALID;
}

/* The literals 'lit' implies with itself, or 0 if it fails.  On the root
 * level a failed literal's negation becomes a unit right away. */
static unsigned probe (einsat *solver, unsigned lit) {
  unsigned level = solver->level, before = solver->trail_size;
  es_assign_decision (solver, lit);
  unsigned conflict = es_propagate (solver);
  unsigned implied = solver->trail_size - before;
  if (conflict != INVALID && !level) {
    unsigned unit = NOT (lit);
    es_lrat_derive_from_conflict (solver, 1, &unit, conflict);
  }
  es_backtrack (solver, level);
  return conflict == INVALID ? implied : 0;
}

/* Assigns the negation of the failed literal 'lit': a unit on the root
 * level (where 'probe' found its proof hints), else a decision that
 * becomes part of the cube.  False if that refutes the node (or the
 * formula). */
static bool force (einsat *solver, unsigned lit) {
  unsigned implied = NOT (lit);
  if (VALUE (implied))
    return VALUE (implied) > 0;
  if (!solver->level)
    return es_fix_failed_literal (solver, implied);
  return assign_and_propagate (solver, implied);
}

enum { REFUTED, UNSPLIT, SPLIT };

typedef struct split {
  unsigned lit;           /* to branch on */
  unsigned free_positive; /* estimated unassigned after 'lit' */
  unsigned free_negative; /* ... after its negation */
} split;

/* Lookahead on the node on the trail: forces failed literals and picks
 * the split literal among the first unassigned candidates.  A literal
 * that fails is forced before its negation is probed, so that a variable
 * failing both ways refutes the node through propagation (on the root
 * level: the formula, with the empty clause learned). */
static int look_ahead (einsat *solver, cuber *C, split *s) {
  unsigned limit = (unsigned) GET_OPTION (cubecandidates), tried = 0;
  uint64_t best = 0;
  s->lit = INVALID;
  for (all_stack (unsigned, idx, C->candidates)) {
    if (tried == limit || es_terminating (solver))
      break;
    if (!repropagate (solver))
      return REFUTED;
    unsigned lit = LIT (idx);
    if (VALUE (lit) || !FLAGS (idx)->active)
      continue;
    tried++;
    unsigned positive = probe (solver, lit);
    if (!positive) {
      if (!force (solver, lit))
        return REFUTED;
      continue;
    }
    unsigned negative = probe (solver, NOT (lit));
    if (!negative) {
      if (!force (solver, NOT (lit)))
        return REFUTED;
      continue;
    }
    uint64_t product = (uint64_t) positive * negative;
    if (product <= best)
      continue;
    best = product;
    unsigned free = unassigned (solver);
    s->lit = lit;
    s->free_positive = free > positive ? free - positive : 0;
    s->free_negative = free > negative ? free - negative : 0;
  }
  if (!repropagate (solver))
    return REFUTED;
  if (s->lit != INVALID && VALUE (s->lit)) /* forced after it was picked */
    s->lit = INVALID;
  return s->lit == INVALID ? UNSPLIT : SPLIT;
}

/* Assigns the cube of 'l' below the assumptions; false if it is refuted
 * by now (units found since it was made). */
static bool replay (einsat *solver, cuber *C, const leaf *l) {
  es_backtrack (solver, C->prefix);
  if (!repropagate (solver))
    return false;
  for (unsigned i = 0; i < l->size; i++) {
    unsigned lit = PEEK_STACK (C->lits, l->start + i);
    if (VALUE (lit) < 0)
      return false;
    if (!VALUE (lit) && !assign_and_propagate (solver, lit))
      return false;
  }
  return true;
}

/* The decisions above the assumptions: the cube of the node with the
 * literals lookahead forced, and 'lit' (if not INVALID) last. */
static leaf child (einsat *solver, cuber *C, unsigned lit, unsigned free) {
  leaf l = {SIZE_STACK (C->lits), 0, free};
  for (unsigned level = C->prefix + 1; level <= solver->level; level++) {
    PUSH_STACK (C->lits, PEEK_STACK (solver->frames, level).decision);
    l.size++;
  }
  if (lit != INVALID) {
    PUSH_STACK (C->lits, lit);
    l.size++;
  }
  return l;
}

static void split_leaf (einsat *solver, cuber *C, leaf l) {
  if (!replay (solver, C, &l))
    return;
  split s;
  int res = look_ahead (solver, C, &s);
  if (res == REFUTED || (!solver->level && solver->inconsistent))
    return;
  if (res == UNSPLIT) {
    PUSH_STACK (C->closed, child (solver, C, INVALID, unassigned (solver)));
    return;
  }
  push_open (solver, C, child (solver, C, s.lit, s.free_positive));
  push_open (solver, C, child (solver, C, NOT (s.lit), s.free_negative));
}

/* The assumptions as the first levels; false if they are refuted. */
static bool assume_prefix (einsat *solver, cuber *C) {
  for (all_stack (unsigned, lit, solver->assumptions)) {
    if (VALUE (lit) < 0)
      return false;
    if (!VALUE (lit) && !assign_and_propagate (solver, lit))
      return false;
  }
  C->prefix = solver->level;
  return true;
}

static void grow_tree (einsat *solver, cuber *C, size_t max_cubes) {
  push_open (solver, C, (leaf) {0, 0, unassigned (solver)});
  while (!EMPTY_STACK (C->open) && !solver->inconsistent) {
    if (SIZE_STACK (C->open) + SIZE_STACK (C->closed) >= max_cubes ||
        es_terminating (solver))
      break;
    split_leaf (solver, C, pop_open (C));
  }
  es_backtrack (solver, C->prefix);
}

/*------------------------------------------------------------------------*/
/* Handing the cubes over, hardest first. */

static int compare_free (const void *p, const void *q) {
  const leaf *a = p, *b = q;
  return a->free < b->free ? 1 : a->free > b->free ? -1 : 0;
}

typedef struct cubing {
  int max_cubes;
  einsat_lits_callback *callback;
  void *data;
  int64_t cubes; /* out; -1 if the callback refused */
} cubing;

static void deliver (einsat *solver, cuber *C, cubing *c) {
  while (!EMPTY_STACK (C->open))
    PUSH_STACK (C->closed, pop_open (C));
  if (!EMPTY_STACK (C->closed))
    qsort (C->closed.begin, SIZE_STACK (C->closed), sizeof (leaf),
           compare_free);
  RESERVE_STACK (C->cube, 1); /* never a null 'lits', even when empty */
  for (all_stack (leaf, l, C->closed)) {
    CLEAR_STACK (C->cube);
    for (all_stack (int, elit, solver->eassumptions))
      PUSH_STACK (C->cube, elit);
    for (unsigned i = 0; i < l.size; i++)
      PUSH_STACK (C->cube, es_export_literal (
                               solver, PEEK_STACK (C->lits, l.start + i)));
    if (!c->callback (c->data, C->cube.begin, (int) SIZE_STACK (C->cube))) {
      c->cubes = -1;
      return;
    }
    c->cubes++;
  }
}

static void generate (einsat *solver, void *arg) {
  cubing *c = arg;
  INC (cube_generations);
  es_init_search_limits (solver);
  es_reset_failed (solver);
  es_backtrack (solver, 0);
  CLEAR_STACK (solver->assumptions);
  es_lrat_start (solver);
  es_import_assumptions (solver);
  es_import_clauses (solver, false);
  if (solver->inconsistent || !repropagate (solver))
    return;
  if (!solver->cuber)
    NEW_ARRAY (solver->cuber, 1);
  cuber *C = solver->cuber;
  CLEAR_STACK (C->lits);
  CLEAR_STACK (C->open);
  CLEAR_STACK (C->closed);
  einsat_trace_callback *trace = solver->trace;
  solver->trace = 0;
  uint64_t ticks = STAT (ticks);
  order_candidates (solver, C);
  if (assume_prefix (solver, C)) {
    grow_tree (solver, C, (size_t) c->max_cubes);
    if (!solver->inconsistent)
      deliver (solver, C, c);
  }
  STAT (ticks) = ticks; /* the search schedules ignore this work */
  solver->trace = trace;
  ADD (cubes_generated, c->cubes > 0 ? (uint64_t) c->cubes : 0);
  es_release_cuber (solver);
}

int64_t einsat_cube (einsat *solver, int max_cubes,
                     einsat_lits_callback *callback, void *data) {
  es_require_ready (solver, "einsat_cube");
  if (solver->state == STATE_INVALID)
    return -1;
  ES_REQUIRE (callback, "cube callback is NULL");
  ES_REQUIRE (max_cubes > 0, "maximum number of cubes %d is not positive",
              max_cubes);
  cubing c = {max_cubes, callback, data, 0};
  if (!es_protect (solver, generate, &c))
    return -1;
  es_backtrack (solver, 0);
  es_reset_assumptions (solver);
  atomic_store (&solver->terminate_requested, 0);
  solver->state = STATE_READY;
  if (c.cubes < 0)
    es_set_error (solver, "einsat_cube: the callback refused a cube");
  return c.cubes;
}
