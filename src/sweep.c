/* SAT sweeping (Kuehlmann's SAT sweeping of circuits, 2004; for CNF as
 * in Kissat since 2022, 'sweep.c' with its sub-solver 'kitten', whose
 * idea this follows without its code): the clauses around one
 * variable, its 'environment', are handed to a small sub-solver
 * ('subsolver.c'), which finds what they imply about it:
 *
 *  - a backbone: the variable takes the same value in every model of the
 *    environment (the formula has it as a unit);
 *  - an equivalence: another variable of the environment equals it or
 *    its negation in every model (two binary clauses).
 *
 * The environment of 'v' is the set of irredundant clauses reached from
 * 'v' in at most 'sweepdepth' steps of "a clause shares a variable",
 * breadth first, up to 'sweepclauses' clauses and 'sweepvars'
 * variables; every sweep through all variables makes the next ones one
 * step deeper, up to 'sweepmaxdepth' (as Kissat does).  A model of it gives the candidates: the value of 'v' is
 * the backbone candidate, a variable with the same or the opposite value
 * an equivalence candidate.  Asking for the opposite value of 'v' either
 * refutes it (a unit) or gives a second model in which every candidate
 * must have flipped too; each candidate is then tested by two searches
 * under assumptions ('v' and not 'u', then not 'v' and 'u'), and every
 * model found on the way removes the candidates it contradicts.  The
 * first equivalence found ends the variable's turn: substitution
 * ('decompose.c', run right after in the same probing round) merges
 * them, and chains of equivalences are found through the next variables.
 * Equivalences of gates with equal inputs are congruence closure's job
 * ('congruence.c'); sweeping finds those that only hold semantically, as
 * the outputs of two differently built multipliers in a miter.
 *
 * Proofs: every clause the sub-solver learns is a RUP clause over the
 * environment and the clauses learned before, so it goes to the proof as
 * it is learned; then the refuted assumptions are RUP too and the units
 * and binary clauses are added; the learned clauses are deleted from the
 * proof when the environment is left (learned units stay: they are
 * units of the formula).  For LRAT the sub-solver gives the hints of
 * each clause in terms of the identifiers it was loaded with (those of
 * the solver's clauses; a clause shortened by a unit of this round is
 * added as a lemma first, its unit and the clause its hints).
 *
 * The round runs in dense mode (occurrence lists) in each probing round
 * ('probe.c') the delay lets through; units and equivalences found are
 * added after leaving it.  Variables are swept round-robin across rounds
 * ('sweep_next').
 *
 * Tuning (options 'sweep*'): the environment limits are Kissat's
 * (depth 2, 1024 clauses, 256 variables); a round may spend
 * 'sweepeffort' per mille of the search ticks since the last round (at
 * least 'sweepmineffort' thousand), one sub-solver search at most
 * 'sweepsearcheffort' ticks; when rounds run follows the schedule's
 * rule for every technique ('SCHEDULED_TECHNIQUES': a round that finds
 * nothing doubles the probing rounds the next one sits out, up to 32,
 * one that finds something halves them).  Figures: bench/RESULTS.md. */

#include "internal.h"
#include "subsolver.h"

/* clang-format off */
#define SWEEP_STACKS(X, P) \
  X (P, unsigneds, vars)         /* local index -> solver variable */ \
  X (P, unsigneds, depths)       /* per local index */ \
  X (P, unsigneds, clause)       /* the clause being loaded (local) */ \
  X (P, unsigneds, proof)        /* learned clauses: size, literals */ \
  X (P, unsigneds, units)        /* found this round */ \
  X (P, unsigneds, equivalences) /* pairs (a, b): a = b */ \
  X (P, unsigneds, candidates)   /* local variables */ \
  X (P, unsigneds, global)       /* a clause in the solver's literals */ \
  X (P, uint64s, hints)          /* of the first half of an equivalence */
/* clang-format on */

