/* A small CDCL solver for the local questions of SAT sweeping (as Kissat's
 * 'kitten' is for its sweeping, Biere and Fleury's "Gimsatul, IsaSAT and
 * Kissat entering the SAT Competition 2022" and Kissat 4).  The formulas
 * are a few hundred clauses around one variable, asked many times under
 * different assumptions, so the design is the plainest that learns:
 *
 *  - two watched literals per clause (binary clauses too), clauses in one
 *    array of words '[size, number, lits...]', their identifiers by
 *    number;
 *  - first-UIP learning without minimization: every learned clause is
 *    then a RUP clause over the clauses before it, and the caller writes
 *    it to the proof as it is learned ('es_sub_learned'), with the LRAT
 *    hints the analysis collects: the root-level units of the analyzed
 *    literals, then the resolved reasons in trail order, the conflict
 *    last;
 *  - every root-level unit is learned with its reason, so that it has an
 *    identifier to be a hint by;
 *  - assumptions are the first decisions, one level each; an assumption
 *    found false ends the search: its negated assumptions are RUP, with
 *    the reasons of the implication cone of the false assumption as
 *    hints ('es_sub_hints');
 *  - decisions take the free variable of highest activity (a linear scan:
 *    environments have at most 'sweepvars' variables) with saved
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
  X (P, unsigneds, arena)   /* clauses: size, number, the literals */ \
  X (P, uint64s, ids)       /* per clause number */ \
  X (P, uint64s, units)     /* hints: root-level units */ \
  X (P, uint64s, chain)     /* hints: the rest */ \
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
  uint64_t *unit_ids; /* per variable fixed at the root level */
  uint64_t empty_id;  /* of the empty clause once refuted */
  size_t failed;      /* assumptions up to the false one (or 0) */
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

/* The per-variable and per-literal arrays (name, entries per variable),
 * allocated and released together. */
#define SUB_ARRAYS(X) \
  X (watches, 2) X (values, 2) X (phases, 1) X (seen, 1) X (levels, 1) \
  X (reasons, 1) X (unit_ids, 1) X (activity, 1)

static void release_variables (subsolver *s) {
  einsat *solver = s->owner;
  size_t n = s->capacity;
  if (s->watches)
    for (size_t lit = 0; lit < 2 * n; lit++)
      RELEASE_STACK (s->watches[lit]);
#define DELETE_SUB_ARRAY(NAME, PER_VARIABLE) \
  DELETE_ARRAY (s->NAME, PER_VARIABLE * n);
  SUB_ARRAYS (DELETE_SUB_ARRAY)
#undef DELETE_SUB_ARRAY
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
#define NEW_SUB_ARRAY(NAME, PER_VARIABLE) NEW_ARRAY (s->NAME, PER_VARIABLE * n);
    SUB_ARRAYS (NEW_SUB_ARRAY)
#undef NEW_SUB_ARRAY
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
  CLEAR_STACK (s->ids);
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
                              const unsigned *lits, uint64_t id) {
  einsat *solver = s->owner;
  assert (size >= 2);
  unsigned ref = (unsigned) SIZE_STACK (s->arena);
  PUSH_STACK (s->arena, (unsigned) size);
  PUSH_STACK (s->arena, (unsigned) SIZE_STACK (s->ids));
  PUSH_STACK (s->ids, id);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (s->arena, lits[i]);
  PUSH_STACK (s->watches[lits[0]], ref);
  PUSH_STACK (s->watches[lits[1]], ref);
  return ref;
}

static unsigned *clause_literals (const subsolver *s, unsigned ref) {
  return s->arena.begin + ref + 2;
}

static uint64_t clause_id (const subsolver *s, unsigned ref) {
  return PEEK_STACK (s->ids, s->arena.begin[ref + 1]);
}

static uint64_t learn (subsolver *s, size_t size, const unsigned *lits) {
  uint64_t id = 0;
  if (s->learned_callback)
    id = s->learned_callback (s->data, size, lits, SIZE_STACK (s->chain),
                              s->chain.begin);
  CLEAR_STACK (s->chain);
  return id;
}

/* The hints of a root-level literal: the unit it was learned as. */
static void push_unit_hint (subsolver *s, unsigned lit) {
  einsat *solver = s->owner;
  PUSH_STACK (s->chain, s->unit_ids[IDX (lit)]);
}

