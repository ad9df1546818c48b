/* Enumerating all models, projected on a set of variables, in one solver
 * without growing the user's formula.  Projected variables are decided
 * before the others, each time the best one by the heuristic of the
 * current mode, so after a model the projected decisions determine every
 * projected literal.  Two strategies (option 'enumerate'):
 *
 * Blocking clauses (0).  The projected literals that are implied by the
 * others (through reasons whose literals are all implied in the same
 * sense, or fixed by the root level or the assumptions) are left out of
 * the clause blocking the model: any model agreeing with the remaining
 * projected literals agrees on all of them.  With projected decisions
 * first these are about the projected decisions (decision-based
 * blocking, as in Toda and Soh's survey of all-solutions solvers), much
 * shorter than the negated model.  The blocking clause is learned like a
 * conflict clause: the solver jumps back and flips the literal of the
 * highest level.  Every blocking clause also contains the negation of a
 * fresh internal selector variable that is assumed during the
 * enumeration.  Afterwards the selector is fixed to false, which
 * satisfies every blocking clause and every clause learned from them
 * (they all contain the negated selector), and root-level simplification
 * removes them: the formula is the user's formula again.
 *
 * Backtracking (1).  One blocking clause per model makes propagation
 * slower with every model, which dominates when there are many.  Instead
 * the search is confined to a prefix of projected literals, kept as
 * assumptions after the user's, each flagged once flipped (the variable
 * flag 'flipped'; chronological
 * all-solutions search as in DPLL-style solvers).  After a model the
 * projected decisions above the prefix join it; then flipped entries are
 * popped from the top and the topmost unflipped one is flipped: its
 * subtree is exhausted.  The prefix levels are still on the trail, so
 * this is a backtrack by one level plus a new assumption.  When the
 * search refutes the prefix (an entry is falsified, or a conflict lies
 * on the prefix levels, see 'search.c'), everything agreeing with the
 * prefix up to that entry is exhausted and it is popped the same way;
 * the enumeration is complete when the prefix is empty.  (The refuted
 * entry is always the top one: below it, the prefix agrees with the last
 * model, so popping by the failed-assumption core would gain nothing.)
 * Backjumps stop at the prefix levels ('analyze.c'), and only clauses
 * implied by the formula are learned, so they may stay.
 *
 * Backtracking is the default: measured, it was never slower, also for
 * the limit 2 of uniqueness checks (where blocking leaves restarts free
 * to leave the subtree of the first model, which could matter when a
 * uniqueness proof is hard), without the selector variable each
 * blocking call leaves (bench/GRIDS.md, "Choices measured").
 *
 * The backtracking strategy first lets the search without learning
 * ('dpll.c', a sub-solver with its own copy of the formula) enumerate
 * small formulas, and goes on from the prefix it hands over when its
 * budget runs out.
 *
 * What enumerations keep between calls is one structure owned by this
 * file ('enumerator'): the projection of the last call (a projection on
 * all variables is kept and extended, since it changes only when
 * variables are added), the model buffer, and the sub-solver with the
 * copy of the formula it was loaded with. */

#include "assign.h"
#include "dpll.h"

#include <stdlib.h>

/* The projection of the current call, kept for the next one.  Projected
 * variables carry the flag 'projected' during the call, except those
 * below 'below': when the projection covers every variable, setting and
 * clearing a flag per variable would be most of a short call's work. */
typedef struct projection {
  unsigneds vars; /* internal variables of the entries, each once */
  unsigneds lits; /* internal literal of each entry */
  int all;        /* the entries are external 1..all (0: listed) */
  unsigned below;
} projection;

/* The sub-solver and what its formula was copied from: the copy is
 * current while these have not changed. */
typedef struct subsolver {
  dpll *dpll;
  bool loaded;            /* complete (an allocation may fail midway) */
  uint64_t changes;       /* 'irredundant_changes' when loaded */
  uint64_t irredundant;   /* 'clauses_irredundant' then (for checking) */
  unsigned root_trail;    /* root-level trail size then */
  unsigned internal;      /* internal variables then */
  int external;           /* 'max_external' then */
  uint64_t served;        /* enumerations on this copy */
  uint64_t skipped;       /* enumerations left to CDCL since it went stale */
  uint64_t backoff;       /* ... before loading again */
  unsigneds to_dpll;      /* internal variable -> its variable */
  unsigneds from_dpll;    /* its variable -> internal one (or INVALID) */
  unsigneds lits;         /* scratch: a clause, the assumptions */
  unsigneds projection;   /* its variables of a listed projection */
  chars values;           /* a model in internal literals (for checks) */
} subsolver;