typedef struct sweeper {
  subsolver *sub;
  unsigned *local;      /* per solver variable: local index or INVALID */
  bool *expanded;       /* per solver variable: its clauses are loaded */
  bool *done;           /* per solver variable: found this round */
  signed char *fixed;   /* per solver literal: units found this round */
  signed char *model;   /* per local literal, the first model */
  bool *untried;        /* per local literal: a candidate not tested */
  size_t vars_size, model_size;
  unsigned clauses;     /* in the environment */
  unsigned depth_limit; /* of the environments of this round */
  bool inconsistent;
  uint64_t ticks, budget; /* spent in this round, its limit */
  DECLARE_STACKS (SWEEP_STACKS)
} sweeper;

void es_release_sweeper (einsat *solver) {
  sweeper *S = solver->sweeper;
  if (!S)
    return;
  es_sub_delete (S->sub);
  DELETE_ARRAY (S->local, S->vars_size);
  DELETE_ARRAY (S->expanded, S->vars_size);
  DELETE_ARRAY (S->done, S->vars_size);
  DELETE_ARRAY (S->fixed, 2 * S->vars_size);
  DELETE_ARRAY (S->model, S->model_size);
  DELETE_ARRAY (S->untried, S->model_size);
  RELEASE_STACKS (SWEEP_STACKS, S);
  DELETE_ARRAY (solver->sweeper, 1);
}

static sweeper *new_sweeper (einsat *solver) {
  sweeper *S = NEW_ARRAY (solver->sweeper, 1);
  S->vars_size = solver->vars;
  NEW_ARRAY (S->local, S->vars_size);
  NEW_ARRAY (S->expanded, S->vars_size);
  NEW_ARRAY (S->done, S->vars_size);
  NEW_ARRAY (S->fixed, 2 * S->vars_size);
  for (size_t idx = 0; idx < S->vars_size; idx++)
    S->local[idx] = INVALID;
  S->sub = es_sub_new (solver);
  return S;
}

/*------------------------------------------------------------------------*/
/* The proof: learned clauses in the solver's literals. */

/* Adds a lemma with the LRAT hints given; returns its identifier (0
 * without LRAT). */
static uint64_t add_lemma (einsat *solver, size_t size, const unsigned *lits,
                           size_t hints, const uint64_t *hint) {
  if (!solver->lrat) {
    es_proof_add (solver, size, lits);
    return 0;
  }
  CLEAR_STACK (solver->lrat_chain);
  for (size_t i = 0; i < hints; i++)
    PUSH_STACK (solver->lrat_chain, hint[i]);
  es_proof_add (solver, size, lits);
  return solver->clause_id;
}

/* A lemma to delete when the environment is left. */
static void save_lemma (einsat *solver, sweeper *S, uint64_t id,
                        size_t size, const unsigned *lits) {
  PUSH_STACK (S->proof, (unsigned) size);
  PUSH_STACK (S->proof, (unsigned) id);
  PUSH_STACK (S->proof, (unsigned) (id >> 32));
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (S->proof, lits[i]);
}

static uint64_t learned_clause (void *data, size_t size,
                                const unsigned *lits, size_t hints,
                                const uint64_t *hint) {
  einsat *solver = data;
  sweeper *S = solver->sweeper;
  CLEAR_STACK (S->clause);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (S->clause, LIT (PEEK_STACK (S->vars, IDX (lits[i]))) ^
                               (lits[i] & 1));
  uint64_t id = add_lemma (solver, size, S->clause.begin, hints, hint);
  if (!size)
    S->inconsistent = true;
  else if (size == 1) {
    unsigned unit = S->clause.begin[0];
    if (!S->fixed[unit]) {
      S->fixed[unit] = 1, S->fixed[NOT (unit)] = -1;
      S->done[IDX (unit)] = true;
      PUSH_STACK (S->units, unit);
    }
  } else
    save_lemma (solver, S, id, size, S->clause.begin);
  return id;
}

static void delete_learned_clauses (einsat *solver, sweeper *S) {
  for (const unsigned *p = S->proof.begin; p != S->proof.end; p += 3 + *p) {
    uint64_t id = p[1] | (uint64_t) p[2] << 32;
    es_proof_delete_lemma (solver, id, *p, p + 3);
  }
  CLEAR_STACK (S->proof);
}