/* The loaded formula is refuted: the empty clause is RUP over it, with
 * the hints in 'chain'. */
static void refute (subsolver *s) {
  s->inconsistent = true;
  s->empty_id = learn (s, 0, 0);
}

/* The empty clause is the hint of every UNSAT answer after it. */
static int refuted (subsolver *s) {
  einsat *solver = s->owner;
  CLEAR_STACK (s->chain);
  PUSH_STACK (s->chain, s->empty_id);
  return SUB_UNSATISFIABLE;
}

/* All literals of the clause at 'ref' but 'except' are false at the root
 * level: with their units and the clause as hints, 'except' is a unit
 * (or, with INVALID, the formula is refuted). */
static void root_level_consequence (subsolver *s, unsigned ref,
                                    unsigned except) {
  einsat *solver = s->owner;
  const unsigned *lits = clause_literals (s, ref);
  for (unsigned i = 0, size = lits[-2]; i < size; i++)
    if (lits[i] != except)
      push_unit_hint (s, lits[i]);
  PUSH_STACK (s->chain, clause_id (s, ref));
  if (except == INVALID)
    refute (s);
  else
    s->unit_ids[IDX (except)] = learn (s, 1, &except);
}

void es_sub_clause (subsolver *s, size_t size, const unsigned *lits,
                    uint64_t id) {
  einsat *solver = s->owner;
  assert (!s->level && !s->propagated);
  if (s->inconsistent)
    return;
  for (size_t i = 0; i < size; i++)
    if (IDX (lits[i]) >= s->used)
      s->used = IDX (lits[i]) + 1;
  CLEAR_STACK (s->chain);
  if (!size) {
    PUSH_STACK (s->chain, id);
    refute (s);
    return;
  }
  if (size > 1) {
    store_clause (s, size, lits, id);
    return;
  }
  signed char value = s->values[lits[0]];
  if (value < 0) {
    push_unit_hint (s, lits[0]);
    PUSH_STACK (s->chain, id);
    refute (s);
  } else if (!value) {
    assign (s, lits[0], INVALID);
    s->unit_ids[IDX (lits[0])] = id;
  }
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
      unsigned *lits = clause_literals (s, ref), size = lits[-2];
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
      } else {
        assign (s, lits[0], ref);
        if (!s->level)
          root_level_consequence (s, ref, lits[0]);
      }
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

/* The hints of a lemma: the units first, then the clauses of 'chain'
 * (collected from the conflict back along the trail) in trail order. */
static void order_hints (subsolver *s) {
  einsat *solver = s->owner;
  uint64_t *p = s->chain.begin, *q = s->chain.end;
  while (p < q) {
    uint64_t tmp = *p;
    *p++ = *--q;
    *q = tmp;
  }
  size_t units = SIZE_STACK (s->units), size = SIZE_STACK (s->chain);
  RESERVE_STACK (s->chain, units + size);
  RESIZE_STACK (s->chain, units + size);
  uint64_t *begin = s->chain.begin;
  for (size_t i = size; i--;)
    begin[units + i] = begin[i];
  for (size_t i = 0; i < units; i++)
    begin[i] = PEEK_STACK (s->units, i);
}

/* First-UIP analysis of a conflict above the root level: learns the
 * clause, backjumps and assigns its first literal. */
