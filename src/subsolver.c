/* A small CDCL solver for the local questions of SAT sweeping (as Kissat's
 * 'kitten' is for its sweeping, Biere and Fleury's "Gimsatul, IsaSAT and
 * Kissat entering the SAT Competition 2022" and Kissat 4).  The formulas
 * are a few hundred clauses around one variable, asked many times under
 * different assumptions, so the design is the plainest that learns:
 *
 *  - two watched literals per clause (binary clauses too), clauses in one
 *    array of words '[size, lits...]';
 *  - first-UIP learning without minimization: every learned clause is
 *    then a RUP clause over the clauses before it, and the caller writes
 *    it to the proof as it is learned ('es_sub_learned');
 *  - assumptions are the first decisions, one level each; an assumption
 *    found false ends the search (its negated assumptions are RUP);
 *  - decisions take the free variable of highest activity (a linear scan:
 *    environments have at most 'sweepmaxvars' variables) with saved
 *    phases, activities bumped per analyzed variable with a growing
 *    increment (VSIDS);
 *  - no restarts and no reduction: the budget in ticks ends a search
 *    long before either would pay on formulas of this size.
 *
 * The enumerating DPLL search ('dpll.h') would answer the same questions
 * on easy environments, but it learns nothing (each UNSAT answer would
 * need its whole search tree in the proof) and repeats its work on the
 * equivalence queries of arithmetic circuits, which are hard without
 * learning.
 *
 * Tuning: none inside; the caller bounds each search by ticks. */

#include "subsolver.h"
#include "internal.h"

/* clang-format off */
#define SUB_STACKS(X, P) \
  X (P, unsigneds, arena)   /* clauses: size, then the literals */ \
  X (P, unsigneds, trail) \
  X (P, unsigneds, control) /* trail height at the start of each level */ \
  X (P, unsigneds, learned) \
  X (P, unsigneds, analyzed)
/* clang-format on */

struct subsolver {
  einsat *owner; /* of the memory ('solver' in the stack macros) */
  unsigned vars, capacity; /* per-variable arrays are 'capacity' long */
  unsigned used;           /* variables below it occur in clauses */
  bool inconsistent;
  unsigned level, propagated;
  DECLARE_STACKS (SUB_STACKS)
  unsigneds *watches; /* per literal: clause offsets in 'arena' */
  signed char *values; /* per literal */
  signed char *phases; /* per variable */
  bool *seen;
  unsigned *levels, *reasons;
  double *activity, increment;
  es_sub_learned *learned_callback;
  void *data;
  uint64_t ticks;
};

subsolver *es_sub_new (einsat *owner) {
  einsat *solver = owner;
  subsolver *s = es_calloc (solver, 1, sizeof *s);
  s->owner = owner;
  return s;
}

static void release_variables (subsolver *s) {
  einsat *solver = s->owner;
  size_t n = s->capacity;
  if (s->watches)
    for (size_t lit = 0; lit < 2 * n; lit++)
      RELEASE_STACK (s->watches[lit]);
  DELETE_ARRAY (s->watches, 2 * n);
  DELETE_ARRAY (s->values, 2 * n);
  DELETE_ARRAY (s->phases, n);
  DELETE_ARRAY (s->seen, n);
  DELETE_ARRAY (s->levels, n);
  DELETE_ARRAY (s->reasons, n);
  DELETE_ARRAY (s->activity, n);
  s->capacity = 0;
}

void es_sub_delete (subsolver *s) {
  if (!s)
    return;
  einsat *solver = s->owner;
  release_variables (s);
  RELEASE_STACKS (SUB_STACKS, s);
  es_free (solver, s, sizeof *s);
}

/* The arrays are only reallocated when a formula has more variables than
 * any before; each is zeroed or set for the new formula. */
static void reserve_variables (subsolver *s, unsigned vars) {
  einsat *solver = s->owner;
  if (vars > s->capacity) {
    release_variables (s);
    size_t n = vars;
    NEW_ARRAY (s->watches, 2 * n);
    NEW_ARRAY (s->values, 2 * n);
    NEW_ARRAY (s->phases, n);
    NEW_ARRAY (s->seen, n);
    NEW_ARRAY (s->levels, n);
    NEW_ARRAY (s->reasons, n);
    NEW_ARRAY (s->activity, n);
    s->capacity = vars;
  }
  for (size_t lit = 0; lit < 2 * (size_t) vars; lit++) {
    CLEAR_STACK (s->watches[lit]);
    s->values[lit] = 0;
  }
  for (unsigned idx = 0; idx < vars; idx++) {
    s->phases[idx] = -1;
    s->seen[idx] = false;
    s->activity[idx] = 0;
  }
}