/*------------------------------------------------------------------------*/
/* The environment. */

static signed char value_now (einsat *solver, sweeper *S, unsigned lit) {
  signed char value = VALUE (lit);
  return value ? value : S->fixed[lit];
}

static void add_local (einsat *solver, sweeper *S, unsigned idx,
                       unsigned depth) {
  S->local[idx] = (unsigned) SIZE_STACK (S->vars);
  PUSH_STACK (S->vars, idx);
  PUSH_STACK (S->depths, depth);
}

static unsigned global_literal (sweeper *S, unsigned local_lit) {
  return LIT (PEEK_STACK (S->vars, IDX (local_lit))) ^ (local_lit & 1);
}

/* The identifier of a clause of the solver ('c', or the binary clause
 * 'lits' if 'c' is 0) without the literals false by units of this round:
 * with LRAT such a clause is added as a lemma first (and deleted with
 * the learned clauses), the units and the clause its hints. */
static uint64_t loaded_clause_id (einsat *solver, sweeper *S, clause *c,
                                  const unsigned *lits) {
  if (!solver->lrat)
    return 0;
  uint64_t id =
      c ? es_clause_id (solver, c) : es_lrat_binary_id (solver, lits[0],
                                                        lits[1]);
  size_t size = c ? c->size : 2;
  if (SIZE_STACK (S->clause) == size)
    return id;
  CLEAR_STACK (solver->lrat_chain);
  for (size_t i = 0; i < size; i++)
    if (S->fixed[lits[i]] < 0)
      PUSH_STACK (solver->lrat_chain, es_lrat_unit_id (solver, IDX (lits[i])));
  PUSH_STACK (solver->lrat_chain, id);
  CLEAR_STACK (S->global);
  for (all_stack (unsigned, local_lit, S->clause))
    PUSH_STACK (S->global, global_literal (S, local_lit));
  es_proof_add (solver, SIZE_STACK (S->global), S->global.begin);
  id = solver->clause_id;
  if (!EMPTY_STACK (S->global))
    save_lemma (solver, S, id, SIZE_STACK (S->global), S->global.begin);
  return id;
}

/* Loads the clause unless it is satisfied, would bring in more than the
 * variables allowed or was loaded from an expanded variable before;
 * false literals (units of this round) are left out.  'c' is 0 for a
 * binary clause. */
static void load_clause (einsat *solver, sweeper *S, clause *c,
                         unsigned size, const unsigned *lits,
                         unsigned expanding, unsigned depth) {
  unsigned new_vars = 0;
  S->ticks++;
  for (unsigned i = 0; i < size; i++) {
    unsigned lit = lits[i], idx = IDX (lit);
    if (idx != expanding && S->expanded[idx])
      return;
    if (value_now (solver, S, lit) > 0)
      return;
    new_vars += S->local[idx] == INVALID;
  }
  if (SIZE_STACK (S->vars) + new_vars > (size_t) GET_OPTION (sweepvars))
    return;
  CLEAR_STACK (S->clause);
  for (unsigned i = 0; i < size; i++) {
    unsigned lit = lits[i], idx = IDX (lit);
    if (value_now (solver, S, lit) < 0)
      continue;
    if (S->local[idx] == INVALID)
      add_local (solver, S, idx, depth + 1);
    PUSH_STACK (S->clause, LIT (S->local[idx]) ^ (lit & 1));
  }
  uint64_t id = loaded_clause_id (solver, S, c, lits);
  if (EMPTY_STACK (S->clause)) { /* false by units of this round */
    if (!solver->lrat)
      es_proof_add (solver, 0, 0);
    S->inconsistent = true;
    return;
  }
  es_sub_clause (S->sub, SIZE_STACK (S->clause), S->clause.begin, id);
  S->clauses++;
}

static bool full (einsat *solver, sweeper *S) {
  return S->clauses >= (unsigned) GET_OPTION (sweepclauses);
}