struct enumerator {
  projection projection;
  subsolver sub;
  ints model; /* as passed to the callback */
};

static struct enumerator *enumerator (einsat *solver) {
  if (!solver->enumerator)
    solver->enumerator = es_calloc (solver, 1, sizeof *solver->enumerator);
  return solver->enumerator;
}

void es_release_enumerator (einsat *solver) {
  struct enumerator *e = solver->enumerator;
  if (!e)
    return;
  RELEASE_STACK (e->projection.vars);
  RELEASE_STACK (e->projection.lits);
  es_dpll_delete (e->sub.dpll);
  RELEASE_STACK (e->sub.to_dpll);
  RELEASE_STACK (e->sub.from_dpll);
  RELEASE_STACK (e->sub.lits);
  RELEASE_STACK (e->sub.projection);
  RELEASE_STACK (e->sub.values);
  RELEASE_STACK (e->model);
  es_free (solver, e, sizeof *e);
  solver->enumerator = 0;
}

bool es_projected (const einsat *solver, unsigned idx) {
  const struct enumerator *e = solver->enumerator;
  return FLAGS (idx)->projected || (e && idx < e->projection.below);
}

/* The unassigned projected variable the heuristic likes best (a linear
 * scan: projections are small compared to the search per model). */
unsigned es_next_projected (einsat *solver) {
  unsigned best = INVALID;
  for (all_stack (unsigned, idx, solver->enumerator->projection.vars)) {
    if (solver->values[LIT (idx)])
      continue;
    if (best == INVALID ||
        (solver->stable ? solver->scores.score[idx] > solver->scores.score[best]
                        : solver->links[idx].stamp > solver->links[best].stamp))
      best = idx;
  }
  return best;
}

typedef struct enumeration {
  einsat *solver;
  const int *project;
  int project_size;
  int64_t limit;
  einsat_model_callback *callback;
  void *data;
  int64_t models;
  int complete;
  unsigned base; /* user assumptions below the prefix */
} enumeration;

/*------------------------------------------------------------------------*/
/* Importing the projection. */

/* Known variables (after restoring, none is eliminated) take the short
 * way: a projection is imported at every call, and the general import
 * checks and enlarges the external tables per literal. */
static unsigned import_projected (einsat *solver, int eidx) {
  unsigned lit = es_find_literal (solver, eidx);
  return lit != INVALID ? lit : es_import_literal (solver, eidx);
}

/* A listed projection is imported per call, as the user's assumptions
 * are: it may change between calls, and comparing it with the last one
 * would cost as much as importing it. */
static void import_listed (einsat *solver, projection *p,
                           const enumeration *e) {
  p->all = 0;
  CLEAR_STACK (p->vars);
  CLEAR_STACK (p->lits);
  int n = e->project_size;
  es_restore_external (solver, (size_t) n, e->project);
  RESERVE_STACK (p->lits, (size_t) n);
  RESERVE_STACK (p->vars, (size_t) n);
  /* The stacks are reserved and not touched by an import, so their ends
   * stay in locals: stores through them could alias 'solver'. */
  unsigned *lits = p->lits.end, *vars = p->vars.end;
  for (int i = 0; i < n; i++) {
    unsigned lit = import_projected (solver, abs (e->project[i]));
    *lits++ = lit;
    /* Without a branch: a variable twice in a projection is rare. */
    var_flags *f = FLAGS (IDX (lit));
    *vars = IDX (lit);
    vars += !f->projected;
    f->projected = true;
  }
  p->lits.end = lits;
  p->vars.end = vars;
}

static void flag_projected (einsat *solver, const projection *p,
                            bool projected) {
  for (all_stack (unsigned, idx, p->vars))
    FLAGS (idx)->projected = projected;
}