void es_sub_begin (subsolver *s, unsigned vars, es_sub_learned *learned,
                   void *data) {
  reserve_variables (s, vars);
  s->vars = vars;
  s->used = 0;
  s->inconsistent = false;
  s->level = s->propagated = 0;
  s->increment = 1;
  s->learned_callback = learned;
  s->data = data;
  CLEAR_STACK (s->arena);
  CLEAR_STACK (s->trail);
  CLEAR_STACK (s->control);
}

static void assign (subsolver *s, unsigned lit, unsigned reason) {
  einsat *solver = s->owner;
  assert (!s->values[lit]);
  s->values[lit] = 1;
  s->values[NOT (lit)] = -1;
  s->levels[IDX (lit)] = s->level;
  s->reasons[IDX (lit)] = reason;
  PUSH_STACK (s->trail, lit);
}

/* Stores a clause of at least two literals, watching its first two. */
static unsigned store_clause (subsolver *s, size_t size,
                              const unsigned *lits) {
  einsat *solver = s->owner;
  assert (size >= 2);
  unsigned ref = (unsigned) SIZE_STACK (s->arena);
  PUSH_STACK (s->arena, (unsigned) size);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (s->arena, lits[i]);
  PUSH_STACK (s->watches[lits[0]], ref);
  PUSH_STACK (s->watches[lits[1]], ref);
  return ref;
}

static void learn (subsolver *, size_t, const unsigned *);

/* The loaded formula is refuted: the empty clause is RUP over it. */
static void refute (subsolver *s) {
  s->inconsistent = true;
  learn (s, 0, 0);
}

void es_sub_clause (subsolver *s, size_t size, const unsigned *lits) {
  assert (!s->level && !s->propagated);
  if (s->inconsistent)
    return;
  for (size_t i = 0; i < size; i++)
    if (IDX (lits[i]) >= s->used)
      s->used = IDX (lits[i]) + 1;
  if (!size) {
    refute (s);
    return;
  }
  if (size > 1) {
    store_clause (s, size, lits);
    return;
  }
  signed char value = s->values[lits[0]];
  if (value < 0)
    refute (s);
  else if (!value)
    assign (s, lits[0], INVALID);
}

/* Returns the offset of a falsified clause or INVALID. */
static unsigned propagate (subsolver *s) {
  einsat *solver = s->owner;
  unsigned conflict = INVALID;
  while (conflict == INVALID && s->propagated < SIZE_STACK (s->trail)) {
    unsigned not_lit = NOT (PEEK_STACK (s->trail, s->propagated));
    s->propagated++;
    unsigneds *ws = &s->watches[not_lit];
    unsigned *p = ws->begin, *q = p, *end = ws->end;
    while (p != end) {
      unsigned ref = *q++ = *p++;
      s->ticks++;
      unsigned *lits = s->arena.begin + ref + 1, size = lits[-1];
      if (lits[0] == not_lit)
        lits[0] = lits[1], lits[1] = not_lit;
      if (s->values[lits[0]] > 0)
        continue;
      unsigned k = 2;
      while (k < size && s->values[lits[k]] < 0)
        k++;
      if (k < size) {
        lits[1] = lits[k], lits[k] = not_lit;
        PUSH_STACK (s->watches[lits[1]], ref);
        q--;
      } else if (s->values[lits[0]] < 0) {
        conflict = ref;
        break;
      } else
        assign (s, lits[0], ref);
    }
    while (p != end)
      *q++ = *p++;
    ws->end = q;
  }
  return conflict;
}

static void backtrack (subsolver *s, unsigned level) {
  if (s->level <= level)
    return;
  unsigned height = PEEK_STACK (s->control, level);
  for (unsigned *p = s->trail.begin + height; p != s->trail.end; p++) {
    s->values[*p] = s->values[NOT (*p)] = 0;
    s->phases[IDX (*p)] = (signed char) (*p & 1 ? -1 : 1);
  }
  RESIZE_STACK (s->trail, height);
  RESIZE_STACK (s->control, level);
  s->level = level;
  s->propagated = height;
}