static void expand_variable (einsat *solver, sweeper *S, unsigned idx,
                             unsigned depth) {
  S->expanded[idx] = true;
  for (unsigned sign = 0; sign < 2 && !full (solver, S); sign++) {
    unsigned lit = LIT (idx) ^ sign;
    for (all_watches (w, WATCHES (lit))) {
      if (full (solver, S))
        break;
      if (IS_BINARY (w)) {
        if (w.ref == IRREDUNDANT_BINARY) {
          unsigned lits[2] = {lit, w.blit};
          load_clause (solver, S, 0, 2, lits, idx, depth);
        }
        continue;
      }
      clause *c = CLAUSE (w.ref);
      if (!c->garbage && !c->redundant)
        load_clause (solver, S, c, c->size, c->lits, idx, depth);
    }
  }
}

/* Breadth first from 'root' (the sub-solver's variable 0). */
static void load_environment (einsat *solver, sweeper *S, unsigned root) {
  CLEAR_STACK (S->vars);
  CLEAR_STACK (S->depths);
  S->clauses = 0;
  add_local (solver, S, root, 0);
  /* The number of variables is known only after loading, so the
   * sub-solver gets the maximum and decides among the loaded ones. */
  es_sub_begin (S->sub, (unsigned) GET_OPTION (sweepvars), learned_clause,
                solver);
  unsigned depth_limit = S->depth_limit;
  for (size_t i = 0; i < SIZE_STACK (S->vars) && !full (solver, S); i++) {
    unsigned depth = PEEK_STACK (S->depths, i);
    if (depth >= depth_limit)
      break;
    expand_variable (solver, S, PEEK_STACK (S->vars, i), depth);
  }
}

static void unload_environment (einsat *solver, sweeper *S) {
  for (all_stack (unsigned, idx, S->vars)) {
    S->local[idx] = INVALID;
    S->expanded[idx] = false;
  }
  delete_learned_clauses (solver, S);
}

/*------------------------------------------------------------------------*/
/* The questions. */

static int solve (einsat *solver, sweeper *S, size_t assumed,
                  const unsigned *assumptions) {
  uint64_t before = es_sub_ticks (S->sub);
  INC (sweep_searches);
  int res = es_sub_solve (S->sub, assumed, assumptions,
                          (uint64_t) GET_OPTION (sweepsearcheffort));
  S->ticks += es_sub_ticks (S->sub) - before;
  if (res == SUB_UNKNOWN)
    INC (sweep_unknown);
  return res;
}

static void save_model (einsat *solver, sweeper *S) {
  size_t lits = 2 * SIZE_STACK (S->vars);
  if (lits > S->model_size) {
    DELETE_ARRAY (S->model, S->model_size);
    DELETE_ARRAY (S->untried, S->model_size);
    NEW_ARRAY (S->model, lits);
    NEW_ARRAY (S->untried, lits);
    S->model_size = lits;
  }
  for (size_t lit = 0; lit < lits; lit++)
    S->model[lit] = es_sub_value (S->sub, (unsigned) lit);
}

/* The literal of local variable 'local' with the value of 'root' in the
 * first model. */
static unsigned partner (sweeper *S, unsigned root, unsigned local) {
  return LIT (local) ^ (S->model[LIT (local)] != S->model[root]);
}

/* Drops the candidates whose relation to 'root' in the current model is
 * not the one of the first model. */
static void refine_candidates (sweeper *S, unsigned root) {
  signed char root_value = es_sub_value (S->sub, root);
  for (all_stack (unsigned, local, S->candidates))
    if (es_sub_value (S->sub, partner (S, root, local)) != root_value)
      S->untried[local] = false;
}

/* The two binary clauses of 'a = b', the first with the hints saved in
 * 'hints', the second with those of the last search. */