/* The projection on all variables changes only when variables are
 * added, as an imported external variable keeps its internal one (also
 * when restored after elimination): the entries of the last such call
 * stay, and only the variables added since are imported. */
static void import_all (einsat *solver, projection *p) {
  es_restore_all_external (solver);
  int known = p->all, n = solver->max_external;
  p->all = 0; /* until the entries are complete */
  RESIZE_STACK (p->lits, (size_t) known);
  RESIZE_STACK (p->vars, (size_t) known);
  for (int eidx = known + 1; eidx <= n; eidx++) {
    unsigned lit = import_projected (solver, eidx);
    PUSH_STACK (p->lits, lit);
    PUSH_STACK (p->vars, IDX (lit));
  }
  p->all = n;
  if (SIZE_STACK (p->vars) == solver->vars)
    p->below = solver->vars; /* variables added later are above */
  else
    flag_projected (solver, p, true);
}

static void import_projection (einsat *solver, const enumeration *e) {
  projection *p = &solver->enumerator->projection;
  if (e->project)
    import_listed (solver, p, e);
  else
    import_all (solver, p);
  solver->projecting = true;
}

/* The entries stay for the next call (see 'import_all'). */
static void reset_projection (einsat *solver) {
  projection *p = &solver->enumerator->projection;
  if (p->below)
    p->below = 0;
  else
    flag_projected (solver, p, false);
  solver->projecting = false;
}

/*------------------------------------------------------------------------*/
/* Reporting models. */

static bool enough (const enumeration *e, int go_on) {
  return !go_on || (e->limit > 0 && e->models >= e->limit);
}

static void check_values (einsat *solver, const signed char *values) {
  es_extend_values (solver, values);
  if (!es_check_model (solver))
    es_fatal (solver, "internal error: enumerated model does not "
                      "satisfy the original clauses");
}

/* Room for the model of 'e' and its terminating zero; its size goes to
 * 'size'. */
static int *model_buffer (einsat *solver, const enumeration *e,
                          int *size_ptr) {
  int size = e->project ? e->project_size
                        : solver->enumerator->projection.all;
  *size_ptr = size;
  ints *model = &solver->enumerator->model;
  CLEAR_STACK (*model);
  RESERVE_STACK (*model, (size_t) size + 1);
  RESIZE_STACK (*model, (size_t) size + 1);
  model->begin[size] = 0;
  return model->begin;
}

static int pass_model (einsat *solver, enumeration *e) {
  e->models++;
  return e->callback (e->data, solver->enumerator->model.begin);
}

/* Projected variables are frozen (see 'eliminate.c'), so their values
 * are assigned: the model needs no extension, which would cost time
 * linear in the formula per model.  Values are 1 or -1: multiplying
 * needs no branch, and whether a value is true varies at random. */
static int report_model (einsat *solver, enumeration *e) {
  if (GET_OPTION (check))
    check_values (solver, solver->values);
  int n, *out = model_buffer (solver, e, &n);
  const unsigned *lits = solver->enumerator->projection.lits.begin;
  const signed char *values = solver->values;
  if (e->project)
    for (int i = 0; i < n; i++) {
      assert (values[lits[i]]);
      out[i] = values[lits[i]] * abs (e->project[i]);
    }
  else
    for (int i = 0; i < n; i++) {
      assert (values[lits[i]]);
      out[i] = values[lits[i]] * (i + 1);
    }
  return pass_model (solver, e);
}

/*------------------------------------------------------------------------*/
/* Blocking clauses. */

/* Is the true literal 'lit' implied by literals marked as implied?  The
 * mark is the 'removable' flag, which is free outside conflict analysis. */
static bool implied_by_marked (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  if (a->reason == INVALID)
    return false;
  if (a->binary)
    return VAR (a->reason)->removable;
  clause *c = CLAUSE (a->reason);
  for (all_literals_in_clause (other, c))
    if (other != lit && !VAR (other)->removable)
      return false;
  return true;
}

/* Builds the blocking clause in 'solver->learned' from the projected
 * literals that are not implied (one pass over the trail, which lists
 * every literal after its reason); returns false if there is none above
 * the assumption levels: then this model was the last one. */