static void analyze (subsolver *s, unsigned conflict) {
  einsat *solver = s->owner;
  assert (s->level);
  CLEAR_STACK (s->learned);
  PUSH_STACK (s->learned, INVALID);
  CLEAR_STACK (s->units);
  CLEAR_STACK (s->chain);
  unsigned open = 0, uip = INVALID, reason = conflict;
  const unsigned *t = s->trail.end;
  for (;;) {
    const unsigned *lits = clause_literals (s, reason);
    PUSH_STACK (s->chain, clause_id (s, reason));
    s->ticks++;
    for (unsigned i = 0, size = lits[-2]; i < size; i++) {
      unsigned lit = lits[i], idx = IDX (lit);
      if (lit == uip || s->seen[idx])
        continue;
      s->seen[idx] = true;
      PUSH_STACK (s->analyzed, idx);
      if (!s->levels[idx]) {
        PUSH_STACK (s->units, s->unit_ids[idx]);
        continue;
      }
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
  order_hints (s);
  s->increment *= 1 / 0.95;
  size_t size = SIZE_STACK (s->learned);
  unsigned *lits = s->learned.begin, jump = 0;
  for (size_t i = 1; i < size; i++)
    if (s->levels[IDX (lits[i])] > jump) {
      jump = s->levels[IDX (lits[i])];
      unsigned other = lits[1];
      lits[1] = lits[i], lits[i] = other;
    }
  uint64_t id = learn (s, size, lits);
  backtrack (s, jump);
  if (size > 1)
    assign (s, lits[0], store_clause (s, size, lits, id));
  else {
    assign (s, lits[0], INVALID);
    s->unit_ids[IDX (lits[0])] = id;
  }
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

/* The assumption 'lit' is false: the hints of the negated assumptions
 * are the units and reasons of the literals 'lit' depends on, in trail
 * order (the reason of its negation last).  The true assumptions before
 * it end the walk: they hold under the negated clause, even those
 * implied by others (their reasons would be satisfied hints). */
static void explain_failed (subsolver *s, const unsigned *assumptions,
                            unsigned lit) {
  einsat *solver = s->owner;
  CLEAR_STACK (s->chain);
  CLEAR_STACK (s->units);
  size_t first = 0;
  for (const unsigned *p = assumptions; *p != lit; p++)
    if (!s->seen[IDX (*p)]) {
      s->seen[IDX (*p)] = true;
      PUSH_STACK (s->analyzed, IDX (*p));
      first++;
    }
  unsigned idx = IDX (lit);
  s->seen[idx] = true;
  PUSH_STACK (s->analyzed, idx);
  for (size_t i = first; i < SIZE_STACK (s->analyzed); i++) {
    idx = PEEK_STACK (s->analyzed, i);
    if (!s->levels[idx]) {
      PUSH_STACK (s->units, s->unit_ids[idx]);
      continue;
    }
    unsigned reason = s->reasons[idx];
    if (reason == INVALID)
      continue; /* an assumption */
    const unsigned *lits = clause_literals (s, reason);
    for (unsigned j = 0, size = lits[-2]; j < size; j++) {
      unsigned other = IDX (lits[j]);
      if (!s->seen[other]) {
        s->seen[other] = true;
        PUSH_STACK (s->analyzed, other);
      }
    }
  }
  for (size_t i = 0; i < first; i++)
    s->seen[PEEK_STACK (s->analyzed, i)] = false;
  for (const unsigned *p = s->trail.end; p != s->trail.begin;) {
    unsigned other = IDX (*--p);
    if (s->seen[other] && s->levels[other] &&
        s->reasons[other] != INVALID)
      PUSH_STACK (s->chain, clause_id (s, s->reasons[other]));
  }
  for (all_stack (unsigned, other, s->analyzed))
    s->seen[other] = false;
  CLEAR_STACK (s->analyzed);
  order_hints (s);
}

const uint64_t *es_sub_hints (const subsolver *s, size_t *hints,
                              size_t *failed) {
  *hints = SIZE_STACK (s->chain);
  *failed = s->failed;
  return s->chain.begin;
}

int es_sub_solve (subsolver *s, size_t assumed, const unsigned *assumptions,
                  uint64_t budget) {
  backtrack (s, 0);
  s->failed = 0;
  if (s->inconsistent)
    return refuted (s);
  uint64_t limit = s->ticks + budget;
  while (!s->inconsistent) {
    unsigned conflict = propagate (s);
    if (conflict != INVALID) {
      if (s->level)
        analyze (s, conflict);
      else
        root_level_consequence (s, conflict, INVALID);
      continue;
    }
    if (s->ticks > limit)
      return SUB_UNKNOWN;
    unsigned decision;
    if (s->level < assumed) {
      unsigned lit = assumptions[s->level];
      signed char value = s->values[lit];
      if (value < 0) {
        explain_failed (s, assumptions, lit);
        s->failed = s->level + 1;
        return SUB_UNSATISFIABLE;
      }
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
  return refuted (s);
}

signed char es_sub_value (const subsolver *s, unsigned lit) {
  return s->values[lit];
}

uint64_t es_sub_ticks (const subsolver *s) { return s->ticks; }