static void new_level (subsolver *s) {
  einsat *solver = s->owner;
  PUSH_STACK (s->control, (unsigned) SIZE_STACK (s->trail));
  s->level++;
}

static void bump (subsolver *s, unsigned idx) {
  if ((s->activity[idx] += s->increment) > 1e100) {
    for (unsigned i = 0; i < s->vars; i++)
      s->activity[i] *= 1e-100;
    s->increment *= 1e-100;
  }
}

static void learn (subsolver *s, size_t size, const unsigned *lits) {
  if (s->learned_callback)
    s->learned_callback (s->data, size, lits);
}

/* First-UIP analysis of a conflict above the root level: learns the
 * clause, backjumps and assigns its first literal. */
static void analyze (subsolver *s, unsigned conflict) {
  einsat *solver = s->owner;
  assert (s->level);
  CLEAR_STACK (s->learned);
  PUSH_STACK (s->learned, INVALID);
  unsigned open = 0, uip = INVALID, reason = conflict;
  const unsigned *t = s->trail.end;
  for (;;) {
    const unsigned *lits = s->arena.begin + reason + 1;
    s->ticks++;
    for (unsigned i = 0, size = lits[-1]; i < size; i++) {
      unsigned lit = lits[i], idx = IDX (lit);
      if (lit == uip || s->seen[idx] || !s->levels[idx])
        continue;
      s->seen[idx] = true;
      PUSH_STACK (s->analyzed, idx);
      bump (s, idx);
      if (s->levels[idx] == s->level)
        open++;
      else
        PUSH_STACK (s->learned, lit);
    }
    do
      uip = *--t;
    while (!s->seen[IDX (uip)]);
    if (!--open)
      break;
    reason = s->reasons[IDX (uip)];
  }
  s->learned.begin[0] = NOT (uip);
  for (all_stack (unsigned, idx, s->analyzed))
    s->seen[idx] = false;
  CLEAR_STACK (s->analyzed);
  s->increment *= 1 / 0.95;
  size_t size = SIZE_STACK (s->learned);
  unsigned *lits = s->learned.begin, jump = 0;
  for (size_t i = 1; i < size; i++)
    if (s->levels[IDX (lits[i])] > jump) {
      jump = s->levels[IDX (lits[i])];
      unsigned other = lits[1];
      lits[1] = lits[i], lits[i] = other;
    }
  learn (s, size, lits);
  backtrack (s, jump);
  unsigned reason_of_uip = size > 1 ? store_clause (s, size, lits) : INVALID;
  assign (s, lits[0], reason_of_uip);
}

/* The free variable of highest activity among those in clauses, or
 * INVALID. */
static unsigned decision_variable (subsolver *s) {
  unsigned best = INVALID;
  s->ticks += 1 + s->used / 32;
  for (unsigned idx = 0; idx < s->used; idx++)
    if (!s->values[LIT (idx)] &&
        (best == INVALID || s->activity[idx] > s->activity[best]))
      best = idx;
  return best;
}

int es_sub_solve (subsolver *s, size_t assumed, const unsigned *assumptions,
                  uint64_t budget) {
  backtrack (s, 0);
  uint64_t limit = s->ticks + budget;
  while (!s->inconsistent) {
    unsigned conflict = propagate (s);
    if (conflict != INVALID) {
      if (s->level)
        analyze (s, conflict);
      else
        refute (s);
      continue;
    }
    if (s->ticks > limit)
      return SUB_UNKNOWN;
    unsigned decision;
    if (s->level < assumed) {
      unsigned lit = assumptions[s->level];
      signed char value = s->values[lit];
      if (value < 0)
        return SUB_UNSATISFIABLE;
      new_level (s);
      if (value > 0)
        continue; /* a level without a decision keeps levels = indices */
      decision = lit;
    } else {
      unsigned idx = decision_variable (s);
      if (idx == INVALID)
        return SUB_SATISFIABLE;
      decision = LIT (idx) ^ (s->phases[idx] < 0);
      new_level (s);
    }
    assign (s, decision, INVALID);
  }
  return SUB_UNSATISFIABLE;
}

signed char es_sub_value (const subsolver *s, unsigned lit) {
  return s->values[lit];
}

uint64_t es_sub_ticks (const subsolver *s) { return s->ticks; }