static bool block_model (einsat *solver, unsigned selector) {
  unsigneds *lits = &solver->learned;
  CLEAR_STACK (*lits);
  unsigned assumptions = (unsigned) SIZE_STACK (solver->assumptions);
  for (unsigned pos = 0; pos < solver->trail_size; pos++) {
    unsigned lit = solver->trail[pos];
    assigned *a = VAR (lit);
    bool implied = a->level <= assumptions || implied_by_marked (solver, lit);
    if (!implied && es_projected (solver, IDX (lit))) {
      PUSH_STACK (*lits, NOT (lit));
      implied = true;
    }
    a->removable = implied;
  }
  for (unsigned pos = 0; pos < solver->trail_size; pos++)
    VAR (solver->trail[pos])->removable = false;
  if (EMPTY_STACK (*lits))
    return false;
  PUSH_STACK (*lits, NOT (selector));
  return true;
}

/* If one literal has the highest level, the clause flips it one level
 * lower like a learned clause; if two share it, the solver backtracks
 * below that level and the clause just joins the formula. */
static void learn_blocking_clause (einsat *solver) {
  unsigneds *lits = &solver->learned;
  unsigned *begin = lits->begin;
  size_t size = SIZE_STACK (*lits);
  es_move_highest_level (solver, begin, size, 0);
  es_move_highest_level (solver, begin, size, 1);
  unsigned first = LEVEL (begin[0]), second = LEVEL (begin[1]);
  bool asserting = first > second;
  es_backtrack (solver, asserting ? second : first - 1);
  if (size == 2)
    es_new_binary (solver, false, begin[0], begin[1]);
  if (size == 2 && asserting)
    es_assign_binary (solver, begin[0], begin[1]);
  if (size > 2) {
    unsigned ref = es_new_clause (solver, false, 0, size, begin);
    if (asserting)
      es_assign_reason (solver, begin[0], ref, second);
  }
  CLEAR_STACK (*lits);
}

static void enumerate_blocking (einsat *solver, enumeration *e,
                                unsigned selector) {
  for (;;) {
    int res = es_search (solver);
    if (res == 20) {
      e->complete = 1;
      return;
    }
    if (res != 10)
      return;
    int go_on = report_model (solver, e);
    if (!block_model (solver, selector)) {
      e->complete = 1;
      return;
    }
    if (enough (e, go_on))
      return;
    learn_blocking_clause (solver);
  }
}

/* The projected decisions above the prefix join it, in level order (the
 * levels of the prefix are the assumption levels, so the new entries
 * keep the levels they have).  Projected variables are decided before
 * the others, so the first other decision ends them. */
static void extend_prefix (einsat *solver) {
  unsigneds *prefix = &solver->assumptions;
  for (unsigned level = (unsigned) SIZE_STACK (*prefix) + 1;
       level <= solver->level; level++) {
    unsigned decision = PEEK_STACK (solver->frames, level).decision;
    if (decision == INVALID || !es_projected (solver, IDX (decision)))
      break;
    assert (!FLAGS (IDX (decision))->flipped);
    PUSH_STACK (*prefix, decision);
  }
}

/* Pops prefix entries down to 'size' entries in all. */
static void pop_prefix (einsat *solver, size_t size) {
  unsigneds *prefix = &solver->assumptions;
  while (SIZE_STACK (*prefix) > size)
    FLAGS (IDX (POP_STACK (*prefix)))->flipped = false;
}

/* Everything agreeing with the prefix is exhausted: pops flipped entries
 * and flips the topmost unflipped one; returns false if none is left. */
static bool next_prefix (einsat *solver, enumeration *e) {
  unsigneds *prefix = &solver->assumptions;
  size_t size = SIZE_STACK (*prefix);
  while (size > e->base &&
         FLAGS (IDX (PEEK_STACK (*prefix, size - 1)))->flipped)
    size--;
  pop_prefix (solver, size);
  if (size == e->base)
    return false;
  unsigned lit = NOT (TOP_STACK (*prefix));
  TOP_STACK (*prefix) = lit;
  FLAGS (IDX (lit))->flipped = true;
  LOG ("flipped prefix entry %zu to %s", size - 1 - e->base, LOGLIT (lit));
  return true;
}