static void add_equivalence (einsat *solver, sweeper *S, unsigned a,
                             unsigned b) {
  unsigned lits[2] = {NOT (a), b};
  add_lemma (solver, 2, lits, SIZE_STACK (S->hints), S->hints.begin);
  lits[0] = a, lits[1] = NOT (b);
  size_t hints, failed;
  const uint64_t *hint = es_sub_hints (S->sub, &hints, &failed);
  add_lemma (solver, 2, lits, hints, hint);
  PUSH_STACK (S->equivalences, a);
  PUSH_STACK (S->equivalences, b);
  S->done[IDX (a)] = S->done[IDX (b)] = true;
  INC (sweep_equivalences);
}

/* Returns true if 'root' and 'other' (local literals) are equivalent. */
static bool equivalent (einsat *solver, sweeper *S, unsigned root,
                        unsigned other) {
  unsigned assumptions[2] = {root, NOT (other)};
  for (unsigned direction = 0; direction < 2; direction++) {
    int res = solve (solver, S, 2, assumptions);
    if (res == SUB_SATISFIABLE)
      refine_candidates (S, root);
    if (res != SUB_UNSATISFIABLE || S->inconsistent)
      return false;
    if (!direction) {
      size_t hints, failed;
      const uint64_t *hint = es_sub_hints (S->sub, &hints, &failed);
      CLEAR_STACK (S->hints);
      for (size_t i = 0; i < hints; i++)
        PUSH_STACK (S->hints, hint[i]);
    }
    assumptions[0] = NOT (root), assumptions[1] = other;
  }
  return true;
}

/* Tests the candidates nearest first (in the order they were loaded)
 * until one is equivalent to 'root'. */
static void find_equivalence (einsat *solver, sweeper *S, unsigned root) {
  unsigned global_root = global_literal (S, root);
  for (all_stack (unsigned, local, S->candidates)) {
    if (S->inconsistent || S->ticks >= S->budget ||
        S->fixed[global_root])
      return;
    if (!S->untried[local])
      continue;
    S->untried[local] = false;
    unsigned other = partner (S, root, local);
    if (S->done[IDX (global_literal (S, other))])
      continue;
    if (equivalent (solver, S, root, other)) {
      add_equivalence (solver, S, global_root, global_literal (S, other));
      return;
    }
  }
}

static void sweep_variable (einsat *solver, sweeper *S, unsigned idx) {
  INC (sweep_variables);
  load_environment (solver, S, idx);
  if (SIZE_STACK (S->vars) < 2 || solve (solver, S, 0, 0) != SUB_SATISFIABLE)
    return;
  save_model (solver, S);
  unsigned root = LIT (0) ^ (S->model[LIT (0)] < 0);
  unsigned flipped = NOT (root);
  int res = solve (solver, S, 1, &flipped);
  if (res == SUB_UNSATISFIABLE && !S->inconsistent) {
    unsigned unit = global_literal (S, root);
    if (!S->fixed[unit]) { /* else learned as a unit already */
      size_t hints, failed;
      const uint64_t *hint = es_sub_hints (S->sub, &hints, &failed);
      add_lemma (solver, 1, &unit, hints, hint);
      S->fixed[unit] = 1, S->fixed[NOT (unit)] = -1;
      PUSH_STACK (S->units, unit);
    }
    S->done[idx] = true;
    return;
  }
  if (res != SUB_SATISFIABLE)
    return;
  CLEAR_STACK (S->candidates);
  for (unsigned local = 1; local < SIZE_STACK (S->vars); local++) {
    bool is_candidate = es_sub_value (S->sub, partner (S, root, local)) ==
                     es_sub_value (S->sub, root);
    S->untried[local] = is_candidate;
    if (is_candidate)
      PUSH_STACK (S->candidates, local);
  }
  find_equivalence (solver, S, root);
}

/*------------------------------------------------------------------------*/
/* The round. */

static bool sweepable (einsat *solver, sweeper *S, unsigned idx) {
  return FLAGS (idx)->active && !VALUE (LIT (idx)) && !S->done[idx] &&
         !S->fixed[LIT (idx)];
}