/* The search failed on the assumption of index 'solver->level' (see
 * 'decide.c'): its negation is implied by the assumptions below, so
 * everything agreeing with the prefix up to it is exhausted.  Returns
 * false if it is a user assumption or nothing is left. */
static bool refuted_prefix (einsat *solver, enumeration *e) {
  unsigned failed = solver->level;
  if (solver->inconsistent || failed < e->base)
    return false;
  pop_prefix (solver, failed + 1);
  return next_prefix (solver, e);
}

/*------------------------------------------------------------------------*/
/* The search without learning first ('dpll.c').
 *
 * The sub-solver gets the irredundant clauses without root-level false
 * literals and satisfied clauses, its variables numbered as the user
 * numbers them: external variable i is its variable i - 1, and internal
 * variables without an external name follow.  Its values are then a
 * model in the user's order, which a projection on all variables reports
 * without a table lookup per variable. */

/* Copying and the scan of the large clauses per decision grow with the
 * formula; binary clauses count too, and so do the pairwise clauses of
 * at-most-one constraints ('atmost.c'), which it gets instead. */
static bool small_enough (einsat *solver) {
  return solver->vars && solver->vars <= (unsigned) GET_OPTION (dpllvars) &&
         STAT (clauses_irredundant) + es_atmost_pairs (solver) <=
             (uint64_t) GET_OPTION (dpllclauses);
}

static void number_variables (einsat *solver, subsolver *s) {
  unsigned external = (unsigned) solver->max_external, vars = external;
  for (unsigned idx = 0; idx < solver->vars; idx++)
    vars += !PEEK_STACK (solver->i2e, idx);
  CLEAR_STACK (s->to_dpll);
  RESERVE_STACK (s->to_dpll, (size_t) solver->vars + 1);
  CLEAR_STACK (s->from_dpll);
  RESERVE_STACK (s->from_dpll, (size_t) vars + 1);
  RESIZE_STACK (s->from_dpll, (size_t) vars);
  for (unsigned var = 0; var < external; var++)
    s->from_dpll.begin[var] = INVALID; /* never imported */
  unsigned next = external;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    int eidx = PEEK_STACK (solver->i2e, idx);
    unsigned var = eidx ? (unsigned) eidx - 1 : next++;
    PUSH_STACK (s->to_dpll, var);
    s->from_dpll.begin[var] = idx;
  }
}

static unsigned to_dpll (const subsolver *s, unsigned lit) {
  return LIT (s->to_dpll.begin[IDX (lit)]) | (lit & 1);
}

static unsigned from_dpll (const subsolver *s, unsigned lit) {
  return LIT (s->from_dpll.begin[IDX (lit)]) | (lit & 1);
}

static void load_variables (einsat *solver, subsolver *s) {
  for (size_t var = 0; var < SIZE_STACK (s->from_dpll); var++) {
    unsigned idx = s->from_dpll.begin[var];
    signed char value = idx == INVALID ? 0 : VALUE (LIT (idx));
    if (value)
      es_dpll_fix (s->dpll, LIT ((unsigned) var) | (value < 0));
    else if (idx == INVALID || !FLAGS (idx)->active)
      es_dpll_ignore (s->dpll, (unsigned) var);
  }
}

/* Each binary clause is met in the watches of both its literals. */
static void load_binaries (einsat *solver, subsolver *s) {
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++)
    for (all_watches (w, WATCHES (lit))) {
      if (w.ref != IRREDUNDANT_BINARY || w.blit < lit)
        continue;
      if (VALUE (lit) || VALUE (w.blit))
        continue; /* satisfied at the root (propagation is complete) */
      unsigned lits[2] = {to_dpll (s, lit), to_dpll (s, w.blit)};
      es_dpll_clause (s->dpll, 2, lits);
    }
}

/* The sub-solver knows clauses only: at-most-one constraints become
 * their pairwise clauses, exactly-one constraints these and their
 * clause. */
static void load_atmosts (einsat *solver, subsolver *s) {
  if (!solver->atmosts.count)
    return;
  CLEAR_STACK (s->lits);
  es_push_atmost_pairs (solver, &s->lits);
  for (unsigned *p = s->lits.begin; p != s->lits.end; p += 2) {
    unsigned lits[2] = {to_dpll (s, p[0]), to_dpll (s, p[1])};
    es_dpll_clause (s->dpll, 2, lits);
  }
  CLEAR_STACK (s->lits);
  es_push_exactly_clauses (solver, &s->lits);
  unsigned *begin = s->lits.begin;
  for (unsigned *p = begin; p != s->lits.end; p++) {
    if (*p != INVALID) {
      *p = to_dpll (s, *p);
      continue;
    }
    es_dpll_clause (s->dpll, (size_t) (p - begin), begin);
    begin = p + 1;
  }
  CLEAR_STACK (s->lits);
}

static void load_large_clauses (einsat *solver, subsolver *s) {
  for (all_stack (unsigned, ref, solver->irredundant)) {
    clause *c = CLAUSE (ref);
    if (c->garbage)
      continue;
    CLEAR_STACK (s->lits);
    bool satisfied = false;
    for (all_literals_in_clause (lit, c)) {
      signed char value = VALUE (lit);
      satisfied |= value > 0;
      if (!value)
        PUSH_STACK (s->lits, to_dpll (s, lit));
    }
    if (!satisfied)
      es_dpll_clause (s->dpll, SIZE_STACK (s->lits), s->lits.begin);
  }
}

static void load (einsat *solver, subsolver *s) {
  s->loaded = false;
  if (!s->dpll)
    s->dpll = es_dpll_new (solver);
  number_variables (solver, s);
  es_dpll_begin (s->dpll, (unsigned) SIZE_STACK (s->from_dpll));
  load_variables (solver, s);
  load_binaries (solver, s);
  load_atmosts (solver, s);
  load_large_clauses (solver, s);
  es_dpll_end (s->dpll);
  s->changes = solver->irredundant_changes;
  s->irredundant = STAT (clauses_irredundant);
  s->root_trail = solver->trail_size;
  s->internal = solver->vars;
  s->external = solver->max_external;
  s->loaded = true;
}

/* A load costs about as much as a few CDCL searches of a small formula.
 * An application that changes the formula before every enumeration
 * would pay that each time, so a copy that served one enumeration only
 * is made again only after twice as many enumerations as the last time
 * were left to CDCL.  Returns 0 if this one is. */
static dpll *current_copy (einsat *solver, subsolver *s) {
  if (s->loaded && s->changes == solver->irredundant_changes &&
      s->root_trail == solver->trail_size && s->internal == solver->vars &&
      s->external == solver->max_external) {
    /* A change that did not count 'irredundant_changes' would leave the
     * copy stale: a place adding or removing clauses without it. */
    assert (s->irredundant == STAT (clauses_irredundant));
    s->served++;
    return s->dpll;
  }
  if (s->loaded && s->served < 2) {
    if (s->skipped < s->backoff) {
      s->skipped++;
      return 0;
    }
    s->backoff = s->backoff ? 2 * s->backoff : 1;
  } else
    s->backoff = 0;
  s->skipped = 0;
  load (solver, s);
  s->served = 1;
  return s->dpll;
}

/* Its values as internal ones (1 true, -1 false), for
 * 'es_extend_values'. */
static const signed char *internal_values (einsat *solver, subsolver *s,
                                           const signed char *values) {
  CLEAR_STACK (s->values);
  RESERVE_STACK (s->values, 2 * (size_t) solver->vars + 1);
  signed char *internal = (signed char *) s->values.begin;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    signed char value = values[to_dpll (s, LIT (idx))];
    assert (value != DPLL_FREE || !FLAGS (idx)->active);
    internal[LIT (idx)] = (signed char) (1 - value);
    internal[NOT (LIT (idx))] = (signed char) (value - 1);
  }
  return internal;
}

/* -1 if 'value' is DPLL_FALSE, 0 if DPLL_TRUE. */
static inline int sign_of (signed char value) { return -(value >> 1); }

/* A model of the sub-solver, in its numbering: the external variable
 * 'eidx' is its variable 'eidx - 1'.  Negating by the sign, without a
 * branch or a multiply, in a loop the compiler vectorises for the
 * projection on all variables. */