static void sweep_variables (einsat *solver, sweeper *S) {
  unsigned vars = solver->vars;
  unsigned idx = solver->sweep_next < vars ? solver->sweep_next : 0;
  for (unsigned count = 0; count < vars; count++) {
    if (S->ticks >= S->budget || S->inconsistent || es_terminating (solver))
      break;
    if (sweepable (solver, S, idx)) {
      sweep_variable (solver, S, idx);
      unload_environment (solver, S);
    }
    if (++idx == vars) {
      idx = 0;
      INC (sweep_completed);
    }
  }
  solver->sweep_next = idx;
}

static uint64_t unit_hint (einsat *solver, unsigned lit) {
  return solver->lrat ? es_lrat_unit_id (solver, IDX (lit)) : 0;
}

/* A clause found by the round, simplified by the root level: satisfied
 * ones are dropped, a unit is assigned (implied by unit propagation). */
static void add_found_clause (einsat *solver, unsigned a, unsigned b) {
  signed char va = VALUE (a), vb = VALUE (b);
  if (va > 0 || vb > 0 || solver->inconsistent)
    return;
  if (!va && !vb) {
    if (!es_has_irredundant_binary (solver, a, b))
      es_new_binary (solver, false, a, b);
    return;
  }
  unsigned unit = va ? b : a, other = va ? a : b;
  uint64_t hint[3] = {unit_hint (solver, other), 0, 0};
  if (solver->lrat)
    hint[1] = es_lrat_binary_id (solver, a, b);
  if (!VALUE (unit)) {
    add_lemma (solver, 1, &unit, 2, hint);
    es_assign_unit (solver, unit);
    es_propagate_root (solver);
  } else {
    hint[2] = unit_hint (solver, unit);
    add_lemma (solver, 0, 0, 3, hint);
    solver->inconsistent = true;
  }
}

static void add_found (einsat *solver, sweeper *S) {
  for (all_stack (unsigned, unit, S->units)) {
    assert (VALUE (unit) >= 0); /* only active variables were swept */
    if (!VALUE (unit))
      es_assign_unit (solver, unit);
  }
  if (!es_propagate_root (solver))
    return;
  for (const unsigned *p = S->equivalences.begin;
       p != S->equivalences.end; p += 2) {
    add_found_clause (solver, NOT (p[0]), p[1]);
    add_found_clause (solver, p[0], NOT (p[1]));
  }
}

static bool sweep_round (einsat *solver) {
  uint64_t budget = es_effort_budget (solver, solver->last.ticks.sweep,
                                      GET_OPTION (sweepeffort),
                                      GET_OPTION (sweepmineffort));
  INC (sweep_rounds);
  uint64_t before = STAT (sweep_units) + STAT (sweep_equivalences);
  sweeper *S = new_sweeper (solver);
  S->budget = budget;
  uint64_t depth = (uint64_t) GET_OPTION (sweepdepth) + STAT (sweep_completed);
  uint64_t max_depth = (uint64_t) GET_OPTION (sweepmaxdepth);
  S->depth_limit = (unsigned) (depth < max_depth ? depth : max_depth);
  es_enter_dense_mode (solver);
  sweep_variables (solver, S);
  es_leave_dense_mode (solver);
  if (S->inconsistent)
    solver->inconsistent = true; /* the empty clause is in the proof */
  else
    add_found (solver, S);
  STAT (sweep_units) += SIZE_STACK (S->units);
  es_release_sweeper (solver);
  solver->last.ticks.sweep = STAT (ticks);
  return STAT (sweep_units) + STAT (sweep_equivalences) > before;
}

/* Returns true if it found units or equivalences: substitution should
 * run.  Not with LRAT (see above). */
bool es_sweep (einsat *solver) {
  if (!ENABLED (sweep) || solver->inconsistent)
    return false;
  if (!es_round_begins (solver, TECHNIQUE_sweep, &solver->last.ticks.sweep))
    return false;
  if (!es_clean_root (solver)) {
    es_round_ends (solver, TECHNIQUE_sweep);
    return false;
  }
  bool found = sweep_round (solver);
  es_round_ends (solver, TECHNIQUE_sweep);
  if (GET_OPTION (verbose) > 1 || found)
    es_report (solver, 's');
  return found && !solver->inconsistent;
}