static bool report_dpll_model (void *data, const signed char *values) {
  enumeration *e = data;
  einsat *solver = e->solver;
  subsolver *s = &solver->enumerator->sub;
  if (GET_OPTION (check))
    check_values (solver, internal_values (solver, s, values));
  int n, *out = model_buffer (solver, e, &n);
  if (e->project)
    for (int i = 0; i < n; i++) {
      int eidx = abs (e->project[i]);
      int sign = sign_of (values[LIT ((unsigned) eidx - 1)]);
      assert (values[LIT ((unsigned) eidx - 1)] != DPLL_FREE);
      out[i] = (eidx ^ sign) - sign;
    }
  else
    for (int i = 0; i < n; i++) {
      int sign = sign_of (values[LIT ((unsigned) i)]);
      assert (values[LIT ((unsigned) i)] != DPLL_FREE);
      out[i] = ((i + 1) ^ sign) - sign;
    }
  return !enough (e, pass_model (solver, e));
}

static bool terminating (void *data) {
  enumeration *e = data;
  return es_terminating (e->solver);
}

/* The assumptions and the projection in the sub-solver's numbering. */
static void translate_query (einsat *solver, subsolver *s,
                             const enumeration *e, es_dpll_search *query) {
  CLEAR_STACK (s->lits);
  for (all_stack (unsigned, lit, solver->assumptions))
    PUSH_STACK (s->lits, to_dpll (s, lit));
  query->assumptions = s->lits.begin;
  query->assumed = SIZE_STACK (s->lits);
  /* All its variables are projected if all are external. */
  int external = solver->max_external;
  if (!e->project && SIZE_STACK (s->from_dpll) == (size_t) external)
    return;
  int n = e->project ? e->project_size : external;
  CLEAR_STACK (s->projection);
  RESERVE_STACK (s->projection, (size_t) n + 1);
  for (int i = 0; i < n; i++)
    *s->projection.end++ = e->project ? (unsigned) abs (e->project[i]) - 1
                                      : (unsigned) i;
  query->projection = s->projection.begin;
  query->projected = SIZE_STACK (s->projection);
}

/* The projected decisions of the sub-solver become the prefix of the
 * backtracking enumeration ('es_dpll_prefix' says why that is right). */
static void hand_over (einsat *solver, const subsolver *s) {
  for (size_t i = 0; i < es_dpll_prefix (s->dpll); i++) {
    bool flipped;
    unsigned lit =
        from_dpll (s, es_dpll_prefix_literal (s->dpll, i, &flipped));
    PUSH_STACK (solver->assumptions, lit);
    FLAGS (IDX (lit))->flipped = flipped;
  }
  INC (dpll_handed_over);
}

enum { SUB_SKIPPED, SUB_DONE, SUB_HANDED_OVER };

static int enumerate_without_learning (einsat *solver, enumeration *e) {
  /* The application's decisions and the teaching trace are CDCL's. */
  if (!ENABLED (dpll) || solver->decide_callback || solver->level ||
      solver->propagated != solver->trail_size || !small_enough (solver))
    return SUB_SKIPPED;
  subsolver *s = &solver->enumerator->sub;
  dpll *d = current_copy (solver, s);
  if (!d)
    return SUB_SKIPPED;
  INC (dpll_enumerations);
  es_dpll_search query = {0};
  translate_query (solver, s, e, &query);
  query.budget = (uint64_t) GET_OPTION (dpllnodes);
  query.per_model = (uint64_t) GET_OPTION (dpllpermodel);
  query.weighted = GET_OPTION (dpllweights);
  query.model = report_dpll_model;
  query.terminate = terminating;
  query.data = e;
  int res = es_dpll_enumerate (d, &query);
  ADD (dpll_decisions, query.decisions);
  ADD (dpll_models, query.models);
  if (res == DPLL_HANDED_OVER) {
    hand_over (solver, s);
    return SUB_HANDED_OVER;
  }
  e->complete = res == DPLL_COMPLETE;
  return SUB_DONE;
}

/*------------------------------------------------------------------------*/
/* Backtracking. */

static void enumerate_backtracking (einsat *solver, enumeration *e) {
  e->base = (unsigned) SIZE_STACK (solver->assumptions);
  if (enumerate_without_learning (solver, e) == SUB_DONE)
    return;
  /* Otherwise skipped, or handed over: the prefix is where it stopped. */
  for (;;) {
    /* The search never comes back to a subtree it left, so most clauses
     * learned there are dead weight, and their number grows with the
     * number of models: reductions keep their base interval. */
    es_limit_reduce_interval (solver);
    int res = es_search (solver);
    if (res == 20 && !refuted_prefix (solver, e)) {
      e->complete = 1;
      return;
    }
    if (res == 10) {
      int go_on = report_model (solver, e);
      extend_prefix (solver);
      if (!next_prefix (solver, e)) {
        e->complete = 1;
        return;
      }
      if (enough (e, go_on))
        return;
    } else if (res != 20)
      return;
    /* The prefix below the flipped entry stays on the trail. */
    es_backtrack (solver, (unsigned) SIZE_STACK (solver->assumptions) - 1);
  }
}

static void enumerate (einsat *solver, void *arg) {
  enumeration *e = arg;
  (void) enumerator (solver); /* allocated here, where failing is safe */
  es_init_schedules (solver);
  es_init_search_limits (solver);
  es_reset_failed (solver);
  es_backtrack (solver, 0);
  if (solver->inconsistent) {
    e->complete = 1;
    return;
  }
  bool backtrack = GET_OPTION (enumerate);
  unsigned selector = INVALID;
  CLEAR_STACK (solver->assumptions);
  if (!backtrack) {
    selector = LIT (es_new_internal_variable (solver, 0));
    PUSH_STACK (solver->assumptions, selector);
  }
  /* Assumptions first: they may use variables the projection covers. */
  es_import_assumptions (solver);
  import_projection (solver, e);
  bool focused = es_enter_stable (solver);
  if (backtrack)
    enumerate_backtracking (solver, e);
  else
    enumerate_blocking (solver, e, selector);
  CLEAR_STACK (solver->learned);
  es_backtrack (solver, 0);
  es_reset_assumptions (solver);
  reset_projection (solver);
  if (focused)
    es_leave_stable (solver);
  if (selector != INVALID && !VALUE (selector))
    es_assign_unit (solver, NOT (selector));
  atomic_store (&solver->terminate_requested, 0);
}

static unsigned invalid_variable (int elit) {
  return !es_literal_in_range (elit) | (elit == 0);
}

/* Without an exit per variable, which a projection of a few hundred
 * variables per call would pay for each: the compiler vectorises this
 * loop. */
static bool valid_projection (const int *project, int size) {
  unsigned invalid = 0;
  for (int i = 0; i < size; i++)
    invalid |= invalid_variable (project[i]);
  return !invalid;
}

int64_t einsat_enumerate (einsat *solver, const int *project,
                          int project_size, int64_t limit,
                          einsat_model_callback *callback, void *data,
                          int *complete) {
  es_require_ready (solver, "einsat_enumerate");
  if (complete)
    *complete = 0;
  if (solver->state == STATE_INVALID)
    return -1;
  if (GET_OPTION (threads) > 1) { /* refused, see 'portfolio.c' */
    es_set_error (solver, "enumeration with option 'threads' > 1 is not "
                          "supported");
    es_reset_assumptions (solver); /* consumed as by any enumeration */
    atomic_store (&solver->terminate_requested, 0);
    return -1;
  }
  if (solver->proof)
    es_fatal (solver, "einsat_enumerate: not possible while tracing a "
                      "proof");
  if (!callback)
    es_fatal (solver, "einsat_enumerate: model callback is NULL");
  if (project && !valid_projection (project, project_size))
    for (int i = 0; i < project_size; i++)
      if (invalid_variable (project[i]))
        es_fatal (solver,
                  "einsat_enumerate: invalid projection variable %d",
                  project[i]);
  enumeration e = {solver, project, project_size, limit, callback,
                   data,   0,       0,            0};
  bool ok = es_protect (solver, enumerate, &e);
  if (!ok)
    return -1;
  solver->state = STATE_READY;
  if (complete)
    *complete = e.complete;
  return e.models;
}
